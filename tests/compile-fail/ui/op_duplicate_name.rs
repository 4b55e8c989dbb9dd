// Two ops of one dialect with the same name, in one module: an error at
// the second name that names both ops (the runtime refuses the same across
// modules when the dialect is registered). Names that differ only by a dot
// (`vector.load`, `vector__load`) are two names.
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

#[mlir_op(dialect = ToyDialect, name = "vector.load")]
pub struct DottedOp {
    #[operand]
    input: AnyType,
}

#[mlir_op(dialect = ToyDialect, name = "vector__load")]
pub struct UnderscoredOp {
    #[operand]
    input: AnyType,
}

fn main() {}
