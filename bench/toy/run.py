#!/usr/bin/env python3
"""`make bench-toy`: `toyc -emit=jit -opt --mlir-timing` on a generated Toy
program of FUNCTIONS functions (transposes, multiplications, reshapes, calls),
release build, ROUNDS runs; prints Markdown tables: each front-end stage's
median time with [min, max] over the rounds, the pass times grouped into the
pipeline's stages, each pass on its own, and the share of the pass time taken
by the Rust passes against MLIR's own. `--quick` for a smoke run (debug
build, 100 functions, one round).

The stage lines (`toyc: parse  1.234 ms`) and MLIR's pass timing report come
from toyc's standard error. A pass's time here is its own: the report's time
for the pass less that of the rows nested under it, except analyses (`(A)`
rows), which count for the pass that asked for them. The report's `Rest` row
(the verifier after each pass and the pass manager's own work) is a row of
its own. The JIT's output is checked against the same program evaluated
here, in Python, and must be the same in every round.

Rounds are run until ROUNDS (5) are taken or BUDGET (600) seconds are
spent, at least one: with `-opt`, everything is inlined into `main`, and
affine-loop-fusion on that one function grows as about N^3 (one round of
1,000 functions took 25 minutes, 98% of it in that pass).

Options: `--quick`; `--functions N`; `--rounds R`; `--budget SECONDS`."""

import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import cargo_build  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def option(name, default):
    if name in sys.argv:
        return int(sys.argv[sys.argv.index(name) + 1])
    return default


quick = "--quick" in sys.argv
FUNCTIONS = option("--functions", 100 if quick else 1_000)
ROUNDS = option("--rounds", 1 if quick else 5)
BUDGET = option("--budget", 600)  # seconds: no round is started after it
profile = "debug" if quick else "release"

bin_dir = cargo_build.build(["mlir-pass-toy"], release=not quick)
toyc = os.path.join(bin_dir, "toyc")

# ---------------------------------------------------------------------------
# The program. Every value is a 2x3 tensor (the 3x2 ones are transposes and
# reshapes in between). Each function ends with `* c`, a constant of its own
# whose elements are powers of two chosen (by evaluating the program here)
# to bring each element back to between 2 and 4: the values stay finite and
# exact, and the output is known. Four kinds of body, in turn; the fourth
# calls a helper, so calls are inlined at two depths. (Transposes come in
# pairs, so no element moves; the 3x2 values are in between.)

A = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]  # 2x3, row-major
B = [1.0, 2.0, 0.5, 2.0, 0.5, 1.0]


def transpose(x, rows, cols):
    return [x[r * cols + c] for c in range(cols) for r in range(rows)]


def mul(x, y):
    return [p * q for p, q in zip(x, y)]


def body(kind, x, b):
    """The function of `kind` on 2x3 `x` and `b`, before the final `* c`."""
    if kind == 0:  # t = transpose(x) * transpose(b); r<3, 2> = t; transpose(r) * b
        return mul(transpose(mul(transpose(x, 2, 3), transpose(b, 2, 3)), 3, 2), b)
    if kind == 1:  # t = transpose(x * b); u<3, 2> = t; transpose(u * transpose(b))
        return transpose(mul(transpose(mul(x, b), 2, 3), transpose(b, 2, 3)), 3, 2)
    if kind == 2:  # t = transpose(transpose(x)) * b; r<6> = t; s<2, 3> = r
        return mul(x, b)
    # t = mt(b, x) = transpose(b) * transpose(x); r<3, 2> = t; transpose(r)
    return transpose(mul(transpose(b, 2, 3), transpose(x, 2, 3)), 3, 2)


# Reshapes of computed values are to the shape they have (or chains that
# come back to it), which canonicalization removes: toy-to-affine, like
# upstream's, lowers no reshape, so one that changes a computed value's
# shape would fail to legalize. The constants are reshapes too, folded.
TEXT = [
    "  var t = transpose(x) * transpose(b);\n  var r<3, 2> = t;\n"
    "  return transpose(r) * b * c;\n",
    "  var t = transpose(x * b);\n  var u<3, 2> = t;\n  return transpose(u * transpose(b)) * c;\n",
    "  var t = transpose(transpose(x)) * b;\n  var r<6> = t;\n  var s<2, 3> = r;\n"
    "  return s * c;\n",
    "  var t = mt(b, x);\n  var r<3, 2> = t;\n  return transpose(r) * c;\n",
]


def number(v):
    return f"{v:g}"


