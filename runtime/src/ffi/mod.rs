//! The bottom layer: the C++ bridge's declarations, strings across the
//! boundary, the panic trap, and the few raw helpers every layer above
//! shares (an op's name, an error at a location).

pub(crate) mod bridge;
#[cfg(feature = "melior")]
mod context;
mod strings;
mod trap;

#[cfg(feature = "melior")]
pub(crate) use context::{context_for, context_from_raw};
pub(crate) use strings::{
    append_to_string, context_str, print_to_string, string_ref, to_str, ParserText,
};
pub(crate) use trap::trap;
#[cfg(feature = "melior")]
pub(crate) use trap::trap_hook;

use mlir_sys as sys;

/// The name of `op`, such as `arith.addi`, owned by the context (an op name
/// is an identifier uniqued there). Empty if it is not UTF-8.
///
/// # Safety
/// `op` is a valid operation of a context that outlives 'c.
pub(crate) unsafe fn op_name<'c>(op: sys::MlirOperation) -> &'c str {
    // SAFETY: the caller's contract; identifiers live in the context.
    unsafe { context_str(sys::mlirIdentifierStr(sys::mlirOperationGetName(op))) }.unwrap_or("")
}

/// Emits an error diagnostic at `location`: every error the runtime reports
/// (a failed or panicking pass, a panicking pattern) goes through here.
///
/// # Safety
/// `location` is a valid location.
pub(crate) unsafe fn emit_error_at(location: sys::MlirLocation, message: &str) {
    // SAFETY: the caller's contract; MLIR copies the message.
    unsafe { bridge::mlirPassBridgeEmitErrorAt(location, string_ref(message)) }
}
