//! [`PatternPass`]: a pass that is its patterns, with no pattern-set
//! plumbing in the user's struct.

use std::sync::Arc;

use super::{
    apply_patterns_greedily, walk_and_apply_patterns, GreedyConfig, PatternSet, PatternSetBuilder,
};
use crate::{external::with_instance_state, handle::ContextRef, OperationRef, Pass, PassError};

/// Which of MLIR's drivers a [`PatternPass`] applies its patterns with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PatternDriver {
    /// `applyPatternsGreedily` with [`PatternPass::config`]: rewrite (and
    /// fold) until nothing changes.
    #[default]
    Greedy,
    /// `walkAndApplyPatterns`: one post-order walk, each op once, no folding.
    Walk,
}

/// A pass that applies rewrite patterns to the op it runs on: implement this
/// instead of [`Pass`], and the runtime builds the pattern set once per
/// `initialize` (after the options are set), shares it with every clone,
/// and applies it in `run`. The struct holds options only:
///
/// ```
/// use mlir_pass::ir::ValueExt;
/// use mlir_pass::melior::ir::operation::OperationLike;
/// use mlir_pass::rewrite::{MatchResult, NoMatch, PatternPass, PatternRewriter, PatternSetBuilder, RewritePattern};
/// use mlir_pass::{mlir_pass, OperationRef};
///
/// /// `x - 0` becomes `x`.
/// struct SubZero;
///
/// impl RewritePattern for SubZero {
///     fn root(&self) -> &str { "arith.subi" }
///     fn match_and_rewrite(&self, op: OperationRef<'_>, rewriter: &PatternRewriter<'_>) -> MatchResult {
///         let rhs = op.operand(1)?;
///         if !rhs.constant_int().is_some_and(|c| c.is_zero()) {
///             return Err(NoMatch);
///         }
///         rewriter.replace_op_with_values(op.melior(), &[op.operand(0)?]);
///         Ok(())
///     }
/// }
///
/// /// Removes `x - 0`, leaving `x`.
/// #[mlir_pass(argument = "remove-sub-zero", op = "func.func", dialects = [arith])]
/// #[derive(Clone, Default)]
/// pub struct RemoveSubZero;
///
/// impl PatternPass for RemoveSubZero {
///     fn patterns(&self, patterns: PatternSetBuilder) -> PatternSetBuilder {
///         patterns.add(SubZero)
///     }
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// mlir_pass::register_all()?;
/// let context = mlir_pass::Context::new();
/// let source = "func.func @f(%x: i32) -> i32 { %c0 = arith.constant 0 : i32\n %y = arith.subi %x, %c0 : i32\n return %y : i32 }";
/// let mut module = mlir_pass::Module::parse(&context, source, "f.mlir")?;
/// let mut pm = mlir_pass::PassManager::parse(&context, "builtin.module(func.func(remove-sub-zero))")?;
/// pm.run(&mut module)?;
/// assert!(!module.to_string().contains("arith.subi"));
/// # Ok(())
/// # }
/// ```
///
/// Options (`#[option]` fields) are set before `initialize` runs, so
/// [`PatternPass::patterns`] and [`PatternPass::config`] may read them.
/// A pattern set whose root names no operation of a loaded dialect fails
/// `initialize` with the pattern's name and a suggestion
/// ([`PatternSetBuilder::try_freeze`]).
///
/// Implementing `PatternPass` implements [`Pass`]: a type implements one of
/// the two. A `PatternPass` runs only inside a pass manager (the runtime
/// keeps its pattern set beside the pass).
pub trait PatternPass: Send + 'static {
    /// Adds the pass's patterns (C++'s `populate...Patterns(patterns)`).
    fn patterns(&self, patterns: PatternSetBuilder) -> PatternSetBuilder;

    /// The greedy driver's settings; MLIR's defaults unless overridden (from
    /// options, say).
    fn config(&self) -> GreedyConfig {
        GreedyConfig::default()
    }

    /// Which driver applies the patterns; the greedy one by default.
    fn driver(&self) -> PatternDriver {
        PatternDriver::Greedy
    }
}

impl<T: PatternPass> Pass for T {
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        let set = self.patterns(PatternSet::builder(context)).try_freeze()?;
        with_instance_state(|state| match state {
            Some(state) => {
                state.built = Some(Arc::new(set));
                Ok(())
            }
            None => Err(outside_pass_manager()),
        })
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let set = with_instance_state(|state| {
            state
                .and_then(|state| state.built.clone())
                .and_then(|built| built.downcast::<PatternSet>().ok())
        })
        .ok_or_else(outside_pass_manager)?;
        match self.driver() {
            PatternDriver::Greedy => apply_patterns_greedily(op, &set, &self.config()),
            PatternDriver::Walk => walk_and_apply_patterns(op, &set),
        }
    }
}

fn outside_pass_manager() -> PassError {
    PassError::new(
        "a PatternPass keeps its patterns beside the pass in the pass manager: run it \
         through a pass manager (MLIR initializes it first), not by calling `run` directly",
    )
}
