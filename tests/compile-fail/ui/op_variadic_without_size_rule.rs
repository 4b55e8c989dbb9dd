// Two operand groups of unknown size need AttrSizedOperandSegments.
use mlir_pass::dialect::ods::{AnyType, Optional, Variadic};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "concat")]
pub struct ConcatOp {
    #[operand]
    lhs: Variadic<AnyType>,
    #[operand]
    rhs: Variadic<AnyType>,
    #[result]
    output: AnyType,
}

// With the trait, the sizes are stored in the op.
#[mlir_op(dialect = ToyDialect, name = "concat_sized", traits = [AttrSizedOperandSegments])]
pub struct ConcatSizedOp {
    #[operand]
    lhs: Variadic<AnyType>,
    #[operand]
    rhs: Optional<AnyType>,
    #[result]
    output: AnyType,
}

fn main() {}
