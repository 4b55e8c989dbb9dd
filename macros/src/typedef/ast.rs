//! The model of a type: the keys of `#[mlir_type(...)]` (read with the key
//! table and entry reader of the other attributes, `crate::attr`) and the
//! struct's fields, each one parameter with its attribute constraint. It
//! keeps the user's syn nodes so that later errors point at the user's
//! tokens.
//!
//! Reading reports what cannot be modelled (a field without `#[param]`, an
//! optional parameter); the rules across parameters are `valid.rs`'s.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{ext::IdentExt, Attribute, Fields, Ident, Item, ItemStruct, LitStr, Path, Type};

use crate::{
    attr::{self, keys, Key},
    ctxt::Ctxt,
    dialects::edit_distance,
    item_attrs,
    op::{
        ast::{classify, Arity},
        attr::{interface_list, InterfaceArg},
    },
};

keys! {
    /// A key of `#[mlir_type(...)]`.
    pub enum TypeKey {
        /// The dialect type; required.
        Dialect = "dialect",
        /// The type's name without the namespace; required.
        Name = "name" | "mnemonic" | "type_name",
        /// One line; the doc comment's first paragraph by default.
        Summary = "summary",
        /// The rest of the doc comment by default.
        Description = "description" | "doc" | "help",
        /// A `verify` function.
        Verifier = "verifier" | "has_verifier" | "genVerifyDecl" | "verify",
        /// The declarative format of the parameters.
        Format = "format" | "assembly_format" | "assemblyFormat",
        /// Hand-written `parse` and `print`.
        CustomAssembly = "custom_assembly" | "has_custom_assembly_format" | "hasCustomAssemblyFormat",
        /// The alias of every value (`alias = "fixed"`, or the name).
        Alias = "alias" | "alias_mnemonic" | "genMnemonicAlias" | "mnemonic_alias",
        /// Upstream type interfaces (`MemRefElementTypeInterface`...).
        Interfaces = "interfaces" | "interface" | "type_interfaces",
    }
}

/// What the struct declares: a type (`#[mlir_type]`) or an attribute
/// (`#[mlir_attr]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DefKind {
    /// `!ns.name<...>`.
    #[default]
    Type,
    /// `#ns.name<...>`.
    Attr,
}

impl DefKind {
    /// `#[mlir_type]` or `#[mlir_attr]`.
    pub fn attribute(self) -> &'static str {
        match self {
            DefKind::Type => "#[mlir_type]",
            DefKind::Attr => "#[mlir_attr]",
        }
    }

    /// `type` or `attribute`.
    pub fn noun(self) -> &'static str {
        match self {
            DefKind::Type => "type",
            DefKind::Attr => "attribute",
        }
    }
}

/// The attribute's keys as written.
#[derive(Default)]
pub struct TypeArgs {
    /// Every key written, even with a bad value.
    pub written: Vec<TypeKey>,
    /// `dialect = ToyDialect`.
    pub dialect: Option<Path>,
    /// `name = "struct"`.
    pub name: Option<LitStr>,
    /// `summary = "..."`.
    pub summary: Option<LitStr>,
    /// `description = "..."`.
    pub description: Option<LitStr>,
    /// `verifier`, kept for its span: errors about the function point there.
    pub verifier: Option<Ident>,
    /// `format = "..."`.
    pub format: Option<LitStr>,
    /// `custom_assembly`, kept for its span.
    pub custom_assembly: Option<Ident>,
    /// `alias = "fixed"`, or `alias` alone (the name; the ident then).
    pub alias: Option<(String, proc_macro2::Span)>,
    /// `alias` without a value.
    pub alias_flag: bool,
    /// `interfaces = [...]`, in the order written.
    pub interfaces: Vec<InterfaceArg>,
    /// A type or an attribute.
    pub kind: DefKind,
}

