//! `complex.create`, `eq`, `neq`, `constant`, `bitcast` and `powi`.

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyFloat, AnySignlessInteger, AnyType, ArrayAttr, FastMathFlagsAttr, Optional, I1},
    FoldResult, ValueNames,
};
use mlir_pass::melior::ir::{
    attribute::{ArrayAttribute, AttributeLike},
    Attribute, Type, TypeLike, ValueLike,
};
use mlir_pass::rewrite::PatternSetBuilder;

use super::super::canonicalize::{MergeArithBitcast, MergeComplexBitcast};
use super::super::{defined_by, element_type, AnyComplex, ComplexDialect, ComplexOfFloat};
use super::unary::{ImOp, ReOp};

/// A complex number from its parts: `complex.create %re, %im :
/// complex<f32>` (the parts' type is the element type).
#[mlir_op(
    dialect = ComplexDialect,
    name = "create",
    traits = [
        Pure,
        AllTypesMatch(real, imaginary),
        TypesMatchWith("complex element type matches real operand type", complex, real, ElementType),
        TypesMatchWith(
            "complex element type matches imaginary operand type",
            complex,
            imaginary,
            ElementType
        ),
    ],
    format = "$real `,` $imaginary attr-dict `:` type($complex)",
    folder
)]
pub struct CreateOp {
    /// The real part.
    #[operand]
    real: AnyFloat,
    /// The imaginary part.
    #[operand]
    imaginary: AnyFloat,
    /// The number.
    #[result]
    complex: ComplexOfFloat,
}

impl<'a> CreateOp<'a> {
    /// `create(re(z), im(z))` is `z`.
    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        let re = defined_by::<ReOp<'a>>(self.real())?;
        let im = defined_by::<ImOp<'a>>(self.imaginary())?;
        (re.complex() == im.complex()).then(|| FoldResult::Value(re.complex()))
    }
}

/// Declares `eq` or `neq`: two complex numbers of one type, an `i1`.
macro_rules! comparison_op {
    ($(#[$doc:meta])* $name:ident = $mnemonic:literal) => {
        $(#[$doc])*
        #[mlir_op(
            dialect = ComplexDialect,
            name = $mnemonic,
            traits = [Pure, AllTypesMatch(lhs, rhs)],
            format = "$lhs `,` $rhs  attr-dict `:` type($lhs)",
            interfaces = [InferTypeOpInterface(from_constraints)]
        )]
        pub struct $name {
            /// The left operand.
            #[operand]
            lhs: ComplexOfFloat,
            /// The right operand.
            #[operand]
            rhs: ComplexOfFloat,
            /// Whether they compare so.
            #[result]
            result: I1,
        }

    };
}

comparison_op! {
    /// Whether two complex numbers are equal: `complex.eq %a, %b :
    /// complex<f32>`.
    EqualOp = "eq"
}
comparison_op! {
    /// Whether they differ: `complex.neq %a, %b : complex<f32>`.
    NotEqualOp = "neq"
}

/// A complex constant: `%cst = complex.constant [1.0 : f32, 0.0 : f32] :
/// complex<f32>`, its parts an array of two attributes of the element type.
#[mlir_op(
    dialect = ComplexDialect,
    name = "constant",
    traits = [ConstantLike, Pure],
    format = "$value attr-dict `:` type($complex)",
    interfaces = [OpAsmOpInterface(result_names)],
    verifier,
    folder
)]
pub struct ConstantOp {
    /// The parts.
    #[attr]
    value: ArrayAttr,
    /// The constant.
    #[result]
    complex: AnyComplex,
}

