//! The index folders' arithmetic, as `IndexOps.cpp` computes it: an
//! `index` is 32 or 64 bits wide depending on the target, so an op folds
//! only to a value both widths agree on.

use super::apint::{ApInt, Predicate, Ranges};

/// A fold's computation at one width: `None` when it does not fold.
pub type Calculation = fn(ApInt, ApInt) -> Option<ApInt>;

/// `foldBinaryOpUnchecked`: for operations whose result's low 32 bits
/// depend only on the operands' (`trunc(f(a, b)) == f(trunc(a),
/// trunc(b))`), the 64-bit result.
pub fn unchecked(lhs: i64, rhs: i64, calculate: Calculation) -> Option<i64> {
    let (lhs, rhs) = (ApInt::index(lhs), ApInt::index(rhs));
    let result = calculate(lhs, rhs)?;
    debug_assert_eq!(
        Some(result.trunc32()),
        calculate(lhs.trunc32(), rhs.trunc32())
    );
    Some(result.sext_value())
}

/// `foldBinaryOpChecked`: the 64-bit result, when its low 32 bits are the
/// 32-bit result.
pub fn checked(lhs: i64, rhs: i64, calculate: Calculation) -> Option<i64> {
    let (lhs, rhs) = (ApInt::index(lhs), ApInt::index(rhs));
    let result64 = calculate(lhs, rhs)?;
    let result32 = calculate(lhs.trunc32(), rhs.trunc32())?;
    (result64.trunc32() == result32).then(|| result64.sext_value())
}

/// `lhs + rhs`.
pub fn add(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(lhs.add(rhs))
}

/// `lhs - rhs`.
pub fn sub(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(lhs.sub(rhs))
}

/// `lhs * rhs`.
pub fn mul(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(lhs.mul(rhs))
}

/// Signed division; not by zero.
pub fn divs(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    (!rhs.is_zero()).then(|| lhs.sdiv(rhs))
}

/// Unsigned division; not by zero.
pub fn divu(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    (!rhs.is_zero()).then(|| lhs.udiv(rhs))
}

/// `calculateCeilDivS`: `x = m > 0 ? -1 : 1`, then `n*m > 0 ? (n+x)/m + 1
/// : -(-n/m)`.
pub fn ceildivs(n: ApInt, m: ApInt) -> Option<ApInt> {
    if m.is_zero() {
        return None;
    }
    if n.is_zero() {
        return Some(n);
    }
    let zero = ApInt::new(n.width(), 0);
    let m_positive = m.sgt(zero);
    if n.sgt(zero) != m_positive {
        return Some(n.neg().sdiv(m).neg());
    }
    let x = if m_positive { -1 } else { 1 };
    Some(n.add_i64(x).sdiv(m).add_i64(1))
}

/// `n == 0 ? 0 : (n-1)/m + 1`, unsigned; not by zero.
pub fn ceildivu(n: ApInt, m: ApInt) -> Option<ApInt> {
    if m.is_zero() {
        return None;
    }
    if n.is_zero() {
        return Some(n);
    }
    Some(n.add_i64(-1).udiv(m).add_i64(1))
}

/// `calculateFloorDivS`: `x = m < 0 ? 1 : -1`, then `n*m < 0 ? -1 -
/// (x-n)/m : n/m`.
pub fn floordivs(n: ApInt, m: ApInt) -> Option<ApInt> {
    if m.is_zero() {
        return None;
    }
    if n.is_zero() {
        return Some(n);
    }
    let zero = ApInt::new(n.width(), 0);
    let m_negative = m.slt(zero);
    if n.slt(zero) == m_negative {
        return Some(n.sdiv(m));
    }
    let x = if m_negative { 1 } else { -1 };
    Some(n.rsub_i64(x).sdiv(m).rsub_i64(-1))
}

/// Signed remainder; not by zero.
pub fn rems(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    (!rhs.is_zero()).then(|| lhs.srem(rhs))
}

/// Unsigned remainder; not by zero.
pub fn remu(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    (!rhs.is_zero()).then(|| lhs.urem(rhs))
}

