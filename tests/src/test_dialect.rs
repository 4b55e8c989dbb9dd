//! `rtest`: a dialect declared in Rust for the tests, with what a real
//! dialect needs (constants that fold and materialize, pure and commutative
//! arithmetic, a verifier, typed patterns, a terminator, a symbol with a
//! region, calls, a generic-only op), an op whose hooks panic, the call,
//! callable and cast interfaces the inliner uses, an interface declared in
//! Rust, and types with parameters.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    mlir_dialect, mlir_op, mlir_type,
    ods::{
        AnyInteger, AnyRegion, AnyTensor, AnyType, DictArrayAttr, F64Tensor, FlatSymbolRefAttr,
        I64Attr, Optional, StrAttr, TypeAttr, Variadic, I64,
    },
    FoldResult, InferTypeInput, Op, OpParser, OpPrinter, OpRewritePattern, ParseError,
};
use mlir_pass::ir::{TypeExt, ValueExt};
use mlir_pass::melior::{
    ir::{
        attribute::IntegerAttribute,
        r#type::{DimSize, RankedTensorType, ShapedTypeLike},
        Attribute, Location, Operation, Type, TypeLike, Value, ValueLike,
    },
    Context,
};
use mlir_pass::rewrite::{MatchResult, NoMatch, PatternRewriter, PatternSetBuilder};

/// A dialect declared in Rust, for the tests.
///
/// Its ops cover the parts of ODS a dialect needs.
#[mlir_dialect(
    name = "rtest",
    dependent_dialects = [func],
    materialize_constant = materialize,
    inliner,
    materialize_call_conversion = materialize_cast
)]
pub struct RTestDialect;

/// Where an inlined call and its callee disagree on a type, an
/// `rtest.cast` converts the value, if the cast is valid (Toy's
/// `materializeCallConversion`); otherwise the call is not inlined.
fn materialize_cast<'c>(
    _context: &'c Context,
    input: Value<'c, '_>,
    ty: Type<'c>,
    location: Location<'c>,
) -> Option<Operation<'c>> {
    CastOp::are_cast_compatible(&[input.r#type()], &[ty])
        .then(|| CastOp::build(location, ty, input))
}

/// Folded integers become `rtest.constant` ops.
fn materialize<'c>(
    context: &'c Context,
    value: Attribute<'c>,
    ty: Type<'c>,
    location: Location<'c>,
) -> Option<Operation<'c>> {
    let value = IntegerAttribute::try_from(value).ok()?;
    match value.value() {
        MATERIALIZER_BOOM => panic!("the materializer blew up"),
        MATERIALIZER_NOT_CONSTANT => return Some(NotConstantOp::build(location, ty, value)),
        MATERIALIZER_WRONG_TYPE => {
            let i32 = mlir_pass::melior::ir::r#type::IntegerType::new(context, 32).into();
            return Some(ConstantOp::build(
                location,
                i32,
                IntegerAttribute::new(i32, 1),
            ));
        }
        _ => {}
    }
    Some(ConstantOp::build(location, ty, value))
}

/// The value whose materialization as an `rtest.constant` panics.
pub const MATERIALIZER_BOOM: i64 = 666;
/// The value the dialect's materializer builds an `rtest.not_constant` for.
pub const MATERIALIZER_NOT_CONSTANT: i64 = 667;
/// The value the dialect's materializer builds an `i32` constant for,
/// whatever type was asked for.
pub const MATERIALIZER_WRONG_TYPE: i64 = 668;

