//! The Toy ops, as upstream's `Ops.td` declares them (chapter 7, the
//! superset): their operands, results, syntax, verifiers, folders and
//! canonicalization patterns.

use mlir_pass::dialect::ods::TypeConstraintDef;
use mlir_pass::dialect::DialectType;
use mlir_pass::dialect::{
    mlir_op,
    ods::{
        AnyRegion, AnyType, ArrayAttr, F64ElementsAttr, F64Tensor, FlatSymbolRefAttr, I64Attr,
        StrAttr, TypeAttr, Variadic,
    },
    FoldResult, Op, OpParser, OpPrinter, OpRewritePattern, ParseError, TypeConstraint,
};
use mlir_pass::ir::{TypeExt, ValueExt};
use mlir_pass::melior::ir::{
    attribute::{ArrayAttribute, AttributeLike, DenseElementsAttribute, TypeAttribute},
    operation::OperationLike,
    r#type::FunctionType,
    Attribute, BlockLike, RegionLike, Type, TypeLike, ValueLike,
};
use mlir_pass::rewrite::{MatchResult, NoMatch, PatternRewriter, PatternSetBuilder};
use mlir_pass::OperationRef;

use super::shape::{ranked_shape, reshape_elements, ShapeInference};
use super::{StructType, ToyDialect};

/// A tensor of `f64` or a memref of `f64`: what `toy.print` takes before
/// and after the partial lowering (ODS's `AnyTypeOf<[F64Tensor,
/// F64MemRef]>`).
pub struct F64TensorOrMemRef;

impl TypeConstraintDef for F64TensorOrMemRef {
    const CONSTRAINT: TypeConstraint = TypeConstraint::AnyOf(&[
        TypeConstraint::Tensor {
            element: &TypeConstraint::Float(Some(64)),
            ranked: None,
            rank: None,
        },
        TypeConstraint::MemRef {
            element: &TypeConstraint::Float(Some(64)),
            rank: None,
        },
    ]);
}

/// A constant tensor: `%0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64>`.
///
/// Its result has the attribute's type (or the unranked tensor).
#[mlir_op(
    dialect = ToyDialect,
    name = "constant",
    traits = [Pure, ConstantLike],
    interfaces = [ShapeInference],
    custom_assembly,
    verifier,
    folder
)]
pub struct ConstantOp {
    /// The elements.
    #[attr]
    value: F64ElementsAttr,
    /// The tensor.
    #[result]
    output: F64Tensor,
}

