//! Markdown docs of Rust dialects, in the spirit of
//! `mlir-tblgen -gen-dialect-doc` / `-gen-op-doc`.

use std::fmt::Write;

use super::{registry::ops_of, Arity, DialectDefinition, OpDefinition};

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
    // SAFETY of the lookup: only definitions from the registry are 'static;
    // find this one there.
    let ops = super::dialects()
        .into_iter()
        .find(|d| std::ptr::eq(*d, dialect))
        .map(ops_of)
        .unwrap_or_default();
    let types = super::dialects()
        .into_iter()
        .find(|d| std::ptr::eq(*d, dialect))
        .map(super::types::types_of)
        .unwrap_or_default();
    if !types.is_empty() {
        out.push_str("## Types\n\n");
    }
    for ty in types {
        let _ = writeln!(
            out,
            "### `!{}.{}` ({})\n",
            dialect.namespace, ty.name, ty.type_name
        );
        if !ty.summary.is_empty() {
            let _ = writeln!(out, "_{}_\n", ty.summary);
        }
        let params: Vec<String> = ty.params.iter().map(|p| p.name.to_owned()).collect();
        let _ = writeln!(
            out,
            "Syntax: `!{}.{}<{}>`\n",
            dialect.namespace,
            ty.name,
            params.join(", ")
        );
        if !ty.description.is_empty() {
            let _ = writeln!(out, "{}\n", ty.description);
        }
        if !ty.params.is_empty() {
            out.push_str("#### Parameters:\n\n| Parameter | Description |\n| --- | --- |\n");
            for p in ty.params {
                let kind = if p.variadic {
                    format!("variadic of {}", p.constraint)
                } else {
                    p.constraint.to_string()
                };
                let _ = writeln!(out, "| `{}` | {kind} |", p.name);
            }
            out.push('\n');
        }
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
    if !op.attributes.is_empty() {
        out.push_str("#### Attributes:\n\n| Attribute | Description |\n| --- | --- |\n");
        for a in op.attributes {
            let mut d = a.constraint.to_string();
            if let Some(default) = a.default {
                let _ = write!(d, " (default `{default}`)");
            } else if a.optional {
                d.push_str(" (optional)");
            }
            let _ = writeln!(out, "| `{}` | {d} |", a.name);
        }
        out.push('\n');
    }
    let group = |arity: Arity, c: String| match arity {
        Arity::Single => c,
        Arity::Optional => format!("optional {c}"),
        Arity::Variadic => format!("variadic of {c}"),
    };
    if !op.operands.is_empty() {
        out.push_str("#### Operands:\n\n| Operand | Description |\n| --- | --- |\n");
        for o in op.operands {
            let _ = writeln!(
                out,
                "| `{}` | {} |",
                o.name,
                group(o.arity, o.constraint.to_string())
            );
        }
        out.push('\n');
    }
    if !op.results.is_empty() {
        out.push_str("#### Results:\n\n| Result | Description |\n| --- | --- |\n");
        for r in op.results {
            let _ = writeln!(
                out,
                "| `{}` | {} |",
                r.name,
                group(r.arity, r.constraint.to_string())
            );
        }
        out.push('\n');
    }
    if !op.regions.is_empty() {
        out.push_str("#### Regions:\n\n| Region | Description |\n| --- | --- |\n");
        for r in op.regions {
            let kind = match r.max_blocks {
                Some(n) => format!("region with {n} blocks"),
                None => "any region".to_owned(),
            };
            let kind = if r.variadic {
                format!("variadic of {kind}")
            } else {
                kind
            };
            let _ = writeln!(out, "| `{}` | {kind} |", r.name);
        }
        out.push('\n');
    }
    if !op.successors.is_empty() {
        out.push_str("#### Successors:\n\n| Successor | Description |\n| --- | --- |\n");
        for s in op.successors {
            let kind = if s.variadic {
                "variadic of any successor"
            } else {
                "any successor"
            };
            let _ = writeln!(out, "| `{}` | {kind} |", s.name);
        }
        out.push('\n');
    }
}
