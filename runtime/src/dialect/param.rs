//! What a parameter of a type or an attribute, and an op's attribute, can
//! be: [`AttrParameter`] (ODS's `AttrParameter`, its C++ type, its
//! `FieldParser` and its printer).
//!
//! Every attribute constraint of [`ods`](super::ods) is one (its value is
//! melior's typed attribute, written as an attribute: `16 : i64`), and so
//! are Rust values: the integers `i8`..`i64` and `u8`..`u64` (written as
//! a bare number, `16`), `bool` (`true`), `f64` (MLIR's float syntax),
//! `String` (a quoted string), [`TypeParam`] (a type, `f64`), enums
//! declared with `#[mlir_enum]` (a keyword, `slt`) and the attributes of
//! Rust dialects (`#[mlir_attr]`, written without their name inside a
//! format). Each is stored as an attribute, so that MLIR uniques it.

use melior::{
    ir::{
        attribute::{
            ArrayAttribute, AttributeLike, BoolAttribute, FloatAttribute, IntegerAttribute,
            StringAttribute, TypeAttribute,
        },
        r#type::IntegerType,
        Attribute, Type,
    },
    Context,
};

use super::{
    asm::ParseError,
    constraint::AttrConstraint,
    ods::AttrConstraintDef,
    syntax::{AsmParser, AsmPrinter},
};

/// A parameter of a type or an attribute, or an op's attribute: what it
/// is stored as, what Rust value it is, and how a format reads and writes
/// it (ODS's `AttrParameter` with its `FieldParser` and printer).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a parameter or an attribute",
    label = "a parameter or an attribute of this type",
    note = "use an attribute constraint of `mlir_pass::dialect::ods` (`I64Attr`, `StrAttr`, `TypeAttr`, ...), an integer (`u32`, `i64`), `bool`, `f64`, `String`, `TypeParam`, an enum declared with `#[mlir_enum]` (`Flags<E>` for a bit enum `E`), an attribute declared with `#[mlir_attr]`, or implement `AttrParameter`"
)]
pub trait AttrParameter {
    /// What the stored attribute must be.
    const CONSTRAINT: AttrConstraint;
    /// Its name in parse errors (`failed to parse ... parameter 'width'
    /// which is to be a `u32``).
    const TYPE_NAME: &'static str;
    /// What accessors return and `get`/`build` take.
    type Value<'c>: Clone;
    /// The value stored in `attr`, or `None` when `attr` is not of its
    /// kind.
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>>;
    /// The attribute that stores `value`.
    fn to_attribute<'c>(context: &'c Context, value: Self::Value<'c>) -> Attribute<'c>;
    /// Reads the parameter in its syntax and returns the attribute that
    /// stores it.
    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError>;
    /// Writes the parameter stored in `attr` in its syntax.
    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>);
    /// Writes the parameter as `qualified($p)` does (ODS's `qualified`
    /// directive): an attribute of a Rust dialect with its name
    /// (`#calc.unit<m>`) where [`print`](Self::print) leaves it out; any
    /// other parameter as `print` writes it (`qualified` changes nothing
    /// for a type, a builtin attribute or a number). Reading is the same
    /// either way: as ODS's parsers, [`parse`](Self::parse) takes an
    /// attribute with or without its name. An implementation whose `print`
    /// writes an attribute without its name overrides this to write it
    /// whole (`printer.attribute(attr)`), as `#[mlir_attr]`'s does.
    fn print_qualified(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        Self::print(attr, printer)
    }
    /// Whether the parameter may be absent: `Option<T>` (ODS's
    /// `OptionalParameter`). A format writes an absent parameter as
    /// nothing.
    const OPTIONAL: bool = false;
    /// Whether [`parse_optional`](Self::parse_optional) reads the parameter
    /// only when it is there, so that a format may read an `Option` of it
    /// where the input can leave it out (alone, first in an optional group,
    /// in `params`): the integers, `String`, `TypeParam` and the attribute
    /// constraints do; `f64`, `bool`, enums and Rust attributes are read
    /// only after a literal says they are there, as ODS has no optional
    /// parser for them either.
    const READS_OPTIONALLY: bool = false;
    /// Reads the parameter if it is there (ODS's `FieldParser` of a
    /// `std::optional`): `None`, having read nothing, when what follows is
    /// not one. By default the parameter is always there and this is
    /// [`parse`](Self::parse).
    fn parse_optional<'c>(parser: &mut AsmParser<'c>) -> Result<Option<Attribute<'c>>, ParseError> {
        Self::parse(parser).map(Some)
    }
}

