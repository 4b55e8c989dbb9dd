//! Custom directives, `ref` and `oilist` in the formats of Rust ops
//! (`tests/src/custom_directives.rs`), in this process: what the directives'
//! Rust parsers read is the op's (operands, attributes, types, regions,
//! successors, read by the typed accessors); the text prints back as it
//! was written; bad input, a panicking parser and a parser that changes the
//! op are errors. (`plugin/custom_directives.rs` compares them with
//! upstream's ops in the stock `mlir-opt`; the lit suite runs them on both
//! hosts.)

use mlir_pass::dialect::Op;
use mlir_pass::ir::{OperationExt, WalkOrder};
use mlir_pass::melior::ir::{operation::WalkResult, BlockLike, RegionLike, ValueLike};
use mlir_pass::{Context, Module};
use mlir_pass_tests::custom_directives::{
    CreateRangeOp, ExtractSliceOp, GotoOp, GuardedOp, InitOp, MaybeOp, TuneOp,
};

fn setup() -> Context {
    let _ = mlir_pass_tests::test_dialect::RTestDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

const SOURCE: &str = r#"
func.func @f(%t: tensor<8x8xf32>, %a: index, %c: i1, %d: i32, %x: i64) {
  %0 = rtest.extract_slice %t[%a, 4] [2, %a] [1, 1] : tensor<8x8xf32> to tensor<2x?xf32>
  rtest.init if(%c) device_num(%d : i32)
  rtest.tune %x tag "t" fast level = 1 : i64
  rtest.maybe %x tag "a" + : i64
  rtest.guarded when %c, %x, %d : i64, i32 {
    rtest.print %x : i64
  }
  cf.br ^bb1
^bb1:
  rtest.goto to ^bb2
^bb2:
  return
}
pdl_interp.func @matcher(%root: !pdl.operation) {
  %v = pdl_interp.get_result 0 of %root
  %r = rtest.create_range %v : !pdl.value
  pdl_interp.finalize
}
"#;

/// Every op of `SOURCE` the test knows, checked with its accessors.
#[test]
fn what_custom_directives_read_is_the_ops() {
    let context = setup();
    let module = Module::parse(&context, SOURCE, "input.mlir").unwrap();
    let mut seen = Vec::new();
    module
        .as_operation()
        .melior_mut()
        .walk_ops(WalkOrder::PreOrder, |op| {
            if let Some(slice) = ExtractSliceOp::cast(&op) {
                let offsets: Vec<i64> = (0..2)
                    .map(|i| slice.static_offsets().element(i).unwrap())
                    .collect();
                assert_eq!(offsets, [i64::MIN, 4]);
                assert_eq!(slice.static_sizes().element(1).unwrap(), i64::MIN);
                assert_eq!(slice.offsets().len(), 1);
                assert_eq!(slice.sizes().len(), 1);
                assert!(slice.strides().is_empty());
                assert_eq!(slice.result().r#type().to_string(), "tensor<2x?xf32>");
                seen.push("extract_slice");
            } else if let Some(init) = InitOp::cast(&op) {
                assert_eq!(init.device_num().unwrap().r#type().to_string(), "i32");
                assert_eq!(init.if_cond().unwrap().r#type().to_string(), "i1");
                seen.push("init");
            } else if let Some(tune) = TuneOp::cast(&op) {
                assert!(tune.fast().is_some());
                assert_eq!(tune.level().unwrap().value(), 1);
                assert_eq!(tune.tag().unwrap().value(), "t");
                seen.push("tune");
            } else if let Some(maybe) = MaybeOp::cast(&op) {
                assert_eq!(maybe.tag().unwrap().value(), "a");
                seen.push("maybe");
            } else if let Some(guarded) = GuardedOp::cast(&op) {
                assert_eq!(guarded.cond().r#type().to_string(), "i1");
                let types: Vec<String> = guarded
                    .values()
                    .iter()
                    .map(|v| v.r#type().to_string())
                    .collect();
                assert_eq!(types, ["i64", "i32"]);
                let block = guarded.body().first_block().unwrap();
                assert!(block.first_operation().is_some());
                seen.push("guarded");
            } else if let Some(goto) = GotoOp::cast(&op) {
                assert_eq!(goto.dest().argument_count(), 0);
                seen.push("goto");
            } else if let Some(range) = CreateRangeOp::cast(&op) {
                assert_eq!(range.result().r#type().to_string(), "!pdl.range<value>");
                seen.push("create_range");
            }
            WalkResult::Advance
        });
    seen.sort();
    assert_eq!(
        seen,
        [
            "create_range",
            "extract_slice",
            "goto",
            "guarded",
            "init",
            "maybe",
            "tune"
        ]
    );
    // And it prints back as written (with MLIR's value names).
    let printed = module.to_string();
    for line in [
        "%extracted_slice = rtest.extract_slice %arg0[%arg1, 4] [2, %arg1] [1, 1] : \
         tensor<8x8xf32> to tensor<2x?xf32>",
        "rtest.init device_num(%arg3 : i32) if(%arg2)\n",
        "rtest.tune %arg4 fast level = 1 tag \"t\" : i64",
        "rtest.maybe %arg4 tag \"a\" + : i64",
        "rtest.guarded when %arg2, %arg4, %arg3 : i64, i32 {",
        "rtest.goto to ^bb2",
        "rtest.create_range %0 : !pdl.value \n",
    ] {
        assert!(printed.contains(line), "{line}\n{printed}");
    }
    let again = Module::parse(&context, &printed, "printed.mlir")
        .unwrap_or_else(|e| panic!("{e:?}\n{printed}"));
    assert_eq!(again.to_string(), printed);
}

/// Parse errors, each at its place.
#[test]
fn custom_directives_fail_the_parse_with_a_diagnostic() {
    let context = setup();
    for (body, expected) in [
        (
            "%0 = rtest.extract_slice %t[%a, x] [2] [1] : tensor<8x8xf32> to tensor<2xf32>",
            "expected SSA value or integer",
        ),
        (
            "%0 = rtest.extract_slice %t[%a 4] [2] [1] : tensor<8x8xf32> to tensor<2xf32>",
            "expected ']' in dynamic index list",
        ),
        (
            "rtest.init if(%c) if(%c)",
            "`if` clause can appear at most once",
        ),
        (
            "rtest.custom_panic \"panic\" %x : i64",
            "the parser of custom<Boom> of `CustomPanicOp` panicked: custom parser blew up",
        ),
        (
            "rtest.custom_panic \"misuse\" %x : i64",
            "`OpParser::add_attribute` changes the op",
        ),
        (
            "rtest.custom_panic \"unset\" : i64",
            "custom<Boom>'s parser gave no value to its argument `$input`",
        ),
        ("rtest.maybe %x tag @s + : i64", "expected a string tag"),
    ] {
        let source = format!(
            "func.func @f(%t: tensor<8x8xf32>, %a: index, %c: i1, %x: i64) {{\n  {body}\n  \
             return\n}}\n"
        );
        let error = Module::parse(&context, &source, "input.mlir")
            .map(|m| m.to_string())
            .expect_err(body)
            .to_string();
        assert!(error.contains(expected), "{body}: {error}");
        assert!(error.contains("input.mlir:2:"), "{body}: {error}");
    }
}
