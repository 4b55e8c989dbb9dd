#!/usr/bin/env python3
"""`make bench-driver`: mlir-pass-opt (MlirOptMain with Rust passes) against
the stock mlir-opt (with the example plugin for the Rust pass), release
builds, same input, same pipeline, runs interleaved; prints a Markdown table
of medians and ratios. `--quick` for a smoke run."""

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
quick = "--quick" in sys.argv
FUNCTIONS = 2_000 if quick else 20_000
REPS = 3 if quick else 11
profile = "debug" if quick else "release"

subprocess.run(
    ["cargo", "build", "--quiet", "-p", "mlir-pass-opt", "-p", "mlir-pass-example-plugin"]
    + ([] if quick else ["--release"]),
    cwd=ROOT,
    check=True,
)
driver = os.path.join(ROOT, "target", profile, "mlir-pass-opt")
plugin = os.path.join(ROOT, "target", profile, "libmlir_pass_example_plugin.so")

work = tempfile.mkdtemp(prefix="mlir-pass-bench-driver-")
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


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


print(f"# mlir-pass-opt against mlir-opt{' (quick smoke run)' if quick else ''}\n")
print(f"{FUNCTIONS} functions of 6 ops, {profile} build, medians of {REPS} interleaved runs.\n")
print("| case | mlir-opt | mlir-pass-opt | mlir-pass-opt / mlir-opt |")
print("| --- | --- | --- | --- |")
for name, stock_args, our_args in cases:
    version = "--version" in stock_args
    stock_cmd = [MLIR_OPT] + stock_args + ([] if version else [source, "-o", os.devnull])
    our_cmd = [driver] + our_args + ([] if version else [source, "-o", os.devnull])
    stock, ours = [], []
    for round_ in range(REPS + 1):
        a, b = timed(stock_cmd), timed(our_cmd)
        if round_:  # the first round warms the page cache
            stock.append(a)
            ours.append(b)
    s, o = statistics.median(stock), statistics.median(ours)
    print(f"| {name} | {s * 1e3:.1f} ms | {o * 1e3:.1f} ms | {o / s:.3f}x |")
