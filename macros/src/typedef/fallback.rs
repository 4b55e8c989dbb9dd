//! What `#[mlir_type]` prints after an error: the errors, the handle, and
//! stand-ins for what the rest of the crate uses (`DialectType`, the
//! accessors, `get`, `Display`, `Debug`, the conversion to `Type`, with
//! `unimplemented!()` bodies), so that code using the type reports nothing
//! more: one mistake, one error. Nothing is registered.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::Item;

use super::{ast::TypeInput, expand};

/// `error` beside the handle (or the item as written, when it is not a
/// struct) and its stand-ins.
pub fn expand(item: &Item, input: Option<&TypeInput>, error: &syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    let Some(input) = input else {
        let item = item.to_token_stream();
        return quote!(#item #error);
    };
    let handle = expand::handle_struct(input);
    let ident = input.ident();
    let common = expand::common_impls(input);
    let methods = expand::methods(input, true);
    let field_types = expand::field_types(input);
    quote! {
        #handle
        #error

        #[doc(hidden)]
        #[allow(unused_qualifications, clippy::all)]
        const _: () = {
            use ::mlir_pass::dialect as __dialect;
            use ::mlir_pass::melior as __melior;

            impl<'c> __dialect::DialectType<'c> for #ident<'c> {
                fn definition() -> &'static __dialect::TypeDefinition {
                    ::core::unimplemented!()
                }

                fn namespace() -> &'static str {
                    ::core::unimplemented!()
                }

                unsafe fn from_type_unchecked(ty: __melior::ir::Type<'c>) -> Self {
                    Self { ty }
                }

                fn to_type(&self) -> __melior::ir::Type<'c> {
                    self.ty
                }
            }

            #common
            #methods
            #field_types
        };
    }
}
