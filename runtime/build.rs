//! Compiles the C++ bridge (`cpp/*.cpp`) against the MLIR 22 headers,
//! generates its Rust declarations from `cpp/mlir_pass_bridge.h` with
//! bindgen (so the two cannot drift), and checks the link mode's
//! prerequisites.

use std::{env, path::PathBuf};

#[path = "build_support/bridge_cache.rs"]
mod bridge_cache;

/// The bridge's sources, one concern each.
const BRIDGE_SOURCES: &[&str] = &[
    "registry.cpp",
    "host.cpp",
    "ir.cpp",
    "analysis.cpp",
    "conversion.cpp",
    "conversion_patterns.cpp",
    "dialect.cpp",
    "dialect_format.cpp",
    "dialect_format_parts.cpp",
    "dialect_format_print.cpp",
    "dialect_format_custom.cpp",
    "dialect_format_finish.cpp",
    "dialect_asm.cpp",
    "dialect_syntax.cpp",
    "dialect_attrs.cpp",
    "dialect_type_match.cpp",
    "int_range.cpp",
    "opt_main.cpp",
    "running_pass.cpp",
    "tool_translate.cpp",
    "tool_support.cpp",
    "tool_lsp.cpp",
    "tool_reduce.cpp",
    "bit_enum.cpp",
    "dialect_alias.cpp",
    "running_pipeline.cpp",
    "interface_pass.cpp",
    "instrumentation.cpp",
    "diagnostics.cpp",
    "running_analyses.cpp",
    "dialect_function.cpp",
    "dialect_infer.cpp",
];
/// Sources compiled with optimization in every profile: the debug-build
/// pattern check calls them on every pattern call, and MLIR's inline
/// accessors cost ten times more unoptimized.
const OPTIMIZED_SOURCES: &[&str] = &["rewrite.cpp"];
/// The headers: the public one (every `extern "C"` function, declared in
/// its parts under `api/`) and the C++-only support the sources include.
const BRIDGE_HEADERS: &[&str] = &[
    "mlir_pass_bridge.h",
    "bridge_support.h",
    "conversion_support.h",
    "dialect_support.h",
    "bit_enum.h",
    "dialect_models.h",
    "dialect_asm_model.h",
    "dialect_properties.h",
    "dialect_iface_models.h",
    "dialect_cf_models.h",
    "dialect_op_model.h",
    "dialect_parse.h",
    "dialect_format_state.h",
    "api/registry.h",
    "api/ir.h",
    "api/analysis.h",
    "api/rewrite.h",
    "api/conversion.h",
    "api/conversion_patterns.h",
    "api/interfaces.h",
    "api/dialect.h",
    "api/dialect_custom.h",
    "api/dialect_alias.h",
    "api/tools.h",
    "api/running_pass.h",
    "api/tool_lsp.h",
    "api/tool_reduce.h",
    "tool_support.h",
    "api/running_pipeline.h",
    "api/interface_pass.h",
    "api/instrumentation.h",
    "api/diagnostics.h",
    "api/running_analyses.h",
    "api/syntax.h",
    "api/translate.h",
    "dialect_inliner.h",
];

fn main() {
    for file in BRIDGE_SOURCES
        .iter()
        .chain(OPTIMIZED_SOURCES)
        .chain(BRIDGE_HEADERS)
    {
        println!("cargo:rerun-if-changed=cpp/{file}");
    }
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_LINK_SHARED");
    println!("cargo:rerun-if-env-changed=CXX");

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
    if shared {
        check_jit_symbols(&prefix.join("lib/libMLIR-C.so"));
    }
    println!(
        "cargo:rustc-env=MLIR_PASS_LINK_MODE={}",
        if shared { "shared" } else { "static" }
    );
    println!(
        "cargo:link_mode={}",
        if shared { "shared" } else { "static" }
    );

    generate_declarations(&include);

    // The sources are compiled as one translation unit: each of them spends
    // nearly all of its 3 s parsing MLIR's headers, so the ten take 8 s
    // together against 35 s apart (a target directory pays this once: later
    // builds of the crate there, for other features or for README's own
    // crate in the tests, copy the archives from `bridge_cache`). The
    // optimized source compiles on a thread of its own meanwhile.
    let unity = unity_source(BRIDGE_SOURCES);
    std::thread::scope(|scope| {
        let optimized = scope.spawn(|| {
            bridge_cache::compile(
                bridge_build(&prefix, &include, OPTIMIZED_SOURCES).opt_level(2),
                "mlir_pass_bridge_optimized",
            )
        });
        compiled(
            bridge_cache::compile(
                bridge_build(&prefix, &include, &[]).file(&unity),
                "mlir_pass_bridge",
            ),
            "the C++ bridge",
        );
        compiled(
            optimized
                .join()
                .expect("the optimized build does not panic"),
            "the C++ bridge's optimized part",
        );
    });
}

