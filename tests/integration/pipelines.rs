//! Pipelines a pass runs itself (`mlir_pass::running::DynamicPipeline`,
//! C++'s `Pass::runPipeline`) and passes anchored on an op interface
//! (`#[mlir_pass(interface = "...")]`, C++'s `InterfacePass`), in process,
//! each beside its C++ twin (tests/cpp/pipeline_twin.cpp). The timing trees
//! and the stock `mlir-opt` are in plugin.rs.

use mlir_pass::{Context, MlirError, Module, PassManager, Severity};
use mlir_pass_example_passes::{CountFunctionOps, Repeat};

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    mlir_pass_tests::link_cpp_twins();
    Context::new()
}

fn run_on(context: &Context, pipeline: &str, source: &str) -> Result<String, MlirError> {
    let mut module = Module::parse(context, source, "input.mlir")?;
    let mut pm = PassManager::parse(context, pipeline)?;
    pm.run(&mut module)?;
    Ok(module.to_string())
}

fn run(pipeline: &str, source: &str) -> Result<String, MlirError> {
    run_on(&setup(), pipeline, source)
}

/// The errors of a failed run, one message a line.
fn errors(error: &MlirError) -> String {
    error
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Two functions that canonicalize folds in a few rounds, and an
/// `llvm.func`.
const FUNCS: &str = r#"
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %c0 : i32
  return %1 : i32
}
func.func @g(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %a, %c1 : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
llvm.func @h(%a: i32) -> i32 {
  %0 = llvm.add %a, %a : i32
  llvm.return %0 : i32
}
"#;

/// `n` functions, for the threaded runs.
fn many_funcs(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "func.func @f{i}(%a: i32) -> i32 {{\n  %c = arith.constant 0 : i32\n  \
                 %0 = arith.addi %a, %c : i32\n  %1 = arith.addi %0, %c : i32\n  \
                 %2 = arith.addi %a, %c : i32\n  %3 = arith.muli %1, %2 : i32\n  return %3 : i32\n}}\n"
            )
        })
        .collect()
}

#[test]
fn rs_repeat_gives_what_the_pipeline_run_to_a_fixed_point_gives() {
    let repeated = run(
        "builtin.module(rs-repeat{pipeline=canonicalize,cse max-iterations=5})",
        FUNCS,
    )
    .unwrap();
    let upstream = run(
        "builtin.module(canonicalize,cse,canonicalize,cse,canonicalize,cse)",
        FUNCS,
    )
    .unwrap();
    assert_eq!(repeated, upstream);
    assert!(!repeated.contains("arith.addi %a, %c0"), "{repeated}");
}

#[test]
fn rs_repeat_and_its_cpp_twin_give_the_same_output() {
    for options in [
        "pipeline=canonicalize,cse max-iterations=1",
        "pipeline=cse max-iterations=3",
        "pipeline=func.func(canonicalize) max-iterations=2",
    ] {
        for anchor in ["builtin.module({})", "builtin.module(func.func({}))"] {
            if anchor.contains("func.func(") && options.contains("func.func") {
                continue;
            }
            let rust = run(
                &anchor.replace("{}", &format!("rs-repeat{{{options}}}")),
                FUNCS,
            );
            let cpp = run(
                &anchor.replace("{}", &format!("test-cpp-repeat{{{options}}}")),
                FUNCS,
            );
            assert_eq!(rust.unwrap(), cpp.unwrap(), "{anchor} {options}");
        }
    }
}

#[test]
fn rs_repeat_runs_on_threads_with_a_pipeline_of_its_own_in_each_clone() {
    let context = setup();
    context.enable_multithreading(true);
    let source = many_funcs(64);
    let rust = run_on(
        &context,
        "builtin.module(func.func(rs-repeat{pipeline=canonicalize,cse}))",
        &source,
    )
    .unwrap();
    let cpp = run_on(
        &context,
        "builtin.module(func.func(test-cpp-repeat{pipeline=canonicalize,cse}))",
        &source,
    )
    .unwrap();
    assert_eq!(rust, cpp);
    assert_eq!(
        rust.matches("arith.muli %arg0, %arg0").count(),
        64,
        "{rust}"
    );
}

#[test]
fn a_failing_pass_of_the_pipeline_fails_rs_repeat_with_its_own_diagnostic() {
    let source = "func.func @empty() {\n  return\n}\n";
    let error = run(
        "builtin.module(rs-repeat{pipeline=func.func(reject-empty-functions)})",
        source,
    )
    .unwrap_err();
    assert_eq!(errors(&error), "function body is empty");
    let cpp = run(
        "builtin.module(test-cpp-repeat{pipeline=func.func(reject-empty-functions)})",
        source,
    )
    .unwrap_err();
    assert_eq!(errors(&cpp), errors(&error));
}

