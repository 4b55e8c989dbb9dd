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

    /// For a vector, which dimensions are scalable (`vector<2x[4]xf32>`:
    /// `[false, true]`); `None` for any other type. C++'s
    /// `VectorType::getScalableDims()`.
    fn scalable_dims(&self) -> Option<Vec<bool>>;

    /// The same shaped type with `element` as element type (C++'s
    /// `ShapedType::clone(elementType)`): a tensor keeps its shape and
    /// encoding, a memref its shape, layout and memory space, a vector its
    /// shape and scalable dimensions. `None` for a type that is not shaped
    /// or an element type the kind does not accept (vectors hold integers,
    /// `index` and floats; memrefs those, complex numbers, vectors and
    /// memrefs; tensors any type but functions and `none`).
    fn with_element_type(&self, element: Type<'c>) -> Option<Type<'c>>;
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

    fn scalable_dims(&self) -> Option<Vec<bool>> {
        let raw = self.to_raw();
        // SAFETY: a valid type; dimensions asked of vectors only.
        unsafe {
            if !sys::mlirTypeIsAVector(raw) {
                return None;
            }
            let rank = sys::mlirShapedTypeGetRank(raw);
            Some(
                (0..rank)
                    .map(|i| sys::mlirVectorTypeIsDimScalable(raw, i as isize))
                    .collect(),
            )
        }
    }

    fn with_element_type(&self, element: Type<'c>) -> Option<Type<'c>> {
        let raw = self.to_raw();
        let shape = self.shape();
        // SAFETY: a valid type; each kind is rebuilt with the getters of
        // its kind (the checked ones where MLIR would assert), from the
        // parts read from it.
        unsafe {
            let context = sys::mlirTypeGetContext(raw);
            let unknown = sys::mlirLocationUnknownGet(context);
            let e = element.to_raw();
            let tensor_element = !sys::mlirTypeIsAFunction(e) && !sys::mlirTypeIsANone(e);
            let new = if sys::mlirTypeIsAVector(raw) {
                return scalable_vector_type(&shape?, &self.scalable_dims()?, element);
            } else if sys::mlirTypeIsARankedTensor(raw) && tensor_element {
                let shape = shape?;
                sys::mlirRankedTensorTypeGetChecked(
                    unknown,
                    shape.len() as isize,
                    shape.as_ptr(),
                    e,
                    sys::mlirRankedTensorTypeGetEncoding(raw),
                )
            } else if sys::mlirTypeIsAUnrankedTensor(raw) && tensor_element {
                sys::mlirUnrankedTensorTypeGetChecked(unknown, e)
            } else if sys::mlirTypeIsAMemRef(raw) && memref_element(element) {
                let shape = shape?;
                sys::mlirMemRefTypeGetChecked(
                    unknown,
                    e,
                    shape.len() as isize,
                    shape.as_ptr(),
                    sys::mlirMemRefTypeGetLayout(raw),
                    sys::mlirMemRefTypeGetMemorySpace(raw),
                )
            } else if sys::mlirTypeIsAUnrankedMemRef(raw) && memref_element(element) {
                sys::mlirUnrankedMemRefTypeGetChecked(
                    unknown,
                    e,
                    sys::mlirUnrankedMemrefGetMemorySpace(raw),
                )
            } else {
                return None;
            };
            (!new.ptr.is_null()).then(|| Type::from_raw(new))
        }
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

/// The vector type `vector<shape x element>` (C++'s `VectorType::get`);
/// `None` when MLIR would refuse it (an empty or non-positive dimension,
/// an element type other than an integer, `index` or a float).
pub fn vector_type<'c>(shape: &[i64], element: Type<'c>) -> Option<Type<'c>> {
    scalable_vector_type(shape, &vec![false; shape.len()], element)
}

/// The vector type with scalable dimensions where `scalable` says
/// (`vector<[4]xf32>`); `None` as for [`vector_type`], or when `scalable`
/// is not as long as `shape`.
pub fn scalable_vector_type<'c>(
    shape: &[i64],
    scalable: &[bool],
    element: Type<'c>,
) -> Option<Type<'c>> {
    if shape.len() != scalable.len() || shape.iter().any(|d| *d <= 0) || !vector_element(element) {
        return None;
    }
    // SAFETY: a valid element type; the checked getter returns null instead
    // of asserting, and the location is unknown in the element's context.
    unsafe {
        let context = sys::mlirTypeGetContext(element.to_raw());
        let raw = sys::mlirVectorTypeGetScalableChecked(
            sys::mlirLocationUnknownGet(context),
            shape.len() as isize,
            shape.as_ptr(),
            scalable.as_ptr(),
            element.to_raw(),
        );
        (!raw.ptr.is_null()).then(|| Type::from_raw(raw))
    }
}

