//! Markdown docs of Rust dialects, in the spirit of
//! `mlir-tblgen -gen-dialect-doc` / `-gen-op-doc`.

use std::fmt::Write;

use super::{
    registry::ops_of,
    syntax::format::{ParamFormatElement, ParamSyntax},
    Arity, DialectDefinition, OpDefinition, TypeParamDef,
};

/// How a type's or an attribute's body is written: `<width, ...>` by
/// default, the format with `$param`s, or a note for hand-written syntax.
fn syntax_of(params: &[TypeParamDef], syntax: ParamSyntax) -> String {
    match syntax {
        ParamSyntax::Default if params.is_empty() => String::new(),
        ParamSyntax::Default => {
            let names: Vec<&str> = params.iter().map(|p| p.name).collect();
            format!("<{}>", names.join(", "))
        }
        ParamSyntax::Format(elements) => {
            format!(" (format: {})", format_text(params, elements, &[]))
        }
        ParamSyntax::Custom { .. } => " (hand-written syntax)".to_owned(),
    }
}

/// A parameter format written back as its source (`^` marks the element
/// of a group whose parameters are `anchor`).
fn format_text(params: &[TypeParamDef], elements: &[ParamFormatElement], anchor: &[u32]) -> String {
    let name = |i: u32| format!("${}", params.get(i as usize).map_or("?", |p| p.name));
    let mut parts = Vec::new();
    let mut i = 0;
    while i < elements.len() {
        let mut part = match elements[i] {
            ParamFormatElement::Literal(text) => format!("`{text}`"),
            ParamFormatElement::Param(p) => name(p),
            ParamFormatElement::Qualified(p) => format!("qualified({})", name(p)),
            ParamFormatElement::Params => "params".to_owned(),
            ParamFormatElement::Struct(indices) => {
                let names: Vec<String> = indices.iter().map(|&p| name(p)).collect();
                format!("struct({})", names.join(", "))
            }
            ParamFormatElement::OptionalGroup {
                anchor,
                anchor_in_else,
                then_len,
                else_len,
            } => {
                let then_end = (i + 1 + then_len as usize).min(elements.len());
                let else_end = (then_end + else_len as usize).min(elements.len());
                let (then_anchor, else_anchor) = if anchor_in_else {
                    (&[][..], anchor)
                } else {
                    (anchor, &[][..])
                };
                let then = format_text(params, &elements[i + 1..then_end], then_anchor);
                let other = &elements[then_end..else_end];
                i = else_end;
                parts.push(if other.is_empty() {
                    format!("({then})?")
                } else {
                    format!("({then}) : ({})?", format_text(params, other, else_anchor))
                });
                continue;
            }
        };
        let own: Vec<u32> = match elements[i] {
            ParamFormatElement::Param(p) | ParamFormatElement::Qualified(p) => vec![p],
            ParamFormatElement::Struct(indices) => indices.to_vec(),
            _ => Vec::new(),
        };
        if !anchor.is_empty()
            && (own == anchor || matches!(elements[i], ParamFormatElement::Params))
        {
            part.push('^');
        }
        parts.push(part);
        i += 1;
    }
    parts.join(" ")
}

/// What the docs show of a type or an attribute.
struct DefParts {
    /// `!` or `#`.
    sigil: char,
    name: &'static str,
    type_name: &'static str,
    summary: &'static str,
    description: &'static str,
    params: &'static [TypeParamDef],
    syntax: ParamSyntax,
}

/// A type's or an attribute's section: name, summary, syntax, description,
/// parameters.
fn definition(out: &mut String, namespace: &str, def: &DefParts) {
    let (sigil, name) = (def.sigil, def.name);
    let _ = writeln!(out, "### `{sigil}{namespace}.{name}` ({})\n", def.type_name);
    if !def.summary.is_empty() {
        let _ = writeln!(out, "_{}_\n", def.summary);
    }
    let _ = writeln!(
        out,
        "Syntax: `{sigil}{namespace}.{name}{}`\n",
        syntax_of(def.params, def.syntax)
    );
    if !def.description.is_empty() {
        let _ = writeln!(out, "{}\n", def.description);
    }
    params_table(out, def.params);
}

/// The parameters of a type or an attribute.
fn params_table(out: &mut String, params: &[TypeParamDef]) {
    table(
        out,
        "Parameters",
        "Parameter",
        params.iter().map(|p| {
            let kind = if p.variadic {
                format!("variadic of {} (`{}`)", p.constraint, p.type_name)
            } else {
                format!("{} (`{}`)", p.constraint, p.type_name)
            };
            (p.name, kind)
        }),
    );
}

