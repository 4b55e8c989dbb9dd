//! Prints a valid model: the struct, its metadata, TypeID, options,
//! `Default`, the trait impls whose supertraits are the bound checks, and
//! the `inventory` registration. Nothing is checked here (`valid.rs` did).
//! Everything but the struct goes inside `const _: () = { ... };` so no
//! helper item leaks into the user's namespace, and every path is absolute.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::{spanned::Spanned, Expr, ItemStruct};

use crate::{
    ast::{Input, Kind, OptionType, Value},
    attr::Dialect,
    item_attrs,
};

/// The struct and everything generated for it.
pub fn expand(input: &Input) -> TokenStream {
    let item = user_struct(input);
    let ident = &input.item.ident;
    let args = &input.args;
    let argument = args
        .argument
        .as_ref()
        .expect("valid.rs requires `argument`")
        .value();
    let name = args
        .name
        .as_ref()
        .map_or_else(|| ident.to_string(), |lit| lit.value());
    let description = args.description.as_ref().map_or_else(
        || item_attrs::doc_comment(&input.item.attrs),
        |lit| lit.value(),
    );
    let summary = summary(&description);
    let op_name = match &args.op {
        Some(op) => {
            let op = op.value();
            quote!(::core::option::Option::Some(#op))
        }
        None => quote!(::core::option::Option::None),
    };
    let interface = match &args.interface {
        Some(lit) => {
            let variant = syn::Ident::new(&lit.value(), lit.span());
            quote!(::core::option::Option::Some(__mp::AnchorInterface::#variant))
        }
        None => quote!(::core::option::Option::None),
    };
    let dialect_names = args.dialects.iter().map(Dialect::name);
    let dialect_getters = args.dialects.iter().map(dialect_getter);
    let option_specs = option_specs(input);
    let set_option = set_option(input);
    let print_options = print_options(input);
    let default_impl = default_impl(input);

    // Spanned at the struct's name, so unmet bounds (`Pass`, `Clone`, `Send`,
    // `Default`: the traits' supertraits) point at the user's type.
    let configurable = quote_spanned! {ident.span()=>
        impl __mp::Configurable for #ident
    };
    let descriptor = match input.kind {
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
    let (defaults, registration) = match input.kind {
        Kind::Pass => (
            quote!(__mp::options::pass_defaults),
            quote!(__mp::PassRegistration::of::<#ident>()),
        ),
        Kind::Pipeline => (
            quote!(__mp::options::pipeline_defaults),
            quote!(__mp::PipelineRegistration::of::<#ident>()),
        ),
    };

    let setters = setters(input);

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
                interface: #interface,
                dialect_names: &[#(#dialect_names),*],
                dialects: &[#(#dialect_getters),*],
                type_name: ::core::concat!(::core::module_path!(), "::", ::core::stringify!(#ident)),
                options: #option_specs,
                defaults: #defaults::<#ident>,
            };

            #default_impl

            #setters

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

/// `with_<field>(value)` for each option: the pass built in code with its
/// options, whatever private state it holds
/// (`MyPass::default().with_limit(3)`), with the struct's visibility.
fn setters(input: &Input) -> TokenStream {
    if input.options.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.item.ident;
    let vis = &input.item.vis;
    let methods = input.options.iter().map(|o| {
        let field = o.field;
        let ty = o.ty;
        let method = format_ident!("with_{}", field.to_string().trim_start_matches("r#"));
        let doc = format!(
            "Sets the option `{}`{}",
            o.name,
            if o.description.is_empty() {
                ".".to_owned()
            } else {
                format!(": {}", o.description.lines().next().unwrap_or(""))
            }
        );
        quote_spanned! {field.span()=>
            #[doc = #doc]
            #[must_use]
            #vis fn #method(mut self, #field: #ty) -> Self {
                self.#field = #field;
                self
            }
        }
    });
    quote! {
        impl #ident {
            #(#methods)*
        }
    }
}

/// The struct as the user wrote it, less what the attribute consumes: the
/// `#[option]` helpers, and `Default` in the derives when the attribute
/// implements `Default` itself. Printed after an error too (`fallback.rs`).
pub fn user_struct(input: &Input) -> ItemStruct {
    let mut item = input.item.clone();
    for field in &mut item.fields {
        field.attrs.retain(|a| !item_attrs::is_option(a));
    }
    if input.implements_default() {
        item.attrs.retain_mut(|a| {
            let Some(paths) = item_attrs::derives(a) else {
                return true;
            };
            let rest: Vec<_> = paths
                .iter()
                .filter(|p| !item_attrs::is_default(p))
                .collect();
            if rest.is_empty() {
                return false;
            }
            *a = syn::parse_quote!(#[derive(#(#rest),*)]);
            true
        });
    }
    item
}

/// The first paragraph of a description, on one line.
fn summary(description: &str) -> String {
    description
        .trim()
        .split("\n\n")
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A dialect's handle getter, checked against the getter type at the
/// user's token: an upstream name becomes MLIR's C API getter, a Rust
/// dialect type the runtime's getter for it (checked against the `Dialect`
/// trait at the type), a path stays as written.
fn dialect_getter(dialect: &Dialect) -> TokenStream {
    match dialect {
        Dialect::Upstream(ident) => {
            let getter = format_ident!(
                "mlirGetDialectHandle__{}__",
                ident.to_string(),
                span = ident.span()
            );
            quote!(__mp::sys::#getter)
        }
        Dialect::Getter(path) => {
            quote_spanned! {proc_macro2::Span::call_site().located_at(path.span())=>
                {
                    const GETTER: unsafe extern "C" fn() -> __mp::sys::MlirDialectHandle = #path;
                    GETTER
                }
            }
        }
        Dialect::Type(path) => {
            quote_spanned! {proc_macro2::Span::call_site().located_at(path.span())=>
                {
                    const GETTER: unsafe extern "C" fn() -> __mp::sys::MlirDialectHandle =
                        ::mlir_pass::dialect::handle_extern::<#path>;
                    GETTER
                }
            }
        }
    }
}

/// `&[OptionSpec { .. }, ..]`: what the runtime shows and parses by.
fn option_specs(input: &Input) -> TokenStream {
    let specs = input.options.iter().map(|o| {
        let name = &o.name;
        let type_name = o.ty.to_token_stream().to_string().replace(' ', "");
        let description = &o.description;
        let is_list = matches!(o.kind, OptionType::List(_));
        let is_flag = matches!(o.kind, OptionType::Single(Value::Flag));
        quote! {
            __mp::OptionSpec {
                name: #name,
                type_name: #type_name,
                description: #description,
                is_list: #is_list,
                is_flag: #is_flag,
            }
        }
    });
    quote!(&[#(#specs),*])
}

/// The body of `set_option`. Parsing is spanned at the field's type, so a
/// type that cannot be an option gets its error there.
fn set_option(input: &Input) -> TokenStream {
    let arms = input.options.iter().map(|o| {
        let (name, field) = (&o.name, o.field);
        let parse = parse_expr(&o.kind, quote!(value));
        let parse = quote_spanned!(o.ty.span()=> #parse);
        quote!(#name => { self.#field = #parse?; ::core::result::Result::Ok(()) })
    });
    quote! {
        match name {
            #(#arms)*
            _ => ::core::result::Result::Err(::std::format!("no option named '{}'", name)),
        }
    }
}

/// The expression that parses `text` (a `&str`) into a value of this type.
fn parse_expr(kind: &OptionType, text: TokenStream) -> TokenStream {
    match kind {
        OptionType::Single(value) => parse_value(value, text),
        OptionType::List(element) => {
            let element = parse_value(element, quote!(__element));
            quote!(__mp::options::parse_list(#text, |__element| #element))
        }
    }
}

/// The expression that parses `text` into one value.
fn parse_value(value: &Value, text: TokenStream) -> TokenStream {
    match value {
        Value::Flag => quote!(__mp::options::parse_bool(#text)),
        Value::Int(ty) => quote!(__mp::options::parse_int::<#ty>(#text)),
        Value::Str => quote!(__mp::options::parse_from_str::<::std::string::String>(#text)),
        Value::Scalar(ty) => quote!(<#ty as __mp::options::OptionType>::parse_option(#text)),
    }
}

/// The body of `print_options`.
fn print_options(input: &Input) -> TokenStream {
    let prints = input.options.iter().map(|o| {
        let (name, field, ty) = (&o.name, o.field, o.ty);
        // Turbofish with the type's own tokens: an unmet bound is reported at
        // the type, once for parsing and printing alike.
        let print = match &o.kind {
            OptionType::List(element) => {
                let element = element_type(element);
                quote_spanned!(ty.span()=> __mp::options::print_list::<#element>(&self.#field))
            }
            _ => {
                quote_spanned!(ty.span()=> <#ty as __mp::options::OptionType>::print_option(&self.#field))
            }
        };
        quote!((#name, #print))
    });
    quote!(::std::vec![#(#prints),*])
}

/// The element type of a `Vec<T>` option: `T`.
fn element_type(element: &Value) -> TokenStream {
    match element {
        Value::Int(ty) | Value::Scalar(ty) => ty.to_token_stream(),
        Value::Flag => quote!(bool),
        Value::Str => quote!(::std::string::String),
    }
}

/// With option defaults: the `impl Default` that replaces the struct's
/// `#[derive(Default)]`, from those defaults and `Default::default()` for
/// every other field.
fn default_impl(input: &Input) -> TokenStream {
    if !input.implements_default() {
        return TokenStream::new();
    }
    let ident = &input.item.ident;
    let fields = input
        .item
        .fields
        .iter()
        .filter_map(|f| f.ident.as_ref())
        .map(|field| {
            let option = input.options.iter().find(|o| o.field == field);
            match option.and_then(|o| o.default.as_ref().map(|d| (o, d))) {
                Some((o, default)) => {
                    let value = default_value(&o.kind, default);
                    quote_spanned!(default.span()=> #field: #value)
                }
                None => quote!(#field: ::core::default::Default::default()),
            }
        });
    quote! {
        impl ::core::default::Default for #ident {
            fn default() -> Self {
                Self { #(#fields),* }
            }
        }
    }
}

/// A `default = ...` expression converted to the field's type: `&str` works
/// for `String`, and an array for `Vec<T>`.
fn default_value(kind: &OptionType, default: &Expr) -> TokenStream {
    match kind {
        OptionType::Single(Value::Str) => {
            quote_spanned!(default.span()=> ::std::string::String::from(#default))
        }
        OptionType::List(Value::Str) => {
            quote_spanned! {default.span()=>
                ::core::iter::Iterator::collect(::core::iter::Iterator::map(
                    ::core::iter::IntoIterator::into_iter(#default),
                    ::std::string::String::from,
                ))
            }
        }
        OptionType::List(_) => quote_spanned! {default.span()=>
            ::core::iter::Iterator::collect(::core::iter::IntoIterator::into_iter(#default))
        },
        OptionType::Single(_) => quote_spanned!(default.span()=> #default),
    }
}
