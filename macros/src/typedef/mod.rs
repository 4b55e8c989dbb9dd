//! `#[mlir_type]` and `#[mlir_attr]`: a struct whose fields are a type's
//! (an attribute's) parameters becomes a typed handle on that type (ODS's
//! `TypeDef`; `AttrDef`), with its `static TypeDefinition`
//! (`AttrDefinition`), accessors, `get`, its syntax (`format.rs` compiles a
//! declarative one) and registration with its dialect.
//!
//! The steps are the op attribute's, one file each: `ast.rs` reads the
//! attribute and the struct into the type's parameters, `valid.rs` checks
//! them (`interfaces.rs` the upstream type interfaces), `expand.rs` prints
//! them; after any error, `fallback.rs` prints the
//! handle with stand-in methods beside the errors.

mod ast;
mod expand;
mod fallback;
mod format;
mod interfaces;
mod valid;

use crate::common;

/// `#[mlir_type]`'s steps, for [`common::run`].
pub struct TypeAttribute;

common::attribute!(TypeAttribute: ast::parse_args => ast::TypeArgs, ast::TypeInput, fallback::expand);

/// `#[mlir_attr]`'s steps: the same as a type's, for an attribute.
pub struct AttrAttribute;

common::attribute!(AttrAttribute: ast::parse_attr_args => ast::TypeArgs, ast::TypeInput, fallback::expand);
