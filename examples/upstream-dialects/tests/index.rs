//! `upstream-dialects-opt`, with the `index` dialect declared in Rust,
//! against the stock `mlir-opt` with MLIR's own: the same standard output,
//! standard error and exit code, byte for byte, on the inputs of
//! `tests/inputs/index` in custom form, with debug info, under
//! `canonicalize` (to convergence, and failing to converge), `cse` and
//! `inline`, with `-split-input-file -verify-diagnostics`, printed and
//! parsed again, through bytecode (the same bytes), in generic form with
//! its properties, and under `-int-range-optimizations`.

use std::path::Path;

use crate::common::{
    assert_bytecode_same, assert_outcomes_equal, assert_same, run, run_with_input, tool, STOCK,
};

/// Each input with the flags it is meant for, and the plain printer.
const CASES: &[(&str, &[&str])] = &[
    ("index/ops.mlir", &[]),
    ("index/ops.mlir", &["--mlir-print-debuginfo"]),
    ("index/ops.mlir", &["--canonicalize"]),
    ("index/ops.mlir", &["--cse"]),
    (
        "index/ops.mlir",
        &[
            "--mlir-print-local-scope",
            "--mlir-print-debuginfo",
            "--cse",
        ],
    ),
    ("index/canonicalize.mlir", &[]),
    ("index/canonicalize.mlir", &["--canonicalize"]),
    (
        "index/canonicalize.mlir",
        &["-canonicalize=test-convergence"],
    ),
    ("index/canonicalize.mlir", &["--canonicalize", "--cse"]),
    (
        "index/canonicalize.mlir",
        &["--canonicalize", "--mlir-print-debuginfo"],
    ),
    ("index/canonicalize.mlir", &["--cse"]),
    ("index/nonconvergence.mlir", &["--canonicalize"]),
    (
        "index/nonconvergence.mlir",
        &["-canonicalize=test-convergence"],
    ),
    ("index/cse.mlir", &["--cse"]),
    ("index/cse.mlir", &["--canonicalize"]),
    ("index/inline.mlir", &["-inline"]),
    ("index/inline.mlir", &["-inline", "--canonicalize"]),
    (
        "index/errors.mlir",
        &["-split-input-file", "-verify-diagnostics"],
    ),
    // Without -verify-diagnostics: each verifier error's note shows the op
    // in generic form, properties included.
    ("index/errors.mlir", &["-split-input-file"]),
    ("index/generic.mlir", &["--mlir-print-op-generic"]),
    ("index/generic.mlir", &["--mlir-print-op-generic", "--cse"]),
    ("index/ops.mlir", &["--mlir-print-op-generic"]),
    ("index/properties.mlir", &["-split-input-file"]),
    (
        "index/properties.mlir",
        &["-split-input-file", "--mlir-print-op-generic"],
    ),
    ("index/attr-dict.mlir", &["-split-input-file"]),
    ("index/int-range.mlir", &["-int-range-optimizations"]),
    (
        "index/int-range.mlir",
        &["-int-range-optimizations", "--canonicalize"],
    ),
    ("index/canonicalize.mlir", &["-int-range-optimizations"]),
    ("index/ops.mlir", &["-int-range-optimizations"]),
    ("index/ops.mlir", &["-arith-unsigned-when-equivalent"]),
];

#[test]
fn every_case_prints_and_ends_as_upstream() {
    for (input, flags) in CASES {
        let mut args = vec![*input];
        args.extend_from_slice(flags);
        assert_same(&args);
    }
}

