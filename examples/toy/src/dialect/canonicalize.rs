//! The Toy ops' canonicalization patterns (upstream's `ToyCombine.cpp`
//! and `ToyCombine.td`): what `canonicalize` does to `toy.reshape` and
//! `toy.transpose`, registered by their ops' `canonicalization_patterns`.

use mlir_pass::dialect::{Op, OpRewritePattern};
use mlir_pass::ir::ValueExt;
use mlir_pass::melior::ir::{operation::OperationLike, ValueLike};
use mlir_pass::rewrite::{MatchResult, NoMatch, PatternRewriter};

use super::shape::reshape_elements;
use super::{ConstantOp, ReshapeOp, TransposeOp};

/// `reshape(reshape(x)) -> reshape(x)`.
pub(super) struct ReshapeReshape;

impl OpRewritePattern for ReshapeReshape {
    type Op<'a> = ReshapeOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: ReshapeOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let inner = op
            .input()
            .defining_op()
            .and_then(|d| ReshapeOp::cast(&d))
            .ok_or(NoMatch)?;
        let location = op.operation().melior().location();
        let outer = rewriter.insert(ReshapeOp::build(
            location,
            op.output().r#type(),
            inner.input(),
        ));
        rewriter.replace_op_with_operation(op, outer);
        Ok(())
    }
}

/// `reshape(x) -> x` when `x` already has the type.
pub(super) struct RedundantReshape;

impl OpRewritePattern for RedundantReshape {
    type Op<'a> = ReshapeOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: ReshapeOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        if op.input().r#type() != op.output().r#type() {
            return Err(NoMatch);
        }
        rewriter.replace_op_with_values(op, &[op.input()]);
        Ok(())
    }
}

/// `reshape(constant) -> constant` of the new shape.
pub(super) struct FoldConstantReshape;

impl OpRewritePattern for FoldConstantReshape {
    type Op<'a> = ReshapeOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: ReshapeOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let constant = op
            .input()
            .defining_op()
            .and_then(|d| ConstantOp::cast(&d))
            .ok_or(NoMatch)?;
        let ty = op.output().r#type();
        let value = reshape_elements(constant.value(), ty).ok_or(NoMatch)?;
        let location = op.operation().melior().location();
        let constant = rewriter.insert(ConstantOp::build(location, ty, value));
        rewriter.replace_op_with_operation(op, constant);
        Ok(())
    }
}

/// `transpose(transpose(x)) -> x`.
pub(super) struct SimplifyRedundantTranspose;

impl OpRewritePattern for SimplifyRedundantTranspose {
    type Op<'a> = TransposeOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: TransposeOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let inner = op
            .input()
            .defining_op()
            .and_then(|d| TransposeOp::cast(&d))
            .ok_or(NoMatch)?;
        rewriter.replace_op_with_values(op, &[inner.input()]);
        Ok(())
    }
}
