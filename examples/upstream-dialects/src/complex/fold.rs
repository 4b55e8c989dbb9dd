//! The complex folders' logic, as MLIR 22's `ComplexOps.cpp` has it:
//! identities that look at the operands' defining ops (a
//! `complex.constant`, an inverse op), never creating an op. The fast-math
//! flags play no part in them.

use mlir_pass::dialect::{FoldResult, Op};
use mlir_pass::melior::ir::{attribute::ArrayAttribute, Attribute, Value};

use super::{defined_by, float_parts, AddOp, ConstantOp, CreateOp, SubOp};

/// Whether `value` is a `complex.constant` of two float zeros (`-0.0`
/// too: `APFloat::isZero`).
fn is_zero_constant(value: Value<'_, '_>) -> bool {
    defined_by::<ConstantOp<'_>>(value)
        .and_then(|c| float_parts(c.value()))
        .is_some_and(|(re, im)| re == 0.0 && im == 0.0)
}

/// `AddOp::fold`.
pub fn add<'a>(lhs: Value<'a, 'a>, rhs: Value<'a, 'a>) -> Option<Value<'a, 'a>> {
    // add(sub(a, b), b) -> a
    if let Some(sub) = defined_by::<SubOp<'a>>(lhs) {
        if sub.rhs() == rhs {
            return Some(sub.lhs());
        }
    }
    // add(b, sub(a, b)) -> a
    if let Some(sub) = defined_by::<SubOp<'a>>(rhs) {
        if sub.rhs() == lhs {
            return Some(sub.lhs());
        }
    }
    // add(a, complex.constant<0.0, 0.0>) -> a
    is_zero_constant(rhs).then_some(lhs)
}

/// `SubOp::fold`.
pub fn sub<'a>(lhs: Value<'a, 'a>, rhs: Value<'a, 'a>) -> Option<Value<'a, 'a>> {
    // sub(add(a, b), b) -> a
    if let Some(add) = defined_by::<AddOp<'a>>(lhs) {
        if add.rhs() == rhs {
            return Some(add.lhs());
        }
    }
    // sub(a, complex.constant<0.0, 0.0>) -> a
    is_zero_constant(rhs).then_some(lhs)
}

/// `MulOp::fold`: `mul(a, complex.constant<1.0, 0.0>)` is `a`.
pub fn mul<'a>(lhs: Value<'a, 'a>, rhs: Value<'a, 'a>) -> Option<Value<'a, 'a>> {
    let (re, im) = float_parts(defined_by::<ConstantOp<'a>>(rhs)?.value())?;
    (im == 0.0 && re == 1.0).then_some(lhs)
}

/// `DivOp::fold` (22: no check of NaN parts): `div(a, [1.0, 0.0])` is
/// `a`, the divisor any constant folding to that array.
pub fn div<'a>(lhs: Value<'a, 'a>, rhs: Option<Attribute<'a>>) -> Option<Value<'a, 'a>> {
    let (re, im) = float_parts(ArrayAttribute::try_from(rhs?).ok()?)?;
    (im == 0.0 && re == 1.0).then_some(lhs)
}

/// `ReOp::fold` (`index` 0) and `ImOp::fold` (1): the part of a constant
/// array, or the operand of the `complex.create` that made the number.
pub fn part<'a>(
    complex: Value<'a, 'a>,
    constant: Option<Attribute<'a>>,
    index: usize,
) -> Option<FoldResult<'a>> {
    if let Some(array) = constant.and_then(|c| ArrayAttribute::try_from(c).ok()) {
        if array.len() == 2 {
            return array.element(index).ok().map(FoldResult::Attribute);
        }
    }
    let create = defined_by::<CreateOp<'a>>(complex)?;
    Some(FoldResult::Value(if index == 0 {
        create.real()
    } else {
        create.imaginary()
    }))
}

/// `op(inverse(a))` is `a`: the operand of the `Inverse` op that defines
/// `value` (`input` reads it).
pub fn inverse<'a, Inverse: Op<'a>>(
    value: Value<'a, 'a>,
    input: impl Fn(&Inverse) -> Value<'a, 'a>,
) -> Option<Value<'a, 'a>> {
    defined_by::<Inverse>(value).map(|op| input(&op))
}
