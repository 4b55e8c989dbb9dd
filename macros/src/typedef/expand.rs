//! Prints a valid type model: the typed handle that replaces the struct,
//! the `static TypeDefinition`, the `DialectType` impl, the registration,
//! one accessor per parameter, `get`, `Display`/`Debug`, the conversion to
//! melior's `Type`, and the hook that calls the user's `verify`. Nothing is
//! checked here (`valid.rs` did); constraint types and the verifier are
//! used with the user's spans, so the compiler's errors about them point at
//! the field type or the key.
//!
//! As for ops, everything but the handle (and a marker that makes two
//! types of one name in a module an error naming both) goes inside
//! `const _: () = { ... };`, with absolute paths and `__`-prefixed aliases.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::{ext::IdentExt, spanned::Spanned, Ident};

use super::{
    ast::{DefKind, Param, TypeInput},
    format::Element,
    valid,
};
use crate::{handle, hook::missing_method, item_attrs};

/// The handle and everything generated for it.
pub fn expand(input: &TypeInput) -> TokenStream {
    let dialect = input
        .args
        .dialect
        .as_ref()
        .expect("valid.rs requires `dialect`");
    let (marker, unique) = input
        .args
        .name
        .as_ref()
        .and_then(|name| handle::name_marker("type", dialect, name, input.ident()))
        .unzip();
    let definition = definition(input);
    let verify = verify_hook(input);
    let syntax_hooks = syntax_hooks(input);
    let type_impl = type_impl(
        input,
        quote!(&__MLIR_TYPE_DEFINITION),
        quote!(__dialect_definition().namespace),
    );
    let common = common_impls(input);
    let methods = methods(input, false);
    let field_types = handle::field_types(input.item);
    let (def_type, registration) = match input.args.kind {
        DefKind::Type => (
            quote!(__dialect::TypeDefinition),
            quote! {
                __mp::inventory::submit! {
                    __dialect::TypeRegistration {
                        dialect: __dialect_definition,
                        ty: __type_definition,
                    }
                }
            },
        ),
        DefKind::Attr => (
            quote!(__dialect::AttrDefinition),
            quote! {
                __mp::inventory::submit! {
                    __dialect::AttrRegistration { attr: __type_definition }
                }
            },
        ),
    };
    let alias = super::valid::alias_name(input).map(|name| {
        quote! {
            __mp::inventory::submit! {
                __dialect::DefAliasRegistration {
                    dialect: __dialect_definition,
                    definition: || __type_definition() as *const _ as *const (),
                    name: #name,
                }
            }
        }
    });
    // `valid.rs` reported any error in the list already.
    let interfaces =
        super::interfaces::expand(input, &super::interfaces::read(&Default::default(), input));
    let parameter = (input.args.kind == DefKind::Attr).then(|| attr_parameter(input));
    let self_type_check = input.params.iter().find(|p| p.self_type).map(|p| {
        let c = &p.constraint;
        quote_spanned! {c.span()=>
            const _: () = __dialect::assert_self_type::<#c>();
        }
    });
    let optional_reads = optional_reads(input).into_iter().map(|i| {
        let c = &input.params[i].constraint;
        quote_spanned! {c.span()=>
            const _: () = __dialect::assert_reads_optionally::<#c>();
        }
    });

    let items = quote! {
        #unique
        #verify
        #syntax_hooks
        #field_types

        static __MLIR_TYPE_DEFINITION: #def_type = #definition;

        fn __type_definition() -> &'static #def_type {
            &__MLIR_TYPE_DEFINITION
        }

        #type_impl
        #common
        #methods
        #parameter
        #self_type_check
        #(#optional_reads)*

        #registration
        #alias
        #interfaces
    };
    let handle = handle_struct(input);
    let params = input
        .args
        .verifier
        .is_some()
        .then(|| params_struct(input, false));
    handle::expand(quote!(#handle #params), marker, dialect, items)
}

/// `DialectType` for the handle, with these bodies for `definition` and
/// `namespace` (the fallback's are `unimplemented!()`).
pub fn type_impl(
    input: &TypeInput,
    definition: TokenStream,
    namespace: TokenStream,
) -> TokenStream {
    let ident = input.ident();
    match input.args.kind {
        DefKind::Type => quote! {
            impl<'c> __dialect::DialectType<'c> for #ident<'c> {
                fn definition() -> &'static __dialect::TypeDefinition {
                    #definition
                }

                fn namespace() -> &'static str {
                    #namespace
                }

                unsafe fn from_type_unchecked(ty: __melior::ir::Type<'c>) -> Self {
                    Self { ty }
                }

                fn to_type(&self) -> __melior::ir::Type<'c> {
                    self.ty
                }
            }
        },
        DefKind::Attr => {
            let _ = namespace;
            quote! {
                impl<'c> __dialect::DialectAttr<'c> for #ident<'c> {
                    fn definition() -> &'static __dialect::AttrDefinition {
                        #definition
                    }

                    unsafe fn from_attribute_unchecked(attr: __melior::ir::Attribute<'c>) -> Self {
                        Self { attr }
                    }

                    fn to_attribute(&self) -> __melior::ir::Attribute<'c> {
                        self.attr
                    }
                }
            }
        }
    }
}

