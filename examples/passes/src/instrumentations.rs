//! Pass instrumentations (`mlir_pass::PassInstrumentation`): watching a
//! pass manager run, as C++'s `PassInstrumentation`s do. Attach them with
//! `PassManager::add_instrumentation`; keep an `Arc` to read them after.

use std::{
    collections::{BTreeMap, HashMap},
    sync::{
        atomic::{AtomicU64, Ordering},
        Mutex,
    },
    thread::ThreadId,
    time::{Duration, Instant},
};

use mlir_pass::{
    instrument::{AnalysisInfo, PassInfo},
    melior::ir::operation::OperationLike,
    OperationRef, PassInstrumentation,
};

/// Compile-time tracking: the time spent in each pass (by argument) and
/// how often it ran, summed over every operation and thread, as
/// `--mlir-timing` sums them. Passes that run nested pipelines are left
/// out (their time is their passes').
#[derive(Debug, Default)]
pub struct PassTimes {
    /// When each running pass started, by thread and pass instance.
    started: Mutex<HashMap<(ThreadId, usize), Instant>>,
    /// Per pass argument: total time and number of runs.
    totals: Mutex<BTreeMap<String, (Duration, u64)>>,
}

impl PassTimes {
    /// Per pass argument, the total time and the number of runs (failed
    /// runs included), by argument.
    pub fn totals(&self) -> BTreeMap<String, (Duration, u64)> {
        self.totals
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn stop(&self, pass: &PassInfo<'_>) {
        let key = (std::thread::current().id(), pass.id());
        let started = self
            .started
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key);
        if let Some(started) = started {
            let mut totals = self.totals.lock().unwrap_or_else(|e| e.into_inner());
            let entry = totals.entry(pass.argument().to_owned()).or_default();
            entry.0 += started.elapsed();
            entry.1 += 1;
        }
    }
}

impl PassInstrumentation for PassTimes {
    fn run_before_pass(&self, pass: &PassInfo<'_>, _op: OperationRef<'_>) {
        if !pass.is_adaptor() {
            let key = (std::thread::current().id(), pass.id());
            self.started
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(key, Instant::now());
        }
    }

    fn run_after_pass(&self, pass: &PassInfo<'_>, _op: OperationRef<'_>) {
        self.stop(pass);
    }

    fn run_after_pass_failed(&self, pass: &PassInfo<'_>, _op: OperationRef<'_>) {
        self.stop(pass);
    }
}

/// IR snapshots: the IR before and/or after each pass, with the headers
/// of MLIR's `--mlir-print-ir-before-all` / `--mlir-print-ir-after-all`
/// (`// -----// IR Dump Before CSE (cse) //----- //`), the operation the
/// pass ran on printed in its own scope. With multithreading off the text
/// is what `mlir-opt --mlir-disable-threading` prints.
#[derive(Debug, Default)]
pub struct IrSnapshots {
    /// Take a snapshot before each pass.
    pub before: bool,
    /// Take a snapshot after each pass, and after a failed one (`IR Dump
    /// After Name Failed (argument)`, as MLIR's `--mlir-print-ir-after-all`
    /// and `--mlir-print-ir-after-failure` print it).
    pub after: bool,
    text: Mutex<String>,
}

impl IrSnapshots {
    /// Snapshots before and after every pass.
    pub fn all() -> Self {
        Self {
            before: true,
            after: true,
            text: Mutex::default(),
        }
    }

    /// The snapshots taken so far, in the order taken.
    pub fn text(&self) -> String {
        self.text.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Appends `// -----// IR Dump {before} Name{after} (argument) //----- //`
    /// and the IR, as MLIR's IR printing does.
    fn snapshot(&self, before: &str, pass: &PassInfo<'_>, after: &str, op: OperationRef<'_>) {
        if pass.is_adaptor() {
            return;
        }
        let ir = print(op);
        let mut text = self.text.lock().unwrap_or_else(|e| e.into_inner());
        text.push_str(&format!(
            "// -----// IR Dump {before} {}{after} ({}) //----- //\n",
            pass.name(),
            pass.argument_with_options()
        ));
        text.push_str(&ir);
        text.push_str("\n\n");
    }
}

impl PassInstrumentation for IrSnapshots {
    fn run_before_pass(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        if self.before {
            self.snapshot("Before", pass, "", op);
        }
    }

    fn run_after_pass(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        if self.after {
            self.snapshot("After", pass, "", op);
        }
    }

    fn run_after_pass_failed(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        if self.after {
            // MLIR's printer checks the op first and prints one that does
            // not verify in the generic form.
            self.snapshot("After", pass, " Failed", op);
        }
    }
}

/// The op as MLIR's IR printing prints it: an op in a block in its own
/// scope (other threads may be changing its siblings), a top-level op
/// (the module) whole, which ends in a newline.
fn print(op: OperationRef<'_>) -> String {
    if op.melior().block().is_some() {
        op.to_string()
    } else {
        op.melior().to_string()
    }
}

/// Counting: how many times each pass ran and each analysis was computed,
/// by argument and by analysis name, and how many pass runs failed.
#[derive(Debug, Default)]
pub struct PassCounts {
    passes: Mutex<BTreeMap<String, u64>>,
    analyses: Mutex<BTreeMap<String, u64>>,
    failures: AtomicU64,
}

impl PassCounts {
    /// Runs per pass argument (adaptors left out).
    pub fn passes(&self) -> BTreeMap<String, u64> {
        self.passes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Computations per analysis name.
    pub fn analyses(&self) -> BTreeMap<String, u64> {
        self.analyses
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Failed pass runs (a nested failure also fails its adaptor: both
    /// count).
    pub fn failures(&self) -> u64 {
        self.failures.load(Ordering::Relaxed)
    }
}

impl PassInstrumentation for PassCounts {
    fn run_before_pass(&self, pass: &PassInfo<'_>, _op: OperationRef<'_>) {
        if !pass.is_adaptor() {
            *self
                .passes
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(pass.argument().to_owned())
                .or_default() += 1;
        }
    }

    fn run_after_pass_failed(&self, _pass: &PassInfo<'_>, _op: OperationRef<'_>) {
        self.failures.fetch_add(1, Ordering::Relaxed);
    }

    fn run_before_analysis(&self, analysis: &AnalysisInfo<'_>, _op: OperationRef<'_>) {
        *self
            .analyses
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(analysis.name().to_owned())
            .or_default() += 1;
    }
}
