//! Parses the keys of `#[mlir_pass(...)]`, collecting every mistake at once.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::{
    bracketed,
    ext::IdentExt,
    parse::{ParseStream, Parser},
    punctuated::Punctuated,
    Ident, LitStr, Token,
};

use crate::dialects;

const KEYS: &str = "`name`, `argument`, `description`, `op`, `dialects`";

/// The keys as written, validated one by one.
#[derive(Default)]
pub struct PassArgs {
    /// Whether `argument` was written at all (even with a bad value).
    pub argument_written: bool,
    pub name: Option<LitStr>,
    pub argument: Option<LitStr>,
    pub description: Option<LitStr>,
    pub op: Option<LitStr>,
    pub dialects: Vec<Dialect>,
}

/// One entry of `dialects = [...]`.
pub enum Dialect {
    /// An upstream namespace, such as `func`: MLIR's C API getter.
    Upstream(Ident),
    /// A path to a handle getter of the user's, such as `my_dialect::handle`
    /// (an `unsafe extern "C" fn() -> MlirDialectHandle`).
    Getter(syn::Path),
}

impl Dialect {
    /// The name shown in docs: the namespace, or the path as written.
    pub fn name(&self) -> String {
        match self {
            Dialect::Upstream(ident) => ident.to_string(),
            Dialect::Getter(path) => quote::quote!(#path).to_string().replace(' ', ""),
        }
    }
}

/// Collects errors so that one build shows every mistake.
#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    pub fn push(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    pub fn spanned(&mut self, tokens: impl quote::ToTokens, message: impl std::fmt::Display) {
        self.push(syn::Error::new_spanned(tokens, message));
    }

    pub fn into_result(self) -> Result<(), syn::Error> {
        self.0.map_or(Ok(()), Err)
    }
}

/// Which attribute is being parsed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `#[mlir_pass]`.
    Pass,
    /// `#[mlir_pipeline]`: no `op`, no `dialects`.
    Pipeline,
}

impl Kind {
    /// "pass" or "pipeline".
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Pass => "pass",
            Kind::Pipeline => "pipeline",
        }
    }

    /// The attribute's name, as written.
    pub fn attribute(self) -> &'static str {
        match self {
            Kind::Pass => "#[mlir_pass]",
            Kind::Pipeline => "#[mlir_pipeline]",
        }
    }
}

const PIPELINE_KEYS: &str = "`name`, `argument`, `description`";

/// Parses `args`; a missing `argument` is reported at `attr_span`.
pub fn parse(args: TokenStream, errors: &mut Errors, kind: Kind) -> PassArgs {
    let mut out = PassArgs::default();
    let entries = match (|input: ParseStream| parse_entries(input)).parse2(args) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push(e);
            return out;
        }
    };
    let mut dialects_seen = false;
    for (key, value) in entries {
        let name = key.unraw().to_string();
        if kind == Kind::Pipeline && matches!(name.as_str(), "op" | "dialects") {
            errors.spanned(
                &key,
                format!(
                    "`{name}` is not a key of #[mlir_pipeline]: a pipeline has no anchor or \
                     dialects of its own; in `build`, nest the passes that need one, as in \
                     `pm.nest(\"func.func\").add_pass(...)` (accepted keys: {PIPELINE_KEYS})"
                ),
            );
            continue;
        }
        let duplicate = match name.as_str() {
            "name" => set_str(&mut out.name, &key, value, errors),
            "argument" => {
                let duplicate = out.argument_written;
                out.argument_written = true;
                duplicate || set_str(&mut out.argument, &key, value, errors)
            }
            "description" => set_str(&mut out.description, &key, value, errors),
            "op" => set_str(&mut out.op, &key, value, errors),
            "dialects" => {
                let duplicate = dialects_seen;
                dialects_seen = true;
                if !duplicate {
                    out.dialects = parse_dialects(&key, value, errors);
                }
                duplicate
            }
            _ => {
                let (candidates, keys): (&[&str], &str) = match kind {
                    Kind::Pass => (&["name", "argument", "description", "op", "dialects"], KEYS),
                    Kind::Pipeline => (&["name", "argument", "description"], PIPELINE_KEYS),
                };
                let hint = candidates
                    .iter()
                    .find(|k| dialects::edit_distance(&name, k) <= 2)
                    .map(|k| format!("; did you mean `{k}`?"))
                    .unwrap_or_default();
                errors.spanned(
                    &key,
                    format!(
                        "unknown key `{name}` in {}{hint} (accepted keys: {keys})",
                        kind.attribute()
                    ),
                );
                false
            }
        };
        if duplicate {
            errors.spanned(&key, format!("duplicate key `{name}`: give it once"));
        }
    }
    out
}