/// An op that is not a constant, which the materializer builds by mistake.
#[mlir_op(dialect = RTestDialect, name = "not_constant")]
pub struct NotConstantOp {
    /// The value.
    #[attr]
    value: I64Attr,
    /// The result.
    #[result]
    output: I64,
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

mlir_pass::op_interface! {
    /// Infers the shape of an op's result from its operands (Toy's
    /// `ShapeInference`).
    pub trait ShapeInference {
        /// The result's dimensions (`-1` for a dynamic one), or `None`
        /// when the operands' shapes are not known.
        fn inferred_shape(&self) -> Option<Vec<i64>>;
    }
}

/// The dimensions of a ranked tensor type (`-1` for a dynamic one).
fn dims(ty: Type<'_>) -> Option<Vec<i64>> {
    let tensor = RankedTensorType::try_from(ty).ok()?;
    Some(
        (0..tensor.rank())
            .map(|i| match tensor.dim_size(i) {
                Ok(DimSize::Static(d)) => d as i64,
                _ => -1,
            })
            .collect(),
    )
}

/// Transposes a 2-D tensor.
#[mlir_op(
    dialect = RTestDialect,
    name = "transpose",
    traits = [Pure],
    interfaces = [ShapeInference],
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

impl ShapeInference for TransposeOp<'_> {
    fn inferred_shape(&self) -> Option<Vec<i64>> {
        let mut shape = dims(self.input().r#type())?;
        shape.reverse();
        Some(shape)
    }
}

impl TransposeOp<'_> {
    fn verify(&self) -> Result<(), String> {
        let input = dims(self.input().r#type());
        let output = dims(self.output().r#type());
        if let (Some(i), Some(o)) = (input, output) {
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

/// Returns from an `rtest.func` or an `rtest.function`.
#[mlir_op(
    dialect = RTestDialect,
    name = "return",
    traits = [IsTerminator, ReturnLike, HasParent("rtest.func", "rtest.function")],
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

/// Calls an `rtest.function` by name (`CallOpInterface`): the `inline`
/// pass inlines it.
#[mlir_op(
    dialect = RTestDialect,
    name = "generic_call",
    interfaces = [CallOpInterface(callee = callee, arguments = inputs)],
    format = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)"
)]
pub struct GenericCallOp {
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

/// A function written as `func.func` is (`rtest.function private @f(%a:
/// i64) -> i64 { ... }`): a function (`FunctionOpInterface`, which makes
/// it a symbol and a callable), with a hand-written parser and printer.
#[mlir_op(
    dialect = RTestDialect,
    name = "function",
    traits = [IsolatedFromAbove],
    interfaces = [FunctionOpInterface(
        body = body,
        type = function_type,
        arg_attrs = arg_attrs,
        res_attrs = res_attrs
    )],
    custom_assembly
)]
pub struct FunctionOp {
    /// The signature, a `FunctionType`.
    #[attr]
    function_type: TypeAttr,
    /// The arguments' attribute dictionaries, if any.
    #[attr]
    arg_attrs: Optional<DictArrayAttr>,
    /// The results' attribute dictionaries, if any.
    #[attr]
    res_attrs: Optional<DictArrayAttr>,
    /// The body; empty for a declaration.
    #[region]
    body: AnyRegion,
}

impl FunctionOp<'_> {
    fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError> {
        parser.function("function_type")
    }

    fn print(&self, printer: &mut OpPrinter<'_>) {
        printer.function(self.operation(), "function_type");
    }
}

/// Casts a tensor to another shape of the same element type
/// (`CastOpInterface`, as `tensor.cast`).
#[mlir_op(
    dialect = RTestDialect,
    name = "cast",
    traits = [Pure],
    interfaces = [CastOpInterface],
    format = "$input attr-dict `:` type($input) `to` type($output)"
)]
pub struct CastOp {
    /// The tensor.
    #[operand]
    input: AnyTensor,
    /// The same tensor, typed otherwise.
    #[result]
    output: AnyTensor,
}

/// The element type of a tensor type.
fn tensor_element(ty: Type<'_>) -> Option<Type<'_>> {
    ty.is_tensor().then(|| ty.element_type_or_self())
}

impl CastOp<'_> {
    /// One tensor to one tensor of the same element type.
    fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
        match (inputs, outputs) {
            ([input], [output]) => {
                tensor_element(*input).is_some()
                    && tensor_element(*input) == tensor_element(*output)
            }
            _ => false,
        }
    }
}

/// Integer multiplication whose result type is inferred from its left
/// operand (`InferTypeOpInterface`): the format gives no result type.
#[mlir_op(
    dialect = RTestDialect,
    name = "mul",
    traits = [Pure],
    interfaces = [InferTypeOpInterface],
    format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)"
)]
pub struct MulOp {
    /// The left operand.
    #[operand]
    lhs: AnyInteger,
    /// The right operand.
    #[operand]
    rhs: AnyInteger,
    /// The product, of the left operand's type.
    #[result]
    output: AnyInteger,
}

impl MulOp<'_> {
    fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
        match input.operands() {
            [lhs, _] => Ok(vec![lhs.r#type()]),
            other => Err(format!("expects 2 operands, but got {}", other.len())),
        }
    }
}

/// A pair of values of two types: `!rtest.pair<i64, f64>`.
#[mlir_type(dialect = RTestDialect, name = "pair", verifier)]
pub struct PairType {
    /// The first element's type.
    #[param]
    first: TypeAttr,
    /// The second element's type.
    #[param]
    second: TypeAttr,
}

impl PairType<'_> {
    /// A pair holds values: no function types. Takes the typed parameters.
    fn verify(params: PairTypeParams<'_>) -> Result<(), String> {
        for ty in [params.first, params.second] {
            if ty.value().to_string() == "i13" {
                panic!("the type verifier blew up");
            }
            if ty.value().is_function() {
                return Err(format!(
                    "a pair holds values, not functions, but got {}",
                    ty.value()
                ));
            }
        }
        Ok(())
    }
}

/// Any number of values: `!rtest.tuple<i64, f64, i1>`.
#[mlir_type(dialect = RTestDialect, name = "tuple")]
pub struct TupleType {
    /// The elements' types.
    #[param]
    elements: Variadic<TypeAttr>,
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

/// Operand groups sized by `operandSegmentSizes`, for the adaptor.
#[mlir_op(dialect = RTestDialect, name = "segmented", traits = [AttrSizedOperandSegments])]
pub struct SegmentedOp {
    /// The first group.
    #[operand]
    first: Variadic<AnyType>,
    /// An optional one.
    #[operand]
    maybe: Optional<AnyType>,
    /// The last group.
    #[operand]
    rest: Variadic<AnyType>,
}
