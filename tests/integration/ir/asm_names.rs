//! Rust ops that name their values (`OpAsmOpInterface`,
//! `tests/src/asm_names.rs`): byte for byte what the stock `mlir-opt`
//! prints for `index.constant` and `index.bool.constant` in the same shapes
//! (`%idx1`, `%idx1_0`, `%idx-1`, `%true_1`: one `_N` counter shared with
//! `arith.constant`), result groups, block argument names, the default
//! dialect of a region, and naming hooks that panic or misuse `ValueNames`.

use mlir_pass::{Context, Module};

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// Parses and prints `source` in this process.
fn print(source: &str) -> String {
    let context = setup();
    let module =
        Module::parse(&context, source, "input.mlir").unwrap_or_else(|e| panic!("{e}\n{source}"));
    module.to_string()
}

/// The Rust twins of upstream's ops, renamed to upstream's names.
fn as_upstream(text: &str) -> String {
    text.replace("rtest.idx_bool_constant", "index.bool.constant")
        .replace("rtest.idx_constant", "index.constant")
}

/// Constants in every shape `index.constant` names (see the file's
/// comment).
const CONSTANTS: &str = include_str!("../../inputs/asm_names.mlir");

#[test]
fn results_are_named_as_upstream_names_index_constants() {
    let ours = print(CONSTANTS);
    let upstream = crate::common::stock_mlir_opt_stdout(&as_upstream(CONSTANTS), &[]);
    assert_eq!(as_upstream(&ours).trim_end(), upstream.trim_end());
    // What the comparison covers, spelled out.
    for line in [
        "%idx1 = rtest.idx_constant 1",
        "%idx1_0 = rtest.idx_constant 1",
        "%c1 = arith.constant 1 : index",
        "%idx-1 = rtest.idx_constant -1",
        "%true = rtest.idx_bool_constant true",
        "%true_1 = arith.constant true",
        "%false = rtest.idx_bool_constant false",
        "%idx1_2 = rtest.idx_constant {tag} 1",
        "%idx9223372036854775807 = rtest.idx_constant 9223372036854775807",
    ] {
        assert!(ours.contains(line), "missing `{line}` in:\n{ours}");
    }
    // The printed text parses back to itself.
    assert_eq!(print(&ours), ours);
}

#[test]
fn a_bool_attribute_reads_integers_of_type_i1_as_upstream() {
    // ODS's `BoolAttr` has `valueType = I1`: a format parses `1` and `0`
    // as `i1` integers, which are `true` and `false`.
    let source = "func.func @f() -> (i1, i1, i1) {\n  %a = rtest.idx_bool_constant 1\n  \
                  %b = rtest.idx_bool_constant 0\n  %c = rtest.idx_bool_constant true\n  \
                  return %a, %b, %c : i1, i1, i1\n}\n";
    let ours = print(source);
    assert_eq!(
        as_upstream(&ours).trim_end(),
        crate::common::stock_mlir_opt_stdout(&as_upstream(source), &[]).trim_end()
    );
    assert!(
        ours.contains("%true = rtest.idx_bool_constant true"),
        "{ours}"
    );
    assert!(
        ours.contains("%false = rtest.idx_bool_constant false"),
        "{ours}"
    );
}

#[test]
fn the_generic_form_names_nothing_as_upstream() {
    let context = setup();
    let module = Module::parse(&context, CONSTANTS, "input.mlir").unwrap();
    let op = module.as_operation().melior();
    use mlir_pass::melior::ir::operation::{OperationLike, OperationPrintingFlags};
    let generic = op
        .to_string_with_flags(OperationPrintingFlags::new().print_generic_operation_form())
        .unwrap();
    assert!(!generic.contains("%idx"), "{generic}");
    assert!(
        generic.contains(r#"%0 = "rtest.idx_constant"() <{value = 1 : index}> : () -> index"#),
        "{generic}"
    );
}

#[test]
fn a_named_result_starts_a_group() {
    let printed = print(
        r#"func.func @g() -> (i64, i64) {
  %a, %b, %c = "rtest.split"() : () -> (i64, i64, i64)
  %d = "rtest.split"() : () -> (i64)
  return %a, %c : i64, i64
}"#,
    );
    for line in [
        r#"%first, %rest:2 = "rtest.split"() : () -> (i64, i64, i64)"#,
        r#"%first_0 = "rtest.split"() : () -> i64"#,
        "return %first, %rest#1 : i64, i64",
    ] {
        assert!(printed.contains(line), "missing `{line}` in:\n{printed}");
    }
    assert_eq!(print(&printed), printed);
}

