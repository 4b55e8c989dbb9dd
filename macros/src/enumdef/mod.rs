//! `#[mlir_enum]`: a Rust enum of unit variants becomes an enum MLIR can
//! store in an attribute (ODS's `I32EnumAttr`/`I64EnumAttr` with its
//! cases): its `static EnumDefinition`, `MlirEnum` (values and keywords,
//! C++'s `stringifyEnum`/`symbolizeEnum`), `AttrParameter` (so it is an
//! op's attribute or a parameter), `Display` and `FromStr`.
//!
//! Reading and checking are here; `expand.rs` prints. A mistake is
//! reported at the user's token, and the enum is given back as written
//! (without the `#[case]` attributes) so that nothing else fails.

mod bit;
mod expand;
mod expand_bit;

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};
use syn::{
    ext::IdentExt, punctuated::Punctuated, Attribute, Expr, ExprLit, ExprUnary, Fields, Item,
    ItemEnum, Lit, LitInt, LitStr, Meta, Token, UnOp,
};

use crate::{ctxt::Ctxt, item_attrs, valid};

/// The enum's keys, as written.
#[derive(Default)]
pub struct EnumArgs {
    /// `width = 32` or `64`.
    pub width: Option<(u32, Span)>,
    /// `name = "..."`: the enum's name in messages.
    pub name: Option<LitStr>,
    /// `summary = "..."`.
    pub summary: Option<LitStr>,
    /// `description = "..."`.
    pub description: Option<LitStr>,
    /// `bit`: a bit enum (ODS's `I32BitEnumAttr`).
    pub bit: Option<Span>,
    /// `separator = "|"` (bit enums).
    pub separator: Option<LitStr>,
    /// `print_primary_groups` (bit enums).
    pub print_primary_groups: Option<Span>,
}

/// One case.
pub struct Case {
    /// The variant.
    pub ident: syn::Ident,
    /// Its keyword.
    pub keyword: String,
    /// Its value.
    pub value: i64,
    /// Its doc comment's first line.
    pub summary: String,
}

/// The enum with its keys and cases.
pub struct EnumInput {
    pub args: EnumArgs,
    /// The enum, without the `#[case]` attributes.
    pub item: ItemEnum,
    pub cases: Vec<Case>,
}