/// Parses `#[mlir_attr(...)]`'s arguments, reporting every mistake.
pub fn parse_attr_args(ctxt: &Ctxt, args: TokenStream) -> TypeArgs {
    parse_kind_args(ctxt, args, DefKind::Attr)
}

/// Parses `#[mlir_type(...)]`'s arguments, reporting every mistake.
pub fn parse_args(ctxt: &Ctxt, args: TokenStream) -> TypeArgs {
    parse_kind_args(ctxt, args, DefKind::Type)
}

fn parse_kind_args(ctxt: &Ctxt, args: TokenStream, kind: DefKind) -> TypeArgs {
    let mut out = TypeArgs {
        kind,
        ..TypeArgs::default()
    };
    let expected = format!(
        "expected a key such as `name = \"struct\"` (accepted keys: {})",
        attr::list(TypeKey::ALL)
    );
    for (key, ident, value) in attr::read_keys::<TypeKey>(ctxt, args, kind.attribute(), &expected) {
        out.written.push(key);
        if key == TypeKey::Verifier {
            attr::flag_without_value(ctxt, "verifier", value);
            out.verifier = Some(ident);
            continue;
        }
        if key == TypeKey::Alias && value.is_none() {
            out.alias = Some((String::new(), ident.span()));
            out.alias_flag = true;
            continue;
        }
        if key == TypeKey::CustomAssembly {
            attr::flag_without_value(ctxt, "custom_assembly", value);
            out.custom_assembly = Some(ident);
            continue;
        }
        let Some(value) = value else {
            let example = match key {
                TypeKey::Dialect => "dialect = ToyDialect",
                TypeKey::Name => "name = \"struct\"",
                TypeKey::Format => "format = \"`<` $width `>`\"",
                _ => "summary = \"...\"",
            };
            ctxt.spanned(
                &ident,
                format!("`{}` takes a value, as in `{example}`", key.name()),
            );
            continue;
        };
        match key {
            TypeKey::Dialect => out.dialect = attr::dialect_type_path(ctxt, &ident, value),
            TypeKey::Name => out.name = attr::string(ctxt, &ident, value),
            TypeKey::Summary => out.summary = attr::string(ctxt, &ident, value),
            TypeKey::Description => out.description = attr::string(ctxt, &ident, value),
            TypeKey::Format => out.format = attr::string(ctxt, &ident, value),
            TypeKey::Alias => {
                out.alias = attr::string(ctxt, &ident, value).map(|s| (s.value(), s.span()))
            }
            TypeKey::Interfaces => {
                out.interfaces = interface_list(
                    ctxt,
                    &ident,
                    value,
                    &format!(
                        "type interfaces, as in `{ident} = [MemRefElementTypeInterface, \
                         OpAsmTypeInterface(asm_name = \"tok\")]`"
                    ),
                )
            }
            TypeKey::Verifier | TypeKey::CustomAssembly => unreachable!("read above"),
        }
    }
    out
}

/// One parameter: a field of the struct.
pub struct Param {
    /// The field's name, as written: the accessor's and `get`'s parameter's.
    pub ident: Ident,
    /// The name without `r#`, for the definition and messages.
    pub name: String,
    /// The field's type as written, where errors about it point.
    pub ty: Type,
    /// The attribute constraint: the type inside `Variadic`.
    pub constraint: Type,
    /// Whether it takes any number of values (`Variadic<T>`).
    pub variadic: bool,
    /// Whether a format may leave it out: `Option<T>` (ODS's
    /// `OptionalParameter`) or with a default.
    pub optional: bool,
    /// `#[param(default = ...)]` (ODS's `DefaultValuedParameter`): the
    /// value, an expression of the accessor's type that may use `context`.
    pub default: Option<syn::Expr>,
    /// The field's doc comment.
    pub doc: String,
    /// `#[param(self_type)]`: a typed attribute's type.
    pub self_type: bool,
}

