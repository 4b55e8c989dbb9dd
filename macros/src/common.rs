//! The steps every attribute runs, written once: parse the attribute's
//! arguments, read the item into a model, check it, then expand it, or,
//! after any error, print the fallback beside every error collected.
//! Each attribute supplies its own steps by implementing [`Attribute`].

use proc_macro2::TokenStream;
use quote::quote;
use syn::Item;

use crate::ctxt::Ctxt;

/// One attribute's steps, each in the file named after it.
pub trait Attribute {
    /// The attribute's arguments as written.
    type Args;
    /// The model of the item, borrowing it.
    type Model<'i>;

    /// Reads the attribute's arguments (`attr.rs`), reporting every mistake.
    fn parse_args(&self, ctxt: &Ctxt, args: TokenStream) -> Self::Args;

    /// The model of `item` (`ast.rs`), or `None` (reported) when it is not
    /// a struct.
    fn read_item<'i>(
        &self,
        ctxt: &Ctxt,
        args: Self::Args,
        item: &'i Item,
    ) -> Option<Self::Model<'i>>;

    /// Reports every rule the model breaks (`valid.rs`).
    fn check(&self, ctxt: &Ctxt, model: &Self::Model<'_>);

    /// The item and everything generated for it (`expand.rs`).
    fn expand(&self, model: &Self::Model<'_>) -> TokenStream;

    /// `error` beside the item and its stand-ins (`fallback.rs`).
    fn fallback(
        &self,
        item: &Item,
        model: Option<&Self::Model<'_>>,
        error: &syn::Error,
    ) -> TokenStream;
}

/// Parse, validate, expand; or, after an error, the fallback.
pub fn run(attribute: impl Attribute, args: TokenStream, input: TokenStream) -> TokenStream {
    let ctxt = Ctxt::default();
    let args = attribute.parse_args(&ctxt, args);
    let item: Item = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(e) => {
            // Not even an item: give it back as written, beside the error.
            let errors = ctxt.check().err().into_iter().chain([e]);
            let errors = errors.map(|e| e.to_compile_error());
            return quote!(#input #(#errors)*);
        }
    };
    let model = attribute.read_item(&ctxt, args, &item);
    if let Some(model) = &model {
        attribute.check(&ctxt, model);
    }
    match (ctxt.check(), &model) {
        (Ok(()), Some(model)) => attribute.expand(model),
        (Err(error), model) => attribute.fallback(&item, model.as_ref(), &error),
        (Ok(()), None) => unreachable!("ast.rs reports every item that is not a struct"),
    }
}

/// Implements [`Attribute`] for `$name`, an attribute whose module is laid
/// out as `dialect/`, `op/` and `typedef/` are: `$parse_args` reads the
/// arguments into `$args`, `ast::$model::from_syn` the item, `valid::check`
/// checks it, `expand::expand` prints it and `$fallback` prints the
/// stand-ins.
macro_rules! attribute {
    ($name:ident: $parse_args:path => $args:ty, ast::$model:ident, $fallback:path) => {
        impl $crate::common::Attribute for $name {
            type Args = $args;
            type Model<'i> = ast::$model<'i>;

            fn parse_args(
                &self,
                ctxt: &$crate::ctxt::Ctxt,
                args: ::proc_macro2::TokenStream,
            ) -> Self::Args {
                $parse_args(ctxt, args)
            }

            fn read_item<'i>(
                &self,
                ctxt: &$crate::ctxt::Ctxt,
                args: Self::Args,
                item: &'i ::syn::Item,
            ) -> ::core::option::Option<Self::Model<'i>> {
                ast::$model::from_syn(ctxt, args, item)
            }

            fn check(&self, ctxt: &$crate::ctxt::Ctxt, model: &Self::Model<'_>) {
                valid::check(ctxt, model)
            }

            fn expand(&self, model: &Self::Model<'_>) -> ::proc_macro2::TokenStream {
                expand::expand(model)
            }

            fn fallback(
                &self,
                item: &::syn::Item,
                model: ::core::option::Option<&Self::Model<'_>>,
                error: &::syn::Error,
            ) -> ::proc_macro2::TokenStream {
                $fallback(item, model, error)
            }
        }
    };
}

pub(crate) use attribute;
