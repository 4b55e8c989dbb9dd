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
//! The cache is `mlir-pass-bridge-cache/` in the directory of the build
//! scripts' own (`<target>/[<triple>/]<profile>/build/`): `cargo clean`
//! removes it, `cargo clean -p mlir-pass` does not. It keeps the [`KEEP`]
//! most recently used keys. Keys are hashes of the standard library's
//! `DefaultHasher`, whose algorithm may change with the toolchain: a new
//! toolchain then compiles once more. Files that compiler flags name (a
//! profile, a sanitizer's list) are not part of the key; the bridge's
//! build names none.

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
/// there, else compiled by `build` and stored. Either way the link
/// directives are `cc`'s own (`try_compile` prints them, and
/// `try_emit_link_directives` prints the same for a copied archive).
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
    if copy_archive(&entry.join(&archive), &out_dir.join(&archive)) {
        return cc::try_emit_link_directives(build, out_dir.join(&archive))
            .map_err(|e| e.to_string());
    }
    // A stored entry that is not an archive (a crash while it was written)
    // is dropped, so that this build stores a good one.
    let _ = fs::remove_dir_all(&entry);
    compile_with_cc(build, name)?;
    // Stored only if the sources did not change while they compiled (an
    // editor saving a file meanwhile): the archive is then the key's.
    if self::key(build, name).as_ref() == Ok(&key) {
        store(&cache, &key, &out_dir.join(&archive), &archive);
    }
    Ok(())
}

/// Copies a stored archive, if it is one (`!<arch>` and more), and marks
/// it as recently used for the pruning in [`store`].
fn copy_archive(stored: &Path, to: &Path) -> bool {
    let mut magic = [0u8; 8];
    let is_archive = fs::File::open(stored)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .is_ok()
        && &magic == b"!<arch>\n"
        && fs::metadata(stored).is_ok_and(|m| m.len() > 8);
    if !is_archive || fs::copy(stored, to).is_err() {
        return false;
    }
    let _ = fs::File::options()
        .write(true)
        .open(stored)
        .and_then(|f| f.set_modified(std::time::SystemTime::now()));
    true
}

fn compile_with_cc(build: &cc::Build, name: &str) -> Result<(), String> {
    build.try_compile(name).map_err(|e| e.to_string())
}

/// `.../build/mlir-pass-bridge-cache`, from `OUT_DIR`
/// (`<target>/[<triple>/]<profile>/build/mlir-pass-<hash>/out`).
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
    let source = build.try_expand().map_err(|e| e.to_string())?;
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let source = replace_bytes(&source, out_dir.as_bytes(), b"$OUT_DIR");
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    FORMAT.hash(&mut hasher);
    name.hash(&mut hasher);
    compiler.path().hash(&mut hasher);
    compiler.args().hash(&mut hasher);
    version.stdout.hash(&mut hasher);
    source.hash(&mut hasher);
    // A second hash over the same input in another order: two keys are
    // taken for one only if both hashes collide.
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

/// `haystack` with every `needle` replaced by `with`.
fn replace_bytes(haystack: &[u8], needle: &[u8], with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(haystack.len());
    let mut rest = haystack;
    while !needle.is_empty() {
        let Some(at) = rest.windows(needle.len()).position(|w| w == needle) else {
            break;
        };
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(with);
        rest = &rest[at + needle.len()..];
    }
    out.extend_from_slice(rest);
    out
}

/// Stores `archive` under `key`, whole or not at all (written beside, then
/// renamed), and drops the least recently used entries beyond [`KEEP`].
/// A cache that cannot be written is no error: the build has its archive.
fn store(cache: &Path, key: &str, archive: &Path, file_name: &str) {
    let staging = cache.join(format!(".{key}.{}", std::process::id()));
    let stored = fs::create_dir_all(&staging)
        .and_then(|()| fs::copy(archive, staging.join(file_name)))
        .and_then(|_| fs::File::open(staging.join(file_name))?.sync_all())
        .and_then(|()| fs::rename(&staging, cache.join(key)));
    if stored.is_err() {
        let _ = fs::remove_dir_all(&staging);
        return;
    }
    let Ok(entries) = fs::read_dir(cache) else {
        return;
    };
    let day_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(86_400);
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| {
            // A staging directory a killed build left behind, once it is
            // surely no other build's.
            let staging = e.file_name().to_string_lossy().starts_with('.');
            if staging
                && e.metadata()
                    .and_then(|m| m.modified())
                    .is_ok_and(|t| t < day_ago)
            {
                let _ = fs::remove_dir_all(e.path());
            }
            !staging
        })
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
