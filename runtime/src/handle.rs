//! Thin handles that a pass receives: the raw `mlir-sys` value plus the few
//! things every pass needs (name, location, diagnostics). Anything richer
//! belongs to an IR API such as `melior`, built on [`OperationRef::raw`].

use std::{fmt, marker::PhantomData};

use mlir_sys as sys;

use crate::ffi::{emit_error_at, op_name, print_to_string};

/// The operation a pass runs on, borrowed for the duration of `run`.
///
/// With the `melior` feature (on by default), [`OperationRef::melior`],
/// [`OperationRef::melior_mut`] and [`OperationRef::melior_context`] give
/// melior's IR API on it, and [`crate::ir`] adds what melior lacks. Every
/// handle they give borrows `'a`: it cannot be kept in the pass or outlive
/// the call.
#[derive(Clone, Copy)]
pub struct OperationRef<'a> {
    raw: sys::MlirOperation,
    // Stored so that `melior_context` can lend a `&melior::Context`.
    context: sys::MlirContext,
    _borrow: PhantomData<&'a ()>,
}

impl<'a> OperationRef<'a> {
    /// Wraps a raw operation.
    ///
    /// # Safety
    /// `raw` must be a valid, non-null operation that outlives the handle.
    pub unsafe fn from_raw(raw: sys::MlirOperation) -> Self {
        Self {
            raw,
            // SAFETY: the caller's contract.
            context: unsafe { sys::mlirOperationGetContext(raw) },
            _borrow: PhantomData,
        }
    }

    /// Wraps a raw operation of `context` (saves looking the context up).
    ///
    /// # Safety
    /// As [`OperationRef::from_raw`], and `context` is the op's context.
    #[cfg(feature = "melior")]
    pub(crate) unsafe fn from_raw_in(raw: sys::MlirOperation, context: sys::MlirContext) -> Self {
        Self {
            raw,
            context,
            _borrow: PhantomData,
        }
    }

    /// The operation as melior's read-only handle, to read it or to give to
    /// a rewriter (`rewriter.erase_op(op.melior())`).
    #[cfg(feature = "melior")]
    pub fn melior(&self) -> melior::ir::OperationRef<'a, 'a> {
        // SAFETY: valid for 'a (constructor contract).
        unsafe { melior::ir::OperationRef::from_raw(self.raw) }
    }

    /// The operation as melior's mutable handle: set attributes, operands,
    /// location, walk with [`crate::ir::OperationExt::walk_ops`].
    #[cfg(feature = "melior")]
    pub fn melior_mut(&self) -> melior::ir::operation::OperationRefMut<'a, 'a> {
        // SAFETY: valid for 'a; the pass owns the op during `run`.
        unsafe { melior::ir::operation::OperationRefMut::from_raw(self.raw) }
    }

    /// The context, as melior's builders want it (`&melior::Context`),
    /// lent for as long as this handle is borrowed.
    #[cfg(feature = "melior")]
    pub fn melior_context(&self) -> &melior::Context {
        crate::ffi::context_from_raw(&self.context)
    }

    /// The raw `mlir-sys` value, for use with the C API or an IR library.
    pub fn raw(&self) -> sys::MlirOperation {
        self.raw
    }

    /// The operation's name, such as `func.func`.
    pub fn name(&self) -> String {
        // SAFETY: `raw` is valid for 'a (constructor contract).
        unsafe { op_name(self.raw) }.to_owned()
    }

