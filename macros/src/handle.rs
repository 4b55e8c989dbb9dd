//! What `#[mlir_op]` and `#[mlir_type]` print alike around their typed
//! handles: the `const _` block that holds everything but the handle, the
//! marker that makes two definitions of one name in a module an error
//! naming both, the function that uses the field types, `Display`/`Debug`,
//! and, after an error, the handle with its stand-ins beside the errors.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::{ext::IdentExt, spanned::Spanned, Ident, Item, ItemStruct, LitStr, Path};

/// The handle, the marker, and `items` in a `const _` block with the
/// aliases generated code uses (`__mp`, `__dialect`, `__melior`) and
/// `fn __dialect_definition()`, the dialect checked against `Dialect` once,
/// at the user's `dialect` key.
pub fn expand(
    handle: TokenStream,
    marker: Option<TokenStream>,
    dialect: &Path,
    items: TokenStream,
) -> TokenStream {
    let dialect_definition = quote_spanned! {dialect.span()=>
        <#dialect as __dialect::Dialect>::definition()
    };
    quote! {
        #handle
        #marker

        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            use ::mlir_pass::__private as __mp;
            use ::mlir_pass::dialect as __dialect;
            use ::mlir_pass::melior as __melior;

            /// The dialect, checked against `Dialect` once, at the key.
            fn __dialect_definition() -> &'static __dialect::DialectDefinition {
                #dialect_definition
            }

            #items
        };
    }
}

/// `error` beside the handle and `stand_ins` (in a `const _` block with the
/// `__dialect` and `__melior` aliases), or beside the item as written when
/// there is no handle (the item is not a struct).
pub fn fallback(
    item: &Item,
    handle: Option<(TokenStream, TokenStream)>,
    error: &syn::Error,
) -> TokenStream {
    let error = error.to_compile_error();
    let Some((handle, stand_ins)) = handle else {
        let item = item.to_token_stream();
        return quote!(#item #error);
    };
    quote! {
        #handle
        #error

        #[doc(hidden)]
        #[allow(unused_qualifications, clippy::all)]
        const _: () = {
            use ::mlir_pass::dialect as __dialect;
            use ::mlir_pass::melior as __melior;

            #stand_ins
        };
    }
}

/// Two definitions of one name in a module, reported at the second one's
/// `name = "..."`. A proc macro sees one item at a time, so the module's
/// namespace is what the two share: the first token stream is a type alias
/// `__mlir_{what}_{Dialect}_{name}` naming `handle`, at the `name` key,
/// whose second definition is rustc's "defined multiple times" there; the
/// second, for the `const _` block, checks that the alias names `handle`.
/// The alias the second definition sees is the first's, so the check fails
/// with a message that says what is duplicated, and by whom.
pub fn name_marker(
    what: &str,
    dialect: &Path,
    name: &LitStr,
    handle: &Ident,
) -> Option<(TokenStream, TokenStream)> {
    let dialect = dialect.segments.last()?.ident.unraw();
    let value = name.value();
    let span = name.span();
    // `.` cannot stand in an identifier and names have no capitals, so
    // `_D_` keeps `a.b` and `a__b` apart.
    let mangled = value.replace('.', "_D_");
    let marker = format_ident!("__mlir_{}_{}_{}", what, dialect, mangled, span = span);
    let owner = format_ident!("{}_declared_by_{}", marker, handle.unraw(), span = span);
    let a_what = if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    // `{Self}` is the first definition's handle, as the alias names it.
    let message = format!(
        "{what} name \"{value}\" of `{dialect}` is declared twice in this module, by `{{Self}}` \
         and `{handle}<'_>`: {a_what} {what} name must be unique in its dialect; rename one"
    );
    let label = format!("`{handle}` declares {what} name \"{value}\" again");
    let alias = quote_spanned! {span=>
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        type #marker<'a> = #handle<'a>;
    };
    let check = quote_spanned! {span=>
        #[diagnostic::on_unimplemented(message = #message, label = #label)]
        #[allow(non_camel_case_types)]
        trait #owner {
            const DECLARED: () = ();
        }
        impl #owner for #handle<'_> {}
        #[allow(dead_code)]
        fn __name_is_unique() {
            <#marker<'_> as #owner>::DECLARED
        }
    };
    Some((alias, check))
}

/// A function naming the field types as written, so that the user's
/// imports of them (and of `Variadic` and `Optional`, which the accessors
/// do not name) are used, even in the fallback.
pub fn field_types(item: &ItemStruct) -> TokenStream {
    let types = item.fields.iter().map(|f| &f.ty);
    // In a body, so that a field type with a lifetime written without it
    // (`pred: CmpPredicateAttr`) has it inferred.
    quote! {
        #[allow(dead_code)]
        fn __field_types() {
            let _: ::core::marker::PhantomData<(#(#types,)*)> = ::core::marker::PhantomData;
        }
    }
}

/// `Display` (the handle's `field`, in MLIR's syntax, documented with
/// `doc`) and `Debug` (a tuple named `name` around it).
pub fn display_debug(ident: &Ident, field: &str, doc: &str, name: &str) -> TokenStream {
    let field = Ident::new(field, Span::call_site());
    quote! {
        impl ::core::fmt::Display for #ident<'_> {
            #[doc = #doc]
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&self.#field, f)
            }
        }

        impl ::core::fmt::Debug for #ident<'_> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_tuple(#name).field(&self.#field).finish()
            }
        }
    }
}
