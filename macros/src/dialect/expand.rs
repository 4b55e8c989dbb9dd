//! Prints a valid dialect model: the struct unchanged, `Dialect` with its
//! `static DialectDefinition`, and the registration; or, after an error,
//! the struct and a stand-in `Dialect` impl beside the errors, so that the
//! ops naming the dialect report nothing more.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::{spanned::Spanned, Item};

use super::ast::DialectInput;
use crate::item_attrs;

/// The struct and everything generated for it.
pub fn expand(input: &DialectInput) -> TokenStream {
    let item = input.item;
    let ident = &item.ident;
    let args = &input.args;
    let namespace = input.namespace().expect("valid.rs requires `name`");
    let type_name = input.type_name();
    let (summary, description) = item_attrs::summary_and_description(
        &item.attrs,
        args.summary.as_ref(),
        args.description.as_ref(),
    );
    let dependents = args.dependent_dialects.iter().map(|d| {
        let name = d.to_string();
        let getter = quote::format_ident!("mlirGetDialectHandle__{}__", name, span = d.span());
        quote! {
            __dialect::DependentDialect { name: #name, handle: __mp::sys::#getter }
        }
    });
    let materialize = match &args.materialize_constant {
        // Coerced at the user's path: a function of another type is a
        // type error there.
        Some(path) => quote_spanned! {proc_macro2::Span::call_site().located_at(path.span())=>
            ::core::option::Option::Some({
                const HOOK: __dialect::MaterializeHook = #path;
                HOOK
            })
        },
        None => quote!(::core::option::Option::None),
    };
    let inliner = args.inliner.is_some();
    let alias = args.alias.as_ref().map(|path| {
        // Coerced at the user's path, as the materializer.
        let hook = quote_spanned! {proc_macro2::Span::call_site().located_at(path.span())=>
            {
                const HOOK: __dialect::AliasHook = #path;
                HOOK
            }
        };
        quote! {
            __mp::inventory::submit! {
                __dialect::AliasHookRegistration {
                    dialect: <#ident as __dialect::Dialect>::definition,
                    hook: #hook,
                }
            }
        }
    });
    let call_conversion = match &args.materialize_call_conversion {
        Some(path) => quote_spanned! {proc_macro2::Span::call_site().located_at(path.span())=>
            ::core::option::Option::Some({
                const HOOK: __dialect::CallConversionHook = #path;
                HOOK
            })
        },
        None => quote!(::core::option::Option::None),
    };
    let dialect_impl = quote_spanned! {ident.span()=>
        impl __dialect::Dialect for #ident
    };
    quote! {
        #item

        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use ::mlir_pass::__private as __mp;
            use ::mlir_pass::dialect as __dialect;

            #dialect_impl {
                fn definition() -> &'static __dialect::DialectDefinition {
                    static __MLIR_DIALECT_DEFINITION: __dialect::DialectDefinition =
                        __dialect::DialectDefinition {
                            namespace: #namespace,
                            type_name: #type_name,
                            summary: #summary,
                            description: #description,
                            dependent_dialects: &[#(#dependents),*],
                            materialize_constant: #materialize,
                            inliner: #inliner,
                            materialize_call_conversion: #call_conversion,
                        };
                    &__MLIR_DIALECT_DEFINITION
                }

                fn handle() -> __mp::sys::MlirDialectHandle {
                    __dialect::dialect_handle::<Self>()
                }
            }

            #alias

            __mp::inventory::submit! {
                __dialect::DialectRegistration {
                    dialect: <#ident as __dialect::Dialect>::definition,
                    handle: <#ident as __dialect::Dialect>::handle,
                }
            }
        };
    }
}

/// `error` beside the item, with a stand-in `Dialect` impl when it is a
/// struct the impl can be written for.
pub fn fallback(item: &Item, input: Option<&DialectInput>, error: &syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    let item_tokens = item.to_token_stream();
    let Some(input) = input.filter(|i| i.item.generics.params.is_empty()) else {
        return quote!(#item_tokens #error);
    };
    let ident = &input.item.ident;
    quote! {
        #item_tokens
        #error

        #[doc(hidden)]
        const _: () = {
            impl ::mlir_pass::dialect::Dialect for #ident {
                fn definition() -> &'static ::mlir_pass::dialect::DialectDefinition {
                    ::core::unimplemented!()
                }

                fn handle() -> ::mlir_pass::__private::sys::MlirDialectHandle {
                    ::core::unimplemented!()
                }
            }
        };
    }
}
