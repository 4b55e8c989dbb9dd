//! `#[mlir_dialect]`: a unit struct becomes a dialect declared in Rust,
//! with its `static DialectDefinition`, its `Dialect` impl and its
//! registration. The steps are the pass attribute's: `ast.rs` reads the
//! attribute and the struct, `valid.rs` checks them, `expand.rs` prints
//! them (or, after an error, the struct with a stand-in impl beside the
//! errors).

mod ast;
mod expand;
mod valid;

use crate::common;

/// `#[mlir_dialect]`'s steps, for [`common::run`].
pub struct DialectAttribute;

common::attribute!(DialectAttribute: ast::parse_args => ast::DialectArgs, ast::DialectInput, expand::fallback);
