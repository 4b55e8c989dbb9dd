//! Compiles the native C++ passes, and generates 1,000 `#[mlir_pass]`
//! structs for the registration benchmark.

use std::{env, fmt::Write, fs, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=cpp/native_passes.cpp");
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .file("cpp/native_passes.cpp")
        .include(prefix.join("include"))
        .flag("-fno-rtti")
        .opt_level(2)
        .warnings(false)
        .compile("mlir_pass_bench_native");

    let mut passes = String::new();
    for i in 0..1000 {
        writeln!(
            passes,
            "/// Registration benchmark pass {i}.\n\
             #[mlir_pass(argument = \"bench-reg-{i}\")]\n\
             #[derive(Clone, Default)]\n\
             pub struct BenchReg{i};\n\
             impl Pass for BenchReg{i} {{\n\
                 fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {{ Ok(()) }}\n\
             }}"
        )
        .unwrap();
    }
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("registration_passes.rs");
    fs::write(out, passes).unwrap();
}
