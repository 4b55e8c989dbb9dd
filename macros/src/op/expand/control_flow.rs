//! `BranchOpInterface` and `RegionBranchOpInterface`: the
//! `BranchInterface` and `RegionBranchInterface` values, and the hook
//! functions calling the op's `successor_for_operands` and
//! `entry_successor_regions`.

use super::*;
use crate::op::valid::control_flow::{has_flag, ENTRY_SUCCESSORS, SUCCESSOR_FOR_OPERANDS};

/// The index among the parts of its role of the part named `name`.
fn index_of(input: &OpInput, name: &Ident) -> u32 {
    let (_, index, _) = input
        .part(&name.unraw().to_string())
        .expect("valid.rs checked the parts");
    index as u32
}

/// The hook functions, each calling the user's method through the handle,
/// with a missing or mistyped method reported at the interface's name.
pub(super) fn control_flow_hooks(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let attr = quote!(::core::option::Option<__melior::ir::Attribute<'a>>);
    let mut out = TokenStream::new();
    for (kind, flag, method, signature, answer, hook) in [
        (
            InterfaceKind::Branch,
            "successor_for_operands",
            "successor_for_operands",
            SUCCESSOR_FOR_OPERANDS,
            quote!(::core::option::Option<usize>),
            "__successor_for_operands",
        ),
        (
            InterfaceKind::RegionBranch,
            "entry_successors",
            "entry_successor_regions",
            ENTRY_SUCCESSORS,
            quote!(::std::vec::Vec<__dialect::RegionTarget>),
            "__entry_successors",
        ),
    ] {
        let Some(iface) = input.interface(kind).filter(|i| has_flag(i, flag)) else {
            continue;
        };
        let Some(key) = iface.path.get_ident() else {
            continue;
        };
        out.extend(missing_method(
            ident,
            key,
            method,
            signature,
            quote!(<'a>(&self, operands: &[#attr]) -> #answer),
        ));
        let method = Ident::new(method, key.span());
        let hook = Ident::new(hook, Span::call_site());
        let at_key = Ident::new(&ident.to_string(), key.span());
        // Coerced at the key: a method of another type is a type error
        // there.
        let call = quote_spanned! {key.span()=>
            let method: fn(&#at_key<'a>, &[#attr]) -> #answer = <#at_key<'a>>::#method;
            method(&op, operands)
        };
        out.extend(quote! {
            fn #hook<'a>(op: ::mlir_pass::OperationRef<'a>, operands: &[#attr]) -> #answer {
                // SAFETY: the runtime calls the hook on ops of this kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
            }
        });
    }
    out
}

/// The `Option<BranchInterface>` and `Option<RegionBranchInterface>`
/// values.
pub(super) fn control_flow_interfaces(input: &OpInput) -> (TokenStream, TokenStream) {
    let flags = [
        "successor_for_operands",
        "entry_successors",
        "entry_operands",
    ];
    let branch = input.interface(InterfaceKind::Branch).map(|iface| {
        let mut per_successor: Vec<Option<u32>> = vec![None; input.successors.len()];
        for p in iface.params.iter().flatten() {
            if flags.iter().any(|f| p.key.unraw() == *f) {
                continue;
            }
            let (Some(field), successor) = (&p.field, index_of(input, &p.key)) else {
                continue;
            };
            per_successor[successor as usize] = Some(index_of(input, field));
        }
        let operands = per_successor.iter().map(|g| match g {
            Some(g) => quote!(::core::option::Option::Some(#g)),
            None => quote!(::core::option::Option::None),
        });
        let method = option(
            has_flag(iface, "successor_for_operands").then(|| quote!(__successor_for_operands)),
        );
        quote! {
            __dialect::BranchInterface {
                successor_operands: &[#(#operands),*],
                successor_for_operands: #method,
            }
        }
    });
    let region_branch = input.interface(InterfaceKind::RegionBranch).map(|iface| {
        let targets = |list: &[Ident]| {
            let targets = list.iter().map(|t| {
                if t.unraw() == "parent" {
                    quote!(__dialect::RegionTarget::Parent)
                } else {
                    let i = index_of(input, t);
                    quote!(__dialect::RegionTarget::Region(#i))
                }
            });
            quote!(&[#(#targets),*])
        };
        let list_of = |key: &str| {
            iface
                .params
                .iter()
                .flatten()
                .find(|p| p.key.unraw() == key)
                .and_then(|p| p.list.as_deref())
                .unwrap_or(&[])
        };
        let entry = targets(list_of("entry"));
        let successors = input.regions.iter().map(|r| targets(list_of(&r.name)));
        let entry_operands = option(
            iface
                .params
                .iter()
                .flatten()
                .find(|p| p.key.unraw() == "entry_operands")
                .and_then(|p| p.field.as_ref())
                .map(|f| {
                    let i = index_of(input, f);
                    quote!(#i)
                }),
        );
        let method =
            option(has_flag(iface, "entry_successors").then(|| quote!(__entry_successors)));
        quote! {
            __dialect::RegionBranchInterface {
                entry: #entry,
                successors: &[#(#successors),*],
                entry_operands: #entry_operands,
                entry_successors: #method,
            }
        }
    });
    (option(branch), option(region_branch))
}
