//! The op's adaptor (ODS's `Adaptor`): its struct and accessors, and
//! `adaptor` on the handle.

use super::*;

/// The name of the op's adaptor: `AddOpAdaptor` for `AddOp`.
pub(super) fn adaptor_ident(input: &OpInput) -> Ident {
    format_ident!("{}Adaptor", input.ident().unraw())
}

/// `AddOpAdaptor<'o, 'c, 'a>`, ODS's `AddOp::Adaptor`: the op's operand
/// groups read from a list of values given apart from the op (a conversion
/// pattern's remapped operands), with the group bounds found when it is
/// made (`AddOp::adaptor`).
pub(super) fn adaptor_struct(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let adaptor = adaptor_ident(input);
    let vis = &input.item.vis;
    let n = input.operands.len();
    let doc = format!(
        "The operands of a `{ident}` by name, read from a list of values given apart from \
         the op, such as a conversion pattern's remapped operands (ODS's `{ident}::Adaptor`). \
         Made by `{ident}::adaptor`."
    );
    quote! {
        #[doc = #doc]
        #[derive(::core::clone::Clone, ::core::marker::Copy)]
        #vis struct #adaptor<'o, 'c, 'a> {
            operands: &'o [::mlir_pass::melior::ir::Value<'c, 'a>],
            groups: [(usize, usize); #n],
        }
    }
}

/// `adaptor` on the handle and the adaptor's accessors; with `stub`,
/// their bodies are `unimplemented!()` (for the fallback).
pub(super) fn adaptor_methods(input: &OpInput, stub: bool) -> (TokenStream, TokenStream) {
    let adaptor = adaptor_ident(input);
    let parts = &input.operands;
    let layout = layout(
        parts,
        input
            .has(TraitKind::AttrSizedOperandSegments)
            .map(|_| "operandSegmentSizes"),
    );
    let count = quote!(__count);
    let ranges = (0..parts.len()).map(|i| range(&layout, parts, i, &count));
    let value = quote!(__melior::ir::Value<'c, 'a>);
    let stubbed = |body: TokenStream| {
        if stub {
            quote!(::core::unimplemented!())
        } else {
            body
        }
    };
    let body = stubbed(quote! {
        let #count = operands.len();
        #adaptor { operands, groups: [#(#ranges),*] }
    });
    let doc = format!(
        "The operands of this op's kind by name, read from `operands` rather than from the op \
         (a conversion pattern's remapped operands): `{adaptor}`. The group bounds are the \
         op's{}.",
        if matches!(layout, Layout::Segments(_)) {
            " (its `operandSegmentSizes`)"
        } else {
            ", found from the length of `operands`"
        }
    );
    let constructor = quote! {
        #[doc = #doc]
        #[allow(unused_variables)]
        pub fn adaptor<'o, 'c, 'v>(
            &self,
            operands: &'o [__melior::ir::Value<'c, 'v>],
        ) -> #adaptor<'o, 'c, 'v> {
            #body
        }
    };
    let mut accessors = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if stub && stub_skips(input, part) {
            continue;
        }
        let (ty, body) = match part.arity {
            Arity::Single => (value.clone(), quote!(self.operands[self.groups[#i].0])),
            Arity::Optional => (
                quote!(::core::option::Option<#value>),
                quote! {
                    let (__start, __len) = self.groups[#i];
                    if __len == 0 { ::core::option::Option::None } else { ::core::option::Option::Some(self.operands[__start]) }
                },
            ),
            Arity::Variadic => (
                quote!(&'o [#value]),
                quote! {
                    let (__start, __len) = self.groups[#i];
                    &self.operands[__start..__start + __len]
                },
            ),
        };
        let ty = quote!(#ty);
        let accessor = accessor(part, "operand", ty, body, stub);
        accessors.push(accessor);
    }
    // A group named `operands` keeps its name; the whole list is then
    // that group's or the caller's own.
    let all = (!parts.iter().any(|p| p.name == "operands")).then(|| {
        quote! {
            /// Every operand, as given to `adaptor`.
            pub fn operands(&self) -> &'o [#value] {
                self.operands
            }
        }
    });
    let allow = stub.then(|| quote!(#[allow(unused_variables, clippy::all)]));
    let adaptor_impl = quote! {
        #allow
        impl<'o, 'c, 'a> #adaptor<'o, 'c, 'a> {
            #(#accessors)*
            #all
        }
    };
    (constructor, adaptor_impl)
}
