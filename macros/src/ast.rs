//! The model: what the attribute and the struct under it say, read from syn
//! once. It borrows the struct's syn nodes so that any later error can point
//! at the user's token. `valid.rs` checks it, `expand.rs` prints it, and
//! `fallback.rs` stubs it when there was an error.
//!
//! Reading reports what cannot be modelled at all (an enum, an option on a
//! tuple field, a field type no option can have); rules about the values
//! are `valid.rs`'s.

use proc_macro2::Span;
use syn::{
    ext::IdentExt, Expr, Fields, GenericArgument, Ident, Item, ItemStruct, PathArguments, Type,
};

use crate::{attr::Args, ctxt::Ctxt, item_attrs};

/// Which attribute is expanding.
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

/// A pass or pipeline struct with its attribute.
pub struct Input<'a> {
    /// Pass or pipeline.
    pub kind: Kind,
    /// The attribute's keys.
    pub args: Args,
    /// The struct as written, `#[option]` attributes included.
    pub item: &'a ItemStruct,
    /// The `#[option]` fields whose type an option can have.
    pub options: Vec<Opt<'a>>,
    /// Whether the struct has `#[derive(Default)]`.
    pub derives_default: bool,
    /// Whether some `#[option]` has `default = ...` (even on a field the
    /// model rejected: the user's `Default` must still give way to ours).
    pub option_defaults: bool,
}

impl Input<'_> {
    /// Whether the attribute implements `Default` itself, from the option
    /// defaults, in place of the struct's `#[derive(Default)]`.
    pub fn implements_default(&self) -> bool {
        self.derives_default && self.option_defaults
    }
}

/// One `#[option]` field.
pub struct Opt<'a> {
    /// The field's name.
    pub field: &'a Ident,
    /// The field's type, where errors about it point.
    pub ty: &'a Type,
    /// How values of `ty` are parsed and printed.
    pub kind: OptionType<'a>,
    /// The name pipelines use: `name = "..."`, or the field's in kebab case.
    pub name: String,
    /// Where the name is written (the `name` literal, or the field), for
    /// errors about it.
    pub name_span: Span,
    /// `description = "..."`, or the field's doc comment.
    pub description: String,
    /// `default = ...`, an expression of the field's type.
    pub default: Option<Expr>,
}

