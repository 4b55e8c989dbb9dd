// `InferIntRangeInterface` takes no parentheses, or one key,
// `from_optional`, without a value, on an op with results or regions.
// Anything else is an error at the key that says what to write.
use mlir_pass::dialect::ods::{Index, I64};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "empty", interfaces = [InferIntRangeInterface()])]
pub struct EmptyOp {
    #[result]
    output: Index,
}

#[mlir_op(dialect = ToyDialect, name = "unknown", interfaces = [InferIntRangeInterface(optional)])]
pub struct UnknownOp {
    #[result]
    output: Index,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "known",
    interfaces = [InferIntRangeInterface(inferResultRanges)]
)]
pub struct KnownOp {
    #[result]
    output: Index,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "valued",
    interfaces = [InferIntRangeInterface(from_optional = output, from_optional)]
)]
pub struct ValuedOp {
    #[result]
    output: Index,
}

#[mlir_op(dialect = ToyDialect, name = "sink", interfaces = [InferIntRangeInterface])]
pub struct SinkOp {
    #[operand]
    input: I64,
}

fn main() {}
