//! The `complex` ops, as `ComplexOps.td` declares them: the binary
//! arithmetic (`ComplexArithmeticOp`) in `arithmetic.rs`, the unary ops
//! (`ComplexUnaryOp`) in `unary.rs`, the rest (`create`, `eq`, `neq`,
//! `constant`, `bitcast`, `powi`) in `other.rs`.

mod arithmetic;
mod other;
mod unary;

pub use arithmetic::*;
pub use other::*;
pub use unary::*;

use mlir_pass::dialect::InferTypeInput;
use mlir_pass::melior::ir::{Type, ValueLike};

use super::element_type;

/// The result type of an op whose result is its first operand's type.
fn first_operand_type<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
    match input.operands().first() {
        Some(operand) => Ok(vec![operand.r#type()]),
        None => Err("expected an operand".into()),
    }
}

/// The result type of an op whose result is its operand's element type.
fn first_operand_element_type<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
    let operand = input
        .operands()
        .first()
        .ok_or_else(|| String::from("expected an operand"))?;
    element_type(operand.r#type())
        .map(|t| vec![t])
        .ok_or_else(|| "expected a complex operand".into())
}