#[test]
fn the_cases_check_what_they_claim() {
    // The comparisons above would pass if both tools printed nothing: what
    // they print, spelled out for a few of the traps.
    let names = run(&tool(), &["index/ops.mlir"]).stdout;
    for line in [
        "%idx1 = index.constant 1",
        "%idx1_0 = index.constant 1",
        "%c1 = arith.constant 1 : index",
        "%idx-1_1 = index.constant -1",
        "%idx255 = index.constant 255",
        "%idx42 = index.constant {n = 7 : i64, tag} 42",
        "%true_2 = index.bool.constant true",
        "%true_3 = arith.constant true",
        "%false_4 = index.bool.constant {tag} false",
        "%10 = index.cmp slt(%arg0, %arg1)",
        "%11 = index.cmp ule(%arg0, %arg1)",
        "index.cmp sgt(%arg0, %arg1) {note = #index<cmp_predicate uge>, other = #index<cmp_predicate ne>}",
        "index.xor %18, %arg1 {a, m = \"text\", z = 1 : i32}",
        "%7 = index.castu %arg5 : i128 to index",
    ] {
        assert!(names.contains(line), "missing `{line}` in:\n{names}");
    }
    let folded = run(&tool(), &["index/canonicalize.mlir", "--canonicalize"]).stdout;
    for line in [
        // 2^32 / 2 is 0 on a 32-bit target: not folded.
        "%0 = index.divu %idx-1, %idx2",
        // maxs(x, 2) then maxs(_, 3): one maxs by 3.
        "%2 = index.maxs %arg0, %idx3",
        // cmp(x - y < 0) is cmp(x < y), and the `{keep}` is gone.
        "%3 = index.cmp slt(%arg0, %arg1)",
        // index to i32 folds to an i32, which the dialect does not make.
        "%0 = index.casts %idx8589934591 : index to i32",
        "%false = index.bool.constant false",
    ] {
        assert!(folded.contains(line), "missing `{line}` in:\n{folded}");
    }
    let stuck = run(
        &tool(),
        &[
            "index/nonconvergence.mlir",
            "-canonicalize=test-convergence",
        ],
    );
    assert_eq!(
        (stuck.stdout.as_str(), stuck.stderr.as_str(), stuck.code),
        ("", "", Some(1))
    );
}

#[test]
fn printed_text_parses_back_to_itself_as_upstream() {
    for input in [
        "index/ops.mlir",
        "index/canonicalize.mlir",
        "index/cse.mlir",
    ] {
        let ours = run(&tool(), &[input]);
        let again = run_with_input(&tool(), &["-"], ours.stdout.as_bytes());
        let stock = run(Path::new(STOCK), &[input]);
        let stock_again = run_with_input(Path::new(STOCK), &["-"], stock.stdout.as_bytes());
        assert_outcomes_equal(&again, &stock_again, input);
        assert_eq!(
            again.stdout, ours.stdout,
            "{input}: a second round trip changes nothing"
        );
    }
}

#[test]
fn bytecode_is_upstream_s_byte_for_byte() {
    for input in [
        "index/ops.mlir",
        "index/canonicalize.mlir",
        "index/generic.mlir",
    ] {
        assert_bytecode_same(input);
    }
}

#[test]
fn the_cases_of_properties_check_what_they_claim() {
    let printed = run(&tool(), &["index/attr-dict.mlir", "-split-input-file"]);
    // The dictionary's `value` and `pred` override the format's.
    assert!(printed.stdout.contains("%idx2 = index.constant 2"));
    assert!(printed.stdout.contains("%0 = index.cmp ult(%arg0, %arg1)"));
    // A wrong kind is the parser's error at the dictionary.
    assert!(printed.stderr.contains(
        "attr-dict.mlir:13:30: error: custom op 'index.cmp' 'index.cmp' op attribute 'pred' \
         failed to satisfy constraint: index comparison predicate kind"
    ));
    let generic = run(&tool(), &["index/properties.mlir", "-split-input-file"]);
    assert!(generic.stderr.contains(
        "error: invalid properties {pred = 2 : i32} for op index.cmp: Invalid attribute `pred` \
         in property conversion: 2 : i32"
    ));
    assert!(generic.stdout.contains("%idx6 = index.constant 6"));
    let ranges = run(
        &tool(),
        &["index/int-range.mlir", "-int-range-optimizations"],
    );
    // `minu(x, 100) + 1 >= 1` is known.
    assert!(ranges.stdout.contains("%true = index.bool.constant true"));
}
