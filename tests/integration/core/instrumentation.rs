//! Pass instrumentations written in Rust (`PassManager::add_instrumentation`):
//! the hooks C++'s `PassInstrumentation` gets, in the same order (a C++
//! twin records beside the Rust one), on MLIR's threads, with panics
//! reported as diagnostics, and dropped with the pass manager.

use std::{
    collections::HashSet,
    sync::{
        atomic::{AtomicUsize, Ordering},
        Arc, Mutex,
    },
    thread::ThreadId,
};

use mlir_pass::{
    instrument::{AnalysisInfo, PassInfo, PipelineInfo},
    ir::OperationExt,
    Context, Module, OperationRef, PassInstrumentation, PassManager, Severity,
};
use mlir_pass_example_passes::instrumentations::{IrSnapshots, PassCounts, PassTimes};
use mlir_pass_tests::instrumentation_twin::attach_cpp_recorder;

/// Two functions CSE changes, one it leaves, and an empty one.
const INPUT: &str = "func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  %c = arith.addi %a, %a : i32
  %d = arith.muli %b, %c : i32
  return %d : i32
}
func.func @g(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  return %b : i32
}
func.func private @h() {
  return
}
";

const PIPELINE: &str =
    "builtin.module(func.func(cse,annotate-op-count,canonicalize),symbol-dce,any(cse))";

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// `func.func @f`: the op's name and symbol, as the C++ twin writes them.
fn describe_op(op: OperationRef<'_>) -> String {
    match op.str_attr("sym_name") {
        Some(name) => format!("{} @{name}", op.name()),
        None => op.name(),
    }
}

fn describe_pass(pass: &PassInfo<'_>) -> String {
    format!("{} ({})", pass.name(), pass.argument())
}

/// The Rust twin of tests/cpp/instrumentation_twin.cpp: the same lines.
#[derive(Default)]
struct Recorder(Mutex<String>);

impl Recorder {
    fn write(&self, line: String) {
        let mut record = self.0.lock().unwrap();
        record.push_str(&line);
        record.push('\n');
    }
    fn text(&self) -> String {
        self.0.lock().unwrap().clone()
    }
}

impl PassInstrumentation for Recorder {
    fn run_before_pipeline(&self, pipeline: &PipelineInfo<'_>) {
        let anchor = pipeline.anchor().unwrap_or("any");
        let parent = describe_pass(pipeline.parent());
        self.write(format!("before-pipeline {anchor} parent {parent}"));
    }
    fn run_after_pipeline(&self, pipeline: &PipelineInfo<'_>) {
        let anchor = pipeline.anchor().unwrap_or("any");
        let parent = describe_pass(pipeline.parent());
        self.write(format!("after-pipeline {anchor} parent {parent}"));
    }
    fn run_before_pass(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        let (pass, op) = (describe_pass(pass), describe_op(op));
        self.write(format!("before-pass {pass} on {op}"));
    }
    fn run_after_pass(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        let (pass, op) = (describe_pass(pass), describe_op(op));
        self.write(format!("after-pass {pass} on {op}"));
    }
    fn run_after_pass_failed(&self, pass: &PassInfo<'_>, op: OperationRef<'_>) {
        let (pass, op) = (describe_pass(pass), describe_op(op));
        self.write(format!("after-pass-failed {pass} on {op}"));
    }
    fn run_before_analysis(&self, analysis: &AnalysisInfo<'_>, op: OperationRef<'_>) {
        let op = describe_op(op);
        self.write(format!("before-analysis {} on {op}", analysis.name()));
    }
    fn run_after_analysis(&self, analysis: &AnalysisInfo<'_>, op: OperationRef<'_>) {
        let op = describe_op(op);
        self.write(format!("after-analysis {} on {op}", analysis.name()));
    }
}

/// Runs `pipeline` on `input` with the C++ and the Rust recorder attached;
/// their records and whether the run succeeded.
fn record_both(context: &Context, pipeline: &str, input: &str) -> (String, String, bool) {
    let mut module = Module::parse(context, input, "input.mlir").unwrap();
    let mut pm = PassManager::parse(context, pipeline).unwrap();
    let cpp = attach_cpp_recorder(&mut pm);
    let rust = Arc::new(Recorder::default());
    pm.add_instrumentation(rust.clone());
    let ok = pm.run(&mut module).is_ok();
    drop(pm);
    let cpp = cpp.lock().unwrap().clone();
    (cpp, rust.text(), ok)
}

