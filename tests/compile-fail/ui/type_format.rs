// A type's format: literals in backticks, `$param`, `params`,
// `struct(...)`; every parameter once; a variadic one only through
// `params`, never in `struct(...)`, which takes its members in
// parentheses.
use mlir_pass::dialect::ods::Variadic;
use mlir_pass::dialect::{mlir_dialect, mlir_type, TypeParam};

#[mlir_dialect(name = "calc")]
pub struct CalcDialect;

#[mlir_type(dialect = CalcDialect, name = "fixed", format = "< $width >")]
pub struct FixedType {
    #[param]
    width: u32,
}

#[mlir_type(dialect = CalcDialect, name = "tuple", format = "`<` $elements `>`")]
pub struct TupleType {
    #[param]
    elements: Variadic<TypeParam>,
}

#[mlir_type(dialect = CalcDialect, name = "pair", format = "`<` params `,` $second `>`")]
pub struct PairType {
    #[param]
    first: TypeParam,
    #[param]
    second: TypeParam,
}

#[mlir_type(dialect = CalcDialect, name = "spaced", format = "`<` ` ` $width `>`")]
pub struct SpacedType {
    #[param]
    width: u32,
}

#[mlir_type(dialect = CalcDialect, name = "tile", format = "`<` struct($rows, $rows) `>`")]
pub struct TileType {
    #[param]
    rows: u32,
}

#[mlir_type(dialect = CalcDialect, name = "grid", format = "`<` struct $rows `>`")]
pub struct GridType {
    #[param]
    rows: u32,
}

#[mlir_type(dialect = CalcDialect, name = "bag", format = "`<` struct(params) `>`")]
pub struct BagType {
    #[param]
    size: u32,
    #[param]
    items: Variadic<TypeParam>,
}

fn main() {}
