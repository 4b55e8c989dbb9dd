//! The range inference of MLIR's arithmetic ops
//! (`mlir/Interfaces/Utils/InferIntRangeCommon.h`, shared by `arith` and
//! `index`), for Rust ops mirroring them: `infer_add(args, flags)` is
//! `intrange::inferAdd(argRanges, ovfFlags)`, computed by MLIR itself.

use super::{compute, IntRange};
use crate::ffi::bridge::MlirPassBridgeIntRangeFn as RangeFn;

/// The smallest width `index` may have on a target (`intrange::indexMinWidth`).
pub const INDEX_MIN_WIDTH: u32 = 32;
/// The largest width `index` may have, and its storage width
/// (`intrange::indexMaxWidth`).
pub const INDEX_MAX_WIDTH: u32 = 64;

/// `arith`'s overflow flags for the inference of `add`, `sub`, `mul` and
/// `shl` (`intrange::OverflowFlags`): with `NSW` or `NUW`, a bound that
/// would wrap saturates instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OverflowFlags(u32);

impl OverflowFlags {
    /// Wrapping arithmetic.
    pub const NONE: Self = Self(0);
    /// No signed wrap.
    pub const NSW: Self = Self(1);
    /// No unsigned wrap.
    pub const NUW: Self = Self(2);

    /// Whether every flag of `other` is set.
    pub fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for OverflowFlags {
    type Output = Self;
    fn bitor(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }
}

/// Which reading of a result [`infer_index_op`] compares between its 64-bit
/// and 32-bit inferences (`intrange::CmpMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpMode {
    /// Both readings.
    Both,
    /// The signed bounds.
    Signed,
    /// The unsigned bounds.
    Unsigned,
}

/// An integer comparison (`intrange::CmpPredicate`, ordered as
/// `arith.cmpi`'s and `index.cmp`'s predicates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum CmpPredicate {
    Eq = 0,
    Ne = 1,
    Slt = 2,
    Sle = 3,
    Sgt = 4,
    Sge = 5,
    Ult = 6,
    Ule = 7,
    Ugt = 8,
    Uge = 9,
}

#[track_caller]
fn binary(fn_: RangeFn, args: &[IntRange], param: u32, name: &str) -> IntRange {
    assert!(
        args.len() == 2,
        "int_range::{name} takes the ranges of two operands, but was given {}",
        args.len()
    );
    assert!(
        args[0].width() > 0,
        "int_range::{name} was given ranges of 0 bits (values that are not integers)"
    );
    compute(fn_, args, param)
}

