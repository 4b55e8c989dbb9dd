// Two ops of one dialect with the same name, in one module, collide at
// their names (the runtime also refuses them at registration).
use mlir_pass::dialect::ods::AnyType;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "print")]
pub struct PrintOp {
    #[operand]
    input: AnyType,
}

#[mlir_op(dialect = ToyDialect, name = "print")]
pub struct PrintTwiceOp {
    #[operand]
    input: AnyType,
}

fn main() {}
