//! `fold-arith-identities`: integer identities on `arith`, as rewrite
//! patterns applied by MLIR's greedy driver.

use mlir_pass::{
    dialect::{Op, OpRewritePattern},
    ir::ValueExt,
    melior::ir::{
        attribute::IntegerAttribute, r#type::IntegerType, Type, TypeLike, Value, ValueLike,
    },
    mlir_pass,
    ops::arith,
    rewrite::{
        GreedyConfig, MatchResult, NoMatch, PatternPass, PatternRewriter, PatternSetBuilder,
    },
    OperationRef,
};

/// Folds integer arithmetic identities: `x+0`, `0+x`, `x-0`, `x*1`, `1*x`
/// become `x`; `x*0`, `0*x` and `x-x` become `0`.
///
/// Works on `arith.addi`, `arith.subi` and `arith.muli` of signless integers
/// up to 64 bits and `index`, with constants from `arith.constant`; vectors
/// and tensors are left alone. The patterns run on MLIR's greedy driver, in
/// the order and with the iteration limit the options give, with the ops'
/// own folders turned off (they know the same identities) and constants
/// deduplicated.
#[mlir_pass(argument = "fold-arith-identities", op = "func.func", dialects = [arith])]
#[derive(Clone, Debug, Default)]
pub struct FoldArithIdentities {
    /// Visit operations top-down (true) or bottom-up (false).
    #[option(default = true)]
    pub top_down: bool,
    /// Most passes over the function the greedy driver makes; -1 for no limit.
    #[option(default = 10)]
    pub max_iterations: i64,
}

/// The names of the patterns [`FoldArithIdentities`] applies, in the order it
/// adds them.
pub const IDENTITY_PATTERNS: [&str; 3] = ["AddZero", "SubIdentities", "MulIdentities"];

impl PatternPass for FoldArithIdentities {
    fn patterns(&self, patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(AddZero).add(SubIdentities).add(MulIdentities)
    }

    fn config(&self) -> GreedyConfig {
        GreedyConfig {
            top_down: self.top_down,
            max_iterations: self.max_iterations,
            // The ops' own folders know these identities too; folding is off
            // so that the patterns do the work.
            fold: false,
            ..GreedyConfig::default()
        }
    }
}

/// The integer constant `value` holds, if it comes from an `arith.constant`
/// of a supported type. `i1` true reads as 1.
fn constant_of(value: Value<'_, '_>) -> Option<i64> {
    value.arith_constant_int()
}

/// The bit width of a signless integer type up to 64 bits (64 for `index`),
/// or `None` for other types.
fn supported_width(ty: Type<'_>) -> Option<u32> {
    if ty.is_index() {
        return Some(64);
    }
    let int = IntegerType::try_from(ty).ok()?;
    (int.is_signless() && int.width() <= 64).then(|| int.width())
}

/// Replaces `op` by a new `arith.constant 0` of its result type.
fn replace_with_zero(op: OperationRef<'_>, rewriter: &PatternRewriter<'_>) -> MatchResult {
    let ty = op.result(0)?.r#type();
    supported_width(ty).ok_or(NoMatch)?;
    rewriter.set_insertion_point_before(op);
    let zero = rewriter.insert(arith::ConstantOp::build(
        op.location(),
        ty,
        IntegerAttribute::new(ty, 0).into(),
    ));
    rewriter.replace_op_with_values(op, &[zero.result(0)?.into()]);
    Ok(())
}

/// `x + 0` and `0 + x` become `x`.
struct AddZero;

impl OpRewritePattern for AddZero {
    type Op<'a> = arith::AddIOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: arith::AddIOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let (lhs, rhs) = (op.lhs(), op.rhs());
        match (constant_of(lhs), constant_of(rhs)) {
            (_, Some(0)) => rewriter.replace_op_with_values(op, &[lhs]),
            (Some(0), _) => rewriter.replace_op_with_values(op, &[rhs]),
            _ => return Err(NoMatch),
        }
        Ok(())
    }
}

/// `x - 0` becomes `x`; `x - x` becomes `0`.
struct SubIdentities;

impl OpRewritePattern for SubIdentities {
    type Op<'a> = arith::SubIOp<'a>;

    fn generated_ops(&self) -> Vec<String> {
        vec![arith::ConstantOp::operation_name()]
    }

    fn match_and_rewrite<'a>(
        &self,
        op: arith::SubIOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let (lhs, rhs) = (op.lhs(), op.rhs());
        if constant_of(rhs) == Some(0) {
            rewriter.replace_op_with_values(op, &[lhs]);
            return Ok(());
        }
        if lhs == rhs {
            return replace_with_zero(op.operation(), rewriter);
        }
        Err(NoMatch)
    }
}

/// `x * 1` and `1 * x` become `x`; `x * 0` and `0 * x` become `0`.
struct MulIdentities;

impl OpRewritePattern for MulIdentities {
    type Op<'a> = arith::MulIOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: arith::MulIOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let (lhs, rhs) = (op.lhs(), op.rhs());
        let with = match (constant_of(lhs), constant_of(rhs)) {
            (_, Some(0)) => rhs,
            (Some(0), _) => lhs,
            (_, Some(1)) => lhs,
            (Some(1), _) => rhs,
            _ => return Err(NoMatch),
        };
        rewriter.replace_op_with_values(op, &[with]);
        Ok(())
    }
}
