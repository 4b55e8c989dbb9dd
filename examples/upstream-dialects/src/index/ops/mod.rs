//! The `index` ops, as `IndexOps.td` declares them and `IndexOps.cpp`
//! folds and canonicalizes them: the binary ops here, the casts in
//! `cast.rs`, the comparison in `cmp.rs`, `sizeof` and the constants in
//! `constant.rs`.

mod cast;
mod cmp;
mod constant;

pub use cast::{CastSOp, CastUOp};
pub use cmp::CmpOp;
pub use constant::{BoolConstantOp, ConstantOp, SizeOfOp};

use mlir_pass::dialect::{
    int_range::{self, CmpMode, OverflowFlags},
    mlir_op,
    ods::Index,
    FoldResult, IntRange, Op, ResultRanges,
};
use mlir_pass::melior::ir::{Attribute, ValueLike};
use mlir_pass::rewrite::PatternSetBuilder;

use super::canonicalize::{AssociativeCommutative, BinaryKind, BinaryOp};
use super::fold::{self, Calculation};
use super::{index_attr, index_value, IndexDialect};

/// `[index]`: the result type of the ops that always make an `index`.
/// Folds two constant operands with `fold` (`fold::checked` or
/// `fold::unchecked`) and `calculate`.
fn fold_constants<'a>(
    context: &'a mlir_pass::melior::Context,
    operands: &[Option<Attribute<'a>>],
    fold: fn(i64, i64, Calculation) -> Option<i64>,
    calculate: Calculation,
) -> Option<FoldResult<'a>> {
    let lhs = index_value(*operands.first()?)?;
    let rhs = index_value(*operands.get(1)?)?;
    fold(lhs, rhs, calculate).map(|v| FoldResult::Attribute(index_attr(context, v)))
}

/// Declares a binary op of `index` values (ODS's `IndexBinaryOp`: `index.add
/// %a, %b`), its `BinaryOp` handle methods, and its integer ranges
/// (`InferIntRangeInterfaceImpls.cpp`): `ranges = (infer, mode)` is
/// `inferIndexOp(infer, argRanges, mode)`.
macro_rules! binary_op {
    (
        $(#[$doc:meta])*
        $name:ident = $mnemonic:literal,
        traits = [$($trait:ident),*],
        ranges = ($infer:expr, $mode:ident)
        $(, $canonicalizer:ident)?
    ) => {
        $(#[$doc])*
        #[mlir_op(
            dialect = IndexDialect,
            name = $mnemonic,
            traits = [$($trait),*],
            format = "$lhs `,` $rhs attr-dict",
            interfaces = [InferIntRangeInterface, InferTypeOpInterface(from_constraints)],
            folder
            $(, $canonicalizer)?
        )]
        pub struct $name {
            /// The left operand.
            #[operand]
            lhs: Index,
            /// The right operand.
            #[operand]
            rhs: Index,
            /// The result.
            #[result]
            result: Index,
        }

        impl<'a> BinaryOp<'a> for $name<'a> {
            fn lhs_value(&self) -> mlir_pass::melior::ir::Value<'a, 'a> {
                self.lhs()
            }

            fn rhs_value(&self) -> mlir_pass::melior::ir::Value<'a, 'a> {
                self.rhs()
            }

            fn build_binary(
                location: mlir_pass::melior::ir::Location<'a>,
                lhs: mlir_pass::melior::ir::Value<'a, '_>,
                rhs: mlir_pass::melior::ir::Value<'a, '_>,
            ) -> mlir_pass::melior::ir::Operation<'a> {
                Self::build(location, lhs.r#type(), lhs, rhs)
            }
        }

        impl BinaryKind for $name<'static> {
            type Handle<'a> = $name<'a>;
        }

        impl $name<'_> {
            fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>) {
                ranges.set(
                    self.result(),
                    int_range::infer_index_op($infer, args, CmpMode::$mode),
                );
            }
        }
    };
}

/// Folds an op whose two operands are constants, with `fold::$how` and
/// `fold::$calc`.
macro_rules! fold_with {
    ($name:ident, $how:ident, $calc:ident) => {
        impl<'a> $name<'a> {
            fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
                fold_constants(self.context(), operands, fold::$how, fold::$calc)
            }
        }
    };
}

/// The canonicalization pattern of the associative and commutative ops
/// (`canonicalizeAssociativeCommutativeBinaryOp`).
macro_rules! associative_commutative {
    ($($name:ident),*) => {$(
        impl $name<'_> {
            fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
                patterns.add(AssociativeCommutative::<$name<'static>>::new())
            }
        }
    )*};
}

