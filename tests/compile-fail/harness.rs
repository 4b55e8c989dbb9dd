//! Runs the fixtures: finds the `mlir-pass` this workspace built, checks
//! each fixture against it with rustc (one rustc per core, at most four),
//! and compares rustc's normalized errors with the fixture's `.stderr`
//! file.

use std::{
    env, fs,
    path::{Path, PathBuf},
    process::Command,
    sync::Mutex,
};

use crate::normalize;

/// The flags trybuild 1.0 checked fixtures with (its `rustflags.rs`), so
/// that the diagnostics it recorded are the ones rustc prints here.
const RUSTC_FLAGS: &[&str] = &[
    "--cfg",
    "trybuild",
    "--verbose",
    "-A",
    "dead_code",
    "--diagnostic-width=140",
];

/// The `mlir_pass` library the fixtures are checked against.
struct Library {
    rlib: PathBuf,
    deps: PathBuf,
}

/// The directory the test binary was built in (`CARGO_TARGET_TMPDIR` is its
/// `tmp/`), absolute, whatever `CARGO_TARGET_DIR` or `--target-dir` said.
fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("CARGO_TARGET_TMPDIR is <target>/tmp")
        .to_owned()
}

/// The workspace's root (this crate is its `tests/compile-fail`).
fn workspace() -> PathBuf {
    let source_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    source_dir
        .parent()
        .and_then(Path::parent)
        .expect("this crate is <workspace>/tests/compile-fail")
        .to_owned()
}

/// Cargo's arguments for the profile this test binary was built with
/// (`<target>/[<triple>/]<profile dir>/deps/ui-<hash>`), and for its
/// target when the build named one (`--target <triple>`).
fn build_args() -> Vec<String> {
    let exe = env::current_exe().expect("the test binary's path");
    let profile_dir = exe.parent().and_then(Path::parent);
    let name = |dir: Option<&Path>| {
        dir.and_then(Path::file_name)
            .and_then(|name| name.to_str())
            .map(str::to_owned)
    };
    let mut args = match name(profile_dir).as_deref().unwrap_or("debug") {
        "debug" => vec![],
        "release" => vec!["--release".to_owned()],
        other => vec!["--profile".to_owned(), other.to_owned()],
    };
    args.extend(target_triple().map(|triple| format!("--target={triple}")));
    args
}

/// The triple of a build that named its target (`cargo test --target
/// <triple>` builds in `<target>/<triple>/<profile>/`), else none.
fn target_triple() -> Option<String> {
    let exe = env::current_exe().expect("the test binary's path");
    let above_profile = exe.parent()?.parent()?.parent()?;
    (above_profile != target_dir())
        .then(|| above_profile.file_name()?.to_str().map(str::to_owned))
        .flatten()
}

/// Asks cargo where this crate's `mlir_pass` dependency is. The test binary
/// was built with it, so cargo finds it fresh: the fixtures are checked
/// against the very library the workspace's other tests use, with no second
/// build of mlir-pass and its dependencies. (Were the features `cargo test
/// --workspace` unifies ever to differ from this crate's alone, cargo would
/// build mlir-pass again here, once, and the checks would still be right.)
fn library() -> Library {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "--offline", "--lib", "--message-format=json"])
        .args(["-p", env!("CARGO_PKG_NAME"), "--target-dir"])
        .arg(target_dir())
        .args(build_args())
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "cargo could not build {}'s dependencies:\n{}{stdout}",
        env!("CARGO_PKG_NAME"),
        String::from_utf8_lossy(&output.stderr)
    );
    // The artifact whose file is `libmlir_pass-<hash>.rlib`.
    let rlib = stdout
        .lines()
        .filter(|line| line.contains(r#""reason":"compiler-artifact""#))
        .flat_map(json_strings)
        .map(PathBuf::from)
        .find(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("libmlir_pass-") && name.ends_with(".rlib"))
        })
        .unwrap_or_else(|| panic!("cargo named no mlir_pass rlib:\n{stdout}"));
    let deps = rlib.parent().expect("the rlib is in deps/").to_owned();
    Library { rlib, deps }
}

/// The string values of one line of cargo's JSON messages, unescaped
/// (paths have only `\\` and `\"` to unescape).
fn json_strings(line: &str) -> Vec<String> {
    let mut strings = Vec::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => s.extend(chars.next()),
                c => s.push(c),
            }
        }
        strings.push(s);
    }
    strings
}

