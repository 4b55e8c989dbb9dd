//! Compiles the C++ registration bridge (`cpp/registration_bridge.cpp`)
//! against the MLIR 22 headers, and checks the link mode's prerequisites.

use std::{env, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=cpp/registration_bridge.cpp");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_LINK_SHARED");

    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    let include = prefix.join("include");
    if !include.join("mlir/Pass/PassRegistry.h").exists() {
        fail(&format!(
            "MLIR 22 headers not found under {}: run scripts/install-mlir.sh \
             (or point MLIR_SYS_220_PREFIX at an LLVM/MLIR 22 installation)",
            include.display()
        ));
    }

    let shared = env::var("MLIR_SYS_LINK_SHARED").is_ok_and(|v| v == "1");
    if shared && !prefix.join("lib/libMLIR-C.so").exists() {
        fail(&format!(
            "the shared link mode needs {}/lib/libMLIR-C.so, which Debian does not ship: \
             run scripts/install-mlir.sh to build it, or set MLIR_SYS_LINK_SHARED=0 \
             (with its own CARGO_TARGET_DIR) for the static mode",
            prefix.display()
        ));
    }
    println!(
        "cargo:rustc-env=MLIR_PASS_LINK_MODE={}",
        if shared { "shared" } else { "static" }
    );
    println!(
        "cargo:link_mode={}",
        if shared { "shared" } else { "static" }
    );

    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .file("cpp/registration_bridge.cpp")
        .include(&include)
        // LLVM is built without RTTI; match it so no typeinfo is referenced.
        .flag("-fno-rtti")
        .flag_if_supported("-Wno-unused-parameter")
        .warnings(false)
        .compile("mlir_pass_bridge");
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}
