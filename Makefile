# Entry points named in README.md. Each target does its own set-up: it
# installs LLVM/MLIR 22 from Debian's packages first (skipped when present).

# Every target builds without incremental compilation (unless the
# environment says otherwise): on a fresh clone it is pure overhead, a third
# of the time of each workspace crate (mlir-pass: 17 s against 26 s), and
# targets that share the setting share their builds.
export CARGO_INCREMENTAL ?= 0

PIPELINE ?= builtin.module(func.func(fold-arith-identities,annotate-op-count),canonicalize,rs-symbol-dce)
INPUT ?= examples/inputs/example.mlir

.PHONY: setup demo test test-static lint package valgrind bench bench-driver bench-dialects bench-toy bench-smoke check

setup:
	@bash scripts/install-mlir.sh

## The main job: mlir-pass-opt runs Rust passes (a pattern pass, an
## analysis, a port of symbol-dce) and an upstream pass in one pipeline on the
## bundled example.
demo: setup
	cargo run --quiet -p mlir-pass-opt -- $(INPUT) --pass-pipeline='$(PIPELINE)'

## The whole test suite: unit, integration, driver end-to-end, compile-fail, doc tests.
test: setup
	cargo test --workspace

## The core integration and driver tests in the static link mode, and the
## check that a plugin refuses that mode (scripts/test-static.sh).
test-static: setup
	bash scripts/test-static.sh

## Formatting and lints, as CI checks them.
lint: setup
	cargo fmt --all -- --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy -p mlir-pass --no-default-features -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps
	python3 scripts/check-links.py

## The publishable crates packaged, and each built from its .crate file
## (catches a file missing from a package before a release).
package: setup
	@# Verifying extracts the packaged crates into cargo's registry sources, under
	@# a key of the temporary registry's path, and builds them once: cargo takes
	@# a registry crate for immutable, so a later run from the same path would
	@# verify that stale copy (and its build) instead of this one.
	rm -rf "$${CARGO_HOME:-$$HOME/.cargo}"/registry/src/*/mlir-pass-macros-0.* \
	       "$${CARGO_HOME:-$$HOME/.cargo}"/registry/src/*/mlir-pass-0.*
	cargo clean --quiet -p mlir-pass-macros
	cargo package -p mlir-pass-macros -p mlir-pass

## The integration tests under valgrind; fails on any block definitely lost
## through mlir-pass's runtime, generated code or C++ bridge.
valgrind: setup
	bash scripts/valgrind.sh

## The benchmarks (release build; prints a Markdown table, see BENCHMARKS.md).
bench: setup
	cargo bench -p mlir-pass-bench

## mlir-pass-opt against the stock mlir-opt (release builds; see BENCHMARKS.md).
bench-driver: setup
	python3 bench/driver/run.py

## MLIR's index and complex dialects re-declared in Rust (upstream-dialects-opt)
## against the stock mlir-opt's C++ ones, 100,000+ ops, outputs compared first
## (release builds; see BENCHMARKS.md).
bench-dialects: setup
	python3 bench/dialects/run.py

## toyc -emit=jit -opt on 1,000 generated Toy functions, stage by stage and
## pass by pass (release build; see BENCHMARKS.md, 1i). One round takes about
## 25 minutes, nearly all in affine-loop-fusion.
bench-toy: setup
	python3 bench/toy/run.py

## A quick run of the benchmarks in the dev profile: proves they build and run.
bench-smoke: setup
	cargo bench -p mlir-pass-bench --profile dev -- --quick
	python3 bench/driver/run.py --quick
	python3 bench/toy/run.py --quick

## Everything CI runs.
check: test lint package valgrind test-static bench-smoke
