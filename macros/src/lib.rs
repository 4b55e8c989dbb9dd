//! The `#[mlir_pass]` attribute. Use it through the `mlir-pass` crate, which
//! re-exports it and documents it.
//!
//! The pipeline reads as one line: [`attr`] parses the keys, [`item`] checks
//! the struct, [`options`] reads its `#[option]` fields, [`expand`] generates
//! the pass.

mod attr;
mod dialects;
mod expand;
mod item;
mod options;

use proc_macro::TokenStream;

/// Turns a struct into an MLIR pass. See the `mlir-pass` crate's documentation.
#[proc_macro_attribute]
pub fn mlir_pass(args: TokenStream, input: TokenStream) -> TokenStream {
    expand::expand(args.into(), input.into()).into()
}
