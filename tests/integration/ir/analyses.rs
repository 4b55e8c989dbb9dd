//! Analyses through MLIR's analysis manager (issue 39): a pipeline of Rust
//! passes and the same pipeline of their C++ twins
//! (`tests/cpp/analysis_twin.cpp`) give the same timing tree (names and
//! nesting) and compute the same analyses the same number of times;
//! `rs-cse` then `cse` computes dominance once, as `cse` then `cse`; the
//! child, cached and parent queries, liveness and the call graph answer as
//! MLIR does; each misuse fails the pass with a message naming it.

use std::sync::atomic::Ordering::SeqCst;

use mlir_pass::{melior::ir::operation::OperationLike, Context, Module, PassManager};
use mlir_pass_tests::analysis_twin::{timed_run, STICKIES_BUILT, STICKIES_DROPPED};

use super::ports::outcome;

/// Two functions, one with a branch; nothing `cse` would change.
const UNCHANGED: &str = "func.func @g(%a: i32) -> i32 {\n  %t = arith.constant true\n  %0 = call @f(%a, %t) : (i32, i1) -> i32\n  return %0 : i32\n}\nfunc.func @f(%a: i32, %c: i1) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  cf.cond_br %c, ^b1, ^b2\n^b1:\n  %1 = arith.muli %0, %a : i32\n  return %1 : i32\n^b2:\n  return %0 : i32\n}\n";

/// What `cse` changes (a duplicate add).
const CHANGED: &str = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}\n";

/// The timing tree's shape and the analysis counts of `pipeline` on
/// `source`.
fn timed(pipeline: &str, source: &str) -> (String, Vec<String>) {
    mlir_pass::register_all().unwrap();
    mlir_pass_tests::link_cpp_twins();
    let context = Context::new();
    let module = Module::parse(&context, source, "input.mlir").expect("input parses");
    let (tree, counts, ok) = timed_run(module.as_operation(), pipeline);
    assert!(ok, "{pipeline} failed");
    (tree, counts)
}

#[test]
fn rust_passes_and_their_cpp_twins_give_the_same_timing_tree_and_analysis_counts() {
    for (rust, cpp, expected) in [
        // Kept: computed once per function, under the first pass.
        (
            "builtin.module(func.func(test-rs-keep-analyses,test-rs-keep-analyses,cse))",
            "builtin.module(func.func(test-cpp-keep-analyses,test-cpp-keep-analyses,cse))",
            ["DominanceInfo=2", "OpCount=2"],
        ),
        // Dropped: again under every pass, and `cse` builds dominance anew.
        (
            "builtin.module(func.func(test-rs-drop-analyses,test-rs-drop-analyses,cse))",
            "builtin.module(func.func(test-cpp-drop-analyses,test-cpp-drop-analyses,cse))",
            ["DominanceInfo=6", "OpCount=4"],
        ),
        // Kept, dropped, kept: the third builds them again.
        (
            "builtin.module(func.func(test-rs-keep-analyses,test-rs-drop-analyses,test-rs-keep-analyses))",
            "builtin.module(func.func(test-cpp-keep-analyses,test-cpp-drop-analyses,test-cpp-keep-analyses))",
            ["DominanceInfo=4", "OpCount=4"],
        ),
    ] {
        let (rust_tree, rust_counts) = timed(rust, UNCHANGED);
        let (cpp_tree, cpp_counts) = timed(cpp, UNCHANGED);
        assert_eq!(rust_tree, cpp_tree, "{rust}");
        assert_eq!(rust_counts, cpp_counts, "{rust}");
        assert_eq!(rust_counts, expected, "{rust}");
        assert!(rust_tree.contains("(A) OpCount"), "{rust_tree}");
    }
}

#[test]
fn the_first_pass_shows_the_analyses_it_computed_under_it() {
    let (tree, _) = timed(
        "builtin.module(func.func(test-rs-keep-analyses,test-rs-keep-analyses))",
        UNCHANGED,
    );
    assert_eq!(
        tree,
        "'func.func' Pipeline\n  KeepAnalyses\n    (A) DominanceInfo\n    (A) OpCount\n  KeepAnalyses\nRest",
    );
}

