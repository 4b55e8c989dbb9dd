//! Rust ops canonicalized by a `canonicalize` method (`canonicalize_method`,
//! ODS's `hasCanonicalizeMethod`; `tests/src/canonicalize_method.rs`):
//! `canonicalize` erases `rcanon.assert` of a constant `true` as it erases
//! `cf.assert`'s, byte for byte; the method comes before the op's other
//! patterns; a panic in it is an error at the op that fails the pass.

use mlir_pass::{Context, Module, PassManager};

const INPUT: &str = include_str!("../../inputs/canonicalize_method.mlir");

fn run(pipeline: &str, source: &str) -> Result<String, String> {
    let _ = mlir_pass_tests::canonicalize_method::RCanonDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let mut module = Module::parse(&context, source, "input.mlir").map_err(|e| e.to_string())?;
    let mut pm = PassManager::parse(&context, pipeline).map_err(|e| e.to_string())?;
    pm.run(&mut module).map_err(|e| e.to_string())?;
    Ok(module.to_string())
}

#[test]
fn a_canonicalize_method_canonicalizes_as_upstreams() {
    let ours = run("builtin.module(func.func(canonicalize))", INPUT).unwrap();
    let upstream = crate::common::stock_mlir_opt_stdout(
        &INPUT.replace("rcanon.assert", "cf.assert"),
        &["--canonicalize"],
    );
    assert_eq!(
        ours.replace("rcanon.assert", "cf.assert").trim_end(),
        upstream.trim_end()
    );
    // What the comparison covers: the constant `true` ones (one folded to
    // it first) are gone, the others stay.
    assert_eq!(ours.matches("rcanon.assert").count(), 2, "{ours}");
    assert!(
        ours.contains("rcanon.assert %false, \"never\"") && ours.contains("\"maybe\""),
        "{ours}"
    );
}

#[test]
fn the_method_comes_before_the_ops_patterns() {
    let source = r#"func.func @f() {
      rcanon.mark {state = "todo"}
      rcanon.mark {state = "done"}
      rcanon.mark
      return
    }"#;
    let ours = run("builtin.module(func.func(canonicalize))", source).unwrap();
    assert!(ours.contains("rcanon.mark {state = \"method\"}"), "{ours}");
    assert!(ours.contains("rcanon.mark {state = \"done\"}"), "{ours}");
    assert!(!ours.contains("patterns"), "{ours}");
}

#[test]
fn a_panicking_canonicalize_method_is_an_error_at_the_op() {
    let source = r#"func.func @f() {
      rcanon.mark {state = "panic"}
      return
    }"#;
    let error = run("builtin.module(func.func(canonicalize))", source).unwrap_err();
    assert!(
        error.contains(
            "pattern 'MarkOp::canonicalize' panicked on 'rcanon.mark': canonicalize blew up"
        ),
        "{error}"
    );
    assert!(error.contains("input.mlir:2:7"), "{error}");
}
