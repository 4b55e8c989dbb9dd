//! Rust ops that infer integer ranges (`InferIntRangeInterface`,
//! `tests/src/int_ranges.rs`): MLIR's range-based rewrites
//! (`-int-range-optimizations`, `-arith-unsigned-when-equivalent`) of
//! `rrange.add`, `rrange.divs`, `rrange.maxu` and `rrange.select` print, in
//! this process, what the stock `mlir-opt` prints for `index.add`,
//! `index.divs`, `index.maxu` and `arith.select`, byte for byte; block
//! argument ranges; hooks that panic or misuse `ResultRanges`; and the range
//! arithmetic itself, against values worked out by hand.

use mlir_pass::dialect::int_range::{self, ApInt, CmpMode, CmpPredicate, OverflowFlags};
use mlir_pass::dialect::IntRange;
use mlir_pass::{Context, Module, PassManager};

fn setup() -> Context {
    let _ = mlir_pass_tests::int_ranges::RRangeDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// Parses `source` and runs `pipeline`: the printed module or the error.
fn run(pipeline: &str, source: &str) -> Result<String, String> {
    let context = setup();
    let mut module = Module::parse(&context, source, "input.mlir").map_err(|e| e.to_string())?;
    let mut pm = PassManager::parse(&context, pipeline).map_err(|e| e.to_string())?;
    pm.run(&mut module).map_err(|e| e.to_string())?;
    Ok(module.to_string())
}

/// The Rust twins of upstream's ops, renamed to upstream's names.
pub(crate) fn as_upstream(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = line
            .replace("rrange.add", "index.add")
            .replace("rrange.divs", "index.divs")
            .replace("rrange.maxu", "index.maxu");
        let line = match line.find("rrange.select ") {
            Some(at) => format!("{}arith.select {} : index", &line[..at], &line[at + 14..]),
            None => line,
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

const INPUT: &str = include_str!("../../inputs/int_ranges.mlir");

#[test]
fn int_range_optimizations_treat_rust_ops_as_upstream_ops() {
    let ours = run("builtin.module(int-range-optimizations)", INPUT).unwrap();
    let upstream =
        crate::common::stock_mlir_opt_stdout(&as_upstream(INPUT), &["--int-range-optimizations"]);
    assert_eq!(as_upstream(&ours).trim_end(), upstream.trim_end());
    // What the comparison covers, spelled out: `[0, 15] + 1 < 17`,
    // `maxu([1, 16], 17) == 17`, `15 + 1` folded to a constant, a signed
    // division of `[0, 15]` by 2 at most 8, and a select of 4 or 7 below 9.
    assert!(
        ours.contains("return %true, %true, %idx16, %"),
        "add: {ours}"
    );
    assert!(ours.contains("rrange.divs %0, %idx2"), "{ours}");
    assert!(ours.contains("return %3, %true, %"), "divs: {ours}");
    assert!(ours.contains("rrange.select %arg0, %idx4, %idx7"), "{ours}");
    assert!(ours.contains("return %0, %true, %"), "select: {ours}");
}

#[test]
fn unsigned_when_equivalent_treats_rust_ops_as_upstream_ops() {
    let ours = run(
        "builtin.module(func.func(arith-unsigned-when-equivalent))",
        INPUT,
    )
    .unwrap();
    let upstream = crate::common::stock_mlir_opt_stdout(
        &as_upstream(INPUT),
        &["--arith-unsigned-when-equivalent"],
    );
    assert_eq!(as_upstream(&ours).trim_end(), upstream.trim_end());
    // `[0, 7]` divided by 3: the division is unsigned.
    assert!(ours.contains("arith.divui"), "{ours}");
}

#[test]
fn block_arguments_of_a_region_get_their_ranges() {
    let source = r#"
    func.func private @sink(i1)
    func.func @f(%n: index) -> (index, i1, i1) {
      %c10 = index.constant 10
      %c11 = index.constant 11
      %r = rrange.bounded {
      ^bb0(%i: index):
        %lt = index.cmp ult(%i, %c10)
        func.call @sink(%lt) : (i1) -> ()
      }
      %in = index.cmp ult(%r, %c11)
      %pos = index.cmp ugt(%r, %n)
      return %r, %in, %pos : index, i1, i1
    }
    "#;
    let ours = run("builtin.module(int-range-optimizations)", source).unwrap();
    // In the region, `%i < 10` for `%i` in `[0, 9]`; outside, the result is
    // in `[1, 10]`, below 11; nothing is known against `%n`.
    assert!(ours.contains("call @sink(%true) : (i1) -> ()"), "{ours}");
    assert!(
        ours.contains("return %0, %true, %1 : index, i1, i1"),
        "{ours}"
    );
}

#[test]
fn a_misbehaving_range_hook_is_an_error_at_the_op_and_fails_the_pass() {
    for (how, said) in [
        ("panic", "range inference blew up"),
        (
            "width",
            "`ResultRanges::set` was given a range of 32 bits for a value of type `i64`, whose \
             ranges have 64 bits",
        ),
        (
            "foreign",
            "`ResultRanges::set` was given a value that is neither a result of this op nor an \
             argument of a block of its regions",
        ),
    ] {
        let source = format!(
            r#"func.func @f(%x: i64) -> i64 {{
              %a = "rrange.bad"(%x) {{how = "{how}"}} : (i64) -> i64
              return %a : i64
            }}"#
        );
        let error = run("builtin.module(int-range-optimizations)", &source).unwrap_err();
        assert!(
            error.contains(
                "'rrange.bad' op `infer_result_ranges` (InferIntRangeInterface) of `BadOp` \
                 panicked: "
            ) && error.contains(said)
                && error.contains("its results are given the widest ranges"),
            "{how}: {error}"
        );
    }
    // Asked well, the same op is fine: its result is the constant 1.
    let source = r#"func.func @f(%x: i64) -> i64 {
      %a = "rrange.bad"(%x) {how = "ok"} : (i64) -> i64
      return %a : i64
    }"#;
    let ours = run("builtin.module(int-range-optimizations)", source).unwrap();
    assert!(ours.contains("arith.constant 1 : i64"), "{ours}");
}

