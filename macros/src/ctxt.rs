//! Collects errors, as serde_derive's `Ctxt` does, so that one build shows
//! every mistake rather than only the first.

use std::cell::RefCell;
use std::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

/// The errors found so far. Shared by reference (`&Ctxt`) so that the
/// closures syn's parsers take can report too.
#[derive(Default)]
pub struct Ctxt {
    /// `None` until the first error; later ones are combined into it.
    errors: RefCell<Option<syn::Error>>,
}

impl Ctxt {
    /// Adds an error from syn as it is.
    pub fn push(&self, error: syn::Error) {
        let mut errors = self.errors.borrow_mut();
        match &mut *errors {
            Some(all) => all.combine(error),
            None => *errors = Some(error),
        }
    }

    /// Adds an error pointing at `tokens`, the user's offending token(s).
    pub fn spanned(&self, tokens: impl ToTokens, message: impl Display) {
        self.push(syn::Error::new_spanned(tokens, message));
    }

    /// Adds an error at `span`, for a place that is not one syn node.
    pub fn at(&self, span: Span, message: impl Display) {
        self.push(syn::Error::new(span, message));
    }

    /// Every error found, combined into one (shown as several by
    /// `to_compile_error`).
    pub fn check(self) -> syn::Result<()> {
        self.errors.into_inner().map_or(Ok(()), Err)
    }
}
