//! The mlir-pass guide: how to write passes, patterns, conversions and
//! dialects in Rust, chapter by chapter, for a reader fluent in Rust and new
//! to MLIR (or fluent in MLIR's C++ and new to this crate).
//!
//! Every Rust snippet in these pages is a doctest: it compiles with the
//! crate as it is and, where it can, runs, so that the guide cannot drift
//! from the code.
//!
//! | Chapter | What it answers |
//! | --- | --- |
//! | [`getting_started`] | Installing LLVM/MLIR 22, the link modes, running a pipeline from a program, loading Rust passes into the stock `mlir-opt` |
//! | [`glossary`] | MLIR's words (op, dialect, region, anchor, pipeline text, attributes...) with links to mlir.llvm.org |
//! | [`passes`] | `#[mlir_pass]`, options, `run` and `initialize`, errors and panics, named pipelines |
//! | [`pass_api`] | What a running pass reaches beyond the C API: analyses, preservation, pipelines of its own, interface anchors, instrumentation, diagnostics of every severity |
//! | [`changing_ir`] | Editing IR, rewrite patterns and MLIR's drivers (what the greedy driver does besides your patterns), typed upstream ops |
//! | [`conversion`] | Lowering with MLIR's dialect conversion, and the ported upstream passes |
//! | [`soundness`] | What the safe API guarantees, and where a handle can still dangle |
//! | [`dialects`] | `#[mlir_dialect]`, `#[mlir_op]`, `#[mlir_type]`, `#[mlir_attr]`, `#[mlir_enum]`: ODS in Rust |
//! | [`toy`] | MLIR's Toy tutorial, chapters 1 to 7, in Rust |
//! | [`tools`] | `opt_main` and the `mlir-pass-opt` driver, the other tool mains, lit tests |
//! | [`testing`] | Recipes: testing that a pass changed nothing, its diagnostics and their locations, the plugin from a test |
//! | [`from_cpp`] | C++ and Rust side by side: TableGen passes, patterns, conversion, analyses, ODS |
//! | [`internals`] | How the crate is built, its checks, and its benchmarks in short |
//! | [`benchmarks`] | How the benchmarks run, where the time goes against C++, and the runs behind `BENCHMARKS.md`'s figures |

#[doc = include_str!("getting_started.md")]
pub mod getting_started {}

#[doc = include_str!("glossary.md")]
pub mod glossary {}

#[doc = include_str!("passes.md")]
pub mod passes {}

#[doc = include_str!("pass_api.md")]
pub mod pass_api {}

#[doc = include_str!("changing_ir.md")]
pub mod changing_ir {}

#[doc = include_str!("conversion.md")]
pub mod conversion {}

#[doc = include_str!("soundness.md")]
pub mod soundness {}

#[doc = include_str!("dialects.md")]
pub mod dialects {}

#[doc = include_str!("toy.md")]
pub mod toy {}

#[doc = include_str!("tools.md")]
pub mod tools {}

#[doc = include_str!("testing.md")]
pub mod testing {}

#[doc = include_str!("from_cpp.md")]
pub mod from_cpp {}

#[doc = include_str!("internals.md")]
pub mod internals {}

#[doc = include_str!("benchmarks.md")]
pub mod benchmarks {}
