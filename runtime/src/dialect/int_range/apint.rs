//! [`ApInt`]: an integer of a fixed bit width (C++'s `APInt`), up to 128
//! bits, the bounds of an [`IntRange`](super::IntRange).

use std::cmp::Ordering;

/// An integer of `width` bits (0 to 128), neither signed nor unsigned: the
/// operations say how they read it, as C++'s `APInt` does. A `Copy` value;
/// the bits above the width are always zero.
///
/// ```
/// use mlir_pass::dialect::int_range::ApInt;
/// let minus_one = ApInt::from_i64(8, -1);
/// assert_eq!(minus_one.to_u128(), 255);
/// assert_eq!(minus_one.to_i128(), -1);
/// assert_eq!(minus_one.zext(16).to_u128(), 255);
/// assert_eq!(minus_one.sext(16).to_i128(), -1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ApInt {
    width: u32,
    bits: u128,
}

/// The widest [`ApInt`].
pub const MAX_WIDTH: u32 = 128;

fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

#[track_caller]
fn check_width(width: u32) {
    assert!(
        width <= MAX_WIDTH,
        "ApInt of {width} bits: at most {MAX_WIDTH} bits are supported"
    );
}

impl ApInt {
    /// The low `width` bits of `bits` (C++'s `APInt(width, bits,
    /// /*isSigned=*/false, /*implicitTrunc=*/true)`).
    ///
    /// # Panics
    /// When `width` is over 128.
    #[track_caller]
    pub fn new(width: u32, bits: u128) -> Self {
        check_width(width);
        Self {
            width,
            bits: bits & mask(width),
        }
    }

    /// `value` in two's complement, truncated to `width` bits.
    #[track_caller]
    pub fn from_i64(width: u32, value: i64) -> Self {
        Self::new(width, value as i128 as u128)
    }

    /// `value`, truncated to `width` bits.
    #[track_caller]
    pub fn from_u64(width: u32, value: u64) -> Self {
        Self::new(width, u128::from(value))
    }

    /// `value` in two's complement, truncated to `width` bits.
    #[track_caller]
    pub fn from_i128(width: u32, value: i128) -> Self {
        Self::new(width, value as u128)
    }

    /// Zero (`APInt::getZero`).
    #[track_caller]
    pub fn zero(width: u32) -> Self {
        Self::new(width, 0)
    }

    /// Every bit set: the unsigned maximum, -1 read as signed
    /// (`APInt::getAllOnes`, `getMaxValue`).
    #[track_caller]
    pub fn all_ones(width: u32) -> Self {
        Self::new(width, u128::MAX)
    }

    /// The smallest signed value (`APInt::getSignedMinValue`): only the sign
    /// bit set.
    #[track_caller]
    pub fn signed_min(width: u32) -> Self {
        check_width(width);
        match width {
            0 => Self::zero(0),
            w => Self::new(w, 1u128 << (w - 1)),
        }
    }

    /// The largest signed value (`APInt::getSignedMaxValue`).
    #[track_caller]
    pub fn signed_max(width: u32) -> Self {
        check_width(width);
        match width {
            0 => Self::zero(0),
            w => Self::new(w, mask(w - 1)),
        }
    }

    /// The bit width.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The bits, read as unsigned (`getZExtValue` without the 64-bit limit).
    pub fn to_u128(&self) -> u128 {
        self.bits
    }

    /// The bits, read as signed (`getSExtValue` without the 64-bit limit).
    /// A width of 0 reads as 0.
    pub fn to_i128(&self) -> i128 {
        match self.width {
            0 => 0,
            w => ((self.bits << (128 - w)) as i128) >> (128 - w),
        }
    }

