//! `lsp_main`: MLIR's language server with the Rust dialects.

use std::process::ExitCode;

use super::{string_refs, CommandLine, INSERT_DIALECTS};
use crate::ffi::bridge;

/// Runs MLIR's own language server (`mlir::MlirLspServerMain`, what
/// `mlir-lsp-server` runs) with every upstream dialect and extension and
/// every Rust dialect linked into the program: the Rust counterpart of the
/// few-line `main` of a C++ `my-lsp-server`.
///
/// ```no_run
/// use std::process::ExitCode;
///
/// use my_dialect as _; // a crate the binary never names is not linked
/// # mod my_dialect {}
///
/// fn main() -> ExitCode {
///     mlir_pass::lsp_main()
/// }
/// ```
///
/// An editor starts it and speaks the Language Server Protocol with it on
/// stdin and stdout (JSON-RPC with `Content-Length` headers); the server
/// logs on stderr. For each `.mlir` document it reports what MLIR reports
/// when it parses and verifies the document (the errors of Rust verifiers
/// and custom parsers among them, at the op's range) and answers hover,
/// go-to-definition, references, document symbols (ops with a symbol name,
/// such as functions) and completion, on Rust ops as on C++ ones. Its flags
/// are `mlir-lsp-server`'s (`--log=verbose`, `--pretty`, `--lit-test`).
///
/// In VS Code, the MLIR extension (`llvm-vs-code-extensions.vscode-mlir`)
/// runs the server named by its `mlir.server_path` setting, which takes a
/// path relative to the workspace:
///
/// ```json
/// { "mlir.server_path": "target/debug/my-lsp-server" }
/// ```
///
/// Nothing of the program may write to stdout while the server runs (a
/// `println!` in a verifier, say): stdout carries the protocol, and the
/// editor would read the text as a broken message. Write to stderr.
///
/// [`LspMain`] is the same server with options (upstream dialects left
/// out).
pub fn lsp_main() -> ExitCode {
    LspMain::new().run()
}

/// [`lsp_main`] with options: `LspMain::new()`, the options, then
/// [`run`](Self::run).
///
/// ```no_run
/// use std::process::ExitCode;
///
/// fn main() -> ExitCode {
///     // The Rust `index` dialect linked into this server takes the place
///     // of MLIR's own.
///     mlir_pass::LspMain::new()
///         .without_upstream_dialects(["index"])
///         .run()
/// }
/// ```
#[derive(Debug, Clone, Default)]
pub struct LspMain {
    without_dialects: Vec<String>,
}

impl LspMain {
    /// The server [`lsp_main`] runs.
    pub fn new() -> Self {
        Self::default()
    }

    /// Leaves MLIR's own dialects of these namespaces (`"index"`) out of the
    /// server, with the dialect extensions that need them, so that Rust
    /// dialects of the same namespaces take their place, as
    /// [`OptMain::without_upstream_dialects`](crate::OptMain::without_upstream_dialects)
    /// does for `opt_main`. A name that no upstream dialect has is an error
    /// when the server starts (exit code 1).
    pub fn without_upstream_dialects<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.without_dialects
            .extend(names.into_iter().map(Into::into));
        self
    }

    /// Runs the server on this process's command line, stdin and stdout,
    /// until the client's `exit` notification or the end of stdin, and
    /// returns its exit code: success after `shutdown` then `exit`, failure
    /// otherwise (as `mlir-lsp-server`).
    pub fn run(self) -> ExitCode {
        let mut command_line = CommandLine::of_process();
        let without = string_refs(&self.without_dialects);
        // SAFETY: the command line holds `len()` NUL-terminated strings and
        // a null, alive for the call; `without` and the strings it points
        // into live for the call.
        let code = unsafe {
            bridge::mlirPassBridgeLspServerMain(
                command_line.len(),
                command_line.argv(),
                without.as_ptr(),
                without.len() as isize,
                INSERT_DIALECTS,
            )
        };
        ExitCode::from(u8::try_from(code).unwrap_or(1))
    }
}
