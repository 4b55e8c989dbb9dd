//! Rust ops with memory effects and speculation (`tests/src/effects.rs`):
//! `canonicalize` (dead code), `cse` and `loop-invariant-code-motion` treat
//! `reff.alloc`, `reff.alloca`, `reff.load`, `reff.copy`, `reff.dealloc`
//! and `reff.divui` in this process as the stock `mlir-opt` treats the
//! upstream ops with the same effects, byte for byte; hooks that panic or
//! name a value not their op's are errors at the op that fail the pass.

use mlir_pass::{Context, Module, PassManager};

fn setup() -> Context {
    let _ = mlir_pass_tests::effects::REffDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// Parses `source` and runs `pipeline`: the printed module or the error.
fn run(pipeline: &str, source: &str) -> Result<String, String> {
    let context = setup();
    let mut module = Module::parse(&context, source, "input.mlir").map_err(|e| e.to_string())?;
    let mut pm = PassManager::parse(&context, pipeline).map_err(|e| e.to_string())?;
    pm.run(&mut module).map_err(|e| e.to_string())?;
    Ok(module.to_string())
}

/// The Rust twins of upstream's ops, renamed to upstream's names.
fn as_upstream(text: &str) -> String {
    text.replace("reff.alloca()", "memref.alloca()")
        .replace("reff.alloc()", "memref.alloc()")
        .replace("reff.load ", "memref.load ")
        .replace("reff.copy ", "memref.copy ")
        .replace("reff.dealloc ", "memref.dealloc ")
        .replace("reff.divui ", "arith.divui ")
}

const INPUT: &str = include_str!("../../inputs/effects.mlir");

#[test]
fn passes_treat_rust_effects_as_upstream_effects() {
    for (pipeline, flag) in [
        ("builtin.module(func.func(canonicalize))", "--canonicalize"),
        ("builtin.module(func.func(cse))", "--cse"),
        (
            "builtin.module(func.func(loop-invariant-code-motion))",
            "--loop-invariant-code-motion",
        ),
    ] {
        let ours = run(pipeline, INPUT).unwrap();
        let upstream = crate::common::stock_mlir_opt_stdout(&as_upstream(INPUT), &[flag]);
        assert_eq!(as_upstream(&ours).trim_end(), upstream.trim_end(), "{flag}");
    }
    // What the comparison covers, spelled out.
    let dead = run("builtin.module(func.func(canonicalize))", INPUT).unwrap();
    let dead = &dead[..dead.find("func.func @cse").unwrap()];
    assert!(
        !dead.contains("reff.load") && !dead.contains("reff.alloca"),
        "{dead}"
    );
    assert!(
        dead.contains("reff.copy") && dead.contains("reff.dealloc"),
        "{dead}"
    );
    let cse = run("builtin.module(func.func(cse))", INPUT).unwrap();
    let cse = &cse[cse.find("func.func @cse").unwrap()..cse.find("func.func @licm").unwrap()];
    assert_eq!(cse.matches("reff.load").count(), 2, "{cse}");
    assert_eq!(cse.matches("reff.alloc()").count(), 2, "{cse}");
    let licm = run(
        "builtin.module(func.func(loop-invariant-code-motion))",
        INPUT,
    )
    .unwrap();
    let before_loop = &licm[licm.find("func.func @licm").unwrap()..licm.find("scf.for").unwrap()];
    assert!(before_loop.contains("reff.divui %arg2, %c3"), "{licm}");
    assert!(!before_loop.contains("reff.divui %arg2, %arg3"), "{licm}");
    assert!(!before_loop.contains("reff.load"), "{licm}");
}

#[test]
fn effects_said_by_a_method_are_the_declared_ones() {
    let source = r#"
    func.func @f(%m: memref<4xf32>, %n: memref<4xf32>, %i: index) -> (f32, f32) {
      %v1 = reff.load %m[%i] : memref<4xf32>
      reff.copy_by_method %n, %m : memref<4xf32> to memref<4xf32>
      %v2 = reff.load %m[%i] : memref<4xf32>
      %b = reff.alloc() : memref<4xf32>
      reff.copy_by_method %m, %b : memref<4xf32> to memref<4xf32>
      return %v1, %v2 : f32, f32
    }"#;
    let method = run("builtin.module(func.func(cse,canonicalize))", source).unwrap();
    let declared = run(
        "builtin.module(func.func(cse,canonicalize))",
        &source.replace("reff.copy_by_method", "reff.copy"),
    )
    .unwrap();
    assert_eq!(method.replace("reff.copy_by_method", "reff.copy"), declared);
    // The write keeps both loads, and the copy into the unused allocation.
    assert_eq!(method.matches("reff.load").count(), 2, "{method}");
    assert_eq!(method.matches("reff.copy_by_method").count(), 2, "{method}");
}

#[test]
fn a_misbehaving_effects_or_speculation_hook_is_an_error_at_the_op() {
    for (how, pipeline, said) in [
        (
            "panic",
            "canonicalize",
            "'reff.bad' op `effects` (MemoryEffectOpInterface) of `BadOp` panicked: effects \
             blew up",
        ),
        (
            "foreign",
            "canonicalize",
            "'reff.bad' op `effects` (MemoryEffectOpInterface) of `BadOp` panicked: \
             `Effects::add_on` was given a value that is neither an operand nor a result of \
             this op",
        ),
        (
            "speculate",
            "loop-invariant-code-motion",
            "'reff.bad' op `speculatability` (ConditionallySpeculatable) of `BadOp` panicked: \
             speculation blew up",
        ),
    ] {
        let source = format!(
            r#"func.func @f(%x: i64, %n: index, %unused: i64) {{
              %c0 = arith.constant 0 : index
              %c1 = arith.constant 1 : index
              scf.for %i = %c0 to %n step %c1 {{
                %a = "reff.bad"(%x) {{how = "{how}"}} : (i64) -> i64
              }}
              return
            }}"#
        );
        let error = run(&format!("builtin.module(func.func({pipeline}))"), &source).unwrap_err();
        assert!(error.contains(said), "{how}: {error}");
    }
    // Asked well, the op only reads: unused, it is dead.
    let source = r#"func.func @f(%x: i64) {
      %a = "reff.bad"(%x) {how = "ok"} : (i64) -> i64
      return
    }"#;
    let ours = run("builtin.module(func.func(canonicalize))", source).unwrap();
    assert!(!ours.contains("reff.bad"), "{ours}");
}
