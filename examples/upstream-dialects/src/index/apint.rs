//! The little of LLVM's `APInt` and MLIR's `ConstantIntRanges` that the
//! index folders use, at the two widths they fold at: 64 bits (the width
//! an `index` attribute stores) and 32 bits (the narrowest target an
//! `index` may have). Every operation wraps as `APInt`'s does.

use std::cmp::Ordering;

/// An integer of 32 or 64 bits, as `APInt` holds it: the bits, unsigned,
/// and the width; signed or unsigned is the operation's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApInt {
    bits: u64,
    width: u32,
}

impl ApInt {
    /// `value`'s low `width` bits (`width` is 32 or 64).
    pub fn new(width: u32, value: u64) -> Self {
        debug_assert!(width == 32 || width == 64);
        Self {
            bits: value & mask(width),
            width,
        }
    }

    /// The value of an `index` attribute: 64 bits.
    pub fn index(value: i64) -> Self {
        Self::new(64, value as u64)
    }

    /// The width.
    pub fn width(self) -> u32 {
        self.width
    }

    /// The bits, zero-extended.
    #[cfg(test)]
    pub fn zext_value(self) -> u64 {
        self.bits
    }

    /// The value, sign-extended (`getSExtValue`).
    pub fn sext_value(self) -> i64 {
        let shift = 64 - self.width;
        ((self.bits << shift) as i64) >> shift
    }

    /// `trunc(32)`.
    pub fn trunc32(self) -> Self {
        Self::new(32, self.bits)
    }

    /// The same width, another value (an `int64_t` sign-extended to it,
    /// as `APInt + int64_t` does).
    fn with(self, value: i64) -> Self {
        Self::new(self.width, value as u64)
    }

    /// Zero.
    pub fn is_zero(self) -> bool {
        self.bits == 0
    }

    /// Bit-equality (`eq`).
    pub fn eq(self, other: Self) -> bool {
        self.bits == other.bits
    }

    /// `isNegative`.
    pub fn is_negative(self) -> bool {
        self.sext_value() < 0
    }

    /// Signed comparison.
    pub fn scmp(self, other: Self) -> Ordering {
        self.sext_value().cmp(&other.sext_value())
    }

    /// Unsigned comparison.
    pub fn ucmp(self, other: Self) -> Ordering {
        self.bits.cmp(&other.bits)
    }

    /// `sgt`.
    pub fn sgt(self, other: Self) -> bool {
        self.scmp(other).is_gt()
    }

    /// `slt`.
    pub fn slt(self, other: Self) -> bool {
        self.scmp(other).is_lt()
    }

    /// `ugt`.
    pub fn ugt(self, other: Self) -> bool {
        self.ucmp(other).is_gt()
    }

    /// `ult`.
    pub fn ult(self, other: Self) -> bool {
        self.ucmp(other).is_lt()
    }

    /// `uge(n)` against a small unsigned number.
    pub fn uge_u64(self, n: u64) -> bool {
        self.bits >= n
    }

    /// `+`, wrapping.
    pub fn add(self, other: Self) -> Self {
        self.with(self.bits.wrapping_add(other.bits) as i64)
    }

    /// `-`, wrapping.
    pub fn sub(self, other: Self) -> Self {
        self.with(self.bits.wrapping_sub(other.bits) as i64)
    }

    /// `*`, wrapping.
    pub fn mul(self, other: Self) -> Self {
        self.with(self.bits.wrapping_mul(other.bits) as i64)
    }

    /// Unary `-`, wrapping.
    pub fn neg(self) -> Self {
        self.with(self.bits.wrapping_neg() as i64)
    }

    /// `+ int64_t`.
    pub fn add_i64(self, n: i64) -> Self {
        self.add(self.with(n))
    }

    /// `int64_t - self`.
    pub fn rsub_i64(self, n: i64) -> Self {
        self.with(n).sub(self)
    }

    /// `sdiv` (the divisor is not zero); `INT_MIN / -1` wraps to `INT_MIN`.
    pub fn sdiv(self, other: Self) -> Self {
        self.with(self.sext_value().wrapping_div(other.sext_value()))
    }

    /// `udiv` (the divisor is not zero).
    pub fn udiv(self, other: Self) -> Self {
        self.with((self.bits / other.bits) as i64)
    }

    /// `srem` (the divisor is not zero).
    pub fn srem(self, other: Self) -> Self {
        self.with(self.sext_value().wrapping_rem(other.sext_value()))
    }