/// How an option's text becomes a value (classified from the field type as
/// clap_derive does, by the type's last path segment).
pub enum OptionType<'a> {
    /// One value.
    Single(Value<'a>),
    /// `Vec<T>`: comma-separated values.
    List(Value<'a>),
}

/// The type of one option value.
pub enum Value<'a> {
    /// `bool`: a bare name means `true`.
    Flag,
    /// An integer primitive: LLVM's integer syntax, range errors.
    Int(&'a Type),
    /// `String`.
    Str,
    /// Anything else: `FromStr + Display`.
    Scalar(&'a Type),
}

/// The primitive integer types, which parse with LLVM's integer syntax.
const INTEGERS: &[&str] = &[
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

impl<'a> Input<'a> {
    /// The model of `item`, or `None` (reported) when it is not a struct.
    pub fn from_syn(ctxt: &Ctxt, kind: Kind, args: Args, item: &'a Item) -> Option<Self> {
        let item = struct_item(ctxt, kind, item)?;
        let derives_default = item
            .attrs
            .iter()
            .filter_map(item_attrs::derives)
            .any(|paths| paths.iter().any(item_attrs::is_default));
        let mut input = Input {
            kind,
            args,
            item,
            options: Vec::new(),
            derives_default,
            option_defaults: false,
        };
        input.read_options(ctxt);
        Some(input)
    }

    /// Reads the `#[option]` fields into `options`.
    fn read_options(&mut self, ctxt: &Ctxt) {
        let named = matches!(self.item.fields, Fields::Named(_));
        for field in &self.item.fields {
            let mut helpers = field.attrs.iter().filter(|a| item_attrs::is_option(a));
            let Some(helper) = helpers.next() else {
                continue;
            };
            for extra in helpers {
                ctxt.spanned(extra, "a field takes one #[option] attribute: merge them");
            }
            let Some(ident) = field.ident.as_ref().filter(|_| named) else {
                ctxt.spanned(
                    helper,
                    "options need named fields: `#[option] limit: u32`, not a tuple field",
                );
                continue;
            };
            let written = item_attrs::parse_option(ctxt, helper);
            self.option_defaults |= written.default.is_some();
            let Some(kind) = classify(ctxt, &field.ty) else {
                continue;
            };
            self.options.push(Opt {
                field: ident,
                ty: &field.ty,
                kind,
                name: written.name.as_ref().map_or_else(
                    || ident.unraw().to_string().replace('_', "-"),
                    |lit| lit.value(),
                ),
                name_span: written.name.as_ref().map_or(ident.span(), |lit| lit.span()),
                description: written
                    .description
                    .as_ref()
                    .map_or_else(|| item_attrs::doc_comment(&field.attrs), |lit| lit.value()),
                default: written.default,
            });
        }
    }
}

/// The struct, or `None` (reported) for any other item.
fn struct_item<'a>(ctxt: &Ctxt, kind: Kind, item: &'a Item) -> Option<&'a ItemStruct> {
    let attribute = kind.attribute();
    match item {
        Item::Struct(item) => return Some(item),
        Item::Enum(item) => ctxt.spanned(
            item.enum_token,
            format!(
                "{attribute} goes on a struct, not an enum: make the enum a field of a {} struct",
                kind.noun()
            ),
        ),
        Item::Union(item) => ctxt.spanned(
            item.union_token,
            format!("{attribute} goes on a struct, not a union: use a struct deriving `Clone`"),
        ),
        other => ctxt.spanned(
            other,
            format!(
                "{attribute} goes on a struct, such as `pub struct My{};`",
                match kind {
                    Kind::Pass => "Pass",
                    Kind::Pipeline => "Pipeline",
                }
            ),
        ),
    }
    None
}

/// How a field of type `ty` is parsed, or `None` (reported) when no option
/// can have that type.
fn classify<'a>(ctxt: &Ctxt, ty: &'a Type) -> Option<OptionType<'a>> {
    let Type::Path(path) = ty else {
        ctxt.spanned(
            ty,
            "this type cannot be a pass option: use bool, an integer, f32, f64, String, a type \
             implementing FromStr + Display, or a Vec of those",
        );
        return None;
    };
    let last = path.path.segments.last()?;
    match last.ident.to_string().as_str() {
        "Option" => {
            ctxt.spanned(
                ty,
                "an option cannot be an `Option<T>`: every option has a value; give it a default \
                 with #[option(default = ...)] instead",
            );
            None
        }
        "Vec" => {
            let PathArguments::AngleBracketed(args) = &last.arguments else {
                return Some(OptionType::Single(Value::Scalar(ty)));
            };
            let [GenericArgument::Type(element)] = args.args.iter().collect::<Vec<_>>()[..] else {
                return Some(OptionType::Single(Value::Scalar(ty)));
            };
            match classify(ctxt, element)? {
                OptionType::Single(value) => Some(OptionType::List(value)),
                OptionType::List(_) => {
                    ctxt.spanned(
                        ty,
                        "an option cannot be a list of lists: use Vec<T> of a single type",
                    );
                    None
                }
            }
        }
        _ => Some(OptionType::Single(value(ty))),
    }
}

/// The value type of a field that is not a `Vec` (nor an `Option`).
fn value(ty: &Type) -> Value<'_> {
    let Type::Path(path) = ty else {
        return Value::Scalar(ty);
    };
    // Only a bare primitive name: `my::bool` is the user's own type.
    let single_segment = path.qself.is_none() && path.path.segments.len() == 1;
    match path
        .path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .as_deref()
    {
        Some("bool") if single_segment => Value::Flag,
        Some(n) if single_segment && INTEGERS.contains(&n) => Value::Int(ty),
        Some("String") => Value::Str,
        _ => Value::Scalar(ty),
    }
}
