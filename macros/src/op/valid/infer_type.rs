//! `InferTypeOpInterface` and `InferTypeOpInterface(from_constraints)`:
//! the op's `infer_return_types` answers, or its constraints do, as ODS
//! generates `inferReturnTypes` for an op whose result types are all known.

use std::collections::BTreeSet;

use syn::ext::IdentExt;

use super::super::ast::{Arity, OpInput, OpInterface, TraitKind};
use super::type_match::type_matches;
use crate::op::format::TypeMatch;
use crate::{ctxt::Ctxt, dialects::edit_distance};

/// The method the plain form asks for, as written on the op.
pub(in crate::op) const METHOD: &str =
    "fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String>";

/// Whether the interface is written `InferTypeOpInterface(from_constraints)`
/// (after `check_infer_type` accepted it).
pub(in crate::op) fn is_from_constraints(iface: &OpInterface) -> bool {
    iface.params.as_ref().is_some_and(|p| !p.is_empty())
}

/// The parameters of `InferTypeOpInterface`: none, or `from_constraints`,
/// on an op each of whose results the constraints give a type.
pub(super) fn check_infer_type(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    let Some(params) = &iface.params else { return };
    let Some(first) = params.first() else {
        ctxt.spanned(
            &iface.path,
            format!(
                "write `InferTypeOpInterface` (the op answers `{METHOD}`) or \
                 `InferTypeOpInterface(from_constraints)` (its result types follow from its \
                 constraints), without empty parentheses"
            ),
        );
        return;
    };
    let word = first.key.unraw().to_string();
    if word != "from_constraints" {
        let hint = if ["inferred", "constraints", "auto", "ods", "from_types"]
            .contains(&word.as_str())
            || edit_distance(&word, "from_constraints") <= 3
            || "from_constraints".starts_with(word.as_str())
        {
            "did you mean `from_constraints`? "
        } else {
            ""
        };
        ctxt.spanned(
            &first.key,
            format!(
                "unknown key `{word}` in `InferTypeOpInterface(...)`: {hint}the one key is \
                 `from_constraints`, for result types that follow from the op's constraints; \
                 without it, the op answers `{METHOD}`"
            ),
        );
        return;
    }
    if first.field.is_some() || first.text.is_some() || first.list.is_some() {
        ctxt.spanned(
            &first.key,
            "`from_constraints` takes no value: write `InferTypeOpInterface(from_constraints)`",
        );
    }
    for extra in &params[1..] {
        ctxt.spanned(
            &extra.key,
            "`InferTypeOpInterface(...)` takes one key, `from_constraints`: remove this one",
        );
    }
    check_known(ctxt, input);
}

/// Whether the attribute constraint `ty` names attributes without a type
/// (ODS's `StrAttr`, `UnitAttr`, `TypeAttr`, symbol references, arrays and
/// dictionaries), by its last path segment.
fn is_untyped_attr(ty: &syn::Type) -> bool {
    let syn::Type::Path(path) = ty else {
        return false;
    };
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    [
        "StrAttr",
        "StringAttr",
        "UnitAttr",
        "TypeAttr",
        "SymbolRefAttr",
        "FlatSymbolRefAttr",
        "DictionaryAttr",
        "DictAttr",
    ]
    .contains(&name.as_str())
        || name.ends_with("ArrayAttr")
}

/// Every result is one value whose type the constraints give: a buildable
/// type (`Index`, `I1`, `F32`...), `SameOperandsAndResultType` with an
/// operand, or `AllTypesMatch`/`TypesMatchWith` with an operand (each
/// group before it a single value), an attribute or such a result, in
/// chains; the runtime's `inferred_result_sources` follows the same rule.
fn check_known(ctxt: &Ctxt, input: &OpInput) {
    let mut known: BTreeSet<String> = BTreeSet::new();
    for operand in &input.operands {
        if operand.arity != Arity::Single {
            break;
        }
        known.insert(operand.name.clone());
    }
    // An attribute gives a type when it is always there (required, or with
    // a default) and typed: not a string, a unit, a type, a symbol
    // reference, an array or a dictionary.
    known.extend(
        input
            .attributes
            .iter()
            .filter(|a| a.arity != Arity::Optional && !is_untyped_attr(&a.constraint))
            .map(|a| a.name.clone()),
    );
    let same = input.has(TraitKind::SameOperandsAndResultType).is_some()
        && input
            .operands
            .first()
            .is_some_and(|o| o.arity == Arity::Single);
    for result in &input.results {
        if result.arity == Arity::Single && (super::is_buildable(result) || same) {
            known.insert(result.name.clone());
        }
    }
    // What the inferred types are read from: the operands above, the
    // attributes and the results. An operand after a group that is not a
    // single value has no fixed position to read its type at, so a match
    // never makes it a source.
    let readable: BTreeSet<String> = known
        .iter()
        .chain(input.results.iter().map(|r| &r.name))
        .cloned()
        .collect();
    let matches = type_matches(input);
    loop {
        let before = known.len();
        for m in &matches {
            match m {
                TypeMatch::All(names) => {
                    if names.iter().any(|n| known.contains(n)) {
                        known.extend(names.iter().filter(|n| readable.contains(*n)).cloned());
                    }
                }
                TypeMatch::With { lhs, rhs } => {
                    if known.contains(lhs) && readable.contains(rhs) {
                        known.insert(rhs.clone());
                    }
                }
            }
        }
        if known.len() == before {
            break;
        }
    }
    for result in &input.results {
        if result.arity != Arity::Single {
            ctxt.spanned(
                &result.ident,
                format!(
                    "`InferTypeOpInterface(from_constraints)` infers one type per result, but \
                     `{}` is not a single value: write `InferTypeOpInterface` and `{METHOD}` \
                     on the op",
                    result.ident
                ),
            );
        } else if !known.contains(&result.name) {
            ctxt.spanned(
                &result.ident,
                format!(
                    "`InferTypeOpInterface(from_constraints)` cannot infer the type of `{}`: its \
                     constraint is no buildable type (`Index`, `I1`, `I32`, `F32`...) and no \
                     `SameOperandsAndResultType`, `AllTypesMatch` or `TypesMatchWith` ties it \
                     to a typed attribute that is always there, another result or an operand \
                     with only single-value operands before it; add one, or write \
                     `InferTypeOpInterface` and `{METHOD}` on the op",
                    result.ident
                ),
            );
        }
    }
}
