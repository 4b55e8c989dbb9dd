//! Aliases of a Rust dialect's types and attributes in the stock
//! `mlir-opt` (the probe plugin's `ralias` dialect): printed as builtin's
//! `#map` aliases are, byte for byte, parsed back; a panicking alias hook
//! makes the tool fail with an error, not abort.

use super::{mlir_opt, probe_plugin, scratch_dir, text};

/// Runs the stock `mlir-opt` with the plugin on `source`.
fn run(name: &str, source: &str, flags: &[&str]) -> (bool, String, String) {
    let dir = scratch_dir(&format!("aliases-{name}"));
    std::fs::write(dir.path().join("input.mlir"), source).unwrap();
    let plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    let mut args = vec![plugin.as_str(), "input.mlir"];
    args.extend(flags);
    let out = mlir_opt(dir.path(), &args);
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn hook_aliases_print_as_builtin_map_aliases_in_the_stock_mlir_opt() {
    let theirs = "module attributes {x.a = affine_map<(d0) -> (d0)>, x.b = affine_map<(d0) -> \
                  (d0 + 1)>, x.c = [affine_map<(d0) -> (d0)>]} {\n  func.func @f(%a: \
                  memref<4xf32, affine_map<(d0) -> (d0 + 1)>>) { return }\n}\n";
    let swap = |s: &str| {
        s.replace("affine_map<(d0) -> (d0)>", "#ralias.map<1>")
            .replace("affine_map<(d0) -> (d0 + 1)>", "#ralias.map<2>")
    };
    let upstream = run("upstream", theirs, &[]);
    assert!(upstream.0, "{}", upstream.2);
    assert!(upstream
        .1
        .starts_with("#map = affine_map<(d0) -> (d0)>\n#map1 = "));
    // Our `#ralias.map<N>` where builtin's maps were (a memref layout is an
    // affine map only: the argument keeps its type).
    let ours_source = swap(theirs).replace(
        "memref<4xf32, #ralias.map<2>>",
        "memref<4xf32, affine_map<(d0) -> (d0 + 1)>>",
    );
    let ours = run("ours", &ours_source, &[]);
    assert!(ours.0, "{}", ours.2);
    let expected = upstream
        .1
        .replace(
            "#map1 = affine_map<(d0) -> (d0 + 1)>\n",
            "#map1 = #ralias.map<2>\n#map2 = affine_map<(d0) -> (d0 + 1)>\n",
        )
        .replace("memref<4xf32, #map1>", "memref<4xf32, #map2>")
        .replace("#map = affine_map<(d0) -> (d0)>", "#map = #ralias.map<1>");
    assert_eq!(ours.1, expected);
    assert_eq!(ours.2, upstream.2);
    let again = run("again", &ours.1, &[]);
    assert_eq!(again.1, ours.1);
}

#[test]
fn a_panicking_alias_hook_fails_the_stock_mlir_opt_with_an_error() {
    let (ok, stdout, stderr) = run(
        "panic",
        "module attributes {x.a = \"panic-alias\", x.c = #ralias.tag<1>} {}\n",
        &[],
    );
    assert!(!ok);
    assert_eq!(
        stdout,
        "#tag = #ralias.tag<1>\nmodule attributes {x.a = \"panic-alias\", x.c = #tag} {\n}\n\n"
    );
    assert!(
        stderr
            .contains("error: the alias hook of dialect 'ralias' panicked: the alias hook blew up"),
        "{stderr}"
    );
}
