//! README's "Use mlir-pass in your own crate", followed literally: its three
//! code blocks become a new crate in a temporary directory outside this
//! workspace (so none of the workspace's settings apply), whose unit test and
//! doctest must pass and whose plugin must run in the stock `mlir-opt`. A
//! missing `MLIR_SYS_LINK_SHARED` must stop the build with the sentence that
//! names the line to add.

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
    dir
}

/// `cargo ARGS` in `dir`, with none of this workspace's settings in the
/// environment; the target directory is kept under `target/` for speed.
fn cargo(dir: &Path, target: &str, args: &[&str]) -> Output {
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
    // One target directory per configuration: mlir-sys keeps the link mode
    // of its first build.
    command.env("CARGO_TARGET_DIR", workspace().join("target").join(target));
    command.output().expect("cargo runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn readme_instructions_build_a_crate_whose_tests_doctests_and_plugin_work() {
    // First without MLIR_SYS_LINK_SHARED: the build must say what to add.
    let dir = write_crate("unshared", |file, body| {
        if file == ".cargo/config.toml" {
            body.lines()
                .filter(|l| !l.starts_with("MLIR_SYS_LINK_SHARED"))
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            body
        }
    });
    let output = cargo(&dir, "own-crate-unshared", &["build", "--quiet"]);
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
    fs::remove_dir_all(&dir).unwrap();

    // Then as README says.
    let dir = write_crate("literal", |_, body| body);
    let output = cargo(&dir, "own-crate", &["test"]);
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

    let output = cargo(&dir, "own-crate", &["build", "--quiet"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let plugin = workspace().join("target/own-crate/debug/libmy_passes.so");
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
}
