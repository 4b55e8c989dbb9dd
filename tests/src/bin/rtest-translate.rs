//! `rtest-translate`: `translate_main` with the translations of
//! `mlir_pass_tests::translations` (registered in that crate), one added on
//! the tool, and, with `RTEST_TRANSLATE_CONFLICTS=1`, translations whose
//! names are taken or cannot be flags.

use std::process::ExitCode;

use mlir_pass::translate_main::Translation;
use mlir_pass::TranslateMain;
use mlir_pass_tests as _;

fn main() -> ExitCode {
    let greeting = String::from("hello from a closure");
    let mut tool = TranslateMain::new("rtest-translate: translations of the tests").translation(
        Translation::from_mlir("rtest-programmatic", "Added on the tool", move |op, out| {
            writeln!(out, "{greeting}: {}", op.name())?;
            Ok(())
        }),
    );
    if std::env::var_os("RTEST_TRANSLATE_CONFLICTS").is_some() {
        for name in [
            "mlir-to-llvmir",
            "rtest-bytes",
            "split-input-file",
            "o",
            "-dash",
            "with space",
        ] {
            tool = tool.translation(Translation::from_mlir(name, "Conflicts", |_, _| Ok(())));
        }
    }
    tool.run()
}
