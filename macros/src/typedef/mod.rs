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

use proc_macro2::TokenStream;
use quote::quote;

use crate::ctxt::Ctxt;

/// Parse, validate, expand; or, after an error, the fallback.
pub fn run(args: TokenStream, input: TokenStream) -> TokenStream {
    let ctxt = Ctxt::default();
    let args = ast::parse_args(&ctxt, args);
    let item: syn::Item = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(e) => {
            let errors = ctxt.check().err().into_iter().chain([e]);
            let errors = errors.map(|e| e.to_compile_error());
            return quote!(#input #(#errors)*);
        }
    };
    let model = ast::TypeInput::from_syn(&ctxt, args, &item);
    if let Some(model) = &model {
        valid::check(&ctxt, model);
    }
    match (ctxt.check(), &model) {
        (Ok(()), Some(model)) => expand::expand(model),
        (Err(error), model) => fallback::expand(&item, model.as_ref(), &error),
        (Ok(()), None) => unreachable!("ast.rs reports every item that is not a struct"),
    }
}