#[test]
fn the_rust_and_the_cpp_instrumentation_see_the_same_calls_in_the_same_order() {
    let context = setup();
    context.enable_multithreading(false);
    let (cpp, rust, ok) = record_both(&context, PIPELINE, INPUT);
    assert!(ok);
    assert_eq!(rust, cpp);
    // What they saw, as MLIR runs it: the adaptor, each function's
    // pipeline, CSE asking for dominance, the Rust pass by its name.
    let lines: Vec<&str> = rust.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "before-pass mlir::detail::OpToOpPassAdaptor () on builtin.module",
            "before-pipeline func.func parent mlir::detail::OpToOpPassAdaptor ()",
            "before-pass CSE (cse) on func.func @f",
            "before-analysis DominanceInfo on func.func @f",
        ]
    );
    assert!(lines.contains(&"after-pass AnnotateOpCount (annotate-op-count) on func.func @g"));
    assert!(lines.contains(&"before-pass SymbolDCE (symbol-dce) on builtin.module"));
    assert!(lines.contains(&"before-pipeline any parent mlir::detail::OpToOpPassAdaptor ()"));
}

#[test]
fn a_failing_pass_is_seen_failed_by_both_and_the_pipeline_stops() {
    let context = setup();
    context.enable_multithreading(false);
    let (cpp, rust, ok) = record_both(
        &context,
        "builtin.module(func.func(reject-empty-functions,cse))",
        INPUT,
    );
    assert!(!ok);
    assert_eq!(rust, cpp);
    let lines: Vec<&str> = rust.lines().collect();
    assert!(lines.contains(
        &"after-pass-failed RejectEmptyFunctions (reject-empty-functions) on func.func @h"
    ));
    assert_eq!(
        lines.last(),
        Some(&"after-pass-failed mlir::detail::OpToOpPassAdaptor () on builtin.module")
    );
    assert!(!lines.contains(&"before-pass CSE (cse) on func.func @h"));
}

/// `n` functions with a few operations each, two of them CSE can merge.
fn many_funcs(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "func.func @f{i}(%a: i32) -> i32 {{\n  %b = arith.addi %a, %a : i32\n  %c = arith.addi %a, %a : i32\n  %d = arith.muli %b, %c : i32\n  return %d : i32\n}}\n"
            )
        })
        .collect()
}

/// Sorted lines, for records whose order threads decide.
fn sorted(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort_unstable();
    lines
}

#[test]
fn on_mlirs_threads_both_see_the_same_calls_and_the_hooks_run_concurrently() {
    /// Which threads ran hooks.
    #[derive(Default)]
    struct Threads(Mutex<HashSet<ThreadId>>);
    impl PassInstrumentation for Threads {
        fn run_before_pass(&self, _: &PassInfo<'_>, _: OperationRef<'_>) {
            self.0.lock().unwrap().insert(std::thread::current().id());
        }
    }
    let context = setup();
    let input = many_funcs(64);
    let mut module = Module::parse(&context, &input, "many.mlir").unwrap();
    let mut pm = PassManager::parse(&context, PIPELINE).unwrap();
    let cpp = attach_cpp_recorder(&mut pm);
    let rust = Arc::new(Recorder::default());
    let threads = Arc::new(Threads::default());
    let counts = Arc::new(PassCounts::default());
    pm.add_instrumentation(rust.clone());
    pm.add_instrumentation(threads.clone());
    pm.add_instrumentation(counts.clone());
    pm.run(&mut module).unwrap();
    drop(pm);
    let cpp = cpp.lock().unwrap().clone();
    assert_eq!(sorted(&rust.text()), sorted(&cpp));
    assert_eq!(
        counts.passes().into_iter().collect::<Vec<_>>(),
        [
            ("annotate-op-count".to_owned(), 64),
            ("canonicalize".to_owned(), 64),
            // 64 functions, then the `any(cse)` pipeline on each again.
            ("cse".to_owned(), 128),
            ("symbol-dce".to_owned(), 1),
        ]
    );
    assert_eq!(counts.analyses().get("DominanceInfo"), Some(&128));
    assert_eq!(counts.failures(), 0);
    let available = std::thread::available_parallelism().map_or(1, |n| n.get());
    if available > 1 {
        assert!(
            threads.0.lock().unwrap().len() > 1,
            "hooks ran on one thread"
        );
    }
}

