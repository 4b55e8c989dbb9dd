//! `opt_main`: a complete `mlir-opt` with the Rust passes, in one call.

use std::{
    ffi::{c_char, CString},
    os::unix::ffi::OsStrExt,
    process::ExitCode,
};

use crate::{
    docs,
    ffi::{bridge, string_ref},
    register_all,
    registry::registered_passes,
};
use mlir_sys as sys;

/// Inserts the Rust dialects into the tool's registry (loaded by name).
#[cfg(feature = "melior")]
const INSERT_DIALECTS: Option<unsafe extern "C" fn(sys::MlirDialectRegistry)> =
    Some(crate::dialect::insert_all_extern);
#[cfg(not(feature = "melior"))]
const INSERT_DIALECTS: Option<unsafe extern "C" fn(sys::MlirDialectRegistry)> = None;

/// Runs MLIR's own `mlir-opt` main (`mlir::MlirOptMain`) on this process's
/// command line, with every upstream dialect, extension and pass, and every
/// Rust pass and pipeline linked into the program: the Rust counterpart of
/// the ten-line `main` of a C++ `my-opt` tool.
///
/// ```no_run
/// use std::process::ExitCode;
///
/// use my_passes as _; // a crate the binary never names is not linked
/// # mod my_passes {}
///
/// fn main() -> ExitCode {
///     mlir_pass::opt_main("my-opt: MLIR with my passes")
/// }
/// ```
///
/// Every `mlir-opt` flag works and means the same (`--pass-pipeline`,
/// `--split-input-file`, `--verify-diagnostics`, `--mlir-print-ir-after-all`,
/// `--mlir-timing`, `--emit-bytecode`, passes as flags, ...); `tool_name` is
/// the first line of `--help`. Differences from `mlir-opt`:
///
/// - `-o FILE` is written whole or not at all: on failure an existing `FILE`
///   is left as it was (`mlir-opt` truncates it, then deletes it).
/// - `--list-rust-passes` lists the Rust passes and pipelines with their
///   options, and `--rust-pass-docs` prints their Markdown docs;
///   `--rust-dialect-docs` prints the docs of the Rust dialects. Rust
///   dialects are registered in the tool (loaded by name).
/// - `--mlir-print-ir-before=NAME` and `--mlir-print-ir-after=NAME` print
///   around Rust passes as around C++ ones, in MLIR's format and with the
///   other `--mlir-print-ir-*` flags; the stock `mlir-opt` refuses a Rust
///   pass's name there (`Cannot find option named ...`), and accepts a
///   pipeline's name only to print nothing, which this tool refuses.
/// - A pass name nothing registered gets, after MLIR's error (once per
///   input chunk), one note: `note: if 'NAME' is a Rust pass, its crate must
///   be linked into this tool (...)`, since a crate the tool never names is
///   left out by the linker, its passes with it.
/// - MLIR's stack may grow to 120 MiB (the stock tool has 8 MiB), so inputs
///   nest 15 times deeper; a deeper one ends with exit code 1 and a message,
///   not a signal.
///
/// A registration conflict ([`register_all`]) is reported on stderr and the
/// tool goes on without the conflicting passes, as a plugin does.
///
/// [`OptMain`] is the same tool with options (upstream dialects left out).
pub fn opt_main(tool_name: &str) -> ExitCode {
    OptMain::new(tool_name).run()
}

/// [`opt_main`] with options: `OptMain::new(tool_name)`, the options, then
/// [`run`](Self::run).
///
/// ```no_run
/// use std::process::ExitCode;
///
/// fn main() -> ExitCode {
///     // The Rust `index` dialect linked into this tool takes the place of
///     // MLIR's own.
///     mlir_pass::OptMain::new("my-opt: MLIR with my own index dialect")
///         .without_upstream_dialects(["index"])
///         .run()
/// }
/// ```
#[derive(Debug, Clone)]
pub struct OptMain {
    tool_name: String,
    without_dialects: Vec<String>,
}

