#!/usr/bin/env python3
"""`make bench-dialects`: MLIR's own dialects re-declared in Rust
(`upstream-dialects-opt`, examples/upstream-dialects: `index` and
`complex`) against the stock mlir-opt's C++ ones, release builds, on the
same input of at least 100,000 ops of each dialect; prints a Markdown table of medians and ratios, each ratio
with its 95% interval over interleaved rounds. `--quick` for a smoke run.

Before any timing, each case's output of the two tools is compared byte for
byte: a benchmark of tools that disagree would measure different work.

A round runs each tool once (in alternating order); the ratio of a round is
upstream-dialects-opt's time over mlir-opt's. Rounds are added, from
MIN_ROUNDS, until the 95% interval of the median ratio is within TARGET_WIDTH
of the median, or BUDGET seconds per case are spent, or MAX_ROUNDS are
taken. Whole-process times: both tools start in the same ~10 ms (measured
by `--version` below). The passes are also timed alone, by MLIR's own timer
of each (`--mlir-timing`), leaving out the parse and print around them."""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import cargo_build  # noqa: E402
import interleaved  # noqa: E402

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
quick = "--quick" in sys.argv
FUNCTIONS = 500 if quick else 5_000
MIN_ROUNDS = 3 if quick else 11
MAX_ROUNDS = 3 if quick else 61
BUDGET = 1 if quick else 45
TARGET_WIDTH = 0.03
profile = "debug" if quick else "release"

bin_dir = cargo_build.build(["mlir-pass-upstream-dialects"], release=not quick)
tool = os.path.join(bin_dir, "upstream-dialects-opt")

# Removed when the script exits (TemporaryDirectory cleans up at exit).
_scratch = tempfile.TemporaryDirectory(prefix="mlir-pass-bench-dialects-")
work = _scratch.name


def index_function(i):
    """A function of 21 index ops: every kind of arithmetic, comparisons,
    constants (some equal, for cse and the folder), casts."""
    k = i % 7
    return (
        f"func.func @f{i}(%a: index, %b: index, %w: i64) -> (index, i1) {{\n"
        f"  %c = index.constant {k}\n  %c2 = index.constant {k}\n"
        f"  %0 = index.add %a, %c\n  %1 = index.sub %0, %b\n  %2 = index.mul %1, %c2\n"
        f"  %3 = index.divs %2, %b\n  %4 = index.remu %3, %a\n  %5 = index.maxs %4, %c\n"
        f"  %6 = index.minu %5, %b\n  %7 = index.shl %6, %c\n  %8 = index.and %7, %a\n"
        f"  %9 = index.or %8, %c2\n  %10 = index.xor %9, %b\n  %11 = index.add %a, %c\n"
        f"  %12 = index.casts %w : i64 to index\n  %13 = index.add %10, %12\n"
        f"  %14 = index.cmp slt(%13, %11)\n  %15 = index.cmp slt(%13, %11)\n"
        f"  %t = index.bool.constant true\n  %16 = index.sizeof\n  %17 = index.add %13, %16\n"
        f"  return %17, %14 : index, i1\n}}\n"
    )


def complex_function(i):
    """A function of 16 complex ops: arithmetic with and without fast-math
    flags, inverse pairs and constants the folders and patterns meet."""
    k = i % 5
    return (
        f"func.func @g{i}(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, f32) {{\n"
        f"  %0 = complex.add %a, %b : complex<f32>\n"
        f"  %1 = complex.mul %0, %b fastmath<fast> : complex<f32>\n"
        f"  %2 = complex.sub %1, %a : complex<f32>\n  %3 = complex.neg %2 : complex<f32>\n"
        f"  %4 = complex.neg %3 : complex<f32>\n  %5 = complex.conj %4 : complex<f32>\n"
        f"  %r = complex.re %5 : complex<f32>\n  %m = complex.im %5 : complex<f32>\n"
        f"  %6 = complex.create %r, %m : complex<f32>\n"
        f"  %c = complex.constant [1.0 : f32, {k}.0 : f32] : complex<f32>\n"
        f"  %7 = complex.mul %6, %c : complex<f32>\n  %8 = complex.add %a, %b : complex<f32>\n"
        f"  %9 = complex.exp %8 : complex<f32>\n  %10 = complex.log %9 : complex<f32>\n"
        f"  %11 = complex.add %7, %10 fastmath<nnan,ninf> : complex<f32>\n"
        f"  %12 = complex.abs %11 : complex<f32>\n"
        f"  return %11, %12 : complex<f32>, f32\n}}\n"
    )


