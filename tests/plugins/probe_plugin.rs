//! The test passes of `mlir-pass-tests` (the probes among them) as a plugin
//! for the stock `mlir-opt`, so that a query's answer inside `mlir-opt` can
//! be compared with its answer in our own process.

use mlir_pass_tests as _;

mlir_pass::plugin!(name = "mlir-pass-probe-plugin", version = "0");

/// Links the C++ twins of the analysis test passes
/// (`tests/cpp/analysis_twin.cpp`) into the plugin, whose static
/// registration then runs when `mlir-opt` loads it, as a C++ plugin's
/// static `PassRegistration` objects do: this reference is kept by an ELF
/// constructor (`.init_array`), which `dlopen` runs after libMLIR's own.
#[used]
#[unsafe(link_section = ".init_array")]
static REGISTER_CPP_ANALYSIS_TWINS: extern "C" fn() = {
    extern "C" fn register() {
        mlir_pass_tests::analysis_twin::register_cpp_twins();
    }
    register
};
