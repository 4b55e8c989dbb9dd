//! Bit enums of a Rust dialect against ODS's, byte for byte: the stock
//! `mlir-opt` on `arith.addf` with `fastmath<...>` and on
//! `#arith.fastmath<...>`, and, with the probe plugin, on `rbits.addf` and
//! `#rbits.fastmath<...>` (a `#[mlir_enum(bit)]` parameter): stdout,
//! stderr and the exit status once the names are swapped, in custom and
//! generic form, through bytecode, and on malformed flags.

use std::path::Path;

use super::{mlir_opt, probe_plugin, scratch_dir, text};

/// Our names to upstream's.
fn as_upstream(text: &str) -> String {
    text.replace("rbits.addf", "arith.addf")
        .replace("#rbits.fastmath", "#arith.fastmath")
}

/// Runs upstream on the swapped input and ours with the plugin, with
/// `flags`: both outputs, ours swapped (our attribute's name in messages
/// is its Rust name, `FastMathAttr`).
fn both(name: &str, flags: &[&str]) -> ((bool, String, String), (bool, String, String)) {
    let input = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/inputs")
        .join(name);
    let source = std::fs::read_to_string(&input).unwrap();
    let dir = scratch_dir(&format!("bits-{name}"));
    std::fs::write(dir.path().join("ours.mlir"), &source).unwrap();
    std::fs::write(dir.path().join("upstream.mlir"), as_upstream(&source)).unwrap();
    let mut args = vec!["upstream.mlir"];
    args.extend(flags);
    let upstream = mlir_opt(dir.path(), &args);
    let plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    let mut args = vec![plugin.as_str(), "ours.mlir"];
    args.extend(flags);
    let ours = mlir_opt(dir.path(), &args);
    let swap = |s: &[u8]| {
        as_upstream(&text(s))
            .replace("ours.mlir", "upstream.mlir")
            .replace("FastMathAttr parameter", "Arith_FastMathAttr parameter")
    };
    (
        (
            upstream.status.success(),
            text(&upstream.stdout),
            text(&upstream.stderr),
        ),
        (
            ours.status.success(),
            swap(&ours.stdout),
            swap(&ours.stderr),
        ),
    )
}

#[test]
fn bit_enum_parameters_print_as_arith_fastmath_in_the_stock_mlir_opt() {
    for flags in [
        &[][..],
        &["--mlir-print-op-generic"],
        &["--mlir-print-debuginfo"],
    ] {
        let (upstream, ours) = both("bits_fastmath.mlir", flags);
        assert!(upstream.0, "{}", upstream.2);
        assert!(
            ours.1.contains("arith.addf %3, %arg1 fastmath<fast>") || !flags.is_empty(),
            "{}",
            ours.1
        );
        assert_eq!(ours, upstream, "{flags:?}");
    }
}

#[test]
fn malformed_flags_fail_as_arith_fastmath_does_in_the_stock_mlir_opt() {
    let (upstream, ours) = both("bits_fastmath_errors.mlir", &["-split-input-file"]);
    assert!(!upstream.0);
    assert!(
        upstream
            .2
            .contains("expected ::mlir::arith::FastMathFlags to be one of: none, reassoc"),
        "{}",
        upstream.2
    );
    assert_eq!(ours, upstream);
}
