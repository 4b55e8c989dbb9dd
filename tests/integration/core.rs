//! The five scenarios of MLIR's `testExternalPass` C test, through
//! `#[mlir_pass]`, plus textual pipelines, cross-crate registration and
//! threading. The passes live in the `mlir-pass-tests` library and in the
//! example crate; this binary registers them.

use std::sync::Arc;

use mlir_pass::{Context, Module, PassManager, Severity};
// The example passes register themselves; naming the crate keeps it linked.
use mlir_pass_example_passes as _;
use mlir_pass_tests::{pipeline_counters, Behaviour, Counters, FuncProbe, GenericProbe, Probe};

const ONE_FUNC: &str = "func.func @foo(%arg0 : i32) -> i32 {
  %res = arith.addi %arg0, %arg0 : i32
  return %res : i32
}
";

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

fn probe(behaviour: Behaviour) -> (Arc<Counters>, Probe) {
    let counters = Arc::new(Counters::default());
    let probe = Probe::new(counters.clone(), behaviour);
    (counters, probe)
}

/// `n` functions named `f0`..`f{n-1}`, each with a few operations.
fn many_funcs(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "func.func @f{i}(%a: i32) -> i32 {{\n  %c = arith.constant {i} : i32\n  %r = arith.addi %a, %c : i32\n  return %r : i32\n}}\n"
            )
        })
        .collect()
}

// --- The five scenarios of testExternalPass -------------------------------

#[test]
fn generic_pass_constructs_once_runs_once_and_is_destroyed() {
    let context = setup();
    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::Succeed);
    {
        let mut pm = PassManager::new(&context);
        pm.add_pass(GenericProbe(probe)).unwrap();
        assert_eq!(counters.counts().constructs, 1);
        pm.run(&mut module).unwrap();
        let c = counters.counts();
        assert_eq!(c.runs, 1, "{c:?}");
        assert_eq!(c.initializes, 1, "{c:?}");
        assert_eq!(
            counters.seen.lock().unwrap().get("builtin.module"),
            Some(&1)
        );
    }
    let c = counters.counts();
    assert_eq!(
        c.destructs, c.constructs,
        "every instance dropped once: {c:?}"
    );
}

#[test]
fn func_pass_nested_is_cloned_and_runs_once_per_function() {
    let context = setup();
    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::Succeed);
    {
        let mut pm = PassManager::new(&context);
        pm.nest("func.func").add_pass(FuncProbe(probe)).unwrap();
        pm.run(&mut module).unwrap();
        let c = counters.counts();
        assert_eq!(c.clones, c.constructs - 1, "{c:?}");
        assert_eq!(c.runs, 1, "one function, one run: {c:?}");
        assert_eq!(counters.seen.lock().unwrap().get("foo"), Some(&1));
    }
    let c = counters.counts();
    assert_eq!(c.destructs, c.constructs, "{c:?}");
}

#[test]
fn initialize_runs_before_the_first_run_only_not_before_each() {
    // MLIR initializes a pass manager's passes on its first run, and again
    // only when the pipeline or the context's dialect registry changes.
    let context = setup();
    let (counters, probe) = probe(Behaviour::Succeed);
    let mut pm = PassManager::new(&context);
    pm.add_pass(GenericProbe(probe)).unwrap();
    for _ in 0..3 {
        let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
        pm.run(&mut module).unwrap();
    }
    let c = counters.counts();
    assert_eq!((c.initializes, c.runs), (1, 3), "{c:?}");
}

