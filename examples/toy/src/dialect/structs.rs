//! The Toy ops on structs (chapter 7): `toy.struct_access` and
//! `toy.struct_constant`, with their verifiers and folders.

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyType, ArrayAttr, I64Attr},
    DialectType, FoldResult,
};
use mlir_pass::melior::ir::{
    attribute::{ArrayAttribute, AttributeLike, DenseElementsAttribute},
    Attribute, Type, ValueLike,
};

use super::shape::ranked_shape;
use super::{StructType, ToyDialect};

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