    /// The operation's location. It converts into melior's
    /// (`Into<melior::ir::Location>`), so it is what builders and
    /// rewriters take: `arith::MulFOp::build(op.location(), a, b, None)`.
    pub fn location(&self) -> Location<'a> {
        // SAFETY: as above.
        unsafe { Location::from_raw(sys::mlirOperationGetLocation(self.raw)) }
    }

    /// The context the operation lives in.
    pub fn context(&self) -> ContextRef<'_> {
        // SAFETY: as above.
        unsafe { ContextRef::from_raw(self.context) }
    }

    /// Emits an error diagnostic at the operation's location.
    pub fn emit_error(&self, message: &str) {
        self.location().emit_error(message);
    }

    /// Operand `index`: melior's
    /// [`OperationLike::operand`](melior::ir::operation::OperationLike::operand),
    /// same answer and same error, in one call into MLIR where melior makes
    /// two (a pattern reads its op's operands on every call).
    #[cfg(feature = "melior")]
    #[inline]
    pub fn operand(&self, index: usize) -> Result<melior::ir::Value<'a, 'a>, melior::Error> {
        // SAFETY: a valid op; the bridge checks the index (a `usize` past
        // `isize::MAX` turns negative, which it refuses too).
        let raw = unsafe {
            crate::ffi::bridge::mlirPassBridgeOperationOperandOrNull(self.raw, index as isize)
        };
        if raw.ptr.is_null() {
            // Out of range, or (melior answers it) an operand slot emptied
            // by `dropAllReferences`.
            // SAFETY: a valid op.
            let count = unsafe { sys::mlirOperationGetNumOperands(self.raw) };
            if index >= count as usize {
                return Err(self.out_of_bounds("operation operand", index));
            }
        }
        // SAFETY: an operand of a valid op, valid for 'a (null as melior
        // gives it).
        Ok(unsafe { melior::ir::Value::from_raw(raw) })
    }

    /// Result `index`: melior's
    /// [`OperationLike::result`](melior::ir::operation::OperationLike::result),
    /// same answer and same error, in one call into MLIR where melior makes
    /// two.
    #[cfg(feature = "melior")]
    #[inline]
    pub fn result(
        &self,
        index: usize,
    ) -> Result<melior::ir::operation::OperationResult<'a, 'a>, melior::Error> {
        // SAFETY: as in `operand`.
        let raw = unsafe {
            crate::ffi::bridge::mlirPassBridgeOperationResultOrNull(self.raw, index as isize)
        };
        if raw.ptr.is_null() {
            return Err(self.out_of_bounds("operation result", index));
        }
        // SAFETY: a result of a valid op, valid for 'a.
        Ok(unsafe { melior::ir::operation::OperationResult::from_raw(raw) })
    }

    /// melior's error for a missing operand or result, with the op as the
    /// trait method called on this handle prints it (this handle's
    /// `Display`: the op alone, in its own scope).
    #[cfg(feature = "melior")]
    #[cold]
    #[inline(never)]
    fn out_of_bounds(&self, name: &'static str, index: usize) -> melior::Error {
        melior::Error::PositionOutOfBounds {
            name,
            value: self.to_string(),
            index,
        }
    }
}

/// melior's operation handles convert to the pass's: a pass can hand an op
/// it found by walking (`OperationRef::from(nested)`) to the methods that
/// take [`OperationRef`], such as [`OperationRef::emit_error`].
#[cfg(feature = "melior")]
impl<'a> From<melior::ir::OperationRef<'a, 'a>> for OperationRef<'a> {
    fn from(op: melior::ir::OperationRef<'a, 'a>) -> Self {
        // SAFETY: melior's handle is valid for 'a.
        unsafe { Self::from_raw(melior::ir::operation::OperationLike::to_raw(&op)) }
    }
}

#[cfg(feature = "melior")]
impl<'a> From<melior::ir::operation::OperationRefMut<'a, 'a>> for OperationRef<'a> {
    fn from(op: melior::ir::operation::OperationRefMut<'a, 'a>) -> Self {
        // SAFETY: melior's handle is valid for 'a.
        unsafe { Self::from_raw(melior::ir::operation::OperationLike::to_raw(&op)) }
    }
}

/// melior's locations convert to the pass's ([`Location::emit_error`]).
#[cfg(feature = "melior")]
impl<'c> From<melior::ir::Location<'c>> for Location<'c> {
    fn from(location: melior::ir::Location<'c>) -> Self {
        // SAFETY: melior's location is valid for 'c.
        unsafe { Self::from_raw(location.to_raw()) }
    }
}

/// The pass's locations convert to melior's, which builders take
/// (`OperationBuilder::new(name, op.location().into())`); every method of
/// mlir-pass that takes a location takes either.
#[cfg(feature = "melior")]
impl<'c> From<Location<'c>> for melior::ir::Location<'c> {
    fn from(location: Location<'c>) -> Self {
        // SAFETY: a valid location whose context outlives 'c.
        unsafe { melior::ir::Location::from_raw(location.raw()) }
    }
}