fn index(v: i64) -> ApInt {
    ApInt::from_i64(64, v)
}

fn range(lo: i64, hi: i64) -> IntRange {
    IntRange::from_signed(index(lo), index(hi))
}

#[test]
fn range_arithmetic_is_mlirs() {
    setup();
    // [0, 15] + [1, 1] = [1, 16], both readings.
    let sum = int_range::infer_add(&[range(0, 15), range(1, 1)], OverflowFlags::NONE);
    assert_eq!(sum, range(1, 16));
    assert_eq!(sum.umin(), index(1));
    assert_eq!(sum.smax(), index(16));
    // Signed overflow without `nsw`: the signed bounds are lost.
    let max = i64::MAX;
    let wrapped = int_range::infer_add(&[range(max - 1, max), range(1, 1)], OverflowFlags::NONE);
    assert_eq!(wrapped.smin(), ApInt::signed_min(64));
    assert_eq!(wrapped.smax(), ApInt::signed_max(64));
    assert_eq!(wrapped.umin(), index(max));
    // With `nsw`, they saturate.
    let saturated = int_range::infer_add(&[range(max - 1, max), range(1, 1)], OverflowFlags::NSW);
    assert_eq!(saturated.smax(), index(max));
    assert!(OverflowFlags::NSW.contains(OverflowFlags::NSW));
    assert!((OverflowFlags::NSW | OverflowFlags::NUW).contains(OverflowFlags::NUW));
    assert!(!OverflowFlags::NSW.contains(OverflowFlags::NUW));
    // Index ops: where the 32-bit inference agrees with the 64-bit one
    // truncated, the 64-bit one (`0xffffffff + 1`, 0 at 32 bits)...
    let add = |a: &[IntRange]| int_range::infer_add(a, OverflowFlags::NONE);
    let big = IntRange::constant(index(u32::MAX as i64));
    let agreed = int_range::infer_index_op(add, &[big, range(1, 1)], CmpMode::Both);
    assert_eq!(agreed, range(1 << 32, 1 << 32));
    // ...else the union of both (`[0xffffffff, 0x100000000] + 1` knows
    // nothing at 32 bits).
    let straddling = range(u32::MAX as i64, 1 << 32);
    let union = int_range::infer_index_op(add, &[straddling, range(1, 1)], CmpMode::Both);
    assert_eq!(union.umin(), index(0));
    assert_eq!(union.umax(), index((1 << 32) + 1));
    assert_eq!(union.smin(), index(i64::from(i32::MIN)));
    assert_eq!(union.smax(), index((1 << 32) + 1));
    let plain = int_range::infer_index_op(add, &[range(0, 15), range(1, 1)], CmpMode::Both);
    assert_eq!(plain, range(1, 16));
    // Comparisons, truncation, extension, constants, union, intersection.
    assert_eq!(
        int_range::evaluate_pred(CmpPredicate::Ult, &range(0, 15), &range(16, 20)),
        Some(true)
    );
    assert_eq!(
        int_range::evaluate_pred(CmpPredicate::Eq, &range(0, 15), &range(16, 20)),
        Some(false)
    );
    assert_eq!(
        int_range::evaluate_pred(CmpPredicate::Slt, &range(0, 15), &range(5, 20)),
        None
    );
    let truncated = int_range::trunc_range(&range(256, 258), 8);
    assert_eq!(
        truncated,
        IntRange::from_unsigned(ApInt::zero(8), ApInt::new(8, 2))
    );
    assert_eq!(
        int_range::trunc_range(&range(255, 257), 8),
        IntRange::max_range(8)
    );
    let narrow = IntRange::from_signed(ApInt::from_i64(8, -2), ApInt::from_i64(8, 3));
    assert_eq!(
        int_range::ext_si_range(&narrow, 16),
        IntRange::from_signed(ApInt::from_i64(16, -2), ApInt::from_i64(16, 3))
    );
    assert_eq!(int_range::ext_ui_range(&narrow, 16).umax().to_u128(), 255);
    assert_eq!(range(7, 7).constant_value(), Some(index(7)));
    assert_eq!(range(7, 8).constant_value(), None);
    assert_eq!(range(0, 3).union(&range(10, 12)), range(0, 12));
    assert_eq!(range(0, 10).intersection(&range(5, 12)), range(5, 10));
    assert_eq!(IntRange::range(index(-1), index(1), true), range(-1, 1));
    assert_eq!(
        IntRange::max_range(1).to_string(),
        "unsigned : [0, 1] signed : [-1, 0]"
    );
    assert_eq!(
        range(1, 16).to_string(),
        "unsigned : [1, 16] signed : [1, 16]"
    );
    // The other inferences, on small cases.
    let args = [range(8, 9), range(2, 2)];
    assert_eq!(
        int_range::infer_sub(&args, OverflowFlags::NONE),
        range(6, 7)
    );
    assert_eq!(
        int_range::infer_mul(&args, OverflowFlags::NONE),
        range(16, 18)
    );
    assert_eq!(int_range::infer_div_u(&args), range(4, 4));
    assert_eq!(int_range::infer_div_s(&args), range(4, 4));
    assert_eq!(int_range::infer_ceil_div_u(&args), range(4, 5));
    assert_eq!(int_range::infer_ceil_div_s(&args), range(4, 5));
    assert_eq!(int_range::infer_floor_div_s(&args), range(4, 4));
    assert_eq!(int_range::infer_rem_u(&args), range(0, 1));
    assert_eq!(int_range::infer_rem_s(&args), range(0, 1));
    assert_eq!(int_range::infer_max_s(&args), range(8, 9));
    assert_eq!(int_range::infer_max_u(&args), range(8, 9));
    assert_eq!(int_range::infer_min_s(&args), range(2, 2));
    assert_eq!(int_range::infer_min_u(&args), range(2, 2));
    assert_eq!(
        int_range::infer_shl(&args, OverflowFlags::NONE),
        range(32, 36)
    );
    assert_eq!(int_range::infer_shr_s(&args), range(2, 2));
    assert_eq!(int_range::infer_shr_u(&args), range(2, 2));
    assert_eq!(
        int_range::infer_and(&[range(0, 15), range(3, 3)]),
        range(0, 3)
    );
    assert_eq!(
        int_range::infer_or(&[range(8, 8), range(1, 1)]),
        range(9, 9)
    );
    assert_eq!(
        int_range::infer_xor(&[range(8, 8), range(1, 1)]),
        range(9, 9)
    );
}

#[test]
#[should_panic(expected = "integer ranges of 64 and 32 bits in one computation")]
fn ranges_of_two_widths_are_refused() {
    setup();
    let narrow = IntRange::constant(ApInt::from_u64(32, 1));
    let _ = range(0, 1).union(&narrow);
}

#[test]
#[should_panic(expected = "int_range::infer_index_op was given a range of 32 bits")]
fn index_inference_wants_64_bit_ranges() {
    setup();
    let narrow = IntRange::constant(ApInt::from_u64(32, 1));
    let _ = int_range::infer_index_op(int_range::infer_div_u, &[narrow, narrow], CmpMode::Unsigned);
}

#[test]
#[should_panic(expected = "int_range::infer_add takes the ranges of two operands, but was given 1")]
fn inference_wants_two_operands() {
    setup();
    let _ = int_range::infer_add(&[range(0, 1)], OverflowFlags::NONE);
}
