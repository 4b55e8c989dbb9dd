//! Parsing text into melior's IR without reading past the text.
//!
//! MLIR's lexer finds the end of a module's text by the NUL byte that
//! follows it. melior's `Module::parse` hands MLIR a Rust `&str` as it is:
//! MLIR then reads the byte after the string (an invalid read under
//! valgrind), and goes on lexing whatever follows it in memory, so that a
//! subslice `&whole[..n]` parses the rest of `whole` as well. [`parse_module`]
//! copies the text into a buffer that ends in a NUL first.
//!
//! melior's `Type::parse` and `Attribute::parse` are sound as they are: for
//! types and attributes MLIR copies the text into such a buffer itself
//! (`mlir::parseType` and `mlir::parseAttribute` with
//! `isKnownNullTerminated = false`). [`parse_type`] and [`parse_attribute`]
//! call them, and say what failed in their error.

use melior::{
    ir::{Attribute, Module, Type},
    Context,
};
use mlir_sys as sys;

use super::IrError;
use crate::ffi::ParserText;

/// Parses `text` as a module, like melior's `Module::parse` but without
/// reading past the end of `text`: top-level ops other than one
/// `builtin.module` are wrapped in one. Use it instead of melior's, which
/// reads past the end of its text (see the module's documentation).
///
/// ```
/// # let context = mlir_pass::Context::new();
/// # let context = context.as_melior();
/// let whole = "func.func private @f()\nfunc.func private @g()";
/// let first = &whole[..whole.find('\n').unwrap()];
/// let module = mlir_pass::ir::parse_module(context, first).unwrap();
/// assert_eq!(module.as_operation().to_string().matches("func.func").count(), 1);
/// ```
///
/// # Errors
/// When `text` is not a module. MLIR reports why (with the line and
/// column) to the context's diagnostic handlers.
pub fn parse_module<'c>(context: &'c Context, text: &str) -> Result<Module<'c>, IrError> {
    let buffer = ParserText::new(text);
    // SAFETY: a valid context; the text is followed by the NUL MLIR's lexer
    // stops at, and MLIR does not keep the buffer.
    let raw = unsafe { sys::mlirModuleCreateParse(context.to_raw(), buffer.string_ref()) };
    if raw.ptr.is_null() {
        return Err(IrError::new(format!(
            "the text is not a valid MLIR module ({}); the context's diagnostics say where",
            summary(text)
        )));
    }
    // SAFETY: a module just created, owned by the caller from here on.
    Ok(unsafe { Module::from_raw(raw) })
}

/// Parses `text` as a type, such as `!llvm.ptr` or `tensor<2x?xf32>`.
///
/// ```
/// # let context = mlir_pass::Context::new();
/// # let context = context.as_melior();
/// let ty = mlir_pass::ir::parse_type(context, "tensor<2x?xf32>").unwrap();
/// assert_eq!(ty.to_string(), "tensor<2x?xf32>");
/// assert!(mlir_pass::ir::parse_type(context, "tensor<").is_err());
/// ```
///
/// # Errors
/// When `text` is not a type of a dialect loaded in `context`, or has
/// text left after the type. MLIR reports why to the context's diagnostic
/// handlers.
pub fn parse_type<'c>(context: &'c Context, text: &str) -> Result<Type<'c>, IrError> {
    parse_symbol(text, "a type", "type", || Type::parse(context, text))
}

/// Parses `text` as an attribute, such as `42 : i64` or `#llvm.linkage<internal>`.
///
/// ```
/// # let context = mlir_pass::Context::new();
/// # let context = context.as_melior();
/// let attr = mlir_pass::ir::parse_attribute(context, "[1, 2]").unwrap();
/// assert_eq!(attr.to_string(), "[1, 2]");
/// ```
///
/// # Errors
/// When `text` is not an attribute of a dialect loaded in `context`, or has
/// text left after it. MLIR reports why to the context's diagnostic
/// handlers.
pub fn parse_attribute<'c>(context: &'c Context, text: &str) -> Result<Attribute<'c>, IrError> {
    parse_symbol(text, "an attribute", "attribute", || {
        Attribute::parse(context, text)
    })
}

/// Runs melior's `parse` of a `kind` (a type or an attribute; `what` with
/// its article) on `text`, refusing an empty text first: MLIR's error for a
/// symbol that ends at the very start of its buffer reads the byte before
/// the buffer (`Parser::emitWrongTokenError` backs up one character from
/// the end of input).
fn parse_symbol<T>(
    text: &str,
    what: &str,
    kind: &str,
    parse: impl FnOnce() -> Option<T>,
) -> Result<T, IrError> {
    if text.is_empty() {
        return Err(IrError::new(format!("an empty text is not {what}")));
    }
    parse().ok_or_else(|| {
        IrError::new(format!(
            "'{text}' is not a valid MLIR {kind} (is its dialect loaded?); the context's \
             diagnostics say why"
        ))
    })
}

/// The first line of `text`, shortened, for an error message.
fn summary(text: &str) -> String {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut short: String = line.trim().chars().take(60).collect();
    if short.len() < line.trim().len() {
        short.push_str("...");
    }
    if short.is_empty() {
        "empty text".to_owned()
    } else {
        format!("starting '{short}'")
    }
}
