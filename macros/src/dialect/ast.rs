//! The model of a dialect: the keys of `#[mlir_dialect(...)]`, read with
//! the pass attribute's key table and entry reader (`crate::attr`), and
//! the struct.

use proc_macro2::TokenStream;
use syn::{
    bracketed, ext::IdentExt, parse::ParseStream, parse::Parser, punctuated::Punctuated, Ident,
    Item, ItemStruct, LitStr, Path, Token,
};

use crate::{
    attr::{self, keys, Key},
    ctxt::Ctxt,
};

keys! {
    /// A key of `#[mlir_dialect(...)]`.
    pub enum DialectKey {
        /// The namespace; required.
        Name = "name" | "namespace",
        /// One line; the doc comment's first paragraph by default.
        Summary = "summary",
        /// The rest of the doc comment by default.
        Description = "description" | "doc" | "help",
        /// Upstream dialects loaded with it.
        DependentDialects = "dependent_dialects" | "dialects" | "dependentDialects"
            | "dependencies",
        /// The `MaterializeHook`.
        MaterializeConstant = "materialize_constant" | "hasConstantMaterializer"
            | "materializer" | "constant_materializer",
        /// A flag: the dialect has an inliner interface.
        Inliner = "inliner" | "has_inliner" | "inliner_interface",
        /// The inliner's `CallConversionHook`.
        MaterializeCallConversion = "materialize_call_conversion" | "call_conversion",
        /// A flag: the dialect takes the place of the upstream dialect of its
        /// namespace (in a tool that leaves that one out).
        ReplacesUpstream = "replaces_upstream" | "replaces" | "upstream",
        /// The `AliasHook` (`OpAsmDialectInterface::getAlias`).
        Alias = "alias" | "get_alias" | "alias_hook",
    }
}

/// The attribute's keys as written.
#[derive(Default)]
pub struct DialectArgs {
    /// Every key written, even with a bad value.
    pub written: Vec<DialectKey>,
    /// `name = "toy"`.
    pub name: Option<LitStr>,
    /// `summary = "..."`.
    pub summary: Option<LitStr>,
    /// `description = "..."`.
    pub description: Option<LitStr>,
    /// `dependent_dialects = [func, arith]`.
    pub dependent_dialects: Vec<Ident>,
    /// `materialize_constant = my_fn`.
    pub materialize_constant: Option<Path>,
    /// `inliner`, kept for its span.
    pub inliner: Option<Ident>,
    /// `materialize_call_conversion = my_fn`.
    pub materialize_call_conversion: Option<Path>,
    /// `replaces_upstream`, kept for its span.
    pub replaces_upstream: Option<Ident>,
    /// `alias = my_fn`.
    pub alias: Option<Path>,
}

/// Parses `#[mlir_dialect(...)]`'s arguments, reporting every mistake.
pub fn parse_args(ctxt: &Ctxt, args: TokenStream) -> DialectArgs {
    let mut out = DialectArgs::default();
    let expected = format!(
        "expected a key such as `name = \"toy\"` (accepted keys: {})",
        attr::list(DialectKey::ALL)
    );
    for (key, ident, value) in
        attr::read_keys::<DialectKey>(ctxt, args, "#[mlir_dialect]", &expected)
    {
        out.written.push(key);
        if key == DialectKey::Inliner {
            attr::flag_without_value(ctxt, "inliner", value);
            out.inliner = Some(ident);
            continue;
        }
        if key == DialectKey::ReplacesUpstream {
            attr::flag_without_value(ctxt, "replaces_upstream", value);
            out.replaces_upstream = Some(ident);
            continue;
        }
        let Some(value) = value else {
            let example = match key {
                DialectKey::Name => "name = \"toy\"",
                DialectKey::DependentDialects => "dependent_dialects = [func, arith]",
                DialectKey::MaterializeConstant => "materialize_constant = materialize",
                DialectKey::MaterializeCallConversion => "materialize_call_conversion = cast_value",
                DialectKey::Alias => "alias = alias_of",
                _ => "summary = \"...\"",
            };
            ctxt.spanned(
                &ident,
                format!("`{}` takes a value, as in `{example}`", key.name()),
            );
            continue;
        };
        match key {
            DialectKey::Name => out.name = attr::string(ctxt, &ident, value),
            DialectKey::Summary => out.summary = attr::string(ctxt, &ident, value),
            DialectKey::Description => out.description = attr::string(ctxt, &ident, value),
            DialectKey::DependentDialects => {
                out.dependent_dialects = namespace_list(ctxt, &ident, value)
            }
            DialectKey::MaterializeConstant => {
                out.materialize_constant = hook_path(ctxt, &ident, value, "MaterializeHook")
            }
            DialectKey::MaterializeCallConversion => {
                out.materialize_call_conversion =
                    hook_path(ctxt, &ident, value, "CallConversionHook")
            }
            DialectKey::Alias => out.alias = hook_path(ctxt, &ident, value, "AliasHook"),
            DialectKey::Inliner | DialectKey::ReplacesUpstream => unreachable!("read above"),
        }
    }
    out
}