/// A type struct with its attribute.
pub struct TypeInput<'a> {
    /// The attribute's keys.
    pub args: TypeArgs,
    /// The struct as written.
    pub item: &'a ItemStruct,
    /// The parameters, in order.
    pub params: Vec<Param>,
}

impl TypeInput<'_> {
    /// The struct's name.
    pub fn ident(&self) -> &Ident {
        &self.item.ident
    }
}

impl<'a> TypeInput<'a> {
    /// The model of `item`, or `None` (reported) when it is not a struct.
    pub fn from_syn(ctxt: &Ctxt, args: TypeArgs, item: &'a Item) -> Option<Self> {
        let item = match item {
            Item::Struct(item) => item,
            other => {
                let tokens: &dyn ToTokens = match other {
                    Item::Enum(e) => &e.enum_token,
                    _ => other,
                };
                ctxt.spanned(
                    tokens,
                    format!(
                        "{} goes on a struct whose fields are the {}'s parameters, such as `pub \
                         struct PairType {{ #[param] first: TypeParam, #[param] second: \
                         TypeParam }}`{}",
                        args.kind.attribute(),
                        args.kind.noun(),
                        if matches!(other, Item::Enum(_)) {
                            " (an enum of cases is declared with #[mlir_enum])"
                        } else {
                            ""
                        }
                    ),
                );
                return None;
            }
        };
        let mut input = TypeInput {
            args,
            item,
            params: Vec::new(),
        };
        input.read_fields(ctxt);
        Some(input)
    }

    /// Reads each field into a parameter.
    fn read_fields(&mut self, ctxt: &Ctxt) {
        if let Fields::Unnamed(fields) = &self.item.fields {
            ctxt.spanned(
                fields,
                format!(
                    "{} needs named fields, one per parameter, as in `struct PairType {{ \
                     #[param] first: TypeParam, #[param] second: TypeParam }}`",
                    self.args.kind.attribute()
                ),
            );
            return;
        }
        for field in &self.item.fields {
            let ident = field.ident.clone().expect("named fields");
            let Some((self_type, default)) = is_param(ctxt, self.args.kind, &ident, &field.attrs)
            else {
                continue;
            };
            let Some((arity, constraint)) = classify(ctxt, &field.ty) else {
                continue;
            };
            if arity == Arity::Optional {
                ctxt.spanned(
                    &field.ty,
                    "`Optional<T>` is an op's optional operand: a parameter that may be absent \
                     is Rust's `Option<T>` (ODS's `OptionalParameter`)",
                );
                continue;
            }
            if arity == Arity::Variadic && option_inner(&constraint).is_some() {
                ctxt.spanned(
                    &field.ty,
                    "a variadic parameter holds values, not absent ones: write `Variadic<T>` \
                     (any number of them, none included)",
                );
                continue;
            }
            let optional = option_inner(&field.ty).is_some();
            if optional && self_type {
                ctxt.spanned(
                    &field.ty,
                    "an attribute's type is always there: write `#[param(self_type)] ty: \
                     TypeParam`",
                );
                continue;
            }
            if let Some(inner) = option_inner(&field.ty) {
                if option_inner(inner).is_some()
                    || classify(&Ctxt::default(), inner).is_some_and(|(a, _)| a != Arity::Single)
                {
                    ctxt.spanned(
                        &field.ty,
                        "a parameter is absent or one value: write `Option<T>`, or `Variadic<T>` \
                         for any number of them",
                    );
                    continue;
                }
            }
            if let Some(value) = &default {
                let why = if optional {
                    Some("an `Option<T>` is `None` when a format leaves it out: drop `default`")
                } else if arity == Arity::Variadic {
                    Some("a variadic parameter has no default: drop `default`")
                } else if self_type {
                    Some("an attribute's type has no default: drop `default`")
                } else {
                    None
                };
                if let Some(why) = why {
                    ctxt.spanned(value, why);
                    continue;
                }
            }
            self.params.push(Param {
                name: ident.unraw().to_string(),
                ident,
                ty: field.ty.clone(),
                // `Option<T>` is a parameter of its own (absent or a `T`).
                constraint,
                optional: optional || default.is_some(),
                default,
                variadic: arity == Arity::Variadic,
                doc: item_attrs::doc_comment(&field.attrs),
                self_type,
            });
        }
    }
}

