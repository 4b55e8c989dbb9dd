// Optional parameters: `Option<T>` (not an op's `Optional<T>`, not
// nested), inside an optional group only with its anchor `^`, every
// parameter of a group optional, one anchor, no nested group, and no
// comma literal after a `struct` with optional members; a default only on
// a parameter that is always there and of the parameter's value type.
use mlir_pass::dialect::ods::{Optional, Variadic};
use mlir_pass::dialect::{mlir_dialect, mlir_type};

#[mlir_dialect(name = "calc")]
pub struct CalcDialect;

#[mlir_type(dialect = CalcDialect, name = "ods_optional", format = "`<` $width `>`")]
pub struct OdsOptionalType {
    #[param]
    width: Optional<u32>,
}

#[mlir_type(dialect = CalcDialect, name = "nested")]
pub struct NestedType {
    #[param]
    width: Option<Option<u32>>,
}

#[mlir_type(dialect = CalcDialect, name = "no_anchor", format = "`<` $a (`,` $b)? `>`")]
pub struct NoAnchorType {
    #[param]
    a: u32,
    #[param]
    b: Option<u32>,
}

#[mlir_type(dialect = CalcDialect, name = "required", format = "`<` (`,` $a^)? `>`")]
pub struct RequiredType {
    #[param]
    a: u32,
}

#[mlir_type(
    dialect = CalcDialect,
    name = "two_anchors",
    format = "`<` (`(` $a^ `)`) : (`,` $b^)? `>`"
)]
pub struct TwoAnchorsType {
    #[param]
    a: Option<u32>,
    #[param]
    b: Option<u32>,
}

#[mlir_type(dialect = CalcDialect, name = "anchor_outside", format = "`<` $a^ `>`")]
pub struct AnchorOutsideType {
    #[param]
    a: Option<u32>,
}

#[mlir_type(
    dialect = CalcDialect,
    name = "struct_comma",
    format = "`<` struct($a, $b) `,` $c `>`"
)]
pub struct StructCommaType {
    #[param]
    a: Option<u32>,
    #[param]
    b: u32,
    #[param]
    c: u32,
}

#[mlir_type(dialect = CalcDialect, name = "defaults")]
pub struct DefaultsType {
    #[param(default = Some(1))]
    a: Option<u32>,
    #[param(default = 2)]
    b: Variadic<u32>,
}

#[mlir_type(dialect = CalcDialect, name = "default_key")]
pub struct DefaultKeyType {
    #[param(deflt = 1)]
    a: u32,
}

#[mlir_type(dialect = CalcDialect, name = "default_type")]
pub struct DefaultTypeType {
    #[param(default = "one")]
    a: u32,
}

#[mlir_type(dialect = CalcDialect, name = "variadic_option")]
pub struct VariadicOptionType {
    #[param]
    a: Variadic<Option<u32>>,
}

// `f64` is read only when it is there: an `Option<f64>` read where the
// input may leave it out is refused; after a literal in a group it is not.
#[mlir_type(dialect = CalcDialect, name = "float_alone", format = "`<` ($f^)? `>`")]
pub struct FloatAloneType {
    #[param]
    f: Option<f64>,
}

#[mlir_type(dialect = CalcDialect, name = "float_after", format = "`<` (`=` $f^)? `>`")]
pub struct FloatAfterType {
    #[param]
    f: Option<f64>,
}

fn main() {}