def generate(n):
    """The program's text and what it prints."""
    out = ["def mt(a, b) {\n  return transpose(a) * transpose(b);\n}\n\n"]
    x = A
    for i in range(n):
        y = body(i % 4, x, B)
        c = [2.0 ** -math.floor(math.log2(v / 2)) for v in y]
        x = mul(y, c)
        out.append(
            f"def f{i}(x, b) {{\n  var c<2, 3> = [{', '.join(number(v) for v in c)}];\n"
            + TEXT[i % 4]
            + "}\n\n"
        )
    out.append(
        "def main() {\n  var a = [[1, 2, 3], [4, 5, 6]];\n  var b<2, 3> = [1, 2, 0.5, 2, 0.5, 1];\n"
    )
    previous = "a"
    for i in range(n):
        out.append(f"  var x{i} = f{i}({previous}, b);\n")
        previous = f"x{i}"
    out.append(f"  print({previous});\n}}\n")
    printed = "".join(
        " ".join(f"{v:f}" for v in x[r * 3 : r * 3 + 3]) + " \n" for r in range(2)
    )
    return "".join(out), printed


# Removed when the script exits (TemporaryDirectory cleans up at exit).
_scratch = tempfile.TemporaryDirectory(prefix="mlir-pass-bench-toy-")
work = _scratch.name
source = os.path.join(work, f"functions{FUNCTIONS}.toy")
text, expected = generate(FUNCTIONS)
with open(source, "w") as f:
    f.write(text)

# ---------------------------------------------------------------------------
# Parsing toyc's standard error.

STAGE = re.compile(r"^toyc: (.+?)\s+([0-9.]+) ms$")
ROW = re.compile(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)  (\s*)(.*)$")
RUST_PASSES = {"ShapeInferencePass", "ToyToAffine", "PrintToLlvm"}


def parse(stderr):
    """The stage times (ms) and the pass rows: (label, group, own ms), in
    the report's order, labels made unique by where the row sits."""
    stages, rows, in_report = {}, [], False
    for line in stderr.splitlines():
        m = STAGE.match(line)
        if m:
            stages[m.group(1)] = float(m.group(2))
            continue
        if "----Wall Time----" in line:
            in_report = True
            continue
        if in_report:
            m = ROW.match(line)
            if m:
                rows.append((len(m.group(2)), float(m.group(1)) * 1e3, m.group(3).strip()))
            elif line.strip() == "" and rows:
                in_report = False
    if not rows or rows[-1][2] != "Total":
        raise SystemExit("toyc printed no pass timing report:\n" + stderr)
    total = rows[-1][1]
    rows = rows[:-1]

    # Each row's own time: its time less that of the rows nested just under
    # it, analyses excepted (they stay in their pass's time).
    own = [t for _, t, _ in rows]
    for i, (depth, _, _) in enumerate(rows):
        for j in range(i + 1, len(rows)):
            d, t, name = rows[j]
            if d <= depth:
                break
            if d == depth + 2 and not name.startswith("(A)"):
                own[i] -= t

    # The stages, by the pipeline's order: up to ToyToAffine, Toy
    # level; from it to PrintToLlvm, affine level; from there, LLVM level.
    result, level, parents, pipelines = [], "toy", [], 0
    for (depth, _, name), t in zip(rows, own):
        if name.startswith("(A)"):
            continue  # in its pass's time
        while parents and parents[-1][0] >= depth:
            parents.pop()
        if name == "ToyToAffine":
            level = "affine"
        elif name == "PrintToLlvm":
            level = "llvm"
        if name == "Rest":
            group = "pass manager (`Rest`: verifier, bookkeeping)"
        elif level == "toy" and name in ("Canonicalizer", "CSE"):
            group = "canonicalize + cse (Toy level)"
        elif level == "toy":
            group = "inline + shape inference"
        elif level == "affine":
            group = "affine lowering (toy-to-affine + canonicalize, cse, fusion, scalrep)"
        else:
            group = "LLVM lowering (toy-print-to-llvm + MLIR's conversions, DI scope)"
        if name.endswith(" Pipeline"):
            pipelines += 1
            name = f"{name[: -len(' Pipeline')]} pipeline {pipelines}"
        path = " / ".join(p[1] for p in parents) + (" / " if parents else "") + name
        result.append((path, group, round(t, 6)))
        parents.append((depth, name))
    # Same label twice (the 'toy.func' pipelines): number them.
    seen = {}
    for k, (path, group, t) in enumerate(result):
        seen[path] = seen.get(path, 0) + 1
        if seen[path] > 1 or sum(1 for p, _, _ in result if p == path) > 1:
            result[k] = (f"{path} #{seen[path]}", group, t)
    return stages, result, total


# ---------------------------------------------------------------------------
# The rounds.

