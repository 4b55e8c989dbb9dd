//! Shape inference (chapter 4): an op interface declared in Rust, which
//! the ops that can compute their result's shape from their operands'
//! implement, and the shape helpers the dialect uses.

use mlir_pass::dialect::Op;
use mlir_pass::melior::ir::{
    attribute::{AttributeLike, DenseElementsAttribute},
    operation::OperationLike,
    r#type::{RankedTensorType, ShapedTypeLike},
    Attribute, Type, TypeLike, ValueLike,
};
use mlir_pass::sys;

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

/// The shape of a ranked tensor or memref type (`-1` for a dynamic
/// dimension), or `None` for any other type.
pub fn ranked_shape(ty: Type<'_>) -> Option<Vec<i64>> {
    // SAFETY: `ty` is a valid type; the shape queries are for shaped
    // types with a rank, checked first.
    unsafe {
        let raw = ty.to_raw();
        let ranked = sys::mlirTypeIsARankedTensor(raw) || sys::mlirTypeIsAMemRef(raw);
        if !ranked {
            return None;
        }
        let rank = sys::mlirShapedTypeGetRank(raw);
        Some(
            (0..rank)
                .map(|i| {
                    if sys::mlirShapedTypeIsDynamicDim(raw, i as isize) {
                        -1
                    } else {
                        sys::mlirShapedTypeGetDimSize(raw, i as isize)
                    }
                })
                .collect(),
        )
    }
}

/// The element type of a tensor or memref type.
pub fn element_type(ty: Type<'_>) -> Option<Type<'_>> {
    // SAFETY: a valid type; the element type is asked of shaped types only.
    unsafe {
        sys::mlirTypeIsAShaped(ty.to_raw())
            .then(|| Type::from_raw(sys::mlirShapedTypeGetElementType(ty.to_raw())))
    }
}

/// `tensor<dims x f64>`.
pub fn f64_tensor<'c>(context: &'c mlir_pass::melior::Context, dims: &[i64]) -> Type<'c> {
    let dims: Vec<u64> = dims.iter().map(|d| *d as u64).collect();
    RankedTensorType::new(&dims, Type::float64(context), None).into()
}

/// `tensor<*xf64>`.
pub fn unranked_f64_tensor(context: &mlir_pass::melior::Context) -> Type<'_> {
    // SAFETY: a valid context; f64 is a valid element type.
    unsafe {
        Type::from_raw(sys::mlirUnrankedTensorTypeGet(
            Type::float64(context).to_raw(),
        ))
    }
}

/// `value`'s elements with the static shape of `ty` (same number of
/// elements; one element broadcasts), or `None`.
pub fn reshape_elements<'c>(
    value: DenseElementsAttribute<'c>,
    ty: Type<'c>,
) -> Option<DenseElementsAttribute<'c>> {
    let from = RankedTensorType::try_from(value.r#type()).ok()?;
    let to = RankedTensorType::try_from(ty).ok()?;
    let count = |t: &RankedTensorType<'_>| -> Option<i64> {
        (0..t.rank()).try_fold(1i64, |n, i| {
            // SAFETY: `i` is below the rank of a ranked tensor type.
            let d = unsafe { sys::mlirShapedTypeGetDimSize(t.to_raw(), i as isize) };
            (d >= 0).then(|| n * d)
        })
    };
    let (from_count, to_count) = (count(&from)?, count(&to)?);
    if from_count == 1 && to_count != 1 {
        // A scalar broadcasts: a splat of the new shape.
        // SAFETY: a dense elements attribute of one f64 element, and a
        // static shaped type of f64 elements.
        let raw = unsafe {
            let element = sys::mlirDenseElementsAttrGetDoubleValue(value.to_raw(), 0);
            sys::mlirDenseElementsAttrDoubleSplatGet(ty.to_raw(), element)
        };
        // SAFETY: a valid attribute of the context.
        return DenseElementsAttribute::try_from(unsafe { Attribute::from_raw(raw) }).ok();
    }
    if from_count != to_count {
        return None;
    }
    // SAFETY: a dense elements attribute and a static shaped type with as
    // many elements.
    let raw = unsafe { sys::mlirDenseElementsAttrReshapeGet(value.to_raw(), ty.to_raw()) };
    // SAFETY: a valid attribute of the context.
    DenseElementsAttribute::try_from(unsafe { Attribute::from_raw(raw) }).ok()
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
        let context = self.operation().melior().context();
        // SAFETY: the op's context outlives the op.
        let context = unsafe { context.to_ref() };
        self.output().set_type(f64_tensor(context, &shape));
    }
}

/// Whether `ty` is a tensor whose shape is not known (unranked).
pub fn is_unranked_tensor(ty: Type<'_>) -> bool {
    ty.is_tensor() && ranked_shape(ty).is_none()
}
