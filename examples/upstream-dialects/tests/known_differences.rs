//! Where `upstream-dialects-opt` and the stock `mlir-opt` differ today, and
//! why: what mlir-pass does not have yet. Each test asserts the difference
//! (so that it fails, to be turned into an equality, when the feature
//! lands) and that nothing else differs.
//!
//! Properties (`IndexOps.td`: `CmpOp`'s `$pred`, `ConstantOp`'s and
//! `BoolConstantOp`'s `$value`) were such a difference; the tests that
//! showed it now show equality.
//!
//! - `InferIntRangeInterface` (`IndexOps.td`'s `IndexOp` class declares it
//!   on every op; `InferIntRangeInterfaceImpls.cpp`): without it,
//!   `-int-range-optimizations` knows nothing of index ops.

mod common;

use std::path::Path;

use common::{both, run, run_bytes, run_with_input, tool, STOCK};

#[test]
fn the_generic_form_is_upstreams() {
    // Properties: `<{pred = ...}>`, with discardable attributes beside.
    let (ours, stock) = both(&["index/generic.mlir", "--mlir-print-op-generic"]);
    assert!(ours.stdout.contains(
        r#""index.cmp"(%2, %arg1) <{pred = #index<cmp_predicate ult>}> : (index, index) -> i1"#
    ));
    assert_eq!(
        (ours.stdout, ours.stderr, ours.code),
        (stock.stdout, stock.stderr, stock.code)
    );
}

#[test]
fn verifier_notes_are_upstreams() {
    // Without -verify-diagnostics, every verifier error is followed by a
    // note with the op in generic form (properties included), or none
    // where the property conversion finds a wrong kind.
    let (ours, stock) = both(&["index/errors.mlir", "-split-input-file"]);
    assert!(stock.stderr.contains(
        r#"note: see current operation: %0 = "index.bool.constant"() <{value = true}> : () -> i32"#
    ));
    assert_eq!(
        (ours.stdout, ours.stderr, ours.code),
        (stock.stdout, stock.stderr, stock.code)
    );
}

#[test]
fn inherent_attributes_in_the_dictionary_are_taken_as_upstream() {
    // The dictionary's `value` and `pred` override the format's, and a
    // wrong kind is the parser's error at the dictionary, in ODS's words.
    let (ours, stock) = both(&["index/attr-dict.mlir", "-split-input-file"]);
    assert!(
        ours.stdout.contains("%idx2 = index.constant 2"),
        "{}",
        ours.stdout
    );
    assert!(ours.stderr.contains(
        "attr-dict.mlir:13:30: error: custom op 'index.cmp' 'index.cmp' op attribute 'pred' \
         failed to satisfy constraint: index comparison predicate kind"
    ));
    assert_eq!(
        (ours.stdout, ours.stderr, ours.code),
        (stock.stdout, stock.stderr, stock.code)
    );
    // The generic form's `<{...}>`.
    let source = "func.func @f(%a: index) -> i1 {\n  %0 = \"index.cmp\"(%a, %a) <{pred = \
                  #index<cmp_predicate eq>}> : (index, index) -> i1\n  return %0 : i1\n}\n";
    let ours = run_with_input(&tool(), &["-"], source.as_bytes());
    let stock = run_with_input(Path::new(STOCK), &["-"], source.as_bytes());
    assert!(ours.stdout.contains("index.cmp eq(%arg0, %arg0)"));
    assert_eq!((ours.stdout, ours.stderr), (stock.stdout, stock.stderr));
}

#[test]
fn the_stock_tool_s_bytecode_is_read_as_upstream() {
    // Properties are written in ODS's layout: each tool reads the other's.
    let theirs = run_bytes(Path::new(STOCK), &["index/generic.mlir", "--emit-bytecode"]);
    let read = run_with_input(&tool(), &["-"], &theirs);
    let stock = run_with_input(Path::new(STOCK), &["-"], &theirs);
    assert_eq!(read.code, Some(0), "{}", read.stderr);
    assert_eq!((read.stdout, read.stderr), (stock.stdout, stock.stderr));
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
