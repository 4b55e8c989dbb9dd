//! The rules an op model must meet before `expand.rs` prints it: required
//! keys, names, the rules across parts and traits that MLIR would only
//! report at registration or at run time (a variadic without a size rule,
//! `ConstantLike` without a folder, a region on a `ZeroRegions` op), the
//! format (`format.rs`), the parts the interfaces name (`interfaces.rs`),
//! and the attributes' defaults (`defaults.rs`).

use proc_macro2::Span;
use syn::ext::IdentExt;

use super::{
    ast::{Arity, InterfaceKind, OpInput, Part, TraitKind},
    attr::OpKey,
    format::{self, Shape},
};
use crate::{attr::Key, ctxt::Ctxt, valid::is_op_name};

pub(super) mod asm;
pub(super) mod control_flow;
mod defaults;
pub(super) mod effects;
pub(super) mod fast_math;
pub(super) mod infer_type;
pub(super) mod int_range;
mod interfaces;
pub mod type_match;
use defaults::check_defaults;
use interfaces::check_interfaces;
use type_match::check_type_traits;

/// Method names the generated code defines on the handle (the accessors
/// are named after the fields, so no field may take one).
const RESERVED: &[&str] = &[
    "build",
    "operation",
    "definition",
    "namespace",
    "cast",
    "operation_name",
    "from_operation_unchecked",
    "verify",
    "verify_regions",
    "fold",
    "canonicalization_patterns",
    "parse",
    "print",
    "are_cast_compatible",
    "adaptor",
];

/// Whether the handle has a method of its own named `name`.
pub fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name)
}

/// Reports every rule `input` breaks.
pub fn check(ctxt: &Ctxt, input: &OpInput) {
    check_dialect(ctxt, input);
    check_name(ctxt, input);
    check_generics(ctxt, input);
    check_fields(ctxt, input);
    check_traits(ctxt, input);
    check_type_traits(ctxt, input);
    check_groups(
        ctxt,
        input,
        &input.operands,
        "operand",
        TraitKind::AttrSizedOperandSegments,
    );
    check_groups(
        ctxt,
        input,
        &input.results,
        "result",
        TraitKind::AttrSizedResultSegments,
    );
    check_last_variadic(ctxt, &input.regions, "region");
    check_last_variadic(ctxt, &input.successors, "successor");
    check_defaults(ctxt, input);
    check_format(ctxt, input);
    check_custom_assembly(ctxt, input);
    check_interfaces(ctxt, input);
    effects::check_effects(ctxt, input);
}

/// `dialect` is written.
fn check_dialect(ctxt: &Ctxt, input: &OpInput) {
    if !input.args.written.contains(&OpKey::Dialect) {
        ctxt.at(
            Span::call_site(),
            "missing `dialect = ...`: the type of the dialect the op belongs to (declared with \
             #[mlir_dialect]), as in #[mlir_op(dialect = ToyDialect, name = \"transpose\")]",
        );
    }
}

/// `name` is written and is an op name without the namespace.
fn check_name(ctxt: &Ctxt, input: &OpInput) {
    let Some(lit) = &input.args.name else {
        if !input.args.written.contains(&OpKey::Name) {
            ctxt.at(
                Span::call_site(),
                format!(
                    "missing `name = \"...\"`: the op's name without the dialect's namespace, \
                     as in #[mlir_op(dialect = ToyDialect, name = \"{}\")]",
                    suggest_name(&input.ident().to_string())
                ),
            );
        }
        return;
    };
    let value = lit.value();
    if !is_mnemonic(&value) {
        ctxt.spanned(
            lit,
            format!(
                "invalid op name {value:?}: write the name without the dialect's namespace, in \
                 lowercase [a-z0-9_] words (dots allowed between them), such as {:?}",
                suggest_name(&value)
            ),
        );
    }
}

/// `transpose`, `vector.load`: `[a-z_][a-z0-9_.]*`, no empty word.
pub fn is_mnemonic(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|w| !w.is_empty())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.')
        && !s.as_bytes()[0].is_ascii_digit()
}