#[test]
fn pass_times_sum_each_pass_over_functions_and_threads() {
    let context = setup();
    let input = many_funcs(16);
    let mut module = Module::parse(&context, &input, "many.mlir").unwrap();
    let mut pm = PassManager::parse(&context, PIPELINE).unwrap();
    let times = Arc::new(PassTimes::default());
    pm.add_instrumentation(times.clone());
    pm.run(&mut module).unwrap();
    let totals = times.totals();
    let runs: Vec<(&str, u64)> = totals.iter().map(|(k, v)| (k.as_str(), v.1)).collect();
    assert_eq!(
        runs,
        [
            ("annotate-op-count", 16),
            ("canonicalize", 16),
            ("cse", 32),
            ("symbol-dce", 1)
        ]
    );
    assert!(
        totals.values().all(|(time, _)| !time.is_zero()),
        "{totals:?}"
    );
}

/// The IR-snapshot example writes what `mlir-opt --mlir-print-ir-before-all
/// --mlir-print-ir-after-all` writes, byte for byte.
#[test]
fn ir_snapshots_match_mlir_opts_print_ir_before_and_after_all() {
    let context = setup();
    context.enable_multithreading(false);
    let pipeline = "builtin.module(func.func(cse,canonicalize),symbol-dce)";
    let mut module = Module::parse(&context, INPUT, "input.mlir").unwrap();
    let mut pm = PassManager::parse(&context, pipeline).unwrap();
    let snapshots = Arc::new(IrSnapshots::all());
    pm.add_instrumentation(snapshots.clone());
    pm.run(&mut module).unwrap();

    let (output, _) = crate::common::stock_mlir_opt(
        INPUT,
        &[
            &format!("--pass-pipeline={pipeline}"),
            "--mlir-print-ir-before-all",
            "--mlir-print-ir-after-all",
            "--mlir-disable-threading",
            "-o",
            "/dev/null",
        ],
    );
    assert!(output.status.success());
    let expected = String::from_utf8(output.stderr).unwrap();
    assert!(expected.contains("IR Dump After CSE (cse)"), "{expected}");
    assert_eq!(snapshots.text(), expected);
}

