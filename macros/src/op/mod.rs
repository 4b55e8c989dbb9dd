//! `#[mlir_op]`: a struct whose fields are an op's parts becomes a typed
//! handle on that op, with its `static OpDefinition`, accessors, builder
//! and registration.
//!
//! The steps are the pass attribute's, one file each: `attr.rs` reads the
//! attribute and the field attributes, `ast.rs` the struct into the op's
//! parts and traits, `valid.rs` checks them (with `format.rs` for the
//! assembly format), `expand.rs` prints them; after any error,
//! `fallback.rs` prints the handle with stand-in methods beside the errors.

pub(crate) mod ast;
mod attr;
mod expand;
mod fallback;
mod format;
mod valid;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ctxt::Ctxt;

/// Parse, validate, expand; or, after an error, the fallback.
pub fn run(args: TokenStream, input: TokenStream) -> TokenStream {
    let ctxt = Ctxt::default();
    let args = attr::parse_args(&ctxt, args);
    let item: syn::Item = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(e) => {
            let errors = ctxt.check().err().into_iter().chain([e]);
            let errors = errors.map(|e| e.to_compile_error());
            return quote!(#input #(#errors)*);
        }
    };
    let model = ast::OpInput::from_syn(&ctxt, args, &item);
    if let Some(model) = &model {
        valid::check(&ctxt, model);
    }
    match (ctxt.check(), &model) {
        (Ok(()), Some(model)) => expand::expand(model),
        (Err(error), model) => fallback::expand(&item, model.as_ref(), &error),
        (Ok(()), None) => unreachable!("ast.rs reports every item that is not a struct"),
    }
}
