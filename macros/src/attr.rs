//! Attribute syntax: the keys of `#[mlir_pass(...)]`/`#[mlir_pipeline(...)]`
//! and of `#[option(...)]`, each defined once in a table that both the
//! parser and the "unknown key" message read (`#[option]` itself, doc
//! comments and derives are read in `item_attrs.rs`). The
//! dialect and op attributes (`dialect/`, `op/`) read their keys with the
//! same table, entry reader and messages.
//!
//! Only the syntax is checked here (known key, written once, value of the
//! right shape). Whether a value is acceptable is `valid.rs`'s business.

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::{
    bracketed,
    ext::IdentExt,
    parse::{ParseStream, Parser},
    punctuated::Punctuated,
    Ident, LitStr, Path, Token,
};

use crate::{ast::Kind, ctxt::Ctxt, dialects};

/// A table of an attribute's keys: the key enum lists its variants once,
/// with the name users write and the names they might write by habit.
pub trait Key: Copy + PartialEq + 'static {
    /// Every key, in the order messages list them.
    const ALL: &'static [Self];

    /// The key as written.
    fn name(self) -> &'static str;

    /// Names other tools use for this key (`help`, `anchor`), answered
    /// with "did you mean" rather than a bare "unknown key".
    fn aliases(self) -> &'static [&'static str];

    /// The key named `word`, if any.
    fn lookup(word: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.name() == word)
    }
}