impl OptMain {
    /// The tool [`opt_main`] runs; `tool_name` is the first line of
    /// `--help`.
    pub fn new(tool_name: &str) -> Self {
        Self {
            tool_name: tool_name.to_owned(),
            without_dialects: Vec::new(),
        }
    }

    /// Leaves MLIR's own dialects of these namespaces (`"index"`) out of
    /// the tool, with the dialect extensions that need them (their
    /// `convert-to-llvm` interfaces, say), so that Rust dialects of the same
    /// namespaces take their place: without it, a Rust dialect named as an
    /// upstream one is not registered (`the namespace 'index', which another
    /// dialect already has`). A name that no upstream dialect has is an
    /// error when the tool runs (exit code 1), so that a misspelling does not
    /// leave MLIR's dialect in.
    ///
    /// Upstream code that loads the C++ dialect by its class
    /// (`getOrLoadDialect<index::IndexDialect>()`, as some conversion passes
    /// do) still loads it, and then the Rust one cannot be loaded beside it.
    pub fn without_upstream_dialects<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.without_dialects
            .extend(names.into_iter().map(Into::into));
        self
    }

    /// Runs the tool on this process's command line and returns its exit
    /// code (see [`opt_main`]).
    pub fn run(self) -> ExitCode {
        run(&self.tool_name, &self.without_dialects)
    }
}

fn run(tool_name: &str, without_dialects: &[String]) -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.iter().skip(1).any(|a| a == "--list-rust-passes") {
        print!("{}", docs::pass_list());
        return ExitCode::SUCCESS;
    }
    if args.iter().skip(1).any(|a| a == "--rust-pass-docs") {
        print!("{}", docs::pass_docs());
        return ExitCode::SUCCESS;
    }
    #[cfg(feature = "melior")]
    if args.iter().skip(1).any(|a| a == "--rust-dialect-docs") {
        print!("{}", crate::dialect::dialect_docs());
        return ExitCode::SUCCESS;
    }
    let program = args
        .first()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_else(|| tool_name.to_owned());
    if let Err(error) = register_all() {
        for conflict in error.conflicts() {
            eprintln!("{program}: error: {conflict}; it was not registered");
        }
    }
    // Arguments are C strings; one holding a NUL byte cannot come from a
    // command line.
    let c_args: Vec<CString> = args
        .iter()
        .map(|a| CString::new(a.as_bytes()).unwrap_or_default())
        .collect();
    let mut argv: Vec<*mut c_char> = c_args.iter().map(|a| a.as_ptr().cast_mut()).collect();
    argv.push(std::ptr::null_mut());
    // The registered Rust passes, for `--mlir-print-ir-before/after=NAME`.
    let rust_passes: Vec<bridge::MlirPassBridgeRustPass> = registered_passes()
        .into_iter()
        .map(|(argument, type_id)| bridge::MlirPassBridgeRustPass {
            argument: string_ref(argument),
            typeId: type_id,
        })
        .collect();
    let without: Vec<sys::MlirStringRef> = without_dialects.iter().map(|d| string_ref(d)).collect();
    #[cfg(feature = "melior")]
    let print_failures = crate::dialect::print_failures();
    // SAFETY: argv holds `c_args.len()` NUL-terminated strings that live for
    // the call, then a null, as `main` receives them; `rust_passes` lives for
    // the call and its strings are 'static; `without` and the strings it
    // points into live for the call.
    let code = unsafe {
        bridge::mlirPassBridgeOptMain(
            c_args.len() as i32,
            argv.as_mut_ptr(),
            string_ref(tool_name),
            rust_passes.as_ptr(),
            rust_passes.len() as isize,
            without.as_ptr(),
            without.len() as isize,
            INSERT_DIALECTS,
        )
    };
    // A Rust printer that panicked left an incomplete op in the output, a
    // naming hook that panicked left default names (and its error on
    // stderr): the tool fails, as it would on any other error.
    #[cfg(feature = "melior")]
    if code == 0 && crate::dialect::print_failures() > print_failures {
        eprintln!(
            "{program}: error: the printer or naming hook of an op panicked; the output is \
             incomplete or names values otherwise"
        );
        return ExitCode::FAILURE;
    }
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}
