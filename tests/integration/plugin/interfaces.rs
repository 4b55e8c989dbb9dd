//! Upstream interfaces answered by Rust ops, inside the stock `mlir-opt`
//! (the `rrange` dialect of the probe plugin, `tests/src/int_ranges.rs`):
//! MLIR's range-based rewrites of `rrange.add`, `rrange.divs`,
//! `rrange.maxu` and `rrange.select` print what they print for
//! `index.add`, `index.divs`, `index.maxu` and `arith.select`, byte for
//! byte, and what our own process prints.

use super::*;

/// The Rust twins of upstream's ops, renamed to upstream's names.
fn as_upstream(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = line
            .replace("rrange.add", "index.add")
            .replace("rrange.divs", "index.divs")
            .replace("rrange.maxu", "index.maxu");
        let line = match line.find("rrange.select ") {
            Some(at) => format!("{}arith.select {} : index", &line[..at], &line[at + 14..]),
            None => line,
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn range_rewrites_of_rust_ops_in_the_stock_mlir_opt_are_upstreams() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/int_ranges.mlir");
    let source = std::fs::read_to_string(&input).unwrap();
    let dir = scratch_dir("int-ranges");
    std::fs::write(dir.join("upstream.mlir"), as_upstream(&source)).unwrap();
    let dialect_plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    // (`-arith-int-range-narrowing` folds too, and `rrange.add` has no
    // folder: its output differs by that, not by ranges.)
    for pass in [
        "--int-range-optimizations",
        "--arith-unsigned-when-equivalent",
    ] {
        let upstream = mlir_opt(&dir, &[pass, "upstream.mlir"]);
        assert!(upstream.status.success(), "{}", text(&upstream.stderr));
        let ours = mlir_opt(&dir, &[&dialect_plugin, pass, input.to_str().unwrap()]);
        assert!(ours.status.success(), "{pass}: {}", text(&ours.stderr));
        let ours = text(&ours.stdout);
        assert!(ours.contains("rrange.select"), "{pass}: {ours}");
        assert_eq!(as_upstream(&ours), text(&upstream.stdout), "{pass}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
