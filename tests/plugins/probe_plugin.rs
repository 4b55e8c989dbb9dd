//! The test passes of `mlir-pass-tests` (the probes among them) as a plugin
//! for the stock `mlir-opt`, so that a query's answer inside `mlir-opt` can
//! be compared with its answer in our own process.

use mlir_pass_tests as _;

mlir_pass::plugin!(name = "mlir-pass-probe-plugin", version = "0");

/// Links the C++ twins of the test passes (`tests/cpp`, the analysis ones
/// among them) into the plugin, whose static registration then runs when
/// `mlir-opt` loads it, as a C++ plugin's static `PassRegistration` objects
/// do: this reference is kept by an ELF constructor (`.init_array`), which
/// `dlopen` runs after libMLIR's own.
#[used]
#[unsafe(link_section = ".init_array")]
static LINK_CPP_TWINS: extern "C" fn() = {
    extern "C" fn link() {
        mlir_pass_tests::link_cpp_twins();
    }
    link
};
