//! MLIR 22's `complex` dialect (`mlir/Dialect/Complex`), declared in Rust:
//! the dialect, its attribute `#complex.number` (a typed attribute of
//! `complex<T>`), its constant materializer and its ops ([`ops`]), with
//! their folders (`fold.rs`) and canonicalization patterns
//! (`canonicalize.rs`), some of which make `arith` ops and one of which is
//! rooted at `arith.bitcast`.
//!
//! Upstream declares it in ODS (`ComplexBase.td`, `ComplexAttributes.td`,
//! `ComplexOps.td`) and C++ (`ComplexDialect.cpp`, `ComplexOps.cpp`); each
//! Rust item names what it stands for.

mod canonicalize;
mod fold;
pub mod ops;

use mlir_pass::dialect::{
    constraint::TypeConstraint,
    mlir_attr, mlir_dialect,
    ods::{AnyAttr, TypeConstraintDef},
    AsmParser, AsmPrinter, Op, ParseError, TypeParam, TypeTransform,
};
use mlir_pass::ir::ValueExt;
use mlir_pass::melior::{
    ir::{
        attribute::{ArrayAttribute, AttributeLike, FloatAttribute},
        r#type::IntegerType,
        Attribute, Location, Operation, Type, TypeLike, Value,
    },
    Context,
};

pub use ops::*;

/// The complex dialect: arithmetic on `complex<T>` values of floating-point
/// parts. It loads `arith`, whose fast-math flags its ops carry and whose
/// ops its patterns and materializer make.
#[mlir_dialect(
    name = "complex",
    replaces_upstream,
    dependent_dialects = [arith],
    materialize_constant = materialize_constant,
    inliner
)]
pub struct ComplexDialect;

/// ODS's `Complex<AnyFloat>`: a complex type of floating-point parts.
pub struct ComplexOfFloat;

impl TypeConstraintDef for ComplexOfFloat {
    // Of ODS's storage class `ComplexType`, which a format checks.
    const CONSTRAINT: TypeConstraint = TypeConstraint::Class {
        class: "builtin.complex",
        constraint: &TypeConstraint::Predicate {
            description: "complex type with floating-point elements",
            predicate: |ty| ty.is_complex() && element_type(ty).is_some_and(|e| e.is_float()),
        },
    };
}

/// ODS's `AnyComplex`: any complex type (`complex<i32>` too).
pub struct AnyComplex;

impl TypeConstraintDef for AnyComplex {
    const CONSTRAINT: TypeConstraint = TypeConstraint::Class {
        class: "builtin.complex",
        constraint: &TypeConstraint::Predicate {
            description: "complex-type",
            predicate: |ty| ty.is_complex(),
        },
    };
}

/// A complex number as an attribute: `#complex.number<:f64 1.0, 0.0> :
/// complex<f64>` (ODS's `NumberAttr`, a `TypedAttr` whose type is the
/// `complex<T>`). Its parts are read as `double`s and rounded to `T`, as
/// upstream's parser does; they print as MLIR prints floats.
#[mlir_attr(
    dialect = ComplexDialect,
    name = "number",
    custom_assembly,
    summary = "A complex number attribute."
)]
pub struct NumberAttr {
    /// The real part, a float attribute of the element type.
    #[param]
    real: AnyAttr,
    /// The imaginary part.
    #[param]
    imag: AnyAttr,
    /// `complex<T>`.
    #[param(self_type)]
    ty: TypeParam,
}

impl<'c> NumberAttr<'c> {
    /// `NumberAttr::parse`: `<:T re, im>`.
    fn parse(parser: &mut AsmParser<'c>) -> Result<Self, ParseError> {
        parser.literal("<")?;
        parser.literal(":")?;
        let at = parser.location();
        let element = parser.r#type()?;
        let real = parser.float()?;
        parser.literal(",")?;
        let imag = parser.float()?;
        parser.literal(">")?;
        let context = parser.context();
        // Upstream casts to a float type here and crashes on another.
        if !element.is_float() {
            return Err(parser.error_at(
                at,
                "element type of the complex attribute must be float like type.",
            ));
        }
        let complex = mlir_pass::ir::parse_type(context, &format!("complex<{element}>"))
            .map_err(|e| parser.error_at(at, &e.to_string()))?;
        Self::get(
            context,
            FloatAttribute::new(context, element, real).into(),
            FloatAttribute::new(context, element, imag).into(),
            complex,
        )
        .map_err(|e| parser.error(&e))
    }

    /// `NumberAttr::print`: `<:T re, im>`.
    fn print(&self, printer: &mut AsmPrinter<'_>) {
        printer
            .text("<:")
            .r#type(self.real().r#type())
            .text(" ")
            .attribute_without_type(self.real())
            .text(", ")
            .attribute_without_type(self.imag())
            .text(">");
    }
}

/// The element type of a complex type.
fn element_type(ty: Type<'_>) -> Option<Type<'_>> {
    if !ty.is_complex() {
        return None;
    }
    TypeTransform::ElementType.apply(ty)
}

/// `ComplexDialect::materializeConstant`: an array of two parts of the
/// element type becomes a `complex.constant`; anything else what
/// `arith::ConstantOp::materialize` makes of it.
fn materialize_constant<'c>(
    _context: &'c Context,
    value: Attribute<'c>,
    ty: Type<'c>,
    location: Location<'c>,
) -> Option<Operation<'c>> {
    if is_buildable_complex(value, ty) {
        let array = ArrayAttribute::try_from(value).ok()?;
        return Some(ConstantOp::build(location, ty, array));
    }
    if !is_buildable_arith(value, ty) {
        return None;
    }
    Some(mlir_pass::ops::arith::ConstantOp::build(
        location, ty, value,
    ))
}

/// `complex::ConstantOp::isBuildableWith`: a complex type and an array of
/// two float or two integer attributes of its element type.
fn is_buildable_complex(value: Attribute<'_>, ty: Type<'_>) -> bool {
    let (Ok(array), Some(element)) = (ArrayAttribute::try_from(value), element_type(ty)) else {
        return false;
    };
    if array.len() != 2 {
        return false;
    }
    let (Ok(re), Ok(im)) = (array.element(0), array.element(1)) else {
        return false;
    };
    let same_kind = (re.is_float() && im.is_float()) || (re.is_integer() && im.is_integer());
    same_kind && re.r#type() == element && im.r#type() == element
}

/// `arith::ConstantOp::isBuildableWith`: an integer, float or elements
/// attribute of the type (a signless one for integers).
fn is_buildable_arith(value: Attribute<'_>, ty: Type<'_>) -> bool {
    if !(value.is_integer() || value.is_float() || value.is_elements()) || value.r#type() != ty {
        return false;
    }
    IntegerType::try_from(ty).map_or(true, |i| i.is_signless())
}

/// The op that defines `value`, if it is one of `O`.
fn defined_by<'a, O: Op<'a>>(value: Value<'a, 'a>) -> Option<O> {
    O::cast(&value.defining_op()?)
}

/// The two parts of a `complex.constant`'s array as floats (C++'s
/// `cast<FloatAttr>`: `None` for another kind).
fn float_parts(array: ArrayAttribute<'_>) -> Option<(f64, f64)> {
    if array.len() != 2 {
        return None;
    }
    let part = |i| FloatAttribute::try_from(array.element(i).ok()?).ok();
    Some((part(0)?.value(), part(1)?.value()))
}
