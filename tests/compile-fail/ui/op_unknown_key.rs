// An unknown key is an error at the key, with a "did you mean".
use mlir_pass::dialect::ods::F64Tensor;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "transpose", hasVerifier, colour = "red")]
pub struct TransposeOp {
    #[operand]
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

fn main() {}