impl<'a> ConstantOp<'a> {
    fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError> {
        parser.attr_dict()?;
        let at = parser.location();
        let value = parser.attribute(None)?;
        let Ok(elements) = DenseElementsAttribute::try_from(value) else {
            return Err(parser.error_at(
                at,
                "expected a dense elements attribute, such as `dense<1.0> : tensor<f64>`",
            ));
        };
        parser.add_attribute("value", value);
        parser.add_result_types(&[elements.r#type()]);
        Ok(())
    }

    fn print(&self, printer: &mut OpPrinter<'_>) {
        printer
            .attr_dict(self.operation(), &["value"])
            .text(" ")
            .attribute(self.value().into());
    }

    /// A ranked result has the attribute's shape.
    fn verify(&self) -> Result<(), String> {
        let Some(result) = ranked_shape(self.output().r#type()) else {
            return Ok(());
        };
        let attr = ranked_shape(self.value().r#type()).unwrap_or_default();
        if attr.len() != result.len() {
            return Err(format!(
                "return type must match the one of the attached value attribute: {} != {}",
                attr.len(),
                result.len()
            ));
        }
        for (dim, (a, r)) in attr.iter().zip(&result).enumerate() {
            if a != r {
                return Err(format!(
                    "return type shape mismatches its attribute at dimension {dim}: {a} != {r}"
                ));
            }
        }
        Ok(())
    }

    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Attribute(self.value().into()))
    }
}

/// `toy.add %a, %b : tensor<2x3xf64>` (one type for all), or with a
/// function type when they differ: `(tensor<2x3xf64>, tensor<*xf64>) ->
/// tensor<*xf64>`.
fn parse_binary(parser: &mut OpParser<'_>) -> Result<(), ParseError> {
    let lhs = parser.operand()?;
    parser.literal(",")?;
    let rhs = parser.operand()?;
    parser.attr_dict()?;
    parser.literal(":")?;
    let at = parser.location();
    let ty = parser.r#type()?;
    if let Ok(function) = FunctionType::try_from(ty) {
        if function.input_count() != 2 || function.result_count() != 1 {
            return Err(parser.error_at(
                at,
                &format!("expected a function type with 2 inputs and 1 result, but got {ty}"),
            ));
        }
        let inputs = [
            function.input(0).map_err(|_| ParseError)?,
            function.input(1).map_err(|_| ParseError)?,
        ];
        parser.resolve(&[lhs, rhs], &inputs)?;
        parser.add_result_types(&[function.result(0).map_err(|_| ParseError)?]);
    } else {
        parser.resolve(&[lhs, rhs], &[ty, ty])?;
        parser.add_result_types(&[ty]);
    }
    Ok(())
}

/// Prints what [`parse_binary`] reads.
fn print_binary(op: OperationRef<'_>, printer: &mut OpPrinter<'_>) {
    let op = op.melior();
    let (Ok(lhs), Ok(rhs), Ok(result)) = (op.operand(0), op.operand(1), op.result(0)) else {
        return;
    };
    printer.text(" ").operand(lhs).text(", ").operand(rhs);
    printer.attr_dict(OperationRef::from(op), &[]).text(" : ");
    let ty = result.r#type();
    if lhs.r#type() == ty && rhs.r#type() == ty {
        printer.r#type(ty);
    } else {
        printer
            .text("(")
            .r#type(lhs.r#type())
            .text(", ")
            .r#type(rhs.r#type())
            .text(") -> ")
            .r#type(ty);
    }
}

/// Both operands of an elementwise op have the same shape when both are
/// known (upstream lets a mismatch through and reads out of bounds once
/// lowered).
fn verify_elementwise(lhs: Type<'_>, rhs: Type<'_>) -> Result<(), String> {
    if let (Some(l), Some(r)) = (ranked_shape(lhs), ranked_shape(rhs)) {
        if l != r {
            return Err(format!(
                "expects operands of the same shape, but got {lhs} and {rhs}"
            ));
        }
    }
    Ok(())
}

/// Elementwise addition: `%2 = toy.add %0, %1 : tensor<2x3xf64>`.
#[mlir_op(
    dialect = ToyDialect,
    name = "add",
    traits = [Pure],
    interfaces = [ShapeInference],
    custom_assembly,
    verifier
)]
pub struct AddOp {
    /// The left operand.
    #[operand]
    lhs: F64Tensor,
    /// The right operand.
    #[operand]
    rhs: F64Tensor,
    /// The sum.
    #[result]
    output: F64Tensor,
}

impl AddOp<'_> {
    fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError> {
        parse_binary(parser)
    }

    fn print(&self, printer: &mut OpPrinter<'_>) {
        print_binary(self.operation(), printer);
    }

    fn verify(&self) -> Result<(), String> {
        verify_elementwise(self.lhs().r#type(), self.rhs().r#type())
    }
}

/// Elementwise multiplication: `%2 = toy.mul %0, %1 : tensor<2x3xf64>`.
#[mlir_op(
    dialect = ToyDialect,
    name = "mul",
    traits = [Pure],
    interfaces = [ShapeInference],
    custom_assembly,
    verifier
)]
pub struct MulOp {
    /// The left operand.
    #[operand]
    lhs: F64Tensor,
    /// The right operand.
    #[operand]
    rhs: F64Tensor,
    /// The product.
    #[result]
    output: F64Tensor,
}

impl MulOp<'_> {
    fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError> {
        parse_binary(parser)
    }

    fn print(&self, printer: &mut OpPrinter<'_>) {
        print_binary(self.operation(), printer);
    }

    fn verify(&self) -> Result<(), String> {
        verify_elementwise(self.lhs().r#type(), self.rhs().r#type())
    }
}

