//! Type and attribute constraints on an op's operands, results and
//! attributes: ODS's `TypeConstraint` and `AttrConstraint`, as data.
//!
//! A constraint is a `const` value, so a declared op's definition is a
//! `static`; its description is ODS's wording, used in the verifier's
//! messages (`'toy.mul' op operand #0 must be tensor of 64-bit float values,
//! but got 'tensor<2xi32>'`) and in the generated docs.

use std::fmt;

use melior::ir::{Attribute, Type};
use mlir_sys as sys;

use super::{
    attrs::{definition_of_attr, AttrDefinition},
    enums::EnumDefinition,
};

/// Which types an operand or a result accepts.
#[derive(Clone, Copy)]
pub enum TypeConstraint {
    /// Any type (ODS's `AnyType`).
    Any,
    /// A builtin integer: any width when `width` is `None`; `signless`
    /// requires a signless one (`I32` is `Integer { width: Some(32), signless: true }`).
    Integer {
        /// The bit width, or any.
        width: Option<u32>,
        /// Only signless integers (`i32`, not `si32` or `ui32`).
        signless: bool,
    },
    /// `index`.
    Index,
    /// A builtin float: any width when `None` (`F64` is `Float(Some(64))`).
    Float(Option<u32>),
    /// A tensor whose elements satisfy `element`; `ranked`: only ranked
    /// (`Some(true)`), only unranked (`Some(false)`), or both; `rank`: of
    /// exactly this rank.
    Tensor {
        /// The element type's constraint.
        element: &'static TypeConstraint,
        /// Ranked, unranked, or either.
        ranked: Option<bool>,
        /// An exact rank.
        rank: Option<i64>,
    },
    /// A memref whose elements satisfy `element`, of `rank` if given.
    MemRef {
        /// The element type's constraint.
        element: &'static TypeConstraint,
        /// An exact rank.
        rank: Option<i64>,
    },
    /// A vector whose elements satisfy `element`, of `rank` if given.
    Vector {
        /// The element type's constraint.
        element: &'static TypeConstraint,
        /// An exact rank.
        rank: Option<i64>,
    },
    /// Any one of these (ODS's `AnyTypeOf`), described as theirs joined by
    /// " or ".
    AnyOf(&'static [TypeConstraint]),
    /// The user's own predicate on the raw type, with the description used
    /// in messages. [`TypeConstraint::Predicate`] is the same without
    /// `unsafe` in the predicate.
    Custom {
        /// What the predicate accepts, as ODS words it (`"even-width integer"`).
        description: &'static str,
        /// Whether a type is accepted.
        predicate: fn(sys::MlirType) -> bool,
    },
    /// The user's own predicate on melior's [`Type`], with the description
    /// used in messages (ODS's `Type<CPred<...>, "description">`):
    ///
    /// ```
    /// use mlir_pass::dialect::constraint::TypeConstraint;
    /// use mlir_pass::melior::ir::{r#type::IntegerType, Type};
    ///
    /// fn even_width(ty: Type<'_>) -> bool {
    ///     IntegerType::try_from(ty).is_ok_and(|i| i.width() % 2 == 0)
    /// }
    /// const EVEN: TypeConstraint = TypeConstraint::Predicate {
    ///     description: "even-width integer",
    ///     predicate: even_width,
    /// };
    /// ```
    Predicate {
        /// What the predicate accepts, as ODS words it.
        description: &'static str,
        /// Whether a type is accepted.
        predicate: for<'c> fn(Type<'c>) -> bool,
    },
    /// Every one of these (ODS's `AllOfType`), described as theirs joined
    /// by " and ".
    AllOf(&'static [TypeConstraint]),
    /// Not this one, described as "not " and its description (ODS has no
    /// negated type constraint with words of its own).
    Not(&'static TypeConstraint),
}

impl TypeConstraint {
    /// Whether `ty` satisfies the constraint.
    pub fn accepts(&self, ty: sys::MlirType) -> bool {
        // SAFETY: every function below only inspects a valid type.
        unsafe {
            match *self {
                Self::Any => true,
                Self::Integer { width, signless } => {
                    sys::mlirTypeIsAInteger(ty)
                        && width.is_none_or(|w| sys::mlirIntegerTypeGetWidth(ty) == w)
                        && (!signless || sys::mlirIntegerTypeIsSignless(ty))
                }
                Self::Index => sys::mlirTypeIsAIndex(ty),
                Self::Float(width) => {
                    sys::mlirTypeIsAFloat(ty)
                        && width.is_none_or(|w| sys::mlirFloatTypeGetWidth(ty) == w)
                }
                Self::Tensor {
                    element,
                    ranked,
                    rank,
                } => {
                    let is_ranked = sys::mlirTypeIsARankedTensor(ty);
                    let is_unranked = sys::mlirTypeIsAUnrankedTensor(ty);
                    (is_ranked || is_unranked)
                        && ranked.is_none_or(|r| r == is_ranked)
                        && rank.is_none_or(|r| is_ranked && sys::mlirShapedTypeGetRank(ty) == r)
                        && element.accepts(sys::mlirShapedTypeGetElementType(ty))
                }
                Self::MemRef { element, rank } => {
                    (sys::mlirTypeIsAMemRef(ty) || sys::mlirTypeIsAUnrankedMemRef(ty))
                        && rank.is_none_or(|r| {
                            sys::mlirTypeIsAMemRef(ty) && sys::mlirShapedTypeGetRank(ty) == r
                        })
                        && element.accepts(sys::mlirShapedTypeGetElementType(ty))
                }
                Self::Vector { element, rank } => {
                    sys::mlirTypeIsAVector(ty)
                        && rank.is_none_or(|r| sys::mlirShapedTypeGetRank(ty) == r)
                        && element.accepts(sys::mlirShapedTypeGetElementType(ty))
                }
                Self::AnyOf(all) => all.iter().any(|c| c.accepts(ty)),
                Self::Custom { predicate, .. } => predicate(ty),
                Self::Predicate { predicate, .. } => predicate(Type::from_raw(ty)),
                Self::AllOf(all) => all.iter().all(|c| c.accepts(ty)),
                Self::Not(inner) => !inner.accepts(ty),
            }
        }
    }

    /// The constraint in ODS's words, such as `64-bit float` or
    /// `tensor of 64-bit float values`.
    pub fn description(&self) -> String {
        self.to_string()
    }
}

/// `of <element> values`, or nothing for an element of any type.
fn element_words(f: &mut fmt::Formatter<'_>, element: &TypeConstraint) -> fmt::Result {
    match element {
        TypeConstraint::Any => f.write_str(" of any type values"),
        other => write!(f, " of {other} values"),
    }
}

impl fmt::Display for TypeConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Any => f.write_str("any type"),
            Self::Integer {
                width: Some(w),
                signless: true,
            } => write!(f, "{w}-bit signless integer"),
            Self::Integer {
                width: Some(w),
                signless: false,
            } => write!(f, "{w}-bit integer"),
            Self::Integer {
                width: None,
                signless: true,
            } => f.write_str("signless integer"),
            Self::Integer {
                width: None,
                signless: false,
            } => f.write_str("integer"),
            Self::Index => f.write_str("index"),
            Self::Float(Some(w)) => write!(f, "{w}-bit float"),
            Self::Float(None) => f.write_str("floating-point"),
            Self::Tensor {
                element,
                ranked,
                rank,
            } => {
                if let Some(r) = rank {
                    write!(f, "{r}D tensor")?;
                } else {
                    match ranked {
                        Some(true) => f.write_str("ranked tensor")?,
                        Some(false) => f.write_str("unranked tensor")?,
                        None => f.write_str("tensor")?,
                    }
                }
                element_words(f, element)
            }
            Self::MemRef { element, rank } => {
                match rank {
                    Some(r) => write!(f, "{r}D memref")?,
                    None => f.write_str("memref")?,
                }
                element_words(f, element)
            }
            Self::Vector { element, rank } => {
                match rank {
                    Some(r) => write!(f, "{r}D vector")?,
                    None => f.write_str("vector")?,
                }
                element_words(f, element)
            }
            // ODS's `AnyTypeOf`: every description, joined by " or ".
            Self::AnyOf(all) => joined(f, all, " or "),
            Self::Custom { description, .. } | Self::Predicate { description, .. } => {
                f.write_str(description)
            }
            Self::AllOf(all) => joined(f, all, " and "),
            Self::Not(inner) => write!(f, "not {inner}"),
        }
    }
}

/// The descriptions of `all`, joined by `separator` (ODS's `!interleave`).
fn joined<T: fmt::Display>(f: &mut fmt::Formatter<'_>, all: &[T], separator: &str) -> fmt::Result {
    for (i, c) in all.iter().enumerate() {
        if i > 0 {
            f.write_str(separator)?;
        }
        write!(f, "{c}")?;
    }
    Ok(())
}

impl fmt::Debug for TypeConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeConstraint({self})")
    }
}

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
    /// An attribute of a Rust dialect (`#[mlir_attr]`, ODS's `AttrDef`); an
    /// op's format writes it without its name.
    Dialect(&'static AttrDefinition),
    /// An attribute of an upstream dialect with a syntax of its own, by its
    /// C++ class's name (`arith.fastmath`, ODS's `Arith_FastMathAttr`): an
    /// op's format writes it without its name (`fastmath<fast>` reads
    /// `<fast>`), as ODS does. The names the bridge can parse that way are
    /// the constants of [`ods`](super::ods) (`FastMathFlagsAttr`,
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
