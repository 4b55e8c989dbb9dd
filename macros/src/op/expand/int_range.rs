//! `InferIntRangeInterface`: the hook function calling the op's
//! `infer_result_ranges` (or `infer_result_ranges_from_optional`), and the
//! `IntRangeInterface` value.

use super::*;
use crate::op::valid::int_range::{is_from_optional, method_signature};

/// The hook function, calling the user's method through the handle, with a
/// missing or mistyped method reported at the interface's name.
pub(super) fn int_range_hooks(input: &OpInput) -> TokenStream {
    let Some(iface) = input.interface(InterfaceKind::InferIntRange) else {
        return TokenStream::new();
    };
    let Some(key) = iface.path.get_ident() else {
        return TokenStream::new();
    };
    let ident = input.ident();
    let optional = is_from_optional(iface);
    let ranges = quote!(__dialect::ResultRanges);
    let range = quote!(__dialect::IntRange);
    let (method, arg) = if optional {
        (
            "infer_result_ranges_from_optional",
            quote!(::core::option::Option<#range>),
        )
    } else {
        ("infer_result_ranges", range.clone())
    };
    let mut out = missing_method(
        ident,
        key,
        method,
        method_signature(optional),
        quote!((&self, args: &[#arg], ranges: &mut #ranges<'_>)),
    );
    let method = Ident::new(method, key.span());
    let at_key = Ident::new(&ident.to_string(), key.span());
    // Coerced at the key: a method of another type is a type error there.
    let call = quote_spanned! {Span::call_site().located_at(key.span())=>
        let method: fn(&#at_key<'a>, &[#arg], &mut #ranges<'a>) = <#at_key<'a>>::#method;
        method(&op, args, ranges);
    };
    out.extend(quote! {
        fn __infer_int_ranges<'a>(
            op: ::mlir_pass::OperationRef<'a>,
            args: &[#arg],
            ranges: &mut #ranges<'a>,
        ) {
            // SAFETY: MLIR calls an op's hooks on ops of that kind only.
            let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
            #call
        }
    });
    out
}

/// The `Option<IntRangeInterface>` value.
pub(super) fn int_range_interface(input: &OpInput) -> TokenStream {
    let value = input
        .interface(InterfaceKind::InferIntRange)
        .filter(|i| i.path.get_ident().is_some())
        .map(|iface| {
            if is_from_optional(iface) {
                quote!(__dialect::int_range::IntRangeInterface::Optional(
                    __infer_int_ranges
                ))
            } else {
                quote!(__dialect::int_range::IntRangeInterface::Known(
                    __infer_int_ranges
                ))
            }
        });
    option(value)
}