/// Converts a tensor to another type of the same elements without
/// changing its data: `toy.cast %0 : tensor<2x3xf64> to tensor<*xf64>`.
/// The inliner inserts it where a call passes a shaped tensor to an
/// unshaped parameter.
#[mlir_op(
    dialect = ToyDialect,
    name = "cast",
    traits = [Pure, SameOperandsAndResultShape],
    interfaces = [CastOpInterface, ShapeInference],
    format = "$input attr-dict `:` type($input) `to` type($output)"
)]
pub struct CastOp {
    /// The tensor.
    #[operand]
    input: F64Tensor,
    /// The same tensor, typed otherwise.
    #[result]
    output: F64Tensor,
}

impl CastOp<'_> {
    /// One tensor to one tensor of the same element type, of the same
    /// shape when both are ranked.
    pub fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
        let ([input], [output]) = (inputs, outputs) else {
            return false;
        };
        if !input.is_tensor() || !output.is_tensor() {
            return false;
        }
        if super::shape::element_type(*input) != super::shape::element_type(*output) {
            return false;
        }
        match (ranked_shape(*input), ranked_shape(*output)) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        }
    }
}

/// A Toy function: `toy.func @f(%a: tensor<*xf64>) -> tensor<*xf64> {
/// ... }`, written as `func.func` is.
#[mlir_op(
    dialect = ToyDialect,
    name = "func",
    traits = [Symbol, IsolatedFromAbove],
    interfaces = [CallableOpInterface(body = body, type = function_type)],
    custom_assembly
)]
pub struct FuncOp {
    /// The name.
    #[attr]
    sym_name: StrAttr,
    /// The signature, a `FunctionType`.
    #[attr]
    function_type: TypeAttr,
    /// The body.
    #[region]
    body: AnyRegion,
}

impl<'a> FuncOp<'a> {
    fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError> {
        parser.function("function_type")
    }

    fn print(&self, printer: &mut OpPrinter<'_>) {
        printer.function(self.operation(), "function_type");
    }

    /// The signature.
    pub fn signature(&self) -> Option<FunctionType<'a>> {
        FunctionType::try_from(self.function_type().value()).ok()
    }
}

/// Calls a Toy function by name: `%2 = toy.generic_call @f(%0, %1) :
/// (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<*xf64>`. "Generic": the
/// callee's parameters may be unshaped; the inliner specializes it.
#[mlir_op(
    dialect = ToyDialect,
    name = "generic_call",
    interfaces = [CallOpInterface(callee = callee, arguments = inputs)],
    format = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)",
    verifier
)]
pub struct GenericCallOp {
    /// The function.
    #[attr]
    callee: FlatSymbolRefAttr,
    /// The arguments.
    #[operand]
    inputs: Variadic<AnyType>,
    /// The result.
    #[result]
    output: AnyType,
}

impl GenericCallOp<'_> {
    /// The callee, when the module has it, takes as many arguments as the
    /// call gives and returns one value.
    fn verify(&self) -> Result<(), String> {
        let callee = self.callee().value().to_owned();
        let Some(function) = find_function(self.operation(), &callee) else {
            return Ok(());
        };
        let Some(signature) = function.signature() else {
            return Ok(());
        };
        let given = self.inputs().len();
        if signature.input_count() != given {
            return Err(format!(
                "'{callee}' takes {} argument(s), but the call gives {given}",
                signature.input_count()
            ));
        }
        if signature.result_count() != 1 {
            return Err(format!(
                "'{callee}' returns {} values, but the call expects 1",
                signature.result_count()
            ));
        }
        Ok(())
    }
}

/// The `toy.func` named `name` in the module holding `op`, if any.
fn find_function<'a>(op: OperationRef<'a>, name: &str) -> Option<FuncOp<'a>> {
    let mut top = op.melior();
    while let Some(parent) = top.parent_operation() {
        top = parent;
    }
    let body = top.region(0).ok()?.first_block()?;
    let mut next = body.first_operation();
    while let Some(candidate) = next {
        if let Some(function) = FuncOp::cast(&candidate) {
            if function.sym_name().value() == name {
                return Some(function);
            }
        }
        next = candidate.next_in_block();
    }
    None
}

/// Prints a tensor (or, once lowered, a memref): `toy.print %0 :
/// tensor<2x3xf64>`.
#[mlir_op(dialect = ToyDialect, name = "print", format = "$input attr-dict `:` type($input)")]
pub struct PrintOp {
    /// What to print.
    #[operand]
    input: F64TensorOrMemRef,
}

