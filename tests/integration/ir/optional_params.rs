//! Optional parameters (`Option<T>`, ODS's `OptionalParameter`) in the
//! formats of the `ropt` dialect's types (`tests/src/optional_params.rs`),
//! and `qualified($p)` in those of the `rqal` dialect's attributes
//! (`tests/src/qualified_params.rs`), against the stock `mlir-opt`'s test
//! dialect, whose types and attributes have the same parameters and
//! formats: what each prints, and each error with its line and column,
//! byte for byte.

use mlir_pass::{Context, Module};

/// Each type as written (`X` is the dialect), accepted or refused.
const CASES: &[&str] = &[
    // An optional integer outside a group, an optional attribute in one.
    "!X.optional_param<1, 2, \"x\">",
    "!X.optional_param<, 2>",
    "!X.optional_param<3, 2>",
    // `unit` is a value of an optional attribute, not its absence.
    "!X.optional_param<1, 2, unit>",
    "!X.optional_param<, 2, unit>",
    // `params`: no comma after an absent optional parameter, optional
    // commas once no required one is left.
    "!X.optional_params<4, \"a\">",
    "!X.optional_params<\"a\">",
    "!X.optional_params_after<\"a\", 4>",
    "!X.optional_params_after<\"a\">",
    "!X.all_optional_params<>",
    "!X.all_optional_params<1, 2>",
    "!X.all_optional_params<1>",
    "!X.all_optional_params<1,>",
    "!X.optional_params<4 \"a\">",
    // `struct`: optional members left out, in any order, an empty value
    // taken as absent, a required one missing.
    "!X.optional_struct<a = 1, b = \"x\">",
    "!X.optional_struct<b = \"x\">",
    "!X.optional_struct<b = \"x\", a = 2>",
    "!X.optional_struct<a = , b = \"x\">",
    "!X.optional_struct<a = 1>",
    "!X.all_optional_struct<>",
    "!X.all_optional_struct<b = 2>",
    "!X.all_optional_struct<b = 2, a = 1>",
    // Optional groups with an alternative, anchored on a parameter or a
    // struct, and anchored in the alternative.
    "!X.optional_group<(5) 6>",
    "!X.optional_group<x 6>",
    "!X.optional_group<(x) 6>",
    "!X.optional_group_struct<(a = 1)>",
    "!X.optional_group_struct<(b = 1, a = 2)>",
    "!X.optional_group_struct<x>",
    "!X.optional_group_struct<()>",
    // A parameter with a default, left out when it has it (and, as in
    // ODS's parser, followed by no comma when read at it).
    "!X.optional_group_params<(4, 5)>",
    "!X.optional_group_params<(10, 5)>",
    "!X.optional_group_params<(4)>",
    "!X.optional_group_params<(10)>",
    "!X.optional_group_params<x>",
    "!X.default_valued_type<(i64)>",
    "!X.default_valued_type<(i32)>",
    "!X.default_valued_type<>",
    "!X.optional_value_type<3>",
    "!X.optional_value_type",
    "!X.else_anchor<5>",
    "!X.else_anchor<?>",
    "!X.else_anchor_struct<a = 1>",
    "!X.else_anchor_struct<?>",
    "!X.else_anchor_struct<b = 1, a = 2>",
];

fn function(ty: &str) -> String {
    format!("func.func @f(%a: {ty}) {{\n  return\n}}\n")
}

/// The stock tool on `source`: its stdout, or its first line of errors
/// with the file name left out.
fn stock(source: &str) -> Result<String, String> {
    let (output, file) = crate::common::stock_mlir_opt(source, &[]);
    if output.status.success() {
        return Ok(String::from_utf8(output.stdout).unwrap());
    }
    let stderr = String::from_utf8(output.stderr).unwrap();
    let first = stderr.lines().next().unwrap_or_default();
    Err(first.replacen(&format!("{file}:"), "", 1))
}

/// The same in this process.
fn ours(context: &Context, source: &str) -> Result<String, String> {
    match Module::parse(context, source, "input.mlir") {
        Ok(module) => Ok(format!("{module}\n\n")),
        Err(error) => {
            let error = error.to_string();
            let line = error
                .lines()
                .find(|l| l.contains("error:"))
                .unwrap_or_default()
                .to_owned();
            Err(line
                .trim_start_matches(|c| c != 'i')
                .replacen("input.mlir:", "", 1))
        }
    }
}

#[test]
fn optional_parameters_print_and_fail_as_ods_does() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let mut refused = 0;
    for case in CASES {
        let expected = stock(&function(&case.replace('X', "test")));
        let got = ours(&context, &function(&case.replace('X', "ropt")))
            .map(|out| out.replace("!ropt.", "!test."))
            .map_err(|e| e.replace("!ropt.", "!test."));
        assert_eq!(got, expected, "{case}");
        refused += usize::from(expected.is_err());
    }
    // Both kinds are compared: accepted types and refused ones.
    assert_eq!(refused, 4, "the cases that fail in the stock tool changed");
}

