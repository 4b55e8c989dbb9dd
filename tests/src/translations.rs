//! Translations registered in this crate (not the tool's) with
//! `#[mlir_translation]` and `register_translation!`, for `rtest-translate`
//! and `integration/translate.rs`: one of each direction that works, one
//! that fails, and one that panics.

use std::io::Write;

use mlir_pass::melior::{ir::Module, Context};
use mlir_pass::translate_main::{Translation, TranslationError};
use mlir_pass::{mlir_translation, OperationRef};

/// Lists the names of the functions of the input
///
/// (one a line; this paragraph is not in `--help`).
#[mlir_translation(name = "rtest-function-names")]
fn function_names(op: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> {
    use mlir_pass::melior::ir::{operation::OperationLike, BlockLike, RegionLike};
    let body = op
        .melior()
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("expected a module")?;
    let mut next = body.first_operation();
    while let Some(function) = next {
        let name = function.attribute("sym_name")?;
        writeln!(out, "{name}")?;
        next = function.next_in_block();
    }
    Ok(())
}

/// Bytes that are not UTF-8 (and a NUL), to check that output is bytes.
fn bytes(_op: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> {
    out.write_all(&[0x4d, 0x4c, 0x00, 0xff, 0xfe, 0x0a])?;
    Ok(())
}

mlir_pass::register_translation!(Translation::from_mlir(
    "rtest-bytes",
    "Writes six bytes that are not UTF-8",
    bytes
));

/// Fails on a module with a function named `bad` (after writing output,
/// which the tool must drop), with its own diagnostic on a function named
/// `reported`.
fn refuse(op: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> {
    writeln!(out, "partial output")?;
    let text = op.melior().to_string();
    if text.contains("@reported") {
        op.emit_error("rtest-refuse found @reported");
        return Err(TranslationError::reported());
    }
    if text.contains("@bad") {
        return Err(TranslationError::new(
            "rtest-refuse does not translate @bad",
        ));
    }
    Ok(())
}

mlir_pass::register_translation!(Translation::from_mlir(
    "rtest-refuse",
    "Fails on @bad and @reported",
    refuse
));

/// Panics, after writing output.
fn panic_from(_op: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> {
    writeln!(out, "partial output")?;
    panic!("rtest-panic-from-mlir always panics")
}

mlir_pass::register_translation!(Translation::from_mlir(
    "rtest-panic-from-mlir",
    "Panics",
    panic_from
));

/// One private function per line of the input (`name` or `name: comment`);
/// a line that is not an identifier is an error at its line.
#[mlir_translation(
    name = "rtest-lines-to-functions",
    description = "One private function per line"
)]
fn functions_from_lines<'c>(
    input: &str,
    context: &'c Context,
) -> Result<Module<'c>, TranslationError> {
    let mut source = String::new();
    for (i, line) in input.lines().enumerate() {
        let name = line.split(':').next().unwrap_or("").trim();
        if name.is_empty() {
            continue;
        }
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            let column = line.find(name).unwrap_or(0) + 1;
            return Err(TranslationError::at(
                i as u32 + 1,
                column as u32,
                format!("'{name}' is not a function name"),
            ));
        }
        source.push_str(&format!("func.func private @{name}()\n"));
    }
    Module::parse(context, &source).ok_or_else(|| "the module does not parse".into())
}

/// Panics.
fn panic_to<'c>(_input: &str, _context: &'c Context) -> Result<Module<'c>, TranslationError> {
    panic!("rtest-panic-to-mlir always panics")
}

mlir_pass::register_translation!(Translation::to_mlir(
    "rtest-panic-to-mlir",
    "Panics",
    panic_to
));
