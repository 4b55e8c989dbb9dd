//! Compiles the C++ twin of the option test pass (`cpp/option_twin.cpp`)
//! against the MLIR 22 headers, as the runtime compiles its bridge.

use std::{env, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=cpp/option_twin.cpp");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .file("cpp/option_twin.cpp")
        .include(prefix.join("include"))
        // LLVM is built without RTTI; match it so no typeinfo is referenced.
        .flag("-fno-rtti")
        .warnings(false)
        .compile("mlir_pass_tests_option_twin");
}
