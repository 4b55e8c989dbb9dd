// Every operand's and result's type must be given by the format (or,
// with SameOperandsAndResultType, one of them).
use mlir_pass::dialect::ods::F64Tensor;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "mul", format = "$lhs `,` $rhs attr-dict `:` type($lhs)")]
pub struct MulOp {
    #[operand]
    lhs: F64Tensor,
    #[operand]
    rhs: F64Tensor,
    #[result]
    output: F64Tensor,
}

// With the trait, one type gives them all.
#[mlir_op(
    dialect = ToyDialect,
    name = "add",
    traits = [SameOperandsAndResultType],
    format = "$lhs `,` $rhs attr-dict `:` type($output)"
)]
pub struct AddOp {
    #[operand]
    lhs: F64Tensor,
    #[operand]
    rhs: F64Tensor,
    #[result]
    output: F64Tensor,
}

fn main() {}
