//! Passes that change IR in safe Rust: melior access inside `run`, the `ir`
//! extension traits, rewrite patterns on MLIR's greedy and walk drivers
//! (sharing, panics, non-convergence), the example pattern pass, conversions
//! to and from melior, and (in `ir/ports.rs`, `ir/optimize.rs` and `ir/conversions.rs`) the
//! Rust ports of upstream passes checked byte for byte against MLIR's own.
//!
//! Three suites of other concerns share this binary, so that the package
//! links MLIR into fewer test binaries: pipelines a pass runs itself and
//! interface passes (`pipelines.rs`), `translate_main` (`translate.rs`)
//! and README's own crate (`own_crate.rs`).

#[path = "ir/aliases.rs"]
mod aliases;
#[path = "ir/analyses.rs"]
mod analyses;
#[path = "ir/asm_names.rs"]
mod asm_names;
#[path = "ir/attrs.rs"]
mod attrs;
#[path = "ir/bit_enums.rs"]
mod bit_enums;
#[path = "ir/canonicalize_method.rs"]
mod canonicalize_method;
#[path = "ir/constraints.rs"]
mod constraints;
#[path = "ir/control_flow.rs"]
mod control_flow;
#[path = "ir/conversion.rs"]
mod conversion;
#[path = "ir/create.rs"]
mod create;
#[path = "ir/custom_directives.rs"]
mod custom_directives;
#[path = "ir/dialect.rs"]
mod dialect;
#[path = "ir/dialect_api.rs"]
mod dialect_api;
#[path = "ir/effects.rs"]
mod effects;
#[path = "ir/fast_math.rs"]
mod fast_math;
#[path = "ir/hook_panics.rs"]
mod hook_panics;
#[path = "ir/inferred_types.rs"]
mod inferred_types;
#[path = "ir/int_ranges.rs"]
mod int_ranges;
#[path = "ir/jit.rs"]
mod jit;
#[path = "ir/jit_symbols.rs"]
mod jit_symbols;
#[path = "ir/ports.rs"]
mod ports;
#[path = "ir/properties.rs"]
mod properties;
#[path = "ir/property_kinds.rs"]
mod property_kinds;

#[path = "ir/conversions.rs"]
mod conversions;
#[path = "ir/optimize.rs"]
mod optimize;
#[path = "ir/optional_params.rs"]
mod optional_params;
#[path = "ir/symbols.rs"]
mod symbols;
#[path = "ir/type_interfaces.rs"]
mod type_interfaces;
#[path = "ir/upstream_ops.rs"]
mod upstream_ops;

#[path = "pipelines.rs"]
mod pipelines;
#[path = "translate.rs"]
mod translate;
// Named to sort first: libtest starts tests in the order of their names,
// and this one, the longest (cargo builds README's crate, mlir-pass and its
// macros: about 35 s, mostly on one core), then runs beside the others
// instead of after them.
#[path = "own_crate.rs"]
mod a_crate_built_from_readme;

mod common;

use std::sync::atomic::Ordering::SeqCst;

use mlir_pass::{Context, MlirError, Module, OwnedPass, PassManager, Severity};
use mlir_pass_example_passes::{AnnotateOpCount, FoldArithIdentities};
use mlir_pass_tests::ir_passes::{PATTERN_CREATES, PATTERN_DROPS, PATTERN_MATCHES};

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// Runs `pipeline` on `source`; the printed module, or the error.
fn run_on(context: &Context, pipeline: &str, source: &str) -> Result<String, MlirError> {
    let mut module = Module::parse(context, source, "input.mlir")?;
    let mut pm = PassManager::parse(context, pipeline)?;
    pm.run(&mut module)?;
    Ok(module.to_string())
}

fn run(pipeline: &str, source: &str) -> Result<String, MlirError> {
    run_on(&setup(), pipeline, source)
}

const IDENTITIES: &str = r#"
func.func @ids(%x: i32, %i: index, %b: i1) -> (i32, i32, i32, i32, i32, i32, i32, i32, index, i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %t = arith.constant true
  %add_r = arith.addi %x, %c0 : i32
  %add_l = arith.addi %c0, %x : i32
  %sub_r = arith.subi %x, %c0 : i32
  %mul_r = arith.muli %x, %c1 : i32
  %mul_l = arith.muli %c1, %x : i32
  %mul_0 = arith.muli %x, %c0 : i32
  %zero_l = arith.muli %c0, %x : i32
  %sub_x = arith.subi %x, %x : i32
  %idx = arith.addi %i0, %i : index
  %bool = arith.muli %b, %t : i1
  return %add_r, %add_l, %sub_r, %mul_r, %mul_l, %mul_0, %zero_l, %sub_x, %idx, %bool : i32, i32, i32, i32, i32, i32, i32, i32, index, i1
}
"#;

