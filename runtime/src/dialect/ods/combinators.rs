//! Constraints made of other constraints, as ODS writes them:
//! `Confined<I64Attr, (IntMinValue<0>, IntMaxValue<10>)>` for ODS's
//! `ConfinedAttr<I64Attr, [IntMinValue<0>, IntMaxValue<10>]>`, `AnyOf`,
//! `AllOf` and `Not` over type or attribute constraints, and the value
//! predicates (`IntMinValue<N>`, `IntPositive`, `ArrayMinCount<N>`...).
//!
//! ODS's lists `[A, B]` are tuples `(A, B)` here (a single element may be
//! written alone); a negative bound takes braces, `IntMinValue<{ -1 }>`.
//! Descriptions are ODS's, so the verifier's messages are its:
//! `attribute 'n' failed to satisfy constraint: 64-bit signless integer
//! attribute whose minimum value is 0 whose maximum value is 10`.

use std::marker::PhantomData;

use melior::ir::{attribute::AttributeLike, Attribute};

use super::{AttrConstraintDef, TypeConstraintDef};
use crate::dialect::constraint::{AttrConstraint, TypeConstraint};

/// A constraint usable inside [`Confined`], [`AnyOf`], [`AllOf`] and
/// [`Not`] on attributes: every attribute constraint, and the value
/// predicates of this module ([`IntMinValue`], [`IntPositive`],
/// [`ArrayMinCount`]...), which constrain a value but are no attribute kind
/// of their own (ODS's `AttrConstraint` as opposed to `Attr`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an attribute constraint",
    note = "use an attribute constraint (`I64Attr`, `ArrayAttr`, ...) or a predicate of `mlir_pass::dialect::ods` (`IntMinValue<0>`, `IntPositive`, `ArrayMinCount<1>`, ...)"
)]
pub trait AttrPredicateDef {
    /// The constraint (named apart from [`AttrConstraintDef::CONSTRAINT`],
    /// so that `Self::CONSTRAINT` stays unambiguous in an attribute
    /// constraint of your own).
    const PREDICATE: AttrConstraint;
}

impl<T: AttrConstraintDef> AttrPredicateDef for T {
    const PREDICATE: AttrConstraint = <T as AttrConstraintDef>::CONSTRAINT;
}

/// The list of a combinator over attributes: a tuple of
/// [`AttrPredicateDef`]s (ODS's `[A, B]`), or a single predicate.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list of attribute constraints",
    note = "write a tuple of attribute constraints or predicates, as in `(IntMinValue<0>, IntMaxValue<10>)` or `(I64Attr, StrAttr)`"
)]
pub trait AttrConstraintList {
    /// The constraints, in order.
    const LIST: &'static [AttrConstraint];
}

/// The list of a combinator over types: a tuple of
/// [`TypeConstraintDef`]s (ODS's `[I32, I64]`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list of type constraints",
    note = "write a tuple of type constraints, as in `(I32, I64)`"
)]
pub trait TypeConstraintList {
    /// The constraints, in order.
    const LIST: &'static [TypeConstraint];
}

macro_rules! tuple_lists {
    ($($name:ident)+) => {
        impl<$($name: AttrPredicateDef),+> AttrConstraintList for ($($name,)+) {
            const LIST: &'static [AttrConstraint] = &[$(<$name as AttrPredicateDef>::PREDICATE),+];
        }
        impl<$($name: TypeConstraintDef),+> TypeConstraintList for ($($name,)+) {
            const LIST: &'static [TypeConstraint] = &[$(<$name as TypeConstraintDef>::CONSTRAINT),+];
        }
    };
}

tuple_lists!(A);
tuple_lists!(A B);
tuple_lists!(A B C);
tuple_lists!(A B C D);
tuple_lists!(A B C D E);
tuple_lists!(A B C D E F);
tuple_lists!(A B C D E F G);
tuple_lists!(A B C D E F G H);