    /// `urem` (the divisor is not zero).
    pub fn urem(self, other: Self) -> Self {
        self.with((self.bits % other.bits) as i64)
    }

    /// `&`.
    pub fn and(self, other: Self) -> Self {
        self.with((self.bits & other.bits) as i64)
    }

    /// `|`.
    pub fn or(self, other: Self) -> Self {
        self.with((self.bits | other.bits) as i64)
    }

    /// `^`.
    pub fn xor(self, other: Self) -> Self {
        self.with((self.bits ^ other.bits) as i64)
    }

    /// `<<` by less than the width.
    pub fn shl(self, amount: Self) -> Self {
        self.with((self.bits << amount.bits) as i64)
    }

    /// `ashr` by less than the width.
    pub fn ashr(self, amount: Self) -> Self {
        self.with(self.sext_value() >> amount.bits)
    }

    /// `lshr` by less than the width.
    pub fn lshr(self, amount: Self) -> Self {
        self.with((self.bits >> amount.bits) as i64)
    }

    /// `getSignedMinValue(width)`.
    pub fn signed_min(width: u32) -> Self {
        Self::new(width, 1 << (width - 1))
    }

    /// `getSignedMaxValue(width)`.
    pub fn signed_max(width: u32) -> Self {
        Self::new(width, (1 << (width - 1)) - 1)
    }

    /// `getMinValue(width)`: zero.
    pub fn unsigned_min(width: u32) -> Self {
        Self::new(width, 0)
    }

    /// `getMaxValue(width)`: all ones.
    pub fn unsigned_max(width: u32) -> Self {
        Self::new(width, u64::MAX)
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1 << width) - 1
    }
}

/// MLIR's `ConstantIntRanges`: the bounds of an integer, signed and
/// unsigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranges {
    umin: ApInt,
    umax: ApInt,
    smin: ApInt,
    smax: ApInt,
}

impl Ranges {
    /// `ConstantIntRanges::constant`.
    pub fn constant(value: ApInt) -> Self {
        Self {
            umin: value,
            umax: value,
            smin: value,
            smax: value,
        }
    }

    /// `ConstantIntRanges::fromSigned`.
    pub fn from_signed(smin: ApInt, smax: ApInt) -> Self {
        let width = smin.width();
        let (umin, umax) = if smin.is_negative() == smax.is_negative() {
            (
                if smin.ult(smax) { smin } else { smax },
                if smin.ugt(smax) { smin } else { smax },
            )
        } else {
            (ApInt::unsigned_min(width), ApInt::unsigned_max(width))
        };
        Self {
            umin,
            umax,
            smin,
            smax,
        }
    }

    /// `ConstantIntRanges::fromUnsigned`.
    pub fn from_unsigned(umin: ApInt, umax: ApInt) -> Self {
        let width = umin.width();
        let (smin, smax) = if umin.is_negative() == umax.is_negative() {
            (
                if umin.slt(umax) { umin } else { umax },
                if umin.sgt(umax) { umin } else { umax },
            )
        } else {
            (ApInt::signed_min(width), ApInt::signed_max(width))
        };
        Self {
            umin,
            umax,
            smin,
            smax,
        }
    }

    /// `getConstantValue`.
    fn constant_value(self) -> Option<ApInt> {
        if self.umin == self.umax {
            Some(self.umin)
        } else if self.smin == self.smax {
            Some(self.smin)
        } else {
            None
        }
    }
}

/// A comparison, as `intrange::CmpPredicate` numbers them (and
/// `IndexCmpPredicate`, whose values are the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate {
    /// `eq`.
    Eq,
    /// `ne`.
    Ne,
    /// `slt`.
    Slt,
    /// `sle`.
    Sle,
    /// `sgt`.
    Sgt,
    /// `sge`.
    Sge,
    /// `ult`.
    Ult,
    /// `ule`.
    Ule,
    /// `ugt`.
    Ugt,
    /// `uge`.
    Uge,
}

impl Predicate {
    /// `lhs pred rhs`, as `compareIndices` (APInt's `eq`, `slt`, ...).
    pub fn compare(self, lhs: ApInt, rhs: ApInt) -> bool {
        let (s, u) = (lhs.scmp(rhs), lhs.ucmp(rhs));
        match self {
            Self::Eq => lhs.eq(rhs),
            Self::Ne => !lhs.eq(rhs),
            Self::Slt => s.is_lt(),
            Self::Sle => s.is_le(),
            Self::Sgt => s.is_gt(),
            Self::Sge => s.is_ge(),
            Self::Ult => u.is_lt(),
            Self::Ule => u.is_le(),
            Self::Ugt => u.is_gt(),
            Self::Uge => u.is_ge(),
        }
    }

