//! `BranchOpInterface(<successor> = <operands>, ..., successor_for_operands)`
//! and `RegionBranchOpInterface(entry = [...], <region> = [...], ...,
//! entry_operands = <operands>, entry_successors)`: each key names a part
//! of the right role, each part once.

use syn::{ext::IdentExt, Ident};

use super::super::{
    ast::{Arity, OpInput, OpInterface},
    attr::{InterfaceParam, Role},
};
use crate::ctxt::Ctxt;

/// The method `successor_for_operands` asks for.
pub(in crate::op) const SUCCESSOR_FOR_OPERANDS: &str =
    "fn successor_for_operands(&self, operands: &[Option<Attribute<'a>>]) -> Option<usize>";
/// The method `entry_successors` asks for.
pub(in crate::op) const ENTRY_SUCCESSORS: &str =
    "fn entry_successor_regions(&self, operands: &[Option<Attribute<'a>>]) -> Vec<RegionTarget>";

const BRANCH_EXAMPLE: &str = "BranchOpInterface(dest = dest_operands)";
const REGION_EXAMPLE: &str =
    "RegionBranchOpInterface(entry = [then_region, else_region], then_region = [parent], \
     else_region = [parent])";

/// Whether the interface has the bare key `flag`.
pub(in crate::op) fn has_flag(iface: &OpInterface, flag: &str) -> bool {
    iface
        .params
        .iter()
        .flatten()
        .any(|p| p.key.unraw() == flag && p.field.is_none() && p.list.is_none())
}

/// The `key = value` parameters of `iface` that are not `flags`.
fn entries<'i>(
    iface: &'i OpInterface,
    flags: &'i [&str],
) -> impl Iterator<Item = &'i InterfaceParam> {
    iface
        .params
        .iter()
        .flatten()
        .filter(move |p| !flags.iter().any(|f| p.key.unraw() == *f))
}

/// A flag given a value is an error at it.
fn check_flag(ctxt: &Ctxt, iface: &OpInterface, flag: &str, signature: &str) {
    for p in iface
        .params
        .iter()
        .flatten()
        .filter(|p| p.key.unraw() == flag)
    {
        if p.field.is_some() || p.list.is_some() || p.text.is_some() {
            ctxt.spanned(
                &p.key,
                format!(
                    "`{flag}` takes no value: write `{flag}` alone, and `{signature}` on the op"
                ),
            );
        }
    }
}

/// `BranchOpInterface`: each key a single #[successor], each value an
/// #[operand] group, each once.
pub(super) fn check_branch(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    if input.successors.is_empty() {
        ctxt.spanned(
            &iface.path,
            format!(
                "`BranchOpInterface` says which operands each successor block is given, but `{}` \
                 has no #[successor]: remove it",
                input.ident()
            ),
        );
        return;
    }
    if iface.params.as_ref().is_none_or(|p| p.is_empty()) {
        ctxt.spanned(
            &iface.path,
            format!(
                "`BranchOpInterface` names the operand group each successor is given: write \
                 `{BRANCH_EXAMPLE}` (a successor given nothing may be left out)"
            ),
        );
        return;
    }
    check_flag(
        ctxt,
        iface,
        "successor_for_operands",
        SUCCESSOR_FOR_OPERANDS,
    );
    let mut successors: Vec<String> = Vec::new();
    let mut groups: Vec<String> = Vec::new();
    for p in entries(iface, &["successor_for_operands"]) {
        let key = p.key.unraw().to_string();
        match input.part(&key) {
            Some((Role::Successor, _, part)) if part.arity == Arity::Single => {}
            Some((Role::Successor, _, _)) => {
                ctxt.spanned(
                    &p.key,
                    format!(
                        "`{key}` is a variadic successor: `BranchOpInterface` maps single \
                         successors to operand groups"
                    ),
                );
                continue;
            }
            _ => {
                let names: Vec<String> = input
                    .successors
                    .iter()
                    .map(|s| format!("`{}`", s.name))
                    .collect();
                ctxt.spanned(
                    &p.key,
                    format!(
                        "`{key}` in `BranchOpInterface(...)` is not a #[successor] of the op: the \
                         keys are its successors ({}) and `successor_for_operands`",
                        names.join(", ")
                    ),
                );
                continue;
            }
        }
        if successors.contains(&key) {
            ctxt.spanned(
                &p.key,
                format!("successor `{key}` is given twice: give it once"),
            );
            continue;
        }
        successors.push(key.clone());
        let Some(value) = &p.field else {
            ctxt.spanned(
                &p.key,
                format!("`{key}` names the #[operand] group it is given, as in `{key} = {key}_operands`"),
            );
            continue;
        };
        let wanted = value.unraw().to_string();
        if !matches!(input.part(&wanted), Some((Role::Operand, _, _))) {
            ctxt.spanned(
                value,
                format!("`{key} = {wanted}`: the op has no #[operand] `{wanted}`; name the operand group successor `{key}` is given"),
            );
            continue;
        }
        if groups.contains(&wanted) {
            ctxt.spanned(
                value,
                format!("operand group `{wanted}` is given to two successors: give each its own"),
            );
            continue;
        }
        groups.push(wanted);
    }
}

