//! `index.cmp`: a comparison of two `index` values, folded where the
//! 32-bit and 64-bit targets agree, and `cmp(x - y, 0)` canonicalized.

use mlir_pass::dialect::{
    int_range::{self, ApInt, INDEX_MIN_WIDTH},
    mlir_op,
    ods::{Index, I1},
    FoldResult, IntRange, Op, ResultRanges,
};
use mlir_pass::ir::ValueExt;
use mlir_pass::melior::ir::{attribute::BoolAttribute, Attribute, Value};
use mlir_pass::rewrite::PatternSetBuilder;

use super::super::canonicalize::CmpOfSub;
use super::super::fold::{self, Bound};
use super::super::{defined_by, index_value, IndexCmpPredicateAttr, IndexDialect};
use super::{MaxSOp, MaxUOp, MinSOp, MinUOp};

/// Compares two `index` values: `index.cmp slt(%a, %b)`.
#[mlir_op(
    dialect = IndexDialect,
    name = "cmp",
    traits = [Pure],
    format = "`` $pred `(` $lhs `,` $rhs `)` attr-dict",
    interfaces = [InferIntRangeInterface, InferTypeOpInterface(from_constraints)],
    folder,
    canonicalizer
)]
pub struct CmpOp {
    /// The comparison.
    #[attr]
    pred: IndexCmpPredicateAttr,
    /// The left operand.
    #[operand]
    lhs: Index,
    /// The right operand.
    #[operand]
    rhs: Index,
    /// Whether the comparison holds.
    #[result]
    result: I1,
}

impl<'a> CmpOp<'a> {
    /// `[1, 1]` or `[0, 0]` when the operands' ranges decide the comparison
    /// alike at 64 and 32 bits, else `[0, 1]`.
    fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let predicate = self.pred().value().range_predicate();
        let (lhs, rhs) = (&args[0], &args[1]);
        let at64 = int_range::evaluate_pred(predicate, lhs, rhs);
        let at32 = int_range::evaluate_pred(
            predicate,
            &int_range::trunc_range(lhs, INDEX_MIN_WIDTH),
            &int_range::trunc_range(rhs, INDEX_MIN_WIDTH),
        );
        let (mut min, mut max) = (ApInt::zero(1), ApInt::all_ones(1));
        match (at64 == at32).then_some(at64).flatten() {
            Some(true) => min = max,
            Some(false) => max = min,
            None => {}
        }
        ranges.set(self.result(), IntRange::from_unsigned(min, max));
    }

    /// Constants compare when both widths agree; so does `max/min(x, a)`
    /// against a constant `b` when the bound decides; `cmp(x, x)` is known.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        let predicate = self.pred().value().predicate();
        let lhs = index_value(operands[0]);
        let rhs = index_value(operands[1]);
        let known = |value: bool| {
            let attr = BoolAttribute::new(self.context(), value);
            Some(FoldResult::Attribute(attr.into()))
        };
        if let (Some(lhs), Some(rhs)) = (lhs, rhs) {
            if let Some(value) = fold::compare(predicate, lhs, rhs) {
                return known(value);
            }
        }
        if let (Some((bound, a)), Some(b)) = (self.lhs().defining_op_bound(), rhs) {
            if let Some(a) = index_value(a.constant()) {
                if let Some(value) = fold::compare_bound(predicate, bound, a, b) {
                    return known(value);
                }
            }
        }
        if self.lhs() == self.rhs() {
            return known(predicate.same_operands());
        }
        None
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(CmpOfSub)
    }
}

/// Which bound op defines a value, and that op's right operand.
trait DefiningBound<'a> {
    fn defining_op_bound(self) -> Option<(Bound, Value<'a, 'a>)>;
}

impl<'a> DefiningBound<'a> for Value<'a, 'a> {
    fn defining_op_bound(self) -> Option<(Bound, Value<'a, 'a>)> {
        if let Some(op) = defined_by::<MaxSOp>(self) {
            return Some((Bound::MaxS, op.rhs()));
        }
        if let Some(op) = defined_by::<MaxUOp>(self) {
            return Some((Bound::MaxU, op.rhs()));
        }
        if let Some(op) = defined_by::<MinSOp>(self) {
            return Some((Bound::MinS, op.rhs()));
        }
        defined_by::<MinUOp>(self).map(|op| (Bound::MinU, op.rhs()))
    }
}