/// Whether vectors hold `element` (integers, `index` and floats: checked
/// first, so that MLIR's checked getter emits no diagnostic).
fn vector_element(element: Type<'_>) -> bool {
    let e = element.to_raw();
    // SAFETY: a valid type.
    unsafe { sys::mlirTypeIsAInteger(e) || sys::mlirTypeIsAIndex(e) || sys::mlirTypeIsAFloat(e) }
}

/// Whether memrefs hold `element` (the builtin kinds MemRefType accepts).
fn memref_element(element: Type<'_>) -> bool {
    let e = element.to_raw();
    // SAFETY: a valid type.
    vector_element(element)
        || unsafe {
            sys::mlirTypeIsAComplex(e)
                || sys::mlirTypeIsAVector(e)
                || sys::mlirTypeIsAMemRef(e)
                || sys::mlirTypeIsAUnrankedMemRef(e)
        }
}

/// The bit width of a builtin integer or float type (`i32`: 32, `f16`:
/// 16), `None` for any other type (`index` included): C++'s
/// `Type::getIntOrFloatBitWidth`, which asserts where this answers `None`.
///
/// ```
/// use mlir_pass::ir::int_or_float_bit_width;
/// use mlir_pass::melior::ir::{r#type::IntegerType, Type};
///
/// let context = mlir_pass::Context::new();
/// let c = context.as_melior();
/// assert_eq!(int_or_float_bit_width(IntegerType::new(c, 7).into()), Some(7));
/// assert_eq!(int_or_float_bit_width(Type::float64(c)), Some(64));
/// assert_eq!(int_or_float_bit_width(Type::index(c)), None);
/// ```
pub fn int_or_float_bit_width(ty: Type<'_>) -> Option<u32> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a valid type; each width is asked of its kind only.
    unsafe {
        if sys::mlirTypeIsAInteger(raw) {
            Some(sys::mlirIntegerTypeGetWidth(raw))
        } else if sys::mlirTypeIsAFloat(raw) {
            Some(sys::mlirFloatTypeGetWidth(raw))
        } else {
            None
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
        assert_eq!(vector.scalable_dims(), Some(vec![false]));
        assert_eq!(f64.scalable_dims(), None);
    }

    #[test]
    fn vectors_and_element_type_changes() {
        let context = Context::new();
        let f32 = Type::float32(&context);
        let f16 = Type::float16(&context);
        let parse = |s: &str| Type::parse(&context, s).unwrap();
        assert_eq!(vector_type(&[2, 4], f32), Some(parse("vector<2x4xf32>")));
        assert_eq!(
            scalable_vector_type(&[2, 4], &[false, true], f32),
            Some(parse("vector<2x[4]xf32>"))
        );
        assert_eq!(vector_type(&[0], f32), None);
        assert_eq!(
            vector_type(&[], f32).map(|t| t.to_string()).as_deref(),
            Some("vector<f32>")
        );
        assert_eq!(scalable_vector_type(&[2], &[], f32), None);
        let tensor_type = parse("tensor<?x3xi64>");
        assert_eq!(vector_type(&[2], tensor_type), None);
        for (from, to) in [
            ("vector<2x[4]xf16>", "vector<2x[4]xf32>"),
            ("tensor<?x3xf16, \"enc\">", "tensor<?x3xf32, \"enc\">"),
            ("tensor<*xf16>", "tensor<*xf32>"),
            (
                "memref<4x?xf16, strided<[?, 1]>, 1>",
                "memref<4x?xf32, strided<[?, 1]>, 1>",
            ),
            ("memref<*xf16, 2>", "memref<*xf32, 2>"),
        ] {
            assert_eq!(
                parse(from).with_element_type(f32),
                Some(parse(to)),
                "{from}"
            );
        }
        assert_eq!(f16.with_element_type(f32), None);
        assert_eq!(parse("vector<4xf16>").with_element_type(tensor_type), None);
    }
}
