//! The tools beside `opt_main` that a dialect project ships: the language
//! server ([`lsp_main`]) and the reducer ([`reduce_main`]), each MLIR's own
//! main with the program's Rust dialects (and passes) in its registry.

mod lsp;
mod reduce;

pub use lsp::{lsp_main, LspMain};
pub use reduce::{reduce_main, ReduceMain};

use std::{
    ffi::{c_char, CString, OsString},
    os::unix::ffi::OsStrExt,
};

use crate::ffi::string_ref;
use mlir_sys as sys;

/// Inserts the Rust dialects into a tool's registry (loaded by name).
#[cfg(feature = "melior")]
const INSERT_DIALECTS: Option<unsafe extern "C" fn(sys::MlirDialectRegistry)> =
    Some(crate::dialect::insert_all_extern);
#[cfg(not(feature = "melior"))]
const INSERT_DIALECTS: Option<unsafe extern "C" fn(sys::MlirDialectRegistry)> = None;

/// A command line as C's `main` receives it: `argv()` points at `len()`
/// NUL-terminated strings, then a null, all living as long as `self`.
struct CommandLine {
    args: Vec<CString>,
    argv: Vec<*mut c_char>,
}

impl CommandLine {
    /// This process's command line. An argument holding a NUL byte cannot
    /// come from a command line; it would be empty.
    fn of_process() -> Self {
        let args: Vec<CString> = std::env::args_os()
            .map(|a: OsString| CString::new(a.as_bytes()).unwrap_or_default())
            .collect();
        let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr().cast_mut()).collect();
        argv.push(std::ptr::null_mut());
        Self { args, argv }
    }

    fn len(&self) -> i32 {
        i32::try_from(self.args.len()).unwrap_or(i32::MAX)
    }

    fn argv(&mut self) -> *mut *mut c_char {
        self.argv.as_mut_ptr()
    }
}

/// The upstream dialects a tool leaves out, as the bridge takes them (the
/// strings are borrowed from `names`).
fn string_refs(names: &[String]) -> Vec<sys::MlirStringRef> {
    names.iter().map(|n| string_ref(n)).collect()
}

/// The program's name, for messages of the tool's own.
fn program_name(default: &str) -> String {
    std::env::args_os()
        .next()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_else(|| default.to_owned())
}