impl<'a> ConstantOp<'a> {
    /// `cst`.
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(self.complex(), "cst");
    }

    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Attribute(self.value().into()))
    }

    /// `ConstantOp::verify`: two parts, floats or integers, of the element
    /// type.
    fn verify(&self) -> Result<(), String> {
        let array: ArrayAttribute<'a> = self.value();
        if array.len() != 2 {
            return Err(
                "requires 'value' to be a complex constant, represented as array of two values"
                    .into(),
            );
        }
        let element = element_type(self.complex().r#type()).ok_or("")?;
        let (re, im) = (
            array.element(0).map_err(|e| e.to_string())?,
            array.element(1).map_err(|e| e.to_string())?,
        );
        let scalar = |a: Attribute<'_>| a.is_float() || a.is_integer();
        if !scalar(re) || !scalar(im) {
            return Err("requires attribute's elements to be float or integer attributes".into());
        }
        if element != re.r#type() || element != im.r#type() {
            return Err(format!(
                "requires attribute's element types ({}, {}) to match the element type of the \
                 op's return type ({})",
                quoted(re.r#type()),
                quoted(im.r#type()),
                quoted(element)
            ));
        }
        Ok(())
    }
}

/// A type as a diagnostic streams it: `'f32'`.
fn quoted(ty: Type<'_>) -> String {
    format!("'{ty}'")
}

/// Reinterprets the bits of a complex number as an integer or float of
/// twice its parts' width, or back: `complex.bitcast %a : complex<f32> to
/// i64`.
#[mlir_op(
    dialect = ComplexDialect,
    name = "bitcast",
    traits = [Pure],
    format = "$operand attr-dict `:` type($operand) `to` type($result)",
    verifier,
    folder,
    canonicalizer
)]
pub struct BitcastOp {
    /// The value.
    #[operand]
    operand: AnyType,
    /// Its bits, as the other type.
    #[result]
    result: AnyType,
}

impl<'a> BitcastOp<'a> {
    /// A cast to the same type is its operand.
    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        (self.operand().r#type() == self.result().r#type())
            .then(|| FoldResult::Value(self.operand()))
    }

    /// `BitcastOp::verify`: one side complex, the other an integer or a
    /// float of the complex's width.
    fn verify(&self) -> Result<(), String> {
        let mut operand = self.operand().r#type();
        let mut result = self.result().r#type();
        if operand == result {
            return Ok(());
        }
        if !is_int_or_float(operand) && !operand.is_complex() {
            return Err("operand must be int/float/complex".into());
        }
        if !is_int_or_float(result) && !result.is_complex() {
            return Err("result must be int/float/complex".into());
        }
        if operand.is_complex() == result.is_complex() {
            return Err("requires that either input or output has a complex type".into());
        }
        if result.is_complex() {
            std::mem::swap(&mut operand, &mut result);
        }
        let parts = element_type(operand)
            .and_then(mlir_pass::ir::int_or_float_bit_width)
            .unwrap_or(0);
        if Some(parts * 2) != mlir_pass::ir::int_or_float_bit_width(result) {
            return Err("casting bitwidths do not match".into());
        }
        Ok(())
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(MergeComplexBitcast).add(MergeArithBitcast)
    }
}

/// `Type::isIntOrFloat`: a builtin integer or float (not `index`).
fn is_int_or_float(ty: Type<'_>) -> bool {
    ty.is_integer() || ty.is_float()
}

/// Raises a complex number to an integer power: `complex.powi %a, %n :
/// complex<f32>, i32`. Its fast-math flags are optional: written whenever
/// given, `fastmath<none>` included.
#[mlir_op(
    dialect = ComplexDialect,
    name = "powi",
    traits = [Pure, SameOperandsAndResultShape, AllTypesMatch(lhs, result)],
    format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result) `,` type($rhs)",
    interfaces = [InferTypeOpInterface(from_constraints)]
)]
pub struct PowiOp {
    /// The base.
    #[operand]
    lhs: ComplexOfFloat,
    /// The exponent.
    #[operand]
    rhs: AnySignlessInteger,
    /// The fast-math flags, if any.
    #[attr]
    fastmath: Optional<FastMathFlagsAttr>,
    /// The power.
    #[result]
    result: ComplexOfFloat,
}
