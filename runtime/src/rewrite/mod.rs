//! Rewrite patterns written in Rust, applied by MLIR's own drivers: the
//! counterpart of C++'s `OpRewritePattern`, `RewritePatternSet`,
//! `applyPatternsGreedily` and `walkAndApplyPatterns` (feature `melior`).
//!
//! ```
//! use mlir_pass::rewrite::{apply_patterns_greedily, GreedyConfig, MatchResult, NoMatch, PatternRewriter, PatternSet, RewritePattern};
//! use mlir_pass::{mlir_pass, ContextRef, OperationRef, Pass, PassError};
//! use mlir_pass::melior::ir::{operation::OperationLike, ValueLike};
//!
//! /// Erases `arith.addi` ops whose result is unused.
//! struct EraseUnusedAdd;
//!
//! impl RewritePattern for EraseUnusedAdd {
//!     fn root(&self) -> &str { "arith.addi" }
//!     fn match_and_rewrite(&self, op: OperationRef<'_>, rewriter: &PatternRewriter<'_>) -> MatchResult {
//!         use mlir_pass::ir::ValueExt;
//!         if op.melior().result(0)?.has_uses() {
//!             return Err(NoMatch);
//!         }
//!         rewriter.erase_op(op.melior());
//!         Ok(())
//!     }
//! }
//!
//! /// Erases unused additions.
//! #[mlir_pass(argument = "erase-unused-add", op = "func.func", dialects = [arith])]
//! #[derive(Clone, Default)]
//! pub struct EraseUnusedAddPass { patterns: Option<PatternSet> }
//!
//! impl Pass for EraseUnusedAddPass {
//!     fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
//!         self.patterns = Some(PatternSet::builder(context).add(EraseUnusedAdd).freeze());
//!         Ok(())
//!     }
//!     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
//!         let patterns = self.patterns.as_ref().expect("initialized");
//!         apply_patterns_greedily(op, patterns, &GreedyConfig::default())
//!     }
//! }
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! mlir_pass::register_all()?;
//! let context = mlir_pass::Context::new();
//! let source = "func.func @f(%x: i32) { %y = arith.addi %x, %x : i32\n return }";
//! let mut module = mlir_pass::Module::parse(&context, source, "f.mlir")?;
//! let mut pm = mlir_pass::PassManager::parse(&context, "builtin.module(func.func(erase-unused-add))")?;
//! pm.run(&mut module)?;
//! assert!(!module.to_string().contains("arith.addi"));
//! # Ok(())
//! # }
//! ```
//!
//! # Threads
//! A [`PatternSet`] is frozen once and shared (`Clone` is a reference count)
//! by every clone of a pass on every thread, so a pattern is `Send + Sync`
//! and `match_and_rewrite` takes `&self`, as C++'s `matchAndRewrite` is
//! `const`. Keep per-application state out of the pattern (or behind a lock
//! or atomics).
//!
//! # Changes go through the rewriter
//! Every change a pattern makes goes through the [`PatternRewriter`], so
//! that the driver knows what changed. The rewriter's methods that free IR
//! (`erase_op`, `replace_op_with_values`, `replace_op_with_operation`,
//! `erase_block`, `inline_block_before`, `merge_blocks`) are checked: a
//! change that would free what MLIR still uses (the op the pass or the
//! driver runs on, or a parent of it; under the walk driver, an op it has
//! yet to visit) or leave dangling uses (erasing an op whose results are
//! used) is not made; it is reported as an error naming the pass, the
//! pattern and the op, and fails the application as a panic does.
//! [`crate::ir::OperationMutExt::erase`] refuses to run while a driver is
//! running, and a driver refuses to start inside a pattern on the IR its
//! caller is rewriting.
//!
//! Changing the matched op without the rewriter (through
//! [`OperationRef::melior_mut`](crate::OperationRef::melior_mut)) is not
//! prevented, and the greedy driver would not revisit what changed. In
//! debug builds (`debug_assertions`), each call of a pattern is checked: a
//! pattern that returns `Err(NoMatch)` after changing its op, returns
//! `Ok(())` without telling the rewriter about any change, or changes its op
//! without the rewriter, fails the application with an error naming it.
//!
//! # Panics
//! A panic in a pattern never crosses into MLIR: it is caught, reported as an
//! error diagnostic at the op (naming the pass, the pattern and the op), the
//! remaining patterns of that application are skipped, and the apply
//! function returns an error, so the pass fails. The IR may be left half
//! rewritten, as with any failing pass.

#[cfg(debug_assertions)]
mod check;
pub(crate) mod driver;
mod pass;
mod pattern;
mod refusal;
mod rewriter;
pub(crate) mod set;

pub use driver::{
    apply_patterns_greedily, walk_and_apply_patterns, GreedyConfig, RegionSimplification,
    Strictness,
};
pub use pass::{PatternDriver, PatternPass};
pub(crate) use pattern::short_type_name;
#[doc(hidden)]
pub use pattern::RootChecked;
pub use pattern::{MatchResult, NoMatch, RewritePattern};
pub(crate) use rewriter::melior_op;
pub(crate) use rewriter::modify_in_place;
pub use rewriter::{AsOperation, PatternRewriter};
pub use set::{PatternSet, PatternSetBuilder};