#[test]
fn add_pipeline_appends_after_the_passes_already_there() {
    let context = setup();
    let mut pm = PassManager::parse(&context, "builtin.module(canonicalize)").unwrap();
    pm.as_op_pass_manager().add_pipeline("cse").unwrap();
    pm.as_op_pass_manager()
        .add_pipeline("builtin.module(symbol-dce, func.func(annotate-op-count))")
        .unwrap();
    pm.nest("func.func").add_pipeline("cse").unwrap();
    let printed = pm.to_string();
    assert!(
        printed.starts_with("builtin.module(canonicalize{"),
        "{printed}"
    );
    assert!(
        printed.ends_with(
            ",cse,symbol-dce,func.func(annotate-op-count{attr-name=pass.op_count skip={}}),func.func(cse))"
        ),
        "{printed}"
    );
    // A nested pass manager keeps its anchor: the text is added inside it.
    let mut pm = PassManager::new(&context);
    let nested = pm.nest("func.func");
    nested.add_pipeline("func.func(cse)").unwrap();
    assert_eq!(nested.anchor(), "func.func");
    assert_eq!(pm.to_string(), "builtin.module(func.func(cse))");
    // Unknown passes are still parse errors: MLIR's message, then how a
    // Rust pass gets registered.
    let hint = "; if it is a Rust pass, the crate that defines it must be linked into this \
                binary (the linker leaves out a crate the binary never names: add \
                `use my_passes as _;` or call something from it) and \
                mlir_pass::register_all() must have run";
    let error = pm.as_op_pass_manager().add_pipeline("nope").unwrap_err();
    assert_eq!(
        error.message,
        format!(
            "failed to parse the pass pipeline 'nope': 'nope' does not refer to a registered \
             pass or pass pipeline{hint}"
        )
    );
    let error = PassManager::parse(&context, "builtin.module(func.func(cse, nope2))").unwrap_err();
    assert_eq!(
        error.message,
        format!(
            "failed to parse the pass pipeline 'builtin.module(func.func(cse, nope2))': 'nope2' \
             does not refer to a registered pass or pass pipeline{hint}"
        )
    );
    // Other parse errors get no hint.
    let error = PassManager::parse(&context, "builtin.module(cse{bogus=1})").unwrap_err();
    assert!(!error.message.contains("Rust pass"), "{error}");
}

#[test]
fn a_pass_manager_not_anchored_on_builtin_module_is_refused_at_parse_time() {
    let context = setup();
    let error = PassManager::parse(&context, "func.func(cse)").unwrap_err();
    assert_eq!(
        error.message,
        "the pass pipeline 'func.func(cse)' runs on 'func.func' operations, but a PassManager runs on 'builtin.module': write builtin.module(...) around it"
    );
    let error = PassManager::parse(&context, "b)uiltin.module(cse)").unwrap_err();
    assert!(
        error
            .message
            .starts_with("the pass pipeline 'b)uiltin.module(cse)'")
            || error.message.starts_with("failed to parse"),
        "{error}"
    );
    assert!(PassManager::parse(&context, "builtin.module()").is_ok());
}

#[test]
fn initialize_is_called_once_then_run() {
    let context = setup();
    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::Succeed);
    {
        let mut pm = PassManager::new(&context);
        pm.add_pass(GenericProbe(probe)).unwrap();
        pm.run(&mut module).unwrap();
        let c = counters.counts();
        assert_eq!((c.initializes, c.runs), (1, 1), "{c:?}");
    }
    let c = counters.counts();
    assert_eq!(c.destructs, c.constructs, "{c:?}");
}

#[test]
fn failing_initialize_fails_the_pass_manager_and_never_runs() {
    let context = setup();
    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::FailInitialize);
    {
        let mut pm = PassManager::new(&context);
        pm.add_pass(GenericProbe(probe)).unwrap();
        let error = pm.run(&mut module).unwrap_err();
        let c = counters.counts();
        assert_eq!((c.initializes, c.runs), (1, 0), "{c:?}");
        assert_eq!(error.diagnostics.len(), 1, "{error}");
        let d = &error.diagnostics[0];
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(
            d.message,
            "test-generic-probe: initialize failed: cannot initialize: test failure"
        );
    }
    let c = counters.counts();
    assert_eq!(c.destructs, c.constructs, "{c:?}");
}

