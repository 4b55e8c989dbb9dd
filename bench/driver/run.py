#!/usr/bin/env python3
"""`make bench-driver`: mlir-pass-opt (MlirOptMain with Rust passes) against
the stock mlir-opt (with the example plugin for the Rust pass), release
builds, same input, same pipeline, runs interleaved; prints a Markdown table
of medians and ratios, each ratio with its 95% interval over the rounds.
`--quick` for a smoke run.

A round runs each tool once (in alternating order); the ratio of a round is
mlir-pass-opt's time over mlir-opt's. Rounds are added, from MIN_ROUNDS, until
the 95% interval of the median ratio is within TARGET_WIDTH of the median, or
BUDGET seconds per case are spent, or MAX_ROUNDS are taken."""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import cargo_build  # noqa: E402
import interleaved  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
quick = "--quick" in sys.argv
FUNCTIONS = 2_000 if quick else 20_000
MIN_ROUNDS = 3 if quick else 11
MAX_ROUNDS = 3 if quick else 101
BUDGET = 1 if quick else 60
TARGET_WIDTH = 0.02
profile = "debug" if quick else "release"

bin_dir = cargo_build.build(["mlir-pass-opt", "mlir-pass-example-plugin"], release=not quick)
driver = os.path.join(bin_dir, "mlir-pass-opt")
plugin = os.path.join(bin_dir, "libmlir_pass_example_plugin.so")

# Removed when the script exits (TemporaryDirectory cleans up at exit).
_scratch = tempfile.TemporaryDirectory(prefix="mlir-pass-bench-driver-")
work = _scratch.name
source = os.path.join(work, "functions.mlir")
with open(source, "w") as f:
    for i in range(FUNCTIONS):
        f.write(
            f"func.func @f{i}(%a: i64) -> i64 {{\n"
            f"  %c0 = arith.constant 0 : i64\n  %k = arith.constant {i % 7} : i64\n"
            f"  %x = arith.addi %a, %c0 : i64\n  %y = arith.muli %x, %k : i64\n"
            f"  %z = arith.xori %y, %a : i64\n  return %z : i64\n}}\n"
        )

cases = [
    ("parse + print", [], []),
    ("canonicalize", ["--pass-pipeline=builtin.module(canonicalize)"], ["--pass-pipeline=builtin.module(canonicalize)"]),
    (
        "Rust pass `annotate-op-count` (plugin in mlir-opt)",
        [f"--load-pass-plugin={plugin}", "--pass-pipeline=builtin.module(func.func(annotate-op-count))"],
        ["--pass-pipeline=builtin.module(func.func(annotate-op-count))"],
    ),
    ("`--version` (startup)", ["--version"], ["--version"]),
]




print(f"# mlir-pass-opt against mlir-opt{' (quick smoke run)' if quick else ''}\n")
rounds = (
    f"{MIN_ROUNDS} rounds"
    if MIN_ROUNDS == MAX_ROUNDS
    else f"from {MIN_ROUNDS} rounds, added up to {MAX_ROUNDS} or {BUDGET} s per case "
    f"until the interval is within {TARGET_WIDTH:.0%} of the median"
)
print(
    f"{FUNCTIONS} functions of 6 ops, {profile} build. Times are medians over interleaved "
    f"rounds (one run of each tool per round, {rounds}); the ratio is the median of the "
    "per-round ratios, with its 95% interval in brackets.\n"
)
print("| case | mlir-opt | mlir-pass-opt | mlir-pass-opt / mlir-opt | rounds |")
print("| --- | --- | --- | --- | --- |")
for name, stock_args, our_args in cases:
    version = "--version" in stock_args
    stock_cmd = [MLIR_OPT] + stock_args + ([] if version else [source, "-o", os.devnull])
    our_cmd = [driver] + our_args + ([] if version else [source, "-o", os.devnull])
    s, o, median, low, high, rounds = interleaved.compare(
        stock_cmd, our_cmd, MIN_ROUNDS, MAX_ROUNDS, BUDGET, TARGET_WIDTH
    )
    print(
        f"| {name} | {s * 1e3:.1f} ms | {o * 1e3:.1f} ms "
        f"| {median:.3f}x [{low:.3f}, {high:.3f}] | {rounds} |"
    )
