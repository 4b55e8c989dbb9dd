//! `upstream-dialects-opt`, with the `complex` dialect declared in Rust,
//! against the stock `mlir-opt` with MLIR's own: the same standard output,
//! standard error and exit code, byte for byte, on the inputs of
//! `tests/inputs/complex` in custom and generic form, with debug info,
//! under `canonicalize` (the patterns making `arith` ops and the one
//! rooted at `arith.bitcast` among them), `cse` and `inline`, with
//! `-split-input-file -verify-diagnostics`, printed and parsed again, and
//! through bytecode (the same bytes). What differs is in
//! `known_differences.rs`.

use std::path::Path;

use crate::common::{
    assert_bytecode_same, assert_outcomes_equal, assert_same, run, run_with_input, tool, STOCK,
};

/// Each input with the flags it is meant for.
const CASES: &[(&str, &[&str])] = &[
    ("complex/ops.mlir", &[]),
    ("complex/ops.mlir", &["--mlir-print-op-generic"]),
    ("complex/ops.mlir", &["--mlir-print-debuginfo"]),
    ("complex/ops.mlir", &["--canonicalize"]),
    ("complex/ops.mlir", &["--cse"]),
    ("complex/number.mlir", &[]),
    ("complex/number.mlir", &["--mlir-print-op-generic"]),
    (
        "complex/number-errors.mlir",
        &["-split-input-file", "-verify-diagnostics"],
    ),
    ("complex/number-errors.mlir", &["-split-input-file"]),
    ("complex/canonicalize.mlir", &[]),
    ("complex/canonicalize.mlir", &["--canonicalize"]),
    (
        "complex/canonicalize.mlir",
        &["-canonicalize=test-convergence"],
    ),
    (
        "complex/canonicalize.mlir",
        &["--canonicalize", "--mlir-print-debuginfo"],
    ),
    (
        "complex/canonicalize.mlir",
        &["--canonicalize", "--mlir-print-op-generic"],
    ),
    ("complex/canonicalize.mlir", &["--cse"]),
    (
        "complex/errors.mlir",
        &["-split-input-file", "-verify-diagnostics"],
    ),
    ("complex/errors.mlir", &["-split-input-file"]),
    ("complex/cse.mlir", &["--cse"]),
    ("complex/cse.mlir", &["--canonicalize"]),
    ("complex/cse.mlir", &["--mlir-print-op-generic"]),
    ("complex/inline.mlir", &["-inline"]),
    ("complex/inline.mlir", &["-inline", "--canonicalize"]),
    ("complex/parse-types.mlir", &["-split-input-file"]),
    (
        "complex/parse-types.mlir",
        &["-split-input-file", "-verify-diagnostics"],
    ),
    ("complex/attr-dict.mlir", &[]),
    ("complex/attr-dict.mlir", &["--mlir-print-op-generic"]),
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
    // The comparisons above would pass if both tools printed nothing.
    let printed = run(&tool(), &["complex/ops.mlir"]).stdout;
    for line in [
        "%0 = complex.add %arg0, %arg1 : complex<f32>",
        "%3 = complex.div %2, %arg1 : complex<f32>",
        "%5 = complex.atan2 %4, %arg1 fastmath<reassoc> : complex<f32>",
        "%16 = complex.tanh %15 fastmath<fast> : complex<f64>",
        "%4 = complex.powi %3, %arg4 fastmath<none> : complex<f16>, i64",
        "%cst_3 = complex.constant [1 : i32, -3 : i32] {foo} : complex<i32>",
        "%cst_4 = complex.constant [1.000980e-01 : bf16, 1.000000e+02 : bf16] : complex<bf16>",
    ] {
        assert!(printed.contains(line), "missing `{line}` in:\n{printed}");
    }
    let numbers = run(&tool(), &["complex/number.mlir"]).stdout;
    for text in [
        "#complex.number<:f64 0.33333333333333331, 9.9999999999999995E-8> : complex<f64>",
        "#complex.number<:f16 9.997550e-02, 0x7C00> : complex<f16>",
        "#complex.number<:f128 0.100000000000000005551115123125782702, 5.000000e-01>",
    ] {
        assert!(numbers.contains(text), "missing `{text}` in:\n{numbers}");
    }
    let folded = run(&tool(), &["complex/canonicalize.mlir", "--canonicalize"]).stdout;
    for line in [
        // re/im of a constant: arith constants, through the materializer.
        "%cst = arith.constant 1.500000e+00 : f32",
        // im(neg(create(x, y))) is arith.negf y.
        "%0 = arith.negf %arg1 : f32",
        // bitcast(bitcast(i64)) between non-complex types: arith.bitcast.
        "%1 = arith.bitcast %arg1 : i64 to f64",
        // arith.bitcast(complex.bitcast(a)): one complex.bitcast.
        "%3 = complex.bitcast %arg0 : complex<f32> to i64",
        // mul(1, a) is not folded: only the right operand counts.
        "%0 = complex.mul %cst, %arg0 : complex<f32>",
    ] {
        assert!(folded.contains(line), "missing `{line}` in:\n{folded}");
    }
    // The parser's errors: a type of the wrong storage class, and the
    // source of a derived type that breaks its constraint.
    let types = run(&tool(), &["complex/parse-types.mlir", "-split-input-file"]);
    for text in [
        "complex/parse-types.mlir:8:29: error: custom op 'complex.add' invalid kind of type \
         specified: expected builtin.complex, but found 'f32'",
        "complex/parse-types.mlir:16:44: error: custom op 'complex.powi' invalid kind of type \
         specified: expected builtin.integer, but found 'index'",
        "complex/parse-types.mlir:24:8: error: custom op 'complex.re' 'complex' must be complex \
         type with floating-point elements, but got 'complex<i32>'",
    ] {
        assert!(
            types.stderr.contains(text),
            "missing `{text}` in:\n{}",
            types.stderr
        );
    }
    let errors = run(&tool(), &["complex/errors.mlir", "-split-input-file"]);
    assert_eq!(errors.code, Some(1));
    assert!(errors.stderr.contains(
        "note: see current operation: %0 = \"complex.cos\"(%arg0) <{fastmath = \
         #arith.fastmath<none>}> : (complex<i32>) -> complex<i32>"
    ));
}

#[test]
fn printed_text_parses_back_to_itself_as_upstream() {
    for (input, flags) in [
        ("complex/ops.mlir", &[][..]),
        ("complex/ops.mlir", &["--mlir-print-op-generic"][..]),
        ("complex/canonicalize.mlir", &["--canonicalize"][..]),
        ("complex/number.mlir", &[][..]),
    ] {
        let mut args = vec![input];
        args.extend_from_slice(flags);
        let ours = run(&tool(), &args);
        let again = run_with_input(&tool(), &["-"], ours.stdout.as_bytes());
        let stock = run(Path::new(STOCK), &args);
        let stock_again = run_with_input(Path::new(STOCK), &["-"], stock.stdout.as_bytes());
        assert_outcomes_equal(&again, &stock_again, input);
    }
}

#[test]
fn bytecode_is_upstream_s_byte_for_byte() {
    for input in [
        "complex/ops.mlir",
        "complex/canonicalize.mlir",
        "complex/number.mlir",
        "complex/cse.mlir",
    ] {
        assert_bytecode_same(input);
    }
}