/// Gives a tensor another static shape of the same number of elements, or
/// broadcasts a one-element tensor: `toy.reshape(%0 : tensor<6xf64>) to
/// tensor<2x3xf64>`.
#[mlir_op(
    dialect = ToyDialect,
    name = "reshape",
    traits = [Pure],
    format = "`(` $input `:` type($input) `)` attr-dict `to` type(results)",
    verifier,
    canonicalizer
)]
pub struct ReshapeOp {
    /// The tensor.
    #[operand]
    input: F64Tensor,
    /// The reshaped tensor (of a static shape).
    #[result]
    output: F64Tensor,
}

impl ReshapeOp<'_> {
    /// The result has a static shape, of as many elements as the input
    /// when the input's shape is known.
    fn verify(&self) -> Result<(), String> {
        let output = self.output().r#type();
        let Some(to) = output.element_count() else {
            return Err(format!(
                "result #0 must be statically shaped tensor of 64-bit float values, but got {output}"
            ));
        };
        let input = self.input().r#type();
        if let Some(from) = input.element_count() {
            // One element broadcasts (`var a<2, 2> = 5.5;`, as upstream).
            if from != to && from != 1 {
                return Err(format!(
                    "cannot reshape {input} ({from} elements) to {output} ({to} elements)"
                ));
            }
        }
        Ok(())
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns
            .add(ReshapeReshape)
            .add(RedundantReshape)
            .add(FoldConstantReshape)
    }
}

/// `reshape(reshape(x)) -> reshape(x)`.
struct ReshapeReshape;

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
struct RedundantReshape;

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
struct FoldConstantReshape;

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

/// Returns from a `toy.func`, with at most one value: `toy.return %0 :
/// tensor<*xf64>`.
#[mlir_op(
    dialect = ToyDialect,
    name = "return",
    traits = [Pure, IsTerminator, ReturnLike, HasParent("toy.func")],
    format = "($input^ `:` type($input))? attr-dict",
    verifier
)]
pub struct ReturnOp {
    /// The returned value, if any.
    #[operand]
    input: Variadic<AnyType>,
}

impl ReturnOp<'_> {
    /// As many values as the function returns, of its types (an unranked
    /// tensor matches any tensor).
    fn verify(&self) -> Result<(), String> {
        let operands = self.input();
        if operands.len() > 1 {
            return Err("expects at most 1 return operand".into());
        }
        let Some(function) = self
            .operation()
            .melior()
            .parent_operation()
            .and_then(|p| FuncOp::cast(&p))
        else {
            return Ok(());
        };
        let Some(signature) = function.signature() else {
            return Ok(());
        };
        let results = signature.result_count();
        if operands.len() != results {
            return Err(format!(
                "does not return the same number of values ({}) as the enclosing function ({results})",
                operands.len()
            ));
        }
        let Some(input) = operands.first().map(|v| v.r#type()) else {
            return Ok(());
        };
        let Ok(result) = signature.result(0) else {
            return Ok(());
        };
        let unranked = |t: Type<'_>| t.is_tensor() && ranked_shape(t).is_none();
        if input == result || unranked(input) || unranked(result) {
            return Ok(());
        }
        Err(format!(
            "type of return operand ({input}) doesn't match function result type ({result})"
        ))
    }
}

/// Transposes a 2-D tensor: `toy.transpose(%0 : tensor<2x3xf64>) to
/// tensor<3x2xf64>`.
#[mlir_op(
    dialect = ToyDialect,
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

