//! MLIR 22's `index` dialect (`mlir/Dialect/Index`), declared in Rust: the
//! dialect, its comparison predicate (an enum and an attribute of the
//! dialect, `#index<cmp_predicate slt>`), its constant materializer and its
//! ops ([`ops`]), with their folders (`fold.rs`, on the integer arithmetic
//! of `apint.rs`) and canonicalization patterns (`canonicalize.rs`).
//!
//! Upstream declares it in ODS (`IndexDialect.td`, `IndexEnums.td`,
//! `IndexOps.td`) and C++ (`IndexDialect.cpp`, `IndexOps.cpp`,
//! `IndexAttrs.cpp`); each Rust item names what it stands for.

mod apint;
mod canonicalize;
mod fold;
pub mod ops;

use mlir_pass::dialect::{int_range, mlir_attr, mlir_dialect, mlir_enum, Op};
use mlir_pass::ir::ValueExt;
use mlir_pass::melior::{
    ir::{
        attribute::{AttributeLike, BoolAttribute, IntegerAttribute},
        r#type::IntegerType,
        Attribute, Location, Operation, Type, TypeLike, Value,
    },
    Context,
};

pub use ops::*;

/// The Index dialect: integer arithmetic on `index` values, whose width is
/// that of the target's pointers (32 or 64 bits), unknown until the IR is
/// lowered. Ops fold and canonicalize only where both widths give the same
/// result.
#[mlir_dialect(
    name = "index",
    replaces_upstream,
    materialize_constant = materialize_constant,
    inliner
)]
pub struct IndexDialect;

/// The comparison `index.cmp` makes (ODS's `IndexCmpPredicate`, an
/// `I32EnumAttr` whose values are `intrange::CmpPredicate`'s).
#[mlir_enum(
    name = "::mlir::index::IndexCmpPredicate",
    summary = "index comparison predicate kind"
)]
#[derive(Debug)]
pub enum IndexCmpPredicate {
    /// Equal.
    Eq,
    /// Not equal.
    Ne,
    /// Signed less than.
    Slt,
    /// Signed less than or equal.
    Sle,
    /// Signed greater than.
    Sgt,
    /// Signed greater than or equal.
    Sge,
    /// Unsigned less than.
    Ult,
    /// Unsigned less than or equal.
    Ule,
    /// Unsigned greater than.
    Ugt,
    /// Unsigned greater than or equal.
    Uge,
}

impl IndexCmpPredicate {
    /// The predicate as the folders compute it.
    fn predicate(self) -> apint::Predicate {
        use apint::Predicate as P;
        match self {
            Self::Eq => P::Eq,
            Self::Ne => P::Ne,
            Self::Slt => P::Slt,
            Self::Sle => P::Sle,
            Self::Sgt => P::Sgt,
            Self::Sge => P::Sge,
            Self::Ult => P::Ult,
            Self::Ule => P::Ule,
            Self::Ugt => P::Ugt,
            Self::Uge => P::Uge,
        }
    }

    /// The predicate as the integer range helpers take it (the same values,
    /// as C++'s `static_cast` between the two enums assumes).
    fn range_predicate(self) -> int_range::CmpPredicate {
        use int_range::CmpPredicate as P;
        match self {
            Self::Eq => P::Eq,
            Self::Ne => P::Ne,
            Self::Slt => P::Slt,
            Self::Sle => P::Sle,
            Self::Sgt => P::Sgt,
            Self::Sge => P::Sge,
            Self::Ult => P::Ult,
            Self::Ule => P::Ule,
            Self::Ugt => P::Ugt,
            Self::Uge => P::Uge,
        }
    }
}

/// A comparison predicate as an attribute of the dialect:
/// `#index<cmp_predicate slt>` (ODS's `IndexCmpPredicateAttr`, an
/// `EnumAttr` with the format `$value`, whose summary is its enum's: the
/// words of an op's verifier when the attribute is of another kind).
#[mlir_attr(
    dialect = IndexDialect,
    name = "cmp_predicate",
    format = "$value",
    summary = "index comparison predicate kind"
)]
pub struct IndexCmpPredicateAttr {
    /// The predicate.
    #[param]
    value: IndexCmpPredicate,
}

/// `IndexDialect::materializeConstant`: a `BoolAttr` (any `i1` integer
/// attribute) becomes an `index.bool.constant` of an `i1`, an `index`
/// integer attribute an `index.constant`; nothing else is a constant of
/// the dialect.
fn materialize_constant<'c>(
    context: &'c Context,
    value: Attribute<'c>,
    ty: Type<'c>,
    location: Location<'c>,
) -> Option<Operation<'c>> {
    let integer = IntegerAttribute::try_from(value).ok()?;
    let i1: Type<'c> = IntegerType::new(context, 1).into();
    if integer.r#type() == i1 {
        if ty != i1 {
            return None;
        }
        let value = BoolAttribute::new(context, integer.value() != 0);
        return Some(BoolConstantOp::build(location, ty, value));
    }
    if !integer.r#type().is_index() || !ty.is_index() {
        return None;
    }
    Some(ConstantOp::build(location, ty, integer))
}

/// The value of an `index` constant, as the folders read it.
fn index_value(attribute: Option<Attribute<'_>>) -> Option<i64> {
    IntegerAttribute::try_from(attribute?)
        .ok()
        .map(|a| a.value())
}

/// An `index` attribute of `value`.
fn index_attr(context: &Context, value: i64) -> Attribute<'_> {
    IntegerAttribute::new(Type::index(context), value).into()
}

/// The op that defines `value`, if it is one of `O` (C++'s
/// `value.getDefiningOp<O>()`).
fn defined_by<'a, O: Op<'a>>(value: Value<'a, 'a>) -> Option<O> {
    O::cast(&value.defining_op()?)
}