/// `Option<T>` as a parameter (ODS's `OptionalParameter`): stored as an
/// array attribute of no element (`None`) or of `T`'s attribute (`Some`),
/// so that no value of `T` reads back as `None`; a format writes `None` as
/// nothing and `Some(value)` as `T` writes `value`.
impl<P: AttrParameter> AttrParameter for Option<P> {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Predicate {
        description: "an optional parameter (an array of none or one attribute)",
        predicate: optional_of::<P>,
    };
    const TYPE_NAME: &'static str = P::TYPE_NAME;
    const OPTIONAL: bool = true;
    const READS_OPTIONALLY: bool = P::READS_OPTIONALLY;
    type Value<'c> = Option<P::Value<'c>>;

    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        match optional_value(attr)? {
            None => Some(None),
            Some(value) => P::from_attribute(value).map(Some),
        }
    }

    fn to_attribute<'c>(context: &'c Context, value: Self::Value<'c>) -> Attribute<'c> {
        let values: Vec<Attribute<'c>> = value
            .map(|value| P::to_attribute(context, value))
            .into_iter()
            .collect();
        ArrayAttribute::new(context, &values).into()
    }

    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
        let context = parser.context();
        let value: Vec<Attribute<'c>> = P::parse_optional(parser)?.into_iter().collect();
        Ok(ArrayAttribute::new(context, &value).into())
    }

    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        print_optional(attr, printer, P::print);
    }

    fn parse_optional<'c>(parser: &mut AsmParser<'c>) -> Result<Option<Attribute<'c>>, ParseError> {
        let context = parser.context();
        Ok(P::parse_optional(parser)?.map(|value| ArrayAttribute::new(context, &[value]).into()))
    }

    fn print_qualified(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        print_optional(attr, printer, P::print_qualified);
    }
}

/// Writes an `Option` parameter: its value with `print` when there,
/// nothing when absent, and what no `Option` stores as an attribute.
fn print_optional(
    attr: Attribute<'_>,
    printer: &mut AsmPrinter<'_>,
    print: super::types::ParamPrintHook,
) {
    match optional_value(attr) {
        Some(Some(value)) => print(value, printer),
        Some(None) => {}
        None => {
            printer.attribute(attr);
        }
    }
}

/// The value an `Option` parameter stores: `Some(None)` for absent,
/// `Some(Some(attr))` for present, `None` for what no `Option` stores.
fn optional_value(attr: Attribute<'_>) -> Option<Option<Attribute<'_>>> {
    let array = ArrayAttribute::try_from(attr).ok()?;
    match array.len() {
        0 => Some(None),
        1 => array.element(0).ok().map(Some),
        _ => None,
    }
}

/// The constraint of `Option<P>`: an array of none, or of one that `P`
/// accepts.
fn optional_of<P: AttrParameter>(attr: Attribute<'_>) -> bool {
    match optional_value(attr) {
        Some(None) => true,
        Some(Some(value)) => P::CONSTRAINT.accepts(value.to_raw()),
        None => false,
    }
}

/// The attribute storing an absent `Option` parameter: an empty array.
pub(crate) fn absent_option(context: &Context) -> Attribute<'_> {
    ArrayAttribute::new(context, &[]).into()
}

/// Checks, at compile time, that an `Option<P>` parameter can stand where
/// a format reads it only if it is there (`#[mlir_type]` asks it of such
/// places).
#[doc(hidden)]
pub const fn assert_reads_optionally<P: AttrParameter>() {
    assert!(
        P::READS_OPTIONALLY,
        "this optional parameter is read where the input may leave it out (alone, first in an \
         optional group, or in `params`), but its type is read only when it is there: put a \
         literal before it in an optional group, as in (`=` $p^)?, or use a type that reads \
         optionally (an integer, String, TypeParam or an attribute constraint)"
    );
}

