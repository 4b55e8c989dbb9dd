# lit configuration for the Toy tutorial in Rust: toyc's tests, chapter by
# chapter, and the Toy plugin inside the stock mlir-opt.
#
#   TOYC=target/debug/toyc TOY_PLUGIN=target/debug/libmlir_pass_toy.so \
#   /usr/lib/llvm-22/bin/lit -v examples/toy/tests/lit
#
# (`cargo test -p mlir-pass-toy` runs it with both set.) Substitutions:
# %toyc, %mlir-opt (Debian's stock mlir-opt), %toy-plugin.

import os

import lit.formats

config.name = "toy"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".toy", ".mlir"]
config.excludes = ["lit.cfg.py", "inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.environ.get(
    "TOY_LIT_OUT", os.path.join(config.test_source_root, "Output")
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
