//! Shaped-type queries melior 0.27 lacks: a type's shape, its element type
//! (C++'s `getElementTypeOrSelf`), and the unranked tensor type.

use melior::ir::{Type, TypeLike};
use mlir_sys as sys;

/// A dynamic dimension in a [`TypeExt::shape`]: MLIR's
/// `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

/// Queries of shaped types (tensors, memrefs, vectors) on any [`Type`].
pub trait TypeExt<'c> {
    /// The dimensions of a ranked tensor, a memref or a vector, with
    /// [`DYNAMIC`] for a dynamic one; `None` for an unranked tensor or memref
    /// and for a type that is not shaped. C++'s `getShape()`.
    fn shape(&self) -> Option<Vec<i64>>;

    /// The number of elements of a statically shaped type, `None` when a
    /// dimension is dynamic or the type is not ranked and shaped. C++'s
    /// `getNumElements()`.
    fn element_count(&self) -> Option<i64>;

    /// The element type of a shaped type (ranked or not), or the type itself
    /// for any other: C++'s `getElementTypeOrSelf`.
    fn element_type_or_self(&self) -> Type<'c>;
}

impl<'c> TypeExt<'c> for Type<'c> {
    fn shape(&self) -> Option<Vec<i64>> {
        let raw = self.to_raw();
        // SAFETY: `raw` is a valid type; the rank and dimensions are asked
        // of ranked shaped types only.
        unsafe {
            if !sys::mlirTypeIsAShaped(raw) || !sys::mlirShapedTypeHasRank(raw) {
                return None;
            }
            let rank = sys::mlirShapedTypeGetRank(raw);
            Some(
                (0..rank)
                    .map(|i| {
                        if sys::mlirShapedTypeIsDynamicDim(raw, i as isize) {
                            DYNAMIC
                        } else {
                            sys::mlirShapedTypeGetDimSize(raw, i as isize)
                        }
                    })
                    .collect(),
            )
        }
    }

    fn element_count(&self) -> Option<i64> {
        self.shape()?
            .iter()
            .try_fold(1i64, |n, d| if *d < 0 { None } else { n.checked_mul(*d) })
    }

    fn element_type_or_self(&self) -> Type<'c> {
        let raw = self.to_raw();
        // SAFETY: a valid type; the element type of a shaped type lives in
        // the same context.
        unsafe {
            if sys::mlirTypeIsAShaped(raw) {
                Type::from_raw(sys::mlirShapedTypeGetElementType(raw))
            } else {
                *self
            }
        }
    }
}

/// The unranked tensor type of `element` (`tensor<*xf64>`), in its context.
pub fn unranked_tensor_type(element: Type<'_>) -> Type<'_> {
    // SAFETY: a valid type; the new type lives in its context.
    unsafe { Type::from_raw(sys::mlirUnrankedTensorTypeGet(element.to_raw())) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::{ir::r#type::RankedTensorType, Context};

    #[test]
    fn shapes_elements_and_unranked_tensors() {
        let context = Context::new();
        let f64 = Type::float64(&context);
        let ranked: Type = RankedTensorType::new(&[2, 3], f64, None).into();
        assert_eq!(ranked.shape(), Some(vec![2, 3]));
        assert_eq!(ranked.element_count(), Some(6));
        assert_eq!(ranked.element_type_or_self(), f64);
        let unranked = unranked_tensor_type(f64);
        assert_eq!(unranked.to_string(), "tensor<*xf64>");
        assert!(unranked.is_unranked_tensor() && !ranked.is_unranked_tensor());
        assert_eq!(unranked.shape(), None);
        assert_eq!(unranked.element_type_or_self(), f64);
        assert_eq!(f64.element_type_or_self(), f64);
        assert_eq!(f64.shape(), None);
        let dynamic = Type::parse(&context, "memref<?x4xf32>").unwrap();
        assert_eq!(dynamic.shape(), Some(vec![DYNAMIC, 4]));
        assert_eq!(dynamic.element_count(), None);
        let vector = Type::parse(&context, "vector<4xi8>").unwrap();
        assert_eq!(vector.shape(), Some(vec![4]));
    }
}
