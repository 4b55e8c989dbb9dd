//! Rust ops with fast-math flags (`tests/src/fast_math.rs`): MLIR's
//! `ArithFastMathInterface` answers for `rfast.addf` and `rfast.mulf` what
//! it answers for `arith.addf` and `arith.mulf` (their flags, and the name
//! of the attribute holding them), byte for byte, in this process; an op
//! whose flags were removed is an error at the op that fails the pass.

use mlir_pass::{
    analysis::InterfacesExt,
    melior::ir::{operation::OperationLike, BlockLike, RegionLike},
    Context, Module, PassManager,
};

fn setup() -> Context {
    let _ = mlir_pass_tests::fast_math::RFastDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

const PROBE: &str = "builtin.module(func.func(probe-fast-math))";
const INPUT: &str = include_str!("../../inputs/fast_math.mlir");

/// Parses `source` and runs `pipeline`: the printed module or the error.
fn run(context: &Context, pipeline: &str, source: &str) -> Result<String, String> {
    let mut module = Module::parse(context, source, "input.mlir").map_err(|e| e.to_string())?;
    let mut pm = PassManager::parse(context, pipeline).map_err(|e| e.to_string())?;
    pm.run(&mut module).map_err(|e| e.to_string())?;
    Ok(module.to_string())
}

/// The Rust twins of upstream's ops, renamed to upstream's names (the
/// probe's `probe.fastmath_name` stays: `rfast.mulf` names its own).
fn as_upstream(text: &str) -> String {
    text.replace("rfast.addf", "arith.addf")
        .replace("rfast.mulf", "arith.mulf")
        .replace(" flags<", " fastmath<")
}

#[test]
fn rust_fast_math_flags_are_read_as_upstreams() {
    let context = setup();
    let ours = run(&context, PROBE, INPUT).unwrap();
    let upstream = run(&context, PROBE, &as_upstream(INPUT)).unwrap();
    // Only the name of `rfast.mulf`'s attribute differs, as declared.
    assert_eq!(
        as_upstream(&ours),
        upstream.replacen(
            "probe.fastmath = #arith.fastmath<arcp,afn>, probe.fastmath_name = \"fastmath\"",
            "probe.fastmath = #arith.fastmath<arcp,afn>, probe.fastmath_name = \"flags\"",
            1
        )
    );
    for expected in [
        "rfast.addf %arg0, %arg1 {probe.fastmath = #arith.fastmath<none>, probe.fastmath_name = \"fastmath\"} : f32",
        "fastmath<fast> {probe.fastmath = #arith.fastmath<fast>,",
        "probe.fastmath = #arith.fastmath<nnan,ninf,contract>,",
        "rfast.mulf %2, %arg1 flags<arcp,afn> {probe.fastmath = #arith.fastmath<arcp,afn>, probe.fastmath_name = \"flags\"}",
    ] {
        assert!(ours.contains(expected), "{expected}\n{ours}");
    }
}

#[test]
fn only_ops_listing_the_interface_answer_it() {
    let context = setup();
    let module = Module::parse(&context, INPUT, "input.mlir").unwrap();
    let body = module
        .as_operation()
        .region(0)
        .unwrap()
        .first_block()
        .unwrap();
    let func = body.first_operation().unwrap();
    assert!(func.fast_math().is_none());
    let block = func.region(0).unwrap().first_block().unwrap();
    let mut answers = Vec::new();
    let mut op = block.first_operation();
    while let Some(o) = op {
        answers.push(o.fast_math().map(|f| {
            (
                f.attr_name,
                f.flags.map(|a| a.to_string()).unwrap_or_default(),
            )
        }));
        op = o.next_in_block();
    }
    assert_eq!(
        answers,
        [
            Some(("fastmath", "#arith.fastmath<none>".to_owned())),
            Some(("fastmath", "#arith.fastmath<fast>".to_owned())),
            Some(("fastmath", "#arith.fastmath<nnan,ninf,contract>".to_owned())),
            Some(("fastmath", "#arith.fastmath<reassoc>".to_owned())),
            Some(("flags", "#arith.fastmath<arcp,afn>".to_owned())),
            None,
        ]
    );
}

#[test]
fn missing_flags_are_an_error_at_the_op() {
    let context = setup();
    let source = r#"func.func @f(%a: f32) -> f32 {
      %0 = rfast.mulf %a, %a flags<fast> {probe.drop} : f32
      return %0 : f32
    }"#;
    let error = run(&context, PROBE, source).unwrap_err();
    assert!(
        error.contains(
            "'rfast.mulf' op has no fast-math flags in 'flags' (ArithFastMathInterface): the \
             attribute is missing"
        ),
        "{error}"
    );
}