runs = []
outputs = set()
walls = []
# A warm-up (the page cache) that does not take as long as a round: parse
# and MLIRGen only.
subprocess.run([toyc, source, "-emit=mlir"], check=True, capture_output=True)
began = time.perf_counter()
while len(runs) < ROUNDS and (not runs or time.perf_counter() - began < BUDGET):
    start = time.perf_counter()
    done = subprocess.run(
        [toyc, source, "-emit=jit", "-opt", "--mlir-timing"], capture_output=True, text=True
    )
    walls.append((time.perf_counter() - start) * 1e3)
    if done.returncode != 0:
        raise SystemExit(f"toyc failed ({done.returncode}):\n{done.stderr[-3000:]}")
    outputs.add(done.stdout)
    runs.append(parse(done.stderr))
    if [p for p, _, _ in runs[-1][1]] != [p for p, _, _ in runs[0][1]]:
        raise SystemExit("the pass timing report changed its rows between rounds")

if len(outputs) != 1:
    raise SystemExit(f"the JIT's output differs between rounds: {sorted(outputs)}")
output = outputs.pop()
if output != expected:
    raise SystemExit(f"the JIT printed {output!r}, the program computes {expected!r}")


def spread(values, unit="ms", digits=1):
    values = sorted(values)
    med = statistics.median(values)
    if len(values) == 1:
        return f"{med:.{digits}f} {unit}"
    return f"{med:.{digits}f} {unit} [{values[0]:.{digits}f}, {values[-1]:.{digits}f}]"


lines = text.count("\n")
print(f"# `toyc -emit=jit -opt` on {FUNCTIONS} functions{' (quick smoke run)' if quick else ''}\n")
print(
    f"A generated program of {FUNCTIONS} functions and `main` calling each once ({lines} lines, "
    f"{len(text) // 1024} KiB), {profile} build, {len(runs)} round{'s' if len(runs) > 1 else ''}; "
    "medians with [min, max] over the rounds. The JIT printed the same in every round, "
    f"as the program computes; its first line: `{output.splitlines()[0].strip()}`.\n"
)

print("| stage | time |")
print("| --- | --- |")
for name in runs[0][0]:
    print(f"| {name} | {spread([r[0][name] for r in runs])} |")
print(f"| whole process (wall, as measured here) | {spread(walls)} |")

groups = []
for _, group, _ in runs[0][1]:
    if group not in groups:
        groups.append(group)
print("\nThe `passes` stage, by the pipeline's stages (each pass's own time):\n")
print("| pipeline stage | time | share of pass time |")
print("| --- | --- | --- |")
for group in groups:
    times = [sum(t for _, g, t in r[1] if g == group) for r in runs]
    shares = [100 * t / r[2] for t, r in zip(times, runs)]
    print(f"| {group} | {spread(times)} | {spread(shares, '%', 2)} |")
print(f"| total (the report's `Total`) | {spread([r[2] for r in runs])} | 100% |")

rust = [sum(t for p, _, t in r[1] if p.split(" / ")[-1].split(" #")[0] in RUST_PASSES) for r in runs]
rest = [sum(t for p, _, t in r[1] if p == "Rest") for r in runs]
upstream = [r[2] - a - b for r, a, b in zip(runs, rust, rest)]
print("\nRust passes against MLIR's:\n")
print("| passes | time | share of pass time | share of the passes' own (without `Rest`) |")
print("| --- | --- | --- | --- |")
for name, times in [
    ("Rust (toy-shape-inference, toy-to-affine, toy-print-to-llvm)", rust),
    ("upstream (all the others)", upstream),
]:
    shares = [100 * t / r[2] for t, r in zip(times, runs)]
    own = [100 * t / (a + u) for t, a, u in zip(times, rust, upstream)]
    print(f"| {name} | {spread(times)} | {spread(shares, '%', 2)} | {spread(own, '%', 2)} |")
shares = [100 * t / r[2] for t, r in zip(rest, runs)]
print(f"| pass manager (`Rest`) | {spread(rest)} | {spread(shares, '%', 2)} | — |")

# affine-loop-fusion and affine-scalrep grow faster than the rest (see the
# docstring) and, from a few hundred functions, are nearly all of the pass
# time: the Rust passes' share of what is left.
AFFINE_OPTS = ("AffineLoopFusion", "AffineScalarReplacement")
others = [
    r[2] - sum(t for p, _, t in r[1] if p.split(" / ")[-1] in AFFINE_OPTS) - b
    for r, b in zip(runs, rest)
]
shares = [100 * a / o for a, o in zip(rust, others)]
print(
    f"| Rust, against all passes but affine-loop-fusion and affine-scalrep "
    f"({spread(others)}, `Rest` out) | {spread(rust)} | — | {spread(shares, '%')} |"
)

print("\nEach pass (own time; `#n` tells apart passes of the same name in one pipeline):\n")
print("| pass | stage | time |")
print("| --- | --- | --- |")
for k, (path, group, _) in enumerate(runs[0][1]):
    if " pipeline " in path.split(" / ")[-1]:
        continue  # the pipeline's own time: next to nothing, in its stage's
    print(f"| {path} | {group.split(' (')[0]} | {spread([r[1][k][2] for r in runs], digits=2)} |")
