//! Values: use lists, replacing uses, defining ops, constants; block
//! arguments.

use std::{fmt, marker::PhantomData};

use melior::ir::{operation::OperationRefMut, ValueLike};
use mlir_sys as sys;

use super::OperationExt;
use crate::ffi::bridge;

/// One use of a value: the op that uses it, and at which operand.
#[derive(Clone, Copy)]
pub struct ValueUse<'c, 'a> {
    /// The op whose operand it is.
    pub owner: OperationRefMut<'c, 'a>,
    /// The operand's index in `owner`.
    pub operand_number: usize,
}

impl fmt::Debug for ValueUse<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ValueUse")
            .field("owner", &self.owner.name_str())
            .field("operand_number", &self.operand_number)
            .finish()
    }
}

/// An iterator over a value's uses ([`ValueExt::uses`]).
pub struct Uses<'c, 'a> {
    next: sys::MlirOpOperand,
    _borrow: PhantomData<OperationRefMut<'c, 'a>>,
}

impl<'c, 'a> Iterator for Uses<'c, 'a> {
    type Item = ValueUse<'c, 'a>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.next.ptr.is_null() {
            return None;
        }
        let operand = self.next;
        // SAFETY: a non-null operand of a live value.
        unsafe {
            self.next = sys::mlirOpOperandGetNextUse(operand);
            Some(ValueUse {
                owner: OperationRefMut::from_raw(sys::mlirOpOperandGetOwner(operand)),
                operand_number: sys::mlirOpOperandGetOperandNumber(operand) as usize,
            })
        }
    }
}

/// What melior's values lack: use lists and replacing all uses.
pub trait ValueExt<'c>: ValueLike<'c> {
    /// The uses of this value, in MLIR's use-list order. Do not change the
    /// uses while iterating: collect them first.
    fn uses<'a>(&self) -> Uses<'c, 'a> {
        Uses {
            // SAFETY: valid value.
            next: unsafe { sys::mlirValueGetFirstUse(self.to_raw()) },
            _borrow: PhantomData,
        }
    }

    /// The op that defines this value, or `None` for a block argument
    /// (C++'s `Value::getDefiningOp`).
    fn defining_op<'a>(&self) -> Option<OperationRefMut<'c, 'a>> {
        let raw = self.to_raw();
        // SAFETY: a valid value; the owner of a result is a valid op.
        unsafe {
            if !sys::mlirValueIsAOpResult(raw) {
                return None;
            }
            Some(OperationRefMut::from_raw(sys::mlirOpResultGetOwner(raw)))
        }
    }

    /// The integer this value holds when it is the result of an
    /// `arith.constant` of a signless integer type of at most 64 bits or
    /// `index` (sign-extended; `i1` true reads as 1), as C++'s
    /// `matchPattern(value, m_ConstantInt(&v))` for those constants. One call
    /// into MLIR, where reading it through melior takes a dozen.
    fn arith_constant_int(&self) -> Option<i64> {
        let mut out = 0i64;
        // SAFETY: a valid value; `out` is written on success only.
        unsafe { bridge::mlirPassBridgeArithConstantInt(self.to_raw(), &mut out) }.then_some(out)
    }

    /// The constant this value holds, as the attribute its op folds to
    /// (C++'s `matchPattern(value, m_Constant(&attr))`): `None` unless the
    /// value is the result of a constant-like op (`OpTrait::ConstantLike`,
    /// asked inside MLIR).
    fn constant(&self) -> Option<melior::ir::Attribute<'c>> {
        super::constant::match_constant(self.to_raw())
    }

    /// The integer constant this value holds, a scalar or a splat vector or
    /// tensor (C++'s `m_ConstantInt`), with its element type and width. See
    /// [`IntConstant`](super::IntConstant).
    fn constant_int(&self) -> Option<super::IntConstant<'c>> {
        super::constant::match_int(self.to_raw())
    }

    /// The float constant this value holds, a scalar or a splat vector or
    /// tensor (C++'s `m_ConstantFloat`). See
    /// [`FloatConstant`](super::FloatConstant).
    fn constant_float(&self) -> Option<super::FloatConstant<'c>> {
        super::constant::match_float(self.to_raw())
    }

    /// Whether anything uses this value.
    fn has_uses(&self) -> bool {
        self.uses().next().is_some()
    }

    /// Makes every use of this value use `with` instead
    /// (`Value::replaceAllUsesWith`). Inside a rewrite pattern, prefer the
    /// rewriter's `replace_all_uses_with` so the driver knows.
    fn replace_all_uses_with(&self, with: impl ValueLike<'c>) {
        // SAFETY: both values are valid and belong to one context.
        unsafe { sys::mlirValueReplaceAllUsesOfWith(self.to_raw(), with.to_raw()) }
    }
}

impl<'c, T: ValueLike<'c> + ?Sized> ValueExt<'c> for T {}

/// What melior's block arguments lack.
pub trait BlockArgumentExt<'c> {
    /// Sets the argument's location (`BlockArgument::setLoc`).
    /// `location` is melior's or the pass's own ([`crate::Location`]).
    fn set_location(&self, location: impl Into<melior::ir::Location<'c>>);
}

impl<'c> BlockArgumentExt<'c> for melior::ir::block::BlockArgument<'c, '_> {
    fn set_location(&self, location: impl Into<melior::ir::Location<'c>>) {
        let location = location.into();
        // SAFETY: a valid block argument and location of one context.
        unsafe { sys::mlirBlockArgumentSetLocation(self.to_raw(), location.to_raw()) }
    }
}