#[test]
fn rs_cse_then_cse_computes_dominance_once_as_cse_then_cse_does() {
    for source in [UNCHANGED, CHANGED] {
        for (ours, theirs) in [
            (
                "builtin.module(func.func(rs-cse,cse))",
                "builtin.module(func.func(cse,cse))",
            ),
            (
                "builtin.module(func.func(cse,rs-cse))",
                "builtin.module(func.func(cse,cse))",
            ),
            (
                "builtin.module(func.func(rs-cse,rs-cse))",
                "builtin.module(func.func(cse,cse))",
            ),
        ] {
            let (tree, counts) = timed(ours, source);
            let (upstream_tree, upstream_counts) = timed(theirs, source);
            assert_eq!(
                tree.replace("RsCSE", "CSE"),
                upstream_tree,
                "{ours} on:\n{source}"
            );
            assert_eq!(counts, upstream_counts, "{ours}");
        }
    }
    let (tree, counts) = timed("builtin.module(func.func(rs-cse,cse))", UNCHANGED);
    assert_eq!(
        tree,
        "'func.func' Pipeline\n  RsCSE\n    (A) DominanceInfo\n  CSE\nRest"
    );
    assert_eq!(counts, ["DominanceInfo=2"]);
}

#[test]
fn the_manager_answers_child_cached_and_parent_queries_liveness_and_the_call_graph() {
    let (module, _) = outcome("builtin.module(test-rs-analysis-queries)", UNCHANGED).expect("runs");
    let report = module
        .split("test.report = \"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("a report")
        .replace("\\0A", "\n")
        .replace("\\22", "\"");
    assert_eq!(
        report,
        "cached-before=false\n\
         child-count=4 same=true\n\
         cached-dominance=false\n\
         own-cached=false\n\
         own-count=11\n\
         dominates=true post-dominates=true\n\
         live-out=Some(0) arg-dead-after-last=true\n\
         callables=g,f\n\
         callees-of-first=f\n\
         resolved=f\n\
         not-callable=true",
        "{module}"
    );

    // A call to an external function: an unknown callee, resolved to none.
    let (module, _) = outcome(
        "builtin.module(test-rs-analysis-queries)",
        "func.func @g(%a: i32) -> i32 {\n  %0 = call @f(%a) : (i32) -> i32\n  return %0 : i32\n}\nfunc.func private @f(%a: i32) -> i32\n",
    )
    .expect("runs");
    assert!(module.contains("callees-of-first=?\\0A"), "{module}");
    assert!(module.contains("resolved=\\0A"), "{module}");
}

#[test]
fn a_function_pass_reads_the_call_graph_a_module_pass_left() {
    let (kept, _) = outcome(
        "builtin.module(test-rs-analysis-queries,func.func(test-rs-parent-analysis))",
        UNCHANGED,
    )
    .expect("runs");
    assert_eq!(kept.matches("test.parent = \"true\"").count(), 2, "{kept}");
    let (none, _) = outcome(
        "builtin.module(func.func(test-rs-parent-analysis))",
        UNCHANGED,
    )
    .expect("runs");
    assert_eq!(none.matches("test.parent = \"false\"").count(), 2, "{none}");
}

#[test]
fn each_misuse_fails_the_pass_with_a_message_naming_it() {
    for (pipeline, expected) in [
        (
            "builtin.module(func.func(test-rs-analysis-misuse{case=child-self}))",
            "pass 'test-rs-analysis-misuse': `get_child_analysis` was given the pass's own op; use `get_analysis` for it",
        ),
        (
            "builtin.module(func.func(test-rs-analysis-misuse{case=child-outside}))",
            "pass 'test-rs-analysis-misuse': analysis 'DominanceInfo' asked for on 'builtin.module', which is not nested in the op the pass runs on ('func.func')",
        ),
        (
            "builtin.module(test-rs-analysis-misuse{case=cached-child-deep})",
            "pass 'test-rs-analysis-misuse': analysis 'OpCount' asked for on 'arith.constant', which is not directly in the op the pass runs on ('builtin.module')",
        ),
        (
            "builtin.module(test-rs-analysis-misuse{case=cached-parent-child})",
            "pass 'test-rs-analysis-misuse': analysis 'Liveness' asked for on 'func.func', which is not an op enclosing the op the pass runs on ('builtin.module')",
        ),
        (
            "builtin.module(func.func(test-rs-analysis-misuse{case=panic}))",
            "pass 'test-rs-analysis-misuse': analysis 'Panicky' could not be built: Panicky cannot be built (at ",
        ),
    ] {
        let diagnostics = outcome(pipeline, UNCHANGED).expect_err(pipeline);
        assert!(
            diagnostics.iter().any(|d| d.contains(expected)),
            "{pipeline}: {diagnostics:#?}"
        );
    }
}

#[test]
fn a_panicking_invalidation_hook_is_reported_and_drops_the_analysis() {
    mlir_pass::register_all().unwrap();
    let context = Context::new();
    let mut module = Module::parse(&context, UNCHANGED, "input.mlir").unwrap();
    let mut pm = PassManager::parse(
        &context,
        "builtin.module(func.func(test-rs-use-panicky-hook))",
    )
    .unwrap();
    // MLIR asks after the pass returned: the run goes on, the error is
    // reported once per function.
    pm.run(&mut module).unwrap();
    let seen: Vec<String> = context
        .take_diagnostics()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        seen.iter()
            .filter(|d| d.contains(
                "analysis 'PanickyHook': `is_invalidated` panicked: PanickyHook cannot decide"
            ))
            .count(),
        2,
        "{seen:#?}"
    );
}

