//! [`SignatureConversion`]: how a block's or function's inputs convert.

use std::{fmt, marker::PhantomData};

use melior::{
    ir::{Type, TypeLike, Value, ValueLike},
    Context,
};
use mlir_sys as sys;

use super::{target::out_of_memory, types::push_type};
use crate::{ffi::bridge, PassError};

/// How a block's or function's inputs are converted: C++'s
/// `TypeConverter::SignatureConversion`. Each original input is mapped once,
/// to new argument types ([`add_inputs`](Self::add_inputs)) or to existing
/// values ([`remap_input`](Self::remap_input)).
pub struct SignatureConversion<'c> {
    raw: *mut bridge::MlirPassBridgeSignatureConversion,
    inputs: usize,
    _context: PhantomData<&'c Context>,
}

impl<'c> SignatureConversion<'c> {
    /// A conversion of `inputs` original inputs, none mapped yet.
    pub fn new(inputs: usize) -> Self {
        // SAFETY: no precondition.
        let raw = unsafe { bridge::mlirPassBridgeSignatureConversionCreate(inputs as isize) };
        assert!(
            !raw.is_null(),
            "mlir-pass: out of memory creating a SignatureConversion"
        );
        Self {
            raw,
            inputs,
            _context: PhantomData,
        }
    }

    /// How many original inputs it converts.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Original input `input` becomes new arguments of `types` (none: it is
    /// dropped).
    ///
    /// # Errors
    /// `input` is out of range or already mapped.
    pub fn add_inputs(&mut self, input: usize, types: &[Type<'c>]) -> Result<&mut Self, PassError> {
        let raw: Vec<sys::MlirType> = types.iter().map(|t| t.to_raw()).collect();
        self.map(
            input,
            bridge::mlirPassBridgeSignatureConversionAddInputs,
            &raw,
        )
    }

    /// Original input `input` is replaced by `values`, with no new argument.
    ///
    /// # Errors
    /// `input` is out of range or already mapped.
    pub fn remap_input(
        &mut self,
        input: usize,
        values: &[Value<'c, '_>],
    ) -> Result<&mut Self, PassError> {
        let raw: Vec<sys::MlirValue> = values.iter().map(|v| v.to_raw()).collect();
        self.map(
            input,
            bridge::mlirPassBridgeSignatureConversionRemapInput,
            &raw,
        )
    }

    /// Maps `input` to `items` through the bridge function `map`.
    fn map<T>(
        &mut self,
        input: usize,
        map: unsafe extern "C" fn(
            *mut bridge::MlirPassBridgeSignatureConversion,
            isize,
            isize,
            *const T,
        ) -> bool,
        items: &[T],
    ) -> Result<&mut Self, PassError> {
        self.check_input(input)?;
        // SAFETY: a valid conversion; the input is checked; `items` lives
        // through the call (the bridge copies them).
        let ok = unsafe {
            map(
                self.raw,
                input as isize,
                items.len() as isize,
                items.as_ptr(),
            )
        };
        out_of_memory(ok);
        Ok(self)
    }

    /// Whether original input `input` is mapped.
    pub fn is_mapped(&self, input: usize) -> bool {
        // SAFETY: a valid conversion; the bridge checks the range.
        unsafe { bridge::mlirPassBridgeSignatureConversionIsMapped(self.raw, input as isize) }
    }

    /// The new argument types, in order.
    pub fn converted_types(&self) -> Vec<Type<'c>> {
        let mut types: Vec<Type<'c>> = Vec::new();
        // SAFETY: a valid conversion; the callback pushes to `types`.
        unsafe {
            bridge::mlirPassBridgeSignatureConversionGetConvertedTypes(
                self.raw,
                Some(push_type),
                (&mut types as *mut Vec<Type<'c>>).cast(),
            )
        };
        types
    }

    pub(super) fn raw(&self) -> *mut bridge::MlirPassBridgeSignatureConversion {
        self.raw
    }

    /// The first input that is not mapped.
    pub(super) fn first_unmapped(&self) -> Option<usize> {
        (0..self.inputs).find(|&i| !self.is_mapped(i))
    }

    fn check_input(&self, input: usize) -> Result<(), PassError> {
        if input >= self.inputs {
            return Err(PassError::new(format!(
                "signature conversion: input #{input} is out of range ({} inputs)",
                self.inputs
            )));
        }
        if self.is_mapped(input) {
            return Err(PassError::new(format!(
                "signature conversion: input #{input} is already mapped"
            )));
        }
        Ok(())
    }
}

impl Drop for SignatureConversion<'_> {
    fn drop(&mut self) {
        // SAFETY: made in `new`, destroyed once.
        unsafe { bridge::mlirPassBridgeSignatureConversionDestroy(self.raw) }
    }
}

impl fmt::Debug for SignatureConversion<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SignatureConversion")
            .field("inputs", &self.inputs)
            .field("converted_types", &self.converted_types().len())
            .finish()
    }
}
