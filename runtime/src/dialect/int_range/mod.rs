//! Integer ranges (C++'s `InferIntRangeInterface`): what a Rust op says
//! about the values of its results given its operands' ranges, which MLIR's
//! integer range analysis (`-int-range-optimizations`,
//! `-arith-unsigned-when-equivalent`, `-arith-int-range-narrowing`) uses
//! as it uses the C++ ops'.
//!
//! An op lists `InferIntRangeInterface` in `#[mlir_op(interfaces = [...])]`
//! and answers with a method:
//!
//! ```ignore
//! // index.add, as upstream infers it:
//! fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>) {
//!     let add = |a: &[IntRange]| int_range::infer_add(a, OverflowFlags::NONE);
//!     ranges.set(self.result(), int_range::infer_index_op(add, args, CmpMode::Both));
//! }
//! ```
//!
//! `InferIntRangeInterface(from_optional)` answers
//! `inferResultRangesFromOptional` instead, given `Option<IntRange>` per
//! operand (`None`: not known yet; C++'s uninitialized
//! `IntegerValueRange`).
//!
//! The computations ([`infer_add`], [`IntRange::union`], [`trunc_range`],
//! ...) are MLIR's own (`InferIntRangeCommon.cpp`), called through the
//! bridge, so a Rust op computes what the C++ op it mirrors computes, to
//! the bit. Ranges hold at most 128 bits: for an op with a wider operand or
//! result, MLIR is told the widest ranges, as for an op without the
//! interface, and the Rust method is not called.

mod apint;
pub(super) mod callback;
mod infer;

pub use apint::{ApInt, MAX_WIDTH};
pub use infer::*;

use std::marker::PhantomData;

use melior::ir::{operation::OperationLike, Type, TypeLike, ValueLike};
use mlir_sys as sys;

use crate::{
    ffi::bridge::{self, MlirPassBridgeIntRange},
    OperationRef,
};

/// Bounds on an integer value, read both ways: `umin <= x <= umax` as
/// unsigned and `smin <= x <= smax` as signed (C++'s `ConstantIntRanges`).
/// The four bounds have one width: the value's storage width
/// ([`IntRange::storage_width`]: 64 for `index`, 0 for a value that is not
/// an integer).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IntRange {
    umin: ApInt,
    umax: ApInt,
    smin: ApInt,
    smax: ApInt,
}

impl IntRange {
    /// The range with these bounds.
    ///
    /// # Panics
    /// When the bounds' widths differ (C++ asserts it).
    #[track_caller]
    pub fn new(umin: ApInt, umax: ApInt, smin: ApInt, smax: ApInt) -> Self {
        let w = umin.width();
        assert!(
            umax.width() == w && smin.width() == w && smax.width() == w,
            "IntRange::new with bounds of {}, {}, {} and {} bits: all bounds in a range have one \
             width",
            w,
            umax.width(),
            smin.width(),
            smax.width()
        );
        Self {
            umin,
            umax,
            smin,
            smax,
        }
    }

    /// Every value of `width` bits (`ConstantIntRanges::maxRange`).
    #[track_caller]
    pub fn max_range(width: u32) -> Self {
        assert!(
            width <= MAX_WIDTH,
            "IntRange::max_range({width}): at most {MAX_WIDTH} bits are supported"
        );
        compute(
            bridge::MlirPassBridgeIntRangeFn::MlirPassBridgeIntRangeMaxRange,
            &[],
            width,
        )
    }

    /// Exactly `value` (`ConstantIntRanges::constant`).
    pub fn constant(value: ApInt) -> Self {
        Self::new(value, value, value, value)
    }

    /// From `min` to `max`, read as signed if `signed`, the other reading
    /// derived (`ConstantIntRanges::range`).
    #[track_caller]
    pub fn range(min: ApInt, max: ApInt, signed: bool) -> Self {
        let unsigned = Self::new(min, max, min, max);
        compute(
            bridge::MlirPassBridgeIntRangeFn::MlirPassBridgeIntRangeRange,
            &[unsigned],
            u32::from(signed),
        )
    }

    /// Signed bounds, the unsigned ones derived
    /// (`ConstantIntRanges::fromSigned`).
    #[track_caller]
    pub fn from_signed(smin: ApInt, smax: ApInt) -> Self {
        compute(
            bridge::MlirPassBridgeIntRangeFn::MlirPassBridgeIntRangeFromSigned,
            &[Self::new(smin, smax, smin, smax)],
            0,
        )
    }

    /// Unsigned bounds, the signed ones derived
    /// (`ConstantIntRanges::fromUnsigned`).
    #[track_caller]
    pub fn from_unsigned(umin: ApInt, umax: ApInt) -> Self {
        compute(
            bridge::MlirPassBridgeIntRangeFn::MlirPassBridgeIntRangeFromUnsigned,
            &[Self::new(umin, umax, umin, umax)],
            0,
        )
    }

