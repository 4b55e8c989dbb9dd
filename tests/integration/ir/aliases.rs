//! Aliases of types and attributes (`#[mlir_dialect(alias = f)]`,
//! `#[mlir_type(alias = "...")]`: C++'s `OpAsmDialectInterface::getAlias`
//! and ODS's `genMnemonicAlias`) on the `ralias` test dialect: printed at
//! the top as MLIR prints builtin's `#map` aliases, byte for byte, parsed
//! back; a panicking hook and a bad name are errors, never an abort.

use mlir_pass::{Context, Module};
use mlir_pass_tests::aliases::RAliasDialect;

fn setup() -> Context {
    let _ = RAliasDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// `source` parsed and printed as a tool prints it (aliases are printed
/// outside of a local scope).
fn print(context: &Context, source: &str) -> Result<String, String> {
    Module::parse(context, source, "input.mlir")
        .map(|m| m.as_operation().melior().to_string())
        .map_err(|e| e.to_string())
}

const SOURCE: &str = "module attributes {x.a = #ralias.map<1>, x.b = #ralias.map<2>, \
     x.c = [#ralias.map<1>], x.t = #ralias.tag<3>, x.u = #ralias.tag<4>} {\n  \
     func.func @f(%a: !ralias.fixed<16>, %b: !ralias.fixed<8>, %c: i7, %d: !ralias.fixed<32>, \
     %e: !ralias.fixed<16>) { return }\n}";

#[test]
fn aliases_print_at_the_top_and_parse_back() {
    let context = setup();
    let text = print(&context, SOURCE).unwrap();
    assert_eq!(
        text,
        "!byte = !ralias.fixed<8>\n!fixed = !ralias.fixed<16>\n!fixed1 = !ralias.fixed<32>\n\
         !seven = i7\n#map = #ralias.map<1>\n#map1 = #ralias.map<2>\n#tag = #ralias.tag<3>\n\
         #tag1 = #ralias.tag<4>\nmodule attributes {x.a = #map, x.b = #map1, x.c = [#map], \
         x.t = #tag, x.u = #tag1} {\n  func.func @f(%arg0: !fixed, %arg1: !byte, %arg2: !seven, \
         %arg3: !fixed1, %arg4: !fixed) {\n    return\n  }\n}\n"
    );
    assert_eq!(print(&context, &text).unwrap(), text);
}

/// An attribute written without its name (another's parameter) prints as
/// ODS's `printStrippedAttrOrType`: as its alias when it has one, whole
/// when its body is empty; either reads back.
#[test]
fn a_stripped_attribute_prints_its_alias_or_whole_when_empty() {
    let context = setup();
    let source = "module attributes {x.h = #ralias.holder<<5>, #ralias.flag>} {\n}";
    let text = print(&context, source).unwrap();
    assert_eq!(
        text,
        "#tag = #ralias.tag<5>\nmodule attributes {x.h = #ralias.holder<#tag, #ralias.flag>} \
         {\n}\n"
    );
    assert_eq!(print(&context, &text).unwrap(), text);
}

/// A hook's `#map` prints as builtin's affine maps do, in the same shapes.
#[test]
fn a_hook_alias_prints_as_builtin_s_map_aliases() {
    let context = setup();
    let theirs = "module attributes {x.a = affine_map<(d0) -> (d0)>, x.b = affine_map<(d0) -> \
                  (d0 + 1)>, x.c = [affine_map<(d0) -> (d0)>]} {}";
    let ours = theirs
        .replace("affine_map<(d0) -> (d0)>", "#ralias.map<1>")
        .replace("affine_map<(d0) -> (d0 + 1)>", "#ralias.map<2>");
    let expected = print(&context, theirs)
        .unwrap()
        .replace("affine_map<(d0) -> (d0)>", "#ralias.map<1>")
        .replace("affine_map<(d0) -> (d0 + 1)>", "#ralias.map<2>");
    assert!(
        expected.starts_with("#map = #ralias.map<1>\n#map1 = "),
        "{expected}"
    );
    assert_eq!(print(&context, &ours).unwrap(), expected);
}

#[test]
fn a_panicking_hook_or_a_bad_name_is_an_error_not_an_abort() {
    let context = setup();
    for (value, message) in [
        ("panic-alias", "the alias hook blew up"),
        ("bad-alias", "\"no good\" is not an alias name"),
    ] {
        let before = mlir_pass::dialect::print_failures();
        let text = print(
            &context,
            &format!("module attributes {{x.a = \"{value}\", x.c = #ralias.tag<1>}} {{}}"),
        )
        .unwrap();
        assert_eq!(
            text,
            format!("#tag = #ralias.tag<1>\nmodule attributes {{x.a = \"{value}\", x.c = #tag}} {{\n}}\n"),
            "{message}"
        );
        assert!(mlir_pass::dialect::print_failures() > before, "{message}");
    }
    assert!(mlir_pass::dialect::check_alias_name("fixed16").is_ok());
    assert!(mlir_pass::dialect::check_alias_name("_a$b-c").is_ok());
    for bad in ["", "1x", "a.b", "no good"] {
        assert!(
            mlir_pass::dialect::check_alias_name(bad).is_err(),
            "{bad:?}"
        );
    }
}
