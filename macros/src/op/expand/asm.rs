//! `OpAsmOpInterface`: the hook functions calling the op's `result_names`,
//! `block_arg_names` and `block_names`, and the `OpAsmInterface` literal.

use super::*;
use crate::op::valid::asm::method_signature;

/// The `key` of `OpAsmOpInterface(...)`, if written (with its string, for
/// `default_dialect`).
fn param<'i>(input: &'i OpInput, key: &str) -> Option<&'i crate::op::attr::InterfaceParam> {
    input
        .interface(InterfaceKind::OpAsm)?
        .params
        .iter()
        .flatten()
        .find(|p| p.key.unraw() == key)
}

/// The hook functions, each calling the user's method through the handle,
/// with a missing or mistyped method reported at the key.
pub(super) fn asm_hooks(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let names = quote!(__dialect::ValueNames);
    let region = quote!(__melior::ir::RegionRef);
    let mut out = TokenStream::new();
    if let Some(key) = param(input, "result_names").map(|p| &p.key) {
        out.extend(missing_method(
            ident,
            key,
            "result_names",
            method_signature("result_names"),
            quote!((&self, names: &mut #names<'_>)),
        ));
        let method = Ident::new("result_names", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        // Coerced at the key: a method of another type is a type error there.
        let call = quote_spanned! {Span::call_site().located_at(key.span())=>
            let method: fn(&#at_key<'a>, &mut #names<'a>) = <#at_key<'a>>::#method;
            method(&op, names);
        };
        out.extend(quote! {
            fn __result_names<'a>(op: ::mlir_pass::OperationRef<'a>, names: &mut #names<'a>) {
                // SAFETY: MLIR calls an op's hooks on ops of that kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
            }
        });
    }
    if let Some(key) = param(input, "block_arg_names").map(|p| &p.key) {
        out.extend(missing_method(
            ident,
            key,
            "block_arg_names",
            method_signature("block_arg_names"),
            quote!((&self, region: #region<'_, '_>, names: &mut #names<'_>)),
        ));
        let method = Ident::new("block_arg_names", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        let call = quote_spanned! {Span::call_site().located_at(key.span())=>
            let method: fn(&#at_key<'a>, #region<'a, 'a>, &mut #names<'a>) =
                <#at_key<'a>>::#method;
            method(&op, region, names);
        };
        out.extend(quote! {
            fn __block_arg_names<'a>(
                op: ::mlir_pass::OperationRef<'a>,
                region: #region<'a, 'a>,
                names: &mut #names<'a>,
            ) {
                // SAFETY: MLIR calls an op's hooks on ops of that kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
            }
        });
    }
    if let Some(key) = param(input, "block_names").map(|p| &p.key) {
        let blocks = quote!(__dialect::BlockNames);
        out.extend(missing_method(
            ident,
            key,
            "block_names",
            method_signature("block_names"),
            quote!((&self, names: &mut #blocks<'_>)),
        ));
        let method = Ident::new("block_names", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        let call = quote_spanned! {Span::call_site().located_at(key.span())=>
            let method: fn(&#at_key<'a>, &mut #blocks<'a>) = <#at_key<'a>>::#method;
            method(&op, names);
        };
        out.extend(quote! {
            fn __block_names<'a>(op: ::mlir_pass::OperationRef<'a>, names: &mut #blocks<'a>) {
                // SAFETY: MLIR calls an op's hooks on ops of that kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
            }
        });
    }
    out
}

/// The `OpAsmInterface` literal.
pub(super) fn asm_interface(input: &OpInput) -> TokenStream {
    let result_names = option(
        param(input, "result_names").map(|_| quote!(__result_names as __dialect::ResultNamesHook)),
    );
    let block_arg_names = option(
        param(input, "block_arg_names")
            .map(|_| quote!(__block_arg_names as __dialect::BlockArgNamesHook)),
    );
    let block_names = option(
        param(input, "block_names").map(|_| quote!(__block_names as __dialect::BlockNamesHook)),
    );
    let default_dialect = option(
        param(input, "default_dialect")
            .and_then(|p| p.text.as_ref())
            .map(|text| quote!(#text)),
    );
    quote! {
        __dialect::OpAsmInterface {
            result_names: #result_names,
            block_arg_names: #block_arg_names,
            block_names: #block_names,
            default_dialect: #default_dialect,
        }
    }
}
