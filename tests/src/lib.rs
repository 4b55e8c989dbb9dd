//! Passes for the integration tests, defined in this library crate and
//! registered from the test binaries (another crate), as users do.
//!
//! Each pass counts what MLIR does with it: constructions (the original value
//! and every clone), clones, drops, `initialize` and `run` calls.

#![warn(missing_docs)]

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicUsize, Ordering::SeqCst},
        Arc, Mutex,
    },
};

use mlir_pass::{mlir_pass, ContextRef, OperationRef, Pass, PassError};

pub mod aliases;
pub mod analysis_twin;
pub mod asm_names;
pub mod block_names;
pub mod calc;
pub mod canonicalize_method;
pub mod constraint_ops;
pub mod control_flow;
pub mod conversion_passes;
pub mod create_passes;
pub mod custom_directives;
pub mod effects;
pub mod fast_math;
pub mod flags;
pub mod inferred_types;
pub mod instrumentation_twin;
pub mod int_ranges;
pub mod ir_passes;
pub mod option_twin;
pub mod optional_params;
pub mod panicky;
pub mod parallel;
pub mod pipeline_passes;
pub mod qualified_params;
pub mod safe_hooks;
pub mod test_dialect;
pub mod translations;
pub mod type_interfaces;

/// Every Rust snippet of README.md, compiled (and run, unless marked
/// `no_run`) as a doctest of this crate, which depends on the runtime and the
/// example passes as a user's crate would. (The own-crate section's
/// `src/lib.rs`, marked `ignore` here, is built as a crate of its own by
/// `tests/integration/own_crate.rs`.)
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeSnippets;

// The guide's snippets (`runtime/src/guide/`, from-cpp among them) are
// doctests of the runtime crate.
pub mod probes;
pub mod properties;
pub mod reduce_marker;

/// What happened to the instances of one pass.
#[derive(Debug, Default)]
pub struct Counters {
    /// Values created: the original and every clone.
    pub constructs: AtomicUsize,
    /// `Clone::clone` calls.
    pub clones: AtomicUsize,
    /// Values dropped.
    pub destructs: AtomicUsize,
    /// `Pass::initialize` calls.
    pub initializes: AtomicUsize,
    /// `Pass::run` calls.
    pub runs: AtomicUsize,
    /// The names of the operations each `run` saw (symbol name for functions).
    pub seen: Mutex<HashMap<String, usize>>,
}

/// A snapshot of [`Counters`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// See [`Counters::constructs`].
    pub constructs: usize,
    /// See [`Counters::clones`].
    pub clones: usize,
    /// See [`Counters::destructs`].
    pub destructs: usize,
    /// See [`Counters::initializes`].
    pub initializes: usize,
    /// See [`Counters::runs`].
    pub runs: usize,
}

impl Counters {
    /// A snapshot.
    pub fn counts(&self) -> Counts {
        Counts {
            constructs: self.constructs.load(SeqCst),
            clones: self.clones.load(SeqCst),
            destructs: self.destructs.load(SeqCst),
            initializes: self.initializes.load(SeqCst),
            runs: self.runs.load(SeqCst),
        }
    }
}

/// How a [`Probe`] behaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Behaviour {
    /// Succeeds.
    #[default]
    Succeed,
    /// `initialize` returns an error.
    FailInitialize,
    /// `run` returns an error.
    FailRun,
    /// `run` panics.
    PanicInRun,
    /// `initialize` panics.
    PanicInInitialize,
    /// `Clone` panics.
    PanicInClone,
}

/// The body shared by the probe passes: counts everything in `counters`.
#[derive(Debug)]
pub struct Probe {
    /// Shared by the original and its clones.
    pub counters: Arc<Counters>,
    /// What to do.
    pub behaviour: Behaviour,
    /// Set by `initialize`; `run` checks that clones carry it.
    pub initialized_with: Option<usize>,
}

impl Probe {
    /// A new probe counting into `counters`.
    pub fn new(counters: Arc<Counters>, behaviour: Behaviour) -> Self {
        counters.constructs.fetch_add(1, SeqCst);
        Self {
            counters,
            behaviour,
            initialized_with: None,
        }
    }

    fn initialize(&mut self) -> Result<(), PassError> {
        self.counters.initializes.fetch_add(1, SeqCst);
        match self.behaviour {
            Behaviour::FailInitialize => Err("cannot initialize: test failure".into()),
            Behaviour::PanicInInitialize => panic!("probe panicked in initialize"),
            _ => {
                self.initialized_with = Some(42);
                Ok(())
            }
        }
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        self.counters.runs.fetch_add(1, SeqCst);
        let name = op.name();
        let key = match name.as_str() {
            "func.func" => symbol_name(&op).unwrap_or(name),
            _ => name,
        };
        *self.counters.seen.lock().unwrap().entry(key).or_default() += 1;
        match self.behaviour {
            Behaviour::FailRun => Err("run failed on purpose".into()),
            Behaviour::PanicInRun => panic!("probe panicked in run"),
            _ if self.initialized_with != Some(42) => {
                Err("clone did not carry the state set by initialize".into())
            }
            _ => Ok(()),
        }
    }
}

impl Clone for Probe {
    fn clone(&self) -> Self {
        self.counters.clones.fetch_add(1, SeqCst);
        if self.behaviour == Behaviour::PanicInClone {
            panic!("probe panicked in clone");
        }
        self.counters.constructs.fetch_add(1, SeqCst);
        Self {
            counters: self.counters.clone(),
            behaviour: self.behaviour,
            initialized_with: self.initialized_with,
        }
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        self.counters.destructs.fetch_add(1, SeqCst);
    }
}

