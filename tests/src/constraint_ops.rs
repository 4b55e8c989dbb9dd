//! `rtest` ops with constraints as ODS writes them: attribute constraints
//! made of others (`Confined`, `AnyOf`, `AllOf`, `Not`, the value
//! predicates) and the op-level type constraints (`AllTypesMatch`,
//! `TypesMatchWith`, `AllElementTypesMatch`, `AllShapesMatch`,
//! `AllRanksMatch`), several of them mirrors of upstream ops (`smt.push`,
//! `linalg.index`, `complex.create`, `complex.abs`, `arith.cmpi`) so that
//! the tests compare the messages and syntax byte for byte.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    constraint::TypeConstraint,
    mlir_op,
    ods::{
        AllOf, AnyAttr, AnyFloat, AnyInteger, AnyOf, AnyTensor, AnyType, ArrayAttr, ArrayCount,
        ArrayMaxCount, ArrayMinCount, Confined, I32Attr, I64Attr, Index, IntMaxValue, IntMinValue,
        IntNonNegative, IntPositive, Not, Optional, StrAttr, TypeConstraintDef, I1, I32, I64,
    },
};
use mlir_pass::melior::ir::{r#type::TypeLike, Type};

use crate::test_dialect::RTestDialect;

/// ODS's `Complex<AnyFloat>`, for the mirrors of `complex` ops.
pub struct ComplexOfFloat;

fn is_complex_of_float(ty: Type<'_>) -> bool {
    ty.is_complex() && element_type(ty).is_float()
}

/// A complex type's element type (the type itself for another).
fn element_type(ty: Type<'_>) -> Type<'_> {
    mlir_pass::dialect::TypeTransform::ElementType
        .apply(ty)
        .unwrap_or(ty)
}

impl TypeConstraintDef for ComplexOfFloat {
    const CONSTRAINT: TypeConstraint = TypeConstraint::Predicate {
        description: "complex type with floating-point elements",
        predicate: is_complex_of_float,
    };
}

/// Pushes levels on a stack (as `smt.push`): a count that is not negative.
#[mlir_op(dialect = RTestDialect, name = "push", format = "$count attr-dict")]
pub struct PushOp {
    /// How many levels.
    #[attr]
    count: Confined<I32Attr, IntNonNegative>,
}

/// An iteration index (as `linalg.index`): a dimension from 0.
#[mlir_op(
    dialect = RTestDialect,
    name = "index",
    traits = [Pure],
    format = "$dim attr-dict `:` type($result)"
)]
pub struct IndexOp {
    /// The dimension.
    #[attr]
    dim: Confined<I64Attr, IntMinValue<0>>,
    /// The index.
    #[result]
    result: Index,
}

/// A locality hint from 0 to 3 (as `memref.prefetch`'s), and a positive
/// count.
#[mlir_op(dialect = RTestDialect, name = "hint", format = "$hint `,` $count attr-dict")]
pub struct HintOp {
    /// The hint.
    #[attr]
    hint: Confined<I32Attr, (IntMinValue<0>, IntMaxValue<3>)>,
    /// The count.
    #[attr]
    count: Confined<I64Attr, IntPositive>,
}

/// Attributes of each combinator, in the generic form.
#[mlir_op(dialect = RTestDialect, name = "attrs")]
pub struct AttrsOp {
    /// One to three elements.
    #[attr]
    items: Confined<ArrayAttr, (ArrayMinCount<1>, ArrayMaxCount<3>)>,
    /// Exactly two elements.
    #[attr]
    pair: Optional<Confined<ArrayAttr, ArrayCount<2>>>,
    /// An integer or a string.
    #[attr]
    choice: Optional<AnyOf<(I64Attr, StrAttr)>>,
    /// Anything but a string.
    #[attr]
    not_str: Optional<Not<StrAttr>>,
    /// A 64-bit integer, negative or not, other than a string.
    #[attr]
    both: Optional<AllOf<(I64Attr, Not<StrAttr>, IntMinValue<{ -5 }>)>>,
}

