//! What the macros print when there was an error: the errors, the user's
//! item, and stand-ins for the impls the attribute generates (as thiserror's
//! `fallback.rs` and clap_derive do). The code that uses the pass
//! (`MyPass::default()`, `pm.add_pass(MyPass)`, `options::parse::<MyPass>`)
//! then still compiles, so one mistake gives one error, not a cascade.
//!
//! The stand-ins never run (the crate does not build), so their bodies are
//! `unimplemented!()` and nothing is registered. They must not add errors of
//! their own: each trait's supertraits are repeated as a higher-ranked
//! `where for<'__stub> Self: ...` bound, which the compiler checks where the
//! impl is used rather than where it is declared.

use proc_macro2::{Ident, TokenStream};
use quote::{quote, ToTokens};
use syn::{Generics, Item, WhereClause};

use crate::{
    ast::{Input, Kind},
    expand,
};

/// `error` beside `item` and its stand-in impls. `input` is the model when
/// `item` is a struct.
pub fn expand(kind: Kind, item: &Item, input: Option<&Input>, error: &syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    let (item, ident, generics, default) = match (input, item) {
        (Some(input), _) => (
            expand::user_struct(input).into_token_stream(),
            &input.item.ident,
            &input.item.generics,
            input.implements_default(),
        ),
        // Not a struct: the item as written, with the impls the rest of the
        // crate expects of it.
        (None, Item::Enum(e)) => (e.to_token_stream(), &e.ident, &e.generics, false),
        (None, Item::Union(u)) => (u.to_token_stream(), &u.ident, &u.generics, false),
        (None, other) => return quote!(#other #error),
    };
    let stubs = stubs(kind, ident, generics, default);
    quote! {
        #item
        #error
        #stubs
    }
}

/// `Configurable`, `PassDescriptor` or `PipelineDescriptor`, and `Default`
/// when the attribute would have implemented it.
fn stubs(kind: Kind, ident: &Ident, generics: &Generics, default: bool) -> TokenStream {
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let bounded = |bounds: TokenStream| -> WhereClause {
        let mut clause = where_clause
            .cloned()
            .unwrap_or_else(|| syn::parse_quote!(where));
        clause
            .predicates
            .push(syn::parse_quote!(for<'__stub> Self: #bounds));
        clause
    };
    let configurable = bounded(quote!('static));
    let configurable = quote! {
        impl #impl_generics __mp::Configurable for #ident #ty_generics #configurable {
            fn metadata() -> &'static __mp::PassMetadata {
                ::core::unimplemented!()
            }

            fn set_option(
                &mut self,
                _: &str,
                _: &str,
            ) -> ::core::result::Result<(), ::std::string::String> {
                ::core::unimplemented!()
            }

            fn print_options(&self) -> ::std::vec::Vec<(&'static str, ::std::string::String)> {
                ::core::unimplemented!()
            }
        }
    };
    let descriptor = match kind {
        Kind::Pass => {
            let bounds = bounded(quote! {
                'static
                    + ::mlir_pass::Pass
                    + ::core::clone::Clone
                    + ::core::marker::Send
                    + ::core::default::Default
            });
            quote! {
                impl #impl_generics __mp::PassDescriptor for #ident #ty_generics #bounds {
                    fn type_id() -> __mp::sys::MlirTypeID {
                        ::core::unimplemented!()
                    }
                }
            }
        }
        Kind::Pipeline => {
            let bounds = bounded(quote!(
                'static + ::mlir_pass::Pipeline + ::core::default::Default
            ));
            quote! {
                impl #impl_generics __mp::PipelineDescriptor for #ident #ty_generics #bounds {}
            }
        }
    };
    let default = default.then(|| {
        quote! {
            impl #impl_generics ::core::default::Default for #ident #ty_generics #where_clause {
                fn default() -> Self {
                    ::core::unimplemented!()
                }
            }
        }
    });
    quote! {
        #[doc(hidden)]
        #[allow(unused_lifetimes, clippy::all)]
        const _: () = {
            use ::mlir_pass::__private as __mp;

            #configurable
            #descriptor
            #default
        };
    }
}