/// `key = value, ...` with each value kept as raw tokens.
fn parse_entries(input: ParseStream) -> syn::Result<Vec<(Ident, TokenStream)>> {
    let mut entries = Vec::new();
    while !input.is_empty() {
        let key = Ident::parse_any(input).map_err(|e| {
            syn::Error::new(
                e.span(),
                format!("expected a key such as `argument = \"my-pass\"` (accepted keys: {KEYS})"),
            )
        })?;
        if !input.peek(Token![=]) {
            return Err(syn::Error::new(
                key.span(),
                format!("expected `{key} = ...`: every #[mlir_pass] key takes a value"),
            ));
        }
        input.parse::<Token![=]>()?;
        let mut value = TokenStream::new();
        while !input.is_empty() && !input.peek(Token![,]) {
            value.extend(std::iter::once(input.parse::<TokenTree>()?));
        }
        if value.is_empty() {
            return Err(syn::Error::new(
                key.span(),
                format!("`{key} =` needs a value"),
            ));
        }
        entries.push((key, value));
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(entries)
}

/// Sets a string key; returns whether it was a duplicate.
fn set_str(
    slot: &mut Option<LitStr>,
    key: &Ident,
    value: TokenStream,
    errors: &mut Errors,
) -> bool {
    if slot.is_some() {
        return true;
    }
    match syn::parse2::<LitStr>(value.clone()) {
        Ok(lit) => *slot = Some(lit),
        Err(_) => errors.spanned(
            value,
            format!("`{key}` takes a string literal, as in `{key} = \"...\"`"),
        ),
    }
    false
}

fn parse_dialects(key: &Ident, value: TokenStream, errors: &mut Errors) -> Vec<Dialect> {
    // A single word is an upstream namespace (keywords such as `async`
    // included); anything with `::` is a path to a handle getter.
    let entry = |input: ParseStream| -> syn::Result<Dialect> {
        if input.peek(Token![::]) || input.peek2(Token![::]) {
            input.parse().map(Dialect::Getter)
        } else {
            Ident::parse_any(input).map(Dialect::Upstream)
        }
    };
    let parser = |input: ParseStream| {
        let content;
        bracketed!(content in input);
        Punctuated::<Dialect, Token![,]>::parse_terminated_with(&content, entry)
    };
    let list = match parser.parse2(value.clone()) {
        Ok(list) => list,
        Err(_) => {
            errors.spanned(
                value,
                format!(
                    "`{key}` takes a list of dialect names or paths to dialect handle getters, \
                     as in `dialects = [func, arith, my_dialect::handle]`"
                ),
            );
            return Vec::new();
        }
    };
    let mut out: Vec<Dialect> = Vec::new();
    for dialect in list {
        let name = dialect.name();
        if out.iter().any(|d| d.name() == name) {
            match &dialect {
                Dialect::Upstream(ident) => {
                    errors.spanned(ident, format!("dialect `{name}` is listed twice"))
                }
                Dialect::Getter(path) => {
                    errors.spanned(path, format!("dialect `{name}` is listed twice"))
                }
            }
            continue;
        }
        if let Dialect::Upstream(ident) = &dialect {
            if !dialects::KNOWN.contains(&name.as_str()) {
                let hint = dialects::closest(&name)
                    .map(|d| format!("did you mean `{d}`? "))
                    .unwrap_or_default();
                errors.spanned(
                    ident,
                    format!(
                        "unknown dialect `{name}`: {hint}write a dialect namespace from MLIR's C API ({}), \
                         or a path to your dialect's handle getter, as in `my_dialect::handle`",
                        dialects::KNOWN.join(", ")
                    ),
                );
                continue;
            }
        }
        out.push(dialect);
    }
    out
}

/// Checks the values of the keys. `default_name` is the struct's name.
pub fn validate(args: &PassArgs, errors: &mut Errors, kind: Kind) {
    match &args.argument {
        None if args.argument_written => {}
        None => errors.push(syn::Error::new(
            Span::call_site(),
            match kind {
                Kind::Pass => {
                    "missing `argument = \"...\"`: the name pipelines use for the pass, \
                     as in #[mlir_pass(argument = \"my-pass\")]"
                }
                Kind::Pipeline => {
                    "missing `argument = \"...\"`: the name pipelines use for the pipeline, \
                     as in #[mlir_pipeline(argument = \"my-pipeline\")]"
                }
            },
        )),
        Some(lit) => {
            let value = lit.value();
            if !is_pass_argument(&value) {
                errors.spanned(
                    lit,
                    format!(
                        "invalid pass argument {value:?}: use lowercase words of [a-z0-9] joined by `-`, \
                         such as {:?}",
                        suggest_argument(&value)
                    ),
                );
            }
        }
    }
    if let Some(lit) = &args.op {
        let value = lit.value();
        if !is_op_name(&value) {
            errors.spanned(
                lit,
                format!(
                    "invalid operation name {value:?}: write the full name, dialect first, such as \
                     \"func.func\" or \"builtin.module\"; leave `op` out for a pass that runs on any operation"
                ),
            );
        }
    }
    if let Some(lit) = &args.name {
        let value = lit.value();
        if value.is_empty() || value.chars().any(char::is_whitespace) {
            errors.spanned(
                lit,
                format!("invalid pass name {value:?}: write one word, such as \"MyPass\""),
            );
        }
    }
}

/// `my-pass`, `convert-to-llvm2`: lowercase ASCII words joined by single dashes.
pub fn is_pass_argument(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
        && s.as_bytes()[0].is_ascii_lowercase()
}

/// A kebab-case version of what was written, for the error message.
fn suggest_argument(s: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
            prev_lower = true;
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
            prev_lower = false;
        }
    }
    let out = out.trim_matches('-').to_owned();
    if out.is_empty() || !out.as_bytes()[0].is_ascii_lowercase() {
        "my-pass".to_owned()
    } else {
        out
    }
}

