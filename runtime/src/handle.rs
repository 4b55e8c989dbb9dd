//! Thin handles that a pass receives: the raw `mlir-sys` value plus the few
//! things every pass needs (name, location, diagnostics). Anything richer
//! belongs to an IR API such as `melior`, built on [`OperationRef::raw`].

use std::{ffi::CString, fmt, marker::PhantomData};

use mlir_sys as sys;

use crate::strings::{print_to_string, to_str};

/// The operation a pass runs on, borrowed for the duration of `run`.
#[derive(Clone, Copy)]
pub struct OperationRef<'a> {
    raw: sys::MlirOperation,
    _borrow: PhantomData<&'a ()>,
}

impl OperationRef<'_> {
    /// Wraps a raw operation.
    ///
    /// # Safety
    /// `raw` must be a valid, non-null operation that outlives the handle.
    pub unsafe fn from_raw(raw: sys::MlirOperation) -> Self {
        Self {
            raw,
            _borrow: PhantomData,
        }
    }

    /// The raw `mlir-sys` value, for use with the C API or an IR library.
    pub fn raw(&self) -> sys::MlirOperation {
        self.raw
    }

    /// The operation's name, such as `func.func`.
    pub fn name(&self) -> String {
        // SAFETY: `raw` is valid for 'a (constructor contract).
        unsafe {
            let ident = sys::mlirOperationGetName(self.raw);
            to_str(sys::mlirIdentifierStr(ident)).into_owned()
        }
    }

    /// The operation's location.
    pub fn location(&self) -> Location<'_> {
        // SAFETY: as above.
        unsafe { Location::from_raw(sys::mlirOperationGetLocation(self.raw)) }
    }

    /// The context the operation lives in.
    pub fn context(&self) -> ContextRef<'_> {
        // SAFETY: as above.
        unsafe { ContextRef::from_raw(sys::mlirOperationGetContext(self.raw)) }
    }

    /// Emits an error diagnostic at the operation's location.
    pub fn emit_error(&self, message: &str) {
        self.location().emit_error(message);
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
        let message = c_message(message);
        // SAFETY: valid location and NUL-terminated message.
        unsafe { sys::mlirEmitError(self.raw, message.as_ptr()) }
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

/// A C string for MLIR, with interior NULs (which C cannot carry) shown as `\0`.
pub(crate) fn c_message(message: &str) -> CString {
    CString::new(message.replace('\0', "\\0")).expect("no interior NUL left")
}