/// Operands of each type combinator.
#[mlir_op(dialect = RTestDialect, name = "types")]
pub struct TypesOp {
    /// `i32` or `i64`.
    #[operand]
    x: AnyOf<(I32, I64)>,
    /// An integer other than `i1`.
    #[operand]
    y: AllOf<(AnyInteger, Not<I1>)>,
}

/// Picks one of two values (the example of ODS's type inference): the
/// format gives the result's type, which is the operands'.
#[mlir_op(
    dialect = RTestDialect,
    name = "select",
    traits = [Pure, AllTypesMatch(lhs, rhs, result)],
    format = "$lhs `,` $rhs attr-dict `:` type($result)"
)]
pub struct SelectOp {
    /// The first value.
    #[operand]
    lhs: AnyType,
    /// The second value.
    #[operand]
    rhs: AnyType,
    /// The value picked.
    #[result]
    result: AnyType,
}

/// A complex number from its parts (as `complex.create`).
#[mlir_op(
    dialect = RTestDialect,
    name = "create",
    traits = [
        Pure,
        AllTypesMatch(real, imaginary),
        TypesMatchWith("complex element type matches real operand type", complex, real, ElementType),
        TypesMatchWith(
            "complex element type matches imaginary operand type",
            complex,
            imaginary,
            ElementType
        ),
    ],
    format = "$real `,` $imaginary attr-dict `:` type($complex)"
)]
pub struct CreateOp {
    /// The real part.
    #[operand]
    real: AnyFloat,
    /// The imaginary part.
    #[operand]
    imaginary: AnyFloat,
    /// The number.
    #[result]
    complex: ComplexOfFloat,
}

/// The absolute value of a complex number (as `complex.abs`).
#[mlir_op(
    dialect = RTestDialect,
    name = "abs",
    traits = [
        Pure,
        TypesMatchWith("complex element type matches result type", complex, result, ElementType),
    ],
    format = "$complex attr-dict `:` type($complex)"
)]
pub struct AbsOp {
    /// The number.
    #[operand]
    complex: ComplexOfFloat,
    /// Its absolute value.
    #[result]
    result: AnyFloat,
}

/// A comparison (as `arith.cmpi` without its predicate): `i1` of the
/// operands' shape.
#[mlir_op(
    dialect = RTestDialect,
    name = "cmp",
    traits = [
        Pure,
        AllTypesMatch(lhs, rhs),
        TypesMatchWith(
            "result type has i1 element type and same shape as operands",
            lhs,
            result,
            I1SameShape
        ),
    ],
    format = "$lhs `,` $rhs attr-dict `:` type($lhs)"
)]
pub struct CmpOp {
    /// The first value.
    #[operand]
    lhs: AnyType,
    /// The second value.
    #[operand]
    rhs: AnyType,
    /// The outcome.
    #[result]
    result: AnyType,
}

/// A constant whose type is its attribute's (as `arith.constant`).
#[mlir_op(
    dialect = RTestDialect,
    name = "typed_constant",
    traits = [Pure, AllTypesMatch(value, result)],
    format = "attr-dict $value"
)]
pub struct TypedConstantOp {
    /// The value.
    #[attr]
    value: AnyAttr,
    /// The constant.
    #[result]
    result: AnyType,
}

/// Tensors of one element type, shape and rank.
#[mlir_op(
    dialect = RTestDialect,
    name = "shapes",
    traits = [AllElementTypesMatch(x, y), AllShapesMatch(x, y), AllRanksMatch(x, z)],
    format = "$x `,` $y `,` $z attr-dict `:` type($x) `,` type($y) `,` type($z)"
)]
pub struct ShapesOp {
    /// The first tensor.
    #[operand]
    x: AnyTensor,
    /// The second, of `x`'s element type and shape.
    #[operand]
    y: AnyTensor,
    /// The third, of `x`'s rank.
    #[operand]
    z: AnyTensor,
}
