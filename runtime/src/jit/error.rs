//! [`JitError`]: everything the JIT refuses or fails at, as a value.

use std::{fmt, path::PathBuf};

use super::externals;
use crate::Diagnostic;

/// Why the JIT refused or failed: each variant names what was wrong.
///
/// ```
/// use mlir_pass::jit::{ExecutionEngine, JitError, JitOptions};
///
/// let context = mlir_pass::Context::new();
/// let module = mlir_pass::Module::parse(&context, "func.func @f() { return }", "f.mlir")?;
/// match ExecutionEngine::new(module, JitOptions::default()) {
///     Err(JitError::NotLowered { op, .. }) => assert_eq!(op, "func.func"),
///     other => panic!("expected NotLowered, got {other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum JitError {
    /// The optimization level is not one of 0, 1, 2, 3.
    InvalidOptLevel(u8),
    /// A shared library given in [`JitOptions`](super::JitOptions) does not exist
    /// (MLIR would only print a line and go on without it).
    SharedLibraryNotFound(PathBuf),
    /// The module still holds an op outside the `llvm` dialect (and
    /// `builtin.module`): it must be lowered first.
    NotLowered {
        /// The first such op, such as `func.func`.
        op: String,
        /// Its location, as MLIR prints it.
        location: String,
    },
    /// MLIR could not create the engine: translating the module to LLVM IR
    /// or setting up the native target machine failed.
    CreationFailed {
        /// What MLIR reported meanwhile (may be empty: the C API drops the
        /// target machine's error messages).
        diagnostics: Vec<Diagnostic>,
    },
    /// The module has no `llvm.func` of that name.
    FunctionNotFound {
        /// The name asked for.
        name: String,
        /// The functions with a body that the module defines.
        available: Vec<String>,
    },
    /// The `llvm.func` is only declared (it has no body).
    FunctionIsDeclaration {
        /// The function.
        name: String,
    },
    /// The function's LLVM type is not the one the Rust types call for.
    SignatureMismatch {
        /// The function.
        name: String,
        /// The type the Rust argument and result types stand for, such as
        /// `!llvm.func<i64 (i64, i64)>`.
        expected: String,
        /// The function's type in the module.
        found: String,
    },
    /// The module uses external symbols (functions or globals it declares
    /// without defining them) that neither the program nor a shared library
    /// given to this engine defines, so the JIT cannot link it. A library
    /// that another engine of the process was given does not count, though
    /// MLIR loads it for the whole process: whether a call fails does not
    /// depend on what ran before it.
    ///
    /// Its message says, for the functions of MLIR's runtime libraries
    /// (`printI64`, `printMemrefF64`...), which library defines them and
    /// how to give it to the engine.
    UndefinedSymbols {
        /// The symbol looked up (for [`invoke`](super::ExecutionEngine::invoke),
        /// the function).
        name: String,
        /// The undefined symbols, in the order the module declares them.
        symbols: Vec<String>,
    },
    /// The JIT could not compile the module or find the symbol, for a
    /// reason other than [`JitError::UndefinedSymbols`]; ORC prints it to
    /// stderr ("JIT session error: ...").
    SymbolNotFound {
        /// The symbol looked up (for [`invoke`](super::ExecutionEngine::invoke),
        /// the function; its packed wrapper is `_mlir_<name>`).
        name: String,
    },
    /// [`register_symbol`](super::ExecutionEngine::register_symbol) was refused.
    SymbolRegistration {
        /// The symbol.
        name: String,
        /// Why.
        reason: String,
    },
    /// The object file could not be written.
    ObjectDump {
        /// The file asked for.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// Translating the module to LLVM IR failed.
    TranslationFailed {
        /// What MLIR reported.
        diagnostics: Vec<Diagnostic>,
    },
    /// LLVM's optimization pipeline failed on the translated module.
    OptimizationFailed {
        /// The pipeline, such as `default<O3>`.
        pipeline: String,
        /// What LLVM reported.
        message: String,
    },
}