#[test]
fn an_analysis_that_is_never_invalidated_is_built_once_and_freed_with_the_manager() {
    mlir_pass::register_all().unwrap();
    let built = STICKIES_BUILT.load(SeqCst);
    {
        let context = Context::new();
        let mut module = Module::parse(&context, UNCHANGED, "input.mlir").unwrap();
        let mut pm = PassManager::parse(
            &context,
            "builtin.module(func.func(test-rs-use-sticky,test-rs-drop-analyses,test-rs-use-sticky))",
        )
        .unwrap();
        pm.run(&mut module).unwrap();
        // One per function, though nothing preserved it.
        assert_eq!(STICKIES_BUILT.load(SeqCst) - built, 2);
        assert!(module.as_operation().melior().verify());
    }
    // The manager went with the run: every one was dropped.
    assert_eq!(STICKIES_DROPPED.load(SeqCst), STICKIES_BUILT.load(SeqCst));
}

#[test]
fn outside_run_there_is_no_analysis_manager_to_ask() {
    use mlir_pass::melior::ir::{block::BlockLike, RegionLike};
    use mlir_pass::{analysis::DominanceInfo, Pass};
    use mlir_pass_tests::analysis_twin::DropAnalyses;
    let context = Context::new();
    let module = Module::parse(&context, UNCHANGED, "input.mlir").unwrap();
    // A pass value called directly, not by MLIR: no running pass, so no
    // manager; the error says so instead of reaching into MLIR.
    let error = DropAnalyses
        .run(module.as_operation())
        .expect_err("no pass runs");
    assert!(
        error
            .to_string()
            .contains("no pass is running on this thread"),
        "{error}"
    );
    // `DominanceInfo::new` outside `run` builds one of its own, as before.
    let op = module.as_operation();
    let dominance = DominanceInfo::new(&op);
    let body = op.melior().region(0).unwrap().first_block().unwrap();
    let funcs: Vec<_> =
        std::iter::successors(body.first_operation(), |o| o.next_in_block()).collect();
    // The module's body is a graph region: each op dominates the others.
    assert!(dominance.properly_dominates(&funcs[0], &funcs[1]));
    assert!(dominance.properly_dominates(&funcs[1], &funcs[0]));
}