/// rustc's output for `fixture` (relative to this crate's directory),
/// compiled as the crate `crate_name`.
fn check(
    library: &Library,
    fixture: &Path,
    crate_name: &str,
    out_dir: &Path,
) -> Result<String, String> {
    // From the workspace's root, where cargo compiled mlir-pass: rustc
    // reads the snippets of its sources by the paths cargo gave, relative
    // to that root. The fixture is named by its absolute path, as trybuild
    // names it, and normalized to `ui/<name>.rs`.
    let source_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .current_dir(workspace())
        .arg(source_dir.join(fixture))
        // The workspace's edition (Cargo.toml's `workspace.package`), which
        // trybuild took from this crate's manifest.
        .args([
            "--crate-name",
            crate_name,
            "--crate-type",
            "bin",
            "--edition=2021",
        ])
        .args(["--emit=metadata", "--color=never", "--out-dir"])
        .arg(out_dir)
        .arg("-L")
        .arg(format!("dependency={}", library.deps.display()))
        .arg("--extern")
        .arg(format!("mlir_pass={}", library.rlib.display()))
        .args(target_triple().map(|triple| format!("--target={triple}")))
        .args(RUSTC_FLAGS)
        .output()
        .map_err(|e| format!("rustc did not run: {e}"))?;
    if output.status.success() {
        return Err("compiled without an error: a compile-fail fixture must fail".into());
    }
    Ok(String::from_utf8_lossy(&output.stderr).into_owned())
}

/// `BLESS=1` (or trybuild's `TRYBUILD=overwrite`) writes the `.stderr`
/// files instead of comparing with them.
fn bless() -> bool {
    env::var_os("BLESS").is_some_and(|v| v == "1")
        || env::var_os("TRYBUILD").is_some_and(|v| v == "overwrite")
}

/// Checks one fixture: `Err` says how it failed.
fn run_one(library: &Library, index: usize, fixture: &Path, out_dir: &Path) -> Result<(), String> {
    let source_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    // trybuild's name for the fixture's crate, which its files write
    // `$CRATE`.
    let crate_name = format!("trybuild{index:03}");
    let stderr = check(library, fixture, &crate_name, out_dir)?;
    let workspace = workspace();
    let target = target_dir();
    let input_file = fixture.to_str().expect("a UTF-8 path");
    let context = normalize::Context {
        source_dir,
        workspace: &workspace,
        target_dir: &target,
        input_file,
        krate: &crate_name,
    };
    let actual = normalize::diagnostics(&stderr, &context);
    let expected_path = source_dir.join(fixture.with_extension("stderr"));
    if bless() {
        fs::write(&expected_path, &actual).expect("the .stderr file is writable");
        return Ok(());
    }
    let Ok(expected) = fs::read_to_string(&expected_path) else {
        return Err(format!(
            "{} is missing; rustc's errors, normalized (BLESS=1 writes them):\n{actual}",
            expected_path.display()
        ));
    };
    if normalize::trim(&expected.replace("\r\n", "\n")) == actual {
        return Ok(());
    }
    let length = expected.lines().count().max(actual.lines().count());
    let (line, (want, got)) = expected
        .lines()
        .chain(std::iter::repeat(""))
        .zip(actual.lines().chain(std::iter::repeat("")))
        .take(length)
        .enumerate()
        .find(|(_, (want, got))| want != got)
        .unwrap_or((length, ("", "")));
    Err(format!(
        "the errors differ from {} (BLESS=1 writes them) at line {}:\n  expected: {want}\n  actual:   {got}\n\
         EXPECTED:\n{expected}\nACTUAL:\n{actual}",
        expected_path.display(),
        line + 1
    ))
}

/// Checks every `*.rs` of `dir` (relative to this crate) and panics with
/// each failure.
pub fn run(dir: &str) {
    let source_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut fixtures: Vec<PathBuf> = fs::read_dir(source_dir.join(dir))
        .expect("the fixture directory")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| Path::new(dir).join(path.file_name().expect("a file name")))
        .collect();
    fixtures.sort();
    let library = library();
    let out_dir = tempfile::tempdir().expect("a scratch directory");
    let queue = Mutex::new(fixtures.iter().enumerate());
    let failures = Mutex::new(Vec::new());
    // Each rustc loads mlir-pass's metadata (about 80 MB of rlib).
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let Some((index, fixture)) = queue.lock().unwrap().next() else {
                    break;
                };
                if let Err(why) = run_one(&library, index, fixture, out_dir.path()) {
                    failures
                        .lock()
                        .unwrap()
                        .push(format!("{}: {why}", fixture.display()));
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n\n{}",
        failures.len(),
        fixtures.len(),
        failures.join("\n\n")
    );
    eprintln!("{} fixtures checked", fixtures.len());
}
