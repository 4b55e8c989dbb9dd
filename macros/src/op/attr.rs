//! The syntax of `#[mlir_op(...)]` and of its field attributes
//! (`#[operand]`, `#[result]`, `#[attr]`, `#[attr(default = "...")]`,
//! `#[region]`, `#[successor]`), with the key table, entry reader and
//! messages of the pass attribute (`crate::attr`).
//!
//! Only the syntax is checked here; whether the values are acceptable is
//! `valid.rs`'s business.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{
    bracketed, ext::IdentExt, parenthesized, parse::ParseStream, parse::Parser,
    punctuated::Punctuated, Attribute, Ident, LitStr, Meta, Path, Token,
};

use crate::{
    attr::{self, keys, Key},
    ctxt::Ctxt,
    dialects::edit_distance,
};

keys! {
    /// A key of `#[mlir_op(...)]`.
    pub enum OpKey {
        /// The dialect type; required.
        Dialect = "dialect",
        /// The op's name without the namespace; required.
        Name = "name" | "mnemonic" | "op" | "op_name",
        /// One line; the doc comment's first paragraph by default.
        Summary = "summary",
        /// The rest of the doc comment by default.
        Description = "description" | "doc" | "help",
        /// MLIR traits.
        Traits = "traits" | "trait",
        /// The declarative assembly format.
        Format = "format" | "assembly_format" | "assemblyFormat",
        /// A `verify` method.
        Verifier = "verifier" | "has_verifier" | "hasVerifier" | "verify",
        /// A `verify_regions` method.
        RegionVerifier = "region_verifier" | "has_region_verifier" | "hasRegionVerifier"
            | "verify_regions",
        /// A `fold` method.
        Folder = "folder" | "has_folder" | "hasFolder" | "fold",
        /// A `canonicalization_patterns` function.
        Canonicalizer = "canonicalizer" | "has_canonicalizer" | "hasCanonicalizer"
            | "canonicalize",
        /// A `canonicalize` function: one canonicalization pattern.
        CanonicalizeMethod = "canonicalize_method" | "has_canonicalize_method"
            | "hasCanonicalizeMethod" | "canonicalizer_method",
        /// Op interfaces: upstream ones declared as data, Rust ones by path.
        Interfaces = "interfaces" | "interface" | "op_interfaces",
        /// Memory effects declared as data (`[MemRead(input), MemAlloc]`).
        Effects = "effects" | "memory_effects" | "side_effects" | "MemoryEffects",
        /// Hand-written `parse` and `print` methods.
        CustomAssembly = "custom_assembly" | "hasCustomAssemblyFormat"
            | "has_custom_assembly_format" | "custom_syntax" | "custom_format" | "parser"
            | "printer",
    }
}

/// The keys that are flags (written alone: `verifier`).
const FLAGS: &[OpKey] = &[
    OpKey::Verifier,
    OpKey::RegionVerifier,
    OpKey::Folder,
    OpKey::Canonicalizer,
    OpKey::CanonicalizeMethod,
    OpKey::CustomAssembly,
];

/// The attribute's keys as written.
#[derive(Default)]
pub struct OpArgs {
    /// Every key written, even with a bad value.
    pub written: Vec<OpKey>,
    /// `dialect = ToyDialect`.
    pub dialect: Option<Path>,
    /// `name = "transpose"`.
    pub name: Option<LitStr>,
    /// `summary = "..."`.
    pub summary: Option<LitStr>,
    /// `description = "..."`.
    pub description: Option<LitStr>,
    /// `traits = [...]`, in the order written.
    pub traits: Vec<TraitArg>,
    /// `format = "..."`.
    pub format: Option<LitStr>,
    /// `verifier`, kept for its span: errors about the method point there.
    pub verifier: Option<Ident>,
    /// `region_verifier`.
    pub region_verifier: Option<Ident>,
    /// `folder`.
    pub folder: Option<Ident>,
    /// `canonicalizer`.
    pub canonicalizer: Option<Ident>,
    /// `canonicalize_method`.
    pub canonicalize_method: Option<Ident>,
    /// `interfaces = [...]`, in the order written.
    pub interfaces: Vec<InterfaceArg>,
    /// `custom_assembly`.
    pub custom_assembly: Option<Ident>,
    /// `effects = [...]`: the key (where errors about the list point) and
    /// the entries, in the order written.
    pub effects: Option<(Ident, Vec<EffectArg>)>,
}

