# lit configuration for mlir-pass: the passes' FileCheck tests, run the way
# MLIR's own tests are. Copy it for a crate of your own: point MLIR_PASS_OPT
# at your `opt_main` binary (and MLIR_PASS_PLUGIN at your plugin, if any).
#
#   MLIR_PASS_OPT=target/debug/my-opt \
#   MLIR_PASS_PLUGIN=target/debug/libmy_passes.so \
#   /usr/lib/llvm-22/bin/lit -v tests/lit
#
# Substitutions: %mlir-pass-opt (the opt_main tool), %mlir-opt (the stock
# mlir-opt), %plugin (the plugin library); FileCheck and `not` come from
# LLVM 22's tools.
#
# lit's output (each test's `Output/` files, `.lit_test_times.txt`) goes
# outside the sources: to `target/lit-out/<the suite's path>` of the cargo
# workspace the suite is in (the nearest directory above it with a
# Cargo.lock; `$CARGO_TARGET_DIR/lit-out/...` when that is set), or, outside
# any workspace, to `mlir-pass-lit/<the suite's absolute path>` in the
# temporary directory. Set MLIR_PASS_LIT_OUT to choose the directory.

import os
import tempfile

import lit.formats

config.name = "mlir-pass"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)


def default_exec_root(source):
    """Where lit writes when MLIR_PASS_LIT_OUT is not set (see the top)."""
    source = os.path.realpath(source)
    root = source
    while not os.path.isfile(os.path.join(root, "Cargo.lock")):
        parent = os.path.dirname(root)
        if parent == root:
            temporary = os.path.join(tempfile.gettempdir(), "mlir-pass-lit")
            return os.path.join(temporary, source.lstrip(os.sep))
        root = parent
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(root, "target")
    return os.path.join(os.path.abspath(target), "lit-out", os.path.relpath(source, root))


config.test_exec_root = os.environ.get("MLIR_PASS_LIT_OUT") or default_exec_root(
    config.test_source_root
)

llvm_bin = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))]
)


def required(variable):
    value = os.environ.get(variable)
    if not value:
        lit_config.fatal(f"set {variable}: see the comment at the top of lit.cfg.py")
    return os.path.abspath(value)


config.substitutions.append(("%mlir-pass-opt", required("MLIR_PASS_OPT")))
config.substitutions.append(("%mlir-opt", os.path.join(llvm_bin, "mlir-opt")))
if os.environ.get("MLIR_PASS_PLUGIN"):
    config.substitutions.append(("%plugin", required("MLIR_PASS_PLUGIN")))
    config.available_features.add("plugin")

# The dialect tests (tests/lit/dialect) need the tests' own driver and plugin,
# which hold the `rtest` dialect: run with MLIR_PASS_RTEST_OPT and
# MLIR_PASS_PROBE_PLUGIN set (tests/integration/plugin.rs does); otherwise
# the directory is left out.
if os.environ.get("MLIR_PASS_RTEST_OPT") and os.environ.get("MLIR_PASS_PROBE_PLUGIN"):
    config.substitutions.append(("%rtest-opt", required("MLIR_PASS_RTEST_OPT")))
    config.substitutions.append(("%probe-plugin", required("MLIR_PASS_PROBE_PLUGIN")))
    config.available_features.add("rtest")
else:
    config.excludes.append("dialect")
