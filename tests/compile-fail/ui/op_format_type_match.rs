// A format may leave out a type that AllTypesMatch or TypesMatchWith
// derives from one it gives (as ODS's); only from one it gives.
use mlir_pass::dialect::ods::AnyType;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "t")]
pub struct TDialect;

// Fine: the result's type gives the operands'.
#[mlir_op(
    dialect = TDialect,
    name = "ok",
    traits = [AllTypesMatch(lhs, rhs, result)],
    format = "$lhs `,` $rhs attr-dict `:` type($result)"
)]
pub struct OkOp {
    #[operand]
    lhs: AnyType,
    #[operand]
    rhs: AnyType,
    #[result]
    result: AnyType,
}

// `rhs` is not in the match, so its type is still missing.
#[mlir_op(
    dialect = TDialect,
    name = "partial",
    traits = [AllTypesMatch(lhs, result)],
    format = "$lhs `,` $rhs attr-dict `:` type($result)"
)]
pub struct PartialOp {
    #[operand]
    lhs: AnyType,
    #[operand]
    rhs: AnyType,
    #[result]
    result: AnyType,
}

// TypesMatchWith derives `rhs` from `lhs`, not the other way.
#[mlir_op(
    dialect = TDialect,
    name = "backwards",
    traits = [TypesMatchWith("x", input, result, ElementType)],
    format = "$input attr-dict `:` type($result)"
)]
pub struct BackwardsOp {
    #[operand]
    input: AnyType,
    #[result]
    result: AnyType,
}

fn main() {}