/// Writes `$OUT_DIR/mlir_pass_bridge.cpp`, which includes every source of
/// `sources` by its absolute path (so that each source's own `#include
/// "..."` still resolves next to it, and a compiler error names the source).
fn unity_source(sources: &[&str]) -> PathBuf {
    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("cpp");
    let mut text = String::from("// Generated by build.rs: the bridge as one translation unit.\n");
    for file in sources {
        text.push_str(&format!("#include \"{}\"\n", dir.join(file).display()));
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("mlir_pass_bridge.cpp");
    // Written only when it changes, so the compiler's inputs keep their times.
    if std::fs::read_to_string(&out).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&out, text)
            .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", out.display())));
    }
    out
}

fn compiled(result: Result<(), String>, what: &str) {
    if let Err(e) = result {
        fail(&format!("{what} did not compile: {e}"));
    }
}

/// A C++ build of `sources` against MLIR's headers, as LLVM was built.
fn bridge_build(
    prefix: &std::path::Path,
    include: &std::path::Path,
    sources: &[&str],
) -> cc::Build {
    // Clang, as Debian builds libMLIR: an implicit TypeID (a trait's, say)
    // is resolved by the type's name as the compiler spells it, and GCC
    // spells it differently, so `hasTrait<...>()` compiled by GCC answers
    // `false` inside a plugin. `CXX` still overrides the choice.
    let clang = prefix.join("bin/clang++");
    let mut build = cc::Build::new();
    if env::var_os("CXX").is_none() && clang.exists() {
        build.compiler(&clang);
    }
    for file in sources {
        build.file(format!("cpp/{file}"));
    }
    build
        .cpp(true)
        .std("c++17")
        .include(include)
        // LLVM is built without RTTI; match it so no typeinfo is referenced.
        .flag("-fno-rtti")
        // And without assertions (Debian's is a release build, whose ABI
        // checks are fixed off in llvm/Config/abi-breaking.h): MLIR's inline
        // code compiled here then does what it does inside libMLIR, without
        // the second interface lookup each `cast<>` asserts with. Our own
        // checks never rely on MLIR's assertions.
        .define("NDEBUG", None)
        .flag_if_supported("-Wno-unused-parameter")
        .warnings(false);
    build
}

/// Writes `$OUT_DIR/bridge.rs`: the `extern "C"` declarations, callback
/// types and enums of `cpp/mlir_pass_bridge.h`, in terms of `mlir_sys`'s
/// types (the C API's types are not generated again).
fn generate_declarations(include: &std::path::Path) {
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bridge.rs");
    let bindings = bindgen::builder()
        .header("cpp/mlir_pass_bridge.h")
        .clang_arg(format!("-I{}", include.display()))
        .allowlist_file(".*cpp/(mlir_pass_bridge|api/[a-z_]+)\\.h")
        .allowlist_recursively(false)
        // An enum value that C++ returns out of range must not be UB in
        // Rust: newtypes with associated constants, matched with a fallback.
        .default_enum_style(bindgen::EnumVariation::NewType {
            is_bitfield: false,
            is_global: false,
        })
        .prepend_enum_name(false)
        .raw_line("use mlir_sys::*;")
        .generate_comments(true)
        .layout_tests(false)
        .generate()
        .unwrap_or_else(|e| {
            fail(&format!(
                "bindgen could not read cpp/mlir_pass_bridge.h: {e}"
            ))
        });
    bindings
        .write_to_file(&out)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", out.display())));
}

/// `mlir_pass::jit` calls the JIT's C API (`mlirExecutionEngine*`), which an
/// older `scripts/install-mlir.sh` left out of the `libMLIR-C.so` it built:
/// say so here rather than with an undefined symbol at link time.
fn check_jit_symbols(library: &std::path::Path) {
    println!("cargo:rerun-if-changed={}", library.display());
    let bytes = std::fs::read(library).unwrap_or_default();
    let needle = b"mlirExecutionEngineCreate\0";
    if !bytes.windows(needle.len()).any(|w| w == needle) {
        fail(&format!(
            "{} has no mlirExecutionEngineCreate (the JIT's C API, used by mlir_pass::jit): \
             it was built by an older scripts/install-mlir.sh; run the script again to rebuild it",
            library.display()
        ));
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}
