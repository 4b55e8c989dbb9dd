//! Toy's literals from constants: `[[1, 2], [3, 4]]` from a dense tensor,
//! `{[1, 2], 3}` from a struct constant's array.

use mlir_pass::melior::ir::{
    attribute::AttributeLike,
    attribute::{ArrayAttribute, DenseElementsAttribute},
    operation::OperationLike,
    Attribute, OperationRef as MeliorOp, TypeLike,
};
use mlir_pass::translate_main::TranslationError;

use super::fail;
use crate::dialect::shape::ranked_shape;

/// A `toy.constant`'s value as a Toy literal.
pub(super) fn tensor_literal(op: &MeliorOp<'_, '_>) -> Result<String, TranslationError> {
    let value = op
        .attribute("value")
        .ok()
        .and_then(|a| DenseElementsAttribute::try_from(a).ok())
        .ok_or_else(|| fail(op, "expected a dense elements attribute `value`"))?;
    dense_literal(op, value)
}

/// A struct constant's value (an array of struct values and tensors) as a
/// Toy struct literal.
pub(super) fn struct_literal(
    op: &MeliorOp<'_, '_>,
    value: Attribute<'_>,
) -> Result<String, TranslationError> {
    if let Ok(array) = ArrayAttribute::try_from(value) {
        let elements = (0..array.len())
            .map(|i| {
                let element = array.element(i).map_err(|e| fail(op, e.to_string()))?;
                struct_literal(op, element)
            })
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(format!("{{{}}}", elements.join(", ")));
    }
    let dense = DenseElementsAttribute::try_from(value).map_err(|_| {
        fail(
            op,
            format!("expected a dense elements attribute, got {value}"),
        )
    })?;
    dense_literal(op, dense)
}

/// A dense tensor of `f64` as a Toy literal: a number for a 0-d tensor,
/// nested brackets otherwise.
fn dense_literal(
    op: &MeliorOp<'_, '_>,
    value: DenseElementsAttribute<'_>,
) -> Result<String, TranslationError> {
    let ty = value.r#type();
    let element = mlir_pass::ir::TypeExt::element_type_or_self(&ty);
    let shape = ranked_shape(ty)
        .filter(|_| element.is_f64())
        .ok_or_else(|| fail(op, format!("Toy's numbers are f64 tensors, not {ty}")))?;
    if shape.contains(&0) {
        return Err(fail(
            op,
            format!("Toy has no empty literal, so {ty} cannot be written"),
        ));
    }
    let mut numbers = Vec::with_capacity(value.len());
    for i in 0..value.len() {
        let number = value.f64_element(i).map_err(|e| fail(op, e.to_string()))?;
        numbers.push(number_literal(op, number)?);
    }
    Ok(nest(&shape, &numbers))
}

/// A number as Toy reads it back exactly: Rust prints the shortest decimal
/// that parses to the same `f64`, without an exponent (Toy's lexer reads
/// digits and one `.`).
fn number_literal(op: &MeliorOp<'_, '_>, number: f64) -> Result<String, TranslationError> {
    if !number.is_finite() || number.is_sign_negative() {
        return Err(fail(
            op,
            format!("Toy's literals are numbers from 0 up, so {number} cannot be written in Toy"),
        ));
    }
    Ok(format!("{number}"))
}

/// `numbers` (row-major) in brackets of `shape`.
fn nest(shape: &[i64], numbers: &[String]) -> String {
    let Some((&outer, inner)) = shape.split_first() else {
        return numbers.first().cloned().unwrap_or_default();
    };
    let size = numbers.len() / outer.max(1) as usize;
    let parts: Vec<String> = numbers
        .chunks(size.max(1))
        .map(|chunk| {
            if inner.is_empty() {
                chunk[0].clone()
            } else {
                nest(inner, chunk)
            }
        })
        .collect();
    format!("[{}]", parts.join(", "))
}
