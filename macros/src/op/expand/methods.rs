//! The handle's accessors (one per part) and their helpers, in one
//! inherent impl with the builder.

use super::*;

/// The accessors and the builder, in one inherent impl; with `stub`,
/// their bodies are `unimplemented!()` (for the fallback).
pub fn methods(input: &OpInput, stub: bool) -> TokenStream {
    let ident = input.ident();
    let mut accessors = Vec::new();
    let skip = |p: &Part| stub && stub_skips(input, p);

    let value_groups = [
        (
            &input.operands,
            "operand",
            quote!(__OperationLike::operand_count(&self.op)),
            TraitKind::AttrSizedOperandSegments,
            "operandSegmentSizes",
        ),
        (
            &input.results,
            "result",
            quote!(__OperationLike::result_count(&self.op)),
            TraitKind::AttrSizedResultSegments,
            "resultSegmentSizes",
        ),
    ];
    for (parts, noun, count, sized, attribute) in value_groups {
        let layout = layout(parts, input.has(sized).map(|_| attribute));
        for (i, part) in parts.iter().enumerate() {
            if skip(part) {
                continue;
            }
            let get = |index: TokenStream| {
                let what = format!("{noun} `{}`", part.name);
                if noun == "operand" {
                    quote! {
                        __OperationLike::operand(&self.op, #index)
                            .unwrap_or_else(|_| self.__mlir_missing(#what))
                    }
                } else {
                    quote! {
                        __melior::ir::Value::from(
                            __OperationLike::result(&self.op, #index)
                                .unwrap_or_else(|_| self.__mlir_missing(#what)),
                        )
                    }
                }
            };
            let range = range(&layout, parts, i, &count);
            let value = quote!(__melior::ir::Value<'a, 'a>);
            let (ty, body) = match part.arity {
                Arity::Single => {
                    let get = get(quote!(__start));
                    (value, quote! { let (__start, _) = #range; #get })
                }
                Arity::Optional => {
                    let get = get(quote!(__start));
                    (
                        quote!(::core::option::Option<#value>),
                        quote! {
                            let (__start, __len) = #range;
                            if __len == 0 { ::core::option::Option::None } else { ::core::option::Option::Some(#get) }
                        },
                    )
                }
                Arity::Variadic => {
                    let get = get(quote!(__i));
                    (
                        quote!(::std::vec::Vec<#value>),
                        quote! {
                            let (__start, __len) = #range;
                            (__start..__start + __len).map(|__i| #get).collect()
                        },
                    )
                }
            };
            accessors.push(accessor(part, noun, ty, body, stub));
        }
    }

    for part in &input.attributes {
        if skip(part) {
            continue;
        }
        let c = &part.constraint;
        let value = quote_spanned!(c.span()=> <#c as __dialect::AttrParameter>::Value<'a>);
        let from = quote_spanned!(c.span()=> <#c as __dialect::AttrParameter>::from_attribute);
        let name = &part.name;
        let found = quote! {
            __OperationLike::attribute(&self.op, #name).ok().and_then(#from)
        };
        let (ty, body) = if part.is_optional_attr() {
            (quote!(::core::option::Option<#value>), found)
        } else {
            let what = format!("valid attribute `{name}`");
            (
                value,
                quote!(#found.unwrap_or_else(|| self.__mlir_missing(#what))),
            )
        };
        accessors.push(accessor(part, "attribute", ty, body, stub));
    }

    for (parts, noun, count) in [
        (
            &input.regions,
            "region",
            quote!(__OperationLike::region_count(&self.op)),
        ),
        (
            &input.successors,
            "successor",
            quote!(__OperationLike::successor_count(&self.op)),
        ),
    ] {
        for (i, part) in parts.iter().enumerate() {
            if skip(part) {
                continue;
            }
            let what = format!("{noun} `{}`", part.name);
            let (single, method) = if noun == "region" {
                (
                    quote!(__melior::ir::RegionRef<'a, 'a>),
                    quote!(__OperationLike::region),
                )
            } else {
                (
                    quote!(__melior::ir::BlockRef<'a, 'a>),
                    quote!(__OperationLike::successor),
                )
            };
            let (ty, body) = match part.arity {
                Arity::Variadic => (
                    quote!(::std::vec::Vec<#single>),
                    quote! {
                        (#i..#count)
                            .map(|__i| #method(&self.op, __i).unwrap_or_else(|_| self.__mlir_missing(#what)))
                            .collect()
                    },
                ),
                _ => (
                    single,
                    quote!(#method(&self.op, #i).unwrap_or_else(|_| self.__mlir_missing(#what))),
                ),
            };
            accessors.push(accessor(part, noun, ty, body, stub));
        }
    }

    let helpers = (!stub).then(|| helpers(input));
    let builder = builder(input, stub);
    let (adaptor, adaptor_impl) = adaptor_methods(input, stub);
    let allow = stub.then(|| quote!(#[allow(unused_variables, clippy::all)]));
    // In a block of their own: MLIR's `OperationLike` (whose `verify` would
    // be suggested for a missing hook method) is in scope only here.
    quote! {
        const _: () = {
            use __melior::ir::operation::OperationLike as __OperationLike;
            use __melior::ir::ValueLike as __ValueLike;

            #allow
            impl<'a> #ident<'a> {
                #(#accessors)*
                #builder
                #adaptor
                #helpers
            }

            #adaptor_impl
        };
    }
}

/// In the fallback, the parts whose accessor would clash (a reserved or
/// repeated name, already reported).
pub(super) fn stub_skips(input: &OpInput, part: &Part) -> bool {
    let again = input
        .fields
        .iter()
        .filter(|f| f.unraw() == part.name)
        .count()
        > 1;
    again || valid::is_reserved(&part.name)
}

/// One accessor: `pub fn input(&self) -> Value<'a, 'a>`, documented with
/// the field's doc comment.
pub(super) fn accessor(
    part: &Part,
    noun: &str,
    ty: TokenStream,
    body: TokenStream,
    stub: bool,
) -> TokenStream {
    let ident = &part.ident;
    let mut doc = if part.doc.is_empty() {
        format!("The {noun} `{}`.", part.name)
    } else {
        part.doc.clone()
    };
    match (part.arity, noun) {
        (Arity::Optional, _) => doc.push_str("\n\n`None` when the op has none."),
        (_, "attribute") if part.default.is_some() => {
            doc.push_str("\n\n`None` when absent (the parser and the builder set the default).")
        }
        (Arity::Variadic, _) => doc.push_str("\n\nEvery one of the group, in order."),
        _ => {}
    }
    let body = if stub {
        quote!(::core::unimplemented!())
    } else {
        body
    };
    quote! {
        #[doc = #doc]
        pub fn #ident(&self) -> #ty {
            #body
        }
    }
}

/// The private helpers the accessors share.
pub(super) fn helpers(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let segments = (input.has(TraitKind::AttrSizedOperandSegments).is_some()
        || input.has(TraitKind::AttrSizedResultSegments).is_some())
    .then(|| {
        quote! {
            /// `(start, len)` of group `group` by the sizes in `attribute`.
            #[doc(hidden)]
            fn __mlir_segment(&self, attribute: &str, group: usize) -> (usize, usize) {
                let sizes = __OperationLike::attribute(&self.op, attribute)
                    .ok()
                    .and_then(|a| __melior::ir::attribute::DenseI32ArrayAttribute::try_from(a).ok())
                    .unwrap_or_else(|| self.__mlir_missing(attribute));
                let size = |i: usize| sizes.element(i).map_or(0, |s| s.max(0) as usize);
                ((0..group).map(size).sum(), size(group))
            }
        }
    });
    quote! {
        /// Panics on an op that lacks a part (only unverified IR can).
        #[doc(hidden)]
        #[allow(dead_code)]
        #[cold]
        fn __mlir_missing(&self, what: &str) -> ! {
            ::core::panic!(
                "`{}` ({}) has no {}: the op did not pass verification, and the accessors \
                 assume verified IR",
                <Self as __dialect::Op<'a>>::operation_name(),
                ::core::stringify!(#ident),
                what,
            )
        }

        #segments
    }
}
