# lit configuration for the Toy tutorial in Rust: toyc's tests, chapter by
# chapter, and the Toy plugin inside the stock mlir-opt.
#
#   TOYC=target/debug/toyc TOY_PLUGIN=target/debug/libmlir_pass_toy.so \
#   /usr/lib/llvm-22/bin/lit -v examples/toy/tests/lit
#
# (`cargo test -p mlir-pass-toy` runs it with both set.) Substitutions:
# %toyc, %mlir-opt (Debian's stock mlir-opt), %toy-plugin.
#
# lit's output goes outside the sources, as in tests/lit/lit.cfg.py: to
# `target/lit-out/examples/toy/tests/lit` of the workspace
# (`$CARGO_TARGET_DIR/lit-out/...` when that is set), or to the temporary
# directory outside a workspace. Set TOY_LIT_OUT to choose the directory.

import os
import tempfile

import lit.formats

config.name = "toy"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".toy", ".mlir"]
config.excludes = ["lit.cfg.py", "inputs"]
config.test_source_root = os.path.dirname(__file__)


def default_exec_root(source):
    """Where lit writes when TOY_LIT_OUT is not set (see the top)."""
    source = os.path.realpath(source)
    root = source
    while not os.path.isfile(os.path.join(root, "Cargo.lock")):
        parent = os.path.dirname(root)
        if parent == root:
            temporary = os.path.join(tempfile.gettempdir(), "toy-lit")
            return os.path.join(temporary, source.lstrip(os.sep))
        root = parent
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(root, "target")
    return os.path.join(os.path.abspath(target), "lit-out", os.path.relpath(source, root))


config.test_exec_root = os.environ.get("TOY_LIT_OUT") or default_exec_root(
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


config.substitutions.append(("%toyc", required("TOYC")))
config.substitutions.append(("%toy-plugin", required("TOY_PLUGIN")))
config.substitutions.append(("%mlir-opt", os.path.join(llvm_bin, "mlir-opt")))