    /// `cmp(x, x)`, as `compareSameArgs`.
    pub fn same_operands(self) -> bool {
        matches!(
            self,
            Self::Eq | Self::Sge | Self::Sle | Self::Uge | Self::Ule
        )
    }

    /// `invertPredicate`.
    fn inverse(self) -> Self {
        match self {
            Self::Eq => Self::Ne,
            Self::Ne => Self::Eq,
            Self::Slt => Self::Sge,
            Self::Sle => Self::Sgt,
            Self::Sgt => Self::Sle,
            Self::Sge => Self::Slt,
            Self::Ult => Self::Uge,
            Self::Ule => Self::Ugt,
            Self::Ugt => Self::Ule,
            Self::Uge => Self::Ult,
        }
    }

    /// `isStaticallyTrue` of InferIntRangeCommon.cpp.
    fn statically_true(self, lhs: Ranges, rhs: Ranges) -> bool {
        match self {
            Self::Sle => lhs.smax.scmp(rhs.smin).is_le(),
            Self::Slt => lhs.smax.slt(rhs.smin),
            Self::Ule => lhs.umax.ucmp(rhs.umin).is_le(),
            Self::Ult => lhs.umax.ult(rhs.umin),
            Self::Sge => lhs.smin.scmp(rhs.smax).is_ge(),
            Self::Sgt => lhs.smin.sgt(rhs.smax),
            Self::Uge => lhs.umin.ucmp(rhs.umax).is_ge(),
            Self::Ugt => lhs.umin.ugt(rhs.umax),
            Self::Eq => matches!(
                (lhs.constant_value(), rhs.constant_value()),
                (Some(a), Some(b)) if a == b
            ),
            Self::Ne => {
                let signed =
                    Self::Slt.statically_true(lhs, rhs) || Self::Sgt.statically_true(lhs, rhs);
                let unsigned =
                    Self::Ult.statically_true(lhs, rhs) || Self::Ugt.statically_true(lhs, rhs);
                signed && unsigned
            }
        }
    }

    /// `intrange::evaluatePred`: the comparison's result whatever values
    /// the two ranges hold, if it is known.
    pub fn evaluate(self, lhs: Ranges, rhs: Ranges) -> Option<bool> {
        if self.statically_true(lhs, rhs) {
            Some(true)
        } else if self.inverse().statically_true(lhs, rhs) {
            Some(false)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_wraps_at_its_width() {
        let min32 = ApInt::signed_min(32);
        assert_eq!(min32.sdiv(ApInt::new(32, u64::MAX)), min32);
        assert_eq!(min32.srem(ApInt::new(32, u64::MAX)).zext_value(), 0);
        assert_eq!(ApInt::index(-1).trunc32().zext_value(), 0xffff_ffff);
        assert_eq!(ApInt::index(-8).ashr(ApInt::index(1)).sext_value(), -4);
        assert_eq!(ApInt::index(-8).lshr(ApInt::index(60)).sext_value(), 15);
        assert_eq!(ApInt::new(32, 5).rsub_i64(-1).sext_value(), -6);
        assert_eq!(ApInt::signed_max(64).add_i64(1), ApInt::signed_min(64));
    }

    #[test]
    fn ranges_evaluate_comparisons_as_mlir() {
        let a = ApInt::index(5);
        let below_five = Ranges::from_signed(ApInt::signed_min(64), a);
        let ten = Ranges::constant(ApInt::index(10));
        assert_eq!(Predicate::Slt.evaluate(below_five, ten), Some(true));
        assert_eq!(Predicate::Sge.evaluate(below_five, ten), Some(false));
        // Signed min up to 5 spans every unsigned value: unknown.
        assert_eq!(Predicate::Ult.evaluate(below_five, ten), None);
        // `ne` needs both orders disjoint.
        assert_eq!(Predicate::Ne.evaluate(below_five, ten), None);
        let small = Ranges::from_unsigned(ApInt::index(0), a);
        assert_eq!(Predicate::Ne.evaluate(small, ten), Some(true));
        assert_eq!(Predicate::Eq.evaluate(ten, ten), Some(true));
    }
}
