//! `translate_main`: a complete `mlir-translate` with translations written
//! in Rust, in one call (feature `melior`).
//!
//! [`Translation`] is one translation (C++'s `TranslateFromMLIRRegistration`
//! or `TranslateToMLIRRegistration`); [`#[mlir_translation]`](crate::mlir_translation)
//! on a function, or [`register_translation!`] with a [`Translation`],
//! registers one for every tool of the program; [`TranslateMain`] runs the
//! tool (`callbacks.rs` holds the functions MLIR calls).
//!
//! ```no_run
//! use std::io::Write;
//!
//! use mlir_pass::translate_main::TranslationError;
//! use mlir_pass::{mlir_translation, OperationRef};
//!
//! /// Print the name of the input's top-level op.
//! #[mlir_translation(name = "mlir-to-op-name")]
//! fn op_name(op: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> {
//!     writeln!(out, "{}", op.name())?;
//!     Ok(())
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     mlir_pass::translate_main("my-translate")
//! }
//! ```
//!
//! [`register_translation!`]: crate::register_translation

mod callbacks;
mod translation;

use std::{
    ffi::{c_char, CString},
    os::unix::ffi::OsStrExt,
    process::ExitCode,
};

use mlir_sys as sys;

use crate::ffi::{bridge, string_ref};
#[doc(hidden)]
pub use translation::TranslationRegistration;
pub use translation::{translations, Translation, TranslationError};

/// Runs MLIR's own `mlir-translate` main (`mlir::mlirTranslateMain`) on this
/// process's command line, with every upstream translation
/// (`--mlir-to-llvmir`, `--import-llvm`, `--mlir-to-cpp`, ...) and every
/// Rust translation registered with
/// [`#[mlir_translation]`](crate::mlir_translation) or
/// [`register_translation!`](crate::register_translation): the Rust
/// counterpart of the `main` of a C++ `my-translate` tool.
///
/// ```no_run
/// use std::process::ExitCode;
///
/// use my_translations as _; // a crate the binary never names is not linked
/// # mod my_translations {}
///
/// fn main() -> ExitCode {
///     mlir_pass::translate_main("my-translate: MLIR to my formats")
/// }
/// ```
///
/// Every `mlir-translate` flag works and means the same (`-o`,
/// `--split-input-file`, `--verify-diagnostics`, `--no-implicit-module`,
/// chained translations, ...); `tool_name` is the first line of `--help`,
/// which lists the Rust translations among upstream's, sorted by name.
///
/// A Rust translation runs in a context where every upstream dialect and
/// every Rust dialect linked into the program is available (loaded as the
/// input names them). Its errors and panics are error diagnostics and the
/// tool exits with 1; its output is written only when it succeeds.
///
/// A translation whose name an upstream translation, another Rust
/// translation or one of the tool's flags already has, or that cannot be a
/// flag, is reported on stderr and left out; the tool goes on without it.
///
/// [`TranslateMain`] is the same tool with options.
pub fn translate_main(tool_name: &str) -> ExitCode {
    TranslateMain::new(tool_name).run()
}

/// [`translate_main`] with options: `TranslateMain::new(tool_name)`, the
/// options, then [`run`](Self::run).
///
/// ```no_run
/// use std::io::Write;
///
/// use mlir_pass::translate_main::{Translation, TranslationError};
///
/// fn main() -> std::process::ExitCode {
///     let op_name = Translation::from_mlir(
///         "mlir-to-op-name",
///         "Prints the name of the input's top-level op",
///         |op, out: &mut dyn Write| -> Result<(), TranslationError> {
///             writeln!(out, "{}", op.name())?;
///             Ok(())
///         },
///     );
///     mlir_pass::TranslateMain::new("my-translate")
///         .translation(op_name)
///         .without_upstream_translations()
///         .run()
/// }
/// ```
#[derive(Debug, Clone)]
pub struct TranslateMain {
    tool_name: String,
    translations: Vec<Translation>,
    upstream: bool,
}

