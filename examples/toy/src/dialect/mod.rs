//! The Toy dialect (chapters 2 to 7), declared in Rust: its ops ([`ops`],
//! with those of functions in [`functions`] and of structs in
//! [`structs`]), their canonicalization patterns (`canonicalize.rs`, as
//! upstream's `ToyCombine.cpp`), its struct type ([`StructType`]), the
//! shape inference interface its ops implement ([`shape`]), its constants
//! and its inliner.
//!
//! Upstream declares it in ODS (`mlir/examples/toy/Ch7/include/toy/Ops.td`)
//! and C++ (`Dialect.cpp`); here the same dialect is `#[mlir_dialect]`,
//! `#[mlir_op]` and `#[mlir_type]` with the hooks written as Rust methods.

mod canonicalize;
pub mod functions;
pub mod ops;
pub mod shape;
pub mod structs;

use mlir_pass::dialect::{mlir_dialect, mlir_type, ods::TypeAttr, ods::Variadic, DialectType};
use mlir_pass::melior::{
    ir::{
        attribute::{ArrayAttribute, DenseElementsAttribute, TypeAttribute},
        Attribute, Location, Operation, Type, TypeLike, Value, ValueLike,
    },
    Context,
};

pub use ops::*;

/// The Toy language's dialect: tensors of `f64`, structs of them, and the
/// ops the language's expressions become.
#[mlir_dialect(
    name = "toy",
    dependent_dialects = [func],
    materialize_constant = materialize_constant,
    inliner,
    materialize_call_conversion = materialize_call_conversion
)]
pub struct ToyDialect;

/// A folded value becomes a `toy.constant` (a tensor) or a
/// `toy.struct_constant` (a struct): C++'s `materializeConstant`.
fn materialize_constant<'c>(
    _context: &'c Context,
    value: Attribute<'c>,
    ty: Type<'c>,
    location: Location<'c>,
) -> Option<Operation<'c>> {
    if StructType::cast(ty).is_some() {
        let value = ArrayAttribute::try_from(value).ok()?;
        return Some(StructConstantOp::build(location, ty, value));
    }
    let value = DenseElementsAttribute::try_from(value).ok()?;
    Some(ConstantOp::build(location, ty, value))
}

/// Where an inlined call passes a value of another type than the callee's
/// parameter (a shaped tensor to an unshaped parameter), a `toy.cast`
/// converts it: C++'s `materializeCallConversion`.
fn materialize_call_conversion<'c>(
    _context: &'c Context,
    input: Value<'c, '_>,
    ty: Type<'c>,
    location: Location<'c>,
) -> Option<Operation<'c>> {
    CastOp::are_cast_compatible(&[input.r#type()], &[ty])
        .then(|| CastOp::build(location, ty, input))
}

/// A struct of tensors and structs: `!toy.struct<tensor<*xf64>,
/// tensor<2xf64>>` (chapter 7).
#[mlir_type(dialect = ToyDialect, name = "struct", verifier)]
pub struct StructType {
    /// The elements' types, in order: tensors or structs.
    #[param]
    elements: Variadic<TypeAttr>,
}

impl<'c> StructType<'c> {
    /// A struct must have at least one element, each a tensor or a struct.
    fn verify(params: StructTypeParams<'_>) -> Result<(), String> {
        if params.elements.is_empty() {
            return Err("a struct must have at least one element".into());
        }
        for element in params.elements {
            let ty = element.value();
            if !ty.is_tensor() && StructType::cast(ty).is_none() {
                return Err(format!(
                    "element type for a struct must either be a TensorType or a StructType, got: {ty}"
                ));
            }
        }
        Ok(())
    }

    /// The elements' types.
    pub fn element_types(&self) -> Vec<Type<'c>> {
        self.params()
            .into_iter()
            .filter_map(|p| TypeAttribute::try_from(p).ok().map(|t| t.value()))
            .collect()
    }

    /// The struct of these element types.
    pub fn of(context: &'c Context, elements: &[Type<'c>]) -> Result<Self, String> {
        let params: Vec<Attribute<'c>> = elements
            .iter()
            .map(|t| TypeAttribute::new(*t).into())
            .collect();
        <Self as DialectType>::get(context, &params)
    }
}
