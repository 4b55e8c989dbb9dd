// An unknown trait is an error at its name, with a "did you mean" and the
// list of accepted traits.
use mlir_pass::dialect::ods::F64Tensor;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "transpose", traits = [Pur, Terminator])]
pub struct TransposeOp {
    #[operand]
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

fn main() {}
