//! Typed patterns: the root is an op type, not a string (C++'s
//! `OpRewritePattern<OpTy>` and `OpConversionPattern<OpTy>`).

use std::{
    collections::HashSet,
    sync::{Mutex, OnceLock},
};

use melior::ir::Value;

use super::Op;
use crate::{
    conversion::{ConversionPattern, ConversionPatternRewriter, PatternRoot},
    rewrite::{MatchResult, NoMatch, PatternRewriter, RewritePattern, RootChecked},
    OperationRef,
};

/// A rewrite pattern rooted at one kind of declared op, which it receives
/// as its typed handle: C++'s `OpRewritePattern<OpTy>`. Every such pattern
/// is a [`RewritePattern`] (add it to a
/// [`PatternSetBuilder`](crate::rewrite::PatternSetBuilder) as any other).
///
/// ```ignore
/// struct SimplifyRedundantTranspose;
/// impl OpRewritePattern for SimplifyRedundantTranspose {
///     type Op<'a> = TransposeOp<'a>;
///     fn match_and_rewrite<'a>(&self, op: TransposeOp<'a>, rewriter: &PatternRewriter<'_>) -> MatchResult {
///         let input = op.input().defining_op().and_then(|d| TransposeOp::cast(&d)).ok_or(NoMatch)?;
///         rewriter.replace_op(op.operation(), &[input.input()]);
///         Ok(())
///     }
/// }
/// ```
pub trait OpRewritePattern: Send + Sync + 'static {
    /// The op kind it matches, as its handle type (`TransposeOp<'a>`).
    type Op<'a>: Op<'a>;

    /// How much it is preferred over other patterns on the same op. 1 by
    /// default.
    fn benefit(&self) -> u16 {
        1
    }

    /// The names of the operations it may create. None by default.
    fn generated_ops(&self) -> Vec<String> {
        Vec::new()
    }

    /// Matches `op` and rewrites it through `rewriter`, as
    /// [`RewritePattern::match_and_rewrite`].
    fn match_and_rewrite<'a>(
        &self,
        op: Self::Op<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult;
}

/// `name`, kept for the rest of the process (op names are few).
pub(crate) fn intern(name: String) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(known) = names.get(name.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(name.into_boxed_str());
    names.insert(leaked);
    leaked
}

impl<P: OpRewritePattern> RewritePattern for P {
    fn root(&self) -> &str {
        intern(<P::Op<'static> as Op<'static>>::operation_name())
    }

    fn benefit(&self) -> u16 {
        OpRewritePattern::benefit(self)
    }

    fn generated_ops(&self) -> Vec<String> {
        OpRewritePattern::generated_ops(self)
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        // The driver gives a pattern only ops named as its root; a direct
        // call with another op matches nothing.
        if !super::op::is_op(op, P::Op::namespace(), P::Op::definition().name) {
            return Err(NoMatch);
        }
        // Named as the root: just checked.
        self.match_and_rewrite_root(op, rewriter, RootChecked::by_driver())
    }

    fn match_and_rewrite_root(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
        _root: RootChecked,
    ) -> MatchResult {
        // SAFETY: the driver gives only ops named as the root, the handle's
        // kind (`_root`).
        let typed = unsafe { P::Op::from_operation_unchecked(op) };
        OpRewritePattern::match_and_rewrite(self, typed, rewriter)
    }
}

/// A conversion pattern rooted at one kind of declared op, which it
/// receives as its typed handle, with its operands as converted so far:
/// C++'s `OpConversionPattern<OpTy>` (the adaptor is `operands`, in the
/// op's operand order). Every such pattern is a [`ConversionPattern`].
pub trait OpConversionPattern: Send + Sync + 'static {
    /// The op kind it converts, as its handle type.
    type Op<'a>: Op<'a>;

    /// Its priority among the patterns for the same op. 1 by default.
    fn benefit(&self) -> u16 {
        1
    }

    /// Whether it may apply to ops it created itself
    /// ([`ConversionPattern::has_bounded_rewrite_recursion`]).
    fn has_bounded_rewrite_recursion(&self) -> bool {
        false
    }

    /// Converts `op` through `rewriter`, as
    /// [`ConversionPattern::match_and_rewrite`].
    fn match_and_rewrite<'a>(
        &self,
        op: Self::Op<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult;
}

impl<P: OpConversionPattern> ConversionPattern for P {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op(intern(<P::Op<'static> as Op<'static>>::operation_name()))
    }

    fn benefit(&self) -> u16 {
        OpConversionPattern::benefit(self)
    }

    fn has_bounded_rewrite_recursion(&self) -> bool {
        OpConversionPattern::has_bounded_rewrite_recursion(self)
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        // As for rewrite patterns: the driver gives only ops of the root.
        if !super::op::is_op(op, P::Op::namespace(), P::Op::definition().name) {
            return Err(NoMatch);
        }
        // Named as the root: just checked.
        self.match_and_rewrite_root(op, operands, rewriter, RootChecked::by_driver())
    }

    fn match_and_rewrite_root(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
        _root: RootChecked,
    ) -> MatchResult {
        // SAFETY: the driver gives only ops named as the root, the handle's
        // kind (`_root`).
        let typed = unsafe { P::Op::from_operation_unchecked(op) };
        OpConversionPattern::match_and_rewrite(self, typed, operands, rewriter)
    }
}
