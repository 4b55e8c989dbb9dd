//! The functions MLIR's translation registry calls for a Rust translation:
//! each runs the translation through the panic trap and turns an error or a
//! panic into an error diagnostic.

use std::ffi::c_void;

use mlir_sys as sys;

use super::translation::{Direction, Translation, TranslationError};
use crate::ffi::{context_from_raw, emit_error_at, trap};
use crate::OperationRef;

/// The translation at `index` of the tool's list.
///
/// # Safety
/// `user_data` is the `Vec<Translation>` that `run` handed to the bridge,
/// alive for the tool's run.
unsafe fn translation<'a>(user_data: *mut c_void, index: isize) -> Option<&'a Translation> {
    // SAFETY: the caller's contract.
    let all = unsafe { &*user_data.cast::<Vec<Translation>>() };
    usize::try_from(index).ok().and_then(|i| all.get(i))
}

/// Reports a failed translation at `location`: the error's message (none
/// when the translation reported its own diagnostics).
///
/// # Safety
/// `location` is a valid location.
unsafe fn report(location: sys::MlirLocation, error: &TranslationError) {
    if let Some(message) = error.message() {
        // SAFETY: the caller's contract.
        unsafe { emit_error_at(location, message) };
    }
}

/// A from-MLIR translation on the parsed input: its output is buffered and
/// written only when it succeeds.
///
/// # Safety
/// As `MlirPassBridgeTranslateFromMLIRFn` says; `user_data` as
/// [`translation`] says.
pub(super) unsafe extern "C" fn from_mlir(
    user_data: *mut c_void,
    index: isize,
    op: sys::MlirOperation,
    write: sys::MlirStringCallback,
    write_data: *mut c_void,
) -> bool {
    // SAFETY: the caller's contract.
    let Some(translation) = (unsafe { translation(user_data, index) }) else {
        return false;
    };
    let Direction::FromMlir(function) = &translation.direction else {
        return false;
    };
    // SAFETY: MLIR hands the parsed input, which outlives the call.
    let input = unsafe { OperationRef::from_raw(op) };
    let location = input.location().raw();
    let mut output = Vec::new();
    match trap(|| function(input, &mut output)) {
        Ok(Ok(())) => {
            if let Some(write) = write {
                let text = sys::MlirStringRef {
                    data: output.as_ptr().cast(),
                    length: output.len(),
                };
                // SAFETY: the bridge's stream writer, with its data; the
                // bytes live for the call.
                unsafe { write(text, write_data) };
            }
            true
        }
        Ok(Err(error)) => {
            // SAFETY: the op's location is valid.
            unsafe { report(location, &error) };
            false
        }
        Err(panic) => {
            let message = format!("the translation '{}' panicked: {panic}", translation.name);
            // SAFETY: as above.
            unsafe { emit_error_at(location, &message) };
            false
        }
    }
}

/// A to-MLIR translation on the input's text: the module it returns, or a
/// null op after its diagnostics.
///
/// # Safety
/// As `MlirPassBridgeTranslateToMLIRFn` says; `user_data` as
/// [`translation`] says.
pub(super) unsafe extern "C" fn to_mlir(
    user_data: *mut c_void,
    index: isize,
    input: sys::MlirStringRef,
    buffer_name: sys::MlirStringRef,
    context: sys::MlirContext,
) -> sys::MlirOperation {
    let null = sys::MlirOperation {
        ptr: std::ptr::null_mut(),
    };
    // SAFETY: the caller's contract.
    let Some(translation) = (unsafe { translation(user_data, index) }) else {
        return null;
    };
    let Direction::ToMlir(function) = &translation.direction else {
        return null;
    };
    // SAFETY: the context is valid; MLIR copies the file name.
    let at = |line: u32, column: u32| unsafe {
        sys::mlirLocationFileLineColGet(context, buffer_name, line, column)
    };
    let bytes: &[u8] = if input.length == 0 || input.data.is_null() {
        &[]
    } else {
        // SAFETY: MLIR's input buffer, alive for the call.
        unsafe { std::slice::from_raw_parts(input.data.cast(), input.length) }
    };
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let before = &bytes[..error.valid_up_to()];
            let line = before.iter().filter(|b| **b == b'\n').count() + 1;
            let column = before.len()
                - before
                    .iter()
                    .rposition(|b| *b == b'\n')
                    .map_or(0, |p| p + 1)
                + 1;
            let message = format!(
                "the translation '{}' reads text, but the input is not UTF-8 here",
                translation.name
            );
            // SAFETY: a valid location.
            unsafe {
                emit_error_at(
                    at(
                        line.try_into().unwrap_or(u32::MAX),
                        column.try_into().unwrap_or(u32::MAX),
                    ),
                    &message,
                )
            };
            return null;
        }
    };
    let melior_context = context_from_raw(&context);
    let result = trap(|| {
        function(text, melior_context).map(|module| {
            let raw = module.to_raw();
            std::mem::forget(module);
            // SAFETY: the module was valid; its op is now the tool's.
            unsafe { sys::mlirModuleGetOperation(raw) }
        })
    });
    match result {
        Ok(Ok(op)) => {
            // SAFETY: a valid op.
            if unsafe { sys::mlirOperationGetContext(op) }.ptr != context.ptr {
                let message = format!(
                    "the translation '{}' built its module in another context than the one it \
                     was given",
                    translation.name
                );
                // SAFETY: a valid location.
                unsafe { emit_error_at(at(1, 1), &message) };
                // The module is the caller's context's no more: it is ours to
                // destroy.
                // SAFETY: a valid, unowned op.
                unsafe { sys::mlirOperationDestroy(op) };
                return null;
            }
            op
        }
        Ok(Err(error)) => {
            let (line, column) = error.position().unwrap_or((1, 1));
            // SAFETY: a valid location.
            unsafe { report(at(line, column), &error) };
            null
        }
        Err(panic) => {
            let message = format!("the translation '{}' panicked: {panic}", translation.name);
            // SAFETY: a valid location.
            unsafe { emit_error_at(at(1, 1), &message) };
            null
        }
    }
}
