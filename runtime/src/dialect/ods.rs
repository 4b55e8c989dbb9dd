//! The vocabulary of `#[mlir_op]` fields, named after ODS's: each field's
//! type is a constraint (`F64Tensor`, `AnyType`, `I64Attr`), wrapped in
//! [`Variadic`] or [`Optional`] for groups of another size.
//!
//! ```text
//! #[operand] input: F64Tensor,            // ODS: F64Tensor:$input
//! #[operand] inputs: Variadic<AnyType>,   // ODS: Variadic<AnyType>:$inputs
//! #[result] output: Optional<AnyTensor>,  // ODS: Optional<AnyTensor>:$output
//! #[attr] value: F64ElementsAttr,         // ODS: F64ElementsAttr:$value
//! #[attr] callee: FlatSymbolRefAttr,
//! #[region] body: SizedRegion1,           // ODS: SizedRegion<1>:$body
//! #[successor] dest: AnySuccessor,
//! ```
//!
//! Constraints combine as in ODS ([`Confined`], [`AnyOf`], [`AllOf`],
//! [`Not`]):
//!
//! ```text
//! #[attr] n: Confined<I64Attr, (IntMinValue<0>, IntMaxValue<10>)>,
//! #[operand] x: AnyOf<(I32, I64)>,        // ODS: AnyTypeOf<[I32, I64]>:$x
//! ```
//!
//! A constraint of your own is a type implementing [`TypeConstraintDef`]
//! (or [`AttrConstraintDef`]) with a [`TypeConstraint`] (or
//! [`AttrConstraint`]), such as `TypeConstraint::Custom` with a predicate.

use std::marker::PhantomData;

use melior::ir::{
    attribute::{
        ArrayAttribute, BoolAttribute, DenseElementsAttribute, DictionaryAttribute,
        FlatSymbolRefAttribute, FloatAttribute, IntegerAttribute, StringAttribute, TypeAttribute,
    },
    Attribute,
};

use super::constraint::{AttrConstraint, TypeConstraint};

mod combinators;
pub use combinators::{
    AllAttrOf, AllOf, AllOfType, AnyAttrOf, AnyOf, AnyTypeOf, ArrayCount, ArrayMaxCount,
    ArrayMinCount, AttrConstraintList, AttrPredicateDef, Confined, ConfinedAttr, IntMaxValue,
    IntMinValue, IntNonNegative, IntPositive, Not, TypeConstraintList,
};

/// A type constraint usable as an operand's or result's field type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a type constraint",
    label = "an operand, result or type parameter of this type needs a type constraint",
    note = "use one of `mlir_pass::dialect::ods` (`AnyType`, `I64`, `F64Tensor`, ...), or implement `TypeConstraintDef` for your own type"
)]
pub trait TypeConstraintDef {
    /// The constraint.
    const CONSTRAINT: TypeConstraint;
}

/// An attribute constraint usable as an attribute's field type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an attribute constraint",
    label = "an attribute or type parameter of this type needs an attribute constraint",
    note = "use one of `mlir_pass::dialect::ods` (`I64Attr`, `StrAttr`, `TypeAttr`, `F64ElementsAttr`, ...), or implement `AttrConstraintDef` for your own type; a parameter or an op's attribute may also be an integer (`u32`, `i64`), `bool`, `f64`, `String`, `TypeParam`, an enum declared with `#[mlir_enum]` (`Flags<E>` for a bit enum `E`) or an attribute declared with `#[mlir_attr]`"
)]
pub trait AttrConstraintDef {
    /// The constraint.
    const CONSTRAINT: AttrConstraint;
    /// What the op's accessor returns (melior's typed attribute).
    type Value<'c>: Into<Attribute<'c>> + Clone;
    /// The typed attribute, or `None` when `attr` is not of its kind (only
    /// on an op that failed verification).
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>>;
}

/// A region's kind as a field type.
pub trait RegionConstraintDef {
    /// At most this many blocks (`SizedRegion<1>`), or any.
    const MAX_BLOCKS: Option<u32>;
}

/// A successor's kind as a field type.
pub trait SuccessorConstraintDef {}

/// Any number of values, regions or successors of the constraint (ODS's
/// `Variadic<T>`, `VariadicRegion<T>`, `VariadicSuccessor<T>`).
pub struct Variadic<T>(PhantomData<T>);

/// Zero or one value or attribute of the constraint (ODS's `Optional<T>`,
/// `OptionalAttr<T>`).
pub struct Optional<T>(PhantomData<T>);