/// `T` of `Option<T>` (by the last segment's name, as clap_derive reads
/// it).
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => {
            match args.args.iter().collect::<Vec<_>>()[..] {
                [syn::GenericArgument::Type(inner)] => Some(inner),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether the field is marked `#[param]`, reporting any other attribute
/// (doc comments aside: the field does not survive the expansion) and a
/// field without one.
fn is_param(
    ctxt: &Ctxt,
    kind: DefKind,
    field: &Ident,
    attrs: &[Attribute],
) -> Option<(bool, Option<syn::Expr>)> {
    let (attribute, noun) = (kind.attribute(), kind.noun());
    let mut self_type = false;
    let mut default = None;
    const ALIASES: &[&str] = &["parameter", "params", "type_param", "attr", "attribute"];
    let (mut params, mut others) = (0, 0);
    for attr in attrs {
        if attr.path().is_ident("doc") {
            continue;
        }
        let word = attr
            .path()
            .get_ident()
            .map(|i| i.unraw().to_string())
            .unwrap_or_else(|| attr.path().to_token_stream().to_string().replace(' ', ""));
        if word == "param" {
            let self_type_arg = match &attr.meta {
                syn::Meta::List(list) => {
                    list.parse_args::<Ident>().ok().filter(|i| i == "self_type")
                }
                _ => None,
            };
            let default_arg = match &attr.meta {
                syn::Meta::List(list) => list.parse_args::<syn::MetaNameValue>().ok(),
                _ => None,
            };
            if let Some(arg) = default_arg {
                if arg.path.is_ident("default") {
                    default = Some(arg.value);
                } else {
                    ctxt.spanned(
                        &arg.path,
                        "#[param(...)] takes `default = <value>` (the value a format may leave \
                         out, ODS's `DefaultValuedParameter`) or `self_type`",
                    );
                }
            } else if let Some(arg) = &self_type_arg {
                if kind == DefKind::Attr {
                    self_type = true;
                } else {
                    ctxt.spanned(
                        arg,
                        "`self_type` marks a typed attribute's type: a type has no type; write \
                         `#[param]`",
                    );
                }
            } else if !matches!(attr.meta, syn::Meta::Path(_)) {
                ctxt.spanned(
                    &attr.meta,
                    "#[param] takes no arguments but `self_type` (a typed attribute's type, \
                     `#[param(self_type)] ty: TypeParam`) or `default = <value>` (a default a \
                     format may leave out): write `#[param]`",
                );
            } else if params > 0 {
                ctxt.spanned(attr, "`#[param]` is written twice: keep one");
            }
            params += 1;
            continue;
        }
        let message = if ALIASES.contains(&word.as_str()) || edit_distance(&word, "param") <= 2 {
            format!(
                "unknown field attribute `#[{word}]`; did you mean `#[param]`? (every field of \
                 a {attribute} struct is a parameter, marked `#[param]`)"
            )
        } else {
            format!(
                "`#[{word}]` has no effect on a parameter: {attribute} turns the fields \
                 into the {noun}'s parameters and reads only their doc comments and `#[param]`"
            )
        };
        ctxt.spanned(attr.path(), message);
        others += 1;
    }
    // After another attribute (reported), the field is still read as a
    // parameter, so that the error is that one alone.
    let found = params + others > 0;
    let found = found.then_some((self_type, default));
    if found.is_none() {
        ctxt.spanned(
            field,
            format!(
                "field `{field}` is not marked `#[param]`: every field of a {attribute} struct \
                 is one of the {noun}'s parameters; write `#[param] {field}: ...`"
            ),
        );
    }
    found
}
