//! What `#[mlir_op]` and `#[mlir_type]` print alike around their typed
//! handles: the `const _` block that holds everything but the handle, the
//! marker that makes two definitions of one name collide, the function
//! that uses the field types, `Display`/`Debug`, and, after an error, the
//! handle with its stand-ins beside the errors.

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

/// An item named `__mlir_{what}_{dialect}_{name}`, at the `name` key: a
/// second definition of the same name in the module is a "defined
/// multiple times" error there. `mangled` is the name as it can stand in
/// an identifier.
pub fn name_marker(
    what: &str,
    dialect: &Path,
    name: &LitStr,
    mangled: &str,
) -> Option<TokenStream> {
    let dialect = dialect.segments.last()?.ident.unraw();
    let marker = format_ident!(
        "__mlir_{}_{}_{}",
        what,
        dialect,
        mangled,
        span = name.span()
    );
    Some(quote_spanned! {name.span()=>
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        enum #marker {}
    })
}

/// A function naming the field types as written, so that the user's
/// imports of them (and of `Variadic` and `Optional`, which the accessors
/// do not name) are used, even in the fallback.
pub fn field_types(item: &ItemStruct) -> TokenStream {
    let types = item.fields.iter().map(|f| &f.ty);
    quote! {
        #[allow(dead_code)]
        fn __field_types() -> ::core::marker::PhantomData<(#(#types,)*)> {
            ::core::marker::PhantomData
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
