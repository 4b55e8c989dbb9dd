//! Generates the pass: metadata, TypeID, bound checks and the `inventory`
//! registration. Everything goes inside `const _: () = { ... };` so no helper
//! item leaks into the user's namespace, and every path is absolute.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::{
    attr::{self, Dialect, Errors, Kind},
    item, options,
};

/// `#[mlir_pass]`.
pub fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    expand_kind(Kind::Pass, args, input)
}

/// `#[mlir_pipeline]`.
pub fn expand_pipeline(args: TokenStream, input: TokenStream) -> TokenStream {
    expand_kind(Kind::Pipeline, args, input)
}

fn expand_kind(kind: Kind, args: TokenStream, input: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let parsed = attr::parse(args, &mut errors, kind);
    attr::validate(&parsed, &mut errors, kind);
    let Some(mut item) = item::parse(input.clone(), &mut errors, kind) else {
        // Not a struct: re-emit what was written so that one mistake does not
        // turn into many "cannot find type" errors.
        let errors = errors.into_result().err().map(|e| e.to_compile_error());
        return quote!(#input #errors);
    };
    let pass_options = options::parse_fields(&mut item, &mut errors);
    let default_impl = options::default_impl(&mut item, &pass_options, &mut errors);
    if let Err(e) = errors.into_result() {
        let e = e.to_compile_error();
        return quote!(#item #e);
    }
    let (option_specs, set_option, print_options) = options::expand(&pass_options);

    let ident = &item.ident;
    let argument = parsed.argument.expect("validated").value();
    let name = parsed.name.map_or_else(|| ident.to_string(), |n| n.value());
    let description = parsed
        .description
        .map_or_else(|| item::doc_comment(&item.attrs), |d| d.value());
    let summary = item::summary(&description);
    let op_name = match parsed.op {
        Some(op) => {
            let op = op.value();
            quote!(::core::option::Option::Some(#op))
        }
        None => quote!(::core::option::Option::None),
    };
    let dialect_names: Vec<String> = parsed.dialects.iter().map(|d| d.name()).collect();
    // Each getter is checked against the handle getter type at the user's
    // token: an upstream name becomes MLIR's C API getter, a path stays as
    // written.
    let dialect_getters = parsed.dialects.iter().map(|d| match d {
        Dialect::Upstream(ident) => {
            let getter = format_ident!(
                "mlirGetDialectHandle__{}__",
                ident.to_string(),
                span = ident.span()
            );
            quote!(__mp::sys::#getter)
        }
        Dialect::Getter(path) => quote_spanned! {path.span()=>
            {
                const GETTER: unsafe extern "C" fn() -> __mp::sys::MlirDialectHandle = #path;
                GETTER
            }
        },
    });

    // Spanned at the struct's name, so unmet bounds (`Pass`, `Clone`, `Send`,
    // `Default`: the traits' supertraits) point at the user's type.
    let configurable = quote_spanned! {ident.span()=>
        impl __mp::Configurable for #ident
    };
    let descriptor = match kind {
        Kind::Pass => quote_spanned! {ident.span()=>
            impl __mp::PassDescriptor for #ident {
                fn type_id() -> __mp::sys::MlirTypeID {
                    static __MLIR_PASS_TYPE_ID: __mp::TypeIdAnchor = __mp::TypeIdAnchor::new();
                    __MLIR_PASS_TYPE_ID.type_id()
                }
            }
        },
        Kind::Pipeline => quote_spanned! {ident.span()=>
            impl __mp::PipelineDescriptor for #ident {}
        },
    };
    let defaults = match kind {
        Kind::Pass => quote!(__mp::options::pass_defaults),
        Kind::Pipeline => quote!(__mp::options::pipeline_defaults),
    };
    let registration = match kind {
        Kind::Pass => quote!(__mp::PassRegistration::of::<#ident>()),
        Kind::Pipeline => quote!(__mp::PipelineRegistration::of::<#ident>()),
    };

    quote! {
        #item

        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            use ::mlir_pass::__private as __mp;

            static __MLIR_PASS_METADATA: __mp::PassMetadata = __mp::PassMetadata {
                name: #name,
                argument: #argument,
                description: #description,
                summary: #summary,
                op_name: #op_name,
                dialect_names: &[#(#dialect_names),*],
                dialects: &[#(#dialect_getters),*],
                type_name: ::core::concat!(::core::module_path!(), "::", ::core::stringify!(#ident)),
                options: #option_specs,
                defaults: #defaults::<#ident>,
            };

            #default_impl

            #configurable {
                fn metadata() -> &'static __mp::PassMetadata {
                    &__MLIR_PASS_METADATA
                }

                fn set_option(
                    &mut self,
                    name: &str,
                    value: &str,
                ) -> ::core::result::Result<(), ::std::string::String> {
                    #set_option
                }

                fn print_options(&self) -> ::std::vec::Vec<(&'static str, ::std::string::String)> {
                    #print_options
                }
            }

            #descriptor

            __mp::inventory::submit! {
                #registration
            }
        };
    }
}
