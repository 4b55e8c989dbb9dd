//! README's "Use mlir-pass in your own crate", followed literally: its three
//! code blocks become a new crate in a temporary directory outside this
//! workspace (so none of the workspace's settings apply), whose unit test and
//! doctest must pass and whose plugin must run in the stock `mlir-opt`. A
//! missing `MLIR_SYS_LINK_SHARED` must stop the build with the sentence that
//! names the line to add.
//!
//! The crate builds in this workspace's target directory when README's `[env]`
//! is what this workspace was built with, so that cargo can reuse the builds
//! of mlir-sys, melior and their build tools: those of `make demo` (`cargo run
//! -p mlir-pass-opt`) and `cargo test --workspace` have the same features,
//! flags and profile once the crate's cargo is given this workspace's
//! `[profile.dev.build-override]` (build scripts with debug info), which
//! changes no code. Cargo reuses a
//! build only when its inputs match, and builds mlir-pass itself anew for the
//! crate (a path dependency outside the crate's workspace is a package of its
//! own to cargo). What cargo cannot see are the variables that mlir-sys and
//! tblgen read without declaring them; hence the condition on `[env]`, and a
//! target directory of the crate's own otherwise.

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// The fenced blocks of README's section, by the file named on their first
/// line (`# Cargo.toml`, `# .cargo/config.toml`, `// src/lib.rs`).
fn readme_files() -> Vec<(String, String)> {
    let readme = fs::read_to_string(workspace().join("README.md")).unwrap();
    let start = readme
        .find("## Use mlir-pass in your own crate")
        .expect("README has the section");
    let section = &readme[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    // Line by line, as Markdown reads fences: a block opened with N
    // backticks closes at a line of N backticks.
    let mut files = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        let fence: String = line.chars().take_while(|&c| c == '`').collect();
        if fence.len() < 3 {
            continue;
        }
        let body: Vec<&str> = lines
            .by_ref()
            .take_while(|l| l.trim_end() != fence)
            .collect();
        let first = body.first().copied().unwrap_or("");
        let name = first
            .strip_prefix("# ")
            .or_else(|| first.strip_prefix("// "))
            .unwrap_or("")
            .trim();
        if ["Cargo.toml", ".cargo/config.toml", "src/lib.rs"].contains(&name) {
            files.push((name.to_owned(), body.join("\n") + "\n"));
        }
    }
    files
}

/// The variables of README's `.cargo/config.toml` block's `[env]` table.
fn readme_env() -> Vec<(String, String)> {
    let files = readme_files();
    let config = &files
        .iter()
        .find(|(name, _)| name == ".cargo/config.toml")
        .expect("README has a .cargo/config.toml block")
        .1;
    let mut env = Vec::new();
    let mut in_env = false;
    for line in config.lines().map(str::trim) {
        if line.starts_with('[') {
            in_env = line == "[env]";
        } else if let (true, Some((key, value))) = (in_env, line.split_once('=')) {
            if !key.trim().starts_with('#') {
                env.push((
                    key.trim().to_owned(),
                    value.trim().trim_matches('"').to_owned(),
                ));
            }
        }
    }
    env.sort();
    env
}

/// The variables mlir-sys, tblgen, melior and mlir-pass read, as this test
/// (and so this workspace's dependencies) was built with them.
fn built_with() -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = [
        ("LIBCLANG_PATH", option_env!("LIBCLANG_PATH")),
        ("MLIR_SYS_220_PREFIX", option_env!("MLIR_SYS_220_PREFIX")),
        ("MLIR_SYS_LINK_SHARED", option_env!("MLIR_SYS_LINK_SHARED")),
        ("TABLEGEN_220_PREFIX", option_env!("TABLEGEN_220_PREFIX")),
    ]
    .into_iter()
    .filter_map(|(key, value)| Some((key.to_owned(), value?.to_owned())))
    .collect();
    env.sort();
    env
}

/// This workspace's target directory (`CARGO_TARGET_TMPDIR` is its `tmp/`),
/// wherever `CARGO_TARGET_DIR` put it.
fn workspace_target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Where the crate builds: this workspace's target directory when README's
/// `[env]` is the one its dependencies were built with, else one of its own.
fn target_dir() -> PathBuf {
    if readme_env() == built_with() {
        workspace_target()
    } else {
        eprintln!(
            "README's [env] {:?} is not what this workspace was built with {:?}: \
             building the crate in a target directory of its own",
            readme_env(),
            built_with()
        );
        workspace_target().join("own-crate")
    }
}

/// A fresh crate from README's blocks, `edit` applied to each file.
fn write_crate(name: &str, edit: impl Fn(&str, String) -> String) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("mlir-pass-own-crate-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let files = readme_files();
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Cargo.toml", ".cargo/config.toml", "src/lib.rs"]);
    for (file, body) in files {
        let body = body.replace("/path/to/mlir-pass", workspace().to_str().unwrap());
        let path = dir.join(&file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, edit(&file, body)).unwrap();
    }
    // The workspace's lockfile, so that the crate's dependencies resolve to
    // the versions the workspace was built with: with the latest ones (a
    // newer `cc`, say) cargo would build tblgen, melior and mlir-pass again
    // for the crate, 80 s of a clean `cargo test`. README's files are used
    // as written; cargo drops the lockfile's entries the crate does not use.
    fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    dir
}