macro_rules! type_constraints {
    ($($(#[$doc:meta])* $name:ident = $value:expr;)*) => {$(
        $(#[$doc])*
        pub struct $name;
        impl TypeConstraintDef for $name {
            const CONSTRAINT: TypeConstraint = $value;
        }
    )*};
}

const F64_C: TypeConstraint = TypeConstraint::Float(Some(64));
const ANY_C: TypeConstraint = TypeConstraint::Any;

type_constraints! {
    /// Any type.
    AnyType = TypeConstraint::Any;
    /// Any builtin integer.
    AnyInteger = TypeConstraint::Integer { width: None, signless: false };
    /// Any signless integer.
    AnySignlessInteger = TypeConstraint::Integer { width: None, signless: true };
    /// `i1`.
    I1 = TypeConstraint::Integer { width: Some(1), signless: true };
    /// `i8`.
    I8 = TypeConstraint::Integer { width: Some(8), signless: true };
    /// `i16`.
    I16 = TypeConstraint::Integer { width: Some(16), signless: true };
    /// `i32`.
    I32 = TypeConstraint::Integer { width: Some(32), signless: true };
    /// `i64`.
    I64 = TypeConstraint::Integer { width: Some(64), signless: true };
    /// `index`.
    Index = TypeConstraint::Index;
    /// Any builtin float.
    AnyFloat = TypeConstraint::Float(None);
    /// `f16`.
    F16 = TypeConstraint::Float(Some(16));
    /// `f32`.
    F32 = TypeConstraint::Float(Some(32));
    /// `f64`.
    F64 = F64_C;
    /// A signless integer, an index or a float.
    SignlessIntegerOrFloatLike = TypeConstraint::AnyOf(&[
        TypeConstraint::Integer { width: None, signless: true },
        TypeConstraint::Index,
        TypeConstraint::Float(None),
    ]);
    /// Any tensor, ranked or not.
    AnyTensor = TypeConstraint::Tensor { element: &ANY_C, ranked: None, rank: None };
    /// Any ranked tensor.
    AnyRankedTensor = TypeConstraint::Tensor { element: &ANY_C, ranked: Some(true), rank: None };
    /// Any unranked tensor.
    AnyUnrankedTensor = TypeConstraint::Tensor { element: &ANY_C, ranked: Some(false), rank: None };
    /// A tensor of `f64`, ranked or not.
    F64Tensor = TypeConstraint::Tensor { element: &F64_C, ranked: None, rank: None };
    /// A ranked tensor of `f64`.
    F64RankedTensor = TypeConstraint::Tensor { element: &F64_C, ranked: Some(true), rank: None };
    /// Any memref.
    AnyMemRef = TypeConstraint::MemRef { element: &ANY_C, rank: None };
    /// Any vector.
    AnyVector = TypeConstraint::Vector { element: &ANY_C, rank: None };
}

macro_rules! attr_constraints {
    ($($(#[$doc:meta])* $name:ident = $value:expr => $melior:ident;)*) => {$(
        $(#[$doc])*
        pub struct $name;
        impl AttrConstraintDef for $name {
            const CONSTRAINT: AttrConstraint = $value;
            type Value<'c> = $melior<'c>;
            fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
                <Self as AttrConstraintDef>::CONSTRAINT
                    .accepts(attr.to_raw())
                    .then(|| $melior::try_from(attr).ok())
                    .flatten()
            }
        }
    )*};
}

use melior::ir::attribute::AttributeLike;

attr_constraints! {
    /// An `i32` integer attribute.
    I32Attr = AttrConstraint::Integer(Some(32)) => IntegerAttribute;
    /// An `i64` integer attribute.
    I64Attr = AttrConstraint::Integer(Some(64)) => IntegerAttribute;
    /// A signless integer attribute of any width.
    AnyIntegerAttr = AttrConstraint::Integer(None) => IntegerAttribute;
    /// An `index` integer attribute.
    IndexAttr = AttrConstraint::Index => IntegerAttribute;
    /// An `f32` float attribute.
    F32Attr = AttrConstraint::Float(Some(32)) => FloatAttribute;
    /// An `f64` float attribute.
    F64Attr = AttrConstraint::Float(Some(64)) => FloatAttribute;
    /// A string attribute.
    StrAttr = AttrConstraint::Str => StringAttribute;
    /// A bool attribute.
    BoolAttr = AttrConstraint::Bool => BoolAttribute;
    /// A type attribute.
    TypeAttr = AttrConstraint::Type => TypeAttribute;
    /// A flat symbol reference (`@name`).
    FlatSymbolRefAttr = AttrConstraint::FlatSymbolRef => FlatSymbolRefAttribute;
    /// A dense elements attribute of any element type.
    ElementsAttr = AttrConstraint::DenseElements(&ANY_C) => DenseElementsAttribute;
    /// A dense elements attribute of `f64` elements.
    F64ElementsAttr = AttrConstraint::DenseElements(&F64_C) => DenseElementsAttribute;
    /// An array attribute.
    ArrayAttr = AttrConstraint::Array => ArrayAttribute;
    /// A dictionary attribute.
    DictionaryAttr = AttrConstraint::Dictionary => DictionaryAttribute;
}

/// An array of `i64` (ODS's `DenseI64ArrayAttr`: `array<i64: 1, 2>`), as
/// the static parts of `tensor.extract_slice` are stored.
pub struct DenseI64ArrayAttr;
impl AttrConstraintDef for DenseI64ArrayAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Predicate {
        description: "i64 dense array attribute",
        predicate: |attr| attr.is_dense_i64_array(),
    };
    type Value<'c> = melior::ir::attribute::DenseI64ArrayAttribute<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        attr.is_dense_i64_array()
            .then(|| Self::Value::try_from(attr).ok())
            .flatten()
    }
}

/// An array of dictionary attributes (ODS's `DictArrayAttr`), as a
/// function keeps its arguments' and results' attributes (`arg_attrs`,
/// `res_attrs` of `FunctionOpInterface`).
pub struct DictArrayAttr;
impl AttrConstraintDef for DictArrayAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Predicate {
        description: DICT_ARRAY_DESCRIPTION,
        predicate: is_dict_array,
    };
    type Value<'c> = ArrayAttribute<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        is_dict_array(attr)
            .then(|| ArrayAttribute::try_from(attr).ok())
            .flatten()
    }
}