/// The signed maximum.
pub fn maxs(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(if lhs.sgt(rhs) { lhs } else { rhs })
}

/// The unsigned maximum.
pub fn maxu(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(if lhs.ugt(rhs) { lhs } else { rhs })
}

/// The signed minimum.
pub fn mins(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(if lhs.slt(rhs) { lhs } else { rhs })
}

/// The unsigned minimum.
pub fn minu(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(if lhs.ult(rhs) { lhs } else { rhs })
}

/// `lhs << rhs`, not by 32 or more (undefined on a 32-bit target).
pub fn shl(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    (!rhs.uge_u64(32)).then(|| lhs.shl(rhs))
}

/// Arithmetic shift right, not by 32 or more.
pub fn shrs(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    (!rhs.uge_u64(32)).then(|| lhs.ashr(rhs))
}

/// Logical shift right, not by 32 or more.
pub fn shru(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    (!rhs.uge_u64(32)).then(|| lhs.lshr(rhs))
}

/// `lhs & rhs`.
pub fn and(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(lhs.and(rhs))
}

/// `lhs | rhs`.
pub fn or(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(lhs.or(rhs))
}

/// `lhs ^ rhs`.
pub fn xor(lhs: ApInt, rhs: ApInt) -> Option<ApInt> {
    Some(lhs.xor(rhs))
}

/// `cmp(lhs, rhs)` of two constants, when both widths agree.
pub fn compare(predicate: Predicate, lhs: i64, rhs: i64) -> Option<bool> {
    let (lhs, rhs) = (ApInt::index(lhs), ApInt::index(rhs));
    let result64 = predicate.compare(lhs, rhs);
    let result32 = predicate.compare(lhs.trunc32(), rhs.trunc32());
    (result64 == result32).then_some(result64)
}

/// Which of `index.maxs`, `maxu`, `mins`, `minu` feeds a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// `index.maxs`.
    MaxS,
    /// `index.maxu`.
    MaxU,
    /// `index.mins`.
    MinS,
    /// `index.minu`.
    MinU,
}

/// `cmp(max/min(x, a), b)` (`foldCmpOfMaxOrMin`, at both widths): the
/// comparison's result whatever `x` is, when both widths know it and agree.
pub fn compare_bound(predicate: Predicate, bound: Bound, a: i64, b: i64) -> Option<bool> {
    let at = |a: ApInt, b: ApInt| {
        let width = a.width();
        let lhs = match bound {
            Bound::MinS => Ranges::from_signed(ApInt::signed_min(width), a),
            Bound::MinU => Ranges::from_unsigned(ApInt::unsigned_min(width), a),
            Bound::MaxS => Ranges::from_signed(a, ApInt::signed_max(width)),
            Bound::MaxU => Ranges::from_unsigned(a, ApInt::unsigned_max(width)),
        };
        predicate.evaluate(lhs, Ranges::constant(b))
    };
    let (a, b) = (ApInt::index(a), ApInt::index(b));
    let result64 = at(a, b)?;
    let result32 = at(a.trunc32(), b.trunc32())?;
    (result64 == result32).then_some(result64)
}

/// What `index.casts` (`signed`) or `index.castu` folds a constant to
/// (`foldCastOp`): `value` is the input's bits, `from` its width (64 for
/// `index`), `to` the result's width (`None` for `index`). Returns the
/// result's bits (sign-extended to 64 when narrower), when it folds; a
/// result wider than 64 bits is given by its low 64 bits and `true` when
/// it is their sign or zero extension, as `signed` says.
pub fn cast(value: i64, from: u32, to: Option<u32>, signed: bool) -> Option<i64> {
    // The input, as an `APInt` of its width (to at most 64 bits: wider
    // inputs are truncated to 64 by a cast to `index` anyway).
    let low = value as u64;
    let extend = |bits: u64, width: u32| -> i64 {
        if width >= 64 {
            bits as i64
        } else if signed {
            let shift = 64 - width;
            ((bits << shift) as i64) >> shift
        } else {
            (bits & ((1u64 << width) - 1)) as i64
        }
    };
    let Some(width) = to else {
        // To `index`: extended or truncated to 64 bits.
        return Some(extend(low, from.min(64)));
    };
    let value = extend(low, from.min(64));
    if width <= 32 {
        // Truncation: always folds.
        return Some(sign_extend(value as u64, width));
    }
    let low32 = extend(value as u64 & 0xffff_ffff, 32);
    if width >= 64 {
        // An extension: the 32-bit target's must be the same.
        return (low32 == value).then_some(value);
    }
    let result = sign_extend(value as u64, width);
    (result == sign_extend(low32 as u64, width)).then_some(result)
}

