//! The traits that name the op's parts (ODS's `PredOpTrait` family):
//! `AllTypesMatch(lhs, rhs, result)`, `AllElementTypesMatch(...)`,
//! `AllShapesMatch(...)`, `AllRanksMatch(...)` and
//! `TypesMatchWith("summary", lhs, rhs, Transform)`: read here, and checked
//! against the op (each name a single operand or result, or for the types,
//! an attribute).

use syn::{ext::IdentExt, Expr, Ident, LitStr};

use super::super::{
    ast::{Arity, OpInput, OpTrait, TraitKind},
    attr::Role,
    format::TypeMatch,
};
use crate::{attr::Key, ctxt::Ctxt, dialects::edit_distance};

/// The transforms of `TypesMatchWith`, as the runtime's `TypeTransform`
/// names them, with what each gives.
pub const TRANSFORMS: &[(&str, &str)] = &[
    ("Identity", "the type itself"),
    (
        "ElementType",
        "the element type of a shaped or complex type",
    ),
    (
        "ElementTypeOrSelf",
        "the element type of a shaped type, or the type itself",
    ),
    ("I1SameShape", "`i1` of the same shape"),
];

/// A trait naming the op's parts, as read.
pub enum PartTrait<'a> {
    /// `AllTypesMatch(a, b, ...)` and its kin.
    Names(Vec<&'a Ident>),
    /// `TypesMatchWith("summary", lhs, rhs, Transform)`.
    With {
        summary: &'a LitStr,
        lhs: &'a Ident,
        rhs: &'a Ident,
        transform: &'a Ident,
    },
}

/// A plain name (`lhs`, `r#type`).
fn name(expr: &Expr) -> Option<&Ident> {
    match expr {
        Expr::Path(path) if path.qself.is_none() && path.attrs.is_empty() => path.path.get_ident(),
        _ => None,
    }
}

/// `t`'s arguments, if `t` names parts and they have the right form.
pub fn read(t: &OpTrait) -> Option<PartTrait<'_>> {
    let exprs = t.exprs.as_ref()?;
    match t.kind {
        TraitKind::TypesMatchWith => match &exprs[..] {
            [Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(summary),
                ..
            }), lhs, rhs, transform] => Some(PartTrait::With {
                summary,
                lhs: name(lhs)?,
                rhs: name(rhs)?,
                transform: name(transform)?,
            }),
            _ => None,
        },
        _ => exprs
            .iter()
            .map(name)
            .collect::<Option<_>>()
            .map(PartTrait::Names),
    }
}

/// The type matches a format can resolve types from.
pub fn type_matches(input: &OpInput) -> Vec<TypeMatch> {
    let unraw = |i: &Ident| i.unraw().to_string();
    input
        .traits
        .iter()
        .filter_map(|t| match (t.kind, read(t)?) {
            (TraitKind::AllTypesMatch, PartTrait::Names(names)) => {
                Some(TypeMatch::All(names.into_iter().map(unraw).collect()))
            }
            (TraitKind::TypesMatchWith, PartTrait::With { lhs, rhs, .. }) => {
                Some(TypeMatch::With {
                    lhs: unraw(lhs),
                    rhs: unraw(rhs),
                })
            }
            _ => None,
        })
        .collect()
}

/// Reports every misuse of the traits that name the op's parts.
pub fn check_type_traits(ctxt: &Ctxt, input: &OpInput) {
    for t in &input.traits {
        let trait_name = t.kind.name();
        let (example, is_with) = match t.kind {
            TraitKind::TypesMatchWith => (
                "TypesMatchWith(\"result type matches element type of 'input'\", input, result, \
                 ElementType)",
                true,
            ),
            TraitKind::AllTypesMatch
            | TraitKind::AllElementTypesMatch
            | TraitKind::AllShapesMatch
            | TraitKind::AllRanksMatch => ("", false),
            _ => continue,
        };
        let example = if is_with {
            example.to_owned()
        } else {
            format!("{trait_name}(lhs, rhs, result)")
        };
        let Some(exprs) = &t.exprs else {
            ctxt.spanned(
                &t.ident,
                format!("`{trait_name}` names the op's parts it relates, as in `{example}`"),
            );
            continue;
        };
        if is_with {
            check_with(ctxt, input, t, exprs, &example);
            continue;
        }
        for expr in exprs.iter().filter(|e| name(e).is_none()) {
            ctxt.spanned(
                expr,
                format!("`{trait_name}(...)` takes field names, as in `{example}`"),
            );
        }
        let names: Vec<&Ident> = exprs.iter().filter_map(name).collect();
        if exprs.len() < 2 {
            ctxt.spanned(
                &t.ident,
                format!("`{trait_name}` relates two or more of the op's parts, as in `{example}`"),
            );
        }
        let attributes = t.kind == TraitKind::AllTypesMatch;
        for (i, ident) in names.iter().enumerate() {
            if names[..i].iter().any(|o| o.unraw() == ident.unraw()) {
                ctxt.spanned(ident, format!("`{ident}` is named twice: keep one"));
                continue;
            }
            check_part(ctxt, input, trait_name, ident, attributes);
        }
    }
}

