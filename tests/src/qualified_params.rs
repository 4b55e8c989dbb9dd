//! `qualified($p)` in parameter formats (ODS's `qualified` directive): the
//! `rqal` dialect's attributes have the parameters and formats of MLIR's
//! test dialect's `#test.cmpnd_a`, `#test.cmpnd_nested_inner`,
//! `#test.cmpnd_nested_outer` and `#test.cmpnd_nested_outer_qual`, which
//! the stock `mlir-opt` registers, so that the tests compare the two byte
//! for byte: an attribute of a Rust dialect as another's parameter is
//! written without its name (`<42 <1, i32, [5]>>`), and with it under
//! `qualified(...)` (`#rqal.cmpnd_nested_inner<42 <1, i32, [5]>>`).

use mlir_pass::dialect::ods::Variadic;
use mlir_pass::dialect::{mlir_attr, mlir_dialect, AsmParser, AsmPrinter, ParseError, TypeParam};

/// Attributes nesting attributes.
#[mlir_dialect(name = "rqal")]
pub struct RQualDialect;

/// `#rqal.cmpnd_a<1, i32, [5, 6]>`, written by hand as the test
/// dialect's `CompoundAAttr` is.
#[mlir_attr(dialect = RQualDialect, name = "cmpnd_a", custom_assembly)]
pub struct CompoundAAttr {
    /// A width.
    #[param]
    width_of_something: i32,
    /// A type.
    #[param]
    one_type: TypeParam,
    /// Integers, in square brackets.
    #[param]
    array_of_ints: Variadic<i32>,
}

impl<'c> CompoundAAttr<'c> {
    fn parse(parser: &mut AsmParser<'c>) -> Result<Self, ParseError> {
        parser.literal("<")?;
        let width = parser.integer::<i32>()?;
        parser.literal(",")?;
        let ty = parser.r#type()?;
        parser.literal(",")?;
        parser.literal("[")?;
        let mut ints = Vec::new();
        while let Some(value) = parser.optional_integer::<i32>()? {
            ints.push(value);
            if !parser.optional_literal(",")? {
                break;
            }
        }
        parser.literal("]")?;
        parser.literal(">")?;
        Self::get(parser.context(), width, ty, &ints).map_err(|e| parser.error(&e))
    }

    fn print(&self, printer: &mut AsmPrinter<'_>) {
        let ints: Vec<String> = self.array_of_ints().iter().map(i32::to_string).collect();
        printer
            .text("<")
            .integer(self.width_of_something())
            .text(", ")
            .r#type(self.one_type())
            .text(", [")
            .text(&ints.join(", "))
            .text("]>");
    }
}

/// `#rqal.cmpnd_nested_inner<42 <1, i32, [5]>>`: the inner attribute
/// without its name.
#[mlir_attr(
    dialect = RQualDialect,
    name = "cmpnd_nested_inner",
    format = "`<` $some_int $cmpd_a `>`"
)]
pub struct CompoundNestedInnerAttr {
    /// An integer.
    #[param]
    some_int: i32,
    /// The nested attribute.
    #[param]
    cmpd_a: CompoundAAttr<'static>,
}

/// `#rqal.cmpnd_nested_outer<i <42 <1, i32, [5]>>>`.
#[mlir_attr(
    dialect = RQualDialect,
    name = "cmpnd_nested_outer",
    format = "`<` `i`  $inner `>`"
)]
pub struct CompoundNestedOuterAttr {
    /// The nested attribute, without its name.
    #[param]
    inner: CompoundNestedInnerAttr<'static>,
}

/// `#rqal.cmpnd_nested_outer_qual<i #rqal.cmpnd_nested_inner<42 <1, i32, [5]>>>`.
#[mlir_attr(
    dialect = RQualDialect,
    name = "cmpnd_nested_outer_qual",
    format = "`<` `i`  qualified($inner) `>`"
)]
pub struct CompoundNestedOuterQualAttr {
    /// The nested attribute, with its name.
    #[param]
    inner: CompoundNestedInnerAttr<'static>,
}

/// `#rqal.qualified_type<f32>`: `qualified(...)` of a type changes
/// nothing, as in ODS (emitc's `lvalue` writes `` `<` qualified($valueType) `>` ``).
#[mlir_attr(dialect = RQualDialect, name = "qualified_type", format = "`<` qualified($ty) `>`")]
pub struct QualifiedTypeAttr {
    /// Any type, printed in full either way.
    #[param]
    ty: TypeParam,
}

/// `#rqal.maybe_qual<1, #rqal.cmpnd_nested_inner<42 <1, i32, [5]>>>` or
/// `#rqal.maybe_qual<1>`: an optional parameter under `qualified(...)`,
/// anchoring an optional group.
#[mlir_attr(
    dialect = RQualDialect,
    name = "maybe_qual",
    format = "`<` $a (`,` qualified($b)^)? `>`"
)]
pub struct MaybeQualAttr {
    /// Always there.
    #[param]
    a: i32,
    /// Printed with its name when there.
    #[param]
    b: Option<CompoundNestedInnerAttr<'static>>,
}

/// `#rqal.qualified_number<1>`, `#rqal.qualified_number<1, 5>`:
/// `qualified(...)` of numbers changes nothing, a parameter with a default
/// included (left out at its default).
#[mlir_attr(
    dialect = RQualDialect,
    name = "qualified_number",
    format = "`<` qualified($n) (`,` qualified($d)^)? `>`"
)]
pub struct QualifiedNumberAttr {
    /// Always there.
    #[param]
    n: i32,
    /// Four unless written.
    #[param(default = 4)]
    d: i32,
}
