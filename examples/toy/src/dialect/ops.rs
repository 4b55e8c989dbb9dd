//! The Toy ops, as upstream's `Ops.td` declares them (chapter 7, the
//! superset): their operands, results, syntax, verifiers, folders and
//! canonicalization patterns (those in `canonicalize.rs`; the ops of functions
//! in `functions.rs`, of structs in `structs.rs`).

use mlir_pass::dialect::ods::TypeConstraintDef;
use mlir_pass::dialect::{
    mlir_op,
    ods::{F64ElementsAttr, F64Tensor},
    FoldResult, Op, OpParser, OpPrinter, ParseError, TypeConstraint,
};
use mlir_pass::ir::TypeExt;
use mlir_pass::melior::ir::{
    attribute::{AttributeLike, DenseElementsAttribute},
    operation::OperationLike,
    r#type::FunctionType,
    Attribute, Type, TypeLike, ValueLike,
};
use mlir_pass::rewrite::PatternSetBuilder;
use mlir_pass::OperationRef;

use super::canonicalize::{
    FoldConstantReshape, RedundantReshape, ReshapeReshape, SimplifyRedundantTranspose,
};
use super::shape::{ranked_shape, ShapeInference};
use super::ToyDialect;

// The ops of functions and structs, still reachable as `ops::FuncOp`, ...
// as before they moved to files of their own.
pub use super::functions::*;
pub use super::structs::*;

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
