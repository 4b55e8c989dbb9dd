//! `reduce_main`: MLIR's test case reducer with the Rust dialects and
//! passes.

use std::process::ExitCode;

use super::{program_name, string_refs, CommandLine, INSERT_DIALECTS};
use crate::{ffi::bridge, register_all};

/// Runs MLIR's own test case reducer (`mlir::mlirReduceMain`, what
/// `mlir-reduce` runs) with every upstream dialect, extension and pass, and
/// every Rust dialect, pass and pipeline linked into the program: the Rust
/// counterpart of the few-line `main` of a C++ `my-reduce`.
///
/// ```no_run
/// use std::process::ExitCode;
///
/// use my_passes as _; // a crate the binary never names is not linked
/// # mod my_passes {}
///
/// fn main() -> ExitCode {
///     mlir_pass::reduce_main()
/// }
/// ```
///
/// The reducer shrinks an input that makes a tool fail (a Rust pass that
/// errors out or panics on it, say) to a smaller input that still does.
/// What "fails" means is a test script of the user's: the reducer runs it
/// with the path of a candidate input as its last argument, and keeps the
/// candidate when the script exits with a non-zero code (1, say):
///
/// ```sh
/// #!/bin/sh
/// # check.sh: is this input still interesting?
/// my-opt "$1" --pass-pipeline='builtin.module(my-pass)' 2>&1 |
///   grep -q 'my-pass failed on' && exit 1
/// exit 0
/// ```
///
/// ```sh
/// my-reduce failing.mlir -reduction-tree='traversal-mode=0 test=./check.sh' -o small.mlir
/// ```
///
/// The `-reduction-tree` pass erases ops (and applies the dialects'
/// reduction patterns) while the script keeps answering 1; the candidate
/// must verify to be tried, so an op whose results are used stays as long
/// as its users do. `-opt-reduction-pass='opt-pass=PIPELINE test=...'` keeps
/// what a pipeline (of Rust passes too) makes of the input when that is
/// still interesting. Every `mlir-reduce` flag works and means the same
/// (`-o`, `--split-input-file`, `--no-implicit-module`, ...). Differences
/// from `mlir-reduce`, which ends with exit code 1 and nothing on stderr or
/// with a fatal error in these cases:
///
/// - an input the script calls uninteresting (it exits with 0 on the input
///   itself) is a warning at the input, with a note on what the script must
///   answer, and exit code 1;
/// - a script that cannot be run (no such file, not executable) or that
///   answers differently for the same input is an error with what to
///   change, and exit code 1, never an abort.
///
/// A registration conflict ([`register_all`]) is reported on stderr and the
/// tool goes on without the conflicting passes.
///
/// [`ReduceMain`] is the same tool with options (upstream dialects left
/// out).
pub fn reduce_main() -> ExitCode {
    ReduceMain::new().run()
}

/// [`reduce_main`] with options: `ReduceMain::new()`, the options, then
/// [`run`](Self::run).
///
/// ```no_run
/// use std::process::ExitCode;
///
/// fn main() -> ExitCode {
///     mlir_pass::ReduceMain::new()
///         .without_upstream_dialects(["index"])
///         .run()
/// }
/// ```
#[derive(Debug, Clone, Default)]
pub struct ReduceMain {
    without_dialects: Vec<String>,
}

impl ReduceMain {
    /// The tool [`reduce_main`] runs.
    pub fn new() -> Self {
        Self::default()
    }

    /// Leaves MLIR's own dialects of these namespaces (`"index"`) out of the
    /// tool, with the dialect extensions that need them, so that Rust
    /// dialects of the same namespaces take their place, as
    /// [`OptMain::without_upstream_dialects`](crate::OptMain::without_upstream_dialects)
    /// does for `opt_main`. A name that no upstream dialect has is an error
    /// when the tool runs (exit code 1).
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
    /// code (see [`reduce_main`]).
    pub fn run(self) -> ExitCode {
        if let Err(error) = register_all() {
            let program = program_name("mlir-reduce");
            for conflict in error.conflicts() {
                eprintln!("{program}: error: {conflict}; it was not registered");
            }
        }
        let mut command_line = CommandLine::of_process();
        let without = string_refs(&self.without_dialects);
        // SAFETY: the command line holds `len()` NUL-terminated strings and
        // a null, alive for the call; `without` and the strings it points
        // into live for the call.
        let code = unsafe {
            bridge::mlirPassBridgeReduceMain(
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
