#!/usr/bin/env bash
# The static link mode: every MLIR archive linked into each binary
# (mlir-sys's own choice when static libraries exist). Runs the core
# integration tests, the driver tests, and checks that a pass plugin refuses
# to build in this mode (it must share mlir-opt's libMLIR.so).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-mlir.sh >/dev/null

# mlir-sys does not rebuild when the variable changes: a target dir of its own.
export MLIR_SYS_LINK_SHARED=0 CARGO_TARGET_DIR=target/static

# The 10,000-function test runs twenty times here (five in `make test`).
MLIR_PASS_STRESS_RUNS=20 cargo test -p mlir-pass-tests --test core --test conflicts
# The driver's own tests: the lit suite and the conformance check, which
# share its binary, need the example plugin, which this mode cannot build.
cargo test -p mlir-pass-opt --test driver -- --skip lit:: --skip conformance::

if out=$(cargo build -p mlir-pass-example-plugin 2>&1); then
  echo "test-static: FAILED: the plugin built in the static mode; it must refuse" >&2
  exit 1
fi
if ! grep -q "an MLIR pass plugin must link MLIR's shared libraries" <<<"$out"; then
  echo "test-static: FAILED: the static plugin build failed without the expected message:" >&2
  echo "$out" >&2
  exit 1
fi
echo "test-static: the plugin refuses the static mode with the expected message"
