"""rs-repeat against its C++ twin (tests/cpp/pipeline_twin.cpp) and against
the same pipeline written out twice, in the tests' opt_main driver
(`test_opt`, which registers both): 3,000 functions that canonicalize,cse
settles in one round (rs-repeat runs it twice: the second finds nothing to
change). Outputs are compared first; the pass-manager time (MLIR's
--mlir-timing total less parsing and output) is measured interleaved, and
the ratios reported with their interquartile range.

    cargo build --release -p mlir-pass-example-plugin --example test_opt
    python3 bench/pipelines/run.py [rounds] [path/to/test_opt]
"""
import os, statistics, subprocess, sys, tempfile

T = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
    os.environ.get("CARGO_TARGET_DIR", "target"), "release/examples/test_opt")
cases = {
  "rs-repeat": "builtin.module(func.func(rs-repeat{pipeline=canonicalize,cse max-iterations=10}))",
  "cpp-repeat": "builtin.module(func.func(test-cpp-repeat{pipeline=canonicalize,cse max-iterations=10}))",
  "upstream x2": "builtin.module(func.func(canonicalize,cse,canonicalize,cse))",
}
funcs = []
for i in range(3000):
    funcs.append(f"""func.func @f{i}(%a: i32) -> i32 {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %c1 : i32
  %2 = arith.addi %a, %c1 : i32
  %3 = arith.muli %1, %2 : i32
  %4 = arith.addi %3, %c0 : i32
  %5 = arith.muli %4, %4 : i32
  return %5 : i32
}}""")
# Removed when the script exits (TemporaryDirectory cleans up at exit).
_scratch = tempfile.TemporaryDirectory(prefix="mlir-pass-bench-pipelines-")
os.chdir(_scratch.name)
open("big.mlir", "w").write("\n".join(funcs) + "\n")
outs = {}
for k, p in cases.items():
    outs[k] = subprocess.run([T, "big.mlir", "--mlir-disable-threading", f"--pass-pipeline={p}"], capture_output=True, check=True).stdout
assert outs["rs-repeat"] == outs["cpp-repeat"] == outs["upstream x2"], "outputs differ"
times = {k: [] for k in cases}
for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 15):
    for k, p in cases.items():  # interleaved
        out = subprocess.run([T, "big.mlir", "--mlir-disable-threading", f"--pass-pipeline={p}", "--mlir-timing", "-o", "/dev/null"], capture_output=True, check=True).stderr.decode()
        # the pass-manager time: Total minus Parser and Output
        vals = {}
        for line in out.splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[-1] in ("Total", "Parser", "Output"):
                vals[parts[-1]] = float(parts[0])
        times[k].append(vals["Total"] - vals["Parser"] - vals["Output"])
for k, v in times.items():
    print(f"{k:12s} median {statistics.median(v)*1000:8.1f} ms  (min {min(v)*1000:.1f}, max {max(v)*1000:.1f})")
r = [a / b for a, b in zip(times["rs-repeat"], times["cpp-repeat"])]
r.sort()
print(f"rs-repeat / cpp-repeat: median {statistics.median(r):.3f}, IQR [{r[len(r)//4]:.3f}, {r[3*len(r)//4]:.3f}]")
r = [a / b for a, b in zip(times["rs-repeat"], times["upstream x2"])]
r.sort()
print(f"rs-repeat / upstream twice: median {statistics.median(r):.3f}, IQR [{r[len(r)//4]:.3f}, {r[3*len(r)//4]:.3f}]")
