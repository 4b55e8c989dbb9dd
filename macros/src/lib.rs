//! The `#[mlir_pass]` attribute. Use it through the `mlir-pass` crate, which
//! re-exports it and documents it.
//!
//! Both attributes run the same steps, one file each, as thiserror's do:
//! `ast.rs` reads the attribute (with `attr.rs`) and the struct into one
//! model, `valid.rs` checks it, `expand.rs` prints it. Every error is
//! collected in a `Ctxt` (`ctxt.rs`); after any, `fallback.rs` prints the
//! struct and stand-in impls beside the errors, so one mistake is one error.

mod ast;
mod attr;
mod ctxt;
mod dialects;
mod expand;
mod fallback;
mod valid;

use proc_macro::TokenStream;
use quote::quote;

use crate::{ast::Kind, ctxt::Ctxt};

/// Turns a struct into an MLIR pass.
///
/// ```text
/// #[mlir_pass(argument = "my-pass", name = "MyPass", description = "...", op = "func.func", dialects = [func, arith])]
/// ```
///
/// | key | meaning | default |
/// | --- | --- | --- |
/// | `argument` | the name pipelines use: lowercase `[a-z0-9]` words joined by `-` | required |
/// | `name` | the pass's name | the struct's name |
/// | `description` | the pass's description; its first paragraph is the summary | the struct's doc comment |
/// | `op` | the anchor operation, such as `"func.func"` | a pass that runs on any op |
/// | `dialects` | dependent dialects, by namespace (`func`, `arith`, `scf`, ...) | none |
///
/// The struct implements `mlir_pass::Pass`, is `Clone + Send + Default`, and
/// is not generic. Its fields marked `#[option]` (or
/// `#[option(name = "...", description = "...", default = ...)]`) are the
/// pass's options; with a `default`, the attribute implements `Default`
/// itself in place of `#[derive(Default)]`. Each pass is collected for
/// `mlir_pass::register_all()`.
#[proc_macro_attribute]
pub fn mlir_pass(args: TokenStream, input: TokenStream) -> TokenStream {
    run(Kind::Pass, args.into(), input.into()).into()
}

/// Turns a struct into a named MLIR pass pipeline, as C++'s
/// `PassPipelineRegistration`.
///
/// ```text
/// #[mlir_pipeline(argument = "my-pipeline", name = "MyPipeline", description = "...")]
/// ```
///
/// The keys are those of `#[mlir_pass]` without `op` and `dialects`. The
/// struct implements `mlir_pass::Pipeline` (whose `build` adds passes to a
/// pass manager), is `Default`, and is not generic; its `#[option]` fields
/// are the pipeline's options, read and printed as a pass's are. Each
/// pipeline is collected for `mlir_pass::register_all()`.
#[proc_macro_attribute]
pub fn mlir_pipeline(args: TokenStream, input: TokenStream) -> TokenStream {
    run(Kind::Pipeline, args.into(), input.into()).into()
}

/// Parse, validate, expand; or, after an error, the fallback.
fn run(
    kind: Kind,
    args: proc_macro2::TokenStream,
    input: proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    let ctxt = Ctxt::default();
    let args = attr::parse_args(&ctxt, kind, args);
    let item: syn::Item = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(e) => {
            // Not even an item: give it back as written, beside the error.
            let errors = ctxt.check().err().into_iter().chain([e]);
            let errors = errors.map(|e| e.to_compile_error());
            return quote!(#input #(#errors)*);
        }
    };
    let model = ast::Input::from_syn(&ctxt, kind, args, &item);
    if let Some(model) = &model {
        valid::check(&ctxt, model);
    }
    match (ctxt.check(), &model) {
        (Ok(()), Some(model)) => expand::expand(model),
        (Err(error), model) => fallback::expand(kind, &item, model.as_ref(), &error),
        (Ok(()), None) => unreachable!("ast.rs reports every item that is not a struct"),
    }
}
