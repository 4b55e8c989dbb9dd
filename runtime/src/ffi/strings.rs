//! Conversions between Rust strings and MLIR's `MlirStringRef`.

use std::{borrow::Cow, ffi::c_void};

use mlir_sys as sys;

/// Borrows a Rust string as an `MlirStringRef` (valid while `s` lives).
pub(crate) fn string_ref(s: &str) -> sys::MlirStringRef {
    sys::MlirStringRef {
        data: s.as_ptr().cast(),
        length: s.len(),
    }
}

/// Text for one of MLIR's parsers: a copy of the Rust string followed by a
/// NUL.
///
/// MLIR's lexer finds the end of its buffer by the NUL that follows it (it
/// reads the byte just past the last one, and lexes on while that byte is
/// not 0). A Rust `&str` is not followed by one: handed to MLIR as it is,
/// the lexer reads past its end, and a subslice `&whole[..n]` parses the
/// rest of `whole` too. Every text this crate hands to an MLIR parser
/// (modules, types, attributes, pipelines) goes through this type; the
/// length MLIR sees leaves the NUL out.
pub(crate) struct ParserText {
    bytes: Vec<u8>,
}

impl ParserText {
    /// Copies `text` and appends the NUL: one allocation and one copy.
    #[inline]
    pub(crate) fn new(text: &str) -> Self {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(0);
        Self { bytes }
    }

    /// The text without its NUL, which stays readable just past the end:
    /// valid while `self` lives.
    #[inline]
    pub(crate) fn string_ref(&self) -> sys::MlirStringRef {
        sys::MlirStringRef {
            data: self.bytes.as_ptr().cast(),
            length: self.bytes.len() - 1,
        }
    }
}

/// Reads an `MlirStringRef`, replacing invalid UTF-8.
///
/// # Safety
/// `s` must point to `length` readable bytes (or be empty).
pub(crate) unsafe fn to_str<'a>(s: sys::MlirStringRef) -> Cow<'a, str> {
    if s.length == 0 || s.data.is_null() {
        return Cow::Borrowed("");
    }
    // SAFETY: caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length) };
    String::from_utf8_lossy(bytes)
}

/// An `MlirStringCallback` that appends to the `String` behind `user_data`.
pub(crate) unsafe extern "C" fn append_to_string(s: sys::MlirStringRef, user_data: *mut c_void) {
    // SAFETY: `user_data` is the `&mut String` handed out by `print_to_string`
    // or the caller that passed this callback.
    let out = unsafe { &mut *user_data.cast::<String>() };
    // SAFETY: MLIR hands a valid string ref.
    out.push_str(&unsafe { to_str(s) });
}

/// A string owned by the context (an identifier, a string attribute's
/// value), as `&str`; `None` when it is not UTF-8.
///
/// # Safety
/// `s` points to `length` bytes that live as long as 'c.
pub(crate) unsafe fn context_str<'c>(s: sys::MlirStringRef) -> Option<&'c str> {
    if s.data.is_null() || s.length == 0 {
        return Some("");
    }
    // SAFETY: the caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length) };
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8 (the common case: every registered op).
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        std::str::from_utf8(bytes).ok()
    }
}

/// Runs a C API print function with a callback that collects its output.
///
/// # Safety
/// `print` must call the callback only with valid string refs and the given
/// user data, and only during the call.
pub(crate) unsafe fn print_to_string(
    print: impl FnOnce(sys::MlirStringCallback, *mut c_void),
) -> String {
    let mut out = String::new();
    print(Some(append_to_string), (&mut out as *mut String).cast());
    out
}