#[test]
fn block_arguments_are_named_and_the_region_has_a_default_dialect() {
    let source = r#"func.func @g(%n: i64) {
  rtest.scope {
  ^bb0(%x: index, %y: i64, %z: i64):
    rtest.print %y : i64
    %k = rtest.idx_constant 1
    rtest.scope {
    ^bb0(%x2: index):
      rtest.print %z : i64
    }
  }
  return
}"#;
    let printed = print(source);
    let expected = r#"    rtest.scope {
    ^bb0(%i: index, %acc: i64, %arg1: i64):
      print %acc : i64
      %idx1 = idx_constant 1
      scope {
      ^bb0(%i_0: index):
        print %arg1 : i64
      }
    }
    return"#;
    assert!(printed.contains(expected), "{printed}");
    // Inside the region, `print` is `rtest.print`; outside, it is not.
    assert_eq!(print(&printed), printed);
    let context = setup();
    assert!(Module::parse(
        &context,
        "func.func @g(%n: i64) {\n  print %n : i64\n  return\n}",
        "input.mlir"
    )
    .is_err());
}

#[test]
fn names_are_made_valid_and_unique_by_mlir() {
    let printed = print(
        r#"func.func @g(%x: i64) {
  %a = "rtest.named"(%x) {how = "9 lives"} : (i64) -> i64
  %b = "rtest.named"(%x) {how = "9 lives"} : (i64) -> i64
  %c = "rtest.named"(%x) {how = "a.b$c-d"} : (i64) -> i64
  %d = "rtest.named"(%x) {how = "é"} : (i64) -> i64
  %e = "rtest.named"(%x) {how = "empty"} : (i64) -> i64
  %f = "rtest.named"(%x) {how = "arg0"} : (i64) -> i64
  return
}"#,
    );
    for name in [
        "%_9_lives = ",
        "%_9_lives_0 = ",
        "%a.b$c-d = ",
        "%_C3A9 = ",
        "%0 = ",
        "%arg0_1 = ",
    ] {
        assert!(printed.contains(name), "missing `{name}` in:\n{printed}");
    }
    assert_eq!(print(&printed), printed);
}

#[test]
fn a_naming_hook_that_panics_or_misnames_leaves_default_names_and_reports() {
    for (how, message) in [
        ("panic", "naming blew up (at "),
        (
            "foreign",
            "`ValueNames::set` was given a value that is not a result of this op (at ",
        ),
        (
            "twice",
            "`ValueNames::set` named a result twice (`one`, then `two`) (at ",
        ),
    ] {
        let context = setup();
        let source = format!(
            "func.func @f(%x: i64) -> i64 {{\n  %a = \"rtest.named\"(%x) {{how = \"{how}\"}} : (i64) -> i64\n  return %a : i64\n}}"
        );
        let module = Module::parse(&context, &source, "input.mlir").unwrap();
        context.take_diagnostics();
        let before = mlir_pass::dialect::print_failures();
        let printed = module.to_string();
        assert_eq!(mlir_pass::dialect::print_failures(), before + 1, "{how}");
        assert!(
            printed.contains(&format!(
                "%0 = \"rtest.named\"(%arg0) <{{how = \"{how}\"}}> : (i64) -> i64"
            )),
            "{printed}"
        );
        let diagnostics = context.take_diagnostics();
        let expected = format!(
            "'rtest.named' op `result_names` (OpAsmOpInterface) of `NamedOp` panicked: {message}"
        );
        assert!(
            diagnostics.iter().any(|d| d.message.contains(&expected)
                && d.message.contains("tests/src/asm_names.rs")
                && d.message.ends_with("its results print with default names")),
            "{how}: {diagnostics:?}"
        );
        // The output is valid IR.
        assert!(Module::parse(&context, &printed, "printed.mlir").is_ok());
    }
    // The block argument hook too.
    let context = setup();
    let module = Module::parse(
        &context,
        "func.func @f() {\n  rtest.scope attributes {twice} {\n  ^bb0(%y: index):\n  }\n  return\n}",
        "input.mlir",
    )
    .unwrap();
    context.take_diagnostics();
    let printed = module.to_string();
    assert!(printed.contains("^bb0(%arg0: index):"), "{printed}");
    let diagnostics = context.take_diagnostics();
    assert!(
        diagnostics.iter().any(|d| d.message.contains(
            "`block_arg_names` (OpAsmOpInterface) of `ScopeOp` panicked: `ValueNames::set` named \
             a block argument twice (`i`, then `again`)"
        )),
        "{diagnostics:?}"
    );
}