#[test]
fn the_dialects_of_the_pipeline_are_loaded_before_it_runs() {
    // Nothing in the input needs `llvm`; convert-arith-to-llvm creates its
    // ops, and MLIR aborts on an op of a dialect that is not loaded.
    let context = setup();
    context.enable_multithreading(true);
    let lowered = run_on(
        &context,
        "builtin.module(func.func(rs-repeat{pipeline=convert-arith-to-llvm max-iterations=1}))",
        &many_funcs(8),
    )
    .unwrap();
    assert_eq!(lowered.matches("llvm.mul").count(), 8, "{lowered}");
}

#[test]
fn rs_repeat_without_a_pipeline_fails_in_initialize() {
    let error = run("builtin.module(rs-repeat)", FUNCS).unwrap_err();
    assert!(
        errors(&error).contains("option pipeline must name the passes to repeat"),
        "{error:?}"
    );
}

#[test]
fn a_pipeline_built_from_rust_prints_its_dynamic_pipeline_option() {
    let context = setup();
    let mut pm = PassManager::new(&context);
    pm.add_pass(
        Repeat::default()
            .with_pipeline("cse".into())
            .with_max_iterations(2),
    )
    .unwrap();
    assert_eq!(
        pm.to_string(),
        "builtin.module(rs-repeat{max-iterations=2 pipeline=cse})"
    );
}

/// The errors of `test-pipeline-misuse{mode=...}` nested as `nesting` on
/// one function.
fn misuse(mode: &str, nesting: &str) -> String {
    let pipeline = nesting.replace("{}", &format!("test-pipeline-misuse{{mode={mode}}}"));
    let source =
        "func.func @f(%a: i32) -> i32 {\n  %c = arith.constant 0 : i32\n  return %c : i32\n}\n";
    errors(&run(&pipeline, source).unwrap_err())
}

#[test]
fn a_pipeline_on_an_operation_outside_the_pass_is_an_error_naming_the_pass() {
    assert_eq!(
        misuse("parent", "builtin.module(func.func({}))"),
        "pass 'test-pipeline-misuse' ran a pipeline on an operation ('builtin.module') that is \
         neither the one it runs on ('func.func') nor nested in it: a pass runs pipelines on its \
         own operation or on operations inside it"
    );
}

#[test]
fn a_pipeline_built_in_run_is_an_error_naming_the_pass() {
    let message = misuse("build-in-run", "builtin.module(func.func({}))");
    assert!(
        message.starts_with(
            "pass 'test-pipeline-misuse' built a dynamic pipeline in `run`: build it in \
             `initialize`"
        ),
        "{message}"
    );
}

#[test]
fn a_pipeline_on_operations_of_another_name_is_an_error_naming_the_pass() {
    assert_eq!(
        misuse("wrong-anchor", "builtin.module(func.func({}))"),
        "pass 'test-pipeline-misuse' ran a pipeline on 'builtin.module' operations on a \
         'func.func' operation: give it a 'builtin.module' operation, or build the pipeline on \
         'func.func'"
    );
    let message = misuse("not-isolated", "builtin.module(func.func({}))");
    assert!(
        message.starts_with(
            "pass 'test-pipeline-misuse' ran an op-agnostic pipeline on an operation \
             ('arith.constant') that is not registered, not isolated from above"
        ),
        "{message}"
    );
}

#[test]
fn a_pass_runs_a_pipeline_on_operations_nested_in_its_own() {
    let out = run(
        "builtin.module(test-pipeline-misuse{mode=each-function})",
        FUNCS,
    )
    .unwrap();
    assert_eq!(
        out,
        run("builtin.module(func.func(canonicalize))", FUNCS).unwrap()
    );
}

#[test]
fn count_function_ops_runs_under_every_function_like_operation() {
    let funcs = run(
        "builtin.module(func.func(count-function-ops),llvm.func(count-function-ops))",
        FUNCS,
    )
    .unwrap();
    assert_eq!(funcs.matches("pass.op_count").count(), 3, "{funcs}");
    assert!(funcs.contains("llvm.func @h(%arg0: i32) -> i32 attributes {pass.op_count = 2 : i64}"));
    // Under `any`, MLIR schedules it on the function-like operations alone.
    assert_eq!(
        run("builtin.module(any(count-function-ops))", FUNCS).unwrap(),
        funcs
    );
    // Under func.func, it counts what annotate-op-count counts.
    assert_eq!(
        run("builtin.module(func.func(count-function-ops))", FUNCS).unwrap(),
        run("builtin.module(func.func(annotate-op-count))", FUNCS).unwrap()
    );
}

