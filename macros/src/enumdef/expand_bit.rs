//! Prints a valid bit enum (`#[mlir_enum(bit)]`): the enum without its
//! discriminants (its bits are in `MlirBitEnum::bits`), its `static
//! BitEnumDefinition`, `MlirBitEnum`, `|`, `&`, `^` and `!` giving a
//! `Flags<Self>`, `Display` and `FromStr` of one case.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{ext::IdentExt, LitInt};

/// A case's bits as a `u64` literal.
fn bits(value: i64) -> LitInt {
    LitInt::new(&format!("{}u64", value as u64), Span::call_site())
}

use super::{expand::missing_derives, EnumInput};
use crate::item_attrs;

pub fn expand(input: &EnumInput) -> TokenStream {
    let mut item = input.item.clone();
    for variant in &mut item.variants {
        variant.discriminant = None;
    }
    let ident = &item.ident;
    let derive = missing_derives(&item);
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
    let separator = input
        .args
        .separator
        .as_ref()
        .map_or_else(|| "|".to_owned(), |s| s.value());
    let primary = input.args.print_primary_groups.is_some();
    let cases = input.cases.iter().map(|c| {
        let (keyword, value, summary) = (&c.keyword, bits(c.value), &c.summary);
        quote!(__dialect::EnumCase { keyword: #keyword, value: #value as i64, summary: #summary })
    });
    let to_bits = input.cases.iter().map(|c| {
        let (variant, value) = (&c.ident, bits(c.value));
        quote!(#ident::#variant => #value,)
    });
    let from_bits = input.cases.iter().map(|c| {
        let (variant, value) = (&c.ident, bits(c.value));
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

            static __MLIR_BIT_ENUM_DEFINITION: __dialect::BitEnumDefinition =
                __dialect::BitEnumDefinition::new(
                    #name,
                    #summary,
                    #description,
                    #width,
                    &[#(#cases),*],
                    #separator,
                    #primary,
                );

            impl __dialect::MlirBitEnum for #ident {
                const DEFINITION: &'static __dialect::BitEnumDefinition =
                    &__MLIR_BIT_ENUM_DEFINITION;
                const NAME: &'static str = #name;

                fn bits(self) -> u64 {
                    match self {
                        #(#to_bits)*
                    }
                }

                fn from_bits(bits: u64) -> ::core::option::Option<Self> {
                    match bits {
                        #(#from_bits)*
                        _ => ::core::option::Option::None,
                    }
                }
            }

            impl<__R: ::core::convert::Into<__dialect::Flags<#ident>>> ::core::ops::BitOr<__R>
                for #ident
            {
                type Output = __dialect::Flags<#ident>;

                fn bitor(self, rhs: __R) -> __dialect::Flags<#ident> {
                    __dialect::Flags::from(self) | rhs
                }
            }

            impl<__R: ::core::convert::Into<__dialect::Flags<#ident>>> ::core::ops::BitAnd<__R>
                for #ident
            {
                type Output = __dialect::Flags<#ident>;

                fn bitand(self, rhs: __R) -> __dialect::Flags<#ident> {
                    __dialect::Flags::from(self) & rhs
                }
            }

            impl<__R: ::core::convert::Into<__dialect::Flags<#ident>>> ::core::ops::BitXor<__R>
                for #ident
            {
                type Output = __dialect::Flags<#ident>;

                fn bitxor(self, rhs: __R) -> __dialect::Flags<#ident> {
                    __dialect::Flags::from(self) ^ rhs
                }
            }

            impl ::core::ops::Not for #ident {
                type Output = __dialect::Flags<#ident>;

                fn not(self) -> __dialect::Flags<#ident> {
                    !__dialect::Flags::from(self)
                }
            }

            impl ::core::fmt::Display for #ident {
                /// The case's keyword (`nnan`).
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.write_str(<Self as __dialect::MlirBitEnum>::keyword(*self))
                }
            }

            impl ::core::str::FromStr for #ident {
                type Err = ::std::string::String;

                /// The case of one keyword (`"nnan"`); a list is
                /// `Flags<Self>`'s.
                fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                    <Self as __dialect::MlirBitEnum>::from_keyword(s).ok_or_else(|| {
                        ::std::format!("{:?} is not a case of {}: {}", s, #name, #expected)
                    })
                }
            }
        };
    }
}