/// Every attribute constraint is a parameter whose value is melior's typed
/// attribute, written as an attribute (`16 : i64`, `"text"`, `f64`).
impl<T: AttrConstraintDef> AttrParameter for T {
    const CONSTRAINT: AttrConstraint = T::CONSTRAINT;
    const READS_OPTIONALLY: bool = true;
    const TYPE_NAME: &'static str = "Attribute";
    type Value<'c> = T::Value<'c>;

    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        T::from_attribute(attr)
    }

    fn to_attribute<'c>(_context: &'c Context, value: Self::Value<'c>) -> Attribute<'c> {
        value.into()
    }

    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
        let at = parser.location();
        let attr = parser.attribute(None)?;
        if T::CONSTRAINT.accepts(attr.to_raw()) {
            Ok(attr)
        } else {
            Err(parser.error_at(at, &format!("expected {}", T::CONSTRAINT)))
        }
    }

    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        printer.attribute(attr);
    }

    fn parse_optional<'c>(parser: &mut AsmParser<'c>) -> Result<Option<Attribute<'c>>, ParseError> {
        let at = parser.location();
        match parser.optional_attribute(None)? {
            Some(attr) if !T::CONSTRAINT.accepts(attr.to_raw()) => {
                Err(parser.error_at(at, &format!("expected {}", T::CONSTRAINT)))
            }
            attr => Ok(attr),
        }
    }
}

macro_rules! integer_params {
    ($($t:ty, $bits:ty, $width:expr, $name:expr, $get:ident;)*) => {$(
        impl AttrParameter for $t {
            const CONSTRAINT: AttrConstraint = AttrConstraint::Integer(Some($width));
            const READS_OPTIONALLY: bool = true;
            const TYPE_NAME: &'static str = $name;
            type Value<'c> = $t;

            fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
                if !Self::CONSTRAINT.accepts(attr.to_raw()) {
                    return None;
                }
                // SAFETY: a signless integer attribute (checked above), whose
                // `getInt` is its value sign-extended; the cast keeps its bits.
                Some(unsafe { mlir_sys::$get(attr.to_raw()) } as $t)
            }

            fn to_attribute<'c>(context: &'c Context, value: $t) -> Attribute<'c> {
                // The bits, zero-extended: MLIR builds a signless attribute's
                // APInt unsigned, which must fit the width.
                let bits = value as $bits as u64 as i64;
                IntegerAttribute::new(IntegerType::new(context, $width).into(), bits).into()
            }

            fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
                let value: $t = parser.integer()?;
                Ok(Self::to_attribute(parser.context(), value))
            }

            fn parse_optional<'c>(
                parser: &mut AsmParser<'c>,
            ) -> Result<Option<Attribute<'c>>, ParseError> {
                let value: Option<$t> = parser.optional_integer()?;
                Ok(value.map(|v| Self::to_attribute(parser.context(), v)))
            }

            fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
                match Self::from_attribute(attr) {
                    Some(value) => printer.integer(value),
                    None => printer.attribute(attr),
                };
            }
        }
    )*};
}

integer_params! {
    i8, u8, 8, "i8", mlirIntegerAttrGetValueInt;
    i16, u16, 16, "i16", mlirIntegerAttrGetValueInt;
    i32, u32, 32, "i32", mlirIntegerAttrGetValueInt;
    i64, u64, 64, "i64", mlirIntegerAttrGetValueInt;
    u8, u8, 8, "u8", mlirIntegerAttrGetValueInt;
    u16, u16, 16, "u16", mlirIntegerAttrGetValueInt;
    u32, u32, 32, "u32", mlirIntegerAttrGetValueInt;
    u64, u64, 64, "u64", mlirIntegerAttrGetValueInt;
}

impl AttrParameter for bool {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Bool;
    const TYPE_NAME: &'static str = "bool";
    type Value<'c> = bool;

    fn from_attribute(attr: Attribute<'_>) -> Option<bool> {
        BoolAttribute::try_from(attr).ok().map(|b| b.value())
    }

