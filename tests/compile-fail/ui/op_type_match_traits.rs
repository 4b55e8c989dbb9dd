// The traits that relate the op's parts (ODS's AllTypesMatch,
// TypesMatchWith...) name single operands and results (or, for types,
// attributes) of the op: a missing or misspelt name, a variadic, a region,
// too few names, a bad transform or summary are errors at the token.
use mlir_pass::dialect::ods::{AnyRegion, AnyType, I64Attr, Variadic};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "t")]
pub struct TDialect;

#[mlir_op(
    dialect = TDialect,
    name = "a",
    traits = [
        AllTypesMatch(lhs, rhss, result),
        AllShapesMatch(lhs, n),
        AllRanksMatch(lhs),
        AllElementTypesMatch(lhs, many, body),
        AllTypesMatch,
        AllTypesMatch(lhs, lhs),
        AllTypesMatch(lhs, "rhs"),
    ]
)]
pub struct AOp {
    #[operand]
    lhs: AnyType,
    #[operand]
    rhs: AnyType,
    #[operand]
    many: Variadic<AnyType>,
    #[attr]
    n: I64Attr,
    #[region]
    body: AnyRegion,
    #[result]
    result: AnyType,
}

#[mlir_op(
    dialect = TDialect,
    name = "b",
    traits = [
        TypesMatchWith("result is the element type", input, result, ElementTyp),
        TypesMatchWith(input, result, ElementType),
        TypesMatchWith(5, input, result, ElementType),
        TypesMatchWith("x", input, input, Identity),
        TypesMatchWith("x", input, n, Identity),
    ]
)]
pub struct BOp {
    #[operand]
    input: AnyType,
    #[attr]
    n: I64Attr,
    #[result]
    result: AnyType,
}

fn main() {}
