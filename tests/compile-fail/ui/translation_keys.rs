// `#[mlir_translation]` needs a name that can be a flag, known keys given
// once, and a function of two parameters whose types are a translation's.
use std::io::Write;

use mlir_pass::translate_main::TranslationError;
use mlir_pass::{mlir_translation, OperationRef};

#[mlir_translation(description = "no name")]
fn no_name(_op: OperationRef<'_>, _out: &mut dyn Write) -> Result<(), TranslationError> {
    Ok(())
}

#[mlir_translation(name = "--mlir-to-x")]
fn dashes(_op: OperationRef<'_>, _out: &mut dyn Write) -> Result<(), TranslationError> {
    Ok(())
}

#[mlir_translation(name = "mlir-to-y", nmae = "typo", name = "again")]
fn keys(_op: OperationRef<'_>, _out: &mut dyn Write) -> Result<(), TranslationError> {
    Ok(())
}

#[mlir_translation(name = "mlir-to-z")]
fn one_parameter(_op: OperationRef<'_>) -> Result<(), TranslationError> {
    Ok(())
}

#[mlir_translation(name = "mlir-to-w")]
fn wrong_output(_op: OperationRef<'_>, _out: &mut Vec<u8>) -> Result<(), TranslationError> {
    Ok(())
}

#[mlir_translation(name = "mlir-to-v")]
struct NotAFunction;

fn main() {}
