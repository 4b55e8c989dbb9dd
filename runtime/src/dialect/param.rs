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
            AttributeLike, BoolAttribute, FloatAttribute, IntegerAttribute, StringAttribute,
            TypeAttribute,
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
    /// Whether the parameter may be absent: `Option<T>` (ODS's
    /// `OptionalParameter`), stored as `unit` when absent. A format writes
    /// an absent parameter as nothing.
    const OPTIONAL: bool = false;
    /// Reads the parameter if it is there (ODS's `FieldParser` of a
    /// `std::optional`): `None`, having read nothing, when what follows is
    /// not one. By default the parameter is always there and this is
    /// [`parse`](Self::parse); the integers, `String`, `TypeParam` and the
    /// attribute constraints read it optionally (MLIR's parser has no
    /// optional float, and `bool` and enums are keywords, which it cannot
    /// put back).
    fn parse_optional<'c>(parser: &mut AsmParser<'c>) -> Result<Option<Attribute<'c>>, ParseError> {
        Self::parse(parser).map(Some)
    }
    /// Whether `attr` stores a value: `false` only for an absent optional
    /// parameter.
    fn is_present(attr: Attribute<'_>) -> bool {
        let _ = attr;
        true
    }
}

/// `Option<T>` as a parameter (ODS's `OptionalParameter`): `None` is stored
/// as the `unit` attribute and written as nothing, `Some(value)` as `T`
/// stores and writes `value`. A format reads it where it is there (in an
/// optional group anchored on it, in `struct(...)`, in `params`). As
/// `unit` means `None`, `T` should not be a parameter whose value is
/// `unit` itself.
impl<P: AttrParameter> AttrParameter for Option<P> {
    const CONSTRAINT: AttrConstraint = OptionalConstraint::<P>::CONSTRAINT;
    const TYPE_NAME: &'static str = P::TYPE_NAME;
    const OPTIONAL: bool = true;
    type Value<'c> = Option<P::Value<'c>>;

    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        if attr.is_unit() {
            Some(None)
        } else {
            P::from_attribute(attr).map(Some)
        }
    }

    fn to_attribute<'c>(context: &'c Context, value: Self::Value<'c>) -> Attribute<'c> {
        match value {
            Some(value) => P::to_attribute(context, value),
            None => Attribute::unit(context),
        }
    }

    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
        let context = parser.context();
        Ok(P::parse_optional(parser)?.unwrap_or_else(|| Attribute::unit(context)))
    }

    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        if !attr.is_unit() {
            P::print(attr, printer);
        }
    }

    fn parse_optional<'c>(parser: &mut AsmParser<'c>) -> Result<Option<Attribute<'c>>, ParseError> {
        P::parse_optional(parser)
    }

    fn is_present(attr: Attribute<'_>) -> bool {
        !attr.is_unit()
    }
}

/// The constraint of `Option<P>`: `unit` or `P`'s.
struct OptionalConstraint<P>(std::marker::PhantomData<P>);

impl<P: AttrParameter> OptionalConstraint<P> {
    const ALTERNATIVES: [AttrConstraint; 2] = [AttrConstraint::Unit, P::CONSTRAINT];
    const CONSTRAINT: AttrConstraint = AttrConstraint::AnyOf(&Self::ALTERNATIVES);
}

/// Every attribute constraint is a parameter whose value is melior's typed
/// attribute, written as an attribute (`16 : i64`, `"text"`, `f64`).
impl<T: AttrConstraintDef> AttrParameter for T {
    const CONSTRAINT: AttrConstraint = T::CONSTRAINT;
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
