//! The properties of Rust ops against ODS's, byte for byte: each case runs
//! the stock `mlir-opt` on an upstream op (`index.constant`, `index.add`)
//! and, with the probe plugin, on a Rust op of the same shape
//! (`rtest.make_int`, `rtest.add`), and compares stdout, stderr and the
//! exit status once the upstream names are replaced by ours.

use std::io::Write;
use std::process::{Command, Stdio};

use super::{probe_plugin, text, MLIR_OPT};

/// Runs the stock `mlir-opt` on `input` (stdin): status, stdout, stderr.
fn run(args: &[&str], input: &str) -> (bool, String, String) {
    let (ok, stdout, stderr) = run_bytes(args, input.as_bytes());
    (ok, text(&stdout), stderr)
}

/// The same, for bytecode in or out.
fn run_bytes(args: &[&str], input: &[u8]) -> (bool, Vec<u8>, String) {
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

fn replace_all(text: &str, names: &[(&str, &str)]) -> String {
    names
        .iter()
        .fold(text.to_owned(), |t, (from, to)| t.replace(from, to))
}

#[test]
fn properties_behave_as_ods_properties_in_the_stock_mlir_opt() {
    let plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    // `index.constant` holds an `IndexAttr` named `value` (14 and 5
    // characters, as `rtest.make_int` and its `I64Attr` `width`, so the
    // carets of the diagnostics fall at the same columns).
    let constant = [
        ("index.constant", "rtest.make_int"),
        ("value", "width"),
        ("4 : index", "4 : i64"),
        ("index attribute", "64-bit signless integer attribute"),
        ("-> index", "-> i4"),
    ];
    let add = [("index.add", "rtest.add"), ("index", "i64")];
    let cases: [(&str, &[(&str, &str)]); 8] = [
        // The generic form: `<{...}>`, then the discardable dictionary.
        ("%0 = index.constant 4", &constant),
        // The old spelling, inherent and discardable mixed.
        (
            r#"%0 = "index.constant"() {value = 4 : index, x} : () -> index"#,
            &constant,
        ),
        // A value of the wrong kind, in each spelling.
        (
            r#"%0 = "index.constant"() <{value = "s"}> : () -> index"#,
            &constant,
        ),
        (
            r#"%0 = "index.constant"() {value = "s"} : () -> index"#,
            &constant,
        ),
        // Not a dictionary.
        (r#"%0 = "index.constant"() <3> : () -> index"#, &constant),
        // Missing.
        (r#"%0 = "index.constant"() <{}> : () -> index"#, &constant),
        (r#"%0 = "index.constant"() : () -> index"#, &constant),
        // Properties for an op that has none.
        (
            r#"%0 = "index.add"(%a, %a) <{x = 1}> : (index, index) -> index"#,
            &add,
        ),
    ];
    for (op, names) in cases {
        let arg = if names.len() == 2 { "%a: index" } else { "" };
        let upstream_input = format!("func.func @f({arg}) {{\n  {op}\n  return\n}}\n");
        let ours_input = replace_all(&upstream_input, names);
        let generic = ["--mlir-print-op-generic"];
        let upstream = run(&generic, &upstream_input);
        let ours = run(&[generic[0], &plugin], &ours_input);
        let expected = (
            upstream.0,
            replace_all(&upstream.1, names),
            replace_all(&upstream.2, names),
        );
        assert_eq!(ours, expected, "{ours_input}");
        // Through bytecode: the same outcome, and read back, the same text.
        let upstream = run_bytes(&["--emit-bytecode"], upstream_input.as_bytes());
        let ours = run_bytes(&["--emit-bytecode", &plugin], ours_input.as_bytes());
        assert_eq!(ours.0, upstream.0, "{ours_input}\n{}", ours.2);
        if ours.0 {
            let back = run_bytes(&[generic[0], &plugin], &ours.1);
            assert_eq!(text(&back.1), expected.1, "{ours_input}\n{}", back.2);
        }
    }
}

#[test]
fn bytecode_holds_properties_as_ods_writes_them_at_every_version() {
    let plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    // An op with operand segment sizes (stored apart from the attributes by
    // ODS: a `DenseI32ArrayAttr` first before version 6, a sparse array
    // last from it) and one with a defaulted attribute.
    let source = "func.func @f(%a: i64, %b: i64) {\n  \
                  \"rtest.segmented\"(%a, %b, %a) <{operandSegmentSizes = array<i32: 2, 0, 1>}> : (i64, i64, i64) -> ()\n  \
                  %0 = rtest.flags %a <{level = 1 : i64, tag = \"t\"}> {note} : i64\n  \
                  return\n}\n";
    let text_form = run(&["--mlir-print-op-generic", &plugin], source);
    assert!(text_form.0, "{}", text_form.2);
    for version in ["--emit-bytecode-version=5", "--emit-bytecode-version=6"] {
        let bytes = run_bytes(&["--emit-bytecode", version, &plugin], source.as_bytes());
        assert!(bytes.0, "{version}: {}", bytes.2);
        let back = run_bytes(&["--mlir-print-op-generic", &plugin], &bytes.1);
        assert_eq!(
            (back.0, text(&back.1), back.2),
            text_form,
            "{version}: read back"
        );
    }
}