impl TranslateMain {
    /// The tool [`translate_main`] runs: upstream's translations and the
    /// registered Rust ones; `tool_name` is the first line of `--help`.
    pub fn new(tool_name: &str) -> Self {
        Self {
            tool_name: tool_name.to_owned(),
            translations: Vec::new(),
            upstream: true,
        }
    }

    /// Adds a translation to this tool only (programmatic registration,
    /// beside those of [`#[mlir_translation]`](crate::mlir_translation) and
    /// [`register_translation!`](crate::register_translation)).
    pub fn translation(mut self, translation: Translation) -> Self {
        self.translations.push(translation);
        self
    }

    /// Leaves upstream's translations (`registerAllTranslations`) out of the
    /// tool: only the Rust ones are flags.
    pub fn without_upstream_translations(mut self) -> Self {
        self.upstream = false;
        self
    }

    /// Runs the tool on this process's command line and returns its exit
    /// code (see [`translate_main`]).
    pub fn run(self) -> ExitCode {
        let mut all = translations();
        all.extend(self.translations);
        run(&self.tool_name, all, self.upstream)
    }
}

fn run(tool_name: &str, translations: Vec<Translation>, upstream: bool) -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let program = args
        .first()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_else(|| tool_name.to_owned());
    // Names that cannot be flags, and Rust translations of one name: the
    // first keeps it. Names upstream or the tool's flags have are checked
    // by the bridge.
    let mut kept: Vec<Translation> = Vec::with_capacity(translations.len());
    for translation in translations {
        if let Some(why) = translation.name_error() {
            eprintln!(
                "{program}: error: the Rust translation '{}' cannot be a flag: {why}; it was not \
                 registered",
                translation.name
            );
        } else if kept.iter().any(|k| k.name == translation.name) {
            eprintln!(
                "{program}: error: two Rust translations are named '{}'; the second was not \
                 registered",
                translation.name
            );
        } else {
            kept.push(translation);
        }
    }
    let described: Vec<bridge::MlirPassBridgeTranslation> = kept
        .iter()
        .map(|t| bridge::MlirPassBridgeTranslation {
            name: string_ref(&t.name),
            description: string_ref(&t.description),
            kind: if t.is_to_mlir() {
                bridge::MlirPassBridgeTranslationKind::MlirPassBridgeTranslationToMLIR
            } else {
                bridge::MlirPassBridgeTranslationKind::MlirPassBridgeTranslationFromMLIR
            },
        })
        .collect();
    // Arguments are C strings; one holding a NUL byte cannot come from a
    // command line.
    let c_args: Vec<CString> = args
        .iter()
        .map(|a| CString::new(a.as_bytes()).unwrap_or_default())
        .collect();
    let mut argv: Vec<*mut c_char> = c_args.iter().map(|a| a.as_ptr().cast_mut()).collect();
    argv.push(std::ptr::null_mut());
    let insert_dialects: Option<unsafe extern "C" fn(sys::MlirDialectRegistry)> =
        Some(crate::dialect::insert_all_extern);
    let print_failures = crate::dialect::print_failures();
    // SAFETY: argv holds `c_args.len()` NUL-terminated strings that live for
    // the call, then a null, as `main` receives them; `described` and the
    // strings it points into (owned by `kept`) live for the call, which is
    // where the callbacks find `kept` through the user data.
    let code = unsafe {
        bridge::mlirPassBridgeTranslateMain(
            c_args.len() as i32,
            argv.as_mut_ptr(),
            string_ref(tool_name),
            described.as_ptr(),
            described.len() as isize,
            upstream,
            Some(callbacks::from_mlir),
            Some(callbacks::to_mlir),
            (&kept as *const Vec<Translation>).cast_mut().cast(),
            insert_dialects,
        )
    };
    // A Rust printer that panicked (printing a to-MLIR translation's
    // module) left an incomplete op in the output.
    if code == 0 && crate::dialect::print_failures() > print_failures {
        eprintln!(
            "{program}: error: the printer or naming hook of an op panicked; the output is \
             incomplete or names values otherwise"
        );
        return ExitCode::FAILURE;
    }
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}
