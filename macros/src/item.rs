//! Checks the item `#[mlir_pass]` is placed on and reads its doc comment.

use proc_macro2::TokenStream;
use syn::{Attribute, Expr, ExprLit, Item, ItemStruct, Lit, Meta};

use crate::attr::{Errors, Kind};

/// The struct, if the item is a struct MLIR can use as a pass.
pub fn parse(input: TokenStream, errors: &mut Errors, kind: Kind) -> Option<ItemStruct> {
    let item: Item = match syn::parse2(input) {
        Ok(item) => item,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    let item = match item {
        Item::Struct(item) => item,
        Item::Enum(item) => {
            errors.spanned(
                item.enum_token,
                format!(
                    "{} goes on a struct, not an enum: make the enum a field of a {} struct",
                    kind.attribute(),
                    kind.noun()
                ),
            );
            return None;
        }
        Item::Union(item) => {
            errors.spanned(
                item.union_token,
                format!(
                    "{} goes on a struct, not a union: use a struct deriving `Clone`",
                    kind.attribute()
                ),
            );
            return None;
        }
        other => {
            errors.spanned(
                other,
                format!(
                    "{} goes on a struct, such as `pub struct My{};`",
                    kind.attribute(),
                    if kind == Kind::Pass {
                        "Pass"
                    } else {
                        "Pipeline"
                    }
                ),
            );
            return None;
        }
    };
    if !item.generics.params.is_empty() {
        errors.spanned(
            &item.generics,
            format!(
                "a {0} struct cannot have generic parameters: MLIR identifies each {0} by one \
                 type, so declare one concrete struct per {0} (wrap a generic type in it as a field)",
                kind.noun()
            ),
        );
    } else if let Some(where_clause) = &item.generics.where_clause {
        errors.spanned(
            where_clause,
            format!(
                "a {} struct cannot have a where clause: remove it",
                kind.noun()
            ),
        );
    }
    Some(item)
}

/// The doc comment, as rustdoc would show it: one leading space removed from
/// each line, outer blank lines trimmed.
pub fn doc_comment(attrs: &[Attribute]) -> String {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            Meta::NameValue(nv) => match &nv.value {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(s), ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .flat_map(|s| s.split('\n').map(str::to_owned).collect::<Vec<_>>())
        .map(|line| {
            line.strip_prefix(' ')
                .map(str::to_owned)
                .unwrap_or(line)
                .trim_end()
                .to_owned()
        })
        .collect();
    lines.join("\n").trim().to_owned()
}

/// The first paragraph of a description, on one line.
pub fn summary(description: &str) -> String {
    description
        .trim()
        .split("\n\n")
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
