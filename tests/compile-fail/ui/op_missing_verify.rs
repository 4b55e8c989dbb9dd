// `verifier`, `folder`, ... ask for a method on the op: without one, or with
// the wrong type, the error is at the key.
use mlir_pass::dialect::ods::F64Tensor;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "transpose", verifier, folder, canonicalizer)]
pub struct TransposeOp {
    #[operand]
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

impl TransposeOp<'_> {
    // The wrong return type.
    fn fold(&self, _operands: &[Option<mlir_pass::melior::ir::Attribute<'_>>]) -> bool {
        false
    }
}

fn main() {}
