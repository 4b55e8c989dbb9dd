//! Prints a valid enum: the enum as written (with the derives `MlirEnum`
//! needs that it lacks), its `static EnumDefinition`, and the impls.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{ext::IdentExt, Meta};

use super::{int, EnumInput};
use crate::item_attrs;

/// The derives `MlirEnum` needs.
const NEEDED: &[&str] = &["Clone", "Copy", "PartialEq", "Eq"];

/// `#[derive(...)]` of what `NEEDED` has that the enum does not derive.
pub(super) fn missing_derives(item: &syn::ItemEnum) -> Option<TokenStream> {
    let derived: Vec<String> = item
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .filter_map(|a| match &a.meta {
            Meta::List(list) => Some(list.tokens.to_string()),
            _ => None,
        })
        .flat_map(|s| {
            s.split(',')
                .map(|p| p.trim().rsplit("::").next().unwrap_or("").trim().to_owned())
                .collect::<Vec<_>>()
        })
        .collect();
    let missing: Vec<TokenStream> = NEEDED
        .iter()
        .filter(|d| !derived.iter().any(|x| x == *d))
        .map(|d| match *d {
            "Clone" => quote!(::core::clone::Clone),
            "Copy" => quote!(::core::marker::Copy),
            "PartialEq" => quote!(::core::cmp::PartialEq),
            _ => quote!(::core::cmp::Eq),
        })
        .collect();
    (!missing.is_empty()).then(|| quote!(#[derive(#(#missing),*)]))
}

pub fn expand(input: &EnumInput) -> TokenStream {
    let item = &input.item;
    let ident = &item.ident;
    let derive = missing_derives(item);

    let name = input
        .args
        .name
        .as_ref()
        .map_or_else(|| ident.unraw().to_string(), |n| n.value());
    let (summary, description) = item_attrs::summary_and_description(
        &item.attrs,
        input.args.summary.as_ref(),
        input.args.description.as_ref(),
    );
    let width = input.args.width.map_or(32u32, |(w, _)| w);
    let cases = input.cases.iter().map(|c| {
        let (keyword, value, summary) = (&c.keyword, int(c.value), &c.summary);
        quote!(__dialect::EnumCase { keyword: #keyword, value: #value, summary: #summary })
    });
    let to_value = input.cases.iter().map(|c| {
        let (variant, value) = (&c.ident, int(c.value));
        quote!(#ident::#variant => #value,)
    });
    let from_value = input.cases.iter().map(|c| {
        let (variant, value) = (&c.ident, int(c.value));
        quote!(#value => ::core::option::Option::Some(#ident::#variant),)
    });
    let expected = format!(
        "expected one of: {}",
        input
            .cases
            .iter()
            .map(|c| c.keyword.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    quote! {
        #derive
        #item

        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use ::mlir_pass::dialect as __dialect;
            use ::mlir_pass::melior as __melior;

            static __MLIR_ENUM_DEFINITION: __dialect::EnumDefinition = __dialect::EnumDefinition {
                name: #name,
                summary: #summary,
                description: #description,
                width: #width,
                cases: &[#(#cases),*],
            };

            impl __dialect::MlirEnum for #ident {
                const DEFINITION: &'static __dialect::EnumDefinition = &__MLIR_ENUM_DEFINITION;

                fn value(self) -> i64 {
                    match self {
                        #(#to_value)*
                    }
                }

                fn from_value(value: i64) -> ::core::option::Option<Self> {
                    match value {
                        #(#from_value)*
                        _ => ::core::option::Option::None,
                    }
                }
            }

            impl __dialect::AttrParameter for #ident {
                const CONSTRAINT: __dialect::AttrConstraint =
                    __dialect::AttrConstraint::Enum(&__MLIR_ENUM_DEFINITION);
                const TYPE_NAME: &'static str = #name;
                type Value<'c> = #ident;

                fn from_attribute(
                    attr: __melior::ir::Attribute<'_>,
                ) -> ::core::option::Option<Self> {
                    __dialect::enum_from_attribute::<#ident>(attr)
                }

                fn to_attribute<'c>(
                    context: &'c __melior::Context,
                    value: Self,
                ) -> __melior::ir::Attribute<'c> {
                    __dialect::enum_to_attribute::<#ident>(context, value)
                }

                fn parse<'c>(
                    parser: &mut __dialect::AsmParser<'c>,
                ) -> ::core::result::Result<__melior::ir::Attribute<'c>, __dialect::ParseError> {
                    __dialect::enum_parse::<#ident>(parser)
                }

                fn print(attr: __melior::ir::Attribute<'_>, printer: &mut __dialect::AsmPrinter<'_>) {
                    __dialect::enum_print::<#ident>(attr, printer)
                }
            }

            impl ::core::fmt::Display for #ident {
                /// The case's keyword (`slt`).
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.write_str(<Self as __dialect::MlirEnum>::keyword(*self))
                }
            }

            impl ::core::str::FromStr for #ident {
                type Err = ::std::string::String;

                /// The case of a keyword (`"slt"`).
                fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                    <Self as __dialect::MlirEnum>::from_keyword(s).ok_or_else(|| {
                        ::std::format!("{:?} is not a case of {}: {}", s, #name, #expected)
                    })
                }
            }
        };
    }
}
