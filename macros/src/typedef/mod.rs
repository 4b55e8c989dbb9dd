//! `#[mlir_type]`: a struct whose fields are a type's parameters becomes a
//! typed handle on that type (ODS's `TypeDef`), with its `static
//! TypeDefinition`, accessors, `get` and registration with its dialect.
//!
//! The steps are the op attribute's, one file each: `ast.rs` reads the
//! attribute and the struct into the type's parameters, `valid.rs` checks
//! them, `expand.rs` prints them; after any error, `fallback.rs` prints the
//! handle with stand-in methods beside the errors.

mod ast;
mod expand;
mod fallback;
mod valid;

use crate::common;

/// `#[mlir_type]`'s steps, for [`common::run`].
pub struct TypeAttribute;

common::attribute!(TypeAttribute: ast::parse_args => ast::TypeArgs, ast::TypeInput, fallback::expand);