/// `AttrParameter` for an attribute's handle: an op's attribute or another
/// definition's parameter of this kind is written without its name.
fn attr_parameter(input: &TypeInput) -> TokenStream {
    let ident = input.ident();
    let name = ident.unraw().to_string();
    quote! {
        impl<'x> __dialect::AttrParameter for #ident<'x> {
            const CONSTRAINT: __dialect::AttrConstraint =
                __dialect::AttrConstraint::Dialect(&__MLIR_TYPE_DEFINITION);
            const TYPE_NAME: &'static str = #name;
            type Value<'c> = #ident<'c>;

            fn from_attribute(
                attr: __melior::ir::Attribute<'_>,
            ) -> ::core::option::Option<Self::Value<'_>> {
                <#ident<'_> as __dialect::DialectAttr<'_>>::cast(attr)
            }

            fn to_attribute<'c>(
                _context: &'c __melior::Context,
                value: Self::Value<'c>,
            ) -> __melior::ir::Attribute<'c> {
                value.attr
            }

            fn parse<'c>(
                parser: &mut __dialect::AsmParser<'c>,
            ) -> ::core::result::Result<__melior::ir::Attribute<'c>, __dialect::ParseError> {
                parser.rust_attribute(&__MLIR_TYPE_DEFINITION)
            }

            fn print(attr: __melior::ir::Attribute<'_>, printer: &mut __dialect::AsmPrinter<'_>) {
                printer.rust_attribute(attr);
            }

            fn print_qualified(
                attr: __melior::ir::Attribute<'_>,
                printer: &mut __dialect::AsmPrinter<'_>,
            ) {
                printer.attribute(attr);
            }
        }
    }
}

/// The handle's field: `ty` or `attr`.
fn field(input: &TypeInput) -> Ident {
    match input.args.kind {
        DefKind::Type => format_ident!("ty"),
        DefKind::Attr => format_ident!("attr"),
    }
}

