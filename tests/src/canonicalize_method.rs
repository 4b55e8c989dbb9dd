//! The `rcanon` dialect: ops canonicalized by a `canonicalize` method (ODS's
//! `hasCanonicalizeMethod`). `rcanon.assert` is `cf.assert` again, whose
//! method erases an assertion of a constant `true`, so that the tests
//! compare `canonicalize` on both byte for byte; `rcanon.mark` has the
//! method and `canonicalization_patterns` too, and says which applied first
//! (the method), or panics on request.

#![deny(unsafe_code)]

use mlir_pass::{
    dialect::{
        mlir_dialect, mlir_op,
        ods::{Optional, StrAttr, I1},
        Op, OpRewritePattern,
    },
    ir::ValueExt,
    melior::ir::{attribute::StringAttribute, operation::OperationMutLike},
    rewrite::{MatchResult, NoMatch, PatternRewriter, PatternSetBuilder},
};

/// Ops with a `canonicalize` method.
#[mlir_dialect(name = "rcanon")]
pub struct RCanonDialect;

/// `cf.assert` again: aborts at run time unless `arg` is true; an assertion
/// of a constant `true` is erased by its `canonicalize` method.
#[mlir_op(
    dialect = RCanonDialect,
    name = "assert",
    format = "$arg `,` $msg attr-dict",
    effects = [MemWrite],
    canonicalize_method
)]
pub struct AssertOp {
    /// The condition.
    #[operand]
    arg: I1,
    /// The message.
    #[attr]
    msg: StrAttr,
}

impl<'a> AssertOp<'a> {
    /// `AssertOp::canonicalize`: `matchPattern(op.getArg(), m_One())`,
    /// then `eraseOp`.
    fn canonicalize(op: Self, rewriter: &PatternRewriter<'_>) -> MatchResult {
        if !op.arg().constant_int().is_some_and(|c| c.is_one()) {
            return Err(NoMatch);
        }
        rewriter.erase_op(op.operation());
        Ok(())
    }
}

/// An op whose `state` says who canonicalized it: `"todo"` becomes
/// `"method"` when the method applies first, `"patterns"` when the pattern
/// of `canonicalization_patterns` does; `"panic"` makes the method panic.
#[mlir_op(
    dialect = RCanonDialect,
    name = "mark",
    format = "attr-dict",
    effects = [MemWrite],
    canonicalize_method,
    canonicalizer
)]
pub struct MarkOp {
    /// Who canonicalized the op.
    #[attr]
    state: Optional<StrAttr>,
}

impl<'a> MarkOp<'a> {
    fn state_is(&self, wanted: &str) -> bool {
        self.state().is_some_and(|s| s.value() == wanted)
    }

    fn mark(self, rewriter: &PatternRewriter<'_>, by: &str) -> MatchResult {
        if !self.state_is("todo") {
            return Err(NoMatch);
        }
        let value = StringAttribute::new(self.context(), by);
        rewriter.modify_op_in_place(self.operation().melior(), |mut op| {
            op.set_attribute("state", value.into())
        });
        Ok(())
    }

    fn canonicalize(self, rewriter: &PatternRewriter<'_>) -> MatchResult {
        if self.state_is("panic") {
            panic!("canonicalize blew up");
        }
        self.mark(rewriter, "method")
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(MarkByPattern)
    }
}

/// Marks a `rcanon.mark` as canonicalized by a pattern.
struct MarkByPattern;

impl OpRewritePattern for MarkByPattern {
    type Op<'a> = MarkOp<'a>;

    fn match_and_rewrite<'a>(&self, op: MarkOp<'a>, rewriter: &PatternRewriter<'_>) -> MatchResult {
        op.mark(rewriter, "patterns")
    }
}