sources = {}
for dialect, make, per in (("index", index_function, 21), ("complex", complex_function, 16)):
    path = os.path.join(work, f"{dialect}.mlir")
    count = FUNCTIONS if dialect == "index" else FUNCTIONS * 21 // 16 + 1
    with open(path, "w") as f:
        for i in range(count):
            f.write(make(i))
    sources[dialect] = (path, count * per)

CANONICALIZE = ["--pass-pipeline=builtin.module(canonicalize)"]
CSE = ["--pass-pipeline=builtin.module(func.func(cse))"]
# (name, dialect, arguments, the pass timer measured alone or None for the
# whole process). The pass alone is MLIR's own timer of it (with what it
# computes, such as dominance for cse), read from `--mlir-timing`: the same
# parse and print are around it in the whole-process rows.
cases = [
    row
    for d in ("index", "complex")
    for row in (
        (f"{d}: parse + verify + print", d, [], None),
        (f"{d}: `canonicalize` (whole process)", d, CANONICALIZE, None),
        (f"{d}: `canonicalize` (the pass alone)", d, CANONICALIZE, "Canonicalizer"),
        (f"{d}: `cse` (whole process)", d, CSE, None),
        (f"{d}: `cse` (the pass alone)", d, CSE, "CSE"),
    )
] + [("`--version` (startup)", None, ["--version"], None)]




# The same output, byte for byte, before any timing.
for name, dialect, args, _ in cases:
    if dialect is None or name.endswith("(the pass alone)"):
        continue
    outputs = [
        subprocess.run([t] + args + [sources[dialect][0]], check=True, capture_output=True).stdout
        for t in (MLIR_OPT, tool)
    ]
    if outputs[0] != outputs[1]:
        sys.exit(f"bench-dialects: `{name}` prints differently in the two tools")

print(f"# MLIR's dialects in Rust against their C++{' (quick smoke run)' if quick else ''}\n")
rounds = (
    f"{MIN_ROUNDS} rounds"
    if MIN_ROUNDS == MAX_ROUNDS
    else f"from {MIN_ROUNDS} rounds, added up to {MAX_ROUNDS} or {BUDGET} s per case "
    f"until the interval is within {TARGET_WIDTH:.0%} of the median"
)
print(
    f"{sources['index'][1]} `index` ops and {sources['complex'][1]} `complex` ops, {profile} "
    f"build; outputs equal byte for "
    f"byte. Times are medians over interleaved rounds (one run of each tool per round, "
    f"{rounds}); the ratio is the median of the per-round ratios, with its 95% interval "
    "in brackets.\n"
)
print("| case | mlir-opt (C++) | upstream-dialects-opt (Rust) | Rust / C++ | rounds |")
print("| --- | --- | --- | --- | --- |")
for name, dialect, args, timer in cases:
    inputs = [] if dialect is None else [sources[dialect][0], "-o", os.devnull]
    stock_cmd = [MLIR_OPT] + args + inputs
    our_cmd = [tool] + args + inputs
    s, o, median, low, high, rounds = interleaved.compare(
        stock_cmd,
        our_cmd,
        MIN_ROUNDS,
        MAX_ROUNDS,
        BUDGET,
        TARGET_WIDTH,
        measure=interleaved.timed if timer is None else interleaved.pass_timer(timer),
    )
    print(
        f"| {name} | {s * 1e3:.1f} ms | {o * 1e3:.1f} ms "
        f"| {median:.3f}x [{low:.3f}, {high:.3f}] | {rounds} |"
    )
