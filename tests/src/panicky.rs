//! Ops of the `rtest` dialect whose user hooks panic on request, one hook
//! kind each, so that the tests can check that every panic fails the work
//! it happens in (a parse, a verification, the pass that called the hook, a
//! print) with a diagnostic that names the hook. The dialect's materializer
//! and the `!rtest.pair` type verifier panic too (see `test_dialect`).

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyTensor, AnyType, I64},
    FoldResult, Op, OpParser, OpPrinter, OpRewritePattern, ParseError,
};
use mlir_pass::melior::ir::{operation::OperationLike, Attribute, Type, ValueLike};
use mlir_pass::rewrite::{MatchResult, NoMatch, PatternRewriter, PatternSetBuilder};

use crate::test_dialect::RTestDialect;

/// An op whose canonicalization patterns panic while `canonicalize`
/// collects them (when it initializes, before any pass runs).
#[mlir_op(dialect = RTestDialect, name = "panicky_patterns", canonicalizer)]
pub struct PanickyPatternsOp {
    /// The input.
    #[operand]
    input: I64,
}

impl PanickyPatternsOp<'_> {
    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        let _patterns = patterns;
        panic!("collecting the patterns blew up")
    }
}

/// A `ConstantLike` op whose folder does not fold it (MLIR's constant
/// matchers assume one attribute): an error, not undefined behaviour.
#[mlir_op(dialect = RTestDialect, name = "bad_constant", traits = [ConstantLike], folder)]
pub struct BadConstantOp {
    /// The result.
    #[result]
    output: I64,
}

impl<'a> BadConstantOp<'a> {
    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        None
    }
}

/// An op whose folder returns its operand, whatever its type: a value of
/// another type than its result's when they differ.
#[mlir_op(dialect = RTestDialect, name = "bad_fold", folder)]
pub struct BadFoldOp {
    /// The input.
    #[operand]
    input: AnyType,
    /// The output.
    #[result]
    output: I64,
}

impl<'a> BadFoldOp<'a> {
    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Value(self.input()))
    }
}

/// An op whose verifier, folder and canonicalization pattern panic when it
/// has a `boom_verify`, `boom_fold` or `boom_pattern` attribute.
#[mlir_op(dialect = RTestDialect, name = "panicky", verifier, folder, canonicalizer)]
pub struct PanickyOp {
    /// The input.
    #[operand]
    input: I64,
    /// The output.
    #[result]
    output: I64,
}

impl<'a> PanickyOp<'a> {
    fn verify(&self) -> Result<(), String> {
        if self.operation().melior().has_attribute("boom_verify") {
            panic!("the verifier blew up");
        }
        Ok(())
    }

    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        if self.operation().melior().has_attribute("boom_fold") {
            panic!("the folder blew up");
        }
        None
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(PanickingPattern)
    }
}

/// Panics on an `rtest.panicky` with a `boom_pattern` attribute.
struct PanickingPattern;

impl OpRewritePattern for PanickingPattern {
    type Op<'a> = PanickyOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: PanickyOp<'a>,
        _rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        if op.operation().melior().has_attribute("boom_pattern") {
            panic!("the pattern blew up");
        }
        Err(NoMatch)
    }
}

/// An op with a hand-written syntax, `rtest.panicky_asm %x : i64`, whose
/// parser panics on `rtest.panicky_asm boom` and whose printer panics when
/// the op has a `boom_print` attribute.
#[mlir_op(dialect = RTestDialect, name = "panicky_asm", custom_assembly)]
pub struct PanickyAsmOp {
    /// The input.
    #[operand]
    input: I64,
}

impl PanickyAsmOp<'_> {
    fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError> {
        if parser.optional_literal("boom")? {
            panic!("the parser blew up");
        }
        let input = parser.operand()?;
        parser.attr_dict()?;
        parser.literal(":")?;
        let ty = parser.r#type()?;
        parser.resolve(&[input], &[ty])
    }

    fn print(&self, printer: &mut OpPrinter<'_>) {
        let op = self.operation();
        if op.melior().has_attribute("boom_print") {
            printer.text(" halfway");
            panic!("the printer blew up");
        }
        printer
            .text(" ")
            .operand(self.input())
            .attr_dict(op, &[])
            .text(" : ")
            .r#type(self.input().r#type());
    }
}

/// A cast (`CastOpInterface`) whose compatibility check panics on a tensor
/// of `i13`.
#[mlir_op(
    dialect = RTestDialect,
    name = "panicky_cast",
    interfaces = [CastOpInterface],
    format = "$input attr-dict `:` type($input) `to` type($output)"
)]
pub struct PanickyCastOp {
    /// The tensor.
    #[operand]
    input: AnyTensor,
    /// The same tensor, typed otherwise.
    #[result]
    output: AnyTensor,
}

impl PanickyCastOp<'_> {
    fn are_cast_compatible(inputs: &[Type<'_>], _outputs: &[Type<'_>]) -> bool {
        if inputs.iter().any(|t| t.to_string().contains("xi13>")) {
            panic!("the cast check blew up");
        }
        true
    }
}
