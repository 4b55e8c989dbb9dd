//! Dialect conversion from Rust: the counterpart of C++'s
//! `ConversionTarget`, `TypeConverter`, `ConversionPattern` /
//! `OpConversionPattern`, `ConversionPatternRewriter` and
//! `applyPartialConversion` / `applyFullConversion` /
//! `applyAnalysisConversion` (feature `melior`), run by MLIR's own
//! conversion driver. MLIR 22's C API has none of it; the bridge reaches the
//! C++ in libMLIR.
//!
//! - [`ConversionTarget`]: which ops are legal, illegal, or decided per op
//!   by a Rust closure or by a type converter's `isLegal` (inside MLIR), per
//!   op name or per dialect.
//! - [`TypeConverter`] (and [`LlvmTypeConverter`], MLIR's
//!   `LLVMTypeConverter`): type conversions as Rust closures (1:1, 1:N,
//!   not applicable, failed), source and target materializations that build
//!   through the [`Materializer`] they get, [`SignatureConversion`].
//! - [`ConversionPattern`]: rooted at an op name or at any op, with the
//!   operands as converted (1:N too); [`ConversionPatternRewriter`], with
//!   MLIR's `convertOpResultTypes` and attributes parsed once per
//!   conversion.
//! - [`ConversionPatternSet`]: Rust patterns and upstream's structural
//!   (function signature, call, return, branch, `scf`, `cf`) and
//!   `*-to-llvm` (`arith`, `func`, `cf`, `math`, `index`, `vector`) and
//!   `math`-to-libm patterns in one set, as in C++.
//! - [`apply_partial_conversion`], [`apply_full_conversion`],
//!   [`apply_analysis_conversion`] with a [`ConversionConfig`].
//!
//! ```
//! use mlir_pass::conversion::{
//!     apply_partial_conversion, ConversionConfig, ConversionPattern, ConversionPatternRewriter,
//!     ConversionPatternSet, ConversionTarget, PatternRoot,
//! };
//! use mlir_pass::melior::ir::{
//!     attribute::IntegerAttribute, operation::OperationLike, Identifier, Value, ValueLike,
//! };
//! use mlir_pass::rewrite::MatchResult;
//! use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};
//!
//! /// `a - b` becomes `a + b * -1`.
//! struct SubToAdd;
//!
//! impl ConversionPattern for SubToAdd {
//!     fn root(&self) -> PatternRoot<'_> {
//!         PatternRoot::Op("arith.subi")
//!     }
//!     fn match_and_rewrite(&self, op: OperationRef<'_>, operands: &[Value<'_, '_>], rewriter: &ConversionPatternRewriter<'_>) -> MatchResult {
//!         let op = op.melior();
//!         let (location, ty) = (op.location(), operands[0].r#type());
//!         let value = [(Identifier::new(rewriter.context(), "value"), IntegerAttribute::new(ty, -1).into())];
//!         let minus_one = rewriter.create("arith.constant", location, &[], &[ty], &value)?;
//!         let negated = rewriter.create("arith.muli", location, &[operands[1], minus_one.result(0)?.into()], &[ty], &[])?;
//!         let sum = rewriter.create("arith.addi", location, &[operands[0], negated.result(0)?.into()], &[ty], &[])?;
//!         rewriter.replace_op_with_operation(op, sum);
//!         Ok(())
//!     }
//! }
//!
//! /// Removes integer subtractions.
//! #[mlir_pass(argument = "no-subi", op = "func.func", dialects = [arith])]
//! #[derive(Clone, Default)]
//! pub struct NoSubi;
//!
//! impl Pass for NoSubi {
//!     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
//!         let mut target = ConversionTarget::new(op.context());
//!         target.add_legal_dialect("arith").add_illegal_op("arith.subi");
//!         let patterns = ConversionPatternSet::builder(op.context()).add(SubToAdd).freeze();
//!         apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
//!     }
//! }
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! mlir_pass::register_all()?;
//! let context = mlir_pass::Context::new();
//! let source = "func.func @f(%a: i32, %b: i32) -> i32 { %c = arith.subi %a, %b : i32\n return %c : i32 }";
//! let mut module = mlir_pass::Module::parse(&context, source, "f.mlir")?;
//! mlir_pass::PassManager::parse(&context, "builtin.module(func.func(no-subi))")?.run(&mut module)?;
//! assert!(!module.to_string().contains("arith.subi"));
//! assert!(module.to_string().contains("arith.muli"));
//! # Ok(())
//! # }
//! ```
//!
//! # Threads
//! A conversion in a pass on `func.func` runs on several threads at once.
//! Patterns, legality closures, type conversions and materializations are
//! `Send + Sync` and take `&self`; build the target, converter and set in
//! `run` (cheap), or share them between clones.
//!
//! # Changes go through the rewriter
//! MLIR's conversion driver undoes what a failing pattern did, and a
//! partial conversion that fails to legalize an op leaves the IR as it was,
//! only for changes made through the [`ConversionPatternRewriter`] (and the
//! [`Materializer`]). A conversion that fails later, while MLIR legalizes
//! the casts it inserted ("failed to legalize unresolved materialization":
//! a materialization that returned nothing, a value replaced by one of
//! another type with no converter, an erased op whose result is still
//! used), keeps the changes and the `builtin.unrealized_conversion_cast`
//! ops, as MLIR 22's driver does for a C++ conversion.
//! Build ops with `rewriter.insert(..)`, and replace, erase and modify ops
//! with the rewriter's methods. The op a pattern gets can be changed
//! through [`OperationRef::melior_mut`](crate::OperationRef::melior_mut)
//! too, but such a change is not undone on rollback.
//!
//! # Failures and panics
//! MLIR reports what it could not convert at the op ("failed to legalize
//! operation '...'"), as for a C++ pass, and the apply function returns an
//! error. A panic in a pattern, a legality closure, a type conversion or a
//! materialization never crosses into MLIR: it is reported as an error at
//! the op concerned (or at the converted op, for a type conversion), naming
//! the pass and what panicked, the rest of the conversion matches nothing,
//! and the apply function returns an error.

mod apply;
mod callback;
mod materializer;
mod pattern;
mod regions;
mod rewriter;
mod set;
mod signature;
mod target;
mod types;

pub use apply::{
    apply_analysis_conversion, apply_full_conversion, apply_partial_conversion, ConversionConfig,
    FoldingMode,
};
pub use materializer::Materializer;
pub use pattern::{ConversionPattern, PatternRoot};
pub use rewriter::ConversionPatternRewriter;
pub use set::{ConversionPatternSet, ConversionPatternSetBuilder};
pub use signature::SignatureConversion;
pub use target::ConversionTarget;
pub use types::{LlvmTypeConverter, Materialization, TypeConversion, TypeConverter};