#[test]
fn failing_run_fails_the_pass_manager_with_a_diagnostic_at_the_op() {
    let context = setup();
    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::FailRun);
    {
        let mut pm = PassManager::new(&context);
        pm.nest("func.func").add_pass(FuncProbe(probe)).unwrap();
        let error = pm.run(&mut module).unwrap_err();
        assert_eq!(counters.counts().runs, 1);
        assert_eq!(error.diagnostics.len(), 1, "{error}");
        let d = &error.diagnostics[0];
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.location, "one.mlir:1:1", "at the function");
        assert_eq!(d.message, "run failed on purpose");
    }
    let c = counters.counts();
    assert_eq!(c.destructs, c.constructs, "{c:?}");
}

// --- Textual pipelines ------------------------------------------------------

#[test]
fn rust_passes_are_found_by_argument_beside_upstream_passes() {
    let context = setup();
    let mut module = Module::parse(&context, &many_funcs(3), "three.mlir").unwrap();
    let before = pipeline_counters::FUNC.counts();
    let mut pm = PassManager::parse(
        &context,
        "builtin.module(func.func(test-func-probe, canonicalize), cse, test-generic-probe)",
    )
    .unwrap();
    assert_eq!(
        pm.to_string(),
        "builtin.module(func.func(test-func-probe,canonicalize{  max-iterations=10 max-num-rewrites=-1 \
         region-simplify=normal test-convergence=false top-down=true}),cse,test-generic-probe)"
    );
    pm.run(&mut module).unwrap();
    let after = pipeline_counters::FUNC.counts();
    assert_eq!(after.runs - before.runs, 3, "once per function");
}

#[test]
fn the_example_pass_from_another_crate_annotates_functions() {
    let context = setup();
    let source = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.muli %0, %0 : i32\n  return %1 : i32\n}\n\
                  func.func @g() {\n  return\n}\n";
    let mut module = Module::parse(&context, source, "input.mlir").unwrap();
    let mut pm =
        PassManager::parse(&context, "builtin.module(func.func(annotate-op-count))").unwrap();
    pm.run(&mut module).unwrap();
    let text = module.to_string();
    assert!(
        text.contains("func.func @f(%arg0: i32) -> i32 attributes {pass.op_count = 3 : i64}"),
        "{text}"
    );
    assert!(
        text.contains("func.func @g() attributes {pass.op_count = 1 : i64}"),
        "{text}"
    );
}

#[test]
fn every_linked_pass_is_listed_sorted_by_argument() {
    let passes = mlir_pass::passes();
    let arguments: Vec<_> = passes.iter().map(|p| p.argument).collect();
    let mut sorted = arguments.clone();
    sorted.sort();
    assert_eq!(arguments, sorted);
    for expected in [
        "annotate-op-count",
        "reject-empty-functions",
        "test-func-probe",
        "test-generic-probe",
        "test-panicking-default",
    ] {
        assert!(arguments.contains(&expected), "{expected} in {arguments:?}");
    }
    let example = passes
        .iter()
        .find(|p| p.argument == "annotate-op-count")
        .unwrap();
    assert_eq!(example.name, "AnnotateOpCount");
    assert_eq!(example.op_name, Some("func.func"));
    assert_eq!(example.dialect_names, ["func"]);
    assert_eq!(
        example.summary,
        "Annotates every function with the number of operations in its body."
    );
    assert!(example.description.contains("(by default `pass.op_count`)"));
    assert_eq!(
        example.type_name,
        "mlir_pass_example_passes::AnnotateOpCount"
    );
    let probe = passes
        .iter()
        .find(|p| p.argument == "test-func-probe")
        .unwrap();
    assert_eq!(probe.name, "FuncProbe", "name defaults to the struct's");
    assert_eq!(
        probe.description,
        "A pass anchored on `func.func`.\n\nCounts what MLIR does with it."
    );
    assert_eq!(probe.dialect_names, ["func", "arith"]);
    let generic = passes
        .iter()
        .find(|p| p.argument == "test-generic-probe")
        .unwrap();
    assert_eq!(generic.op_name, None);
}