/// `TypesMatchWith("summary", lhs, rhs, Transform)`.
fn check_with(ctxt: &Ctxt, input: &OpInput, t: &OpTrait, exprs: &[Expr], example: &str) {
    let [summary, lhs, rhs, transform] = exprs else {
        ctxt.spanned(
            &t.ident,
            format!(
                "`TypesMatchWith` takes what it checks (the message's words), the part whose \
                 type is transformed, the part whose type must equal what that gives, and the \
                 transform, as in `{example}`"
            ),
        );
        return;
    };
    if !matches!(
        summary,
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(_),
            ..
        })
    ) {
        ctxt.spanned(
            summary,
            format!(
                "the first argument of `TypesMatchWith` is what it checks, as a string (the \
                 message says \"failed to verify that <it>\"), as in `{example}`"
            ),
        );
    }
    let (lhs, rhs) = match (name(lhs), name(rhs)) {
        (Some(l), Some(r)) => (l, r),
        (l, r) => {
            for (expr, ok) in [(lhs, l.is_some()), (rhs, r.is_some())] {
                if !ok {
                    ctxt.spanned(
                        expr,
                        format!("`TypesMatchWith` names fields here, as in `{example}`"),
                    );
                }
            }
            return;
        }
    };
    check_part(ctxt, input, "TypesMatchWith", lhs, true);
    check_part(ctxt, input, "TypesMatchWith", rhs, false);
    if lhs.unraw() == rhs.unraw() {
        ctxt.spanned(
            rhs,
            "`TypesMatchWith` relates two different parts: name another one here",
        );
    }
    let accepted: Vec<String> = TRANSFORMS
        .iter()
        .map(|(n, what)| format!("`{n}` ({what})"))
        .collect();
    match name(transform) {
        Some(ident) if TRANSFORMS.iter().any(|(n, _)| ident == n) => {}
        other => {
            let hint = other
                .map(|i| i.to_string())
                .and_then(|w| {
                    TRANSFORMS
                        .iter()
                        .find(|(n, _)| n.eq_ignore_ascii_case(&w) || edit_distance(&w, n) <= 3)
                })
                .map(|(n, _)| format!("did you mean `{n}`? "))
                .unwrap_or_default();
            ctxt.spanned(
                transform,
                format!(
                    "unknown transform for `TypesMatchWith`: {hint}(accepted: {})",
                    accepted.join(", ")
                ),
            );
        }
    }
}

/// `ident` names a single operand or result of the op (or, with
/// `attributes`, an attribute).
fn check_part(ctxt: &Ctxt, input: &OpInput, trait_name: &str, ident: &Ident, attributes: bool) {
    let word = ident.unraw().to_string();
    let what = if attributes {
        "an operand, result or attribute"
    } else {
        "an operand or result"
    };
    match input.part(&word) {
        Some((Role::Operand | Role::Result, _, part)) if part.arity != Arity::Single => {
            let wrapper = match part.arity {
                Arity::Variadic => "Variadic",
                _ => "Optional",
            };
            ctxt.spanned(
                ident,
                format!(
                    "`{trait_name}` compares single values, as ODS's does: `{word}` is \
                     `{wrapper}<...>`; name single operands and results only"
                ),
            );
        }
        Some((Role::Operand | Role::Result, _, _)) => {}
        Some((Role::Attr, _, _)) if attributes => {}
        Some((role, _, _)) => ctxt.spanned(
            ident,
            format!(
                "`{trait_name}` names `{word}`, which is {}: name {what} of the op",
                match role {
                    Role::Attr => "an attribute",
                    Role::Region => "a region",
                    _ => "a successor",
                }
            ),
        ),
        None => {
            let candidates = input
                .operands
                .iter()
                .chain(&input.results)
                .chain(input.attributes.iter().filter(|_| attributes))
                .map(|p| p.name.as_str());
            let all: Vec<String> = candidates.clone().map(|n| format!("`{n}`")).collect();
            let hint = candidates
                .map(|c| (edit_distance(&word, c), c))
                .filter(|(d, c)| *d <= 2.max(c.len() / 3))
                .min()
                .map(|(_, c)| format!("did you mean `{c}`? "))
                .unwrap_or_default();
            ctxt.spanned(
                ident,
                format!(
                    "`{trait_name}` names `{word}`, which is not {what} of the op: {hint}(the \
                     op's are {})",
                    if all.is_empty() {
                        "none".to_owned()
                    } else {
                        all.join(", ")
                    }
                ),
            );
        }
    }
}
