//! A pass that runs a pipeline of its own (`rs-repeat`) and an interface
//! pass (`count-function-ops`) inside the stock `mlir-opt`, beside their C++
//! twins (tests/cpp/pipeline_twin.cpp, registered in the tests' `opt_main`
//! driver): the same output, the same refusals, timing trees of the same
//! shape.

use super::*;

fn test_opt(args: &[&str]) -> Output {
    let driver = target_dir().join("examples/test_opt");
    assert!(
        driver.exists(),
        "{} is built by cargo test",
        driver.display()
    );
    Command::new(driver)
        .args(args)
        .output()
        .expect("the tests' driver runs")
}

/// The stock mlir-opt with the example plugin.
fn stock(args: &[&str]) -> Output {
    let plugin = format!("--load-pass-plugin={}", example_plugin().display());
    let mut all = vec![plugin.as_str()];
    all.extend_from_slice(args);
    mlir_opt(Path::new("/"), &all)
}

/// The input file, in a scratch directory that lives as long as the
/// returned `TempDir`.
fn input() -> (tempfile::TempDir, PathBuf) {
    let dir = scratch_dir("pipelines");
    let path = dir.path().join("funcs.mlir");
    std::fs::write(
        &path,
        "func.func @f(%a: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  \
         %0 = arith.addi %a, %c0 : i32\n  %1 = arith.addi %0, %c0 : i32\n  return %1 : i32\n}\n\
         func.func @g(%a: i32) -> i32 {\n  %c1 = arith.constant 1 : i32\n  \
         %0 = arith.addi %a, %c1 : i32\n  %1 = arith.addi %a, %c1 : i32\n  \
         %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}\n\
         llvm.func @h(%a: i32) -> i32 {\n  llvm.return %a : i32\n}\n",
    )
    .unwrap();
    (dir, path)
}

/// The names of a `--mlir-timing-display=tree` report with their
/// indentation, times and the `Parser`/`Output`/`Rest`/`Total` rows left
/// out: `RsRepeat`, `'any' Pipeline`, `  Canonicalizer`...
fn tree_shape(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|line| {
            let at = line.find("%)")?;
            let name = &line[at + 2..];
            let name = name.strip_prefix("  ")?;
            let trimmed = name.trim();
            (!["Parser", "Output", "Rest", "Total"].contains(&trimmed)).then(|| name.to_owned())
        })
        .collect()
}

#[test]
fn rs_repeat_in_mlir_opt_prints_and_times_what_its_cpp_twin_does() {
    let (_dir, input) = input();
    let input = input.to_str().unwrap();
    for nesting in ["builtin.module({})", "builtin.module(func.func({}))"] {
        let options = "{pipeline=canonicalize,cse max-iterations=4}";
        let timing = [
            "--mlir-timing",
            "--mlir-timing-display=tree",
            "--mlir-disable-threading",
        ];
        let rust_pipeline = format!(
            "--pass-pipeline={}",
            nesting.replace("{}", &format!("rs-repeat{options}"))
        );
        let cpp_pipeline = format!(
            "--pass-pipeline={}",
            nesting.replace("{}", &format!("test-cpp-repeat{options}"))
        );
        let mut args = vec![rust_pipeline.as_str(), input];
        args.extend_from_slice(&timing);
        let rust = stock(&args);
        assert!(rust.status.success(), "{}", text(&rust.stderr));
        let mut args = vec![cpp_pipeline.as_str(), input];
        args.extend_from_slice(&timing);
        let cpp = test_opt(&args);
        assert!(cpp.status.success(), "{}", text(&cpp.stderr));
        assert_eq!(text(&rust.stdout), text(&cpp.stdout), "{nesting}");
        let rust_tree = tree_shape(&text(&rust.stderr));
        let cpp_tree: Vec<String> = tree_shape(&text(&cpp.stderr))
            .iter()
            .map(|line| line.replace("CppRepeat", "RsRepeat"))
            .collect();
        assert_eq!(rust_tree, cpp_tree, "{nesting}");
        assert!(
            rust_tree.windows(3).any(|w| w[0].trim() == "RsRepeat"
                && w[1].trim() == "'any' Pipeline"
                && w[2].trim() == "Canonicalizer"),
            "{rust_tree:?}"
        );
    }
}

#[test]
fn count_function_ops_in_mlir_opt_runs_and_is_refused_as_its_cpp_twin() {
    let (_dir, input) = input();
    let input = input.to_str().unwrap();
    for nesting in [
        "builtin.module(llvm.func({}))",
        "builtin.module(func.func({}))",
        "builtin.module(any({}))",
        "builtin.module({})",
    ] {
        let rust = stock(&[
            &format!(
                "--pass-pipeline={}",
                nesting.replace("{}", "count-function-ops")
            ),
            input,
        ]);
        let cpp = test_opt(&[
            &format!(
                "--pass-pipeline={}",
                nesting.replace("{}", "test-cpp-count-function-ops")
            ),
            input,
        ]);
        assert_eq!(rust.status.success(), cpp.status.success(), "{nesting}");
        assert_eq!(text(&rust.stdout), text(&cpp.stdout), "{nesting}");
        assert_eq!(
            text(&rust.stderr),
            text(&cpp.stderr).replace("CppCountFunctionOps", "CountFunctionOps"),
            "{nesting}"
        );
    }
}
