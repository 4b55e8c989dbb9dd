//! Methods a key asks the user to write on a handle (`verifier` asks for
//! `fn verify`, `custom_assembly` for `parse` and `print`,
//! `CastOpInterface` for `are_cast_compatible`): the stand-in that makes a
//! missing one an error at the key, shared by `#[mlir_op]` and
//! `#[mlir_type]`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::Ident;

/// A trait giving the handle `ident` a stand-in for `method` that can never
/// be called: when the user wrote the method, theirs (inherent) is found
/// first; when not, the stand-in's unmet bound is the error, with a message
/// that names the key and the method to write (rustc's own "no function
/// named ..." would suggest implementing MLIR's `OperationLike`).
///
/// `key` is what asked for the method (its name is quoted in the message);
/// `stand_in` is the stand-in's signature after its name.
pub fn missing_method(
    ident: &Ident,
    key: &Ident,
    method: &str,
    signature: &str,
    stand_in: TokenStream,
) -> TokenStream {
    missing_method_asked(ident, &format!("`{key}`"), method, signature, stand_in)
}

/// [`missing_method`] for a method asked by something other than a key
/// (`asker` as the message names it: "`custom<Name>` in the format").
pub fn missing_method_asked(
    ident: &Ident,
    asker: &str,
    method: &str,
    signature: &str,
    stand_in: TokenStream,
) -> TokenStream {
    let camel: String = method
        .split('_')
        .map(|w| w[..1].to_uppercase() + &w[1..])
        .collect();
    let missing = format_ident!("__Missing{}", camel);
    let fallback = format_ident!("__Fallback{}", camel);
    let method = Ident::new(method, Span::call_site());
    let message = format!("{asker} asks for `{signature}` on `{ident}`, which has none");
    let label = format!("`{ident}` has no `{method}`");
    let note = format!("write it in `impl {ident}<'_> {{ ... }}`, or remove {asker}");
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        trait #missing {}

        #[allow(dead_code)]
        trait #fallback {
            fn #method #stand_in where Self: ::core::marker::Sized + #missing {
                ::core::unreachable!()
            }
        }

        impl #fallback for #ident<'_> {}
    }
}
