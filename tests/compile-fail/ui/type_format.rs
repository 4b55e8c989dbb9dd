// A type's format: literals in backticks, `$param`, `params`; every
// parameter once; a variadic one only through `params`.
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

fn main() {}
