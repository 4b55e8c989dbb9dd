//! Attribute constraints: ODS's `AttrConstraint`, as data, with ODS's
//! words for messages.

use std::fmt;

use melior::ir::Attribute;
use mlir_sys as sys;

use super::{joined, TypeConstraint};
use crate::dialect::{
    attrs::{definition_of_attr, AttrDefinition},
    bit_enum::BitEnumDefinition,
    enums::EnumDefinition,
};

/// Which attributes an op's attribute accepts.
///
/// New kinds of attributes are added as MLIR's are covered: a `match` on
/// it needs a `_` arm.
#[derive(Clone, Copy)]
#[non_exhaustive]
pub enum AttrConstraint {
    /// Any attribute.
    Any,
    /// An `IntegerAttr` of a signless integer of this width (any width
    /// when `None`).
    Integer(Option<u32>),
    /// An `IntegerAttr` of type `index`.
    Index,
    /// A `FloatAttr` of this width (any when `None`).
    Float(Option<u32>),
    /// A `StringAttr`.
    Str,
    /// A `BoolAttr` (an `i1` integer attribute).
    Bool,
    /// A `UnitAttr`.
    Unit,
    /// A `TypeAttr`.
    Type,
    /// A `SymbolRefAttr`, nested or flat.
    SymbolRef,
    /// A flat `SymbolRefAttr` (`@name`).
    FlatSymbolRef,
    /// A `DenseElementsAttr` whose element type satisfies the constraint.
    DenseElements(&'static TypeConstraint),
    /// An `ArrayAttr`.
    Array,
    /// A `DictionaryAttr`.
    Dictionary,
    /// The user's own predicate on the raw attribute, with the description
    /// used in messages. [`AttrConstraint::Predicate`] is the same without
    /// `unsafe` in the predicate.
    Custom {
        /// What the predicate accepts (`"positive integer attribute"`).
        description: &'static str,
        /// Whether an attribute is accepted.
        predicate: fn(sys::MlirAttribute) -> bool,
    },
    /// The user's own predicate on melior's [`Attribute`], with the
    /// description used in messages (ODS's `Attr<CPred<...>, "description">`):
    ///
    /// ```
    /// use mlir_pass::dialect::constraint::AttrConstraint;
    /// use mlir_pass::melior::ir::{attribute::IntegerAttribute, Attribute};
    ///
    /// fn positive(attr: Attribute<'_>) -> bool {
    ///     IntegerAttribute::try_from(attr).is_ok_and(|i| i.value() > 0)
    /// }
    /// const POSITIVE: AttrConstraint = AttrConstraint::Predicate {
    ///     description: "positive integer attribute",
    ///     predicate: positive,
    /// };
    /// ```
    Predicate {
        /// What the predicate accepts.
        description: &'static str,
        /// Whether an attribute is accepted.
        predicate: for<'c> fn(Attribute<'c>) -> bool,
    },
    /// An enum declared with `#[mlir_enum]`: a signless integer attribute
    /// of its width holding one of its cases' values (ODS's
    /// `I32EnumAttr`/`I64EnumAttr`); an op's format writes the case's
    /// keyword.
    Enum(&'static EnumDefinition),
    /// A bit enum declared with `#[mlir_enum(bit)]`: a signless integer
    /// attribute of its width with no bit set that is not a case's (ODS's
    /// `I32BitEnumAttr`/`I64BitEnumAttr`); an op's format writes one flag
    /// as its keyword and a set as a string (`"a|b"`).
    BitEnum(&'static BitEnumDefinition),
    /// An attribute of a Rust dialect (`#[mlir_attr]`, ODS's `AttrDef`); an
    /// op's format writes it without its name.
    Dialect(&'static AttrDefinition),
    /// An attribute of an upstream dialect with a syntax of its own, by its
    /// C++ class's name (`arith.fastmath`, ODS's `Arith_FastMathAttr`): an
    /// op's format writes it without its name (`fastmath<fast>` reads
    /// `<fast>`), as ODS does. The names the bridge can parse that way are
    /// the constants of [`ods`](crate::dialect::ods) (`FastMathFlagsAttr`,
    /// `IntegerOverflowFlagsAttr`).
    Upstream {
        /// The C++ class's name: `dialect.mnemonic`.
        name: &'static str,
        /// ODS's description (`Floating point fast math flags`).
        description: &'static str,
    },
    /// ODS's `ConfinedAttr<base, [constraints]>`: `base` and every one of
    /// `constraints`, described as `base`'s description followed by
    /// theirs (`64-bit signless integer attribute whose minimum value is
    /// 0`).
    Confined {
        /// The attribute's kind (`I64Attr`).
        base: &'static AttrConstraint,
        /// What its value must meet (`IntMinValue(0)`).
        constraints: &'static [AttrConstraint],
    },
    /// An integer attribute whose value is at least this (ODS's
    /// `IntMinValue<n>`; "whose minimum value is n").
    IntMinValue(i64),
    /// An integer attribute whose value is at most this (`IntMaxValue<n>`).
    IntMaxValue(i64),
    /// An integer attribute whose value is not negative (`IntNonNegative`).
    IntNonNegative,
    /// An integer attribute whose value is above zero (`IntPositive`).
    IntPositive,
    /// An array attribute with at least this many elements
    /// (`ArrayMinCount<n>`; "with at least n elements").
    ArrayMinCount(usize),
    /// An array attribute with at most this many elements (`ArrayMaxCount<n>`).
    ArrayMaxCount(usize),
    /// An array attribute with exactly this many elements (`ArrayCount<n>`).
    ArrayCount(usize),
    /// Any one of these (ODS's `AnyAttrOf`), described as theirs joined by
    /// " or ".
    AnyOf(&'static [AttrConstraint]),
    /// Every one of these (ODS's `AllAttrOf`), described as theirs joined
    /// by " and ".
    AllOf(&'static [AttrConstraint]),
    /// Not this one, described as "not " and its description (ODS has no
    /// negated attribute constraint with words of its own).
    Not(&'static AttrConstraint),
}

/// The value of an integer attribute of at most 64 bits as ODS's
/// `IntegerAttr::getInt` reads it (signless and index values sign-extended),
/// or `None` for another attribute.
///
/// # Safety
/// `attr` is a valid attribute.
unsafe fn int_value(attr: sys::MlirAttribute) -> Option<i64> {
    // SAFETY: the caller's contract; the type is checked before the value
    // is read.
    unsafe {
        if !sys::mlirAttributeIsAInteger(attr) {
            return None;
        }
        let ty = sys::mlirAttributeGetType(attr);
        if sys::mlirTypeIsAIndex(ty) || sys::mlirIntegerTypeIsSignless(ty) {
            Some(sys::mlirIntegerAttrGetValueInt(attr))
        } else if sys::mlirIntegerTypeIsSigned(ty) {
            Some(sys::mlirIntegerAttrGetValueSInt(attr))
        } else {
            i64::try_from(sys::mlirIntegerAttrGetValueUInt(attr)).ok()
        }
    }
}

/// The number of elements of an array attribute, or `None` for another
/// attribute.
///
/// # Safety
/// `attr` is a valid attribute.
unsafe fn array_len(attr: sys::MlirAttribute) -> Option<usize> {
    // SAFETY: the caller's contract.
    unsafe {
        sys::mlirAttributeIsAArray(attr).then(|| sys::mlirArrayAttrGetNumElements(attr) as usize)
    }
}

impl AttrConstraint {
    /// Whether `attr` satisfies the constraint.
    pub fn accepts(&self, attr: sys::MlirAttribute) -> bool {
        // SAFETY: every function below only inspects a valid attribute.
        unsafe {
            match *self {
                Self::Any => true,
                Self::Integer(width) => {
                    sys::mlirAttributeIsAInteger(attr) && {
                        let ty = sys::mlirAttributeGetType(attr);
                        sys::mlirTypeIsAInteger(ty)
                            && sys::mlirIntegerTypeIsSignless(ty)
                            && width.is_none_or(|w| sys::mlirIntegerTypeGetWidth(ty) == w)
                    }
                }
                Self::Index => {
                    sys::mlirAttributeIsAInteger(attr)
                        && sys::mlirTypeIsAIndex(sys::mlirAttributeGetType(attr))
                }
                Self::Float(width) => {
                    sys::mlirAttributeIsAFloat(attr)
                        && width.is_none_or(|w| {
                            sys::mlirFloatTypeGetWidth(sys::mlirAttributeGetType(attr)) == w
                        })
                }
                Self::Str => sys::mlirAttributeIsAString(attr),
                Self::Bool => sys::mlirAttributeIsABool(attr),
                Self::Unit => sys::mlirAttributeIsAUnit(attr),
                Self::Type => sys::mlirAttributeIsAType(attr),
                Self::SymbolRef => sys::mlirAttributeIsASymbolRef(attr),
                Self::FlatSymbolRef => sys::mlirAttributeIsAFlatSymbolRef(attr),
                Self::DenseElements(element) => {
                    sys::mlirAttributeIsADenseElements(attr)
                        && element.accepts(sys::mlirShapedTypeGetElementType(
                            sys::mlirAttributeGetType(attr),
                        ))
                }
                Self::Array => sys::mlirAttributeIsAArray(attr),
                Self::Dictionary => sys::mlirAttributeIsADictionary(attr),
                Self::Custom { predicate, .. } => predicate(attr),
                Self::Predicate { predicate, .. } => predicate(Attribute::from_raw(attr)),
                Self::Enum(definition) => definition.value_of(Attribute::from_raw(attr)).is_some(),
                Self::BitEnum(definition) => {
                    definition.value_of(Attribute::from_raw(attr)).is_some()
                }
                Self::Dialect(definition) => definition_of_attr(Attribute::from_raw(attr))
                    .is_some_and(|d| std::ptr::eq(d, definition)),
                Self::Upstream { name, .. } => crate::ffi::bridge::mlirPassBridgeAttributeIsKind(
                    attr,
                    crate::ffi::string_ref(name),
                ),
                Self::Confined { base, constraints } => {
                    base.accepts(attr) && constraints.iter().all(|c| c.accepts(attr))
                }
                Self::IntMinValue(min) => int_value(attr).is_some_and(|v| v >= min),
                Self::IntMaxValue(max) => int_value(attr).is_some_and(|v| v <= max),
                Self::IntNonNegative => int_value(attr).is_some_and(|v| v >= 0),
                Self::IntPositive => int_value(attr).is_some_and(|v| v > 0),
                Self::ArrayMinCount(n) => array_len(attr).is_some_and(|len| len >= n),
                Self::ArrayMaxCount(n) => array_len(attr).is_some_and(|len| len <= n),
                Self::ArrayCount(n) => array_len(attr) == Some(n),
                Self::AnyOf(all) => all.iter().any(|c| c.accepts(attr)),
                Self::AllOf(all) => all.iter().all(|c| c.accepts(attr)),
                Self::Not(inner) => !inner.accepts(attr),
            }
        }
    }

    /// Whether the attributes of the constraint have no type (strings,
    /// units, types, symbol references, arrays, dictionaries): none can be
    /// where an inferred type comes from.
    pub(crate) fn is_untyped(&self) -> bool {
        match *self {
            Self::Str
            | Self::Unit
            | Self::Type
            | Self::SymbolRef
            | Self::FlatSymbolRef
            | Self::Array
            | Self::Dictionary
            | Self::ArrayMinCount(_)
            | Self::ArrayMaxCount(_)
            | Self::ArrayCount(_) => true,
            Self::Confined { base, .. } => base.is_untyped(),
            _ => false,
        }
    }

    /// The storage kind a format checks a parsed attribute of this
    /// constraint against (the twin of [`TypeConstraint`]'s storage class).
    ///
    /// [`TypeConstraint`]: super::TypeConstraint
    pub(crate) fn storage_kind(&self) -> crate::ffi::bridge::MlirPassBridgeAttrKind {
        use crate::ffi::bridge::MlirPassBridgeAttrKind as K;
        match self {
            Self::Confined { base, .. } => base.storage_kind(),
            Self::Integer(_) | Self::Index => K::MlirPassBridgeAttrKindInteger,
            Self::Bool => K::MlirPassBridgeAttrKindBool,
            Self::Float(_) => K::MlirPassBridgeAttrKindFloat,
            Self::Str => K::MlirPassBridgeAttrKindString,
            Self::Unit => K::MlirPassBridgeAttrKindUnit,
            Self::Type => K::MlirPassBridgeAttrKindType,
            Self::SymbolRef => K::MlirPassBridgeAttrKindSymbolRef,
            Self::FlatSymbolRef => K::MlirPassBridgeAttrKindFlatSymbolRef,
            Self::DenseElements(_) => K::MlirPassBridgeAttrKindDenseElements,
            Self::Array => K::MlirPassBridgeAttrKindArray,
            Self::Dictionary => K::MlirPassBridgeAttrKindDictionary,
            Self::Enum(_) => K::MlirPassBridgeAttrKindEnum,
            Self::BitEnum(_) => K::MlirPassBridgeAttrKindBitEnum,
            Self::Dialect(_) => K::MlirPassBridgeAttrKindRust,
            Self::Upstream { .. } => K::MlirPassBridgeAttrKindUpstream,
            // `DictArrayAttr` is kept as an array, as ODS keeps it.
            Self::Predicate { description, .. }
                if *description == crate::dialect::ods::DICT_ARRAY_DESCRIPTION =>
            {
                K::MlirPassBridgeAttrKindArray
            }
            // The predicates and the other combinators name no one kind.
            _ => K::MlirPassBridgeAttrKindAny,
        }
    }

    /// The type a format leaves out for an attribute of this constraint, in
    /// MLIR's syntax (ODS's `valueType`); empty if it has none.
    pub(crate) fn elided_type(&self) -> String {
        match *self {
            Self::Integer(Some(w)) => format!("i{w}"),
            Self::Index => "index".to_owned(),
            // ODS's `BoolAttr` has `valueType = I1`: `1` and `0` parse as
            // `true` and `false`.
            Self::Bool => "i1".to_owned(),
            Self::Float(Some(w @ (16 | 32 | 64))) => format!("f{w}"),
            Self::Enum(e) => format!("i{}", e.width),
            Self::BitEnum(e) => format!("i{}", e.width),
            Self::Confined { base, .. } => base.elided_type(),
            _ => String::new(),
        }
    }
}

impl fmt::Display for AttrConstraint {
    /// ODS's words: `64-bit signless integer attribute`, `string attribute`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Any => f.write_str("any attribute"),
            Self::Integer(Some(w)) => write!(f, "{w}-bit signless integer attribute"),
            Self::Integer(None) => f.write_str("integer attribute"),
            Self::Index => f.write_str("index attribute"),
            Self::Float(Some(w)) => write!(f, "{w}-bit float attribute"),
            Self::Float(None) => f.write_str("floating-point attribute"),
            Self::Str => f.write_str("string attribute"),
            Self::Bool => f.write_str("bool attribute"),
            Self::Unit => f.write_str("unit attribute"),
            Self::Type => f.write_str("any type attribute"),
            Self::SymbolRef => f.write_str("symbol reference attribute"),
            Self::FlatSymbolRef => f.write_str("flat symbol reference attribute"),
            Self::DenseElements(TypeConstraint::Any) => {
                f.write_str("constant vector/tensor attribute")
            }
            Self::DenseElements(element) => {
                write!(f, "{element} elements attribute")
            }
            Self::Array => f.write_str("array attribute"),
            Self::Dictionary => f.write_str("dictionary of named attribute values"),
            Self::Custom { description, .. } | Self::Predicate { description, .. } => {
                f.write_str(description)
            }
            Self::Enum(definition) => write!(f, "{definition}"),
            Self::BitEnum(definition) => write!(f, "{definition}"),
            Self::Dialect(definition) => f.write_str(definition.summary),
            Self::Upstream { description, .. } => f.write_str(description),
            Self::Confined { base, constraints } => {
                write!(f, "{base}")?;
                constraints.iter().try_for_each(|c| write!(f, " {c}"))
            }
            Self::IntMinValue(n) => write!(f, "whose minimum value is {n}"),
            Self::IntMaxValue(n) => write!(f, "whose maximum value is {n}"),
            Self::IntNonNegative => f.write_str("whose value is non-negative"),
            Self::IntPositive => f.write_str("whose value is positive"),
            Self::ArrayMinCount(n) => write!(f, "with at least {n} elements"),
            Self::ArrayMaxCount(n) => write!(f, "with at most {n} elements"),
            Self::ArrayCount(n) => write!(f, "with exactly {n} elements"),
            Self::AnyOf(all) => joined(f, all, " or "),
            Self::AllOf(all) => joined(f, all, " and "),
            Self::Not(inner) => write!(f, "not {inner}"),
        }
    }
}

impl fmt::Debug for AttrConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AttrConstraint({self})")
    }
}