/// `DictArrayAttr`'s description, as ODS's; its storage is an array
/// (`spec.rs` gives the bridge that kind for it).
pub(crate) const DICT_ARRAY_DESCRIPTION: &str = "Array of dictionary attributes";

/// Whether `attr` is an array of dictionaries.
fn is_dict_array(attr: Attribute<'_>) -> bool {
    ArrayAttribute::try_from(attr).is_ok_and(|array| {
        (0..array.len()).all(|i| array.element(i).is_ok_and(|e| e.is_dictionary()))
    })
}

/// Any attribute.
pub struct AnyAttr;
impl AttrConstraintDef for AnyAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Any;
    type Value<'c> = Attribute<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        Some(attr)
    }
}

/// A unit attribute: present or not (use as `Optional<UnitAttr>`).
pub struct UnitAttr;
impl AttrConstraintDef for UnitAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Unit;
    type Value<'c> = Attribute<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        attr.is_unit().then_some(attr)
    }
}

/// A symbol reference, nested or flat.
pub struct SymbolRefAttr;
impl AttrConstraintDef for SymbolRefAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint::SymbolRef;
    type Value<'c> = Attribute<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        Self::CONSTRAINT.accepts(attr.to_raw()).then_some(attr)
    }
}

/// A region with any number of blocks.
pub struct AnyRegion;
impl RegionConstraintDef for AnyRegion {
    const MAX_BLOCKS: Option<u32> = None;
}

/// A region with at most one block (ODS's `SizedRegion<1>`).
pub struct SizedRegion1;
impl RegionConstraintDef for SizedRegion1 {
    const MAX_BLOCKS: Option<u32> = Some(1);
}

/// Any successor block.
pub struct AnySuccessor;
impl SuccessorConstraintDef for AnySuccessor {}

/// arith's fast-math flags (`#arith.fastmath<nnan,ninf>`, ODS's
/// `Arith_FastMathAttr`), written `<nnan,ninf>` in a format
/// (`fastmath<fast>` after the literal `fastmath`), as upstream ops write
/// it.
pub struct FastMathFlagsAttr;
impl AttrConstraintDef for FastMathFlagsAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Upstream {
        name: "arith.fastmath",
        description: "Floating point fast math flags",
    };
    type Value<'c> = Attribute<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        Self::CONSTRAINT.accepts(attr.to_raw()).then_some(attr)
    }
}

/// arith's integer overflow flags (`#arith.overflow<nsw, nuw>`, ODS's
/// `Arith_IntegerOverflowAttr`), written `<nsw, nuw>` in a format.
pub struct IntegerOverflowFlagsAttr;
impl AttrConstraintDef for IntegerOverflowFlagsAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Upstream {
        name: "arith.overflow",
        description: "Integer overflow arith flags",
    };
    type Value<'c> = Attribute<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        Self::CONSTRAINT.accepts(attr.to_raw()).then_some(attr)
    }
}