impl TransposeOp<'_> {
    /// The result's shape is the input's, reversed.
    fn verify(&self) -> Result<(), String> {
        let (Some(input), Some(output)) = (
            ranked_shape(self.input().r#type()),
            ranked_shape(self.output().r#type()),
        ) else {
            return Ok(());
        };
        if !input.iter().eq(output.iter().rev()) {
            return Err("expected result shape to be a transpose of the input".into());
        }
        Ok(())
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(SimplifyRedundantTranspose)
    }
}

/// `transpose(transpose(x)) -> x`.
struct SimplifyRedundantTranspose;

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

/// One element of a struct: `toy.struct_access %0[1] :
/// !toy.struct<tensor<*xf64>, tensor<*xf64>> -> tensor<*xf64>`
/// (chapter 7).
#[mlir_op(
    dialect = ToyDialect,
    name = "struct_access",
    traits = [Pure],
    format = "$input `[` $index `]` attr-dict `:` type($input) `->` type($output)",
    verifier,
    folder
)]
pub struct StructAccessOp {
    /// The struct.
    #[operand]
    input: AnyType,
    /// The element's index.
    #[attr]
    index: I64Attr,
    /// The element.
    #[result]
    output: AnyType,
}

impl<'a> StructAccessOp<'a> {
    fn verify(&self) -> Result<(), String> {
        let input = self.input().r#type();
        let Some(ty) = StructType::cast(input) else {
            return Err(format!(
                "operand #0 must be a Toy struct type, but got {input}"
            ));
        };
        let elements = ty.element_types();
        let index = self.index().value();
        let Some(element) = usize::try_from(index).ok().and_then(|i| elements.get(i)) else {
            return Err("index should be within the range of the input struct type".into());
        };
        if *element != self.output().r#type() {
            return Err(
                "must have the same result type as the struct element referred to by the index"
                    .into(),
            );
        }
        Ok(())
    }

    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        let value = ArrayAttribute::try_from(operands.first().copied()??).ok()?;
        let index = usize::try_from(self.index().value()).ok()?;
        value.element(index).ok().map(FoldResult::Attribute)
    }
}

/// A constant struct: `toy.struct_constant [dense<1.0> : tensor<f64>,
/// dense<[1.0, 2.0]> : tensor<2xf64>] : !toy.struct<tensor<*xf64>,
/// tensor<*xf64>>` (chapter 7). Elements are dense elements or, for a
/// nested struct, arrays.
#[mlir_op(
    dialect = ToyDialect,
    name = "struct_constant",
    traits = [Pure, ConstantLike],
    format = "$value attr-dict `:` type($output)",
    verifier,
    folder
)]
pub struct StructConstantOp {
    /// The elements.
    #[attr]
    value: ArrayAttr,
    /// The struct.
    #[result]
    output: AnyType,
}

/// `value` fits `ty`: an array for a struct (element by element), dense
/// elements for a tensor (of the same shape when `ty` is ranked).
fn verify_constant_for_type(ty: Type<'_>, value: Attribute<'_>) -> Result<(), String> {
    if let Some(st) = StructType::cast(ty) {
        let Ok(array) = ArrayAttribute::try_from(value) else {
            return Err(format!(
                "expected an array attribute for a struct value, but got {value}"
            ));
        };
        let elements = st.element_types();
        if array.len() != elements.len() {
            return Err(format!(
                "the struct type has {} elements, but the value has {}",
                elements.len(),
                array.len()
            ));
        }
        for (i, element) in elements.iter().enumerate() {
            let attr = array.element(i).map_err(|e| e.to_string())?;
            verify_constant_for_type(*element, attr)?;
        }
        return Ok(());
    }
    let Ok(elements) = DenseElementsAttribute::try_from(value) else {
        return Err(format!(
            "expected a dense elements attribute for a tensor value, but got {value}"
        ));
    };
    if let Some(shape) = ranked_shape(ty) {
        if ranked_shape(elements.r#type()) != Some(shape) {
            return Err(format!(
                "element type mismatch: expected {ty}, but got {}",
                elements.r#type()
            ));
        }
    }
    Ok(())
}

impl<'a> StructConstantOp<'a> {
    fn verify(&self) -> Result<(), String> {
        let ty = self.output().r#type();
        if StructType::cast(ty).is_none() {
            return Err(format!("result #0 must be a Toy struct type, but got {ty}"));
        }
        verify_constant_for_type(ty, self.value().into())
    }

    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Attribute(self.value().into()))
    }
}

/// The function type of a `toy.func`'s `function_type` attribute.
pub fn function_type_of(attr: Attribute<'_>) -> Option<FunctionType<'_>> {
    FunctionType::try_from(TypeAttribute::try_from(attr).ok()?.value()).ok()
}
