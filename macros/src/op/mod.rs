//! `#[mlir_op]`: a struct whose fields are an op's parts becomes a typed
//! handle on that op, with its `static OpDefinition`, accessors, builder
//! and registration.
//!
//! The steps are the pass attribute's, one file (or folder) each: `attr.rs` reads the
//! attribute and the field attributes, `ast/` the struct into the op's
//! parts and traits, `valid/` checks them (with `format.rs` for the
//! assembly format), `expand.rs` prints them; after any error,
//! `fallback.rs` prints the handle with stand-in methods beside the errors.

pub(crate) mod ast;
pub(crate) mod attr;
mod expand;
mod fallback;
pub(crate) mod format;
mod valid;

use crate::common;

/// `#[mlir_op]`'s steps, for [`common::run`].
pub struct OpAttribute;

common::attribute!(OpAttribute: attr::parse_args => attr::OpArgs, ast::OpInput, fallback::expand);