#[test]
fn fold_arith_identities_folds_each_identity_through_its_patterns() {
    let out = run(
        "builtin.module(func.func(fold-arith-identities))",
        IDENTITIES,
    )
    .unwrap();
    // Every identity is gone; x and the zero are what is left.
    for op in ["arith.addi", "arith.subi", "arith.muli"] {
        assert!(!out.contains(op), "{op} left in:\n{out}");
    }
    assert!(
        out.contains(
            "return %arg0, %arg0, %arg0, %arg0, %arg0, %c0_i32, %c0_i32, %c0_i32, %arg1, %arg2"
        ),
        "{out}"
    );
}

#[test]
fn fold_arith_identities_leaves_non_identities_and_other_types_alone() {
    let source = r#"
func.func @keep(%x: i32, %y: i32, %v: vector<4xi32>, %w: i128) -> (i32, i32, vector<4xi32>, i128) {
  %c2 = arith.constant 2 : i32
  %c0v = arith.constant dense<0> : vector<4xi32>
  %c0w = arith.constant 0 : i128
  %a = arith.addi %x, %c2 : i32
  %m = arith.muli %x, %y : i32
  %v2 = arith.addi %v, %c0v : vector<4xi32>
  %w2 = arith.addi %w, %c0w : i128
  return %a, %m, %v2, %w2 : i32, i32, vector<4xi32>, i128
}
"#;
    let out = run("builtin.module(func.func(fold-arith-identities))", source).unwrap();
    assert_eq!(out.matches("arith.addi").count(), 3, "{out}");
    assert_eq!(out.matches("arith.muli").count(), 1, "{out}");
}

#[test]
fn fold_arith_identities_options_print_and_both_orders_converge() {
    let context = setup();
    let pm = PassManager::parse(
        &context,
        "builtin.module(func.func(fold-arith-identities{top-down=false max-iterations=4}))",
    )
    .unwrap();
    assert_eq!(
        pm.to_string(),
        "builtin.module(func.func(fold-arith-identities{max-iterations=4 top-down=false}))"
    );
    let top_down = run_on(
        &context,
        "builtin.module(func.func(fold-arith-identities))",
        IDENTITIES,
    )
    .unwrap();
    let bottom_up = run_on(
        &context,
        "builtin.module(func.func(fold-arith-identities{top-down=false}))",
        IDENTITIES,
    )
    .unwrap();
    assert_eq!(top_down, bottom_up);
    // A chain that needs one rewrite per step converges within the limit.
    let chain: String = (0..50)
        .map(|i| format!("  %v{} = arith.addi %v{i}, %c0 : i32\n", i + 1))
        .collect();
    let source = format!(
        "func.func @chain(%v0: i32) -> i32 {{\n  %c0 = arith.constant 0 : i32\n{chain}  return %v50 : i32\n}}\n"
    );
    let out = run_on(
        &context,
        "builtin.module(func.func(fold-arith-identities{max-iterations=2}))",
        &source,
    )
    .unwrap();
    assert!(out.contains("return %arg0 : i32"), "{out}");
}

#[test]
fn one_pattern_set_is_built_once_shared_by_every_clone_and_destroyed_once() {
    let context = setup();
    let functions: String = (0..200)
        .map(|i| format!("func.func @f{i}(%a: i32) -> i32 {{\n  %r = arith.addi %a, %a : i32\n  return %r : i32\n}}\n"))
        .collect();
    let (creates, drops, matches) = (
        PATTERN_CREATES.load(SeqCst),
        PATTERN_DROPS.load(SeqCst),
        PATTERN_MATCHES.load(SeqCst),
    );
    {
        let mut pm =
            PassManager::parse(&context, "builtin.module(func.func(test-counted-patterns))")
                .unwrap();
        for _ in 0..2 {
            let mut module = Module::parse(&context, &functions, "many.mlir").unwrap();
            pm.run(&mut module).unwrap();
            assert_eq!(module.to_string().matches("counted = true").count(), 200);
        }
        // Two modules of 200 functions, one match each, one set for all.
        assert_eq!(PATTERN_MATCHES.load(SeqCst) - matches, 400);
        assert_eq!(PATTERN_CREATES.load(SeqCst) - creates, 1);
        assert_eq!(
            PATTERN_DROPS.load(SeqCst) - drops,
            0,
            "the pass manager still holds the set"
        );
    }
    assert_eq!(
        PATTERN_DROPS.load(SeqCst) - drops,
        1,
        "destroyed exactly once"
    );
}

fn assert_pattern_panic_reported(pipeline: &str) {
    let context = setup();
    let source =
        "func.func @f(%a: i32) -> i32 {\n  %r = arith.muli %a, %a : i32\n  return %r : i32\n}\n";
    let error = run_on(&context, pipeline, source).unwrap_err();
    let errors: Vec<_> = error
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{error}");
    assert!(
        errors[0].message.starts_with(
            "pass 'test-panicking-pattern': pattern 'PanickingPattern' panicked on 'arith.muli': \
             pattern exploded (at "
        ) && errors[0].message.contains("tests/src/ir_passes.rs:"),
        "{}",
        errors[0].message
    );
    assert_eq!(errors[0].location, "input.mlir:2:8");
    // The process and the context go on.
    assert!(run_on(&context, "builtin.module(canonicalize)", source).is_ok());
}