/// One entry of `effects = [...]`: `MemRead`, `MemWrite(input)`,
/// `MemAlloc(result, "Cache")`.
pub struct EffectArg {
    /// The effect's name as written.
    pub ident: Ident,
    /// The arguments as written (a field, a resource name); empty without
    /// parentheses.
    pub args: Vec<syn::Expr>,
}

/// One entry of `interfaces = [...]`: `CastOpInterface`,
/// `CallOpInterface(callee = callee, arguments = inputs)`,
/// `crate::shapes::ShapeInference`.
pub struct InterfaceArg {
    /// The interface as written: an upstream interface's name or the path
    /// of a trait declared with `op_interface!`.
    pub path: Path,
    /// `(key = field, ...)`; `None` when written without parentheses.
    pub params: Option<Vec<InterfaceParam>>,
}

/// One `key = field` (or `key = "text"`, or bare `key`) of an interface's
/// parentheses.
#[derive(Clone)]
pub struct InterfaceParam {
    /// The key as written (`callee`, `type`).
    pub key: Ident,
    /// The field it names; `None` for a bare key or a string.
    pub field: Option<Ident>,
    /// The string it is given (`default_dialect = "func"`).
    pub text: Option<LitStr>,
    /// The fields it names in brackets (`entry = [then_region, parent]`).
    pub list: Option<Vec<Ident>>,
}

/// One entry of `traits = [...]`: `Pure`, `HasParent("toy.func")`,
/// `AllTypesMatch(lhs, rhs, result)`.
pub struct TraitArg {
    /// The trait's name as written.
    pub ident: Ident,
    /// `HasParent`'s op names; `None` when written without parentheses.
    pub args: Option<Vec<LitStr>>,
    /// Every argument as written, for the traits that name the op's parts
    /// (`AllTypesMatch(lhs, rhs)`, `TypesMatchWith("...", lhs, rhs,
    /// ElementType)`); `None` without parentheses.
    pub exprs: Option<Vec<syn::Expr>>,
}

/// The traits whose arguments name the op's parts (read by `valid/`).
pub const PART_TRAITS: &[&str] = &[
    "AllTypesMatch",
    "AllElementTypesMatch",
    "AllShapesMatch",
    "AllRanksMatch",
    "TypesMatchWith",
];

