//! `rtest`: a dialect declared in Rust for the tests, with what a real
//! dialect needs (constants that fold and materialize, pure and commutative
//! arithmetic, a verifier, typed patterns, a terminator, a symbol with a
//! region, calls, a generic-only op) and an op whose hooks panic.

use mlir_pass::dialect::{
    mlir_dialect, mlir_op,
    ods::{
        AnyInteger, AnyRegion, AnyType, F64Tensor, FlatSymbolRefAttr, I64Attr, Optional, StrAttr,
        Variadic, I64,
    },
    FoldResult, Op, OpRewritePattern,
};
use mlir_pass::ir::ValueExt;
use mlir_pass::melior::{
    ir::{
        attribute::IntegerAttribute,
        operation::OperationLike,
        r#type::{DimSize, RankedTensorType, ShapedTypeLike},
        Attribute, Location, Operation, Type, ValueLike,
    },
    Context,
};
use mlir_pass::rewrite::{MatchResult, NoMatch, PatternRewriter, PatternSetBuilder};

/// A dialect declared in Rust, for the tests.
///
/// Its ops cover the parts of ODS a dialect needs.
#[mlir_dialect(name = "rtest", dependent_dialects = [func], materialize_constant = materialize)]
pub struct RTestDialect;

/// Folded integers become `rtest.constant` ops.
fn materialize<'c>(
    _context: &'c Context,
    value: Attribute<'c>,
    ty: Type<'c>,
    location: Location<'c>,
) -> Option<Operation<'c>> {
    let value = IntegerAttribute::try_from(value).ok()?;
    Some(ConstantOp::build(location, ty, value))
}

/// An integer constant.
#[mlir_op(
    dialect = RTestDialect,
    name = "constant",
    traits = [Pure, ConstantLike],
    format = "$value attr-dict",
    folder
)]
pub struct ConstantOp {
    /// The value.
    #[attr]
    value: I64Attr,
    /// The constant.
    #[result]
    output: I64,
}

impl<'a> ConstantOp<'a> {
    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Attribute(self.value().into()))
    }
}

/// Integer addition.
#[mlir_op(
    dialect = RTestDialect,
    name = "add",
    traits = [Pure, Commutative, SameOperandsAndResultType],
    format = "$lhs `,` $rhs attr-dict `:` type($output)",
    folder,
    canonicalizer
)]
pub struct AddOp {
    /// The left operand.
    #[operand]
    lhs: AnyInteger,
    /// The right operand.
    #[operand]
    rhs: AnyInteger,
    /// The sum.
    #[result]
    output: AnyInteger,
}

impl<'a> AddOp<'a> {
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        let lhs = IntegerAttribute::try_from(operands[0]?).ok()?;
        let rhs = IntegerAttribute::try_from(operands[1]?).ok()?;
        let ty = self.output().r#type();
        Some(FoldResult::Attribute(
            IntegerAttribute::new(ty, lhs.value().wrapping_add(rhs.value())).into(),
        ))
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(AddZero)
    }
}

/// `rtest.add(x, 0) -> x`, as a typed pattern.
struct AddZero;

impl OpRewritePattern for AddZero {
    type Op<'a> = AddOp<'a>;

    fn match_and_rewrite<'a>(&self, op: AddOp<'a>, rewriter: &PatternRewriter<'_>) -> MatchResult {
        let rhs = op.rhs();
        let constant = rhs
            .defining_op()
            .and_then(|d| ConstantOp::cast(&d))
            .ok_or(NoMatch)?;
        if constant.value().value() != 0 {
            return Err(NoMatch);
        }
        rewriter.replace_op_with_values(op.operation().melior(), &[op.lhs()]);
        Ok(())
    }
}

/// Transposes a 2-D tensor.
#[mlir_op(
    dialect = RTestDialect,
    name = "transpose",
    traits = [Pure],
    format = "`(` $input `:` type($input) `)` attr-dict `to` type(results)",
    verifier,
    canonicalizer
)]
pub struct TransposeOp {
    /// The tensor.
    #[operand]
    input: F64Tensor,
    /// Its transpose.
    #[result]
    output: F64Tensor,
}

impl TransposeOp<'_> {
    fn verify(&self) -> Result<(), String> {
        let input = RankedTensorType::try_from(self.input().r#type());
        let output = RankedTensorType::try_from(self.output().r#type());
        if let (Ok(input), Ok(output)) = (input, output) {
            let dims = |t: RankedTensorType| -> Vec<i64> {
                (0..t.rank())
                    .map(|i| match t.dim_size(i) {
                        Ok(DimSize::Static(d)) => d as i64,
                        _ => -1,
                    })
                    .collect()
            };
            let (i, o) = (dims(input), dims(output));
            if i.len() != 2 || o.len() != 2 || i[0] != o[1] || i[1] != o[0] {
                return Err(format!(
                    "expects the result shape to be the input's reversed, but got {i:?} to {o:?}"
                ));
            }
        }
        Ok(())
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(TransposeTwice)
    }
}

/// `transpose(transpose(x)) -> x`.
struct TransposeTwice;

impl OpRewritePattern for TransposeTwice {
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
        rewriter.replace_op_with_values(op.operation().melior(), &[inner.input()]);
        Ok(())
    }
}

/// Prints a value (has side effects: never erased).
#[mlir_op(dialect = RTestDialect, name = "print", format = "$input attr-dict `:` type($input)")]
pub struct PrintOp {
    /// What to print.
    #[operand]
    input: AnyType,
}

/// Returns from an `rtest.func`.
#[mlir_op(
    dialect = RTestDialect,
    name = "return",
    traits = [IsTerminator, ReturnLike, HasParent("rtest.func")],
    format = "attr-dict ($operands^ `:` type($operands))?"
)]
pub struct ReturnOp {
    /// The returned values.
    #[operand]
    operands: Variadic<AnyType>,
}

/// Calls an `rtest.func`.
#[mlir_op(
    dialect = RTestDialect,
    name = "call",
    format = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)"
)]
pub struct CallOp {
    /// The function.
    #[attr]
    callee: FlatSymbolRefAttr,
    /// The arguments.
    #[operand]
    inputs: Variadic<AnyType>,
    /// The results.
    #[result]
    outputs: Variadic<AnyType>,
}

/// A function: a symbol with a body.
#[mlir_op(
    dialect = RTestDialect,
    name = "func",
    traits = [Symbol, IsolatedFromAbove],
    format = "$sym_name attr-dict-with-keyword $body"
)]
pub struct FuncOp {
    /// The name.
    #[attr]
    sym_name: StrAttr,
    /// The body.
    #[region]
    body: AnyRegion,
}

/// An op with no custom syntax, an optional attribute and a default.
#[mlir_op(dialect = RTestDialect, name = "generic_only")]
pub struct GenericOnlyOp {
    /// Optional.
    #[attr]
    label: Optional<StrAttr>,
    /// Defaults to 7.
    #[attr(default = "7 : i64")]
    count: I64Attr,
    /// Anything.
    #[operand]
    input: Optional<AnyType>,
}

/// An op whose verifier and folder panic when it has a `boom` attribute.
#[mlir_op(dialect = RTestDialect, name = "panicky", verifier, folder)]
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
}
