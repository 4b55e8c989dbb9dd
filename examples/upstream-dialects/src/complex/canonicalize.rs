//! The complex ops' canonicalization patterns (`hasCanonicalizer` in
//! `ComplexOps.td`, the patterns of `ComplexOps.cpp`): two make `arith`
//! ops, and one is rooted at `arith.bitcast`, registered with
//! `complex.bitcast`'s.

use std::marker::PhantomData;

use mlir_pass::dialect::{Op, OpRewritePattern};
use mlir_pass::melior::ir::{operation::OperationLike, Type, TypeLike, Value, ValueLike};
use mlir_pass::ops::arith;
use mlir_pass::rewrite::{MatchResult, NoMatch, PatternRewriter, RewritePattern};
use mlir_pass::OperationRef;

use super::{defined_by, BitcastOp, CreateOp, ImOp, NegOp, ReOp};

/// `complex.re` or `complex.im`, for [`FoldComponentNeg`]: its operand and
/// which part of `complex.create` it takes.
pub(super) trait ComponentOp: 'static {
    /// The op's handle.
    type Handle<'a>: Op<'a>;
    /// The part: 0 for the real one, 1 for the imaginary one.
    const PART: usize;
    /// The operand.
    fn complex<'a>(op: &Self::Handle<'a>) -> Value<'a, 'a>;
}

impl ComponentOp for ReOp<'static> {
    type Handle<'a> = ReOp<'a>;
    const PART: usize = 0;
    fn complex<'a>(op: &Self::Handle<'a>) -> Value<'a, 'a> {
        op.complex()
    }
}

impl ComponentOp for ImOp<'static> {
    type Handle<'a> = ImOp<'a>;
    const PART: usize = 1;
    fn complex<'a>(op: &Self::Handle<'a>) -> Value<'a, 'a> {
        op.complex()
    }
}

/// `re(neg(create(x, y)))` -> `arith.negf x`, and `im(...)` -> `arith.negf
/// y` (`FoldComponentNeg<OpKind, ComponentIndex>`).
pub(super) struct FoldComponentNeg<K>(PhantomData<fn() -> K>);

impl<K> FoldComponentNeg<K> {
    pub(super) fn new() -> Self {
        Self(PhantomData)
    }
}

impl<K: ComponentOp> OpRewritePattern for FoldComponentNeg<K> {
    type Op<'a> = K::Handle<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: K::Handle<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let neg = defined_by::<NegOp<'a>>(K::complex(&op)).ok_or(NoMatch)?;
        let create = defined_by::<CreateOp<'a>>(neg.complex()).ok_or(NoMatch)?;
        let part = if K::PART == 0 {
            create.real()
        } else {
            create.imaginary()
        };
        let location = op.operation().melior().location();
        let negf = rewriter.insert(arith::NegFOp::build(location, part, None));
        rewriter.replace_op_with_operation(op, negf);
        Ok(())
    }
}

/// A new `complex.bitcast` of `operand` to `ty` in place of `op`.
fn replace_with_bitcast(
    rewriter: &PatternRewriter<'_>,
    op: OperationRef<'_>,
    ty: Type<'_>,
    operand: Value<'_, '_>,
) {
    let location = op.melior().location();
    let cast = rewriter.insert(BitcastOp::build(location, ty, operand));
    rewriter.replace_op_with_operation(op, cast);
}

/// `bitcast(bitcast(x))` -> one `complex.bitcast` when a complex type is on
/// either end, else an `arith.bitcast`; `bitcast(arith.bitcast(x))` -> a
/// `complex.bitcast` (`MergeComplexBitcast`).
pub(super) struct MergeComplexBitcast;

impl OpRewritePattern for MergeComplexBitcast {
    type Op<'a> = BitcastOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: BitcastOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let ty = op.result().r#type();
        if let Some(inner) = defined_by::<BitcastOp<'a>>(op.operand()) {
            let source = inner.operand();
            if ty.is_complex() || source.r#type().is_complex() {
                replace_with_bitcast(rewriter, op.operation(), ty, source);
            } else {
                let location = op.operation().melior().location();
                let cast = rewriter.insert(arith::BitcastOp::build(location, ty, source));
                rewriter.replace_op_with_operation(op, cast);
            }
            return Ok(());
        }
        if let Some(inner) = defined_by::<arith::BitcastOp<'a>>(op.operand()) {
            replace_with_bitcast(rewriter, op.operation(), ty, inner.r#in());
            return Ok(());
        }
        Err(NoMatch)
    }
}

/// `arith.bitcast(complex.bitcast(x))` -> `complex.bitcast x`
/// (`MergeArithBitcast`, rooted at `arith.bitcast`).
pub(super) struct MergeArithBitcast;

impl RewritePattern for MergeArithBitcast {
    fn root(&self) -> &str {
        "arith.bitcast"
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let cast = arith::BitcastOp::cast(&op).ok_or(NoMatch)?;
        let inner = defined_by::<BitcastOp<'_>>(cast.r#in()).ok_or(NoMatch)?;
        replace_with_bitcast(rewriter, op, cast.out().r#type(), inner.operand());
        Ok(())
    }
}
