//! Shape inference (chapter 4): an op interface declared in Rust, which
//! the ops that can compute their result's shape from their operands'
//! implement, and the shape helpers the dialect uses.

use mlir_pass::ir::{unranked_tensor_type, TypeExt};
use mlir_pass::melior::ir::{
    attribute::{AttributeLike, DenseElementsAttribute},
    r#type::RankedTensorType,
    Type, TypeLike, ValueLike,
};

use super::ops::{AddOp, CastOp, ConstantOp, MulOp, TransposeOp};

mlir_pass::op_interface! {
    /// Computes an op's result shape from its operands' (upstream's
    /// `ShapeInferenceOpInterface`): the `toy-shape-inference` pass calls
    /// it once every operand of the op has a ranked type.
    pub trait ShapeInference {
        /// Sets the result's type to the inferred one.
        fn infer_shapes(&self);
    }
}

/// The shape of a ranked tensor or memref type (a dynamic dimension is
/// negative), or `None` for any other type.
pub fn ranked_shape(ty: Type<'_>) -> Option<Vec<i64>> {
    ty.shape()
}

/// The element type of a tensor or memref type.
pub fn element_type(ty: Type<'_>) -> Option<Type<'_>> {
    (ty.is_tensor() || ty.is_mem_ref()).then(|| ty.element_type_or_self())
}

/// `tensor<dims x f64>`.
pub fn f64_tensor<'c>(context: &'c mlir_pass::melior::Context, dims: &[i64]) -> Type<'c> {
    let dims: Vec<u64> = dims.iter().map(|d| *d as u64).collect();
    RankedTensorType::new(&dims, Type::float64(context), None).into()
}

/// `tensor<*xf64>`.
pub fn unranked_f64_tensor(context: &mlir_pass::melior::Context) -> Type<'_> {
    unranked_tensor_type(Type::float64(context))
}

/// `value`'s elements with the static shape of `ty` (same number of
/// elements; one element broadcasts), or `None`.
pub fn reshape_elements<'c>(
    value: DenseElementsAttribute<'c>,
    ty: Type<'c>,
) -> Option<DenseElementsAttribute<'c>> {
    let from = value.r#type().element_count()?;
    let to = ty.element_count()?;
    if from == 1 && to != 1 {
        // A scalar broadcasts: a splat of the new shape.
        return Some(DenseElementsAttribute::f64_splat(
            ty,
            value.f64_element(0).ok()?,
        ));
    }
    (from == to).then(|| value.reshape(ty))
}

/// A constant folded from a struct's element may be typed as the unranked
/// tensor; its value has the shape.
impl ShapeInference for ConstantOp<'_> {
    fn infer_shapes(&self) {
        self.output().set_type(self.value().r#type());
    }
}

impl ShapeInference for AddOp<'_> {
    fn infer_shapes(&self) {
        self.output().set_type(self.lhs().r#type());
    }
}

impl ShapeInference for MulOp<'_> {
    fn infer_shapes(&self) {
        self.output().set_type(self.lhs().r#type());
    }
}

impl ShapeInference for CastOp<'_> {
    fn infer_shapes(&self) {
        self.output().set_type(self.input().r#type());
    }
}

impl ShapeInference for TransposeOp<'_> {
    fn infer_shapes(&self) {
        let Some(mut shape) = ranked_shape(self.input().r#type()) else {
            return;
        };
        shape.reverse();
        let input = self.input().r#type();
        let dims: Vec<u64> = shape.iter().map(|d| *d as u64).collect();
        let ty = RankedTensorType::new(&dims, input.element_type_or_self(), None);
        self.output().set_type(ty.into());
    }
}

/// Whether `ty` is a tensor whose shape is not known (unranked).
pub fn is_unranked_tensor(ty: Type<'_>) -> bool {
    ty.is_unranked_tensor()
}
