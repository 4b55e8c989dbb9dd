//! The check that a test binary built from one root file runs every file
//! of its package's `tests/` (Toy's and the dialects', which set
//! `autotests = false`).

use std::path::Path;

/// Panics unless every `tests/*.rs` file of the package at `manifest_dir`
/// is declared (`mod name;`) in `tests/{root}.rs`: cargo would build a file
/// left out into no binary at all, and its tests would silently not run.
pub fn assert_every_file_is_a_module(manifest_dir: &str, root: &str) {
    let dir = Path::new(manifest_dir).join("tests");
    let text = std::fs::read_to_string(dir.join(format!("{root}.rs"))).unwrap();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_some_and(|x| x == "rs") && stem != root {
            assert!(
                text.lines().any(|l| l == format!("mod {stem};")),
                "tests/{stem}.rs is not a module of tests/{root}.rs: add `mod {stem};` there"
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "{checked} files");
}
