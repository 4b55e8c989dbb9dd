// A format naming something that is not a part of the op is an error at
// the format, with a "did you mean".
use mlir_pass::dialect::ods::F64Tensor;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(
    dialect = ToyDialect,
    name = "transpose",
    format = "$inptu attr-dict `:` type($input) `to` type($output)"
)]
pub struct TransposeOp {
    #[operand]
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

fn main() {}