macro_rules! binary_inference {
    ($($(#[$doc:meta])* $name:ident => $fn_:ident;)*) => {$(
        $(#[$doc])*
        ///
        /// # Panics
        /// Unless `args` holds two ranges of one width, at least 1 bit.
        #[track_caller]
        pub fn $name(args: &[IntRange]) -> IntRange {
            binary(RangeFn::$fn_, args, 0, stringify!($name))
        }
    )*};
}

macro_rules! flagged_inference {
    ($($(#[$doc:meta])* $name:ident => $fn_:ident;)*) => {$(
        $(#[$doc])*
        ///
        /// # Panics
        /// Unless `args` holds two ranges of one width, at least 1 bit.
        #[track_caller]
        pub fn $name(args: &[IntRange], flags: OverflowFlags) -> IntRange {
            binary(RangeFn::$fn_, args, flags.0, stringify!($name))
        }
    )*};
}

flagged_inference! {
    /// `lhs + rhs` (`intrange::inferAdd`).
    infer_add => MlirPassBridgeIntRangeAdd;
    /// `lhs - rhs` (`intrange::inferSub`).
    infer_sub => MlirPassBridgeIntRangeSub;
    /// `lhs * rhs` (`intrange::inferMul`).
    infer_mul => MlirPassBridgeIntRangeMul;
    /// `lhs << rhs` (`intrange::inferShl`).
    infer_shl => MlirPassBridgeIntRangeShl;
}

binary_inference! {
    /// Unsigned division (`intrange::inferDivU`).
    infer_div_u => MlirPassBridgeIntRangeDivU;
    /// Signed division (`intrange::inferDivS`).
    infer_div_s => MlirPassBridgeIntRangeDivS;
    /// Unsigned division rounding up (`intrange::inferCeilDivU`).
    infer_ceil_div_u => MlirPassBridgeIntRangeCeilDivU;
    /// Signed division rounding up (`intrange::inferCeilDivS`).
    infer_ceil_div_s => MlirPassBridgeIntRangeCeilDivS;
    /// Signed division rounding down (`intrange::inferFloorDivS`).
    infer_floor_div_s => MlirPassBridgeIntRangeFloorDivS;
    /// Unsigned remainder (`intrange::inferRemU`).
    infer_rem_u => MlirPassBridgeIntRangeRemU;
    /// Signed remainder (`intrange::inferRemS`).
    infer_rem_s => MlirPassBridgeIntRangeRemS;
    /// Signed maximum (`intrange::inferMaxS`).
    infer_max_s => MlirPassBridgeIntRangeMaxS;
    /// Unsigned maximum (`intrange::inferMaxU`).
    infer_max_u => MlirPassBridgeIntRangeMaxU;
    /// Signed minimum (`intrange::inferMinS`).
    infer_min_s => MlirPassBridgeIntRangeMinS;
    /// Unsigned minimum (`intrange::inferMinU`).
    infer_min_u => MlirPassBridgeIntRangeMinU;
    /// Bitwise and (`intrange::inferAnd`).
    infer_and => MlirPassBridgeIntRangeAnd;
    /// Bitwise or (`intrange::inferOr`).
    infer_or => MlirPassBridgeIntRangeOr;
    /// Bitwise exclusive or (`intrange::inferXor`).
    infer_xor => MlirPassBridgeIntRangeXor;
    /// Arithmetic shift right (`intrange::inferShrS`).
    infer_shr_s => MlirPassBridgeIntRangeShrS;
    /// Logical shift right (`intrange::inferShrU`).
    infer_shr_u => MlirPassBridgeIntRangeShrU;
}

#[track_caller]
fn resize(fn_: RangeFn, range: &IntRange, width: u32, name: &str, wider: bool) -> IntRange {
    let ok = if wider {
        width >= range.width() && width <= super::MAX_WIDTH
    } else {
        width >= 1 && width <= range.width()
    };
    assert!(
        ok && range.width() > 0,
        "int_range::{name} of a range of {} bits to {width} bits: {}",
        range.width(),
        if wider {
            "extend to a width at least the range's, at most 128"
        } else {
            "truncate to a width from 1 to the range's"
        }
    );
    compute(fn_, std::slice::from_ref(range), width)
}

/// `range` extended to `width` bits, zero-extending the unsigned bounds and
/// sign-extending the signed ones (`intrange::extRange`).
#[track_caller]
pub fn ext_range(range: &IntRange, width: u32) -> IntRange {
    resize(
        RangeFn::MlirPassBridgeIntRangeExt,
        range,
        width,
        "ext_range",
        true,
    )
}

/// The range of a zero extension to `width` bits (`intrange::extUIRange`).
#[track_caller]
pub fn ext_ui_range(range: &IntRange, width: u32) -> IntRange {
    resize(
        RangeFn::MlirPassBridgeIntRangeExtU,
        range,
        width,
        "ext_ui_range",
        true,
    )
}

/// The range of a sign extension to `width` bits (`intrange::extSIRange`).
#[track_caller]
pub fn ext_si_range(range: &IntRange, width: u32) -> IntRange {
    resize(
        RangeFn::MlirPassBridgeIntRangeExtS,
        range,
        width,
        "ext_si_range",
        true,
    )
}

/// The range of a truncation to `width` bits (`intrange::truncRange`).
#[track_caller]
pub fn trunc_range(range: &IntRange, width: u32) -> IntRange {
    resize(
        RangeFn::MlirPassBridgeIntRangeTrunc,
        range,
        width,
        "trunc_range",
        false,
    )
}

/// The range of an `index` op's result, which must hold whether `index`
/// has 64 bits or 32 (`intrange::inferIndexOp`): `infer` on the 64-bit
/// ranges, and on the ranges truncated to 32 bits; the 64-bit answer when
/// its truncation agrees with the 32-bit one in `mode`, else their union.
///
/// ```ignore
/// // index.add's inferResultRanges:
/// let add = |a: &[IntRange]| int_range::infer_add(a, OverflowFlags::NONE);
/// ranges.set(self.result(), int_range::infer_index_op(add, args, CmpMode::Both));
/// ```
///
/// # Panics
/// When a range does not have 64 bits, or as `infer` does.
#[track_caller]
pub fn infer_index_op(
    infer: impl Fn(&[IntRange]) -> IntRange,
    args: &[IntRange],
    mode: CmpMode,
) -> IntRange {
    if let Some(arg) = args.iter().find(|a| a.width() != INDEX_MAX_WIDTH) {
        panic!(
            "int_range::infer_index_op was given a range of {} bits: ranges of `index` values \
             have {INDEX_MAX_WIDTH}",
            arg.width()
        );
    }
    let sixty_four = infer(args);
    let truncated: Vec<IntRange> = args
        .iter()
        .map(|r| trunc_range(r, INDEX_MIN_WIDTH))
        .collect();
    let thirty_two = infer(&truncated);
    let thirty_two_as_sixty_four = ext_range(&thirty_two, INDEX_MAX_WIDTH);
    let sixty_four_as_thirty_two = trunc_range(&sixty_four, INDEX_MIN_WIDTH);
    let equal = match mode {
        CmpMode::Both => thirty_two == sixty_four_as_thirty_two,
        CmpMode::Signed => {
            thirty_two.smin() == sixty_four_as_thirty_two.smin()
                && thirty_two.smax() == sixty_four_as_thirty_two.smax()
        }
        CmpMode::Unsigned => {
            thirty_two.umin() == sixty_four_as_thirty_two.umin()
                && thirty_two.umax() == sixty_four_as_thirty_two.umax()
        }
    };
    if equal {
        sixty_four
    } else {
        sixty_four.union(&thirty_two_as_sixty_four)
    }
}

/// Whether `lhs pred rhs` holds for every pair of values in the ranges
/// (`Some(true)`), for none (`Some(false)`), or is undecided
/// (`intrange::evaluatePred`).
///
/// # Panics
/// When the ranges' widths differ or are 0.
#[track_caller]
pub fn evaluate_pred(pred: CmpPredicate, lhs: &IntRange, rhs: &IntRange) -> Option<bool> {
    assert!(
        lhs.width() == rhs.width() && lhs.width() > 0,
        "int_range::evaluate_pred of ranges of {} and {} bits: compare ranges of one width",
        lhs.width(),
        rhs.width()
    );
    let raw = super::compute_raw(
        RangeFn::MlirPassBridgeIntRangeEvaluatePred,
        &[*lhs, *rhs],
        pred as u32,
    );
    raw.known.then_some(raw.umin[0] == 1)
}