/// The `sym_name` attribute of an operation, if it has one.
pub fn symbol_name(op: &OperationRef<'_>) -> Option<String> {
    use mlir_pass::ir::OperationExt;
    op.melior().str_attr("sym_name").map(str::to_owned)
}

/// The counters of passes created by pipelines (with `Default`), per type.
pub mod pipeline_counters {
    use super::*;
    use std::sync::LazyLock;

    /// For [`super::GenericProbe`].
    pub static GENERIC: LazyLock<Arc<Counters>> = LazyLock::new(Arc::default);
    /// For [`super::FuncProbe`].
    pub static FUNC: LazyLock<Arc<Counters>> = LazyLock::new(Arc::default);
}

/// A generic pass (no anchor): runs on whatever operation it is given.
#[mlir_pass(name = "GenericProbe", argument = "test-generic-probe")]
#[derive(Clone, Debug)]
pub struct GenericProbe(pub Probe);

impl Default for GenericProbe {
    fn default() -> Self {
        Self(Probe::new(
            pipeline_counters::GENERIC.clone(),
            Behaviour::Succeed,
        ))
    }
}

impl Pass for GenericProbe {
    fn initialize(&mut self, _context: ContextRef<'_>) -> Result<(), PassError> {
        self.0.initialize()
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        self.0.run(op)
    }
}

/// A pass anchored on `func.func`.
///
/// Counts what MLIR does with it.
#[mlir_pass(argument = "test-func-probe", op = "func.func", dialects = [func, arith])]
#[derive(Clone, Debug)]
pub struct FuncProbe(pub Probe);

impl Default for FuncProbe {
    fn default() -> Self {
        Self(Probe::new(
            pipeline_counters::FUNC.clone(),
            Behaviour::Succeed,
        ))
    }
}

impl Pass for FuncProbe {
    fn initialize(&mut self, _context: ContextRef<'_>) -> Result<(), PassError> {
        self.0.initialize()
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        self.0.run(op)
    }
}

/// A pass whose `Default` panics: a pipeline naming it must fail cleanly.
#[mlir_pass(argument = "test-panicking-default")]
#[derive(Clone, Debug)]
pub struct PanickingDefault;

impl Default for PanickingDefault {
    fn default() -> Self {
        panic!("no default for you")
    }
}

impl Pass for PanickingDefault {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

/// A user enum as an option: `FromStr + Display`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Fast.
    #[default]
    Fast,
    /// Thorough.
    Thorough,
}

impl std::str::FromStr for Mode {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "fast" => Ok(Mode::Fast),
            "thorough" => Ok(Mode::Thorough),
            _ => Err("expected fast or thorough".to_owned()),
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mode::Fast => "fast",
            Mode::Thorough => "thorough",
        })
    }
}

/// A pass with an option of every supported kind.
#[mlir_pass(argument = "test-all-options")]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AllOptions {
    /// A flag.
    #[option]
    pub verbose: bool,
    /// A small signed integer.
    #[option(default = -3)]
    pub small: i8,
    /// A byte.
    #[option(default = 7)]
    pub byte: u8,
    /// A big unsigned integer.
    #[option]
    pub big: u64,
    /// A signed 64-bit integer.
    #[option]
    pub offset: i64,
    /// A size.
    #[option(name = "max-size")]
    pub size_limit: usize,
    /// A single-precision float.
    #[option]
    pub ratio: f32,
    /// A double-precision float.
    #[option(default = 0.5)]
    pub scale: f64,
    /// A string.
    #[option(default = "hello")]
    pub label: String,
    /// A list of strings.
    #[option(default = ["a", "b"])]
    pub names: Vec<String>,
    /// A list of integers.
    #[option]
    pub counts: Vec<i32>,
    /// A user enum.
    #[option(description = "How hard to try.")]
    pub mode: Mode,
    /// A list of enums.
    #[option]
    pub modes: Vec<Mode>,
    /// Plain state, not an option.
    pub runs: usize,
}

impl Pass for AllOptions {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        self.runs += 1;
        Ok(())
    }
}

unsafe extern "C" {
    fn mlirPassTestsLinkTwins();
}

/// Makes sure the C++ twins of the test passes (`tests/cpp`:
/// `test-cpp-opts`, `test-cpp-repeat`, `test-cpp-count-function-ops`,
/// `test-cpp-keep-analyses`, `test-cpp-drop-analyses`,
/// `test-cpp-conv-failure`) are in MLIR's pass registry.
///
/// They register when the binary that links them loads, before any thread
/// can parse a pipeline (MLIR's pass registry has no lock, and a test that
/// registered one while another test parsed was a data race); calling this
/// links them into the binary that calls it.
pub fn link_cpp_twins() {
    // SAFETY: a function that does nothing.
    unsafe { mlirPassTestsLinkTwins() }
}

/// How many cases a property test runs: `PROPTEST_CASES` if set (for longer
/// runs by hand), else `default`.
pub fn proptest_cases(default: u32) -> u32 {
    count_from_env("PROPTEST_CASES", default)
}

/// How many times a stress test runs: `MLIR_PASS_STRESS_RUNS` if set
/// (`make test-static` asks for more), else `default`.
pub fn stress_runs(default: u32) -> u32 {
    count_from_env("MLIR_PASS_STRESS_RUNS", default)
}

/// The number in the variable `name`, or `default` when it is unset or no
/// number.
fn count_from_env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default)
}
