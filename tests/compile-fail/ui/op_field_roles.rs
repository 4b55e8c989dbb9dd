// Each field has exactly one role.
use mlir_pass::dialect::ods::{AnyType, I64Attr};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "scale")]
pub struct ScaleOp {
    #[operand]
    #[result]
    input: AnyType,
    factor: I64Attr,
    #[operands]
    rest: AnyType,
}

fn main() {}