/// The path of a hook function (its type is checked where it is used).
fn hook_path(ctxt: &Ctxt, key: &Ident, value: TokenStream, hook: &str) -> Option<Path> {
    match syn::parse2::<Path>(value.clone()) {
        Ok(path) => Some(path),
        Err(_) => {
            ctxt.spanned(
                value,
                format!(
                    "`{key}` takes the path of a function of type \
                     `mlir_pass::dialect::{hook}`, as in `{key} = my_function`"
                ),
            );
            None
        }
    }
}

/// `[func, arith]`: upstream namespaces only (the definition lists them as
/// strings).
fn namespace_list(ctxt: &Ctxt, key: &Ident, value: TokenStream) -> Vec<Ident> {
    let parser = |input: ParseStream| {
        let content;
        bracketed!(content in input);
        Punctuated::<Path, Token![,]>::parse_terminated_with(&content, |input| {
            if input.peek(Token![::]) || input.peek2(Token![::]) {
                input.parse()
            } else {
                Ident::parse_any(input).map(Path::from)
            }
        })
    };
    match parser.parse2(value.clone()) {
        Ok(list) => list
            .into_iter()
            .filter_map(|path| match path.get_ident() {
                Some(ident) if !attr::is_type_path(&path) => Some(ident.clone()),
                _ => {
                    ctxt.spanned(
                        &path,
                        format!(
                            "`{key}` lists MLIR's own dialects by namespace, as in `{key} = \
                             [func, arith]`; a dialect declared in Rust is loaded by the \
                             passes that name it in `dialects = [...]`"
                        ),
                    );
                    None
                }
            })
            .collect(),
        Err(_) => {
            ctxt.spanned(
                value,
                format!(
                    "`{key}` takes a list of dialect namespaces, as in `{key} = [func, arith]`"
                ),
            );
            Vec::new()
        }
    }
}

/// A dialect struct with its attribute.
pub struct DialectInput<'a> {
    /// The attribute's keys.
    pub args: DialectArgs,
    /// The struct as written.
    pub item: &'a ItemStruct,
}

impl<'a> DialectInput<'a> {
    /// The model of `item`, or `None` (reported) when it is not a struct.
    pub fn from_syn(ctxt: &Ctxt, args: DialectArgs, item: &'a Item) -> Option<Self> {
        match item {
            Item::Struct(item) => Some(DialectInput { args, item }),
            other => {
                let tokens: &dyn quote::ToTokens = match other {
                    Item::Enum(e) => &e.enum_token,
                    _ => other,
                };
                ctxt.spanned(
                    tokens,
                    "#[mlir_dialect] goes on a unit struct, such as `pub struct ToyDialect;`",
                );
                None
            }
        }
    }

    /// The namespace the struct declares (`unraw` not needed: a literal).
    pub fn namespace(&self) -> Option<String> {
        self.args.name.as_ref().map(LitStr::value)
    }

    /// The struct's name without `r#`.
    pub fn type_name(&self) -> String {
        self.item.ident.unraw().to_string()
    }
}