binary_op! {
    /// Adds two `index` values: `index.add %a, %b`.
    AddOp = "add", traits = [Commutative, Pure],
        ranges = (|a| int_range::infer_add(a, OverflowFlags::NONE), Both),
        canonicalizer
}
binary_op! {
    /// Subtracts: `index.sub %a, %b`.
    SubOp = "sub", traits = [Pure],
        ranges = (|a| int_range::infer_sub(a, OverflowFlags::NONE), Both)
}
binary_op! {
    /// Multiplies: `index.mul %a, %b`.
    MulOp = "mul", traits = [Commutative, Pure],
        ranges = (|a| int_range::infer_mul(a, OverflowFlags::NONE), Both),
        canonicalizer
}
binary_op! {
    /// Signed division, rounding towards zero: `index.divs %a, %b`. Not
    /// speculatable (division by zero is undefined).
    DivSOp = "divs", traits = [NoMemoryEffect],
        ranges = (int_range::infer_div_s, Signed)
}
binary_op! {
    /// Unsigned division: `index.divu %a, %b`.
    DivUOp = "divu", traits = [NoMemoryEffect],
        ranges = (int_range::infer_div_u, Unsigned)
}
binary_op! {
    /// Signed division, rounding towards positive infinity: `index.ceildivs
    /// %a, %b`.
    CeilDivSOp = "ceildivs", traits = [NoMemoryEffect],
        ranges = (int_range::infer_ceil_div_s, Signed)
}
binary_op! {
    /// Unsigned division, rounding up: `index.ceildivu %a, %b`.
    CeilDivUOp = "ceildivu", traits = [NoMemoryEffect],
        ranges = (int_range::infer_ceil_div_u, Unsigned)
}
binary_op! {
    /// Signed division, rounding towards negative infinity:
    /// `index.floordivs %a, %b`.
    FloorDivSOp = "floordivs", traits = [NoMemoryEffect],
        ranges = (int_range::infer_floor_div_s, Signed)
}
binary_op! {
    /// Signed remainder: `index.rems %a, %b`.
    RemSOp = "rems", traits = [NoMemoryEffect],
        ranges = (int_range::infer_rem_s, Signed)
}
binary_op! {
    /// Unsigned remainder: `index.remu %a, %b`.
    RemUOp = "remu", traits = [NoMemoryEffect],
        ranges = (int_range::infer_rem_u, Unsigned)
}
binary_op! {
    /// Signed maximum: `index.maxs %a, %b`.
    MaxSOp = "maxs", traits = [Commutative, Pure],
        ranges = (int_range::infer_max_s, Signed),
        canonicalizer
}
binary_op! {
    /// Unsigned maximum: `index.maxu %a, %b`.
    MaxUOp = "maxu", traits = [Commutative, Pure],
        ranges = (int_range::infer_max_u, Unsigned),
        canonicalizer
}
binary_op! {
    /// Signed minimum: `index.mins %a, %b`.
    MinSOp = "mins", traits = [Commutative, Pure],
        ranges = (int_range::infer_min_s, Signed),
        canonicalizer
}
binary_op! {
    /// Unsigned minimum: `index.minu %a, %b`.
    MinUOp = "minu", traits = [Commutative, Pure],
        ranges = (int_range::infer_min_u, Unsigned),
        canonicalizer
}
binary_op! {
    /// Shift left: `index.shl %a, %b`.
    ShlOp = "shl", traits = [Pure],
        ranges = (|a| int_range::infer_shl(a, OverflowFlags::NONE), Both)
}
binary_op! {
    /// Arithmetic shift right: `index.shrs %a, %b`.
    ShrSOp = "shrs", traits = [Pure],
        ranges = (int_range::infer_shr_s, Signed)
}
binary_op! {
    /// Logical shift right: `index.shru %a, %b`.
    ShrUOp = "shru", traits = [Pure],
        ranges = (int_range::infer_shr_u, Unsigned)
}
binary_op! {
    /// Bitwise and: `index.and %a, %b`.
    AndOp = "and", traits = [Commutative, Pure],
        ranges = (int_range::infer_and, Unsigned),
        canonicalizer
}
binary_op! {
    /// Bitwise or: `index.or %a, %b`.
    OrOp = "or", traits = [Commutative, Pure],
        ranges = (int_range::infer_or, Unsigned),
        canonicalizer
}
binary_op! {
    /// Bitwise exclusive or: `index.xor %a, %b`.
    XOrOp = "xor", traits = [Commutative, Pure],
        ranges = (int_range::infer_xor, Unsigned),
        canonicalizer
}

fold_with!(DivSOp, checked, divs);
fold_with!(DivUOp, checked, divu);
fold_with!(CeilDivSOp, checked, ceildivs);
fold_with!(CeilDivUOp, checked, ceildivu);
fold_with!(FloorDivSOp, checked, floordivs);
fold_with!(RemSOp, checked, rems);
fold_with!(RemUOp, checked, remu);
fold_with!(MaxSOp, checked, maxs);
fold_with!(MaxUOp, checked, maxu);
fold_with!(MinSOp, checked, mins);
fold_with!(MinUOp, checked, minu);
fold_with!(ShlOp, unchecked, shl);
fold_with!(ShrSOp, checked, shrs);
fold_with!(ShrUOp, checked, shru);
fold_with!(AndOp, unchecked, and);
fold_with!(OrOp, unchecked, or);
fold_with!(XOrOp, unchecked, xor);

associative_commutative!(AddOp, MulOp, MaxSOp, MaxUOp, MinSOp, MinUOp, AndOp, OrOp, XOrOp);

impl<'a> AddOp<'a> {
    /// Constants fold; `add(x, 0)` is `x`.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_constants(self.context(), operands, fold::unchecked, fold::add)
            .or_else(|| (index_value(operands[1])? == 0).then(|| FoldResult::Value(self.lhs())))
    }
}

impl<'a> SubOp<'a> {
    /// Constants fold; `sub(x, 0)` is `x`.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_constants(self.context(), operands, fold::unchecked, fold::sub)
            .or_else(|| (index_value(operands[1])? == 0).then(|| FoldResult::Value(self.lhs())))
    }
}

impl<'a> MulOp<'a> {
    /// Constants fold; `mul(x, 1)` is `x`, `mul(x, 0)` is 0.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_constants(self.context(), operands, fold::unchecked, fold::mul).or_else(|| {
            match index_value(operands[1])? {
                1 => Some(FoldResult::Value(self.lhs())),
                0 => operands[1].map(FoldResult::Attribute),
                _ => None,
            }
        })
    }
}