/// A snake-case version of what was written (`TransposeOp` → `transpose`).
fn suggest_name(s: &str) -> String {
    let s = s.strip_suffix("Op").unwrap_or(s);
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_alphanumeric() || c == '.' {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    let out = out.trim_matches(|c| c == '_' || c == '.').to_owned();
    if is_mnemonic(&out) {
        out
    } else {
        "my_op".to_owned()
    }
}

/// The handle gets a lifetime of its own and nothing else.
fn check_generics(ctxt: &Ctxt, input: &OpInput) {
    let generics = &input.item.generics;
    if !generics.params.is_empty() || generics.where_clause.is_some() {
        ctxt.spanned(
            generics,
            format!(
                "an op struct has no generic parameters: #[mlir_op] turns it into a handle \
                 `{}<'a>` borrowing the operation; declare one struct per op",
                input.ident()
            ),
        );
    }
}

/// Field names are distinct (the struct is rewritten, so the compiler
/// never sees them side by side) and are not the generated methods'.
fn check_fields(ctxt: &Ctxt, input: &OpInput) {
    for (i, field) in input.fields.iter().enumerate() {
        let name = field.unraw().to_string();
        if input.fields[..i].iter().any(|f| f.unraw() == name) {
            ctxt.spanned(
                field,
                format!("field `{name}` is declared twice: rename one"),
            );
        } else if is_reserved(&name) {
            ctxt.spanned(
                field,
                format!(
                    "a field cannot be named `{name}`: the op's handle has a method `{name}` of \
                     its own (and one accessor per field); rename the field"
                ),
            );
        }
    }
    if input.has(TraitKind::Symbol).is_some() {
        for field in ["sym_name", "sym_visibility"] {
            let declared = input.fields.iter().find(|f| f.unraw() == field);
            let is_attr = input.attributes.iter().any(|p| p.name == field);
            if let Some(declared) = declared.filter(|_| !is_attr) {
                ctxt.spanned(
                    declared,
                    format!(
                        "with the `Symbol` trait, `{field}` is the symbol's string attribute: \
                         mark it #[attr], or remove the field and let #[mlir_op] declare it"
                    ),
                );
            }
        }
    }
}

/// Each trait once, with arguments only for `HasParent`, and the rules
/// between traits, parts and hooks.
fn check_traits(ctxt: &Ctxt, input: &OpInput) {
    for (i, t) in input.traits.iter().enumerate() {
        let name = t.kind.name();
        // The traits naming parts may be listed once per relation.
        let repeatable = super::attr::PART_TRAITS.contains(&name);
        if !repeatable && input.traits[..i].iter().any(|o| o.kind == t.kind) {
            ctxt.spanned(&t.ident, format!("trait `{name}` is listed twice"));
            continue;
        }
        match (t.kind, &t.args) {
            (TraitKind::HasParent, None) => ctxt.spanned(
                &t.ident,
                "`HasParent` names the parent ops, in full: `HasParent(\"toy.func\")`",
            ),
            (TraitKind::HasParent, Some(parents)) => {
                if parents.is_empty() {
                    ctxt.spanned(
                        &t.ident,
                        "`HasParent` names the parent ops, in full: `HasParent(\"toy.func\")`",
                    );
                }
                for parent in parents {
                    if !is_op_name(&parent.value()) {
                        ctxt.spanned(
                            parent,
                            format!(
                                "invalid op name {:?}: write the parent's full name, namespace \
                                 first, such as \"toy.func\" or \"builtin.module\"",
                                parent.value()
                            ),
                        );
                    }
                }
            }
            (_, Some(_)) => ctxt.spanned(
                &t.ident,
                format!("trait `{name}` takes no arguments: write `{name}`"),
            ),
            (_, None) => {}
        }
    }

    let args = &input.args;
    if let Some(t) = input.has(TraitKind::Pure) {
        for implied in [TraitKind::NoMemoryEffect, TraitKind::AlwaysSpeculatable] {
            if let Some(other) = input.has(implied) {
                ctxt.spanned(
                    &other.ident,
                    format!(
                        "`{}` is part of `{}` (NoMemoryEffect + AlwaysSpeculatable): remove it",
                        implied.name(),
                        t.ident
                    ),
                );
            }
        }
    }
    if let Some(t) = input.has(TraitKind::ConstantLike) {
        if args.folder.is_none() {
            ctxt.spanned(
                &t.ident,
                "`ConstantLike` needs a folder that returns the constant: add the `folder` key \
                 and `fn fold(&self, operands: &[Option<Attribute<'a>>]) -> \
                 Option<FoldResult<'a>>` on the op",
            );
        }
        let one_result = matches!(&input.results[..], [r] if r.arity == Arity::Single);
        if !input.operands.is_empty() || !one_result {
            ctxt.spanned(
                &t.ident,
                "a `ConstantLike` op has no operands and exactly one result (MLIR's \
                 ConstantLike trait)",
            );
        }
    }
    if let Some(t) = input.has(TraitKind::ZeroRegions) {
        for region in &input.regions {
            ctxt.spanned(
                &region.ident,
                format!(
                    "the op has the `{}` trait but declares region `{}`: remove one",
                    t.ident, region.name
                ),
            );
        }
    }
    if let Some(t) = input.has(TraitKind::ReturnLike) {
        if input.has(TraitKind::IsTerminator).is_none() {
            ctxt.spanned(
                &t.ident,
                "a `ReturnLike` op ends its block: add `IsTerminator` to the traits",
            );
        }
    }
    if let Some(t) = input.has(TraitKind::SymbolTable) {
        if input.regions.len() != 1 || input.regions[0].arity != Arity::Single {
            ctxt.spanned(
                &t.ident,
                "a `SymbolTable` op holds its symbols in one region: declare exactly one, as in \
                 `#[region] body: SizedRegion1`",
            );
        }
    }
    if let Some(t) = input
        .has(TraitKind::SingleBlock)
        .or(input.has(TraitKind::NoTerminator))
        .filter(|_| input.regions.is_empty())
    {
        ctxt.spanned(
            &t.ident,
            format!(
                "`{}` is about regions, and the op has none: remove it",
                t.ident
            ),
        );
    }
}

/// At most one group of `parts` may be variadic or optional unless the
/// op stores the sizes (`AttrSizedOperandSegments`).
fn check_groups(ctxt: &Ctxt, input: &OpInput, parts: &[Part], noun: &str, sized: TraitKind) {
    if input.has(sized).is_some() {
        return;
    }
    let mut sizeable = parts.iter().filter(|p| p.arity != Arity::Single);
    let Some(first) = sizeable.next() else {
        return;
    };
    for part in sizeable {
        ctxt.spanned(
            &part.ty,
            format!(
                "a variadic without a size rule: `{}` is the second {noun} group of unknown size \
                 (after `{}`), so MLIR cannot tell where one ends; add `{}` to `traits` (the \
                 sizes are then stored in the op), or make one of them a single {noun}",
                part.name,
                first.name,
                sized.name()
            ),
        );
    }
}

/// Only the last region (successor) may be variadic, as in ODS.
fn check_last_variadic(ctxt: &Ctxt, parts: &[Part], noun: &str) {
    let Some((_, init)) = parts.split_last() else {
        return;
    };
    for part in init.iter().filter(|p| p.arity == Arity::Variadic) {
        ctxt.spanned(
            &part.ty,
            format!(
                "only the last {noun} can be variadic: move `{}` after the other {noun}s",
                part.name
            ),
        );
    }
}

/// The format parses and names every part it must.
fn check_format(ctxt: &Ctxt, input: &OpInput) {
    let Some(lit) = &input.args.format else {
        return;
    };
    if let Err(errors) = format::parse(&lit.value(), &shape(input)) {
        for error in errors {
            ctxt.spanned(lit, error);
        }
    }
}

/// `custom_assembly` and `format` both give the op's syntax.
fn check_custom_assembly(ctxt: &Ctxt, input: &OpInput) {
    if let (Some(key), Some(_)) = (&input.args.custom_assembly, &input.args.format) {
        ctxt.spanned(
            key,
            "`custom_assembly` and `format` both give the op's syntax: keep `format` (the \
             declarative assembly format) or `custom_assembly` (your `parse` and `print`), not \
             both",
        );
    }
}

/// What the format parser needs of the op.
pub fn shape(input: &OpInput) -> Shape {
    let groups = |parts: &[Part]| parts.iter().map(|p| (p.name.clone(), p.arity)).collect();
    let variadic = |parts: &[Part]| {
        parts
            .iter()
            .map(|p| (p.name.clone(), p.arity == Arity::Variadic))
            .collect()
    };
    Shape {
        operands: groups(&input.operands),
        results: groups(&input.results),
        attributes: input
            .attributes
            .iter()
            .map(|p| (p.name.clone(), p.is_optional_attr()))
            .collect(),
        regions: variadic(&input.regions),
        successors: variadic(&input.successors),
        same_operands_and_result_type: input.has(TraitKind::SameOperandsAndResultType).is_some(),
        // ODS builds an operand group's type of any size, a result's only
        // for a single value.
        buildable_operands: input.operands.iter().map(names_one_type).collect(),
        buildable_results: input.results.iter().map(is_buildable).collect(),
        infers_result_types: input.interface(InterfaceKind::InferType).is_some(),
        type_matches: type_match::type_matches(input),
    }
}

/// A single value whose constraint names one type (ODS's `BuildableType`):
/// the format may leave its type out, and the parser builds it.
pub(super) fn is_buildable(part: &Part) -> bool {
    part.arity == Arity::Single && names_one_type(part)
}

/// The constraint names one type (ODS's `BuildableType`).
fn names_one_type(part: &Part) -> bool {
    const BUILDABLE: &[&str] = &[
        "I1", "I8", "I16", "I32", "I64", "F16", "F32", "F64", "Index",
    ];
    match &part.constraint {
        syn::Type::Path(path) => path.path.segments.last().is_some_and(|s| {
            s.arguments.is_empty() && BUILDABLE.contains(&s.ident.to_string().as_str())
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mnemonics() {
        for ok in ["transpose", "add_f", "vector.load", "_x", "a1"] {
            assert!(is_mnemonic(ok), "{ok}");
        }
        for bad in ["", "Transpose", "a..b", ".a", "a.", "1a", "a-b", "a b"] {
            assert!(!is_mnemonic(bad), "{bad}");
        }
        assert_eq!(suggest_name("TransposeOp"), "transpose");
        assert_eq!(suggest_name("AddF"), "add_f");
        assert_eq!(suggest_name("my-op"), "my_op");
    }
}
