//! Where `upstream-dialects-opt` and the stock `mlir-opt` differ today, and
//! why: what mlir-pass does not have yet. Each test asserts the difference
//! (so that it fails, to be turned into an equality, when the feature
//! lands) and that nothing else differs.
//!
//! - Properties (ODS's inherent attributes are properties in MLIR 22): the
//!   generic form prints `<{pred = ...}>` where a Rust op prints `{pred =
//!   ...}`; an attribute of the wrong kind in the generic form is an error
//!   of the parser, without the verifier's note; an inherent attribute in a
//!   custom form's attribute dictionary overrides the format's; bytecode
//!   stores them apart. (`IndexOps.td`: `CmpOp`'s `$pred`, `ConstantOp`'s
//!   and `BoolConstantOp`'s `$value`.)
//! - `InferIntRangeInterface` (`IndexOps.td`'s `IndexOp` class declares it
//!   on every op; `InferIntRangeInterfaceImpls.cpp`): without it,
//!   `-int-range-optimizations` knows nothing of index ops.

mod common;

use std::path::Path;

use common::{both, run, run_bytes, run_with_input, tool, STOCK};

/// `<{...}>` written as `{...}` on the lines of index ops: their generic
/// form with their inherent attributes in the attribute dictionary (for
/// ops with no discardable attributes beside).
fn without_properties(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.contains("\"index.") {
                line.replace("<{", "{").replace("}>", "}")
            } else {
                line.to_owned()
            }
        })
        .map(|line| line + "\n")
        .collect()
}

#[test]
fn generic_form_differs_only_by_properties() {
    let (ours, stock) = both(&["index/generic.mlir", "--mlir-print-op-generic"]);
    assert_ne!(
        ours.stdout, stock.stdout,
        "properties have landed: compare as is"
    );
    assert_eq!(ours.stdout, without_properties(&stock.stdout));
    assert!(stock.stdout.contains(
        r#""index.cmp"(%2, %arg1) <{pred = #index<cmp_predicate ult>}> : (index, index) -> i1"#
    ));
    assert!(ours.stdout.contains(
        r#""index.cmp"(%2, %arg1) {pred = #index<cmp_predicate ult>} : (index, index) -> i1"#
    ));
    assert!(ours
        .stdout
        .contains(r#""index.add"(%arg0, %0) {tag} : (index, index) -> index"#));
    assert_eq!((ours.stderr, ours.code), (stock.stderr, stock.code));
}

#[test]
fn verifier_notes_differ_only_by_properties() {
    // Without -verify-diagnostics, every verifier error is followed by a
    // note with the op in generic form.
    let (ours, stock) = both(&["index/errors.mlir", "-split-input-file"]);
    assert_ne!(
        ours.stderr, stock.stderr,
        "properties have landed: compare as is"
    );
    let notes = |text: &str| -> String {
        text.lines()
            .filter(|l| !l.contains("note: see current operation"))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    assert_eq!(notes(&ours.stderr), notes(&stock.stderr));
    // The notes that differ: the generic form, and a note the stock tool
    // does not write where the parser (property conversion) finds a wrong
    // attribute kind rather than the verifier.
    assert!(stock.stderr.contains(
        r#"note: see current operation: %0 = "index.bool.constant"() <{value = true}> : () -> i32"#
    ));
    assert!(ours.stderr.contains(
        r#"errors.mlir:146:8: note: see current operation: %0 = "index.constant"() {value = 1 : i64} : () -> index"#
    ));
    assert_eq!((ours.stdout, ours.code), (stock.stdout, stock.code));
}

#[test]
fn inherent_attributes_in_the_dictionary_are_taken_as_properties_upstream() {
    let (ours, stock) = both(&["index/attr-dict.mlir", "-split-input-file"]);
    // Upstream: the dictionary's `value` and `pred` override the format's,
    // and a wrong kind is the parser's error at the dictionary.
    assert!(
        stock.stdout.contains("%idx2 = index.constant 2"),
        "{}",
        stock.stdout
    );
    assert!(stock.stdout.contains("%0 = index.cmp ult(%arg0, %arg1)"));
    assert!(stock.stderr.contains(
        "attr-dict.mlir:13:30: error: custom op 'index.cmp' 'index.cmp' op attribute 'pred' \
         failed to satisfy constraint: index comparison predicate kind"
    ));
    // Ours: an attribute given twice.
    assert!(
        !ours.stdout.contains("index."),
        "properties have landed: compare as is"
    );
    assert!(ours.stderr.contains(
        "attr-dict.mlir:5:8: error: custom op 'index.constant' attribute 'value' occurs more \
         than once in the attribute list"
    ));
    assert_eq!(ours.code, stock.code);
    // And the generic form's `<{...}>` for an op that has none.
    let source = "func.func @f(%a: index) -> i1 {\n  %0 = \"index.cmp\"(%a, %a) <{pred = \
                  #index<cmp_predicate eq>}> : (index, index) -> i1\n  return %0 : i1\n}\n";
    let ours = run_with_input(&tool(), &["-"], source.as_bytes());
    let stock = run_with_input(Path::new(STOCK), &["-"], source.as_bytes());
    assert!(stock.stdout.contains("index.cmp eq(%arg0, %arg0)"));
    assert!(
        ours.stderr.contains("'index.cmp' has no properties"),
        "{}",
        ours.stderr
    );
}

#[test]
fn bytecode_of_the_stock_tool_has_properties_ours_cannot_read() {
    let theirs = run_bytes(Path::new(STOCK), &["index/generic.mlir", "--emit-bytecode"]);
    let read = run_with_input(&tool(), &["-"], &theirs);
    assert_eq!(read.code, Some(1), "properties have landed: compare as is");
    assert!(
        read.stderr
            .contains("has properties but missing BytecodeOpInterface for index."),
        "{}",
        read.stderr
    );
}

#[test]
fn integer_ranges_of_index_ops_are_not_inferred() {
    let (ours, stock) = both(&["index/int-range.mlir", "-int-range-optimizations"]);
    // Upstream proves `minu(x, 100) + 1 >= 1` and folds it to `true`.
    assert!(stock.stdout.contains("%true = index.bool.constant true"));
    // Ours knows nothing of index ops' ranges: the pass changes nothing.
    assert_eq!(
        ours.stdout,
        run(&tool(), &["index/int-range.mlir"]).stdout,
        "InferIntRangeInterface has landed: compare as is"
    );
    assert_eq!((ours.stderr, ours.code), (stock.stderr, stock.code));
}
