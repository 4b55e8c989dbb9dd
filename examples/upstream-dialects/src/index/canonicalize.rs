//! The index ops' canonicalization patterns (`hasCanonicalizeMethod` in
//! `IndexOps.td`, the `canonicalize` functions of `IndexOps.cpp`).

use std::marker::PhantomData;

use mlir_pass::dialect::{Op, OpRewritePattern};
use mlir_pass::ir::ValueExt;
use mlir_pass::melior::ir::{
    attribute::IntegerAttribute, operation::OperationLike, r#type::IntegerType, Location,
    Operation, Value,
};
use mlir_pass::rewrite::{MatchResult, NoMatch, PatternRewriter};

use super::{defined_by, CmpOp, SubOp};

/// A binary op of the dialect, as the pattern of the associative and
/// commutative ones sees it.
pub(super) trait BinaryOp<'a>: Op<'a> {
    /// The left operand.
    fn lhs_value(&self) -> Value<'a, 'a>;
    /// The right operand.
    fn rhs_value(&self) -> Value<'a, 'a>;
    /// A new op of this kind (not inserted).
    fn build_binary(
        location: Location<'a>,
        lhs: Value<'a, '_>,
        rhs: Value<'a, '_>,
    ) -> Operation<'a>;
}

/// The kind of a binary op, for patterns generic over it: implemented by
/// the handle at `'static`, naming the handle at every lifetime.
pub(super) trait BinaryKind: 'static {
    /// The op's handle.
    type Handle<'a>: BinaryOp<'a>;
}

/// `op(op(v, c1), c2)` -> `op(v, op(c2, c1))`, the inner op folded
/// (`canonicalizeAssociativeCommutativeBinaryOp`). As upstream's, it builds
/// `op(c2, c1)` with `createOrFold` before knowing whether it folds, and
/// fails when it does not, leaving that op behind for the driver to erase:
/// `canonicalize` then reports no convergence under `test-convergence`, as
/// the stock `mlir-opt` does.
pub(super) struct AssociativeCommutative<K>(PhantomData<fn() -> K>);

impl<K> AssociativeCommutative<K> {
    pub(super) fn new() -> Self {
        Self(PhantomData)
    }
}

impl<K: BinaryKind> OpRewritePattern for AssociativeCommutative<K> {
    type Op<'a> = K::Handle<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: K::Handle<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        if op.rhs_value().constant().is_none() {
            return Err(NoMatch); // RHS is not a constant
        }
        let inner = defined_by::<K::Handle<'a>>(op.lhs_value()).ok_or(NoMatch)?;
        if inner.rhs_value().constant().is_none() {
            return Err(NoMatch); // RHS of LHS op is not a constant
        }
        let location = op.operation().melior().location();
        let folded = rewriter.create_or_fold(K::Handle::build_binary(
            location,
            op.rhs_value(),
            inner.rhs_value(),
        ))[0];
        if defined_by::<K::Handle<'_>>(folded).is_some() {
            return Err(NoMatch); // new BinaryOp was not folded
        }
        let replacement =
            rewriter.insert(K::Handle::build_binary(location, inner.lhs_value(), folded));
        rewriter.replace_op_with_operation(op, replacement);
        Ok(())
    }
}

/// `cmp(x - y, 0)` -> `cmp(x, y)` and `cmp(0, x - y)` -> `cmp(y, x)`, the
/// predicate kept (`CmpOp::canonicalize`).
pub(super) struct CmpOfSub;

impl OpRewritePattern for CmpOfSub {
    type Op<'a> = CmpOp<'a>;

    fn match_and_rewrite<'a>(&self, op: CmpOp<'a>, rewriter: &PatternRewriter<'_>) -> MatchResult {
        let is_zero = |value: Value<'a, 'a>| {
            value
                .constant()
                .and_then(|c| IntegerAttribute::try_from(c).ok())
                .is_some_and(|c| c.value() == 0)
        };
        let (rhs_zero, lhs_zero) = (is_zero(op.rhs()), is_zero(op.lhs()));
        if !rhs_zero && !lhs_zero {
            return Err(NoMatch); // cmp is not comparing something with 0
        }
        let difference = if rhs_zero { op.lhs() } else { op.rhs() };
        let sub = defined_by::<SubOp<'a>>(difference).ok_or(NoMatch)?;
        let (lhs, rhs) = if rhs_zero {
            (sub.lhs(), sub.rhs())
        } else {
            (sub.rhs(), sub.lhs())
        };
        let i1 = IntegerType::new(op.context(), 1).into();
        let location = op.operation().melior().location();
        let replacement = rewriter.insert(CmpOp::build(location, i1, lhs, rhs, op.pred()));
        rewriter.replace_op_with_operation(op, replacement);
        Ok(())
    }
}