/// `cargo ARGS` in `dir`, with none of this workspace's settings in the
/// environment, building in `target`.
fn cargo(dir: &Path, target: &Path, args: &[&str]) -> Output {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.args(args).current_dir(dir);
    for var in [
        "MLIR_SYS_220_PREFIX",
        "TABLEGEN_220_PREFIX",
        "LIBCLANG_PATH",
        "MLIR_SYS_LINK_SHARED",
        "RUSTFLAGS",
        "RUSTDOCFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "LD_LIBRARY_PATH",
    ] {
        command.env_remove(var);
    }
    command.env("CARGO_TARGET_DIR", target);
    // This workspace's `[profile.dev.build-override]` (.cargo/config.toml),
    // which a crate outside it does not read: without it cargo builds the
    // build tools, mlir-sys and melior again for the crate. It changes no
    // code, only where debug info goes.
    command.env("CARGO_PROFILE_DEV_BUILD_OVERRIDE_DEBUG", "true");
    command.output().expect("cargo runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn readme_instructions_build_a_crate_whose_tests_doctests_and_plugin_work() {
    let target = target_dir();

    // As README says.
    let dir = write_crate("literal", |_, body| body);
    let output = cargo(&dir, &target, &["test"]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("test tests::counts_the_operations_of_each_function ... ok"),
        "{stdout}"
    );
    assert!(
        stdout.contains("src/lib.rs - run (line"),
        "the doctest ran:\n{stdout}"
    );
    assert!(!stdout.contains("FAILED"), "{stdout}");

    let output = cargo(&dir, &target, &["build", "--quiet"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let plugin = target.join("debug/libmy_passes.so");
    let size = fs::metadata(&plugin).unwrap().len();
    assert!(
        size < 50_000_000,
        "the plugin links libMLIR.so: {size} bytes"
    );
    let input = dir.join("input.mlir");
    fs::write(&input, "func.func @g(%a: i64) -> i64 { return %a : i64 }\n").unwrap();
    let output = Command::new(MLIR_OPT)
        .arg(format!("--load-pass-plugin={}", plugin.display()))
        .arg("--pass-pipeline=builtin.module(func.func(count-ops))")
        .arg(&input)
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("mlir-opt runs");
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        stdout.contains("attributes {my.count = 1 : i64}"),
        "{stdout}"
    );
    fs::remove_dir_all(&dir).unwrap();

    // Then without MLIR_SYS_LINK_SHARED: the build must say what to add. It
    // runs second, in the same target directory, so that mlir-sys is already
    // built (in the shared mode, by the build above or the workspace's) and
    // its build script, which does not watch the variable, is not run again:
    // a run without the variable would leave a static mlir-sys behind for
    // the next build. mlir-pass is reached through a link to the workspace, a
    // package of its own to cargo, so that the failed run of its build script
    // leaves the build above fresh for the next run of this test.
    let link = std::env::temp_dir().join(format!(
        "mlir-pass-own-crate-link{}",
        workspace().display().to_string().replace('/', "-")
    ));
    if fs::read_link(&link).ok() != Some(workspace()) {
        let _ = fs::remove_file(&link);
        if let Err(error) = std::os::unix::fs::symlink(workspace(), &link) {
            // Another run of this test may have made it meanwhile.
            assert_eq!(fs::read_link(&link).ok(), Some(workspace()), "{error}");
        }
    }
    let dir = write_crate("unshared", |file, body| match file {
        ".cargo/config.toml" => body
            .lines()
            .filter(|l| !l.starts_with("MLIR_SYS_LINK_SHARED"))
            .collect::<Vec<_>>()
            .join("\n"),
        "Cargo.toml" => body.replace(workspace().to_str().unwrap(), link.to_str().unwrap()),
        _ => body,
    });
    let output = cargo(&dir, &target, &["build", "--verbose"]);
    let stderr = text(&output.stderr);
    assert!(
        !output.status.success(),
        "built without MLIR_SYS_LINK_SHARED"
    );
    assert!(
        stderr.contains("MLIR_SYS_LINK_SHARED is not set")
            && stderr.contains(
                "add `MLIR_SYS_LINK_SHARED = \"1\"` to the [env] table of your .cargo/config.toml"
            ),
        "{stderr}"
    );
    assert!(
        !stderr
            .lines()
            .any(|l| l.contains("Running") && l.contains("/build/mlir-sys-")),
        "mlir-sys's build script ran without MLIR_SYS_LINK_SHARED (run `cargo clean -p mlir-sys`):\n{stderr}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
