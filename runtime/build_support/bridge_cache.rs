//! A cache of the compiled C++ bridge, shared by the builds of mlir-pass in
//! one target directory.
//!
//! Cargo builds mlir-pass more than once in a target directory: for each
//! set of features, and for each package that reaches it by a path of its
//! own (README's own crate, which the tests build, is one). Each build used
//! to compile the bridge again, 20 to 40 s of C++. An archive is stored
//! under a key of everything that decides its contents, as sccache keys
//! its objects: the compiler's `--version`, its path and every argument,
//! and the source after the preprocessor (so every MLIR header and bridge
//! file it includes, with their paths; `OUT_DIR`'s own path aside, where
//! the unity source is written). A build whose key is stored copies
//! the archive instead of compiling.
//!
//! The cache is `<target>/<profile>/build/mlir-pass-bridge-cache/`, beside
//! the build scripts' own directories (`cargo clean` removes it), and keeps
//! the [`KEEP`] most recently used keys.

use std::{
    env, fs,
    hash::{Hash, Hasher},
    path::{Path, PathBuf},
    process::Command,
};

/// How many archives the cache keeps: the bridge's two (its optimized part
/// is an archive of its own) for the last four versions, about 20 MB each
/// in a debug build.
const KEEP: usize = 8;

/// Bumped when what a cache entry holds changes.
const FORMAT: u32 = 1;

/// `lib<name>.a` in `OUT_DIR`, from the cache when `build`'s key is stored
/// there, else compiled by `build` and stored. Prints the link directives
/// that `cc` prints for the archive.
pub fn compile(build: &cc::Build, name: &str) -> Result<(), String> {
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let archive = format!("lib{name}.a");
    let Some(cache) = cache_dir(&out_dir) else {
        return compile_with_cc(build, name);
    };
    let key = match key(build, name) {
        Ok(key) => key,
        // The preprocessor failed: the compiler reports it properly.
        Err(_) => return compile_with_cc(build, name),
    };
    let entry = cache.join(&key);
    if fs::copy(entry.join(&archive), out_dir.join(&archive)).is_ok() {
        // Marks the entry as recently used, for the pruning below.
        let _ = fs::File::options()
            .write(true)
            .open(entry.join(&archive))
            .and_then(|f| f.set_modified(std::time::SystemTime::now()));
        println!("cargo:rustc-link-lib=static={name}");
        println!("cargo:rustc-link-search=native={}", out_dir.display());
        link_cpp_stdlib();
        return Ok(());
    }
    compile_with_cc(build, name)?;
    store(&cache, &key, &out_dir.join(&archive), &archive);
    Ok(())
}

fn compile_with_cc(build: &cc::Build, name: &str) -> Result<(), String> {
    build.try_compile(name).map_err(|e| e.to_string())
}

/// The C++ standard library, as `cc` links it for a C++ build on Linux
/// (`CXXSTDLIB` names another; empty, none).
fn link_cpp_stdlib() {
    println!("cargo:rerun-if-env-changed=CXXSTDLIB");
    let stdlib = env::var("CXXSTDLIB").unwrap_or_else(|_| "stdc++".into());
    if !stdlib.is_empty() {
        println!("cargo:rustc-link-lib={stdlib}");
    }
}

/// `<target>/<profile>/build/mlir-pass-bridge-cache`, from `OUT_DIR`
/// (`<target>/<profile>/build/mlir-pass-<hash>/out`).
fn cache_dir(out_dir: &Path) -> Option<PathBuf> {
    let build = out_dir.parent()?.parent()?;
    (build.file_name()? == "build").then(|| build.join("mlir-pass-bridge-cache"))
}

/// The key of what `build` compiles: a hash of the compiler's identity and
/// arguments and of the preprocessed source.
fn key(build: &cc::Build, name: &str) -> Result<String, String> {
    let compiler = build.try_get_compiler().map_err(|e| e.to_string())?;
    let version = Command::new(compiler.path())
        .arg("--version")
        .output()
        .map_err(|e| e.to_string())?;
    // The unity source is written to `OUT_DIR`, which differs from build
    // to build: its name in the line markers does not count.
    let source = String::from_utf8_lossy(&build.try_expand().map_err(|e| e.to_string())?).replace(
        &env::var("OUT_DIR").expect("cargo sets OUT_DIR"),
        "$OUT_DIR",
    );
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    FORMAT.hash(&mut hasher);
    name.hash(&mut hasher);
    compiler.path().hash(&mut hasher);
    compiler.args().hash(&mut hasher);
    version.stdout.hash(&mut hasher);
    source.hash(&mut hasher);
    // A second hash over the same input in another order, so that a key is
    // 128 bits.
    let mut second = std::collections::hash_map::DefaultHasher::new();
    source.hash(&mut second);
    compiler.args().hash(&mut second);
    version.stdout.hash(&mut second);
    FORMAT.hash(&mut second);
    Ok(format!(
        "{name}-{:016x}{:016x}",
        hasher.finish(),
        second.finish()
    ))
}

/// Stores `archive` under `key`, whole or not at all (written beside, then
/// renamed), and drops the least recently used entries beyond [`KEEP`].
/// A cache that cannot be written is no error: the build has its archive.
fn store(cache: &Path, key: &str, archive: &Path, file_name: &str) {
    let staging = cache.join(format!(".{key}.{}", std::process::id()));
    let stored = fs::create_dir_all(&staging)
        .and_then(|()| fs::copy(archive, staging.join(file_name)))
        .and_then(|_| fs::rename(&staging, cache.join(key)));
    if stored.is_err() {
        let _ = fs::remove_dir_all(&staging);
        return;
    }
    let Ok(entries) = fs::read_dir(cache) else {
        return;
    };
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(|e| {
            let dir = e.path();
            let used = fs::read_dir(&dir)
                .ok()?
                .flatten()
                .filter_map(|f| f.metadata().ok()?.modified().ok())
                .max()?;
            Some((used, dir))
        })
        .collect();
    entries.sort_by_key(|(used, _)| std::cmp::Reverse(*used));
    for (_, dir) in entries.into_iter().skip(KEEP) {
        let _ = fs::remove_dir_all(dir);
    }
}
