//! The rules a type model must meet before `expand.rs` prints it: the
//! required keys, a name MLIR's parser reads after `!namespace.`, no
//! generics, distinct parameter names that are not the handle's own
//! methods, and a variadic parameter only last.

use proc_macro2::Span;

use super::ast::{DefKind, TypeInput, TypeKey};
use crate::{
    ctxt::Ctxt,
    valid::{self, is_snake_word as is_type_name},
};

/// Method names the generated code defines on the handle, or that
/// `DialectType` gives it (the accessors are named after the fields, so
/// no field may take one).
const RESERVED: &[&str] = &[
    "get",
    "cast",
    "definition",
    "namespace",
    "to_type",
    "to_attribute",
    "params",
    "from_type_unchecked",
    "from_attribute_unchecked",
    "verify",
    "parse",
    "print",
];

/// Whether the handle has a method of its own named `name`.
pub fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name)
}

/// Reports every rule `input` breaks.
pub fn check(ctxt: &Ctxt, input: &TypeInput) {
    check_dialect(ctxt, input);
    check_name(ctxt, input);
    check_generics(ctxt, input);
    check_params(ctxt, input);
    check_syntax(ctxt, input);
    check_alias(ctxt, input);
    super::interfaces::read(ctxt, input);
}

/// The alias MLIR prints for every value: `alias = "..."`, or the name
/// with `alias` alone.
pub fn alias_name(input: &TypeInput) -> Option<String> {
    let (name, _) = input.args.alias.as_ref()?;
    if input.args.alias_flag {
        input.args.name.as_ref().map(|n| n.value())
    } else {
        Some(name.clone())
    }
}

/// The alias is a name MLIR reads back as `!name` / `#name` unchanged.
fn check_alias(ctxt: &Ctxt, input: &TypeInput) {
    let (Some((_, span)), Some(name)) = (&input.args.alias, alias_name(input)) else {
        return;
    };
    let mut chars = name.chars();
    let ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '-'));
    if !ok {
        ctxt.at(
            *span,
            format!(
                "{name:?} is not an alias name: an alias starts with a letter or `_`, then \
                 letters, digits, `_`, `$` or `-`; write `alias = \"...\"`{}",
                if input.args.alias_flag {
                    " (alone, `alias` is the name)"
                } else {
                    ""
                }
            ),
        );
    }
}

/// `format` and `custom_assembly` are not both written, and the format
/// names each parameter once.
fn check_syntax(ctxt: &Ctxt, input: &TypeInput) {
    let args = &input.args;
    if let (Some(format), Some(_)) = (&args.format, &args.custom_assembly) {
        ctxt.spanned(
            format,
            "`format` and `custom_assembly` both say how the parameters are written: keep \
             `format` (declarative) or `custom_assembly` (your `parse` and `print`)",
        );
        return;
    }
    let typed: Vec<_> = input.params.iter().filter(|p| p.self_type).collect();
    for extra in typed.iter().skip(1) {
        ctxt.spanned(
            &extra.ident,
            format!(
                "an attribute has one type: `{}` is already its `#[param(self_type)]`",
                typed[0].name
            ),
        );
    }
    if let Some(format) = &args.format {
        // The type is written after the attribute by MLIR, not in its format.
        let (_, params) = super::expand::format_params(input);
        if let Err(message) = super::format::parse(&format.value(), &params) {
            ctxt.spanned(format, format!("invalid format: {message}"));
        }
    }
}

/// `dialect` is written.
fn check_dialect(ctxt: &Ctxt, input: &TypeInput) {
    if !input.args.written.contains(&TypeKey::Dialect) {
        let (attribute, noun) = (input.args.kind.attribute(), input.args.kind.noun());
        let attribute = attribute.trim_start_matches("#[").trim_end_matches(']');
        ctxt.at(
            Span::call_site(),
            format!(
                "missing `dialect = ...`: the type of the dialect the {noun} belongs to \
                 (declared with #[mlir_dialect]), as in #[{attribute}(dialect = ToyDialect, \
                 name = \"struct\")]"
            ),
        );
    }
}

