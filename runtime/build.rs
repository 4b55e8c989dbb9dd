//! Compiles the C++ registration bridge (`cpp/registration_bridge.cpp`)
//! against the MLIR 22 headers, and checks the link mode's prerequisites.

use std::{env, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=cpp/registration_bridge.cpp");
    println!("cargo:rerun-if-changed=cpp/opt_main.cpp");
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

    // mlir-sys links MLIR statically when the variable is unset (about 250 MB
    // per binary, and no plugins): that choice must be made on purpose.
    let link_shared = env::var("MLIR_SYS_LINK_SHARED").ok();
    if link_shared.is_none() {
        fail(
            "MLIR_SYS_LINK_SHARED is not set, so mlir-sys would link all of MLIR statically \
             into every binary (about 250 MB each, and no mlir-opt plugins): add \
             `MLIR_SYS_LINK_SHARED = \"1\"` to the [env] table of your .cargo/config.toml \
             (see README, \"Use mlir-pass in your own crate\"), or set it to \"0\" to choose \
             the static mode",
        );
    }
    let shared = link_shared.is_some_and(|v| v == "1");
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
        .file("cpp/opt_main.cpp")
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