/// `dialect.op` (more dots allowed, as in `spirv.GLSL.Sin`).
fn is_op_name(s: &str) -> bool {
    let mut parts = s.split('.');
    let dialect = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let ident = |w: &str, first_lower: bool| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
            && (!first_lower || w.as_bytes()[0].is_ascii_lowercase() || w.as_bytes()[0] == b'_')
    };
    ident(dialect, true) && !rest.is_empty() && rest.iter().all(|w| ident(w, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_arguments() {
        for ok in ["a", "my-pass", "convert-func-to-llvm", "mem2reg"] {
            assert!(is_pass_argument(ok), "{ok}");
        }
        for bad in ["", "-a", "a-", "a--b", "My-Pass", "my_pass", "2pass", "a b"] {
            assert!(!is_pass_argument(bad), "{bad}");
        }
        assert_eq!(suggest_argument("MyPass"), "my-pass");
        assert_eq!(suggest_argument("my_pass"), "my-pass");
    }

    #[test]
    fn op_names() {
        for ok in ["func.func", "builtin.module", "spirv.GLSL.Sin", "llvm.func"] {
            assert!(is_op_name(ok), "{ok}");
        }
        for bad in ["", "func", ".func", "func.", "Func.func", "func func"] {
            assert!(!is_op_name(bad), "{bad}");
        }
    }
}