/// Panics in the hook named by `.0`.
struct PanicIn(&'static str);

impl PanicIn {
    fn check(&self, hook: &str) {
        if self.0 == hook {
            panic!("boom in {hook}");
        }
    }
}

impl PassInstrumentation for PanicIn {
    fn run_before_pipeline(&self, _: &PipelineInfo<'_>) {
        self.check("run_before_pipeline")
    }
    fn run_after_pipeline(&self, _: &PipelineInfo<'_>) {
        self.check("run_after_pipeline")
    }
    fn run_before_pass(&self, pass: &PassInfo<'_>, _: OperationRef<'_>) {
        if pass.argument() == "cse" {
            self.check("run_before_pass")
        }
    }
    fn run_after_pass(&self, pass: &PassInfo<'_>, _: OperationRef<'_>) {
        if pass.argument() == "cse" {
            self.check("run_after_pass")
        }
    }
    fn run_after_pass_failed(&self, _: &PassInfo<'_>, _: OperationRef<'_>) {
        self.check("run_after_pass_failed")
    }
    fn run_before_analysis(&self, _: &AnalysisInfo<'_>, _: OperationRef<'_>) {
        self.check("run_before_analysis")
    }
    fn run_after_analysis(&self, _: &AnalysisInfo<'_>, _: OperationRef<'_>) {
        self.check("run_after_analysis")
    }
}

#[test]
fn a_panic_in_any_hook_fails_the_run_with_a_diagnostic_on_and_off_threads() {
    let cases = [
        (
            "run_before_pipeline",
            "pipeline on 'func.func'",
            "loc(unknown)",
        ),
        (
            "run_after_pipeline",
            "pipeline on 'func.func'",
            "loc(unknown)",
        ),
        ("run_before_pass", "pass 'cse'", "input.mlir:1:1"),
        ("run_after_pass", "pass 'cse'", "input.mlir:1:1"),
        (
            "run_before_analysis",
            "analysis 'DominanceInfo' for pass 'cse'",
            "input.mlir:1:1",
        ),
        (
            "run_after_analysis",
            "analysis 'DominanceInfo' for pass 'cse'",
            "input.mlir:1:1",
        ),
    ];
    let context = setup();
    for threads in [false, true] {
        context.enable_multithreading(threads);
        for (hook, subject, location) in cases {
            let mut module = Module::parse(&context, INPUT, "input.mlir").unwrap();
            let mut pm = PassManager::parse(&context, "builtin.module(func.func(cse))").unwrap();
            pm.add_instrumentation(PanicIn(hook));
            let error = pm.run(&mut module).unwrap_err();
            let expected = format!(
                "{subject}: the instrumentation's {hook} hook panicked: boom in {hook} (at "
            );
            let first = &error.diagnostics[0];
            assert_eq!(first.severity, Severity::Error, "{error}");
            assert!(first.message.starts_with(&expected), "{hook}: {error}");
            assert!(first.message.contains("instrumentation.rs:"), "{error}");
            // Once per function: MLIR 22 runs every function's pipeline
            // before the failure of one fails the adaptor, with threads or
            // without.
            assert_eq!(error.diagnostics.len(), 3, "{hook}: {error}");
            if !threads {
                assert_eq!(first.location, location, "{hook}");
            }
        }
    }
    // A pass that failed on its own, then a hook that panicked after it.
    context.enable_multithreading(false);
    let mut module = Module::parse(&context, INPUT, "input.mlir").unwrap();
    let mut pm = PassManager::parse(
        &context,
        "builtin.module(func.func(reject-empty-functions))",
    )
    .unwrap();
    pm.add_instrumentation(PanicIn("run_after_pass_failed"));
    let error = pm.run(&mut module).unwrap_err();
    let messages: Vec<&str> = error
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages[0], "function body is empty");
    assert!(messages[1].starts_with(
        "pass 'reject-empty-functions': the instrumentation's run_after_pass_failed hook panicked"
    ));
}

#[test]
fn the_instrumentation_lives_as_long_as_the_pass_manager_and_sees_every_run() {
    struct Counted(Arc<AtomicUsize>, Arc<AtomicUsize>);
    impl PassInstrumentation for Counted {
        fn run_after_pass(&self, pass: &PassInfo<'_>, _: OperationRef<'_>) {
            if !pass.is_adaptor() {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
    }
    impl Drop for Counted {
        fn drop(&mut self) {
            self.1.fetch_add(1, Ordering::SeqCst);
        }
    }
    let context = setup();
    let (runs, drops) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let mut module = Module::parse(&context, INPUT, "input.mlir").unwrap();
    let mut pm = PassManager::parse(&context, "builtin.module(func.func(cse))").unwrap();
    pm.add_instrumentation(Counted(runs.clone(), drops.clone()));
    pm.run(&mut module).unwrap();
    pm.run(&mut module).unwrap();
    assert_eq!(runs.load(Ordering::SeqCst), 6, "three functions, twice");
    assert_eq!(drops.load(Ordering::SeqCst), 0);
    drop(pm);
    assert_eq!(drops.load(Ordering::SeqCst), 1);

    // A panic while the pass manager drops it is written to stderr; the
    // process goes on.
    struct PanicsOnDrop;
    impl PassInstrumentation for PanicsOnDrop {}
    impl Drop for PanicsOnDrop {
        fn drop(&mut self) {
            panic!("dropped");
        }
    }
    let mut pm = PassManager::parse(&context, "builtin.module(func.func(cse))").unwrap();
    pm.add_instrumentation(PanicsOnDrop);
    pm.run(&mut module).unwrap();
    drop(pm);
}