#[test]
fn count_function_ops_and_its_cpp_twin_give_the_same_output_and_errors() {
    for nesting in [
        "builtin.module(func.func({}))",
        "builtin.module(llvm.func({}))",
        "builtin.module(any({}))",
    ] {
        let rust = run(&nesting.replace("{}", "count-function-ops"), FUNCS).unwrap();
        let cpp = run(&nesting.replace("{}", "test-cpp-count-function-ops"), FUNCS).unwrap();
        assert_eq!(rust, cpp, "{nesting}");
    }
    let rust = run("builtin.module(count-function-ops)", FUNCS).unwrap_err();
    let cpp = run("builtin.module(test-cpp-count-function-ops)", FUNCS).unwrap_err();
    assert_eq!(
        errors(&rust),
        "unable to schedule pass 'CountFunctionOps' on a PassManager intended to run on \
         'builtin.module'!"
    );
    assert_eq!(
        errors(&cpp),
        errors(&rust).replace("CountFunctionOps", "CppCountFunctionOps")
    );
}

#[test]
fn adding_an_interface_pass_where_it_cannot_run_names_the_interface() {
    let context = setup();
    let mut pm = PassManager::new(&context);
    let error = pm.add_pass(CountFunctionOps).unwrap_err();
    assert_eq!(
        error.message,
        "pass 'count-function-ops' runs on operations that implement FunctionOpInterface, and \
         'builtin.module' does not: nest it under operations that do, as in \
         builtin.module(func.func(count-function-ops))"
    );
    pm.nest("func.func").add_pass(CountFunctionOps).unwrap();
    pm.nest("llvm.func").add_pass(CountFunctionOps).unwrap();
    let mut module = Module::parse(&context, FUNCS, "input.mlir").unwrap();
    pm.run(&mut module).unwrap();
    assert_eq!(module.to_string().matches("pass.op_count").count(), 3);
}

#[test]
fn an_interface_pass_runs_on_a_rust_dialects_operations_that_implement_it() {
    let source = r#"
rtest.function @f(%a: i64) -> i64 {
  %0 = rtest.add %a, %a : i64
  rtest.return %0 : i64
}
func.func @g() {
  return
}
"#;
    let out = run("builtin.module(any(test-count-callable-ops))", source).unwrap();
    assert!(
        out.contains("rtest.function @f(%arg0: i64) -> i64 attributes {pass.op_count = 2 : i64}"),
        "{out}"
    );
    assert!(out.contains("pass.op_count = 1 : i64"), "{out}");
    let out = run(
        "builtin.module(rtest.function(test-count-callable-ops))",
        source,
    )
    .unwrap();
    assert_eq!(out.matches("pass.op_count").count(), 1, "{out}");
}

#[test]
fn a_function_interface_pass_runs_on_a_rust_function_op_and_its_cpp_twin_agrees() {
    // `rtest.function` declares `FunctionOpInterface`.
    let source = r#"
rtest.function private @f(%a: i64 {rtest.note}) -> (i64 {rtest.res = 1 : i64}) {
  %0 = rtest.add %a, %a : i64
  rtest.return %0 : i64
}
func.func @g() {
  return
}
"#;
    let out = run("builtin.module(rtest.function(count-function-ops))", source).unwrap();
    assert!(
        out.contains(
            "rtest.function private @f(%arg0: i64 {rtest.note}) -> (i64 {rtest.res = 1 : i64}) \
             attributes {pass.op_count = 2 : i64}"
        ),
        "{out}"
    );
    assert_eq!(out.matches("pass.op_count").count(), 1, "{out}");
    let any = run("builtin.module(any(count-function-ops))", source).unwrap();
    assert_eq!(any.matches("pass.op_count").count(), 2, "{any}");
    for nesting in [
        "builtin.module(rtest.function({}))",
        "builtin.module(any({}))",
    ] {
        let rust = run(&nesting.replace("{}", "count-function-ops"), source).unwrap();
        let cpp = run(
            &nesting.replace("{}", "test-cpp-count-function-ops"),
            source,
        )
        .unwrap();
        assert_eq!(rust, cpp, "{nesting}");
    }
}
