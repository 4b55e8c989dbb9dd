//! `#[option]` fields: parsing the helper attribute, classifying the field
//! type (the way clap_derive does), and generating option parsing, printing
//! and `Default`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::{
    parse::Parser, punctuated::Punctuated, spanned::Spanned, Attribute, Expr, Fields,
    GenericArgument, Ident, ItemStruct, LitStr, Meta, Path, PathArguments, Token, Type,
};

use crate::{attr::Errors, item};

const INTEGERS: &[&str] = &[
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

/// How an option's text becomes a value.
#[derive(Clone)]
pub enum Kind {
    /// `bool`: a bare name means `true`.
    Flag,
    /// An integer primitive: LLVM's integer syntax, range errors.
    Int(Type),
    /// `String`.
    Str,
    /// Anything else: `FromStr + Display`.
    Scalar(Type),
    /// `Vec<T>` of one of the above.
    List(Box<Kind>),
}

/// One `#[option]` field.
pub struct PassOption {
    pub field: Ident,
    pub ty: Type,
    pub name: String,
    pub description: String,
    pub default: Option<Expr>,
    pub kind: Kind,
}

/// Reads and removes the `#[option]` attributes of `item`'s fields.
pub fn parse_fields(item: &mut ItemStruct, errors: &mut Errors) -> Vec<PassOption> {
    let mut out: Vec<PassOption> = Vec::new();
    let named = matches!(item.fields, Fields::Named(_));
    for field in item.fields.iter_mut() {
        let (options, rest): (Vec<Attribute>, Vec<Attribute>) = field
            .attrs
            .drain(..)
            .partition(|a| a.path().is_ident("option"));
        field.attrs = rest;
        let Some(attr) = options.first() else {
            continue;
        };
        for extra in &options[1..] {
            errors.spanned(extra, "a field takes one #[option] attribute: merge them");
        }
        let Some(ident) = field.ident.clone().filter(|_| named) else {
            errors.spanned(
                attr,
                "options need named fields: `#[option] limit: u32`, not a tuple field",
            );
            continue;
        };
        let Some(kind) = classify(&field.ty, errors) else {
            continue;
        };
        let mut option = PassOption {
            name: ident.to_string().trim_start_matches("r#").replace('_', "-"),
            field: ident.clone(),
            ty: field.ty.clone(),
            description: item::doc_comment(&field.attrs),
            default: None,
            kind,
        };
        let mut name_token: Box<dyn ToTokens> = Box::new(ident.clone());
        if let Some(lit) = parse_keys(attr, &mut option, errors) {
            name_token = Box::new(lit);
        }
        if !crate::attr::is_pass_argument(&option.name) {
            errors.spanned(
                &name_token,
                format!(
                    "invalid option name {:?}: use lowercase words of [a-z0-9] joined by `-`, such as \"max-depth\"",
                    option.name
                ),
            );
        } else if out.iter().any(|o| o.name == option.name) {
            errors.spanned(
                &name_token,
                format!(
                    "two options are named '{}': rename one with #[option(name = \"...\")]",
                    option.name
                ),
            );
        }
        out.push(option);
    }
    out
}

/// Reads `name`, `description`, `default`; returns the `name` literal if given.
fn parse_keys(attr: &Attribute, option: &mut PassOption, errors: &mut Errors) -> Option<LitStr> {
    let list = match &attr.meta {
        Meta::Path(_) => return None,
        Meta::List(list) => list,
        Meta::NameValue(nv) => {
            errors.spanned(nv, "write #[option] or #[option(default = ...)]");
            return None;
        }
    };
    let mut name_lit = None;
    let mut seen: Vec<String> = Vec::new();
    let result = list.parse_nested_meta(|meta| {
        let key = meta.path.get_ident().map(ToString::to_string).unwrap_or_default();
        if seen.contains(&key) {
            errors.spanned(&meta.path, format!("duplicate key `{key}`: give it once"));
        }
        seen.push(key.clone());
        match key.as_str() {
            "name" => {
                let lit: LitStr = meta.value()?.parse()?;
                option.name = lit.value();
                name_lit = Some(lit);
            }
            "description" => option.description = meta.value()?.parse::<LitStr>()?.value(),
            "default" => option.default = Some(meta.value()?.parse::<Expr>()?),
            _ => {
                errors.spanned(
                    &meta.path,
                    format!(
                        "unknown key `{}` in #[option] (accepted keys: `name`, `description`, `default`)",
                        meta.path.to_token_stream()
                    ),
                );
                // Skip the value, if any, to go on with the next key.
                if meta.input.peek(Token![=]) {
                    meta.value()?.parse::<Expr>()?;
                }
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        errors.push(e);
    }
    name_lit
}

/// Decides how a field type is parsed, or reports why it cannot be an option.
fn classify(ty: &Type, errors: &mut Errors) -> Option<Kind> {
    let Type::Path(path) = ty else {
        errors.spanned(
            ty,
            "this type cannot be a pass option: use bool, an integer, f32, f64, String, a type \
             implementing FromStr + Display, or a Vec of those",
        );
        return None;
    };
    let last = path.path.segments.last()?;
    let name = last.ident.to_string();
    let single_arg = || match &last.arguments {
        PathArguments::AngleBracketed(args) if args.args.len() == 1 => match &args.args[0] {
            GenericArgument::Type(t) => Some(t.clone()),
            _ => None,
        },
        _ => None,
    };
    match name.as_str() {
        "bool" if path.qself.is_none() && path.path.segments.len() == 1 => Some(Kind::Flag),
        n if INTEGERS.contains(&n) && path.path.segments.len() == 1 => Some(Kind::Int(ty.clone())),
        "String" => Some(Kind::Str),
        "Option" => {
            errors.spanned(
                ty,
                "an option cannot be an `Option<T>`: every option has a value; give it a default \
                 with #[option(default = ...)] instead",
            );
            None
        }
        "Vec" => {
            let inner = single_arg()?;
            let kind = classify(&inner, errors)?;
            if matches!(kind, Kind::List(_)) {
                errors.spanned(
                    ty,
                    "an option cannot be a list of lists: use Vec<T> of a single type",
                );
                return None;
            }
            Some(Kind::List(Box::new(kind)))
        }
        _ => Some(Kind::Scalar(ty.clone())),
    }
}

/// The element type of a `Vec<T>` option: `T`.
fn element_type(inner: &Kind, vec: &Type) -> TokenStream {
    match inner {
        Kind::Int(ty) | Kind::Scalar(ty) => ty.to_token_stream(),
        Kind::Flag => quote!(bool),
        Kind::Str => quote!(::std::string::String),
        Kind::List(_) => vec.to_token_stream(),
    }
}

/// The expression that parses `text` (a `&str`) into a value of this kind.
fn parse_expr(kind: &Kind, text: TokenStream) -> TokenStream {
    match kind {
        Kind::Flag => quote!(__mp::options::parse_bool(#text)),
        Kind::Int(ty) => quote!(__mp::options::parse_int::<#ty>(#text)),
        Kind::Str => quote!(__mp::options::parse_from_str::<::std::string::String>(#text)),
        Kind::Scalar(ty) => quote!(<#ty as __mp::options::OptionType>::parse_option(#text)),
        Kind::List(inner) => {
            let element = parse_expr(inner, quote!(__element));
            quote!(__mp::options::parse_list(#text, |__element| #element))
        }
    }
}

/// The option specs and the `set_option`/`print_options` bodies. Parsing and
/// printing are spanned at the field's type, so a type that cannot be an
/// option gets one error there.
pub fn expand(options: &[PassOption]) -> (TokenStream, TokenStream, TokenStream) {
    let specs = options.iter().map(|o| {
        let name = &o.name;
        let type_name = o.ty.to_token_stream().to_string().replace(' ', "");
        let description = &o.description;
        let is_list = matches!(o.kind, Kind::List(_));
        let is_flag = matches!(o.kind, Kind::Flag);
        quote! {
            __mp::OptionSpec {
                name: #name,
                type_name: #type_name,
                description: #description,
                is_list: #is_list,
                is_flag: #is_flag,
            }
        }
    });
    let specs = quote!(&[#(#specs),*]);

    let arms = options.iter().map(|o| {
        let (name, field) = (&o.name, &o.field);
        let parse = parse_expr(&o.kind, quote!(value));
        let parse = quote_spanned!(o.ty.span()=> #parse);
        quote!(#name => { self.#field = #parse?; ::core::result::Result::Ok(()) })
    });
    let set_option = quote! {
        match name {
            #(#arms)*
            _ => ::core::result::Result::Err(::std::format!("no option named '{}'", name)),
        }
    };

    let prints = options.iter().map(|o| {
        let (name, field) = (&o.name, &o.field);
        // Turbofish with the type's own tokens: an unmet bound is reported at
        // the type, once for parsing and printing alike.
        let print = match &o.kind {
            Kind::List(inner) => {
                let element = element_type(inner, &o.ty);
                quote_spanned!(o.ty.span()=> __mp::options::print_list::<#element>(&self.#field))
            }
            _ => {
                let ty = &o.ty;
                quote_spanned!(o.ty.span()=> <#ty as __mp::options::OptionType>::print_option(&self.#field))
            }
        };
        quote!((#name, #print))
    });
    let print_options = quote!(::std::vec![#(#prints),*]);

    (specs, set_option, print_options)
}

/// When options have `default = ...`: takes `Default` out of the struct's
/// `#[derive(...)]` and returns an `impl Default` that uses those defaults
/// (and `Default::default()` for every other field). Without
/// `#[derive(Default)]` a `default = ...` is an error: the hand-written
/// `Default` decides.
pub fn default_impl(
    item: &mut ItemStruct,
    options: &[PassOption],
    errors: &mut Errors,
) -> TokenStream {
    let with_default: Vec<&PassOption> = options.iter().filter(|o| o.default.is_some()).collect();
    if with_default.is_empty() {
        return TokenStream::new();
    }
    if !take_derived_default(item) {
        for o in with_default {
            errors.spanned(
                o.default.as_ref().unwrap(),
                "`default = ...` needs `#[derive(Default)]` on the struct (below #[mlir_pass]), \
                 which #[mlir_pass] then implements with the option defaults; with a hand-written \
                 `impl Default`, set the default there instead",
            );
        }
        return TokenStream::new();
    }
    let ident = &item.ident;
    let fields = item
        .fields
        .iter()
        .filter_map(|f| f.ident.as_ref())
        .map(|field| {
            let option = options.iter().find(|o| o.field == *field);
            match option.and_then(|o| o.default.as_ref().map(|d| (o, d))) {
                Some((o, default)) => {
                    let value = default_value(&o.kind, default);
                    quote_spanned!(default.span()=> #field: #value)
                }
                None => quote!(#field: ::core::default::Default::default()),
            }
        });
    quote! {
        impl ::core::default::Default for #ident {
            fn default() -> Self {
                Self { #(#fields),* }
            }
        }
    }
}

/// A `default = ...` expression converted to the field's type: `&str` works
/// for `String`, and an array for `Vec<T>`.
fn default_value(kind: &Kind, default: &Expr) -> TokenStream {
    match kind {
        Kind::Str => quote_spanned!(default.span()=> ::std::string::String::from(#default)),
        Kind::List(inner) if matches!(**inner, Kind::Str) => quote_spanned! {default.span()=>
            ::core::iter::Iterator::collect(::core::iter::Iterator::map(
                ::core::iter::IntoIterator::into_iter(#default),
                ::std::string::String::from,
            ))
        },
        Kind::List(_) => quote_spanned! {default.span()=>
            ::core::iter::Iterator::collect(::core::iter::IntoIterator::into_iter(#default))
        },
        _ => quote_spanned!(default.span()=> #default),
    }
}

/// Removes `Default` from the struct's derives; whether it was there.
fn take_derived_default(item: &mut ItemStruct) -> bool {
    let mut found = false;
    item.attrs.retain_mut(|attr| {
        if !attr.path().is_ident("derive") {
            return true;
        }
        let Meta::List(list) = &attr.meta else {
            return true;
        };
        let Ok(paths) = Punctuated::<Path, Token![,]>::parse_terminated.parse2(list.tokens.clone())
        else {
            return true;
        };
        let (defaults, rest): (Vec<Path>, Vec<Path>) = paths
            .into_iter()
            .partition(|p| p.segments.last().is_some_and(|s| s.ident == "Default"));
        if defaults.is_empty() {
            return true;
        }
        found = true;
        if rest.is_empty() {
            return false;
        }
        *attr = syn::parse_quote!(#[derive(#(#rest),*)]);
        true
    });
    found
}