    /// The value read as unsigned, if it fits in a `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        u64::try_from(self.bits).ok()
    }

    /// The value read as signed, if it fits in an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        i64::try_from(self.to_i128()).ok()
    }

    /// Whether every bit is zero.
    pub fn is_zero(&self) -> bool {
        self.bits == 0
    }

    /// Whether the sign bit is set.
    pub fn is_negative(&self) -> bool {
        self.width > 0 && (self.bits >> (self.width - 1)) & 1 == 1
    }

    /// Zero-extended to `width` bits (`APInt::zext`).
    ///
    /// # Panics
    /// When `width` is narrower than this one's, or over 128.
    #[track_caller]
    pub fn zext(&self, width: u32) -> Self {
        assert!(
            width >= self.width,
            "ApInt::zext to {width} bits of an ApInt of {} bits: extend to a wider width",
            self.width
        );
        Self::new(width, self.bits)
    }

    /// Sign-extended to `width` bits (`APInt::sext`).
    ///
    /// # Panics
    /// When `width` is narrower than this one's, or over 128.
    #[track_caller]
    pub fn sext(&self, width: u32) -> Self {
        assert!(
            width >= self.width,
            "ApInt::sext to {width} bits of an ApInt of {} bits: extend to a wider width",
            self.width
        );
        Self::from_i128(width, self.to_i128())
    }

    /// The low `width` bits (`APInt::trunc`).
    ///
    /// # Panics
    /// When `width` is wider than this one's.
    #[track_caller]
    pub fn trunc(&self, width: u32) -> Self {
        assert!(
            width <= self.width,
            "ApInt::trunc to {width} bits of an ApInt of {} bits: truncate to a narrower width",
            self.width
        );
        Self::new(width, self.bits)
    }

    /// Compares as unsigned integers (`ult`, `ugt`...).
    ///
    /// # Panics
    /// When the widths differ, as C++ asserts.
    #[track_caller]
    pub fn cmp_unsigned(&self, other: &Self) -> Ordering {
        self.same_width(other);
        self.bits.cmp(&other.bits)
    }

    /// Compares as signed integers (`slt`, `sgt`...).
    ///
    /// # Panics
    /// When the widths differ, as C++ asserts.
    #[track_caller]
    pub fn cmp_signed(&self, other: &Self) -> Ordering {
        self.same_width(other);
        self.to_i128().cmp(&other.to_i128())
    }

    #[track_caller]
    fn same_width(&self, other: &Self) {
        assert_eq!(
            self.width, other.width,
            "ApInt comparison of {} bits with {} bits: compare integers of one width",
            self.width, other.width
        );
    }

    /// The low and high 64-bit words, for the bridge.
    pub(super) fn words(&self) -> [u64; 2] {
        [self.bits as u64, (self.bits >> 64) as u64]
    }

    /// From the bridge's words.
    pub(super) fn from_words(width: u32, words: [u64; 2]) -> Self {
        Self::new(
            width.min(MAX_WIDTH),
            u128::from(words[0]) | (u128::from(words[1]) << 64),
        )
    }
}

impl std::fmt::Debug for ApInt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:i{}", self.bits, self.width)
    }
}

/// The value read as unsigned, as C++'s `APInt::print(os, false)`.
impl std::fmt::Display for ApInt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_and_readings() {
        assert_eq!(ApInt::signed_min(8).to_i128(), -128);
        assert_eq!(ApInt::signed_max(8).to_i128(), 127);
        assert_eq!(ApInt::signed_min(128).to_i128(), i128::MIN);
        assert_eq!(ApInt::all_ones(128).to_u128(), u128::MAX);
        assert_eq!(ApInt::all_ones(1).to_i128(), -1);
        assert_eq!(ApInt::zero(0).to_i128(), 0);
        assert_eq!(ApInt::new(4, 0x1f).to_u128(), 0xf);
        assert!(ApInt::from_i64(64, -5).is_negative());
        assert_eq!(ApInt::from_i64(64, -5).as_i64(), Some(-5));
        assert_eq!(ApInt::from_i64(64, -5).as_u64(), Some(-5i64 as u64));
        assert_eq!(ApInt::from_i64(64, -5).trunc(32).to_i128(), -5);
        assert_eq!(
            ApInt::from_i64(8, -1).cmp_signed(&ApInt::zero(8)),
            Ordering::Less
        );
        assert_eq!(
            ApInt::from_i64(8, -1).cmp_unsigned(&ApInt::zero(8)),
            Ordering::Greater
        );
        let big = ApInt::from_i128(100, -3);
        assert_eq!(ApInt::from_words(100, big.words()), big);
    }

    #[test]
    #[should_panic(expected = "at most 128 bits")]
    fn wider_than_128_bits_is_refused() {
        let _ = ApInt::zero(129);
    }
}