    /// The bit width of the bounds.
    pub fn width(&self) -> u32 {
        self.umin.width()
    }

    /// The smallest value read as unsigned.
    pub fn umin(&self) -> ApInt {
        self.umin
    }

    /// The largest value read as unsigned.
    pub fn umax(&self) -> ApInt {
        self.umax
    }

    /// The smallest value read as signed.
    pub fn smin(&self) -> ApInt {
        self.smin
    }

    /// The largest value read as signed.
    pub fn smax(&self) -> ApInt {
        self.smax
    }

    /// The union, signed and unsigned bounds apart (`rangeUnion`).
    ///
    /// # Panics
    /// When the widths differ.
    #[track_caller]
    pub fn union(&self, other: &Self) -> Self {
        compute(
            bridge::MlirPassBridgeIntRangeFn::MlirPassBridgeIntRangeUnion,
            &[*self, *other],
            0,
        )
    }

    /// The intersection, signed and unsigned bounds apart (`intersection`).
    ///
    /// # Panics
    /// When the widths differ.
    #[track_caller]
    pub fn intersection(&self, other: &Self) -> Self {
        compute(
            bridge::MlirPassBridgeIntRangeFn::MlirPassBridgeIntRangeIntersection,
            &[*self, *other],
            0,
        )
    }

    /// The one value either reading allows, if there is one
    /// (`getConstantValue`).
    pub fn constant_value(&self) -> Option<ApInt> {
        let raw = compute_raw(
            bridge::MlirPassBridgeIntRangeFn::MlirPassBridgeIntRangeConstantValue,
            &[*self],
            0,
        );
        raw.known.then(|| ApInt::from_words(raw.width, raw.umin))
    }

    /// The width of the ranges of values of type `ty`
    /// (`ConstantIntRanges::getStorageBitwidth`): an integer type's width,
    /// 64 for `index`, 0 for any other type.
    pub fn storage_width(ty: Type<'_>) -> u32 {
        // SAFETY: a valid type, only read.
        unsafe { bridge::mlirPassBridgeIntRangeStorageWidth(ty.to_raw()) }
    }

    pub(super) fn to_raw(self) -> MlirPassBridgeIntRange {
        MlirPassBridgeIntRange {
            width: self.width(),
            known: true,
            umin: self.umin.words(),
            umax: self.umax.words(),
            smin: self.smin.words(),
            smax: self.smax.words(),
        }
    }

    pub(super) fn from_raw(raw: &MlirPassBridgeIntRange) -> Option<Self> {
        let w = raw.width;
        raw.known.then(|| Self {
            umin: ApInt::from_words(w, raw.umin),
            umax: ApInt::from_words(w, raw.umax),
            smin: ApInt::from_words(w, raw.smin),
            smax: ApInt::from_words(w, raw.smax),
        })
    }
}

/// As C++'s `operator<<`: `unsigned : [umin, umax] signed : [smin, smax]`.
impl std::fmt::Display for IntRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unsigned : [{}, {}] signed : [{}, {}]",
            self.umin,
            self.umax,
            self.smin.to_i128(),
            self.smax.to_i128()
        )
    }
}

impl std::fmt::Debug for IntRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "IntRange(i{}: {self})", self.width())
    }
}

/// `fn_` of `args` through the bridge.
#[track_caller]
fn compute(fn_: bridge::MlirPassBridgeIntRangeFn, args: &[IntRange], param: u32) -> IntRange {
    let raw = compute_raw(fn_, args, param);
    IntRange::from_raw(&raw).expect("the bridge answers a known range")
}

/// `fn_` of `args` through the bridge, its answer as the bridge gives it.
///
/// # Panics
/// When the bridge refuses the arguments (see
/// `mlirPassBridgeIntRangeCompute`): the callers check what it checks
/// first, with messages of their own; this is the last guard.
#[track_caller]
fn compute_raw(
    fn_: bridge::MlirPassBridgeIntRangeFn,
    args: &[IntRange],
    param: u32,
) -> MlirPassBridgeIntRange {
    if let Some(other) = args.iter().find(|a| a.width() != args[0].width()) {
        panic!(
            "integer ranges of {} and {} bits in one computation: give ranges of one width",
            args[0].width(),
            other.width()
        );
    }
    let raw: Vec<MlirPassBridgeIntRange> = args.iter().map(|a| a.to_raw()).collect();
    let mut out = MlirPassBridgeIntRange {
        width: 0,
        known: false,
        umin: [0; 2],
        umax: [0; 2],
        smin: [0; 2],
        smax: [0; 2],
    };
    // SAFETY: `raw` lives for the call; `out` is written on success only.
    let ok = unsafe {
        bridge::mlirPassBridgeIntRangeCompute(
            fn_,
            raw.as_ptr(),
            raw.len() as isize,
            param,
            &mut out,
        )
    };
    assert!(
        ok,
        "MLIR's range computation refused its arguments ({} ranges of {} bits, parameter {param})",
        args.len(),
        args.first().map_or(0, IntRange::width)
    );
    out
}

