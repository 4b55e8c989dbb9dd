//! Ops made by name and by typed builder with inherent attributes (kept in
//! the op's properties) next to discardable ones, for the test that both
//! land where MLIR's own builders put them.

use mlir_pass::{
    conversion::{
        apply_partial_conversion, ConversionConfig, ConversionPattern, ConversionPatternRewriter,
        ConversionPatternSet, ConversionTarget, PatternRoot,
    },
    melior::ir::{
        attribute::{IntegerAttribute, StringAttribute},
        Identifier, Value, ValueLike,
    },
    mlir_pass,
    ops::arith,
    rewrite::{MatchResult, NoMatch},
    OperationRef, Pass, PassError,
};

/// `arith.subi %a, %b` becomes `arith.addi %a, 7` made by name, with the
/// constant made by name (`value`, inherent, and `test.tag`, discardable)
/// and the sum carrying `overflowFlags` (inherent) and `test.made`; or,
/// with `typed`, a constant `-1` made by `arith::ConstantOp::create` and a
/// product by `arith::MulIOp::create` with its flags.
struct SubToAttributed {
    typed: bool,
}

impl ConversionPattern for SubToAttributed {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op("arith.subi")
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let location = op.location();
        let ty = operands[0].r#type();
        let context = rewriter.context();
        let flags = rewriter
            .parse_attribute("#arith.overflow<nsw>")
            .ok_or(NoMatch)?;
        if self.typed {
            let minus_one = arith::ConstantOp::create(
                rewriter,
                location,
                ty,
                IntegerAttribute::new(ty, -1).into(),
            )?;
            let flags = arith::IntegerOverflowFlags::NSW;
            let product = arith::MulIOp::create(
                rewriter,
                location,
                operands[1],
                minus_one.result(),
                Some(flags),
            )?;
            rewriter.replace_op_with_operation(op, product);
            return Ok(());
        }
        let seven = rewriter.create(
            "arith.constant",
            location,
            &[],
            &[ty],
            &[
                (
                    Identifier::new(context, "test.tag"),
                    StringAttribute::new(context, "c").into(),
                ),
                (
                    Identifier::new(context, "value"),
                    IntegerAttribute::new(ty, 7).into(),
                ),
            ],
        )?;
        let sum = rewriter.create(
            "arith.addi",
            location,
            &[operands[0], seven.result(0).map_err(|_| NoMatch)?.into()],
            &[ty],
            &[
                (Identifier::new(context, "overflowFlags"), flags),
                (
                    Identifier::new(context, "test.made"),
                    StringAttribute::new(context, "s").into(),
                ),
            ],
        )?;
        rewriter.replace_op_with_operation(op, sum);
        Ok(())
    }
}

/// Runs the pattern above (`SubToAttributed`) as a partial conversion
/// (`arith.subi` illegal).
#[mlir_pass(argument = "test-create-attributes", op = "func.func", dialects = [arith])]
#[derive(Clone, Debug, Default)]
pub struct CreateAttributes {
    /// Make the ops with the typed builders of `mlir_pass::ops`.
    #[option]
    pub typed: bool,
}

impl Pass for CreateAttributes {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut target = ConversionTarget::new(op.context());
        target
            .add_illegal_op("arith.subi")
            .add_legal_dialect("arith");
        let patterns = ConversionPatternSet::builder(op.context())
            .add(SubToAttributed { typed: self.typed })
            .freeze();
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}
