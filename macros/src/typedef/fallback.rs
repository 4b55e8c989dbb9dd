//! What `#[mlir_type]` prints after an error: the errors, the handle, and
//! stand-ins for what the rest of the crate uses (`DialectType`, the
//! accessors, `get`, `Display`, `Debug`, the conversion to `Type`, with
//! `unimplemented!()` bodies), so that code using the type reports nothing
//! more: one mistake, one error. Nothing is registered.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Item;

use super::{ast::TypeInput, expand};
use crate::handle;

/// `error` beside the handle (or the item as written, when it is not a
/// struct) and its stand-ins.
pub fn expand(item: &Item, input: Option<&TypeInput>, error: &syn::Error) -> TokenStream {
    let handle = input.map(|input| {
        let unimplemented = quote!(::core::unimplemented!());
        let type_impl = expand::type_impl(input, unimplemented.clone(), unimplemented);
        let common = expand::common_impls(input);
        let methods = expand::methods(input, true);
        let field_types = handle::field_types(input.item);
        let stand_ins = quote! {
            #type_impl
            #common
            #methods
            #field_types
        };
        let handle = expand::handle_struct(input);
        let params = input
            .args
            .verifier
            .is_some()
            .then(|| expand::params_struct(input, true));
        (quote!(#handle #params), stand_ins)
    });
    handle::fallback(item, handle, error)
}
