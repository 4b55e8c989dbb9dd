//! What `#[mlir_op]` prints after an error: the errors, the handle, and
//! stand-ins for what the rest of the crate uses (the `Op` impl, the
//! accessors and the builder, with `unimplemented!()` bodies), so that
//! code using the op reports nothing more: one mistake, one error. Nothing
//! is registered and no hook is wired, so a `verify` the attribute did not
//! ask for is not reported either.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::Item;

use super::{ast::OpInput, expand};

/// `error` beside the handle (or the item as written, when it is not a
/// struct) and its stand-ins.
pub fn expand(item: &Item, input: Option<&OpInput>, error: &syn::Error) -> TokenStream {
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

            impl<'a> __dialect::Op<'a> for #ident<'a> {
                fn definition() -> &'static __dialect::OpDefinition {
                    ::core::unimplemented!()
                }

                fn namespace() -> &'static str {
                    ::core::unimplemented!()
                }

                unsafe fn from_operation_unchecked(op: ::mlir_pass::OperationRef<'a>) -> Self {
                    Self { op }
                }

                fn operation(&self) -> ::mlir_pass::OperationRef<'a> {
                    self.op
                }
            }

            #common
            #methods
            #field_types
        };
    }
}