/// Parses `#[mlir_op(...)]`'s arguments, reporting every mistake.
pub fn parse_args(ctxt: &Ctxt, args: TokenStream) -> OpArgs {
    let mut out = OpArgs::default();
    let expected = format!(
        "expected a key such as `name = \"transpose\"` (accepted keys: {})",
        attr::list(OpKey::ALL)
    );
    for (key, ident, value) in attr::read_keys::<OpKey>(ctxt, args, "#[mlir_op]", &expected) {
        out.written.push(key);
        let word = key.name();
        if FLAGS.contains(&key) {
            attr::flag_without_value(ctxt, word, value);
            let slot = match key {
                OpKey::Verifier => &mut out.verifier,
                OpKey::RegionVerifier => &mut out.region_verifier,
                OpKey::Folder => &mut out.folder,
                OpKey::CustomAssembly => &mut out.custom_assembly,
                OpKey::CanonicalizeMethod => &mut out.canonicalize_method,
                _ => &mut out.canonicalizer,
            };
            *slot = Some(ident);
            continue;
        }
        let Some(value) = value else {
            let example = match key {
                OpKey::Dialect => "dialect = ToyDialect",
                OpKey::Name => "name = \"transpose\"",
                OpKey::Traits => "traits = [Pure]",
                OpKey::Interfaces => "interfaces = [CastOpInterface]",
                OpKey::Effects => "effects = [MemRead(input), MemAlloc(result)]",
                OpKey::Format => "format = \"$input attr-dict `:` type($input)\"",
                _ => "summary = \"...\"",
            };
            ctxt.spanned(&ident, format!("`{word}` takes a value, as in `{example}`"));
            continue;
        };
        match key {
            OpKey::Dialect => out.dialect = attr::dialect_type_path(ctxt, &ident, value),
            OpKey::Name => out.name = attr::string(ctxt, &ident, value),
            OpKey::Summary => out.summary = attr::string(ctxt, &ident, value),
            OpKey::Description => out.description = attr::string(ctxt, &ident, value),
            OpKey::Format => out.format = attr::string(ctxt, &ident, value),
            OpKey::Traits => out.traits = trait_list(ctxt, &ident, value),
            OpKey::Interfaces => {
                out.interfaces = interface_list(
                    ctxt,
                    &ident,
                    value,
                    &format!(
                        "op interfaces, as in `{ident} = [CastOpInterface, \
                         CallOpInterface(callee = callee, arguments = inputs), ShapeInference]`"
                    ),
                )
            }
            OpKey::Effects => {
                let list = effect_list(ctxt, &ident, value);
                out.effects = Some((ident, list));
            }
            _ => unreachable!("flags are read above"),
        }
    }
    out
}

/// `[Pure, HasParent("toy.func", "toy.module")]`.
fn trait_list(ctxt: &Ctxt, key: &Ident, value: TokenStream) -> Vec<TraitArg> {
    type Entry = (Ident, Option<Punctuated<syn::Expr, Token![,]>>);
    let entry = |input: ParseStream| -> syn::Result<Entry> {
        let ident = Ident::parse_any(input)?;
        let args = if input.peek(syn::token::Paren) {
            let content;
            parenthesized!(content in input);
            Some(Punctuated::parse_terminated(&content)?)
        } else {
            None
        };
        Ok((ident, args))
    };
    let parser = |input: ParseStream| {
        let content;
        bracketed!(content in input);
        Punctuated::<Entry, Token![,]>::parse_terminated_with(&content, entry)
    };
    let list = match parser.parse2(value.clone()) {
        Ok(list) => list,
        Err(_) => {
            ctxt.spanned(
                value,
                format!(
                    "`{key}` takes a list of MLIR traits, as in `{key} = [Pure, \
                     HasParent(\"toy.func\")]`"
                ),
            );
            return Vec::new();
        }
    };
    list.into_iter()
        .map(|(ident, args)| {
            // The traits naming the op's parts keep their arguments as
            // written, for `valid/` to read.
            if PART_TRAITS.contains(&ident.unraw().to_string().as_str()) {
                let exprs = args.map(|args| args.into_iter().collect());
                return TraitArg {
                    ident,
                    args: None,
                    exprs,
                };
            }
            // Only `HasParent` takes strings: the arguments of another
            // trait are kept to be reported as such.
            let is_has_parent = ident == "HasParent";
            let args = args.map(|args| {
                args.into_iter()
                    .filter(|_| is_has_parent)
                    .filter_map(|arg| match arg {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(lit),
                            ..
                        }) => Some(lit),
                        other => {
                            ctxt.spanned(
                                other,
                                format!(
                                    "`{ident}(...)` takes op names as strings, as in \
                                     `HasParent(\"toy.func\")`"
                                ),
                            );
                            None
                        }
                    })
                    .collect()
            });
            TraitArg {
                ident,
                args,
                exprs: None,
            }
        })
        .collect()
}

