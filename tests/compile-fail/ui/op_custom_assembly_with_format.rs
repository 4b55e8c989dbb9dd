// `custom_assembly` and `format` both give the op's syntax: one of them.
use mlir_pass::dialect::ods::F64Tensor;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(
    dialect = ToyDialect,
    name = "print",
    format = "$input attr-dict `:` type($input)",
    custom_assembly
)]
pub struct PrintOp {
    #[operand]
    input: F64Tensor,
}

fn main() {}
