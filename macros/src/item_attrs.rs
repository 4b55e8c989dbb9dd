//! The attributes the macros read beside their own: `#[option(...)]` on a
//! pass's fields (its keys are `attr.rs`'s table), doc comments (a pass's,
//! an op's or a type's summary and description) and `#[derive(...)]`.

use quote::ToTokens;
use syn::{
    ext::IdentExt, parse::Parser, punctuated::Punctuated, Attribute, Expr, ExprLit, Lit, LitStr,
    Meta, Path, Token,
};

use crate::{
    attr::{unknown_key, Key, OptionKey},
    ctxt::Ctxt,
};

/// One `#[option(...)]` as written.
#[derive(Default)]
pub struct OptionAttr {
    /// `name = "..."`.
    pub name: Option<LitStr>,
    /// `description = "..."`.
    pub description: Option<LitStr>,
    /// `default = ...`.
    pub default: Option<Expr>,
}

/// Parses `#[option]` or `#[option(key = value, ...)]`.
pub fn parse_option(ctxt: &Ctxt, attr: &Attribute) -> OptionAttr {
    let mut out = OptionAttr::default();
    let list = match &attr.meta {
        Meta::Path(_) => return out,
        Meta::List(list) => list,
        Meta::NameValue(nv) => {
            ctxt.spanned(nv, "write #[option] or #[option(default = ...)]");
            return out;
        }
    };
    let mut written: Vec<OptionKey> = Vec::new();
    let result = list.parse_nested_meta(|meta| {
        let word = meta
            .path
            .get_ident()
            .map(|i| i.unraw().to_string())
            .unwrap_or_else(|| meta.path.to_token_stream().to_string());
        let Some(key) = OptionKey::lookup(&word) else {
            ctxt.push(unknown_key(&meta.path, &word, "#[option]", OptionKey::ALL));
            // Skip the value, if any, to go on with the next key.
            if meta.input.peek(Token![=]) {
                meta.value()?.parse::<Expr>()?;
            }
            return Ok(());
        };
        if written.contains(&key) {
            ctxt.spanned(&meta.path, format!("duplicate key `{word}`: give it once"));
        }
        written.push(key);
        match key {
            OptionKey::Name => out.name = Some(meta.value()?.parse()?),
            OptionKey::Description => out.description = Some(meta.value()?.parse()?),
            OptionKey::Default => out.default = Some(meta.value()?.parse()?),
        }
        Ok(())
    });
    if let Err(e) = result {
        ctxt.push(e);
    }
    out
}

/// Whether `attr` is the `#[option]` helper attribute.
pub fn is_option(attr: &Attribute) -> bool {
    attr.path().is_ident("option")
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

/// The `summary` and `description` of a dialect, op or type: the keys
/// when written, else the doc comment's first paragraph and the rest.
pub fn summary_and_description(
    attrs: &[Attribute],
    summary: Option<&LitStr>,
    description: Option<&LitStr>,
) -> (String, String) {
    let (doc_summary, doc_description) = split_doc(&doc_comment(attrs));
    (
        summary.map_or(doc_summary, LitStr::value),
        description.map_or(doc_description, LitStr::value),
    )
}

/// A doc comment split as ODS splits a `summary` from a `description`: the
/// first paragraph (on one line), and the rest.
pub fn split_doc(doc: &str) -> (String, String) {
    let doc = doc.trim();
    let (first, rest) = doc.split_once("\n\n").unwrap_or((doc, ""));
    let summary = first.split_whitespace().collect::<Vec<_>>().join(" ");
    (summary, rest.trim().to_owned())
}

/// The paths of a `#[derive(...)]`; `None` for any other attribute.
pub fn derives(attr: &Attribute) -> Option<Punctuated<Path, Token![,]>> {
    if !attr.path().is_ident("derive") {
        return None;
    }
    let Meta::List(list) = &attr.meta else {
        return None;
    };
    Punctuated::parse_terminated
        .parse2(list.tokens.clone())
        .ok()
}

/// `Default`, `core::default::Default`, ... in a derive list.
pub fn is_default(path: &Path) -> bool {
    path.segments.last().is_some_and(|s| s.ident == "Default")
}
