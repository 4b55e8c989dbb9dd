//! Compiles the C++ twins of test passes (`cpp/option_twin.cpp`,
//! `cpp/conversion_twin.cpp`, `cpp/pipeline_twin.cpp`, `cpp/instrumentation_twin.cpp`,
//! `cpp/analysis_twin.cpp`) against the MLIR 22 headers, as the runtime
//! compiles its bridge.

use std::{env, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=cpp/option_twin.cpp");
    println!("cargo:rerun-if-changed=cpp/conversion_twin.cpp");
    println!("cargo:rerun-if-changed=cpp/pipeline_twin.cpp");
    println!("cargo:rerun-if-changed=cpp/instrumentation_twin.cpp");
    println!("cargo:rerun-if-changed=cpp/analysis_twin.cpp");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    let mut build = cc::Build::new();
    // clang++, as libMLIR and the runtime's bridge are built (TypeIDs of
    // MLIR's op classes are resolved as the compiler spells them).
    let clang = prefix.join("bin/clang++");
    if env::var_os("CXX").is_none() && clang.exists() {
        build.compiler(&clang);
    }
    build
        .cpp(true)
        .std("c++17")
        .file("cpp/option_twin.cpp")
        .file("cpp/conversion_twin.cpp")
        .file("cpp/pipeline_twin.cpp")
        .file("cpp/instrumentation_twin.cpp")
        .file("cpp/analysis_twin.cpp")
        .include(prefix.join("include"))
        // LLVM is built without RTTI; match it so no typeinfo is referenced.
        .flag("-fno-rtti")
        .warnings(false)
        .compile("mlir_pass_tests_option_twin");
}
