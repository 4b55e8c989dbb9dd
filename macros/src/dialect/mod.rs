//! `#[mlir_dialect]`: a unit struct becomes a dialect declared in Rust,
//! with its `static DialectDefinition`, its `Dialect` impl and its
//! registration. The steps are the pass attribute's: `ast.rs` reads the
//! attribute and the struct, `valid.rs` checks them, `expand.rs` prints
//! them (or, after an error, the struct with a stand-in impl beside the
//! errors).

mod ast;
mod expand;
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
    let model = ast::DialectInput::from_syn(&ctxt, args, &item);
    if let Some(model) = &model {
        valid::check(&ctxt, model);
    }
    match (ctxt.check(), &model) {
        (Ok(()), Some(model)) => expand::expand(model),
        (Err(error), model) => expand::fallback(&item, model.as_ref(), &error),
        (Ok(()), None) => unreachable!("ast.rs reports every item that is not a struct"),
    }
}
