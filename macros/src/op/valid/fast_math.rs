//! `ArithFastMathInterface` and `ArithFastMathInterface(attr = <field>)`:
//! the attribute the interface reads (ODS's default methods read
//! `fastmath`), an #[attr] of `FastMathFlagsAttr` that is always there.

use syn::ext::IdentExt;

use super::super::{
    ast::{Arity, OpInput, OpInterface, Part},
    attr::Role,
};
use crate::{ctxt::Ctxt, dialects::edit_distance};

/// The field a user adds for the interface.
const EXAMPLE_FIELD: &str =
    "#[attr(default = \"#arith.fastmath<none>\")] fastmath: FastMathFlagsAttr";

/// The attribute's name in MLIR the interface reads, after
/// `check_fast_math` accepted it: `attr = <field>`'s field, else
/// `fastmath`.
pub(in crate::op) fn fast_math_attr(iface: &OpInterface) -> String {
    iface
        .params
        .iter()
        .flatten()
        .find_map(|p| p.field.as_ref())
        .map_or_else(|| "fastmath".to_owned(), |f| f.unraw().to_string())
}

/// The parameters (none, or `attr = <field>`) and the attribute they name.
pub(super) fn check_fast_math(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    let named = match &iface.params {
        None => None,
        Some(params) => {
            let Some(first) = params.first() else {
                ctxt.spanned(
                    &iface.path,
                    "write `ArithFastMathInterface` (the op's `fastmath` attribute) or \
                     `ArithFastMathInterface(attr = <field>)`, without empty parentheses",
                );
                return;
            };
            let word = first.key.unraw().to_string();
            if word != "attr" {
                let aliases = [
                    "attribute",
                    "name",
                    "flags",
                    "fastmath",
                    "field",
                    "attr_name",
                ];
                let hint = if aliases.contains(&word.as_str()) || edit_distance(&word, "attr") <= 1
                {
                    "did you mean `attr`? "
                } else {
                    ""
                };
                ctxt.spanned(
                    &first.key,
                    format!(
                        "unknown key `{word}` in `ArithFastMathInterface(...)`: {hint}the one key \
                         is `attr`, naming the fast-math flags attribute (`attr = flags`)"
                    ),
                );
                return;
            }
            for extra in &params[1..] {
                ctxt.spanned(
                    &extra.key,
                    "`ArithFastMathInterface(...)` takes one key, `attr`: remove this one",
                );
            }
            let Some(field) = &first.field else {
                ctxt.spanned(
                    &first.key,
                    "`attr` names the op's #[attr] field holding the fast-math flags, as in \
                     `ArithFastMathInterface(attr = flags)`",
                );
                return;
            };
            Some(field)
        }
    };
    let wanted = named.map_or_else(|| "fastmath".to_owned(), |f| f.unraw().to_string());
    let at = |message: String| match named {
        Some(field) => ctxt.spanned(field, message),
        None => ctxt.spanned(&iface.path, message),
    };
    let Some((role, _, part)) = input.part(&wanted) else {
        let guess = input
            .attributes
            .iter()
            .find(|p| is_fast_math_constraint(p))
            .map(|p| {
                format!(
                    "; `{}` holds fast-math flags: write `ArithFastMathInterface(attr = {})`",
                    p.name, p.name
                )
            })
            .unwrap_or_default();
        at(match named {
            None => format!(
                "`ArithFastMathInterface` reads the op's `fastmath` attribute (ODS's \
                 `getFastmathAttr()`), but `{}` has none: add `{EXAMPLE_FIELD}`, or name the \
                 attribute with `ArithFastMathInterface(attr = <field>)`{guess}",
                input.ident()
            ),
            Some(_) => format!(
                "`attr = {wanted}` in `ArithFastMathInterface`: the op has no field \
                 `{wanted}`{guess}"
            ),
        });
        return;
    };
    if role != Role::Attr {
        at(format!(
            "`ArithFastMathInterface` reads `{wanted}`, the #[{}] `{wanted}`, but the fast-math \
             flags are an attribute: `{EXAMPLE_FIELD}`",
            role.name()
        ));
        return;
    }
    if !is_fast_math_constraint(part) {
        at(format!(
            "`ArithFastMathInterface` reads `{wanted}` as fast-math flags, but it is not a \
             `FastMathFlagsAttr`: declare it as `{EXAMPLE_FIELD}`"
        ));
        return;
    }
    if part.arity == Arity::Optional {
        at(format!(
            "`ArithFastMathInterface` reads `{wanted}` without checking that it is there (C++'s \
             `getFastMathFlagsAttr().getValue()`), but it is optional: give it a default \
             instead, `{EXAMPLE_FIELD}`"
        ));
    }
}

/// Whether the part's constraint is `FastMathFlagsAttr` (by its last
/// segment's name).
fn is_fast_math_constraint(part: &Part) -> bool {
    match &part.constraint {
        syn::Type::Path(path) => path
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "FastMathFlagsAttr"),
        _ => false,
    }
}