#[test]
fn unknown_pass_names_fail_to_parse_with_a_message() {
    let context = setup();
    let error =
        PassManager::parse(&context, "builtin.module(func.func(no-such-pass))").unwrap_err();
    assert!(error.to_string().contains("no-such-pass"), "{error}");
}

#[test]
fn an_anchored_pass_under_the_wrong_operation_is_an_error_not_an_abort() {
    let context = setup();
    let error = PassManager::parse(&context, "builtin.module(test-func-probe)").unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("pass 'test-func-probe' runs on 'func.func' operations but was placed in a pass manager that runs on 'builtin.module'"),
        "{text}"
    );
    assert!(
        text.contains("builtin.module(func.func(test-func-probe))"),
        "suggests the fix: {text}"
    );

    // The same through the code API.
    let (_, probe) = probe(Behaviour::Succeed);
    let mut pm = PassManager::new(&context);
    let error = pm.add_pass(FuncProbe(probe)).unwrap_err();
    assert!(error.to_string().contains("nest it"), "{error}");
}

#[test]
fn an_unknown_option_is_an_error_that_lists_the_valid_ones() {
    let context = setup();
    let error = PassManager::parse(
        &context,
        "builtin.module(func.func(annotate-op-count{x=1}))",
    )
    .unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains(
            "pass 'annotate-op-count' has no option 'x'; its options are: attr-name, skip"
        ),
        "{text}"
    );
    let error = PassManager::parse(&context, "builtin.module(func.func(test-func-probe{x=1}))")
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("pass 'test-func-probe' has no options, but was given 'x'"),
        "{error}"
    );
}

#[test]
fn a_panicking_default_fails_the_pipeline_parse_cleanly() {
    let context = setup();
    let error = PassManager::parse(&context, "builtin.module(test-panicking-default)").unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains(
            "pass 'test-panicking-default' panicked while being created: no default for you"
        ),
        "{text}"
    );
}

// --- Panics never cross into MLIR -------------------------------------------

/// A panic's diagnostic: `expected`, then where the panic happened (in
/// this crate's test passes).
fn assert_panic_message(message: &str, expected: &str) {
    let location = message
        .strip_prefix(expected)
        .and_then(|rest| rest.strip_prefix(" (at "))
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("expected `{expected} (at <location>)`, got `{message}`"));
    assert!(location.contains("tests/src/lib.rs:"), "{message}");
}

#[test]
fn a_panic_in_run_fails_the_pass_and_the_process_goes_on() {
    let context = setup();
    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::PanicInRun);
    {
        let mut pm = PassManager::new(&context);
        pm.nest("func.func").add_pass(FuncProbe(probe)).unwrap();
        let error = pm.run(&mut module).unwrap_err();
        let d = &error.diagnostics[0];
        assert_eq!(d.location, "one.mlir:1:1");
        assert_panic_message(
            &d.message,
            "pass 'test-func-probe' panicked in run: probe panicked in run",
        );
    }
    let c = counters.counts();
    assert_eq!(c.destructs, c.constructs, "{c:?}");
    // The same context and module run another pipeline afterwards.
    let mut pm =
        PassManager::parse(&context, "builtin.module(func.func(annotate-op-count))").unwrap();
    pm.run(&mut module).unwrap();
    assert!(module.to_string().contains("pass.op_count = 2 : i64"));
}

#[test]
fn a_panic_in_initialize_fails_the_pass_before_run() {
    let context = setup();
    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::PanicInInitialize);
    let mut pm = PassManager::new(&context);
    pm.add_pass(GenericProbe(probe)).unwrap();
    let error = pm.run(&mut module).unwrap_err();
    assert_eq!(counters.counts().runs, 0);
    assert_panic_message(
        &error.diagnostics[0].message,
        "pass 'test-generic-probe' panicked in initialize: probe panicked in initialize",
    );
}

