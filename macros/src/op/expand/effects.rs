//! Memory effects and speculation: the `EffectDef`s of `effects = [...]`,
//! the hook functions calling the op's `effects` and `speculatability`
//! methods, and the `OpInterfaces` values.

use super::*;
use crate::op::valid::effects::{method_signature, EFFECTS};

/// The hook functions, each calling the user's method through the handle,
/// with a missing or mistyped method reported at the interface's name.
pub(super) fn effect_hooks(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let mut out = TokenStream::new();
    let at_key = |key: &Ident| Ident::new(&ident.to_string(), key.span());
    if let Some(key) = input
        .interface(InterfaceKind::MemoryEffects)
        .and_then(|i| i.path.get_ident())
    {
        let effects = quote!(__dialect::Effects);
        out.extend(missing_method(
            ident,
            key,
            "effects",
            method_signature(true),
            quote!((&self, effects: &mut #effects<'_>)),
        ));
        let method = Ident::new("effects", key.span());
        let at_key = at_key(key);
        let call = quote_spanned! {Span::call_site().located_at(key.span())=>
            let method: fn(&#at_key<'a>, &mut #effects<'a>) = <#at_key<'a>>::#method;
            method(&op, effects);
        };
        out.extend(quote! {
            fn __memory_effects<'a>(op: ::mlir_pass::OperationRef<'a>, effects: &mut #effects<'a>) {
                // SAFETY: MLIR calls an op's hooks on ops of that kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
            }
        });
    }
    if let Some(key) = input
        .interface(InterfaceKind::Speculatable)
        .and_then(|i| i.path.get_ident())
    {
        let answer = quote!(__dialect::Speculatability);
        out.extend(missing_method(
            ident,
            key,
            "speculatability",
            method_signature(false),
            quote!((&self) -> #answer),
        ));
        let method = Ident::new("speculatability", key.span());
        let at_key = at_key(key);
        let call = quote_spanned! {Span::call_site().located_at(key.span())=>
            let method: fn(&#at_key<'a>) -> #answer = <#at_key<'a>>::#method;
            method(&op)
        };
        out.extend(quote! {
            fn __speculatability<'a>(op: ::mlir_pass::OperationRef<'a>) -> #answer {
                // SAFETY: MLIR calls an op's hooks on ops of that kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
            }
        });
    }
    out
}

/// The `effects` and `speculatability` fields' values.
pub(super) fn effect_interfaces(input: &OpInput) -> (TokenStream, TokenStream) {
    let effects = if let Some((_, list)) = &input.args.effects {
        let defs = list.iter().filter_map(|entry| {
            let word = entry.ident.unraw().to_string();
            let (_, effect) = EFFECTS.iter().find(|(name, _)| *name == word)?;
            let effect = Ident::new(effect, Span::call_site());
            let mut on = quote!(__dialect::EffectOn::Op);
            let mut resource = String::new();
            for arg in &entry.args {
                match arg {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(lit),
                        ..
                    }) => resource = lit.value(),
                    syn::Expr::Path(path) => {
                        let name = path.path.get_ident()?.unraw().to_string();
                        let (role, index, _) = input.part(&name)?;
                        let index = index as u32;
                        on = match role {
                            crate::op::attr::Role::Operand => {
                                quote!(__dialect::EffectOn::Operand(#index))
                            }
                            _ => quote!(__dialect::EffectOn::Result(#index)),
                        };
                    }
                    _ => {}
                }
            }
            Some(quote! {
                __dialect::EffectDef {
                    effect: __dialect::MemoryEffect::#effect,
                    on: #on,
                    resource: #resource,
                }
            })
        });
        quote!(::core::option::Option::Some(__dialect::MemoryEffects::Declared(&[#(#defs),*])))
    } else if input.interface(InterfaceKind::MemoryEffects).is_some() {
        quote!(::core::option::Option::Some(
            __dialect::MemoryEffects::Method(__memory_effects)
        ))
    } else {
        quote!(::core::option::Option::None)
    };
    let speculatability = option(
        input
            .interface(InterfaceKind::Speculatable)
            .map(|_| quote!(__speculatability as __dialect::SpeculatabilityHook)),
    );
    (effects, speculatability)
}
