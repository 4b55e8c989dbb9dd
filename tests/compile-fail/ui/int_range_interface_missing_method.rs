// `InferIntRangeInterface` asks for `infer_result_ranges` on the op,
// `InferIntRangeInterface(from_optional)` for
// `infer_result_ranges_from_optional`: without one, or with the wrong
// signature, the error is at the interface's name.
use mlir_pass::dialect::ods::Index;
use mlir_pass::dialect::{mlir_dialect, mlir_op, IntRange, ResultRanges};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "missing", interfaces = [InferIntRangeInterface])]
pub struct MissingOp {
    #[result]
    output: Index,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "mistyped",
    interfaces = [InferIntRangeInterface(from_optional)]
)]
pub struct MistypedOp {
    #[result]
    output: Index,
}

impl MistypedOp<'_> {
    // Known ranges, where `from_optional` hands `Option<IntRange>`.
    fn infer_result_ranges_from_optional(&self, _args: &[IntRange], _ranges: &mut ResultRanges<'_>) {}
}

fn main() {}