#[test]
fn an_optional_attribute_parameter_round_trips_and_reads_back() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let source = "module attributes {ropt.a = #ropt.span<1 to 5>, ropt.b = #ropt.span<-1>} {}";
    let module = Module::parse(&context, source, "input.mlir").expect("parses");
    let text = module.to_string();
    assert!(text.contains("ropt.a = #ropt.span<1 to 5>"), "{text}");
    assert!(text.contains("ropt.b = #ropt.span<-1>"), "{text}");
    let c = context.as_melior();
    let span = mlir_pass_tests::optional_params::SpanAttr::get(c, 2, None).expect("valid");
    assert_eq!(span.high(), None);
    assert_eq!(span.low(), 2);
    let full = mlir_pass_tests::optional_params::SpanAttr::get(c, 2, Some(7)).expect("valid");
    assert_eq!(full.high(), Some(7));
    assert_eq!(full.to_string(), "#ropt.span<2 to 7>");
}

/// Attributes nesting attributes, as written (`X` is the dialect): an
/// attribute of a Rust dialect as a parameter is written without its name,
/// and with it under `qualified(...)`; read either way, and an attribute
/// of another kind refused where ODS's parser refuses it.
const QUALIFIED_CASES: &[&str] = &[
    "#X.cmpnd_a<1, i32, [5, 6]>",
    "#X.cmpnd_nested_inner<42 <1, i32, [5, 6]>>",
    "#X.cmpnd_nested_outer<i <42 <1, f64, [5]>>>",
    "#X.cmpnd_nested_outer_qual<i #X.cmpnd_nested_inner<42 <1, i32, [5, 6]>>>",
    // Read with or without the name in either place: `qualified` changes
    // the printer only, as in ODS.
    "#X.cmpnd_nested_outer_qual<i <42 <1, i32, [5]>>>",
    "#X.cmpnd_nested_outer<i #X.cmpnd_nested_inner<42 <1, i32, [5]>>>",
    // An attribute of another kind where qualified.
    "#X.cmpnd_nested_outer_qual<i #X.cmpnd_a<1, i32, [5]>>",
    "#X.cmpnd_nested_outer_qual<i 42 : i64>",
];

fn attribute_holder(attr: &str) -> String {
    format!("module attributes {{t.a = {attr}}} {{\n}}\n")
}

#[test]
fn qualified_parameters_print_and_fail_as_ods_does() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let mut refused = 0;
    for case in QUALIFIED_CASES {
        let expected = stock(&attribute_holder(&case.replace('X', "test")));
        let got = ours(&context, &attribute_holder(&case.replace('X', "rqal")))
            .map(|out| out.replace("#rqal.", "#test."))
            .map_err(|e| e.replace("#rqal.", "#test."));
        assert_eq!(got, expected, "{case}");
        refused += usize::from(expected.is_err());
    }
    assert_eq!(refused, 2, "the cases that fail in the stock tool changed");
    // An alias reads where a qualified attribute is expected, as in ODS.
    let aliased = "#n = #X.cmpnd_nested_inner<7 <2, i8, [1]>>\n\
                   module attributes {t.a = #X.cmpnd_nested_outer_qual<i #n>} {\n}\n";
    let expected = stock(&aliased.replace('X', "test"));
    let got =
        ours(&context, &aliased.replace('X', "rqal")).map(|out| out.replace("#rqal.", "#test."));
    assert_eq!(got, expected);
}

#[test]
fn qualified_types_and_optional_attributes_print_as_written() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let inner = "#rqal.cmpnd_nested_inner<42 <1, i32, [5]>>";
    // Each as written, and as printed.
    let cases = [
        // `qualified(...)` of a type changes nothing, as in ODS.
        ("#rqal.qualified_type<f32>", "#rqal.qualified_type<f32>"),
        (
            "#rqal.qualified_type<complex<f64>>",
            "#rqal.qualified_type<complex<f64>>",
        ),
        // Numbers, one with a default, left out at it.
        ("#rqal.qualified_number<1>", "#rqal.qualified_number<1>"),
        ("#rqal.qualified_number<1, 4>", "#rqal.qualified_number<1>"),
        (
            "#rqal.qualified_number<1, 5>",
            "#rqal.qualified_number<1, 5>",
        ),
        // An optional parameter anchoring a group, printed with its name.
        ("#rqal.maybe_qual<1>", "#rqal.maybe_qual<1>"),
        (
            &*format!("#rqal.maybe_qual<1, {inner}>"),
            &*format!("#rqal.maybe_qual<1, {inner}>"),
        ),
        (
            "#rqal.maybe_qual<1, <42 <1, i32, [5]>>>",
            &*format!("#rqal.maybe_qual<1, {inner}>"),
        ),
    ];
    for (written, printed) in cases {
        let out = ours(&context, &attribute_holder(written)).expect("parses");
        assert!(
            out.contains(&format!("t.a = {printed}}}")),
            "{written}: {out}"
        );
    }
    let refused = ours(
        &context,
        &attribute_holder("#rqal.qualified_type<!rqal.nope>"),
    );
    let error = refused.expect_err("an unknown type is refused");
    assert!(
        error.contains("error: unknown  type `nope` in dialect `rqal`"),
        "{error}"
    );
}
