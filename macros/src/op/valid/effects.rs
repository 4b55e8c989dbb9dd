//! Memory effects and speculation: `effects = [MemRead(input), ...]` (each
//! a known effect, on an operand or result of the op, with an optional
//! resource name), `MemoryEffectOpInterface` and `ConditionallySpeculatable`
//! (no arguments), and none of them beside the traits that already say the
//! same (`Pure`, `NoMemoryEffect`, `AlwaysSpeculatable`).

use syn::ext::IdentExt;

use super::super::{
    ast::{InterfaceKind, OpInput, OpInterface, TraitKind},
    attr::{EffectArg, Role},
};
use crate::{attr::Key, ctxt::Ctxt, dialects::edit_distance};

/// ODS's effect names, with the runtime's `MemoryEffect` each is.
pub(in crate::op) const EFFECTS: &[(&str, &str)] = &[
    ("MemRead", "Read"),
    ("MemWrite", "Write"),
    ("MemAlloc", "Allocate"),
    ("MemFree", "Free"),
];

const EXAMPLE: &str = "effects = [MemRead(input), MemWrite(output, \"Cache\"), MemAlloc]";

/// The trait among `kinds` the op has, if any, by name.
fn has_any(input: &OpInput, kinds: &[TraitKind]) -> Option<&'static str> {
    kinds
        .iter()
        .find(|k| input.has(**k).is_some())
        .map(|k| k.name())
}

/// `effects = [...]`.
pub(super) fn check_effects(ctxt: &Ctxt, input: &OpInput) {
    let Some((key, list)) = &input.args.effects else {
        return;
    };
    if list.is_empty() {
        ctxt.spanned(
            key,
            "an empty `effects` list: an op without memory effects is written \
             `traits = [NoMemoryEffect]` (or `Pure`)",
        );
        return;
    }
    if let Some(name) = has_any(input, &[TraitKind::Pure, TraitKind::NoMemoryEffect]) {
        ctxt.spanned(
            key,
            format!(
                "`effects` declares memory effects, but the op is `{name}`, which has none: \
                 remove one of them"
            ),
        );
    }
    if let Some(iface) = input.interface(InterfaceKind::MemoryEffects) {
        ctxt.spanned(
            &iface.path,
            "`MemoryEffectOpInterface` asks the op's `effects` method for its effects, but \
             `effects = [...]` declares them: keep one",
        );
    }
    for entry in list {
        check_entry(ctxt, input, entry);
    }
}

fn check_entry(ctxt: &Ctxt, input: &OpInput, entry: &EffectArg) {
    let word = entry.ident.unraw().to_string();
    if !EFFECTS.iter().any(|(name, _)| *name == word) {
        let lower = word.to_lowercase();
        let guess = EFFECTS
            .iter()
            .find(|(name, effect)| {
                lower.contains(&effect.to_lowercase()[..4])
                    || edit_distance(&word, name) <= 2
                    || (lower.contains("alloc") && *effect == "Allocate")
            })
            .map(|(name, _)| format!("did you mean `{name}`? "))
            .unwrap_or_default();
        ctxt.spanned(
            &entry.ident,
            format!(
                "unknown memory effect `{word}`: {guess}the effects are `MemRead`, `MemWrite`, \
                 `MemAlloc` and `MemFree`, as in `{EXAMPLE}`"
            ),
        );
        return;
    }
    let mut resource_seen = false;
    for (i, arg) in entry.args.iter().enumerate() {
        match arg {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(lit),
                ..
            }) => {
                if resource_seen {
                    ctxt.spanned(lit, "one resource per effect: remove this one");
                }
                resource_seen = true;
                if lit.value().is_empty() {
                    ctxt.spanned(
                        lit,
                        "an empty resource name: leave the name out for MLIR's default resource",
                    );
                }
            }
            syn::Expr::Path(path) if path.path.get_ident().is_some() && i == 0 => {
                let ident = path.path.get_ident().expect("checked");
                let name = ident.unraw().to_string();
                match input.part(&name) {
                    Some((Role::Operand | Role::Result, _, _)) => {}
                    Some((role, _, _)) => ctxt.spanned(
                        ident,
                        format!(
                            "`{word}({name})` names the #[{}] `{name}`: an effect is on an \
                             #[operand] or a #[result], or on the op (`{word}` alone)",
                            role.name()
                        ),
                    ),
                    None => {
                        let guess = input
                            .operands
                            .iter()
                            .chain(&input.results)
                            .find(|p| edit_distance(&name, &p.name) <= 2)
                            .map(|p| format!("did you mean `{}`? ", p.name))
                            .unwrap_or_default();
                        ctxt.spanned(
                            ident,
                            format!(
                                "`{word}({name})`: the op has no operand or result `{name}`; \
                                 {guess}an effect names an #[operand] or a #[result] field"
                            ),
                        );
                    }
                }
            }
            other => {
                ctxt.spanned(
                    other,
                    format!(
                        "`{word}(...)` takes an #[operand] or #[result] field first, then a \
                         resource name as a string, both optional, as in `{EXAMPLE}`"
                    ),
                );
            }
        }
    }
}

/// `MemoryEffectOpInterface` and `ConditionallySpeculatable`: bare, and not
/// beside the traits that say the same.
pub(super) fn check_effect_interface(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    let name = iface.name();
    let (method, traits): (_, &[TraitKind]) = match iface.kind {
        InterfaceKind::MemoryEffects => (
            method_signature(true),
            &[TraitKind::Pure, TraitKind::NoMemoryEffect],
        ),
        _ => (
            method_signature(false),
            &[TraitKind::Pure, TraitKind::AlwaysSpeculatable],
        ),
    };
    if iface.params.is_some() {
        ctxt.spanned(
            &iface.path,
            format!("`{name}` takes no arguments: write `{name}`, and `{method}` on the op"),
        );
    }
    if let Some(t) = has_any(input, traits) {
        ctxt.spanned(
            &iface.path,
            format!(
                "`{name}` asks the op's method, but the op is `{t}`, which answers already: \
                 remove one of them"
            ),
        );
    }
}

/// The method each interface asks for (`true`: `MemoryEffectOpInterface`).
pub(in crate::op) fn method_signature(effects: bool) -> &'static str {
    if effects {
        "fn effects(&self, effects: &mut Effects<'_>)"
    } else {
        "fn speculatability(&self) -> Speculatability"
    }
}
