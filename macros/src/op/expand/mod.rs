//! Prints a valid op model: the typed handle that replaces the struct, the
//! `static OpDefinition`, the `Op` impl, the registration, one accessor per
//! part, the builder, `Display`/`Debug`, the hooks that call the user's
//! `verify`/`verify_regions`/`fold`/`canonicalization_patterns`/`parse`/
//! `print`/`are_cast_compatible`, and the interfaces (the parts the call
//! interfaces name, a caster per Rust interface). Nothing is
//! checked here (`valid.rs` did); constraint types and hook methods are
//! used with the user's spans, so the compiler's errors about them point at
//! the field type or the key.
//!
//! Everything but the handle (and a marker that makes two ops of one name
//! in a module an error naming both) goes inside `const _: () = { ... };`, with absolute
//! paths and `__`-prefixed aliases, so nothing leaks into the user's
//! namespace and nothing there shadows the user's names.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::{ext::IdentExt, spanned::Spanned, Ident};

use super::{
    ast::{Arity, InterfaceKind, OpInput, Part, TraitKind},
    format::{self, Element, Target},
    valid,
};
use crate::{attr::Key, handle, hook::missing_method};

mod adaptor;
mod asm;
mod builder;
mod control_flow;
mod custom;
mod definition;
mod effects;
mod hooks;
mod int_range;
mod interfaces;
mod methods;

use adaptor::*;
use asm::*;
use builder::*;
use custom::*;
use definition::*;
use effects::*;
use hooks::*;
use int_range::*;
use interfaces::*;
pub use methods::methods;
use methods::*;

/// The handle and everything generated for it.
pub fn expand(input: &OpInput) -> TokenStream {
    let dialect = input
        .args
        .dialect
        .as_ref()
        .expect("valid.rs requires `dialect`");
    let (marker, unique) = input
        .args
        .name
        .as_ref()
        .and_then(|name| handle::name_marker("op", dialect, name, input.ident()))
        .unzip();
    let definition = definition(input);
    let hooks = hook_fns(input);
    let op_impl = op_impl(
        input,
        quote!(&__MLIR_OP_DEFINITION),
        quote!(__dialect_definition().namespace),
    );
    let methods = methods(input, false);
    let common = common_impls(input);
    let builder_helpers = builder_helpers();
    let field_types = handle::field_types(input.item);

    let items = quote! {
        #unique
        #hooks
        #builder_helpers
        #field_types

        static __MLIR_OP_DEFINITION: __dialect::OpDefinition = #definition;

        fn __op_definition() -> &'static __dialect::OpDefinition {
            &__MLIR_OP_DEFINITION
        }

        #op_impl
        #common
        #methods

        __mp::inventory::submit! {
            __dialect::OpRegistration {
                dialect: __dialect_definition,
                op: __op_definition,
            }
        }
    };
    handle::expand(handle_struct(input), marker, dialect, items)
}

/// `Op` for the handle, with these bodies for `definition` and
/// `namespace` (the fallback's are `unimplemented!()`).
pub fn op_impl(input: &OpInput, definition: TokenStream, namespace: TokenStream) -> TokenStream {
    let ident = input.ident();
    quote! {
        impl<'a> __dialect::Op<'a> for #ident<'a> {
            fn definition() -> &'static __dialect::OpDefinition {
                #definition
            }

            fn namespace() -> &'static str {
                #namespace
            }

            unsafe fn from_operation_unchecked(op: ::mlir_pass::OperationRef<'a>) -> Self {
                Self { op }
            }

            fn operation(&self) -> ::mlir_pass::OperationRef<'a> {
                self.op
            }
        }
    }
}

/// The struct as a handle: the user's attributes (doc comments included)
/// less derives, the user's visibility and name, one field.
pub fn handle_struct(input: &OpInput) -> TokenStream {
    let item = input.item;
    let attrs = item.attrs.iter().filter(|a| !a.path().is_ident("derive"));
    let vis = &item.vis;
    let ident = &item.ident;
    let adaptor = adaptor_struct(input);
    quote! {
        #(#attrs)*
        #[derive(::core::clone::Clone, ::core::marker::Copy)]
        #vis struct #ident<'a> {
            op: ::mlir_pass::OperationRef<'a>,
        }

        #adaptor
    }
}

/// `<T as TypeConstraintDef>::CONSTRAINT`, at the type.
fn type_constraint(part: &Part) -> TokenStream {
    let c = &part.constraint;
    quote_spanned! {c.span()=>
        <#c as __dialect::ods::TypeConstraintDef>::CONSTRAINT
    }
}

/// `Arity::Single`...
fn arity(arity: Arity) -> TokenStream {
    match arity {
        Arity::Single => quote!(__dialect::Arity::Single),
        Arity::Optional => quote!(__dialect::Arity::Optional),
        Arity::Variadic => quote!(__dialect::Arity::Variadic),
    }
}

/// `Some(value)` or `None`.
fn option(value: Option<impl ToTokens>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

/// Whether the op has exactly one result, a single one (its folder
/// returns `Option<FoldResult>`).
pub fn single_result(input: &OpInput) -> bool {
    matches!(&input.results[..], [r] if r.arity == Arity::Single)
}

/// `Display` (the op in MLIR's syntax) and `Debug`.
pub fn common_impls(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    handle::display_debug(
        ident,
        "op",
        " The operation in MLIR's textual form.",
        &ident.to_string(),
    )
}

/// How the values of a list of groups are found in the operation.
enum Layout {
    /// Every group is single: group `i` is value `i`.
    Fixed,
    /// One group is optional or variadic: its size is what the others
    /// leave.
    OneSized(usize),
    /// The sizes are in this attribute (`operandSegmentSizes`).
    Segments(&'static str),
}

fn layout(parts: &[Part], segments: Option<&'static str>) -> Layout {
    if let Some(attribute) = segments {
        return Layout::Segments(attribute);
    }
    match parts.iter().position(|p| p.arity != Arity::Single) {
        Some(v) => Layout::OneSized(v),
        None => Layout::Fixed,
    }
}

/// `(start, len)` of group `i` of `parts`, as an expression; `count` is
/// the operation's number of values.
fn range(layout: &Layout, parts: &[Part], i: usize, count: &TokenStream) -> TokenStream {
    let n = parts.len();
    match *layout {
        Layout::Fixed => quote!((#i, 1usize)),
        Layout::OneSized(v) if i < v => quote!((#i, 1usize)),
        Layout::OneSized(v) if i == v => {
            let others = n - 1;
            quote!((#i, #count.saturating_sub(#others)))
        }
        Layout::OneSized(_) => {
            let after = n - i;
            quote!((#count.saturating_sub(#after), 1usize))
        }
        Layout::Segments(attribute) => quote!(self.__mlir_segment(#attribute, #i)),
    }
}