#[test]
fn a_panic_in_a_pattern_is_a_pass_failure_at_the_op_under_the_greedy_driver() {
    assert_pattern_panic_reported("builtin.module(func.func(test-panicking-pattern))");
}

#[test]
fn a_panic_in_a_pattern_is_a_pass_failure_at_the_op_under_the_walk_driver() {
    assert_pattern_panic_reported("builtin.module(func.func(test-panicking-pattern{walk}))");
}

#[test]
fn a_pattern_that_never_converges_fails_the_pass_with_the_driver_limits() {
    let error = run(
        "builtin.module(func.func(test-forever-pattern{max-iterations=3 max-rewrites=50}))",
        "func.func @f(%a: i32) -> i32 {\n  %r = arith.addi %a, %a : i32\n  return %r : i32\n}\n",
    )
    .unwrap_err();
    let messages: Vec<_> = error.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        messages,
        ["input.mlir:1:1: error: the greedy pattern driver did not converge on 'func.func' (max-iterations = 3, max-rewrites = 50)"]
    );
}

#[test]
fn values_uses_replacement_erasure_and_typed_attributes_work_from_safe_code() {
    let source = r#"
func.func @f(%a: i32, %b: i32) -> i32 {
  %d = arith.addi %a, %a : i32
  %m = arith.muli %d, %b : i32
  %n = arith.muli %d, %d : i32
  return %n : i32
}
"#;
    let out = run("builtin.module(func.func(test-ir-edit))", source).unwrap();
    assert!(out.contains("uses_0 = 2 : i64"), "{out}");
    assert!(out.contains("uses_1 = 1 : i64"), "{out}");
    assert!(
        out.contains(r#"refused = "cannot erase 'arith.addi': its result #0 is still used by 'arith.muli'; replace its uses first""#),
        "{out}"
    );
    assert!(!out.contains("= arith.addi"), "{out}");
    assert!(out.contains("arith.muli %arg0, %arg1"), "{out}");
    assert!(out.contains("arith.muli %arg0, %arg0"), "{out}");

    let source = r#"func.func private @g() attributes {i = -7 : i16, s = "text", b = true, r = @callee} { return }"#;
    let out = run("builtin.module(func.func(test-read-attrs))", source).unwrap();
    assert!(
        out.contains(r#"read = "int=Some(-7) str=Some(\22text\22) bool=Some(true) sym=Some(\22callee\22) wrong=None missing=None name=Some(\22g\22) vis=Some(Private)""#),
        "{out}"
    );
    assert!(out.contains("r2 = @target"), "{out}");
    assert!(out.contains("b2 = false"), "{out}");
}

#[test]
fn typed_getters_read_empty_strings_and_wide_integers_exactly() {
    // melior's `value()` made a slice from MLIR's null pointer for "" (an
    // abort in a debug build); `int_attr` truncated wide integers to their
    // low 64 bits (2^64 + 5 read as 5).
    let source = r#"func.func private @g() attributes {e = "", er = @"", w = 18446744073709551621 : i128, n = -1 : i128, u = 18446744073709551615 : ui64, big = 9223372036854775808 : i64, t = true, k = 255 : ui8, m = 255 : i8, sn = -5 : si16} { return }"#;
    let out = run("builtin.module(func.func(test-attr-values))", source).unwrap();
    let read = out
        .split("read = \"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(
        read.split("; ").collect::<Vec<_>>(),
        [
            r"e: None Some(\22\22) None",
            r"er: None None Some(\22\22)",
            "w: None None None",
            "n: Some(-1) None None",
            "u: None None None",
            // MLIR parses 2^63 : i64 as its two's complement.
            "big: Some(-9223372036854775808) None None",
            "t: Some(1) None None",
            "k: Some(255) None None",
            "m: Some(-1) None None",
            "sn: Some(-5) None None",
        ]
    );
}

#[test]
fn a_dialect_named_by_a_getter_path_from_another_crate_is_loaded_for_the_pass() {
    let out = run(
        "builtin.module(func.func(test-external-dialect))",
        "func.func @f() { return }",
    )
    .unwrap();
    assert!(out.contains("math_loaded = true"), "{out}");
    let meta = mlir_pass::passes()
        .into_iter()
        .find(|p| p.argument == "test-external-dialect")
        .unwrap();
    assert_eq!(
        meta.dialect_names,
        ["func", "mlir_pass_example_passes::dialect_handles::math"]
    );
}

#[test]
fn erasing_the_op_the_pass_runs_on_or_its_parent_is_refused() {
    let error = run(
        "builtin.module(func.func(test-erase-anchor))",
        "func.func @f() { return }",
    )
    .unwrap_err();
    assert_eq!(
        error.diagnostics[0].message,
        "cannot erase 'func.func': it is the operation the pass runs on, \
         or holds it / cannot erase 'builtin.module': it is the operation the pass runs on, or holds it"
    );
}

// --- Changes the rewriter refuses -----------------------------------------

/// `%r = arith.addi` (used by the return) followed by an unused `arith.muli`.
const ADD_THEN_UNUSED: &str = "func.func @f(%a: i32) -> i32 {\n  %r = arith.addi %a, %a : i32\n  %u = arith.muli %a, %a : i32\n  return %r : i32\n}\n";

/// Runs `test-bad-rewrite{options}` on `source`, which must fail; its error
/// diagnostics as "location: message". The context goes on working.
fn bad_rewrite_errors(options: &str, source: &str) -> Vec<String> {
    let context = setup();
    let pipeline = format!("builtin.module(func.func(test-bad-rewrite{{{options}}}))");
    let error = run_on(&context, &pipeline, source).unwrap_err();
    let errors = error
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{}: {}", d.location, d.message))
        .collect();
    assert!(run_on(&context, "builtin.module(canonicalize)", source).is_ok());
    errors
}

#[test]
fn a_pattern_erasing_its_function_through_the_rewriter_is_refused_naming_the_pattern() {
    // Both used to end the process (SIGSEGV in eraseUnreachableBlocks).
    const ANCHOR: &str = "it is the operation the pass runs on, or holds it";
    for walk in ["false", "true"] {
        assert_eq!(
            bad_rewrite_errors(&format!("mode=erase-parent walk={walk}"), ADD_THEN_UNUSED),
            [format!("input.mlir:2:8: pass 'test-bad-rewrite': pattern 'BadRewrite' on 'arith.addi': cannot erase 'func.func': {ANCHOR}")]
        );
        assert_eq!(
            bad_rewrite_errors(&format!("mode=replace-parent walk={walk}"), ADD_THEN_UNUSED),
            [format!("input.mlir:2:8: pass 'test-bad-rewrite': pattern 'BadRewrite' on 'arith.addi': cannot replace 'func.func': {ANCHOR}")]
        );
    }
}

#[test]
fn a_pattern_erasing_the_op_its_driver_runs_on_is_refused_naming_the_pattern() {
    // The driver runs on an `scf.execute_region` inside the function: its
    // patterns may not free it (the pass's own op is not involved).
    const ROOT: &str = "it is the operation the pattern driver runs on, or holds it";
    let source = "func.func @f(%a: i32) -> i32 {\n  %r = scf.execute_region -> i32 {\n    %s = arith.addi %a, %a : i32\n    scf.yield %s : i32\n  }\n  return %r : i32\n}\n";
    for walk in ["false", "true"] {
        for (mode, verb) in [("erase-parent", "erase"), ("replace-parent", "replace")] {
            assert_eq!(
                bad_rewrite_errors(&format!("mode={mode} walk={walk} inner=true"), source),
                [format!("input.mlir:3:10: pass 'test-bad-rewrite': pattern 'BadRewrite' on 'arith.addi': cannot {verb} 'scf.execute_region': {ROOT}")],
                "{mode} walk={walk}"
            );
        }
    }
}

#[test]
fn a_pattern_erasing_a_used_op_through_the_rewriter_is_refused_naming_the_pattern() {
    // Used to leave `return <<NULL VALUE>>` and a verifier error naming no
    // pattern.
    let prefix = "input.mlir:2:8: pass 'test-bad-rewrite': pattern 'BadRewrite' on 'arith.addi': ";
    for (mode, why) in [
        ("erase-used", "cannot erase 'arith.addi': its result #0 is still used by 'func.return'; replace its uses first"),
        ("replace-count", "cannot replace 'arith.addi': 0 replacement values given for 1 results"),
        ("replace-self", "cannot replace 'arith.addi': replacement value #0 is defined by the op itself or inside it"),
        ("replace-detached", "cannot replace 'func.return': it is in no block"),
    ] {
        assert_eq!(
            bad_rewrite_errors(&format!("mode={mode}"), ADD_THEN_UNUSED),
            [format!("{prefix}{why}")],
            "{mode}"
        );
    }
}

#[test]
fn the_walk_driver_refuses_erasing_ops_it_has_yet_to_visit_and_the_greedy_one_allows_it() {
    assert_eq!(
        bad_rewrite_errors("mode=erase-next walk=true", ADD_THEN_UNUSED),
        ["input.mlir:2:8: pass 'test-bad-rewrite': pattern 'BadRewrite' on 'arith.addi': cannot erase 'arith.muli': the walk driver has yet to visit it; a pattern applied by walk_and_apply_patterns may erase only the op it matched and ops nested in it"]
    );
    assert_eq!(
        bad_rewrite_errors("mode=replace-next walk=true", ADD_THEN_UNUSED),
        ["input.mlir:2:8: pass 'test-bad-rewrite': pattern 'BadRewrite' on 'arith.addi': cannot replace 'arith.muli': the walk driver has yet to visit it; a pattern applied by walk_and_apply_patterns may erase only the op it matched and ops nested in it"]
    );
    for mode in ["erase-next", "replace-next"] {
        let out = run(
            &format!("builtin.module(func.func(test-bad-rewrite{{mode={mode}}}))"),
            ADD_THEN_UNUSED,
        )
        .unwrap();
        assert!(!out.contains("arith.muli"), "{mode}: {out}");
    }
    // A block that a branch targets is not erased either.
    let branching = "func.func @f(%a: i32) -> i32 {\n  cf.br ^bb1\n^bb1:\n  %r = arith.addi %a, %a : i32\n  return %r : i32\n}\n";
    assert_eq!(
        bad_rewrite_errors("mode=erase-block", branching),
        ["input.mlir:4:8: pass 'test-bad-rewrite': pattern 'BadRewrite' on 'arith.addi': cannot erase the block: 1 branch(es) still target it; redirect them first"]
    );
}

#[test]
fn inside_a_pattern_erasing_without_the_rewriter_or_nesting_a_driver_is_refused() {
    let out = run(
        "builtin.module(func.func(test-bad-rewrite{mode=erase-direct}))",
        ADD_THEN_UNUSED,
    )
    .unwrap();
    assert!(
        out.contains(r#"refused = "cannot erase 'arith.addi': a rewrite pattern driver is running: erase through the rewriter (rewriter.erase_op), so that the driver knows""#),
        "{out}"
    );
    let out = run(
        "builtin.module(func.func(test-bad-rewrite{mode=nested-driver}))",
        ADD_THEN_UNUSED,
    )
    .unwrap();
    assert!(
        out.contains(r#"refused = "cannot apply patterns to 'arith.addi' now: a pattern driver is already running on it or on an op around it"#),
        "{out}"
    );
}

/// The debug-build check of each pattern call (release builds skip it).
#[cfg(debug_assertions)]
#[test]
fn in_debug_builds_a_pattern_changing_its_op_without_the_rewriter_fails_naming_it() {
    let prefix = "input.mlir:2:8: pass 'test-bad-rewrite': pattern 'BadRewrite' on 'arith.addi': ";
    for (mode, why) in [
        ("modify-direct", "changed its op without the rewriter (through melior_mut?), so the driver does not know; change it with rewriter.modify_op_in_place"),
        ("modify-nomatch", "returned NoMatch after changing its op; a pattern that does not match must leave the IR as it was"),
        ("ok-unchanged", "returned Ok(()) without changing anything through the rewriter (the driver would apply it again and again); return Err(NoMatch) when nothing changes"),
    ] {
        for walk in ["false", "true"] {
            assert_eq!(
                bad_rewrite_errors(&format!("mode={mode} walk={walk}"), ADD_THEN_UNUSED),
                [format!("{prefix}{why}")],
                "{mode} walk={walk}"
            );
        }
    }
}

// --- Erasing during a walk or a child_ops iteration --------------------------

const WALKED: &str = r#"
func.func @f(%a: i32) -> i32 {
  %u = arith.muli %a, %a : i32
  %r = arith.addi %a, %a : i32
  %v = arith.subi %a, %a : i32
  scf.execute_region {
    %x = arith.addi %a, %a : i32
    scf.yield
  }
  return %r : i32
}
"#;

/// Runs `test-walk-erase{mode=...}` on [`WALKED`]: the output, and the
/// refusals it recorded.
fn walk_erase(mode: &str) -> (String, Vec<String>) {
    let out = run(
        &format!("builtin.module(func.func(test-walk-erase{{mode={mode}}}))"),
        WALKED,
    )
    .unwrap();
    let refused = out
        .split("refused = \"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or_else(|| panic!("{out}"));
    let refused = refused
        .split(" / ")
        .filter(|r| !r.is_empty())
        .map(str::to_owned)
        .collect();
    (out, refused)
}

#[test]
fn a_walk_refuses_erasing_ops_it_still_needs_and_skips_the_regions_of_an_erased_op() {
    const WALK: &str = "the walk in progress still needs it (an op it has yet to visit, or one it is inside); erase the visited op, or ops already visited";
    let (out, refused) = walk_erase("next");
    assert_eq!(
        refused,
        [
            format!("cannot erase 'arith.subi': {WALK}"),
            format!("cannot erase 'scf.yield': {WALK}"),
        ]
    );
    assert!(
        out.contains("arith.subi") && out.contains("scf.yield"),
        "{out}"
    );
    let (_, refused) = walk_erase("parent");
    assert_eq!(
        refused,
        [format!("cannot erase 'scf.execute_region': {WALK}")]
    );
    // In pre-order, the visited op may be erased: the walk does not go into
    // its (freed) regions.
    let (out, refused) = walk_erase("pre-visited");
    assert!(refused.is_empty(), "{refused:?}");
    assert!(!out.contains("scf.execute_region"), "{out}");
    // A pattern driver on an op that holds what the walk still needs.
    let (_, refused) = walk_erase("driver");
    assert_eq!(
        refused,
        ["cannot apply patterns to 'func.func' now: a walk or child_ops iteration in progress holds ops nested in it, which the driver could erase"; 2]
    );
}

#[test]
fn child_ops_refuses_erasing_the_next_child_and_allows_the_one_handed_out() {
    let (out, refused) = walk_erase("child-next");
    assert_eq!(
        refused,
        ["cannot erase 'arith.addi': a child_ops iteration in progress still needs it (the next child, or the op whose children it lists)"]
    );
    assert!(!out.contains("arith.muli"), "{out}");
    assert!(out.contains("arith.addi"), "{out}");
}

#[test]
fn a_melior_program_adds_rust_passes_and_parses_pipelines_naming_them() {
    use mlir_pass::melior;
    let context = setup();
    let melior_context = context.as_melior();
    let source = "func.func @f(%x: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  %r = arith.addi %x, %c0 : i32\n  return %r : i32\n}\nfunc.func private @dead() { return }\n";

    // A Rust pass value into melior's pass manager, through `From`.
    let mut module = mlir_pass::ir::parse_module(melior_context, source).unwrap();
    let pm = melior::pass::PassManager::new(melior_context);
    pm.nested_under("func.func")
        .add_pass(OwnedPass::new(FoldArithIdentities::default()).into());
    pm.nested_under("func.func")
        .add_pass(OwnedPass::new(AnnotateOpCount::default()).into());
    pm.run(&mut module).unwrap();
    let out = module.as_operation().to_string();
    assert!(!out.contains("arith.addi"), "{out}");
    assert!(
        out.contains("@f(%arg0: i32) -> i32 attributes {pass.op_count = 1 : i64}"),
        "{out}"
    );

    // melior's pipeline parser finds Rust passes once register_all ran.
    let mut module = mlir_pass::ir::parse_module(melior_context, source).unwrap();
    let pm = melior::pass::PassManager::new(melior_context);
    melior::utility::parse_pass_pipeline(
        pm.as_operation_pass_manager(),
        "builtin.module(func.func(fold-arith-identities),rs-symbol-dce)",
    )
    .unwrap();
    pm.run(&mut module).unwrap();
    let out = module.as_operation().to_string();
    assert!(!out.contains("@dead"), "{out}");
    assert!(!out.contains("arith.addi"), "{out}");

    // A pass under the wrong anchor is refused (melior's `add_pass` would
    // end the process in MLIR's fatal error), the right one accepted.
    let pm = melior::pass::PassManager::new(melior_context);
    let module_pm = pm.nested_under("builtin.module");
    let error = OwnedPass::new(AnnotateOpCount::default())
        .add_to_melior(module_pm)
        .unwrap_err();
    assert!(
        error.contains("nest it, as in builtin.module(func.func(annotate-op-count))"),
        "{error}"
    );
    OwnedPass::new(AnnotateOpCount::default())
        .add_to_melior(module_pm.nested_under("func.func"))
        .unwrap();
    assert_eq!(
        pm.as_operation_pass_manager().to_string(),
        "any(builtin.module(func.func(annotate-op-count{attr-name=pass.op_count skip={}})))"
    );
}

#[test]
fn context_module_and_pass_manager_convert_to_and_from_melior_without_copies() {
    use mlir_pass::melior;
    let context = setup();
    let source = "func.func @f() { return }";
    // Our module and pass manager, run by melior.
    let module = Module::parse(&context, source, "a.mlir").unwrap();
    let raw = module.raw();
    let mut melior_module = module.into_melior();
    assert_eq!(melior_module.to_raw().ptr, raw.ptr, "no copy");
    let pm = PassManager::parse(&context, "builtin.module(func.func(annotate-op-count))").unwrap();
    let melior_pm = pm.into_melior();
    melior_pm.run(&mut melior_module).unwrap();
    // And back: our pass manager runs on the melior module, reporting with
    // this crate's diagnostics.
    let mut module = Module::from_melior(&context, melior_module).unwrap();
    let mut pm = PassManager::from_melior(&context, melior_pm);
    pm.run(&mut module).unwrap();
    assert!(module.to_string().contains("pass.op_count = 1 : i64"));

    // A melior context taken over, then given back.
    let melior_context = melior::Context::new();
    let raw = melior_context.to_raw();
    let ours = Context::from_melior(melior_context);
    assert_eq!(ours.raw().ptr, raw.ptr);
    ours.allow_unregistered_dialects(true);
    let back = ours.into_melior();
    assert!(back.allow_unregistered_dialects());
    let parsed = mlir_pass::ir::parse_module(&back, "\"x.op\"() : () -> ()").unwrap();
    assert!(parsed.as_operation().to_string().contains("x.op"));

    // A module of another context is refused.
    let other = melior::Context::new();
    let foreign = melior::ir::Module::new(melior::ir::Location::unknown(&other));
    let error = Module::from_melior(&context, foreign).unwrap_err();
    assert_eq!(
        error.message,
        "the melior module belongs to another MLIR context"
    );
}

// --- Named pipelines ---------------------------------------------------------

#[test]
fn a_rust_pipeline_adds_rust_and_upstream_passes_as_its_options_say() {
    let context = setup();
    let printed = |pipeline: &str| PassManager::parse(&context, pipeline).unwrap().to_string();
    let all = printed("builtin.module(example-cleanup)");
    assert!(
        all.starts_with("builtin.module(func.func(fold-arith-identities{max-iterations=10 top-down=true},canonicalize{"),
        "{all}"
    );
    assert!(all.ends_with("}),rs-symbol-dce)"), "{all}");
    assert_eq!(
        printed("builtin.module(example-cleanup{fold=false})"),
        "builtin.module(rs-symbol-dce)"
    );
    let no_dce = printed("builtin.module(example-cleanup{dce=false})");
    assert!(
        !no_dce.contains("rs-symbol-dce") && no_dce.contains("canonicalize"),
        "{no_dce}"
    );
    assert_eq!(
        printed("builtin.module(example-cleanup{fold=false dce=false})"),
        "builtin.module()"
    );
    // What a pass manager built from it prints parses back to the same passes.
    assert_eq!(printed(&all), all);
    // And it runs.
    let out = run_on(
        &context,
        "builtin.module(example-cleanup)",
        "func.func @f(%x: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  %r = arith.addi %x, %c0 : i32\n  return %r : i32\n}\nfunc.func private @dead() { return }\n",
    )
    .unwrap();
    assert!(
        out.contains("return %arg0 : i32") && !out.contains("@dead"),
        "{out}"
    );
}

#[test]
fn a_failing_or_panicking_pipeline_fails_the_parse_with_its_message() {
    let context = setup();
    let error = PassManager::parse(&context, "builtin.module(test-failing-pipeline)").unwrap_err();
    assert!(
        error
            .message
            .contains("pipeline 'test-failing-pipeline': this pipeline always fails"),
        "{error}"
    );
    let error =
        PassManager::parse(&context, "builtin.module(test-failing-pipeline{panic})").unwrap_err();
    assert!(
        error.message.contains(
            "pipeline 'test-failing-pipeline' panicked while being built: the pipeline exploded"
        ),
        "{error}"
    );
    let error =
        PassManager::parse(&context, "builtin.module(test-pipeline-with-typo)").unwrap_err();
    assert!(
        error.message.contains("pipeline 'test-pipeline-with-typo': failed to parse the pass pipeline 'func.func(canonicalise)'"),
        "{error}"
    );
    let error =
        PassManager::parse(&context, "builtin.module(example-cleanup{fold=maybe})").unwrap_err();
    assert!(
        error
            .message
            .contains("invalid value 'maybe' for option 'fold' (bool)"),
        "{error}"
    );
    // The process and the registry go on.
    assert!(PassManager::parse(&context, "builtin.module(example-cleanup)").is_ok());
}

#[test]
fn a_module_pipeline_added_to_a_function_pass_manager_is_refused_naming_both_anchors() {
    let context = setup();
    let mut pm = PassManager::new(&context);
    let func_pm = pm.nest("func.func");
    let error = func_pm.add_pipeline(" builtin.module(cse) ").unwrap_err();
    assert_eq!(
        error.message,
        "the pass pipeline 'builtin.module(cse)' runs on 'builtin.module' operations, but \
         this pass manager runs on 'func.func': add it to a pass manager on 'builtin.module', \
         or remove the 'builtin.module(...)' around its passes"
    );
    // Nothing was nested; the same text without the wrapper, or wrapped in
    // the pass manager's own anchor, is accepted.
    func_pm.add_pipeline("func.func(cse)").unwrap();
    func_pm
        .add_pipeline("canonicalize{max-iterations=1}")
        .unwrap();
    assert!(
        pm.to_string()
            .starts_with("builtin.module(func.func(cse,canonicalize{"),
        "{pm}"
    );
    // On the module's pass manager, the wrapper is this pass manager's own.
    pm.as_op_pass_manager()
        .add_pipeline("builtin.module(cse)")
        .unwrap();
    assert!(pm.to_string().ends_with("}),cse)"), "{pm}");
}

#[test]
fn pipelines_are_listed_and_documented() {
    let pipelines = mlir_pass::pipelines();
    let cleanup = pipelines
        .iter()
        .find(|p| p.argument == "example-cleanup")
        .unwrap();
    assert_eq!(cleanup.name, "ExampleCleanup");
    assert_eq!(
        cleanup.option_defaults(),
        [("dce", "true".to_owned()), ("fold", "true".to_owned())]
    );
    let docs = mlir_pass::pass_docs();
    assert!(docs.contains("# Rust pass pipelines\n"), "{docs}");
    assert!(
        docs.contains("## `-example-cleanup`\n\n_Cleans a module up: folds identities and canonicalizes every function, then erases dead symbols._"),
        "{docs}"
    );
    assert!(docs.contains("| `fold` | `bool` | `true` | Fold arithmetic identities and canonicalize each function. |"), "{docs}");
}

/// The constant matchers, as C++'s `m_Constant`, `m_ConstantInt` and
/// `m_ConstantFloat` answer: scalars and splats, widths, values that do not
/// fit, constant-like ops of several dialects, and what is not a constant.
#[test]
fn constant_matchers_answer_as_cpp_matchers_do() {
    let context = setup();
    context.allow_unregistered_dialects(true);
    let source = include_str!("../inputs/constants.mlir");
    let out = run_on(
        &context,
        "builtin.module(func.func(probe-constants))",
        source,
    )
    .unwrap();
    common::assert_constant_probes(&out);
}

/// The `analysis` queries (dominance, effects, equivalence, traits, loops,
/// region branches, symbols) answer as MLIR's C++ does, on upstream
/// dialects and on an unregistered op.
#[test]
fn analyses_answer_as_mlir_does() {
    let context = setup();
    context.allow_unregistered_dialects(true);
    let source = include_str!("../inputs/analyses.mlir");
    let out = run_on(&context, "builtin.module(probe-analyses)", source).unwrap();
    common::assert_analysis_probes(&out);
}

/// Bad calls of the `analysis` API: moving an op out of something that is
/// not a loop, or out of a loop it is not in, is refused with an error; a
/// dominance query about an op outside the pass's op panics, which fails the
/// pass with the message (never a read of IR another thread may change).
#[test]
fn analysis_misuse_is_refused() {
    let source = "func.func @f(%lb: index, %ub: index, %st: index, %x: i32) {\n  %y = arith.addi %x, %x : i32\n  scf.for %i = %lb to %ub step %st {\n    %z = arith.muli %x, %x : i32\n  }\n  return\n}\n";
    let out = run("builtin.module(func.func(probe-loop-refusals))", source).unwrap();
    assert!(
        out.contains("probe.not_a_loop = \"cannot move an op out of 'arith.addi': it is not a loop (LoopLikeOpInterface)\""),
        "{out}"
    );
    assert!(
        out.contains("probe.not_nested = \"cannot move 'arith.addi' out of 'scf.for': it is not nested in that loop\""),
        "{out}"
    );
    let error = run("builtin.module(func.func(probe-dominance-outside))", source).unwrap_err();
    assert!(
        error.diagnostics[0]
            .message
            .contains("dominance query: an operation is not nested in the operation the analysis was built on"),
        "{error}"
    );
    // Two ops of one block of another function: the query's fast path
    // (two ops of one block) still refuses them.
    let two = "func.func @f(%x: i32) {\n  %y = arith.addi %x, %x : i32\n  return\n}\nfunc.func @g(%x: i32) {\n  %y = arith.muli %x, %x : i32\n  return\n}\n";
    let sibling = run("builtin.module(func.func(probe-dominance-sibling))", two).unwrap_err();
    assert!(
        sibling.diagnostics[0]
            .message
            .contains("dominance query: an operation is not nested in the operation the analysis was built on"),
        "{sibling}"
    );
    // The panic is reported at the caller's line, not inside mlir-pass.
    assert!(
        error.diagnostics[0].message.contains("tests/src/")
            && !error.diagnostics[0].message.contains("runtime/src/"),
        "{error}"
    );
}

/// A `PatternPass` reads its options in `patterns` (they are set before
/// `initialize`), runs on either driver, and a root that names no op of its
/// loaded dialect fails `initialize` with the pattern and a suggestion.
#[test]
fn pattern_pass_options_reach_the_patterns_and_bad_roots_are_refused() {
    let source = "func.func @f(%x: i32) -> i32 {\n  %y = arith.muli %x, %x : i32\n  %z = arith.addi %y, %x : i32\n  return %z : i32\n}\n";
    for walk in ["", " walk"] {
        let out = run(
            &format!("builtin.module(func.func(test-pattern-root{{root=arith.muli{walk}}}))"),
            source,
        )
        .unwrap();
        let tagged: Vec<_> = out.lines().filter(|l| l.contains("rooted")).collect();
        assert_eq!(tagged.len(), 1, "{out}");
        assert!(tagged[0].contains("arith.muli"), "{out}");
    }
    let error = run(
        "builtin.module(func.func(test-pattern-root{root=arith.mulli}))",
        source,
    )
    .unwrap_err();
    assert_eq!(
        error.diagnostics[0].message,
        "test-pattern-root: initialize failed: pattern 'RootedAt' is rooted at 'arith.mulli', \
         which its dialect does not define; did you mean 'arith.muli'?",
        "{error}"
    );
    // A dialect the context has not loaded cannot be checked: accepted.
    assert!(run(
        "builtin.module(func.func(test-pattern-root{root=nodialect.op}))",
        source
    )
    .is_ok());
}

#[test]
fn child_regions_lists_an_ops_regions_in_order_as_melior_does() {
    use mlir_pass::{
        ir::{OperationExt, WalkOrder},
        melior::ir::operation::{OperationLike, WalkResult},
    };
    let context = setup();
    let source = "func.func @f(%c: i1) {\n  scf.if %c {\n    %a = arith.constant 1 : i32\n  } else {\n  }\n  return\n}\n";
    let module = Module::parse(&context, source, "input.mlir").unwrap();
    let mut seen = Vec::new();
    module
        .as_operation()
        .melior()
        .walk_ops(WalkOrder::PreOrder, |op| {
            let ours: Vec<_> = op.child_regions().collect();
            let melior: Vec<_> = op.regions().collect();
            assert_eq!(ours, melior, "{}", op.name_str());
            assert_eq!(op.child_regions().len(), op.region_count());
            seen.push((op.name_str(), ours.len()));
            WalkResult::Advance
        });
    assert_eq!(
        seen,
        [
            ("builtin.module", 1),
            ("func.func", 1),
            ("scf.if", 2),
            ("arith.constant", 0),
            ("scf.yield", 0),
            ("scf.yield", 0),
            ("func.return", 0),
        ]
    );
}
