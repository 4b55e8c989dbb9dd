//! Type and attribute constraints on an op's operands, results and
//! attributes: ODS's `TypeConstraint` and `AttrConstraint`, as data.
//!
//! A constraint is a `const` value, so a declared op's definition is a
//! `static`; its description is ODS's wording, used in the verifier's
//! messages (`'toy.mul' op operand #0 must be tensor of 64-bit float values,
//! but got 'tensor<2xi32>'`) and in the generated docs. Attribute
//! constraints are `attr.rs`'s.

mod attr;

use std::fmt;

use melior::ir::Type;
use mlir_sys as sys;

pub use attr::AttrConstraint;

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
    /// `constraint`, whose types are of ODS's storage class `class` (its
    /// `cppType`): a builtin type's MLIR name (`"builtin.complex"` for
    /// `ComplexType`) or `"FloatType"`, `"TensorType"` for those classes.
    /// A format's `type($x)` reads a type of that class or reports, as ODS's
    /// generated parsers do, `invalid kind of type specified: expected
    /// builtin.complex, but found 'f32'` at the type. ODS's `Complex<AnyFloat>`
    /// is `Class { class: "builtin.complex", constraint: &... }`; the
    /// integer, index, float, tensor and vector constraints have theirs
    /// already.
    Class {
        /// The storage class.
        class: &'static str,
        /// What the types must satisfy.
        constraint: &'static TypeConstraint,
    },
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
                Self::Class { constraint, .. } => constraint.accepts(ty),
            }
        }
    }

    /// The constraint in ODS's words, such as `64-bit float` or
    /// `tensor of 64-bit float values`.
    pub fn description(&self) -> String {
        self.to_string()
    }

    /// ODS's storage class of the constraint's types (see
    /// [`Class`](Self::Class)), which a format's `type($x)` checks; empty
    /// for any type.
    pub(crate) fn storage_class(&self) -> &'static str {
        match *self {
            Self::Integer { .. } => "builtin.integer",
            Self::Index => "builtin.index",
            Self::Float(_) => "FloatType",
            Self::Tensor {
                ranked: Some(true), ..
            } => "builtin.tensor",
            Self::Tensor {
                ranked: Some(false),
                ..
            } => "builtin.unranked_tensor",
            Self::Tensor { ranked: None, .. } => "TensorType",
            Self::Vector { .. } => "builtin.vector",
            Self::Class { class, .. } => class,
            // A memref constraint takes unranked memrefs too; the others
            // are ODS's `::mlir::Type`.
            _ => "",
        }
    }

    /// The one type the constraint allows, if it names one (ODS's
    /// `BuildableType`), in MLIR's syntax; empty otherwise. A format may
    /// leave such a type out, and `InferTypeOpInterface(from_constraints)`
    /// builds it.
    pub(crate) fn buildable_type(&self) -> String {
        match *self {
            Self::Integer {
                width: Some(w),
                signless: true,
            } => format!("i{w}"),
            Self::Index => "index".to_owned(),
            Self::Float(Some(w @ (16 | 32 | 64))) => format!("f{w}"),
            _ => String::new(),
        }
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
            Self::Class { constraint, .. } => write!(f, "{constraint}"),
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