/// `[MemRead(input), MemWrite(output, "Cache"), MemAlloc]`.
fn effect_list(ctxt: &Ctxt, key: &Ident, value: TokenStream) -> Vec<EffectArg> {
    let entry = |input: ParseStream| -> syn::Result<EffectArg> {
        let ident = Ident::parse_any(input)?;
        let args = if input.peek(syn::token::Paren) {
            let content;
            parenthesized!(content in input);
            Punctuated::<syn::Expr, Token![,]>::parse_terminated(&content)?
                .into_iter()
                .collect()
        } else {
            Vec::new()
        };
        Ok(EffectArg { ident, args })
    };
    let parser = |input: ParseStream| {
        let content;
        bracketed!(content in input);
        Punctuated::<EffectArg, Token![,]>::parse_terminated_with(&content, entry)
    };
    match parser.parse2(value.clone()) {
        Ok(list) => list.into_iter().collect(),
        Err(_) => {
            ctxt.spanned(
                value,
                format!(
                    "`{key}` takes a list of memory effects, as in `{key} = [MemRead(input), \
                     MemWrite(output, \"Cache\"), MemAlloc]`"
                ),
            );
            Vec::new()
        }
    }
}

/// `[CastOpInterface, CallOpInterface(callee = callee, arguments = inputs),
/// ShapeInference]`.
/// Reads `[Name, Name(key = value, ...), ...]`, the list of interfaces of
/// an op, a type or an attribute; `what` says what the list takes, for the
/// error.
pub(crate) fn interface_list(
    ctxt: &Ctxt,
    key: &Ident,
    value: TokenStream,
    what: &str,
) -> Vec<InterfaceArg> {
    fn param(input: ParseStream) -> syn::Result<InterfaceParam> {
        // Keys may be keywords (`type`), as may fields (`r#type`).
        let key = Ident::parse_any(input)?;
        let (mut field, mut text, mut list) = (None, None, None);
        if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            if input.peek(LitStr) {
                text = Some(input.parse()?);
            } else if input.peek(syn::token::Bracket) {
                let content;
                bracketed!(content in input);
                let names = Punctuated::<Ident, Token![,]>::parse_terminated_with(
                    &content,
                    Ident::parse_any,
                )?;
                list = Some(names.into_iter().collect());
            } else {
                field = Some(Ident::parse_any(input)?);
            }
        }
        Ok(InterfaceParam {
            key,
            field,
            text,
            list,
        })
    }
    let entry = |input: ParseStream| -> syn::Result<InterfaceArg> {
        let path = Path::parse_mod_style(input)?;
        let params = if input.peek(syn::token::Paren) {
            let content;
            parenthesized!(content in input);
            let list =
                Punctuated::<InterfaceParam, Token![,]>::parse_terminated_with(&content, param)?;
            Some(list.into_iter().collect())
        } else {
            None
        };
        Ok(InterfaceArg { path, params })
    };
    let parser = |input: ParseStream| {
        let content;
        bracketed!(content in input);
        Punctuated::<InterfaceArg, Token![,]>::parse_terminated_with(&content, entry)
    };
    match parser.parse2(value.clone()) {
        Ok(list) => list.into_iter().collect(),
        Err(_) => {
            ctxt.spanned(value, format!("`{key}` takes a list of {what}"));
            Vec::new()
        }
    }
}

/// The role a field attribute gives a field.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// `#[operand]`.
    Operand,
    /// `#[result]`.
    Result,
    /// `#[attr]`.
    Attr,
    /// `#[region]`.
    Region,
    /// `#[successor]`.
    Successor,
}