/// `bits`' low `width` bits, sign-extended.
fn sign_extend(bits: u64, width: u32) -> i64 {
    let shift = 64 - width;
    ((bits << shift) as i64) >> shift
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_folds_where_both_widths_agree() {
        assert_eq!(checked(6, 4, ceildivs), Some(2));
        assert_eq!(checked(-6, 4, ceildivs), Some(-1));
        assert_eq!(checked(-6, 4, floordivs), Some(-2));
        assert_eq!(checked(6, -4, floordivs), Some(-2));
        assert_eq!(checked(7, 0, divs), None);
        // 2^32 / 2: the 32-bit target divides 0.
        assert_eq!(checked(1 << 32, 2, divu), None);
        assert_eq!(checked(-1, 2, divu), None);
        assert_eq!(checked(5, 3, ceildivu), Some(2));
        assert_eq!(checked(0, 3, ceildivu), Some(0));
    }

    #[test]
    fn unchecked_ops_fold_at_64_bits() {
        assert_eq!(unchecked(i64::MAX, 1, add), Some(i64::MIN));
        assert_eq!(unchecked(1, 31, shl), Some(1 << 31));
        assert_eq!(unchecked(1, 32, shl), None);
        assert_eq!(checked(-16, 2, shrs), Some(-4));
        // 2^33 >> 1 is 0 on a 32-bit target, as is its low half: folded.
        assert_eq!(checked(1 << 33, 1, shru), Some(1 << 32));
        assert_eq!(checked(1 << 32, 1, shru), None);
    }

    #[test]
    fn casts_fold_as_fold_cast_op() {
        // i8 -1 to index: signed -1, unsigned 255.
        assert_eq!(cast(-1, 8, None, true), Some(-1));
        assert_eq!(cast(-1, 8, None, false), Some(255));
        // index to i32 truncates; to i64 only when the 32-bit target agrees.
        assert_eq!(cast(0x1_0000_0001, 64, Some(32), true), Some(1));
        assert_eq!(cast(0x1_0000_0001, 64, Some(64), true), None);
        assert_eq!(cast(-1, 64, Some(64), true), Some(-1));
        assert_eq!(cast(-1, 64, Some(64), false), None);
        assert_eq!(cast(-1, 64, Some(48), true), Some(-1));
    }

    #[test]
    fn comparisons_of_bounds() {
        // mins(x, 5) < 10 whatever x is, at both widths.
        assert_eq!(
            compare_bound(Predicate::Slt, Bound::MinS, 5, 10),
            Some(true)
        );
        assert_eq!(compare_bound(Predicate::Sgt, Bound::MaxS, 5, 2), Some(true));
        assert_eq!(
            compare_bound(Predicate::Slt, Bound::MaxS, 5, 2),
            Some(false)
        );
        // 2^32 + 5 is 5 on a 32-bit target.
        assert_eq!(
            compare_bound(Predicate::Ugt, Bound::MaxU, (1 << 32) + 5, 10),
            None
        );
        assert_eq!(
            compare_bound(Predicate::Ugt, Bound::MaxU, (1 << 32) + 5, 1 << 32),
            Some(true)
        );
        assert_eq!(compare(Predicate::Ult, 1 << 32, 1), None);
        assert_eq!(compare(Predicate::Ult, 0, 1), Some(true));
    }
}
