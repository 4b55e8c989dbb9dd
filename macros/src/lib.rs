//! The `#[mlir_pass]` attribute. Use it through the `mlir-pass` crate, which
//! re-exports it and documents it.
//!
//! The pipeline reads as one line: `attr.rs` parses the keys, `item.rs`
//! checks the struct, `options.rs` reads its `#[option]` fields, `expand.rs`
//! generates the pass.

mod attr;
mod dialects;
mod expand;
mod item;
mod options;

use proc_macro::TokenStream;

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
    expand::expand(args.into(), input.into()).into()
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
    expand::expand_pipeline(args.into(), input.into()).into()
}