/// Where an op's integer range method puts the ranges it infers (C++'s
/// `SetIntRangeFn`/`SetIntLatticeFn`): one per result, and per argument of
/// the blocks of its regions that is not a branch argument.
pub struct ResultRanges<'a> {
    op: sys::MlirOperation,
    pub(super) ranges: Vec<(sys::MlirValue, MlirPassBridgeIntRange)>,
    _borrow: PhantomData<&'a ()>,
}

impl<'a> ResultRanges<'a> {
    pub(super) fn new(op: OperationRef<'a>) -> Self {
        Self {
            op: op.to_raw(),
            ranges: Vec::new(),
            _borrow: PhantomData,
        }
    }

    /// Says that `value` lies in `range` (C++'s `setResultRange(value,
    /// range)`).
    ///
    /// # Panics
    /// When `value` is neither a result of the op nor an argument of a block
    /// of one of its regions, or when `range`'s width is not the storage
    /// width of `value`'s type ([`IntRange::storage_width`]): C++ asserts
    /// neither; the panic is reported at the op, the running pass fails, and
    /// MLIR is told the widest ranges.
    #[track_caller]
    pub fn set<'c>(&mut self, value: impl ValueLike<'c>, range: IntRange) {
        self.set_raw(value, range.width(), range.to_raw());
    }

    /// Says what is known of `value`: `Some(range)` as [`ResultRanges::set`],
    /// `None` nothing yet (C++'s uninitialized `IntegerValueRange`), for an
    /// op answering `inferResultRangesFromOptional`.
    ///
    /// # Panics
    /// As [`ResultRanges::set`].
    #[track_caller]
    pub fn set_optional<'c>(&mut self, value: impl ValueLike<'c>, range: Option<IntRange>) {
        match range {
            Some(range) => self.set(value, range),
            None => {
                let width = self.check_value(value.to_raw());
                let unknown = MlirPassBridgeIntRange {
                    width,
                    known: false,
                    umin: [0; 2],
                    umax: [0; 2],
                    smin: [0; 2],
                    smax: [0; 2],
                };
                self.ranges.push((value.to_raw(), unknown));
            }
        }
    }

    #[track_caller]
    fn set_raw<'c>(&mut self, value: impl ValueLike<'c>, width: u32, raw: MlirPassBridgeIntRange) {
        let expected = self.check_value(value.to_raw());
        if width != expected {
            // SAFETY: a valid value.
            let ty = unsafe { Type::from_raw(sys::mlirValueGetType(value.to_raw())) };
            panic!(
                "`ResultRanges::set` was given a range of {width} bits for a value of type `{ty}`, \
                 whose ranges have {expected} bits (IntRange::storage_width)"
            );
        }
        self.ranges.push((value.to_raw(), raw));
    }

    /// The storage width of `value`, after checking it is the op's.
    #[track_caller]
    fn check_value(&self, raw: sys::MlirValue) -> u32 {
        // SAFETY (block): a valid value and op, only read.
        let ours = unsafe {
            if sys::mlirValueIsAOpResult(raw) {
                sys::mlirOperationEqual(sys::mlirOpResultGetOwner(raw), self.op)
            } else {
                let parent = sys::mlirBlockGetParentOperation(sys::mlirBlockArgumentGetOwner(raw));
                !parent.ptr.is_null() && sys::mlirOperationEqual(parent, self.op)
            }
        };
        assert!(
            ours,
            "`ResultRanges::set` was given a value that is neither a result of this op nor an \
             argument of a block of its regions"
        );
        // SAFETY: a valid value.
        IntRange::storage_width(unsafe { Type::from_raw(sys::mlirValueGetType(raw)) })
    }
}

impl std::fmt::Debug for ResultRanges<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResultRanges")
            .field("set", &self.ranges.len())
            .finish()
    }
}

/// `InferIntRangeInterface::inferResultRanges`: the op's ranges from its
/// operands' known ranges.
pub type InferRangesHook = for<'a> fn(OperationRef<'a>, &[IntRange], &mut ResultRanges<'a>);
/// `InferIntRangeInterface::inferResultRangesFromOptional`: the op's ranges
/// from what is known of its operands (`None`: nothing yet).
pub type InferOptionalRangesHook =
    for<'a> fn(OperationRef<'a>, &[Option<IntRange>], &mut ResultRanges<'a>);

/// `InferIntRangeInterface` as an op declares it: which method it answers.
#[derive(Clone, Copy, Debug)]
pub enum IntRangeInterface {
    /// `inferResultRanges` (the op's `infer_result_ranges`), called once
    /// every operand's range is known.
    Known(InferRangesHook),
    /// `inferResultRangesFromOptional` (the op's
    /// `infer_result_ranges_from_optional`).
    Optional(InferOptionalRangesHook),
}