macro_rules! predicates {
    ($($(#[$doc:meta])* $name:ident $(<const $n:ident: $t:ty>)? = $value:expr;)*) => {$(
        $(#[$doc])*
        pub struct $name $(<const $n: $t>)?;
        impl $(<const $n: $t>)? AttrPredicateDef for $name $(<$n>)? {
            const PREDICATE: AttrConstraint = $value;
        }
        impl $(<const $n: $t>)? AttrConstraintList for $name $(<$n>)? {
            const LIST: &'static [AttrConstraint] = &[$value];
        }
    )*};
}

predicates! {
    /// An integer value of at least `N` (ODS's `IntMinValue<N>`, "whose
    /// minimum value is N").
    IntMinValue<const N: i64> = AttrConstraint::IntMinValue(N);
    /// An integer value of at most `N` (ODS's `IntMaxValue<N>`).
    IntMaxValue<const N: i64> = AttrConstraint::IntMaxValue(N);
    /// A non-negative integer value (ODS's `IntNonNegative`).
    IntNonNegative = AttrConstraint::IntNonNegative;
    /// A positive integer value (ODS's `IntPositive`).
    IntPositive = AttrConstraint::IntPositive;
    /// An array of at least `N` elements (ODS's `ArrayMinCount<N>`, "with
    /// at least N elements").
    ArrayMinCount<const N: usize> = AttrConstraint::ArrayMinCount(N);
    /// An array of at most `N` elements (ODS's `ArrayMaxCount<N>`).
    ArrayMaxCount<const N: usize> = AttrConstraint::ArrayMaxCount(N);
    /// An array of exactly `N` elements (ODS's `ArrayCount<N>`).
    ArrayCount<const N: usize> = AttrConstraint::ArrayCount(N);
}

/// An attribute of kind `Base` whose value meets every predicate of
/// `List` (ODS's `ConfinedAttr<Base, [...]>`); its accessor returns what
/// `Base`'s does.
///
/// ```text
/// #[attr] dim: Confined<I64Attr, IntNonNegative>,
/// #[attr] hint: Confined<I32Attr, (IntMinValue<0>, IntMaxValue<3>)>,
/// #[attr] objects: Confined<ArrayAttr, ArrayMinCount<1>>,
/// ```
///
/// A predicate that cannot hold for `Base` (an integer bound on a string
/// attribute) or bounds no value meets (a minimum above the maximum) are
/// compile errors.
pub struct Confined<Base, List>(PhantomData<(Base, List)>);

/// ODS's name for [`Confined`].
pub type ConfinedAttr<Base, List> = Confined<Base, List>;

impl<Base: AttrConstraintDef, List: AttrConstraintList> AttrConstraintDef for Confined<Base, List> {
    const CONSTRAINT: AttrConstraint = {
        check_confined(&Base::CONSTRAINT, List::LIST);
        AttrConstraint::Confined {
            base: &Base::CONSTRAINT,
            constraints: List::LIST,
        }
    };
    type Value<'c> = Base::Value<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
        <Self as AttrConstraintDef>::CONSTRAINT
            .accepts(attr.to_raw())
            .then(|| Base::from_attribute(attr))
            .flatten()
    }
}

/// Refuses, at compile time, a [`Confined`] that no attribute can meet.
const fn check_confined(base: &AttrConstraint, list: &[AttrConstraint]) {
    let integer_base = matches!(
        base,
        AttrConstraint::Integer(_)
            | AttrConstraint::Index
            | AttrConstraint::Bool
            | AttrConstraint::Any
            | AttrConstraint::Custom { .. }
            | AttrConstraint::Predicate { .. }
            | AttrConstraint::AnyOf(_)
            | AttrConstraint::Confined { .. }
    );
    let array_base = matches!(
        base,
        AttrConstraint::Array
            | AttrConstraint::Any
            | AttrConstraint::Custom { .. }
            | AttrConstraint::Predicate { .. }
            | AttrConstraint::AnyOf(_)
            | AttrConstraint::Confined { .. }
    );
    let (mut min, mut max) = (i64::MIN, i64::MAX);
    let (mut min_count, mut max_count) = (0, usize::MAX);
    let mut i = 0;
    while i < list.len() {
        match list[i] {
            AttrConstraint::IntMinValue(n) => min = if n > min { n } else { min },
            AttrConstraint::IntMaxValue(n) => max = if n < max { n } else { max },
            AttrConstraint::IntNonNegative => min = if 0 > min { 0 } else { min },
            AttrConstraint::IntPositive => min = if 1 > min { 1 } else { min },
            AttrConstraint::ArrayMinCount(n) => {
                min_count = if n > min_count { n } else { min_count }
            }
            AttrConstraint::ArrayMaxCount(n) => {
                max_count = if n < max_count { n } else { max_count }
            }
            AttrConstraint::ArrayCount(n) => {
                min_count = if n > min_count { n } else { min_count };
                max_count = if n < max_count { n } else { max_count };
            }
            _ => {}
        }
        let integer_predicate = matches!(
            list[i],
            AttrConstraint::IntMinValue(_)
                | AttrConstraint::IntMaxValue(_)
                | AttrConstraint::IntNonNegative
                | AttrConstraint::IntPositive
        );
        let array_predicate = matches!(
            list[i],
            AttrConstraint::ArrayMinCount(_)
                | AttrConstraint::ArrayMaxCount(_)
                | AttrConstraint::ArrayCount(_)
        );
        if integer_predicate && !integer_base {
            panic!(
                "`Confined<Base, ...>`: an integer predicate (`IntMinValue`, `IntMaxValue`, \
                 `IntNonNegative`, `IntPositive`) needs an integer attribute as `Base`, such as \
                 `I64Attr` or `IndexAttr`"
            );
        }
        if array_predicate && !array_base {
            panic!(
                "`Confined<Base, ...>`: an array predicate (`ArrayMinCount`, `ArrayMaxCount`, \
                 `ArrayCount`) needs `ArrayAttr` as `Base`"
            );
        }
        i += 1;
    }
    if min > max {
        panic!(
            "`Confined<Base, ...>`: the minimum is greater than the maximum, so no value can \
             satisfy it; swap the bounds"
        );
    }
    if min_count > max_count {
        panic!(
            "`Confined<Base, ...>`: the minimum element count is greater than the maximum (or \
             than `ArrayCount`), so no array can satisfy it; fix the counts"
        );
    }
}

/// Any one of the constraints of `List` (ODS's `AnyTypeOf<[...]>` and
/// `AnyAttrOf<[...]>`), described as theirs joined by " or ":
/// `AnyOf<(I32, I64)>` is "32-bit signless integer or 64-bit signless
/// integer". On an attribute, the accessor returns an [`Attribute`].
pub struct AnyOf<List>(PhantomData<List>);

/// ODS's name for [`AnyOf`] over types.
pub type AnyTypeOf<List> = AnyOf<List>;
/// ODS's name for [`AnyOf`] over attributes.
pub type AnyAttrOf<List> = AnyOf<List>;

/// Every one of the constraints of `List` (ODS's `AllOfType<[...]>` and
/// `AllAttrOf<[...]>`), described as theirs joined by " and ".
pub struct AllOf<List>(PhantomData<List>);

/// ODS's name for [`AllOf`] over types.
pub type AllOfType<List> = AllOf<List>;
/// ODS's name for [`AllOf`] over attributes.
pub type AllAttrOf<List> = AllOf<List>;

/// Anything but what `T` accepts, described as "not " and `T`'s
/// description (ODS has no such constraint; its predicates have `Neg`).
pub struct Not<T>(PhantomData<T>);

impl<List: TypeConstraintList> TypeConstraintDef for AnyOf<List> {
    const CONSTRAINT: TypeConstraint = TypeConstraint::AnyOf(List::LIST);
}

impl<List: TypeConstraintList> TypeConstraintDef for AllOf<List> {
    const CONSTRAINT: TypeConstraint = TypeConstraint::AllOf(List::LIST);
}

impl<T: TypeConstraintDef> TypeConstraintDef for Not<T> {
    const CONSTRAINT: TypeConstraint = TypeConstraint::Not(&T::CONSTRAINT);
}

macro_rules! attribute_combinators {
    ($($name:ident<$param:ident: $bound:ident> = $value:expr;)*) => {$(
        impl<$param: $bound> AttrConstraintDef for $name<$param> {
            const CONSTRAINT: AttrConstraint = $value;
            type Value<'c> = Attribute<'c>;
            fn from_attribute(attr: Attribute<'_>) -> Option<Self::Value<'_>> {
                <Self as AttrConstraintDef>::CONSTRAINT.accepts(attr.to_raw()).then_some(attr)
            }
        }
    )*};
}

attribute_combinators! {
    AnyOf<List: AttrConstraintList> = AttrConstraint::AnyOf(List::LIST);
    AllOf<List: AttrConstraintList> = AttrConstraint::AllOf(List::LIST);
    Not<T: AttrPredicateDef> = AttrConstraint::Not(&T::PREDICATE);
}