/// `name` is written and is a type name without the namespace.
fn check_name(ctxt: &Ctxt, input: &TypeInput) {
    let kind = input.args.kind;
    let (sigil, attribute) = match kind {
        DefKind::Type => ('!', "mlir_type"),
        DefKind::Attr => ('#', "mlir_attr"),
    };
    let Some(lit) = &input.args.name else {
        if !input.args.written.contains(&TypeKey::Name) {
            ctxt.at(
                Span::call_site(),
                format!(
                    "missing `name = \"...\"`: the {noun}'s name without the dialect's \
                     namespace (`{sigil}toy.{0}`), as in #[{attribute}(dialect = ToyDialect, \
                     name = \"{0}\")]",
                    suggest_name(&input.ident().to_string()),
                    noun = kind.noun(),
                ),
            );
        }
        return;
    };
    let value = lit.value();
    if !is_type_name(&value) {
        ctxt.spanned(
            lit,
            format!(
                "invalid {} name {value:?}: write the name without `{sigil}` and the dialect's \
                 namespace, one lowercase word of [a-z0-9_], such as {:?}",
                kind.noun(),
                suggest_name(&value)
            ),
        );
    }
}

/// A snake-case name made of what was written (`StructType` → `struct`).
fn suggest_name(s: &str) -> String {
    let s = s.trim_start_matches(['!', '#']);
    let s = s.rsplit('.').next().unwrap_or(s);
    let s = s.strip_suffix("Type").unwrap_or(s);
    let out = valid::snake_case(s.strip_suffix("Attr").unwrap_or(s));
    if is_type_name(&out) {
        out
    } else {
        "my_type".to_owned()
    }
}

/// The handle gets a lifetime of its own and nothing else.
fn check_generics(ctxt: &Ctxt, input: &TypeInput) {
    let generics = &input.item.generics;
    if !generics.params.is_empty() || generics.where_clause.is_some() {
        ctxt.spanned(
            generics,
            format!(
                "a {0} struct has no generic parameters: {1} turns it into a handle `{2}<'c>` \
                 on a {0} of a context; declare one struct per {0}",
                input.args.kind.noun(),
                input.args.kind.attribute(),
                input.ident()
            ),
        );
    }
}

/// Distinct names that are not the handle's methods; only the last
/// parameter variadic.
fn check_params(ctxt: &Ctxt, input: &TypeInput) {
    let params = &input.params;
    for (i, param) in params.iter().enumerate() {
        if params[..i].iter().any(|p| p.name == param.name) {
            ctxt.spanned(
                &param.ident,
                format!("parameter `{}` is declared twice: rename one", param.name),
            );
        } else if is_reserved(&param.name) {
            ctxt.spanned(
                &param.ident,
                format!(
                    "a parameter cannot be named `{0}`: the {1}'s handle has a method `{0}` of \
                     its own (and one accessor per parameter); rename the field",
                    param.name,
                    input.args.kind.noun()
                ),
            );
        }
        if param.variadic && i + 1 != params.len() {
            ctxt.spanned(
                &param.ty,
                format!(
                    "only the last parameter can be variadic (MLIR cannot tell where `{}` ends \
                     otherwise): move it after the others",
                    param.name
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names() {
        for ok in ["struct", "pair", "tensor_list", "_x", "v2"] {
            assert!(is_type_name(ok), "{ok}");
        }
        for bad in ["", "Struct", "2d", "toy.struct", "!struct", "a-b", "a b"] {
            assert!(!is_type_name(bad), "{bad}");
        }
        assert_eq!(suggest_name("StructType"), "struct");
        assert_eq!(suggest_name("TensorListType"), "tensor_list");
        assert_eq!(suggest_name("!toy.struct"), "struct");
        assert_eq!(suggest_name("my-type"), "my_type");
    }
}
