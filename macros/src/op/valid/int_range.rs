//! `InferIntRangeInterface` and `InferIntRangeInterface(from_optional)`:
//! which method the op answers, on an op with something to infer (results,
//! or regions whose block arguments it bounds).

use syn::ext::IdentExt;

use super::super::ast::{OpInput, OpInterface};
use crate::{ctxt::Ctxt, dialects::edit_distance};

/// The method each form asks for, as written on the op.
pub(in crate::op) fn method_signature(from_optional: bool) -> &'static str {
    if from_optional {
        "fn infer_result_ranges_from_optional(&self, args: &[Option<IntRange>], ranges: &mut \
         ResultRanges<'_>)"
    } else {
        "fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>)"
    }
}

/// Whether the interface is written `InferIntRangeInterface(from_optional)`
/// (after `check_int_range` accepted it).
pub(in crate::op) fn is_from_optional(iface: &OpInterface) -> bool {
    iface.params.as_ref().is_some_and(|p| !p.is_empty())
}

/// The parameters of `InferIntRangeInterface`: none, or `from_optional`.
pub(super) fn check_int_range(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    if input.results.is_empty() && input.regions.is_empty() {
        ctxt.spanned(
            &iface.path,
            format!(
                "`InferIntRangeInterface` infers the ranges of the op's results (and of its \
                 regions' block arguments), but `{}` has neither: remove it",
                input.ident()
            ),
        );
        return;
    }
    let Some(params) = &iface.params else { return };
    let Some(first) = params.first() else {
        ctxt.spanned(
            &iface.path,
            format!(
                "write `InferIntRangeInterface` (the op answers `{}`) or \
                 `InferIntRangeInterface(from_optional)` (it answers `{}`), without empty \
                 parentheses",
                method_signature(false),
                method_signature(true)
            ),
        );
        return;
    };
    let word = first.key.unraw().to_string();
    if word != "from_optional" {
        let known = [
            "inferResultRangesFromOptional",
            "optional",
            "infer_result_ranges_from_optional",
            "lattice",
        ];
        let hint = if known.contains(&word.as_str()) || edit_distance(&word, "from_optional") <= 3 {
            "did you mean `from_optional`? "
        } else if word == "inferResultRanges" || word == "infer_result_ranges" {
            "`inferResultRanges` is what `InferIntRangeInterface` alone answers: write \
             `InferIntRangeInterface`; "
        } else {
            ""
        };
        ctxt.spanned(
            &first.key,
            format!(
                "unknown key `{word}` in `InferIntRangeInterface(...)`: {hint}the one key is \
                 `from_optional`, for an op answering `{}`",
                method_signature(true)
            ),
        );
        return;
    }
    if first.field.is_some() || first.text.is_some() {
        ctxt.spanned(
            &first.key,
            format!(
                "`from_optional` takes no value: write `InferIntRangeInterface(from_optional)`, \
                 and `{}` on the op",
                method_signature(true)
            ),
        );
    }
    for extra in &params[1..] {
        ctxt.spanned(
            &extra.key,
            "`InferIntRangeInterface(...)` takes one key, `from_optional`: remove this one",
        );
    }
}