/// melior's `Type` or `Attribute`.
fn raw_type(input: &TypeInput) -> TokenStream {
    match input.args.kind {
        DefKind::Type => quote!(::mlir_pass::melior::ir::Type<'c>),
        DefKind::Attr => quote!(::mlir_pass::melior::ir::Attribute<'c>),
    }
}

/// `__dialect::type_params` or `__dialect::attr_params`.
fn params_fn(input: &TypeInput) -> TokenStream {
    match input.args.kind {
        DefKind::Type => quote!(__dialect::type_params),
        DefKind::Attr => quote!(__dialect::attr_params),
    }
}

/// The definition's `syntax`.
fn syntax(input: &TypeInput) -> TokenStream {
    if input.args.custom_assembly.is_some() {
        return quote! {
            __dialect::ParamSyntax::Custom { parse: __parse_hook, print: __print_hook }
        };
    }
    let Some(format) = &input.args.format else {
        return quote!(__dialect::ParamSyntax::Default);
    };
    let (written, params) = format_params(input);
    let mut elements = Vec::new();
    format_elements(
        &super::format::parse(&format.value(), &params).expect("valid.rs checked the format"),
        &written,
        &mut elements,
    );
    quote!(__dialect::ParamSyntax::Format(&[#(#elements),*]))
}

/// The parameters a format names (all but the typed attribute's type) as
/// the format parser takes them, and for each its index into all
/// parameters (the format's indices are into those it names).
pub(super) fn format_params(input: &TypeInput) -> (Vec<usize>, Vec<super::format::ParamInfo>) {
    let written: Vec<usize> = (0..input.params.len())
        .filter(|i| !input.params[*i].self_type)
        .collect();
    let params = written
        .iter()
        .map(|i| super::format::ParamInfo {
            name: input.params[*i].name.clone(),
            variadic: input.params[*i].variadic,
            optional: input.params[*i].optional,
        })
        .collect();
    (written, params)
}

/// The `Option` parameters the format reads where the input may leave
/// them out (alone, first in an optional group, in `params`), whose types
/// must read optionally; as indices into all parameters.
fn optional_reads(input: &TypeInput) -> Vec<usize> {
    let Some(format) = &input.args.format else {
        return Vec::new();
    };
    let (written, params) = format_params(input);
    let Ok(elements) = super::format::parse(&format.value(), &params) else {
        return Vec::new();
    };
    let is_option = |i: usize| {
        let p = &input.params[written[i]];
        p.optional && p.default.is_none()
    };
    let mut out = Vec::new();
    let read = |element: &Element, out: &mut Vec<usize>| match element {
        Element::Param(i) | Element::Qualified(i) if is_option(*i) => out.push(written[*i]),
        Element::Params => out.extend(
            (0..written.len())
                .filter(|i| is_option(*i))
                .map(|i| written[i]),
        ),
        _ => {}
    };
    for element in &elements {
        match element {
            Element::OptionalGroup { then, .. } => {
                if let Some(first) = then.first() {
                    read(first, &mut out);
                }
            }
            other => read(other, &mut out),
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The runtime's elements of `elements`, an optional group flattened into
/// its header and the elements that follow it; `written` turns the
/// format's parameter indices into indices into all parameters.
fn format_elements(elements: &[Element], written: &[usize], out: &mut Vec<TokenStream>) {
    let index = |i: &usize| written[*i] as u32;
    for element in elements {
        match element {
            Element::Literal(text) => {
                out.push(quote!(__dialect::ParamFormatElement::Literal(#text)))
            }
            Element::Param(i) => {
                let i = index(i);
                out.push(quote!(__dialect::ParamFormatElement::Param(#i)));
            }
            Element::Qualified(i) => {
                let i = index(i);
                out.push(quote!(__dialect::ParamFormatElement::Qualified(#i)));
            }
            Element::Params => out.push(quote!(__dialect::ParamFormatElement::Params)),
            Element::Struct(members) => {
                let members = members.iter().map(index);
                out.push(quote!(__dialect::ParamFormatElement::Struct(&[#(#members),*])));
            }
            Element::OptionalGroup {
                anchor,
                anchor_in_else,
                then,
                other,
            } => {
                let anchor = anchor.iter().map(index);
                let (then_len, else_len) = (then.len() as u32, other.len() as u32);
                out.push(quote! {
                    __dialect::ParamFormatElement::OptionalGroup {
                        anchor: &[#(#anchor),*],
                        anchor_in_else: #anchor_in_else,
                        then_len: #then_len,
                        else_len: #else_len,
                    }
                });
                format_elements(then, written, out);
                format_elements(other, written, out);
            }
        }
    }
}

/// With `custom_assembly`: the hooks calling the user's `parse` and
/// `print`, coerced at the key.
fn syntax_hooks(input: &TypeInput) -> Option<TokenStream> {
    let key = input.args.custom_assembly.as_ref()?;
    let ident = input.ident();
    let at_key = Ident::new(&ident.to_string(), key.span());
    let parse = Ident::new("parse", key.span());
    let print = Ident::new("print", key.span());
    let missing_parse = missing_method(
        ident,
        key,
        "parse",
        &format!("fn parse(parser: &mut AsmParser<'c>) -> Result<{ident}<'c>, ParseError>"),
        quote! {
            <'c>(parser: &mut __dialect::AsmParser<'c>)
                -> ::core::result::Result<Self, __dialect::ParseError>
        },
    );
    let missing_print = missing_method(
        ident,
        key,
        "print",
        "fn print(&self, printer: &mut AsmPrinter<'_>)",
        quote!((&self, printer: &mut __dialect::AsmPrinter<'_>)),
    );
    let (printed, from_raw, params_trait) = match input.args.kind {
        DefKind::Type => (
            quote!(__dialect::Printed::Type(raw)),
            quote!(<#at_key<'c> as __dialect::DialectType<'c>>::from_type_unchecked(raw)),
            quote!(__dialect::DialectType),
        ),
        DefKind::Attr => (
            quote!(__dialect::Printed::Attribute(raw)),
            quote!(<#at_key<'c> as __dialect::DialectAttr<'c>>::from_attribute_unchecked(raw)),
            quote!(__dialect::DialectAttr),
        ),
    };
    Some(
        quote_spanned! {proc_macro2::Span::call_site().located_at(key.span())=>
            #missing_parse
            #missing_print

            fn __parse_hook<'c>(
                parser: &mut __dialect::AsmParser<'c>,
            ) -> ::core::result::Result<::std::vec::Vec<__melior::ir::Attribute<'c>>, __dialect::ParseError> {
                let handle: #at_key<'c> = <#at_key<'c>>::#parse(parser)?;
                ::core::result::Result::Ok(#params_trait::params(&handle))
            }

            fn __print_hook<'c>(printed: __dialect::Printed<'c>, printer: &mut __dialect::AsmPrinter<'_>) {
                if let #printed = printed {
                    // SAFETY: the bridge calls this hook only for this kind.
                    let handle = unsafe { #from_raw };
                    <#at_key<'c>>::#print(&handle, printer);
                }
            }
        },
    )
}

/// The struct as a handle: the user's attributes (doc comments included)
/// less derives, the user's visibility and name, one field. Types are
/// uniqued by MLIR, so handles compare and hash by identity, as melior's
/// `Type` does.
pub fn handle_struct(input: &TypeInput) -> TokenStream {
    let item = input.item;
    let attrs = item.attrs.iter().filter(|a| !a.path().is_ident("derive"));
    let vis = &item.vis;
    let ident = &item.ident;
    let field = field(input);
    let raw = raw_type(input);
    quote! {
        #(#attrs)*
        #[derive(
            ::core::clone::Clone,
            ::core::marker::Copy,
            ::core::cmp::PartialEq,
            ::core::cmp::Eq,
            ::core::hash::Hash,
        )]
        #vis struct #ident<'c> {
            #field: #raw,
        }
    }
}

/// `{Type}Params<'c>`: the type's parameters, typed as its accessors
/// return them (ODS's parameters as a verifier sees them), public beside
/// the handle; generated with `verifier`, whose hook builds it. With
/// `stub` (the fallback), no fields: their types may be the mistake being
/// reported.
pub fn params_struct(input: &TypeInput, stub: bool) -> TokenStream {
    let ident = input.ident();
    let vis = &input.item.vis;
    let params_ident = params_ident(input);
    let doc = format!(
        " The parameters of [`{ident}`], typed as its accessors return them: what its \
         verifier gets (`fn verify(params: {params_ident}<'_>) -> Result<(), String>`)."
    );
    let fields = input.params.iter().filter(|_| !stub).map(|p| {
        let field = &p.ident;
        // Outside the `const _` of the aliases: absolute paths.
        let c = &p.constraint;
        let value = quote_spanned! {c.span()=>
            <#c as ::mlir_pass::dialect::AttrParameter>::Value<'c>
        };
        let ty = if p.variadic {
            quote!(::std::vec::Vec<#value>)
        } else {
            value
        };
        let doc = if p.doc.is_empty() {
            format!(" The parameter `{}`.", p.name)
        } else {
            p.doc.clone()
        };
        quote! {
            #[doc = #doc]
            pub #field: #ty,
        }
    });
    quote! {
        #[doc = #doc]
        #[derive(::core::clone::Clone)]
        // A `verify` that takes the parameters as a slice reads no field.
        #[allow(dead_code)]
        #vis struct #params_ident<'c> {
            #(#fields)*
            __lifetime: ::core::marker::PhantomData<&'c ()>,
        }
    }
}

fn params_ident(input: &TypeInput) -> Ident {
    format_ident!("{}Params", input.ident().unraw())
}

/// `TypeVerifyParams` for `{Type}Params`: each parameter read as its
/// accessor reads it (the constraints were checked before).
fn params_impl(input: &TypeInput) -> TokenStream {
    let params_ident = params_ident(input);
    let fields = input.params.iter().enumerate().map(|(i, p)| {
        let field = &p.ident;
        let from = constraint_item(p, "from_attribute");
        if p.variadic {
            quote! {
                #field: ::core::iter::Iterator::collect::<::core::option::Option<::std::vec::Vec<_>>>(
                    ::core::iter::Iterator::map(
                        ::core::iter::Iterator::skip(params.iter(), #i),
                        |a| #from(*a),
                    ),
                )?,
            }
        } else {
            quote!(#field: #from(*params.get(#i)?)?,)
        }
    });
    quote! {
        impl<'c> __dialect::TypeVerifyParams<'c> for #params_ident<'c> {
            fn from_params(
                params: &'c [__melior::ir::Attribute<'c>],
            ) -> ::core::option::Option<Self> {
                ::core::option::Option::Some(Self {
                    #(#fields)*
                    __lifetime: ::core::marker::PhantomData,
                })
            }
        }
    }
}

/// `<T as AttrParameter>::item`, at the parameter's type, so that a
/// type that is none is an error there.
fn constraint_item(param: &Param, item: &str) -> TokenStream {
    let c = &param.constraint;
    let item = Ident::new(item, c.span());
    quote_spanned!(c.span()=> <#c as __dialect::AttrParameter>::#item)
}

/// `<T as AttrParameter>::Value<'c>`, at the parameter's type.
fn value_type(param: &Param) -> TokenStream {
    let c = &param.constraint;
    quote_spanned!(c.span()=> <#c as __dialect::AttrParameter>::Value<'c>)
}

/// The `TypeDefinition` literal.
fn definition(input: &TypeInput) -> TokenStream {
    let args = &input.args;
    let name = args
        .name
        .as_ref()
        .expect("valid.rs requires `name`")
        .value();
    let type_name = input.ident().unraw().to_string();
    let (summary, description) = item_attrs::summary_and_description(
        &input.item.attrs,
        args.summary.as_ref(),
        args.description.as_ref(),
    );
    let params = input.params.iter().map(|p| {
        let name = &p.name;
        let c = &p.constraint;
        let variadic = p.variadic;
        if let Some(value) = &p.default {
            // The default's attribute, built in the context asked; the
            // value's type is the accessor's, checked at the value.
            let value = quote_spanned! {value.span()=>
                {
                    let __value: <#c as __dialect::AttrParameter>::Value<'c> = #value;
                    __value
                }
            };
            return quote_spanned! {c.span()=>
                __dialect::param_def_with_default::<#c>(#name, {
                    fn __default<'c>(context: &'c __melior::Context) -> __melior::ir::Attribute<'c> {
                        <#c as __dialect::AttrParameter>::to_attribute(context, #value)
                    }
                    __default
                })
            };
        }
        quote_spanned! {c.span()=>
            __dialect::param_def::<#c>(#name, #variadic)
        }
    });
    let verify = match &args.verifier {
        Some(_) => quote!(::core::option::Option::Some(__verify)),
        None => quote!(::core::option::Option::None),
    };
    let syntax = syntax(input);
    match args.kind {
        DefKind::Type => quote! {
            __dialect::TypeDefinition {
                name: #name,
                type_name: #type_name,
                summary: #summary,
                description: #description,
                params: &[#(#params),*],
                verify: #verify,
                syntax: #syntax,
            }
        },
        DefKind::Attr => {
            let self_type = match input.params.iter().position(|p| p.self_type) {
                Some(i) => {
                    let i = i as u32;
                    quote!(::core::option::Option::Some(#i))
                }
                None => quote!(::core::option::Option::None),
            };
            quote! {
                __dialect::AttrDefinition {
                    name: #name,
                    type_name: #type_name,
                    summary: #summary,
                    description: #description,
                    params: &[#(#params),*],
                    verify: #verify,
                    syntax: #syntax,
                    dialect: __dialect_definition,
                    self_type: #self_type,
                }
            }
        }
    }
}

/// With `verifier`: the user's `verify` as the definition's hook, coerced
/// at the key, so a missing or mistyped function is reported there.
fn verify_hook(input: &TypeInput) -> Option<TokenStream> {
    let key = input.args.verifier.as_ref()?;
    let ident = input.ident();
    let signature = format!(
        "fn verify(params: {}<'_>) -> Result<(), String>",
        params_ident(input)
    );
    let missing = missing_method(
        ident,
        key,
        "verify",
        &signature,
        quote! {
            (params: &[__melior::ir::Attribute<'_>])
                -> ::core::result::Result<(), ::std::string::String>
        },
    );
    let method = Ident::new("verify", key.span());
    let at_key = Ident::new(&ident.to_string(), key.span());
    // The user's `verify` takes the typed parameters or, as before them,
    // `&[Attribute<'_>]`: the call reads them as its argument's type.
    let hook = quote_spanned! {proc_macro2::Span::call_site().located_at(key.span())=>
        const __verify: __dialect::TypeVerifyHook =
            |params| __dialect::call_type_verifier(<#at_key<'static>>::#method, params);
    };
    let params_impl = params_impl(input);
    Some(quote!(#missing #hook #params_impl))
}

/// `Display` (the type in MLIR's syntax), `Debug`, and the conversion to
/// melior's `Type`.
pub fn common_impls(input: &TypeInput) -> TokenStream {
    let ident = input.ident();
    let name = ident.unraw().to_string();
    let field = field(input);
    let (doc, target) = match input.args.kind {
        DefKind::Type => (
            " The type in MLIR's textual form (`!toy.struct<f64>`).",
            quote!(__melior::ir::Type<'c>),
        ),
        DefKind::Attr => (
            " The attribute in MLIR's textual form (`#calc.range<0, 16>`).",
            quote!(__melior::ir::Attribute<'c>),
        ),
    };
    let display_debug = handle::display_debug(ident, &field.to_string(), doc, &name);
    quote! {
        #display_debug

        impl<'c> ::core::convert::From<#ident<'c>> for #target {
            fn from(handle: #ident<'c>) -> Self {
                handle.#field
            }
        }
    }
}

/// The accessors and `get`, in one inherent impl; with `stub`, their
/// bodies are `unimplemented!()` (for the fallback).
pub fn methods(input: &TypeInput, stub: bool) -> TokenStream {
    let ident = input.ident();
    let type_name = ident.unraw().to_string();
    let field = field(input);
    let params_fn = params_fn(input);
    let body = |tokens: TokenStream| {
        if stub {
            quote!(::core::unimplemented!())
        } else {
            tokens
        }
    };
    // In the fallback, the parameters whose accessor would clash (a
    // reserved or repeated name, already reported).
    let clashes = |p: &Param| {
        stub && (valid::is_reserved(&p.name)
            || input.params.iter().filter(|o| o.name == p.name).count() > 1)
    };
    let mut accessors = Vec::new();
    for (i, param) in input.params.iter().enumerate() {
        if clashes(param) {
            continue;
        }
        let name = &param.name;
        let ident = &param.ident;
        let from = constraint_item(param, "from_attribute");
        let value = value_type(param);
        let what = format!("parameter `{name}`");
        let c = &param.constraint;
        let read = quote_spanned! {c.span()=>
            |attribute| #from(attribute).unwrap_or_else(|| __mlir_missing(#what))
        };
        let mut doc = if param.doc.is_empty() {
            format!("The parameter `{name}`.")
        } else {
            param.doc.clone()
        };
        let (ty, get) = if param.variadic {
            doc.push_str("\n\nEvery one of them, in order.");
            (
                quote!(::std::vec::Vec<#value>),
                body(quote! {
                    ::core::iter::Iterator::collect(::core::iter::Iterator::map(
                        ::core::iter::Iterator::skip(
                            ::core::iter::IntoIterator::into_iter(
                                #params_fn(self.#field),
                            ),
                            #i,
                        ),
                        #read,
                    ))
                }),
            )
        } else {
            (
                value,
                body(quote! {
                    let __params = #params_fn(self.#field);
                    let __param = __params
                        .get(#i)
                        .copied()
                        .unwrap_or_else(|| __mlir_missing(#what));
                    (#read)(__param)
                }),
            )
        };
        accessors.push(quote! {
            #[doc = #doc]
            pub fn #ident(&self) -> #ty {
                #get
            }
        });
    }
    let get = get(input, stub);
    let missing = (!stub).then(|| {
        quote! {
            /// Panics on a type whose parameters are not what its
            /// definition declares (only a constraint whose
            /// `from_attribute` refuses what its `CONSTRAINT` accepts can
            /// make one).
            #[allow(dead_code)]
            #[cold]
            fn __mlir_missing(what: &str) -> ! {
                ::core::panic!(
                    "`{}` has no valid {}: the type's parameters do not match its definition",
                    #type_name,
                    what,
                )
            }
        }
    });
    let allow = stub.then(|| quote!(#[allow(unused_variables, clippy::all)]));
    quote! {
        #missing

        #allow
        impl<'c> #ident<'c> {
            #(#accessors)*
            #get
        }
    }
}

/// `pub fn get(context, params...) -> Result<Self, String>`: the type with
/// these parameters, after its constraints and verifier.
fn get(input: &TypeInput, stub: bool) -> TokenStream {
    let context = if input.params.iter().any(|p| p.name == "context") {
        format_ident!("type_context")
    } else {
        format_ident!("context")
    };
    let mut params = Vec::new();
    let mut pushes = Vec::new();
    let mut docs = Vec::new();
    for param in &input.params {
        let ident = &param.ident;
        let value = value_type(param);
        let c = &param.constraint;
        let into = quote_spanned! {c.span()=>
            <#c as __dialect::AttrParameter>::to_attribute
        };
        if param.variadic {
            params.push(quote!(#ident: &[#value]));
            pushes.push(quote! {
                for __value in #ident {
                    __params.push(#into(#context, ::core::clone::Clone::clone(__value)));
                }
            });
        } else {
            params.push(quote!(#ident: #value));
            pushes.push(quote!(__params.push(#into(#context, #ident));));
        }
        let first = param.doc.lines().next().unwrap_or("").trim().to_owned();
        docs.push(if first.is_empty() {
            format!("- `{}`: the parameter", param.name)
        } else {
            format!("- `{}`: {first}", param.name)
        });
    }
    let mut doc = format!(
        "`{}` with these parameters in `{context}`, after the parameters' constraints and the \
         type's verifier; the error is their message.\n\nThe dialect must be loaded in the \
         context (a pass that names it in `dialects = [...]` has it; \
         `mlir_pass::dialect::load` loads it).",
        input.ident()
    );
    if !docs.is_empty() {
        doc.push_str("\n\n");
        doc.push_str(&docs.join("\n"));
    }
    let handle_trait = match input.args.kind {
        DefKind::Type => quote!(__dialect::DialectType),
        DefKind::Attr => quote!(__dialect::DialectAttr),
    };
    let body = if stub {
        quote!(::core::unimplemented!())
    } else {
        quote! {
            let mut __params: ::std::vec::Vec<__melior::ir::Attribute<'c>> = ::std::vec::Vec::new();
            #(#pushes)*
            <Self as #handle_trait<'c>>::get(#context, &__params)
        }
    };
    quote! {
        #[doc = #doc]
        pub fn get(
            #context: &'c __melior::Context,
            #(#params,)*
        ) -> ::core::result::Result<Self, ::std::string::String> {
            #body
        }
    }
}