impl fmt::Display for JitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JitError::InvalidOptLevel(level) => {
                write!(
                    f,
                    "invalid JIT optimization level {level}: expected 0, 1, 2 or 3"
                )
            }
            JitError::SharedLibraryNotFound(path) => {
                write!(f, "shared library '{}' not found", path.display())
            }
            JitError::NotLowered { op, location } => write!(
                f,
                "the module is not fully lowered to the LLVM dialect: '{op}' at {location} \
                 (only 'llvm' ops and 'builtin.module' can be JIT-compiled or translated)"
            ),
            JitError::CreationFailed { diagnostics } => {
                f.write_str(
                    "MLIR could not create the execution engine (translation to LLVM IR or \
                     the native target machine failed)",
                )?;
                write_diagnostics(f, diagnostics)
            }
            JitError::FunctionNotFound { name, available } => {
                write!(f, "no function '@{name}' in the module")?;
                if available.is_empty() {
                    f.write_str(" (it defines no function)")
                } else {
                    write!(f, " (it defines: @{})", available.join(", @"))
                }
            }
            JitError::FunctionIsDeclaration { name } => write!(
                f,
                "'@{name}' is only declared in the module (an 'llvm.func' without a body)"
            ),
            JitError::SignatureMismatch {
                name,
                expected,
                found,
            } => write!(
                f,
                "'@{name}' has type {found}, but the Rust types given call for {expected}"
            ),
            JitError::UndefinedSymbols { name, symbols } => write_undefined(f, name, symbols),
            JitError::SymbolNotFound { name } => write!(
                f,
                "the JIT could not compile or find '{name}' (an external symbol it needs may \
                 be undefined; see \"JIT session error\" on stderr)"
            ),
            JitError::SymbolRegistration { name, reason } => {
                write!(f, "cannot register symbol '{name}': {reason}")
            }
            JitError::ObjectDump { path, reason } => {
                write!(
                    f,
                    "cannot dump the object file '{}': {reason}",
                    path.display()
                )
            }
            JitError::TranslationFailed { diagnostics } => {
                f.write_str("translation to LLVM IR failed")?;
                write_diagnostics(f, diagnostics)
            }
            JitError::OptimizationFailed { pipeline, message } => {
                write!(f, "LLVM's '{pipeline}' pipeline failed: {message}")
            }
        }
    }
}

/// [`JitError::UndefinedSymbols`]'s message: the symbols, then where each
/// of MLIR's runtime functions is (one line a library), then what to do
/// about the others.
fn write_undefined(f: &mut fmt::Formatter<'_>, name: &str, symbols: &[String]) -> fmt::Result {
    let quoted = |names: &[&String]| {
        names
            .iter()
            .map(|n| format!("'{n}'"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let all: Vec<&String> = symbols.iter().collect();
    write!(
        f,
        "cannot call '@{name}': the module uses {} {} (declared in it, defined neither by the \
         program nor by a shared library given to this engine)",
        if all.len() == 1 {
            "the undefined symbol"
        } else {
            "the undefined symbols"
        },
        quoted(&all)
    )?;
    let mut libraries: Vec<(&str, Vec<&String>)> = Vec::new();
    let mut others = Vec::new();
    for symbol in symbols {
        match externals::runtime_library(symbol) {
            Some(library) => match libraries.iter_mut().find(|(l, _)| *l == library) {
                Some((_, names)) => names.push(symbol),
                None => libraries.push((library, vec![symbol])),
            },
            None => others.push(symbol),
        }
    }
    for (library, names) in libraries {
        write!(
            f,
            "\n{} {} in MLIR's runtime library {library}: give it to the engine with \
             JitOptions::default().shared_library(\"{}\")",
            quoted(&names),
            if names.len() == 1 { "is" } else { "are" },
            externals::runtime_library_path(library)
        )?;
    }
    if !others.is_empty() {
        write!(
            f,
            "\n{}: give the library that defines {} with JitOptions::shared_library, or {} \
             with ExecutionEngine::register_symbol before the first invoke",
            quoted(&others),
            if others.len() == 1 { "it" } else { "them" },
            if others.len() == 1 {
                "its address"
            } else {
                "their addresses"
            },
        )?;
    }
    Ok(())
}

fn write_diagnostics(f: &mut fmt::Formatter<'_>, diagnostics: &[Diagnostic]) -> fmt::Result {
    for d in diagnostics {
        write!(f, "\n{d}")?;
    }
    Ok(())
}

impl std::error::Error for JitError {}
