//! What `#[mlir_op]` prints after an error: the errors, the handle, and
//! stand-ins for what the rest of the crate uses (the `Op` impl, the
//! accessors and the builder, with `unimplemented!()` bodies), so that
//! code using the op reports nothing more: one mistake, one error. Nothing
//! is registered and no hook is wired, so a `verify` the attribute did not
//! ask for is not reported either.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Item;

use super::{ast::OpInput, expand};
use crate::handle;

/// `error` beside the handle (or the item as written, when it is not a
/// struct) and its stand-ins.
pub fn expand(item: &Item, input: Option<&OpInput>, error: &syn::Error) -> TokenStream {
    let handle = input.map(|input| {
        let unimplemented = quote!(::core::unimplemented!());
        let op_impl = expand::op_impl(input, unimplemented.clone(), unimplemented);
        let common = expand::common_impls(input);
        let methods = expand::methods(input, true);
        let field_types = handle::field_types(input.item);
        let stand_ins = quote! {
            #op_impl
            #common
            #methods
            #field_types
        };
        (expand::handle_struct(input), stand_ins)
    });
    handle::fallback(item, handle, error)
}