impl Role {
    /// Every role, in the order messages list them.
    pub const ALL: &'static [Role] = &[
        Role::Operand,
        Role::Result,
        Role::Attr,
        Role::Region,
        Role::Successor,
    ];

    /// The attribute's name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Operand => "operand",
            Role::Result => "result",
            Role::Attr => "attr",
            Role::Region => "region",
            Role::Successor => "successor",
        }
    }

    /// Names written by habit (ODS's, xDSL's).
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Role::Operand => &["operands", "input", "arg", "argument", "operand_def"],
            Role::Result => &["results", "output", "result_def"],
            Role::Attr => &["attribute", "attrs", "attributes", "attr_def", "prop"],
            Role::Region => &["regions", "region_def"],
            Role::Successor => &["successors", "dest", "successor_def"],
        }
    }

    /// `#[operand], #[result], ...`, for messages.
    pub fn list() -> String {
        Role::ALL
            .iter()
            .map(|r| format!("#[{}]", r.name()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A field attribute read: its role, and the `default` of an `#[attr]`.
pub struct RoleAttr<'a> {
    /// The attribute, for spans.
    pub attr: &'a Attribute,
    /// Which role.
    pub role: Role,
    /// `#[attr(default = "0 : i64")]`.
    pub default: Option<LitStr>,
}

/// The role attributes of a field, reporting any other attribute (doc
/// comments aside): the field does not survive the expansion, so nothing
/// else on it could take effect.
pub fn field_roles<'a>(ctxt: &Ctxt, attrs: &'a [Attribute]) -> Vec<RoleAttr<'a>> {
    let mut out = Vec::new();
    for attr in attrs {
        if attr.path().is_ident("doc") {
            continue;
        }
        let word = attr
            .path()
            .get_ident()
            .map(|i| i.unraw().to_string())
            .unwrap_or_else(|| attr.path().to_token_stream().to_string().replace(' ', ""));
        let Some(role) = Role::ALL.iter().copied().find(|r| r.name() == word) else {
            let guess = Role::ALL
                .iter()
                .find(|r| r.aliases().contains(&word.as_str()))
                .or_else(|| {
                    Role::ALL
                        .iter()
                        .map(|r| (edit_distance(&word, r.name()), r))
                        .filter(|(d, _)| *d <= 2)
                        .min_by_key(|(d, _)| *d)
                        .map(|(_, r)| r)
                });
            let message = match guess {
                Some(r) => format!(
                    "unknown field attribute `#[{word}]`; did you mean `#[{}]`? (an op field \
                     takes one of {})",
                    r.name(),
                    Role::list()
                ),
                None => format!(
                    "`#[{word}]` has no effect on an op field: #[mlir_op] turns the fields into \
                     the op's parts and reads only their doc comments and one of {}",
                    Role::list()
                ),
            };
            ctxt.spanned(attr.path(), message);
            continue;
        };
        let default = match (&attr.meta, role) {
            (Meta::Path(_), _) => None,
            (Meta::List(list), Role::Attr) => attr_default(ctxt, list),
            (meta, _) => {
                ctxt.spanned(
                    meta,
                    format!(
                        "#[{}] takes no arguments{}",
                        role.name(),
                        if role == Role::Attr {
                            ""
                        } else {
                            " (only #[attr] takes one: `#[attr(default = \"0 : i64\")]`)"
                        }
                    ),
                );
                None
            }
        };
        out.push(RoleAttr {
            attr,
            role,
            default,
        });
    }
    out
}

/// `#[attr(default = "...")]`'s value.
fn attr_default(ctxt: &Ctxt, list: &syn::MetaList) -> Option<LitStr> {
    let mut default = None;
    let result = list.parse_nested_meta(|meta| {
        if meta.path.is_ident("default") {
            if default.is_some() {
                ctxt.spanned(&meta.path, "duplicate key `default`: give it once");
            }
            let value = meta.value()?;
            match value.parse::<LitStr>() {
                Ok(lit) => default = Some(lit),
                Err(e) => ctxt.push(syn::Error::new(
                    e.span(),
                    "`default` takes the value in MLIR's attribute syntax, as a string: \
                     `#[attr(default = \"0 : i64\")]`",
                )),
            }
            return Ok(());
        }
        let word = meta.path.to_token_stream().to_string();
        ctxt.spanned(
            &meta.path,
            format!(
                "unknown key `{word}` in #[attr]; the only key is `default`, as in \
                 `#[attr(default = \"0 : i64\")]`"
            ),
        );
        if meta.input.peek(Token![=]) {
            meta.value()?.parse::<syn::Expr>()?;
        }
        Ok(())
    });
    if let Err(e) = result {
        ctxt.push(e);
    }
    default
}
