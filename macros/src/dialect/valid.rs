//! The rules a dialect model must meet: a unit struct, a namespace MLIR
//! accepts and that is not an upstream dialect's, known dependent dialects.

use proc_macro2::Span;
use syn::Fields;

use super::ast::{DialectInput, DialectKey};
use crate::{
    ctxt::Ctxt,
    dialects,
    valid::{self, is_snake_word as is_namespace},
};

/// Reports every rule `input` breaks.
pub fn check(ctxt: &Ctxt, input: &DialectInput) {
    check_struct(ctxt, input);
    check_name(ctxt, input);
    check_dependents(ctxt, input);
    check_inliner(ctxt, input);
}

/// A call conversion is the inliner's.
fn check_inliner(ctxt: &Ctxt, input: &DialectInput) {
    if let (Some(path), None) = (&input.args.materialize_call_conversion, &input.args.inliner) {
        ctxt.spanned(
            path,
            "`materialize_call_conversion` is the inliner's: add the `inliner` key too",
        );
    }
}

/// A unit struct, not generic: the type only names the dialect.
fn check_struct(ctxt: &Ctxt, input: &DialectInput) {
    let item = input.item;
    if !matches!(item.fields, Fields::Unit) {
        ctxt.spanned(
            &item.fields,
            format!(
                "#[mlir_dialect] goes on a unit struct, such as `pub struct {};`: the type only \
                 names the dialect, which MLIR creates itself",
                item.ident
            ),
        );
    }
    if !item.generics.params.is_empty() || item.generics.where_clause.is_some() {
        ctxt.spanned(
            &item.generics,
            "a dialect struct has no generic parameters: declare one struct per dialect",
        );
    }
}

/// `name` is written, `[a-z_][a-z0-9_]*`, and not an upstream namespace.
fn check_name(ctxt: &Ctxt, input: &DialectInput) {
    let Some(lit) = &input.args.name else {
        if !input.args.written.contains(&DialectKey::Name) {
            ctxt.at(
                Span::call_site(),
                format!(
                    "missing `name = \"...\"`: the dialect's namespace, which starts every op \
                     name, as in #[mlir_dialect(name = \"{}\")]",
                    suggest(&input.type_name())
                ),
            );
        }
        return;
    };
    let value = lit.value();
    if !is_namespace(&value) {
        ctxt.spanned(
            lit,
            format!(
                "invalid dialect name {value:?}: a namespace is one lowercase word of \
                 [a-z0-9_], not starting with a digit, such as {:?}",
                suggest(&value)
            ),
        );
    } else if value == "builtin" || dialects::KNOWN.contains(&value.as_str()) {
        if value == "builtin" {
            ctxt.spanned(
                lit,
                "`builtin` is the namespace of MLIR's builtin dialect, which every context \
                 loads: choose another",
            );
        } else if input.args.replaces_upstream.is_none() {
            ctxt.spanned(
                lit,
                format!(
                    "`{value}` is the namespace of MLIR's own `{value}` dialect: choose another, \
                     as MLIR loads one dialect per namespace (or, for a dialect that takes the \
                     place of MLIR's in a tool that leaves MLIR's out, add `replaces_upstream`)"
                ),
            );
        }
    } else if let Some(flag) = &input.args.replaces_upstream {
        ctxt.spanned(
            flag,
            format!(
                "`replaces_upstream`: MLIR has no `{value}` dialect for this one to replace; \
                 remove the flag (a dialect of a new namespace needs none)"
            ),
        );
    }
}

/// A namespace made of what was written (`ToyDialect` → `toy`).
fn suggest(s: &str) -> String {
    let out = valid::snake_case(s.strip_suffix("Dialect").unwrap_or(s));
    if is_namespace(&out) {
        out
    } else {
        "my_dialect".to_owned()
    }
}

/// Each dependent dialect is an upstream one, listed once.
fn check_dependents(ctxt: &Ctxt, input: &DialectInput) {
    let list = &input.args.dependent_dialects;
    for (i, ident) in list.iter().enumerate() {
        let name = ident.to_string();
        if list[..i].iter().any(|d| *d == name) {
            ctxt.spanned(ident, format!("dialect `{name}` is listed twice"));
        } else if !dialects::KNOWN.contains(&name.as_str()) {
            let hint = dialects::closest(&name)
                .map(|d| format!("did you mean `{d}`? "))
                .unwrap_or_default();
            ctxt.spanned(
                ident,
                format!(
                    "unknown dialect `{name}`: {hint}write a dialect namespace from MLIR's C API \
                     ({})",
                    dialects::KNOWN.join(", ")
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namespaces() {
        for ok in ["toy", "my_dialect", "_x", "x86"] {
            assert!(is_namespace(ok), "{ok}");
        }
        for bad in ["", "Toy", "1x", "my-dialect", "a.b", "a b"] {
            assert!(!is_namespace(bad), "{bad}");
        }
        assert_eq!(suggest("ToyDialect"), "toy");
        assert_eq!(suggest("MyCoolDialect"), "my_cool");
        assert_eq!(suggest("my-dialect"), "my_dialect");
    }
}