/// `RegionBranchOpInterface`: `entry` and every region listed, each list of
/// `parent` and regions, `entry_operands` an operand group.
pub(super) fn check_region_branch(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    if input.regions.is_empty() {
        ctxt.spanned(
            &iface.path,
            format!(
                "`RegionBranchOpInterface` says where control goes between the op and its \
                 regions, but `{}` has no #[region]: remove it",
                input.ident()
            ),
        );
        return;
    }
    if let Some(variadic) = input.regions.iter().find(|r| r.arity == Arity::Variadic) {
        ctxt.spanned(
            &variadic.ident,
            "`RegionBranchOpInterface` is declared region by region: a variadic region cannot be \
             named in it",
        );
        return;
    }
    for region in &input.regions {
        if region.name == "parent" || region.name == "entry" {
            ctxt.spanned(
                &region.ident,
                format!(
                    "a region named `{}` cannot be told apart from `RegionBranchOpInterface`'s \
                     own word: rename it",
                    region.name
                ),
            );
            return;
        }
    }
    let Some(params) = &iface.params else {
        ctxt.spanned(
            &iface.path,
            format!("`RegionBranchOpInterface` says where control goes: write `{REGION_EXAMPLE}`"),
        );
        return;
    };
    check_flag(ctxt, iface, "entry_successors", ENTRY_SUCCESSORS);
    let mut seen: Vec<String> = Vec::new();
    for p in entries(iface, &["entry_successors"]) {
        let key = p.key.unraw().to_string();
        if seen.contains(&key) {
            ctxt.spanned(&p.key, format!("`{key}` is given twice: give it once"));
            continue;
        }
        seen.push(key.clone());
        if key == "entry_operands" {
            let is_group = p.field.as_ref().is_some_and(|f| {
                matches!(
                    input.part(&f.unraw().to_string()),
                    Some((Role::Operand, _, _))
                )
            });
            if !is_group {
                ctxt.spanned(
                    &p.key,
                    "`entry_operands` names the #[operand] group forwarded to the regions entered \
                     (`entry_operands = inits`)",
                );
            }
            continue;
        }
        let is_region = matches!(input.part(&key), Some((Role::Region, _, _)));
        if key != "entry" && !is_region {
            let names: Vec<String> = input
                .regions
                .iter()
                .map(|r| format!("`{}`", r.name))
                .collect();
            ctxt.spanned(
                &p.key,
                format!(
                    "`{key}` in `RegionBranchOpInterface(...)` is neither `entry`, \
                     `entry_operands`, `entry_successors` nor a #[region] of the op ({})",
                    names.join(", ")
                ),
            );
            continue;
        }
        let Some(list) = &p.list else {
            ctxt.spanned(
                &p.key,
                format!(
                    "`{key}` lists where control goes {}, in brackets: `{key} = [parent]` (the op \
                     itself, its results) or regions",
                    if key == "entry" {
                        "on entering the op"
                    } else {
                        "from the region"
                    }
                ),
            );
            continue;
        };
        check_targets(ctxt, input, list);
    }
    for missing in std::iter::once("entry")
        .chain(input.regions.iter().map(|r| r.name.as_str()))
        .filter(|k| !seen.iter().any(|s| s == k))
    {
        ctxt.spanned(
            &iface.path,
            format!(
                "`RegionBranchOpInterface` needs `{missing} = [...]`, where control goes {}: \
                 write `{REGION_EXAMPLE}`",
                if missing == "entry" {
                    "on entering the op".to_owned()
                } else {
                    format!("from region `{missing}`")
                }
            ),
        );
    }
    let _ = params;
}

/// Each target `parent` or a region of the op, once.
fn check_targets(ctxt: &Ctxt, input: &OpInput, list: &[Ident]) {
    let mut seen: Vec<String> = Vec::new();
    for target in list {
        let name = target.unraw().to_string();
        if name != "parent" && !matches!(input.part(&name), Some((Role::Region, _, _))) {
            ctxt.spanned(
                target,
                format!("`{name}` is neither `parent` (the op itself) nor a #[region] of the op"),
            );
        } else if seen.contains(&name) {
            ctxt.spanned(target, format!("`{name}` is listed twice"));
        }
        seen.push(name);
    }
}
