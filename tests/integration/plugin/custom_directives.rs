//! Custom directives, `ref` and `oilist` in the formats of Rust ops against
//! ODS's, byte for byte: `rtest.extract_slice` (`custom<DynamicIndexList>`
//! written in Rust), `rtest.create_range` (`ref(type(...))`) and
//! `rtest.init` (`oilist`) print, inside the stock `mlir-opt` with the probe
//! plugin, what `tensor.extract_slice`, `pdl_interp.create_range` and
//! `acc.init` print on the same input, in the custom and the generic form
//! and through bytecode, with the same errors on bad input; and what our own
//! process prints.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use super::{probe_plugin, text, MLIR_OPT};

/// Our names to upstream's.
fn as_upstream(text: &str) -> String {
    text.replace("rtest.extract_slice", "tensor.extract_slice")
        .replace("rtest.create_range", "pdl_interp.create_range")
        .replace("rtest.init", "acc.init")
}

/// The stock `mlir-opt` on `input` (stdin): status, stdout, stderr.
fn run(args: &[&str], input: &[u8]) -> (bool, Vec<u8>, String) {
    let mut child = Command::new(MLIR_OPT)
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mlir-opt from mlir-22-tools runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    (output.status.success(), output.stdout, text(&output.stderr))
}

fn plugin_arg() -> String {
    format!("--load-dialect-plugin={}", probe_plugin().display())
}

#[test]
fn custom_directives_print_as_upstreams_in_the_stock_mlir_opt() {
    let input =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/custom_directives.mlir");
    let source = std::fs::read_to_string(&input).unwrap();
    let upstream_source = as_upstream(&source);
    let plugin = plugin_arg();
    for flags in [
        &[][..],
        &["--mlir-print-op-generic"],
        &["--mlir-print-debuginfo"],
    ] {
        let (ok, upstream, stderr) = run(flags, upstream_source.as_bytes());
        assert!(ok, "{stderr}");
        let mut args = vec![plugin.as_str()];
        args.extend(flags);
        let (ok, ours, stderr) = run(&args, source.as_bytes());
        assert!(ok, "{stderr}");
        assert_eq!(as_upstream(&text(&ours)), text(&upstream), "{flags:?}");
    }
    // The generic form and bytecode read back to the same text.
    let (_, custom, _) = run(&[&plugin], source.as_bytes());
    for flags in [&["--mlir-print-op-generic"][..], &["--emit-bytecode"]] {
        let mut args = vec![plugin.as_str()];
        args.extend(flags);
        let (ok, out, stderr) = run(&args, source.as_bytes());
        assert!(ok, "{stderr}");
        let (ok, again, stderr) = run(&[&plugin], &out);
        assert!(ok, "{stderr}");
        assert_eq!(text(&again), text(&custom), "{flags:?}");
    }
    let in_process = {
        let _ = mlir_pass_tests::test_dialect::RTestDialect;
        mlir_pass::register_all().expect("no registration conflicts");
        let context = mlir_pass::Context::new();
        let module = mlir_pass::Module::parse(&context, &source, "custom_directives.mlir").unwrap();
        module.to_string()
    };
    assert_eq!(text(&custom).trim_end(), in_process.trim_end());
}

/// Malformed input: the errors upstream's parsers report (the Rust
/// `DynamicIndexList` reports as MLIR's does), at the same line and
/// column: each of our inputs pads the op name to upstream's length.
#[test]
fn custom_directives_report_upstreams_errors_in_the_stock_mlir_opt() {
    let plugin = plugin_arg();
    let slice = |list: &str| {
        format!(
            "func.func @f(%t: tensor<8x8xf32>, %a: index, %c: i1) {{\n  %0 = \
             rtest.extract_slice  %t{list} : tensor<8x8xf32> to tensor<2x?xf32>\n  return\n}}\n"
        )
    };
    let init = |clauses: &str| {
        format!(
            "func.func @f(%t: tensor<8x8xf32>, %a: index, %c: i1) {{\n  rtest.init{clauses}\n  \
             return\n}}\n"
        )
    };
    let cases = [
        slice("[%a, x] [2, %a] [1, 1]"),
        slice("[%a 4] [2, %a] [1, 1]"),
        slice("[%a, 4 [2, %a] [1, 1]"),
        slice("[%zz] [2] [1]"),
        slice("(%a) [2] [1]"),
        init(" if(%c) if(%c)"),
        init(" device_num(%c)"),
        init(" device_num(%a : index) if(%a)"),
    ];
    for ours in cases {
        // `acc.init` is two characters shorter than `rtest.init`.
        let upstream = as_upstream(&ours)
            .replace("acc.init", "acc.init  ")
            .replace("tensor.extract_slice  %t", "tensor.extract_slice %t");
        let (ok, _, expected) = run(&[], upstream.as_bytes());
        assert!(!ok, "{upstream}");
        let (ok, _, stderr) = run(&[&plugin], ours.as_bytes());
        assert!(!ok, "{ours}");
        let errors = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.starts_with("<stdin>:"))
                .map(as_upstream)
                .collect()
        };
        assert_eq!(errors(&stderr), errors(&expected), "{ours}\n{stderr}");
    }
}
