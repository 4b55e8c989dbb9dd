//! Properties holding attributes of a Rust dialect, integer enums and
//! upstream attributes (`calc.cmp`, `calc.cmpi` and `calc.addf`, shaped
//! after `index.cmp`, `arith.cmpi` and `arith.addf`): a value of another
//! kind in the generic form's `<{...}>` is the property conversion's error,
//! as ODS's `setPropertiesFromAttr` says it, and an inherent attribute the
//! custom form's `attr-dict` gives beside the format's wins over it, as
//! ODS's parsers let it. Each compared with the upstream op in the same
//! context, names swapped.

use mlir_pass::dialect::Op;
use mlir_pass::{Context, Module};
use mlir_pass_tests::calc::CmpIOp;

fn setup() -> Context {
    let _ = CmpIOp::operation_name();
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// `source` parsed and printed (custom form), or the parse error.
fn round_trip(context: &Context, source: &str) -> Result<String, String> {
    Module::parse(context, source, "input.mlir")
        .map(|m| m.to_string())
        .map_err(|e| e.to_string())
}

/// Names swapped in the upstream text: (theirs, ours).
type Swaps = &'static [(&'static str, &'static str)];

/// Each upstream op, ours, and what to swap in the upstream text.
const OPS: &[(&str, &str, Swaps)] = &[
    (
        r#"%0 = "index.cmp"(%a, %a) <{pred = 2 : i32}> : (i64, i64) -> i1"#,
        r#"%0 = "calc.cmp"(%a, %a)  <{pred = 2 : i32}> : (i64, i64) -> i1"#,
        &[("index.cmp", "calc.cmp")],
    ),
    (
        r#"%0 = "arith.cmpi"(%a, %a) <{predicate = "x"}> : (i64, i64) -> i1"#,
        r#"%0 = "calc.cmpi"(%a, %a)  <{predicate = "x"}> : (i64, i64) -> i1"#,
        &[("arith.cmpi", "calc.cmpi")],
    ),
    (
        r#"%0 = "arith.addf"(%f, %f) <{fastmath = 1 : i32}> : (f32, f32) -> f32"#,
        r#"%0 = "calc.addf"(%f, %f)  <{fastmath = 1 : i32}> : (f32, f32) -> f32"#,
        &[("arith.addf", "calc.addf")],
    ),
];

fn function(op: &str) -> String {
    format!("func.func @f(%a: i64, %f: f32) {{\n  {op}\n  return\n}}\n")
}

#[test]
fn a_property_of_another_kind_is_the_property_conversion_s_error() {
    let context = setup();
    for (theirs, ours, swaps) in OPS {
        let theirs = round_trip(&context, &function(theirs)).unwrap_err();
        assert!(
            theirs.contains("in property conversion"),
            "the upstream op fails in the conversion: {theirs}"
        );
        let expected = swaps.iter().fold(theirs, |t, (a, b)| t.replace(a, b));
        let ours = round_trip(&context, &function(ours)).unwrap_err();
        // Our line has one space more after the op name: the carets agree.
        assert_eq!(ours, expected);
    }
}

#[test]
fn the_attribute_dictionary_overrides_what_the_format_parsed() {
    let context = setup();
    let theirs = "func.func @f(%a: index, %f: f32) -> (i1, f32) {\n  \
                  %0 = index.cmp slt(%a, %a) {pred = #index<cmp_predicate ult>, x}\n  \
                  %1 = arith.addf %f, %f fastmath<fast> {fastmath = #arith.fastmath<nnan>} : f32\n  \
                  return %0, %1 : i1, f32\n}";
    let expected = round_trip(&context, theirs).unwrap();
    assert!(
        expected.contains("index.cmp ult(%arg0, %arg0) {x}")
            && expected.contains("arith.addf %arg1, %arg1 fastmath<nnan> : f32"),
        "{expected}"
    );
    let ours = theirs
        .replace("index.cmp", "calc.cmp")
        .replace("#index<", "#calc<")
        .replace("index", "i64")
        .replace("arith.addf", "calc.addf");
    let expected = expected
        .replace("index.cmp", "calc.cmp")
        .replace("index", "i64")
        .replace("arith.addf", "calc.addf");
    assert_eq!(round_trip(&context, &ours).unwrap(), expected);
}
