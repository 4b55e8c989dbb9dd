//! `#[mlir_translation]`: a function registered as a translation of
//! `mlir_pass::translate_main`, in or out of MLIR by its first parameter
//! (`&str`: text to MLIR; else MLIR to text or bytes).
//!
//! Parse (the keys) -> validate (the function's shape, a name that can be a
//! flag) -> expand (the function as written, and its registration in a
//! `const _`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::{spanned::Spanned, FnArg, ItemFn, LitStr, Type};

use crate::{ctxt::Ctxt, item_attrs::doc_comment, item_attrs::split_doc};

/// The keys of `#[mlir_translation(...)]`.
#[derive(Default)]
struct Keys {
    name: Option<LitStr>,
    description: Option<LitStr>,
}

const KEYS: &str = "expected `name = \"...\"` or `description = \"...\"`";

/// Reads the keys, every mistake into `cx`.
fn parse_keys(cx: &Ctxt, args: TokenStream) -> Keys {
    let mut keys = Keys::default();
    // Every mistake is reported, not only the first: a bad key's value is
    // read past and the next key parsed.
    let parser = syn::meta::parser(|meta| {
        let slot = if meta.path.is_ident("name") {
            &mut keys.name
        } else if meta.path.is_ident("description") {
            &mut keys.description
        } else {
            cx.push(meta.error(format!("unknown key of #[mlir_translation]: {KEYS}")));
            if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<syn::Expr>()?;
            }
            return Ok(());
        };
        let value: LitStr = meta.value()?.parse()?;
        if slot.is_some() {
            cx.spanned(&meta.path, "this key is given twice: write it once");
        } else {
            *slot = Some(value);
        }
        Ok(())
    });
    if let Err(e) = syn::parse::Parser::parse2(parser, args) {
        cx.push(e);
    }
    keys
}

/// Why `name` cannot be a flag's name, if it cannot (as the runtime checks).
fn name_error(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("the name is empty: write the flag's name, such as \"mlir-to-my-format\"")
    } else if name.starts_with('-') {
        Some("write the flag's name without dashes, such as \"mlir-to-my-format\"")
    } else if name.contains(|c: char| c == '=' || c.is_whitespace() || c.is_control()) {
        Some("a flag's name has no '=', space or control character: join words with '-'")
    } else {
        None
    }
}

/// Whether `ty` is `&str` (a to-MLIR translation's input).
fn is_str_ref(ty: &Type) -> bool {
    matches!(ty, Type::Reference(r) if matches!(&*r.elem, Type::Path(p) if p.path.is_ident("str")))
}

/// The attribute's output: the function, and its registration.
pub fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let function: ItemFn = match syn::parse2(input.clone()) {
        Ok(f) => f,
        Err(_) => {
            let error = syn::Error::new_spanned(
                &input,
                "#[mlir_translation] goes on a function: `fn my_translation(op: \
                 mlir_pass::OperationRef<'_>, out: &mut dyn std::io::Write) -> Result<(), \
                 mlir_pass::translate_main::TranslationError>` (from MLIR) or `fn \
                 my_translation<'c>(input: &str, context: &'c melior::Context) -> \
                 Result<melior::ir::Module<'c>, TranslationError>` (to MLIR)",
            );
            return quote!(#input)
                .into_iter()
                .chain(error.to_compile_error())
                .collect();
        }
    };
    let cx = Ctxt::default();
    let keys = parse_keys(&cx, args.clone());
    let name = match &keys.name {
        Some(name) => {
            if let Some(why) = name_error(&name.value()) {
                cx.spanned(name, why);
            }
            name.value()
        }
        None => {
            cx.at(
                args.span(),
                "#[mlir_translation] needs the flag's name: `name = \"mlir-to-my-format\"`",
            );
            String::new()
        }
    };
    let sig = &function.sig;
    if sig.generics.type_params().count() > 0 || sig.generics.const_params().count() > 0 {
        cx.spanned(
            &sig.generics,
            "a translation is one function, not a generic one: remove the type and const parameters",
        );
    }
    if sig.asyncness.is_some() {
        cx.spanned(
            sig.asyncness,
            "a translation runs to its end: remove `async`",
        );
    }
    if let Some(receiver) = sig.receiver() {
        cx.spanned(receiver, "a translation is a free function: remove `self`");
    }
    if sig.inputs.len() != 2 {
        cx.spanned(
            &sig.inputs,
            "a translation takes two parameters: `(op: OperationRef<'_>, out: &mut dyn Write)` \
             from MLIR, or `(input: &str, context: &'c melior::Context)` to MLIR",
        );
    }
    if let Err(e) = cx.check() {
        return quote!(#function)
            .into_iter()
            .chain(e.to_compile_error())
            .collect();
    }
    let description = keys
        .description
        .as_ref()
        .map(LitStr::value)
        .unwrap_or_else(|| split_doc(&doc_comment(&function.attrs)).0);
    let ident = &sig.ident;
    let to_mlir = matches!(sig.inputs.first(), Some(FnArg::Typed(t)) if is_str_ref(&t.ty));
    // At the signature, so that a wrong parameter or result type is an
    // error at the user's function.
    let register = if to_mlir {
        quote_spanned!(sig.span()=> ::mlir_pass::translate_main::Translation::to_mlir(#name, #description, #ident))
    } else {
        quote_spanned!(sig.span()=> ::mlir_pass::translate_main::Translation::from_mlir(#name, #description, #ident))
    };
    quote! {
        #function
        const _: () = {
            ::mlir_pass::__private::inventory::submit! {
                ::mlir_pass::__private::TranslationRegistration::new(|| #register)
            }
        };
    }
}
