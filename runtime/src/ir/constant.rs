//! Constants as C++'s matchers see them: `m_Constant`, `m_ConstantInt`,
//! `m_ConstantFloat`, `m_Zero`, `m_One` (`mlir/IR/Matchers.h`).
//!
//! A value matches when it is the result of a constant-like op
//! (`OpTrait::ConstantLike`: `arith.constant`, `index.constant`,
//! `llvm.mlir.constant`, ...), asked inside MLIR. Integer and float matchers
//! take scalars and splat vectors or tensors, as C++'s do, and say which it
//! was and what the element type is.
//!
//! Prefer these to melior's attribute accessors for constants: melior
//! 0.27.8's `DenseElementsAttribute::i64_element` (and the other typed
//! element getters) does not check the element type, and on a
//! `vector<4xi32>` reads memory that was never initialised; its
//! `IntegerAttribute::value` returns the low 64 bits of a wider integer.
//! The matchers here check the type and say when a value does not fit.

use melior::ir::{Attribute, Type};
use mlir_sys as sys;

use crate::ffi::bridge::{self, MlirPassBridgeFloatConstant, MlirPassBridgeIntConstant};

/// An integer constant: a scalar, or a splat vector or tensor (C++'s
/// `m_ConstantInt` with its `APInt`).
#[derive(Clone, Copy, Debug)]
pub struct IntConstant<'c> {
    element_type: Type<'c>,
    width: u32,
    splat: bool,
    signed: Option<i64>,
    unsigned: Option<u64>,
}

impl<'c> IntConstant<'c> {
    /// The element type: an integer type or `index`.
    pub fn element_type(&self) -> Type<'c> {
        self.element_type
    }

    /// The bit width of the element type (64 for `index`).
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Whether the constant is a splat vector or tensor (every element this
    /// value) rather than a scalar.
    pub fn is_splat(&self) -> bool {
        self.splat
    }

    /// The value read as a signed integer (`APInt::getSExtValue`), or `None`
    /// when it does not fit in an `i64` (a wider type). `i1` true reads as
    /// -1, as in C++.
    pub fn as_i64(&self) -> Option<i64> {
        self.signed
    }

    /// The value read as an unsigned integer (`APInt::getZExtValue`), or
    /// `None` when it does not fit in a `u64`. `i1` true reads as 1.
    pub fn as_u64(&self) -> Option<u64> {
        self.unsigned
    }

    /// Whether every bit is zero (C++'s `m_Zero`).
    pub fn is_zero(&self) -> bool {
        self.unsigned == Some(0)
    }

    /// Whether the value is one (C++'s `m_One`).
    pub fn is_one(&self) -> bool {
        self.unsigned == Some(1)
    }

    /// Whether every bit is one (C++'s `m_AllOnes`): -1 read as signed.
    pub fn is_all_ones(&self) -> bool {
        self.signed == Some(-1)
    }
}

/// A floating-point constant: a scalar, or a splat vector or tensor (C++'s
/// `m_ConstantFloat` with its `APFloat`).
#[derive(Clone, Copy, Debug)]
pub struct FloatConstant<'c> {
    element_type: Type<'c>,
    width: u32,
    splat: bool,
    exact: bool,
    value: f64,
}

impl<'c> FloatConstant<'c> {
    /// The element type (`f16`, `bf16`, `f32`, `f64`, ...).
    pub fn element_type(&self) -> Type<'c> {
        self.element_type
    }

    /// The bit width of the element type.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Whether the constant is a splat vector or tensor.
    pub fn is_splat(&self) -> bool {
        self.splat
    }

    /// The value as an `f64` (rounded to nearest for types wider than
    /// `f64`; see [`FloatConstant::is_exact`]).
    pub fn value(&self) -> f64 {
        self.value
    }

    /// Whether [`FloatConstant::value`] is exactly the constant (always for
    /// `f16`, `bf16`, `f32` and `f64`).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Whether the value is +0.0 or -0.0 (C++'s `m_AnyZeroFloat`).
    pub fn is_any_zero(&self) -> bool {
        self.value == 0.0
    }

    /// Whether the value is +0.0 (C++'s `m_PosZeroFloat`).
    pub fn is_positive_zero(&self) -> bool {
        self.value == 0.0 && self.value.is_sign_positive()
    }

    /// Whether the value is exactly 1.0 (C++'s `m_OneFloat`).
    pub fn is_one(&self) -> bool {
        self.exact && self.value == 1.0
    }
}

/// `m_Constant(&attr)` on `value` (see [`super::ValueExt::constant`]).
pub(super) fn match_constant<'c>(value: sys::MlirValue) -> Option<Attribute<'c>> {
    let mut out = sys::MlirAttribute {
        ptr: std::ptr::null_mut(),
    };
    // SAFETY: a valid value; `out` is written on success only.
    let matched = unsafe { bridge::mlirPassBridgeMatchConstant(value, &mut out) };
    // SAFETY: an attribute of the value's context.
    (matched && !out.ptr.is_null()).then(|| unsafe { Attribute::from_raw(out) })
}

/// `m_ConstantInt` on `value`.
pub(super) fn match_int<'c>(value: sys::MlirValue) -> Option<IntConstant<'c>> {
    // SAFETY: plain old data, fully written on success.
    let mut out: MlirPassBridgeIntConstant = unsafe { std::mem::zeroed() };
    // SAFETY: a valid value and out-pointer.
    if !unsafe { bridge::mlirPassBridgeMatchConstantInt(value, &mut out) } {
        return None;
    }
    Some(IntConstant {
        // SAFETY: a type of the value's context.
        element_type: unsafe { Type::from_raw(out.elementType) },
        width: out.width,
        splat: out.isSplat,
        signed: out.fitsSigned.then_some(out.sext),
        unsigned: out.fitsUnsigned.then_some(out.zext),
    })
}

/// `m_ConstantFloat` on `value`.
pub(super) fn match_float<'c>(value: sys::MlirValue) -> Option<FloatConstant<'c>> {
    // SAFETY: plain old data, fully written on success.
    let mut out: MlirPassBridgeFloatConstant = unsafe { std::mem::zeroed() };
    // SAFETY: a valid value and out-pointer.
    if !unsafe { bridge::mlirPassBridgeMatchConstantFloat(value, &mut out) } {
        return None;
    }
    Some(FloatConstant {
        // SAFETY: a type of the value's context.
        element_type: unsafe { Type::from_raw(out.elementType) },
        width: out.width,
        splat: out.isSplat,
        exact: out.isExact,
        value: out.value,
    })
}