/// Expands `#[mlir_enum(args)]` on `input`.
pub fn run(args: TokenStream, input: TokenStream) -> TokenStream {
    let ctxt = Ctxt::default();
    let args = parse_args(&ctxt, args);
    let item: Item = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(e) => {
            let errors = ctxt.check().err().into_iter().chain([e]);
            let errors = errors.map(|e| e.to_compile_error());
            return quote!(#input #(#errors)*);
        }
    };
    let Item::Enum(item) = item else {
        let tokens: &dyn ToTokens = match &item {
            Item::Struct(s) => &s.struct_token,
            other => other,
        };
        ctxt.spanned(
            tokens,
            "#[mlir_enum] goes on an enum of unit variants, one per case, as in `enum \
             CmpPredicate { Eq, Ne, Slt }` (an attribute with parameters is a struct with \
             #[mlir_attr])",
        );
        let error = ctxt.check().expect_err("just reported");
        let error = error.to_compile_error();
        return quote!(#item #error);
    };
    let input = read(&ctxt, args, item);
    match ctxt.check() {
        Ok(()) if input.args.bit.is_some() => expand_bit::expand(&input),
        Ok(()) => expand::expand(&input),
        Err(error) => {
            // The enum as a plain one (unit variants, no values), so that
            // rustc reports nothing more about what was reported.
            let mut item = input.item;
            for variant in &mut item.variants {
                variant.fields = Fields::Unit;
                variant.discriminant = None;
            }
            let error = error.to_compile_error();
            quote!(#item #error)
        }
    }
}

fn parse_args(ctxt: &Ctxt, args: TokenStream) -> EnumArgs {
    let mut out = EnumArgs::default();
    let metas =
        match syn::parse::Parser::parse2(Punctuated::<Meta, Token![,]>::parse_terminated, args) {
            Ok(metas) => metas,
            Err(e) => {
                ctxt.at(
                    e.span(),
                    format!("{e}: #[mlir_enum] takes keys such as `width = 32`, `name = \"...\"`"),
                );
                return out;
            }
        };
    for meta in metas {
        if let Meta::Path(path) = &meta {
            let flag = Some(path.get_ident().map_or(Span::call_site(), |i| i.span()));
            if path.is_ident("bit") {
                out.bit = flag;
                continue;
            }
            if path.is_ident("print_primary_groups") {
                out.print_primary_groups = flag;
                continue;
            }
        }
        let Meta::NameValue(nv) = &meta else {
            ctxt.spanned(
                &meta,
                "expected `key = value` or a flag: #[mlir_enum] takes `bit`, `width = 32` (or \
                 64), `name = \"...\"`, `summary = \"...\"`, `description = \"...\"`, \
                 `separator = \"|\"` and `print_primary_groups`",
            );
            continue;
        };
        let key = nv
            .path
            .get_ident()
            .map(|i| i.unraw().to_string())
            .unwrap_or_default();
        let lit = match &nv.value {
            Expr::Lit(ExprLit { lit, .. }) => Some(lit),
            _ => None,
        };
        match (key.as_str(), lit) {
            ("width", Some(Lit::Int(i))) => match i.base10_parse::<u32>() {
                Ok(w @ (32 | 64)) => out.width = Some((w, i.span())),
                _ => ctxt.spanned(
                    i,
                    "an enum is stored in a 32-bit or a 64-bit integer (ODS's I32EnumAttr and \
                     I64EnumAttr): write `width = 32` or `width = 64`",
                ),
            },
            ("name", Some(Lit::Str(s))) => out.name = Some(s.clone()),
            ("summary", Some(Lit::Str(s))) => out.summary = Some(s.clone()),
            ("description", Some(Lit::Str(s))) => out.description = Some(s.clone()),
            ("separator", Some(Lit::Str(s))) => {
                if s.value().contains('|') || s.value().contains(',') {
                    out.separator = Some(s.clone());
                } else {
                    ctxt.spanned(
                        s,
                        "a separator holds `|` or `,` (what the parser reads between cases; \
                         spaces around it are printed): write `separator = \"|\"`, `\",\"` or \
                         `\" | \"`",
                    );
                }
            }
            ("width" | "name" | "summary" | "description" | "separator", _) => ctxt.spanned(
                &nv.value,
                format!(
                    "`{key}` takes {}",
                    if key == "width" {
                        "32 or 64"
                    } else {
                        "a string"
                    }
                ),
            ),
            _ => ctxt.spanned(
                &nv.path,
                format!(
                    "unknown key `{key}`: #[mlir_enum] takes `bit`, `width`, `name`, `summary`, \
                     `description`, `separator` and `print_primary_groups`"
                ),
            ),
        }
    }
    if out.bit.is_none() {
        if let Some(separator) = &out.separator {
            ctxt.spanned(
                separator,
                "`separator` is for bit enums, whose values are sets of cases: write \
                 `#[mlir_enum(bit, separator = \"...\")]`, or leave it out",
            );
        }
        if let Some(span) = out.print_primary_groups {
            ctxt.at(
                span,
                "`print_primary_groups` is for bit enums, whose values are sets of cases: \
                 write `#[mlir_enum(bit, print_primary_groups)]`, or leave it out",
            );
        }
    }
    out
}

/// Reads the cases, reporting what cannot be one.
fn read(ctxt: &Ctxt, args: EnumArgs, mut item: ItemEnum) -> EnumInput {
    if !item.generics.params.is_empty() || item.generics.where_clause.is_some() {
        ctxt.spanned(
            &item.generics,
            "an enum of cases has no generic parameters: each case is a value MLIR stores",
        );
    }
    if item.variants.is_empty() {
        ctxt.spanned(
            &item.ident,
            "an enum of cases needs at least one case: add a variant per keyword",
        );
    }
    let width = args.width.map_or(32, |(w, _)| w);
    let mut cases: Vec<Case> = Vec::new();
    let mut next = 0i128;
    for variant in &mut item.variants {
        if !matches!(variant.fields, Fields::Unit) {
            ctxt.spanned(
                &variant.fields,
                "a case has no fields: MLIR stores the case's value, so write a unit variant \
                 (`Slt` or `Slt = 2`)",
            );
        }
        // A bit case whose value was reported: its value is not compared.
        let mut reported = false;
        let value = if args.bit.is_some() {
            bit::case_value(ctxt, variant, &cases, width).unwrap_or_else(|| {
                reported = true;
                -1
            })
        } else {
            match &variant.discriminant {
                Some((_, expr)) => match literal_value(expr) {
                    Some(v) => v,
                    None => {
                        ctxt.spanned(
                            expr,
                            "a case's value is an integer literal (`Slt = 2`, `Neg = -1`), as in \
                         ODS's I32EnumAttrCase<\"slt\", 2>",
                        );
                        next
                    }
                },
                None => next,
            }
        };
        next = value + 1;
        let (min, max) = if width == 32 {
            (i32::MIN as i128, u32::MAX as i128)
        } else {
            (i64::MIN as i128, i64::MAX as i128)
        };
        if args.bit.is_none() && (value < min || value > max) {
            let at: &dyn ToTokens = match &variant.discriminant {
                Some((_, expr)) => expr,
                None => &variant.ident,
            };
            ctxt.spanned(
                at,
                format!(
                    "{value} does not fit the enum's {width}-bit storage{}",
                    if width == 32 {
                        ": write `width = 64` on #[mlir_enum]"
                    } else {
                        ""
                    }
                ),
            );
        }
        let keyword = take_case_attr(ctxt, &mut variant.attrs)
            .unwrap_or_else(|| valid::snake_case(&variant.ident.unraw().to_string()));
        if !is_keyword(&keyword) {
            ctxt.spanned(
                &variant.ident,
                format!(
                    "{keyword:?} is not a keyword MLIR reads bare: start with a letter or `_`, \
                     then letters, digits, `_`, `$` or `.`, as in #[case(\"slt\")]"
                ),
            );
        }
        if let Some(other) = cases.iter().find(|c| c.keyword == keyword) {
            ctxt.spanned(
                &variant.ident,
                format!(
                    "the keyword `{keyword}` is also `{}`'s: each case has its own (write \
                     #[case(\"...\")] on one)",
                    other.ident
                ),
            );
        }
        if let Some(other) = cases
            .iter()
            .find(|c| !reported && (c.value as i128 == value || c.value as u64 as i128 == value))
        {
            ctxt.spanned(
                &variant.ident,
                format!(
                    "the value {value} is also `{}`'s: each case has its own value",
                    other.ident
                ),
            );
        }
        let summary = item_attrs::doc_comment(&variant.attrs)
            .lines()
            .next()
            .unwrap_or("")
            .trim()
            .to_owned();
        cases.push(Case {
            ident: variant.ident.clone(),
            keyword,
            // Values of a 32-bit enum above i32::MAX are stored as their
            // bits.
            value: value as i64,
            summary,
        });
    }
    EnumInput { args, item, cases }
}

/// An integer literal, possibly negated.
fn literal_value(expr: &Expr) -> Option<i128> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(i), ..
        }) => i.base10_parse::<i128>().ok(),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => literal_value(expr).map(|v| -v),
        Expr::Group(g) => literal_value(&g.expr),
        Expr::Paren(p) => literal_value(&p.expr),
        _ => None,
    }
}

/// Removes `#[case("keyword")]` and returns its keyword.
fn take_case_attr(ctxt: &Ctxt, attrs: &mut Vec<Attribute>) -> Option<String> {
    let mut keyword = None;
    attrs.retain(|attr| {
        if !attr.path().is_ident("case") {
            return true;
        }
        match attr.parse_args::<LitStr>() {
            Ok(lit) if keyword.is_none() => keyword = Some(lit.value()),
            Ok(lit) => ctxt.spanned(&lit, "`#[case]` is written twice: keep one"),
            Err(_) => ctxt.spanned(
                attr,
                "write the case's keyword as `#[case(\"slt\")]` (by default, the variant's \
                 name in snake_case)",
            ),
        }
        false
    });
    keyword
}

/// Whether MLIR's lexer reads `s` as one bare keyword.
fn is_keyword(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// `LitInt` for a value in generated code.
fn int(value: i64) -> LitInt {
    LitInt::new(&format!("{value}i64"), Span::call_site())
}