/// Declares a key enum and its [`Key`] table: `Variant = "name" | "alias"`.
macro_rules! keys {
    (
        $(#[$meta:meta])*
        pub enum $enum:ident {
            $($(#[$vmeta:meta])* $variant:ident = $name:literal $(| $alias:literal)*,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq)]
        pub enum $enum {
            $($(#[$vmeta])* $variant,)*
        }

        impl Key for $enum {
            const ALL: &'static [Self] = &[$($enum::$variant),*];

            fn name(self) -> &'static str {
                match self {
                    $($enum::$variant => $name,)*
                }
            }

            fn aliases(self) -> &'static [&'static str] {
                match self {
                    $($enum::$variant => &[$($alias),*],)*
                }
            }
        }
    };
}

pub(crate) use keys;

keys! {
    /// A key of `#[mlir_pass(...)]` or `#[mlir_pipeline(...)]`.
    pub enum PassKey {
        /// The pass's name; the struct's name by default.
        Name = "name",
        /// The name pipelines use; required.
        Argument = "argument" | "arg",
        /// The description; the struct's doc comment by default.
        Description = "description" | "help" | "summary" | "doc" | "about",
        /// The anchor operation (passes only).
        Op = "op" | "anchor" | "operation",
        /// The anchor op interface (passes only).
        Interface = "interface" | "op_interface" | "anchor_interface" | "InterfacePass",
        /// The dependent dialects (passes only).
        Dialects = "dialects" | "dependent_dialects" | "dependentDialects",
    }
}

keys! {
    /// A key of `#[option(...)]`.
    pub enum OptionKey {
        /// The option's name; the field's, in kebab case, by default.
        Name = "name",
        /// The description; the field's doc comment by default.
        Description = "description" | "help" | "desc" | "doc",
        /// The default value, an expression of the field's type.
        Default = "default" | "default_value",
    }
}

impl PassKey {
    /// The keys `kind`'s attribute takes: a pipeline has no anchor and no
    /// dialects of its own.
    pub fn accepted(kind: Kind) -> &'static [PassKey] {
        match kind {
            Kind::Pass => PassKey::ALL,
            Kind::Pipeline => &[PassKey::Name, PassKey::Argument, PassKey::Description],
        }
    }
}

/// "`name`, `argument`, ...": the list every key error ends with.
pub fn list<K: Key>(keys: &[K]) -> String {
    keys.iter()
        .map(|k| format!("`{}`", k.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The error for a key that is not in `accepted`, spanned at `tokens`, with
/// a "did you mean" for an alias or a near miss.
pub fn unknown_key<K: Key>(
    tokens: impl ToTokens,
    word: &str,
    attribute: &str,
    accepted: &[K],
) -> syn::Error {
    let guess = accepted
        .iter()
        .find(|k| k.aliases().contains(&word))
        .or_else(|| {
            accepted
                .iter()
                .map(|k| (dialects::edit_distance(word, k.name()), k))
                .filter(|(distance, _)| *distance <= 2)
                .min_by_key(|(distance, _)| *distance)
                .map(|(_, k)| k)
        });
    let hint = guess
        .map(|k| format!("; did you mean `{}`?", k.name()))
        .unwrap_or_default();
    syn::Error::new_spanned(
        tokens,
        format!(
            "unknown key `{word}` in {attribute}{hint} (accepted keys: {})",
            list(accepted)
        ),
    )
}

/// `#[mlir_pass(...)]`'s keys as written; values are checked in `valid.rs`.
#[derive(Default)]
pub struct Args {
    /// Every key written, even with a bad value: a key written wrongly is
    /// not also "missing".
    pub written: Vec<PassKey>,
    /// `name = "..."`.
    pub name: Option<LitStr>,
    /// `argument = "..."`.
    pub argument: Option<LitStr>,
    /// `description = "..."`.
    pub description: Option<LitStr>,
    /// `op = "..."`.
    pub op: Option<LitStr>,
    /// `interface = "..."`.
    pub interface: Option<LitStr>,
    /// `dialects = [...]`, in the order written.
    pub dialects: Vec<Dialect>,
}

/// One entry of `dialects = [...]`.
pub enum Dialect {
    /// An upstream namespace, such as `func`: MLIR's C API getter.
    Upstream(Ident),
    /// A path to a handle getter of the user's, such as `my_dialect::handle`
    /// (an `unsafe extern "C" fn() -> MlirDialectHandle`).
    Getter(Path),
    /// A dialect declared in Rust with `#[mlir_dialect]`, named by its type
    /// (`ToyDialect`, `crate::toy::ToyDialect`): a path whose last segment
    /// starts with an uppercase letter, as Rust types do.
    Type(Path),
}

impl Dialect {
    /// The name shown in docs: the namespace, or the path as written.
    pub fn name(&self) -> String {
        match self {
            Dialect::Upstream(ident) => ident.to_string(),
            Dialect::Getter(path) | Dialect::Type(path) => {
                path.to_token_stream().to_string().replace(' ', "")
            }
        }
    }
}

impl ToTokens for Dialect {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            Dialect::Upstream(ident) => ident.to_tokens(tokens),
            Dialect::Getter(path) | Dialect::Type(path) => path.to_tokens(tokens),
        }
    }
}

/// Whether `path` names a type by Rust's naming convention: its last
/// segment starts with an uppercase letter (`ToyDialect`, not `handle`).
pub fn is_type_path(path: &Path) -> bool {
    path.segments
        .last()
        .and_then(|s| s.ident.unraw().to_string().chars().next())
        .is_some_and(|c| c.is_ascii_uppercase())
}

/// Parses the attribute's arguments, reporting every mistake to `ctxt`.
pub fn parse_args(ctxt: &Ctxt, kind: Kind, args: TokenStream) -> Args {
    let mut out = Args::default();
    let expected_key = format!(
        "expected a key such as `argument = \"my-{}\"` (accepted keys: {})",
        kind.noun(),
        list(PassKey::accepted(kind))
    );
    let entries = match (|input: ParseStream| parse_entries(input, kind.attribute(), &expected_key))
        .parse2(args)
    {
        Ok(entries) => entries,
        Err(e) => {
            ctxt.push(e);
            return out;
        }
    };
    let accepted = PassKey::accepted(kind);
    for (ident, value) in entries {
        let word = ident.unraw().to_string();
        let Some(key) = PassKey::lookup(&word).filter(|k| accepted.contains(k)) else {
            if PassKey::lookup(&word).is_some() {
                // `op` or `dialects` on a pipeline: say where they go instead.
                ctxt.spanned(
                    &ident,
                    format!(
                        "`{word}` is not a key of {}: a pipeline has no anchor, interface or \
                         dialects of its own; in `build`, nest the passes that need one, as in \
                         `pm.nest(\"func.func\").add_pass(...)` (accepted keys: {})",
                        kind.attribute(),
                        list(accepted)
                    ),
                );
            } else {
                ctxt.push(unknown_key(&ident, &word, kind.attribute(), accepted));
            }
            continue;
        };
        if out.written.contains(&key) {
            ctxt.spanned(&ident, format!("duplicate key `{word}`: give it once"));
            continue;
        }
        out.written.push(key);
        let Some(value) = value else {
            ctxt.spanned(
                &ident,
                format!(
                    "expected `{word} = ...`: every {} key takes a value",
                    kind.attribute()
                ),
            );
            continue;
        };
        match key {
            PassKey::Name => out.name = string(ctxt, &ident, value),
            PassKey::Argument => out.argument = string(ctxt, &ident, value),
            PassKey::Description => out.description = string(ctxt, &ident, value),
            PassKey::Op => out.op = string(ctxt, &ident, value),
            PassKey::Interface => out.interface = string(ctxt, &ident, value),
            PassKey::Dialects => out.dialects = dialect_list(ctxt, &ident, value),
        }
    }
    out
}

/// `key = value` or a bare `key` (a flag, for the attributes that have
/// some), with each value kept as raw tokens, so that a bad value is
/// reported by its key's own parser and the next keys still read.
/// `expected_key` is the message for anything that is not a key.
pub fn parse_entries(
    input: ParseStream,
    attribute: &str,
    expected_key: &str,
) -> syn::Result<Vec<(Ident, Option<TokenStream>)>> {
    let mut entries = Vec::new();
    while !input.is_empty() {
        let key = Ident::parse_any(input).map_err(|e| syn::Error::new(e.span(), expected_key))?;
        if input.is_empty() || input.peek(Token![,]) {
            entries.push((key, None));
        } else {
            if !input.peek(Token![=]) {
                return Err(syn::Error::new(
                    key.span(),
                    format!("expected `{key} = ...` or `{key},` in {attribute}"),
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
            entries.push((key, Some(value)));
        }
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(entries)
}

/// Reads `args` as `K`'s keys, as `parse_args` does for a pass: each
/// unknown or repeated key is reported at its token (with "did you mean"),
/// and every other key is returned once, with its value as written.
pub fn read_keys<K: Key>(
    ctxt: &Ctxt,
    args: TokenStream,
    attribute: &str,
    expected_key: &str,
) -> Vec<(K, Ident, Option<TokenStream>)> {
    let entries =
        match (|input: ParseStream| parse_entries(input, attribute, expected_key)).parse2(args) {
            Ok(entries) => entries,
            Err(e) => {
                ctxt.push(e);
                return Vec::new();
            }
        };
    let mut out: Vec<(K, Ident, Option<TokenStream>)> = Vec::new();
    for (ident, value) in entries {
        let word = ident.unraw().to_string();
        let Some(key) = K::lookup(&word) else {
            ctxt.push(unknown_key(&ident, &word, attribute, K::ALL));
            continue;
        };
        if out.iter().any(|(k, _, _)| *k == key) {
            ctxt.spanned(&ident, format!("duplicate key `{word}`: give it once"));
            continue;
        }
        out.push((key, ident, value));
    }
    out
}

/// Reports a value written after the flag key `name` (`verifier`,
/// `inliner`), which takes none.
pub fn flag_without_value(ctxt: &Ctxt, name: &str, value: Option<TokenStream>) {
    if let Some(value) = value {
        ctxt.spanned(
            value,
            format!("`{name}` is a flag and takes no value: write `{name}` alone"),
        );
    }
}

/// `dialect = ToyDialect` or `dialect = crate::toy::ToyDialect`, the key
/// of `#[mlir_op]` and `#[mlir_type]`.
pub fn dialect_type_path(ctxt: &Ctxt, key: &Ident, value: TokenStream) -> Option<Path> {
    match syn::parse2::<Path>(value.clone()) {
        Ok(path) => Some(path),
        Err(_) => {
            ctxt.spanned(
                value,
                format!(
                    "`{key}` takes the dialect's type (declared with #[mlir_dialect]), as in \
                     `{key} = ToyDialect`"
                ),
            );
            None
        }
    }
}

/// A string key's value.
pub fn string(ctxt: &Ctxt, key: &Ident, value: TokenStream) -> Option<LitStr> {
    match syn::parse2::<LitStr>(value.clone()) {
        Ok(lit) => Some(lit),
        Err(_) => {
            ctxt.spanned(
                value,
                format!("`{key}` takes a string literal, as in `{key} = \"...\"`"),
            );
            None
        }
    }
}

/// `[func, arith, my_dialect::handle, ToyDialect]`.
fn dialect_list(ctxt: &Ctxt, key: &Ident, value: TokenStream) -> Vec<Dialect> {
    // A single lowercase word is an upstream namespace (keywords such as
    // `async` included); a lowercase path is a handle getter; a path or word
    // ending in an uppercase name is a Rust dialect type.
    let entry = |input: ParseStream| -> syn::Result<Dialect> {
        let path: Path = if input.peek(Token![::]) || input.peek2(Token![::]) {
            input.parse()?
        } else {
            Ident::parse_any(input)?.into()
        };
        Ok(if is_type_path(&path) {
            Dialect::Type(path)
        } else if let Some(ident) = path.get_ident() {
            Dialect::Upstream(ident.clone())
        } else {
            Dialect::Getter(path)
        })
    };
    let parser = |input: ParseStream| {
        let content;
        bracketed!(content in input);
        Punctuated::<Dialect, Token![,]>::parse_terminated_with(&content, entry)
    };
    match parser.parse2(value.clone()) {
        Ok(list) => list.into_iter().collect(),
        Err(_) => {
            ctxt.spanned(
                value,
                format!(
                    "`{key}` takes a list of dialect names, Rust dialect types or paths to \
                     dialect handle getters, as in `dialects = [func, arith, ToyDialect, \
                     my_dialect::handle]`"
                ),
            );
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(word: &str, accepted: &[PassKey]) -> String {
        let ident = Ident::new(word, proc_macro2::Span::call_site());
        unknown_key(&ident, word, "#[mlir_pass]", accepted).to_string()
    }

    #[test]
    fn unknown_keys_suggest_a_key() {
        assert_eq!(
            message("anchor", PassKey::ALL),
            "unknown key `anchor` in #[mlir_pass]; did you mean `op`? (accepted keys: \
             `name`, `argument`, `description`, `op`, `interface`, `dialects`)"
        );
        assert!(message("argumnt", PassKey::ALL).contains("did you mean `argument`?"));
        assert!(message("op_interface", PassKey::ALL).contains("did you mean `interface`?"));
        assert!(!message("colour", PassKey::ALL).contains("did you mean"));
        // A key the attribute does not take is not suggested.
        assert!(!message("anchor", PassKey::accepted(Kind::Pipeline)).contains("did you mean"));
    }

    #[test]
    fn every_key_is_found_by_its_name() {
        for key in PassKey::ALL {
            assert!(PassKey::lookup(key.name()) == Some(*key));
        }
        for key in OptionKey::ALL {
            assert!(OptionKey::lookup(key.name()) == Some(*key));
        }
    }
}
