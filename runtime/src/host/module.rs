//! [`Module`]: a `builtin.module` owned by Rust.

use std::{fmt, marker::PhantomData};

use mlir_sys as sys;

use super::{Context, MlirError};
use crate::{
    ffi::{bridge, string_ref, ParserText},
    handle::OperationRef,
};

/// A `builtin.module` owned by Rust, borrowing its [`Context`].
pub struct Module<'c> {
    raw: sys::MlirModule,
    _context: PhantomData<&'c Context>,
}

impl<'c> Module<'c> {
    /// Parses `source` as `mlir-opt` does (top-level operations other than a
    /// single `builtin.module` are wrapped in one), naming it `source_name`
    /// in locations and diagnostics.
    ///
    /// # Errors
    /// The parser's diagnostics, with their locations.
    pub fn parse(context: &'c Context, source: &str, source_name: &str) -> Result<Self, MlirError> {
        context.take_diagnostics();
        let text = ParserText::new(source);
        // SAFETY: valid context and strings for the call; `text` is followed
        // by the NUL MLIR's lexer stops at.
        let raw = unsafe {
            bridge::mlirPassBridgeParseModule(
                context.raw(),
                text.string_ref(),
                string_ref(source_name),
            )
        };
        if raw.ptr.is_null() {
            return Err(context.error(format!("failed to parse '{source_name}'")));
        }
        Ok(Self {
            raw,
            _context: PhantomData,
        })
    }

    /// The raw `mlir-sys` value.
    pub fn raw(&self) -> sys::MlirModule {
        self.raw
    }

    /// Gives the module to melior, with no copy.
    #[cfg(feature = "melior")]
    pub fn into_melior(self) -> melior::ir::Module<'c> {
        let this = std::mem::ManuallyDrop::new(self);
        // SAFETY: ownership moves to melior's value.
        unsafe { melior::ir::Module::from_raw(this.raw) }
    }

    /// Takes over a melior module of `context`, with no copy.
    ///
    /// # Errors
    /// The module belongs to another context.
    #[cfg(feature = "melior")]
    pub fn from_melior(
        context: &'c Context,
        module: melior::ir::Module<'c>,
    ) -> Result<Self, MlirError> {
        // SAFETY: both valid.
        if !unsafe {
            sys::mlirContextEqual(
                sys::mlirOperationGetContext(sys::mlirModuleGetOperation(module.to_raw())),
                context.raw(),
            )
        } {
            return Err(context.error("the melior module belongs to another MLIR context"));
        }
        let module = std::mem::ManuallyDrop::new(module);
        Ok(Self {
            raw: module.to_raw(),
            _context: PhantomData,
        })
    }

    /// The module as an operation.
    pub fn as_operation(&self) -> OperationRef<'_> {
        // SAFETY: valid for the borrow.
        unsafe { OperationRef::from_raw(sys::mlirModuleGetOperation(self.raw)) }
    }
}

impl fmt::Display for Module<'_> {
    /// The module in MLIR's textual form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_operation().fmt(f)
    }
}

impl fmt::Debug for Module<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Module({self})")
    }
}

impl Drop for Module<'_> {
    fn drop(&mut self) {
        // SAFETY: owned.
        unsafe { sys::mlirModuleDestroy(self.raw) }
    }
}