#[test]
fn a_panic_in_clone_fails_the_clone_when_it_runs() {
    let context = setup();
    let mut module = Module::parse(&context, &many_funcs(50), "many.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::PanicInClone);
    {
        let mut pm = PassManager::new(&context);
        pm.nest("func.func").add_pass(FuncProbe(probe)).unwrap();
        let error = pm.run(&mut module).unwrap_err();
        assert!(
            error.diagnostics.iter().any(|d| d.message.starts_with(
                "pass 'test-func-probe' panicked in clone: probe panicked in clone (at "
            )),
            "{error}"
        );
    }
    let c = counters.counts();
    assert_eq!(c.destructs, c.constructs, "{c:?}");
}

// --- Threads ------------------------------------------------------------------

#[test]
fn a_thousand_functions_each_run_exactly_once_with_default_threading() {
    let context = setup();
    let mut module = Module::parse(&context, &many_funcs(1000), "many.mlir").unwrap();
    let (counters, probe) = probe(Behaviour::Succeed);
    {
        let mut pm = PassManager::new(&context);
        pm.nest("func.func").add_pass(FuncProbe(probe)).unwrap();
        pm.run(&mut module).unwrap();
    }
    let seen = counters.seen.lock().unwrap();
    assert_eq!(seen.len(), 1000);
    for i in 0..1000 {
        assert_eq!(seen.get(&format!("f{i}")), Some(&1), "f{i}");
    }
    let c = counters.counts();
    assert_eq!(c.runs, 1000);
    assert_eq!(c.destructs, c.constructs, "{c:?}");
}

// --- Registration ----------------------------------------------------------------

#[test]
fn register_all_is_idempotent_and_thread_safe() {
    let threads: Vec<_> = (0..8)
        .map(|_| std::thread::spawn(mlir_pass::register_all))
        .collect();
    for t in threads {
        t.join().unwrap().unwrap();
    }
    mlir_pass::register_all().unwrap();
    let context = Context::new();
    PassManager::parse(&context, "builtin.module(func.func(annotate-op-count))").unwrap();
}

#[test]
fn module_parse_errors_carry_locations() {
    let context = setup();
    let error = Module::parse(&context, "func.func @f( {", "bad.mlir").unwrap_err();
    assert_eq!(error.message, "failed to parse 'bad.mlir'");
    assert!(
        error.diagnostics[0].location.starts_with("bad.mlir:1:"),
        "{error}"
    );
}

/// MLIR's thread pool runs a clone of each of two passes on every function
/// of a fresh module, five times over (`MLIR_PASS_STRESS_RUNS` times, when
/// set: `make test-static` asks for twenty; twenty in every run took 12 s of
/// the suite's 13 s).
#[test]
fn ten_thousand_functions_five_runs_each_function_once_output_identical() {
    let context = setup();
    context.enable_multithreading(true);
    let source = many_funcs(10_000);
    let mut first_output: Option<String> = None;
    for run in 0..mlir_pass_tests::stress_runs(5) {
        let mut module = Module::parse(&context, &source, "many.mlir").unwrap();
        let (counters, probe) = probe(Behaviour::Succeed);
        {
            let mut pm = PassManager::new(&context);
            let funcs = pm.nest("func.func");
            funcs.add_pass(FuncProbe(probe)).unwrap();
            funcs
                .add_pass(mlir_pass_example_passes::AnnotateOpCount::default())
                .unwrap();
            pm.run(&mut module).unwrap();
        }
        let seen = counters.seen.lock().unwrap();
        assert_eq!(seen.len(), 10_000, "run {run}");
        assert!(
            seen.values().all(|&n| n == 1),
            "run {run}: a function ran twice"
        );
        let c = counters.counts();
        assert_eq!(c.runs, 10_000, "run {run}");
        assert_eq!(c.destructs, c.constructs, "run {run}: {c:?}");
        let output = module.to_string();
        match &first_output {
            None => first_output = Some(output),
            Some(first) => assert!(*first == output, "run {run} printed different IR"),
        }
    }
}

// --- Random pipeline text never panics or aborts ---------------------------------

mod common;

#[path = "core/parser_text.rs"]
mod parser_text;

#[path = "core/instrumentation.rs"]
mod instrumentation;

#[path = "core/diagnostics.rs"]
mod diagnostics;

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// Pieces of pipeline text, valid and not, Rust passes among them.
    fn token() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("builtin.module(".to_owned()),
            Just("func.func(".to_owned()),
            Just("any(".to_owned()),
            Just("(".to_owned()),
            Just(")".to_owned()),
            Just(",".to_owned()),
            Just("{".to_owned()),
            Just("}".to_owned()),
            Just("=".to_owned()),
            Just(" ".to_owned()),
            Just("\"".to_owned()),
            Just("annotate-op-count".to_owned()),
            Just("test-func-probe".to_owned()),
            Just("test-generic-probe".to_owned()),
            Just("reject-empty-functions".to_owned()),
            Just("test-panicking-default".to_owned()),
            Just("canonicalize".to_owned()),
            Just("cse".to_owned()),
            Just("max-iterations=3".to_owned()),
            Just("x=1".to_owned()),
            "[a-z.-]{1,12}",
            any::<char>().prop_map(String::from),
        ]
    }

    fn pipeline() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::collection::vec(token(), 0..24).prop_map(|t| t.concat()),
            prop::collection::vec(token(), 0..16)
                .prop_map(|t| format!("builtin.module({})", t.concat())),
            ".{0,64}",
        ]
    }

    proptest! {
        // A thousand cases a run: each run draws new ones (none is
        // persisted), so runs add up; `PROPTEST_CASES` asks for more.
        #![proptest_config(ProptestConfig {
            cases: mlir_pass_tests::proptest_cases(1000),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn random_pipelines_parse_or_fail_with_a_message(text in pipeline()) {
            let context = setup();
            let parsed = PassManager::parse(&context, &text);
            match parsed {
                Ok(mut pm) => {
                    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
                    if let Err(e) = pm.run(&mut module) {
                        prop_assert!(!e.message.is_empty());
                        prop_assert!(e.diagnostics.iter().all(|d| !d.message.is_empty()), "{}", e);
                    }
                }
                Err(e) => prop_assert!(e.message.len() > "failed to parse the pass pipeline".len(), "{}", e),
            };
        }
    }
}

/// A pass whose `Drop` panics: MLIR destroys it; the panic must not unwind
/// into C++ (which would abort the process).
#[mlir_pass::mlir_pass(argument = "test-panicking-drop")]
#[derive(Clone, Default)]
struct PanickingDrop;

impl mlir_pass::Pass for PanickingDrop {
    fn run(&mut self, _op: mlir_pass::OperationRef<'_>) -> Result<(), mlir_pass::PassError> {
        Ok(())
    }
}

impl Drop for PanickingDrop {
    fn drop(&mut self) {
        panic!("panicking in drop");
    }
}

#[test]
fn a_panic_in_drop_is_caught_and_the_process_goes_on() {
    let context = setup();
    let mut module = Module::parse(&context, ONE_FUNC, "one.mlir").unwrap();
    {
        let mut pm = PassManager::new(&context);
        pm.add_pass(PanickingDrop).unwrap();
        pm.run(&mut module).unwrap();
        // Dropping the pass manager destroys the pass: its panic is caught.
    }
    let mut pm = PassManager::parse(&context, "builtin.module(test-panicking-drop)").unwrap();
    pm.run(&mut module).unwrap();
    drop(pm);
    assert!(module.to_string().contains("func.func @foo"));
}
