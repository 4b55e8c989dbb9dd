//! Compiles the native C++ passes and the ODS dialect `odsb` (its
//! TableGen run through `mlir-tblgen`), and generates 1,000 `#[mlir_pass]`
//! structs for the registration benchmark.

use std::{
    env,
    fmt::Write,
    fs,
    path::{Path, PathBuf},
    process::Command,
};

fn main() {
    println!("cargo:rerun-if-changed=cpp/native_passes.cpp");
    println!("cargo:rerun-if-changed=cpp/ods_dialect.td");
    println!("cargo:rerun-if-changed=cpp/ods_dialect.cpp");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
    // The two C++ sources compile side by side (each takes about 5 s).
    std::thread::scope(|scope| {
        scope.spawn(|| ods_dialect(&prefix, &out_dir));
        cc::Build::new()
            .cpp(true)
            .std("c++17")
            .file("cpp/native_passes.cpp")
            .include(prefix.join("include"))
            .flag("-fno-rtti")
            .opt_level(2)
            .warnings(false)
            .compile("mlir_pass_bench_native");
    });

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
    fs::write(out_dir.join("registration_passes.rs"), passes).unwrap();
}

/// The dialect benchmark's C++ side: `cpp/ods_dialect.td` through
/// `mlir-tblgen` into `out_dir`, then `cpp/ods_dialect.cpp` (which includes
/// the generated files) compiled with LLVM's clang, as the runtime compiles
/// its bridge (GCC spells implicit TypeIDs differently from libMLIR).
fn ods_dialect(prefix: &Path, out_dir: &Path) {
    let include = prefix.join("include");
    let tblgen = prefix.join("bin/mlir-tblgen");
    for (generator, output) in [
        ("-gen-dialect-decls", "ods_dialect.h.inc"),
        ("-gen-dialect-defs", "ods_dialect.cpp.inc"),
        ("-gen-op-decls", "ods_ops.h.inc"),
        ("-gen-op-defs", "ods_ops.cpp.inc"),
    ] {
        let status = Command::new(&tblgen)
            .arg(generator)
            .arg("--dialect=odsb")
            .arg("-I")
            .arg(&include)
            .arg("cpp/ods_dialect.td")
            .arg("-o")
            .arg(out_dir.join(output))
            .status()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", tblgen.display()));
        assert!(
            status.success(),
            "{} {generator} cpp/ods_dialect.td failed",
            tblgen.display()
        );
    }
    let clang = prefix.join("bin/clang++");
    let mut build = cc::Build::new();
    if env::var_os("CXX").is_none() && clang.exists() {
        build.compiler(&clang);
    }
    build
        .cpp(true)
        .std("c++17")
        .file("cpp/ods_dialect.cpp")
        .include(&include)
        .include(out_dir)
        // As LLVM is built: no RTTI, no assertions (the runtime's bridge
        // is compiled the same way).
        .flag("-fno-rtti")
        .define("NDEBUG", None)
        .opt_level(2)
        .warnings(false)
        .compile("mlir_pass_bench_ods_dialect");
}