    fn to_attribute<'c>(context: &'c Context, value: bool) -> Attribute<'c> {
        BoolAttribute::new(context, value).into()
    }

    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
        let at = parser.location();
        match parser.keyword()?.as_str() {
            "true" => Ok(Self::to_attribute(parser.context(), true)),
            "false" => Ok(Self::to_attribute(parser.context(), false)),
            _ => Err(parser.error_at(at, "expected 'true' or 'false'")),
        }
    }

    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        match Self::from_attribute(attr) {
            Some(value) => printer.text(if value { "true" } else { "false" }),
            None => printer.attribute(attr),
        };
    }
}

impl AttrParameter for f64 {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Float(Some(64));
    const TYPE_NAME: &'static str = "f64";
    type Value<'c> = f64;

    fn from_attribute(attr: Attribute<'_>) -> Option<f64> {
        if !Self::CONSTRAINT.accepts(attr.to_raw()) {
            return None;
        }
        FloatAttribute::try_from(attr).ok().map(|f| f.value())
    }

    fn to_attribute<'c>(context: &'c Context, value: f64) -> Attribute<'c> {
        FloatAttribute::new(context, Type::float64(context), value).into()
    }

    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
        let value = parser.float()?;
        Ok(Self::to_attribute(parser.context(), value))
    }

    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        match Self::from_attribute(attr) {
            Some(value) => printer.float(value),
            None => printer.attribute(attr),
        };
    }
}

impl AttrParameter for String {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Str;
    const READS_OPTIONALLY: bool = true;
    const TYPE_NAME: &'static str = "String";
    type Value<'c> = String;

    fn from_attribute(attr: Attribute<'_>) -> Option<String> {
        StringAttribute::try_from(attr)
            .ok()
            .map(|s| s.value().to_owned())
    }

    fn to_attribute<'c>(context: &'c Context, value: String) -> Attribute<'c> {
        StringAttribute::new(context, &value).into()
    }

    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
        let value = parser.string()?;
        Ok(Self::to_attribute(parser.context(), value))
    }

    fn parse_optional<'c>(parser: &mut AsmParser<'c>) -> Result<Option<Attribute<'c>>, ParseError> {
        let value = parser.optional_string()?;
        Ok(value.map(|v| Self::to_attribute(parser.context(), v)))
    }

    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        match Self::from_attribute(attr) {
            Some(value) => printer.string(&value),
            None => printer.attribute(attr),
        };
    }
}

/// A type as a parameter (ODS's `"Type"` parameter): the accessor returns
/// melior's [`Type`], and a format writes the type itself (`f64`). Stored
/// as a `TypeAttr`.
pub struct TypeParam;

impl AttrParameter for TypeParam {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Type;
    const READS_OPTIONALLY: bool = true;
    const TYPE_NAME: &'static str = "Type";
    type Value<'c> = Type<'c>;

    fn from_attribute(attr: Attribute<'_>) -> Option<Type<'_>> {
        TypeAttribute::try_from(attr).ok().map(|t| t.value())
    }

    fn to_attribute<'c>(_context: &'c Context, value: Type<'c>) -> Attribute<'c> {
        TypeAttribute::new(value).into()
    }

    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
        let ty = parser.r#type()?;
        Ok(TypeAttribute::new(ty).into())
    }

    fn parse_optional<'c>(parser: &mut AsmParser<'c>) -> Result<Option<Attribute<'c>>, ParseError> {
        Ok(parser
            .optional_type()?
            .map(|ty| TypeAttribute::new(ty).into()))
    }

    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        match Self::from_attribute(attr) {
            Some(ty) => printer.r#type(ty),
            None => printer.attribute(attr),
        };
    }
}

/// What `#[param(self_type)]` can mark: the parameter that is a typed
/// attribute's type (ODS's `AttributeSelfTypeParameter`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an attribute's type",
    label = "`#[param(self_type)]` marks a parameter of type `TypeParam`",
    note = "write `#[param(self_type)] ty: TypeParam`"
)]
pub trait SelfTypeParameter: AttrParameter {}

impl SelfTypeParameter for TypeParam {}

/// Checks, at compile time, that `T` can be an attribute's type.
#[doc(hidden)]
pub const fn assert_self_type<T: SelfTypeParameter>() {}