/// melior's read-only operation API works on the handle itself
/// (`op.result(0)`, `op.operand(1)`, `op.attribute("value")`, and the
/// [`crate::ir::OperationExt`] queries), as a C++ pattern uses its `op`
/// directly. Changes go through a rewriter or [`OperationRef::melior_mut`].
#[cfg(feature = "melior")]
impl<'a> melior::ir::operation::OperationLike<'a, 'a> for OperationRef<'a> {
    fn to_raw(&self) -> sys::MlirOperation {
        self.raw
    }
}

impl fmt::Display for OperationRef<'_> {
    /// The operation in MLIR's textual form, printed in its own scope: only
    /// the operation itself is read, never its parents or siblings (which
    /// other threads may be transforming), so it is cheap and safe in `run`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: `raw` is valid; the flags are created and destroyed here;
        // the callback only appends to the string.
        let text = unsafe {
            let flags = sys::mlirOpPrintingFlagsCreate();
            sys::mlirOpPrintingFlagsUseLocalScope(flags);
            let text = print_to_string(|cb, data| {
                sys::mlirOperationPrintWithFlags(self.raw, flags, cb, data)
            });
            sys::mlirOpPrintingFlagsDestroy(flags);
            text
        };
        f.write_str(&text)
    }
}

impl fmt::Debug for OperationRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OperationRef")
            .field("name", &self.name())
            .field("location", &self.location().to_string())
            .finish()
    }
}

/// A source location in the IR.
#[derive(Clone, Copy)]
pub struct Location<'a> {
    raw: sys::MlirLocation,
    _borrow: PhantomData<&'a ()>,
}

impl Location<'_> {
    /// Wraps a raw location.
    ///
    /// # Safety
    /// `raw` must be a valid location whose context outlives the handle.
    pub unsafe fn from_raw(raw: sys::MlirLocation) -> Self {
        Self {
            raw,
            _borrow: PhantomData,
        }
    }

    /// The raw `mlir-sys` value.
    pub fn raw(&self) -> sys::MlirLocation {
        self.raw
    }

    /// Emits an error diagnostic at this location.
    pub fn emit_error(&self, message: &str) {
        // SAFETY: a valid location.
        unsafe { emit_error_at(self.raw, message) }
    }
}

impl fmt::Display for Location<'_> {
    /// The location as MLIR prints it, such as `loc("input.mlir":3:5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: `raw` is valid; the callback only appends to the string.
        let text =
            unsafe { print_to_string(|cb, data| sys::mlirLocationPrint(self.raw, cb, data)) };
        f.write_str(&text)
    }
}

impl fmt::Debug for Location<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Location({self})")
    }
}

/// The MLIR context a pass is initialized in.
#[derive(Clone, Copy, Debug)]
pub struct ContextRef<'a> {
    raw: sys::MlirContext,
    _borrow: PhantomData<&'a ()>,
}

impl ContextRef<'_> {
    /// Wraps a raw context.
    ///
    /// # Safety
    /// `raw` must be a valid context that outlives the handle.
    pub unsafe fn from_raw(raw: sys::MlirContext) -> Self {
        Self {
            raw,
            _borrow: PhantomData,
        }
    }

    /// The raw `mlir-sys` value.
    pub fn raw(&self) -> sys::MlirContext {
        self.raw
    }

    /// The context as melior's builders want it (`&melior::Context`), lent
    /// for as long as this handle is borrowed.
    #[cfg(feature = "melior")]
    pub fn melior(&self) -> &melior::Context {
        crate::ffi::context_from_raw(&self.raw)
    }

    /// An unknown location in this context, for diagnostics that belong to no
    /// operation.
    pub fn unknown_location(&self) -> Location<'_> {
        // SAFETY: valid context.
        unsafe { Location::from_raw(sys::mlirLocationUnknownGet(self.raw)) }
    }

    /// Emits an error diagnostic that belongs to no operation.
    pub fn emit_error(&self, message: &str) {
        self.unknown_location().emit_error(message);
    }
}