/// Markdown docs of every Rust dialect linked into this program.
pub fn dialect_docs() -> String {
    super::dialects()
        .into_iter()
        .map(dialect_doc)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Markdown docs of one dialect: its summary and description, then each op
/// with its syntax, traits, attributes, operands and results.
pub fn dialect_doc(dialect: &DialectDefinition) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# '{}' Dialect\n", dialect.namespace);
    if !dialect.summary.is_empty() {
        let _ = writeln!(out, "{}\n", dialect.summary);
    }
    if !dialect.description.is_empty() {
        let _ = writeln!(out, "{}\n", dialect.description);
    }
    // Only definitions from the registry are 'static: find this one there.
    let registered = super::dialects()
        .into_iter()
        .find(|d| std::ptr::eq(*d, dialect));
    let ops = registered.map(ops_of).unwrap_or_default();
    let types = registered.map(super::types::types_of).unwrap_or_default();
    if !types.is_empty() {
        out.push_str("## Types\n\n");
    }
    for ty in types {
        let parts = DefParts {
            sigil: '!',
            name: ty.name,
            type_name: ty.type_name,
            summary: ty.summary,
            description: ty.description,
            params: ty.params,
            syntax: ty.syntax,
        };
        definition(&mut out, dialect.namespace, &parts);
    }
    let attrs = registered.map(super::attrs::attrs_of).unwrap_or_default();
    if !attrs.is_empty() {
        out.push_str("## Attributes\n\n");
    }
    for attr in attrs {
        let parts = DefParts {
            sigil: '#',
            name: attr.name,
            type_name: attr.type_name,
            summary: attr.summary,
            description: attr.description,
            params: attr.params,
            syntax: attr.syntax,
        };
        definition(&mut out, dialect.namespace, &parts);
    }
    if !ops.is_empty() {
        out.push_str("## Operations\n\n");
    }
    for op in ops {
        op_doc(&mut out, dialect.namespace, op);
    }
    out
}

fn op_doc(out: &mut String, namespace: &str, op: &OpDefinition) {
    let full = format!("{namespace}.{}", op.name);
    let _ = writeln!(out, "### `{full}` ({})\n", op.type_name);
    if !op.summary.is_empty() {
        let _ = writeln!(out, "_{}_\n", op.summary);
    }
    if let Some(format) = op.format_source {
        let _ = writeln!(
            out,
            "Syntax:\n\n```\noperation ::= `{full}` {format}\n```\n"
        );
    }
    if !op.description.is_empty() {
        let _ = writeln!(out, "{}\n", op.description);
    }
    if !op.traits.is_empty() {
        let traits: Vec<String> = op
            .traits
            .iter()
            .map(|t| format!("`{}`", t.ods_name()))
            .collect();
        let _ = writeln!(out, "Traits: {}\n", traits.join(", "));
    }
    table(
        out,
        "Attributes",
        "Attribute",
        op.attributes.iter().map(|a| {
            let mut d = a.constraint.to_string();
            if let Some(default) = a.default {
                let _ = write!(d, " (default `{default}`)");
            } else if a.optional {
                d.push_str(" (optional)");
            }
            (a.name, d)
        }),
    );
    let group = |arity: Arity, c: String| match arity {
        Arity::Single => c,
        Arity::Optional => format!("optional {c}"),
        Arity::Variadic => format!("variadic of {c}"),
    };
    table(
        out,
        "Operands",
        "Operand",
        op.operands
            .iter()
            .map(|o| (o.name, group(o.arity, o.constraint.to_string()))),
    );
    table(
        out,
        "Results",
        "Result",
        op.results
            .iter()
            .map(|r| (r.name, group(r.arity, r.constraint.to_string()))),
    );
    table(
        out,
        "Regions",
        "Region",
        op.regions.iter().map(|r| {
            let kind = match r.max_blocks {
                Some(n) => format!("region with {n} blocks"),
                None => "any region".to_owned(),
            };
            let kind = if r.variadic {
                format!("variadic of {kind}")
            } else {
                kind
            };
            (r.name, kind)
        }),
    );
    table(
        out,
        "Successors",
        "Successor",
        op.successors.iter().map(|s| {
            let kind = if s.variadic {
                "variadic of any successor"
            } else {
                "any successor"
            };
            (s.name, kind.to_owned())
        }),
    );
}

/// A `#### title:` section with a two-column table, when there are rows.
fn table<'a>(
    out: &mut String,
    title: &str,
    column: &str,
    rows: impl Iterator<Item = (&'a str, String)>,
) {
    let mut rows = rows.peekable();
    if rows.peek().is_none() {
        return;
    }
    let _ = writeln!(
        out,
        "#### {title}:\n\n| {column} | Description |\n| --- | --- |"
    );
    for (name, description) in rows {
        let _ = writeln!(out, "| `{name}` | {description} |");
    }
    out.push('\n');
}
