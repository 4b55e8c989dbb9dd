#!/usr/bin/env bash
# Runs the integration tests under `valgrind --leak-check=full` and fails on
# any block "definitely lost" whose allocation stack goes through mlir-pass's
# runtime, generated code or C++ bridge (frames naming mlir_pass* or
# mlirPassBridge*), and on any invalid read, write or free. Leaks inside MLIR/LLVM's own start-up are reported as
# counts but do not fail the run.
#
# Debian 12's valgrind (3.19) cannot read the DWARF 5 debug information that
# LLVM 22 toolchains emit, so each test binary is copied and `strip -g`ed
# first; symbol names (enough to attribute a leak) stay.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-mlir.sh >/dev/null
out=target/valgrind
mkdir -p "$out"

# Build, and collect the paths of the test executables.
mapfile -t binaries < <(
  cargo test -p mlir-pass-tests --test core --test conflicts --test options --test ir --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["kind"] == ["test"]:
        print(m["executable"])'
)
[ ${#binaries[@]} -gt 0 ] || { echo "valgrind: no test binaries built" >&2; exit 1; }

status=0

# Fails the run when `log` shows a block definitely lost through mlir-pass,
# or a memory error.
check_log() {
  local name=$1 log=$2
  local ours count summary
  ours=$(python3 - "$log" 2>"$out/$name.count" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
records = re.split(r"\n==\d+== \n", text)
hits = [r for r in records if "definitely lost" in r and re.search(r"mlir_pass|mlirPassBridge", r)]
# Memory errors anywhere (a use after free of a string handed to MLIR, say)
# fail the run too.
# Not glibc's loader reading a word at a time past a string's end (ld.so's own
# strncmp, which valgrind does not replace) when `dlopen` expands an rpath:
# the JIT test that loads libmlir_c_runner_utils.so shows it.
hits += [r for r in records if re.search(r"Invalid (read|write|free)|uninitialised|Mismatched free", r)
         and not re.search(r"strncmp \(strcmp-sse2\.S:\d+\)\n.*is_dst \(dl-load\.c", r)]
for r in hits:
    print(r)
print(len(hits), file=sys.stderr)
PY
  )
  count=$(cat "$out/$name.count")
  summary=$(grep -E "definitely lost:|ERROR SUMMARY" "$log" | sed 's/^==[0-9]*== *//' | tr '\n' ' ')
  echo "valgrind: $name: $summary; blocks lost through mlir-pass: $count"
  if [ "$count" != "0" ]; then
    echo "$ours"
    status=1
  fi
}

for bin in "${binaries[@]}"; do
  name=$(basename "$bin")
  copy="$out/$name"
  cp "$bin" "$copy"
  strip -g "$copy"
  log="$out/$name.log"
  # The 10,000-function test, the fuzzer, the property tests and the ports
  # on generated inputs are too slow under valgrind, and README's crate and
  # the check of the generated op handles are other programs' work (cargo,
  # the generator), not mlir-pass in this process; the five scenarios,
  # panics, threads (1,000 functions), pipelines, rewrite patterns, the
  # ports, properties and `translate_main` run. (`--skip` matches part of a
  # name: each filter below names only the tests it means.)
  valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
    --num-callers=40 --log-file="$log" \
    "$copy" --test-threads=2 --skip ten_thousand --skip a_crate_built_from_readme --skip generated_handles --skip fuzz:: --skip property:: --skip _on_generated_ -q >"$out/$name.out" 2>&1 || {
      echo "valgrind: $name failed under valgrind (see $log and $out/$name.out)" >&2
      status=1
    }
  check_log "$name" "$log"
done

# toyc, the Toy tutorial's compiler, through every stage down to the JIT:
# the Rust dialect, MLIRGen, the Rust and upstream passes, the
# ExecutionEngine. Its output under valgrind must be what it prints alone.
cargo build -q -p mlir-pass-toy
cp target/debug/toyc "$out/toyc"
strip -g "$out/toyc"
for input in ch6-jit ch7-struct; do
  name="toyc-$input"
  log="$out/$name.log"
  expected=$(target/debug/toyc "examples/toy/tests/lit/$input.toy" -emit=jit -opt)
  valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
    --num-callers=40 --log-file="$log" \
    "$out/toyc" "examples/toy/tests/lit/$input.toy" -emit=jit -opt >"$out/$name.out" 2>&1 || {
      echo "valgrind: $name failed under valgrind (see $log and $out/$name.out)" >&2
      status=1
    }
  if [ "$(cat "$out/$name.out")" != "$expected" ]; then
    echo "valgrind: $name printed otherwise under valgrind (see $out/$name.out)" >&2
    status=1
  fi
  check_log "$name" "$log"
done
exit $status
