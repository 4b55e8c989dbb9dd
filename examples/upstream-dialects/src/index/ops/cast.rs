//! `index.casts` and `index.castu`: between `index` and an integer type.

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyInteger, AnyOf, Index},
    FoldResult,
};
use mlir_pass::melior::ir::{
    attribute::{AttributeLike, IntegerAttribute},
    r#type::IntegerType,
    Attribute, Type, TypeLike, ValueLike,
};

use super::super::{fold, IndexDialect};

/// Converts between `index` and an integer type, sign-extending or
/// truncating: `index.casts %a : index to i64`. One side is `index`, the
/// other an integer.
#[mlir_op(
    dialect = IndexDialect,
    name = "casts",
    traits = [Pure],
    format = "$input attr-dict `:` type($input) `to` type($output)",
    interfaces = [CastOpInterface],
    folder
)]
pub struct CastSOp {
    /// The value.
    #[operand]
    input: AnyOf<(AnyInteger, Index)>,
    /// The value converted.
    #[result]
    output: AnyOf<(AnyInteger, Index)>,
}

/// Converts between `index` and an integer type, zero-extending or
/// truncating: `index.castu %a : i32 to index`.
#[mlir_op(
    dialect = IndexDialect,
    name = "castu",
    traits = [Pure],
    format = "$input attr-dict `:` type($input) `to` type($output)",
    interfaces = [CastOpInterface],
    folder
)]
pub struct CastUOp {
    /// The value.
    #[operand]
    input: AnyOf<(AnyInteger, Index)>,
    /// The value converted.
    #[result]
    output: AnyOf<(AnyInteger, Index)>,
}

/// One of the two types is `index`, the other not.
fn cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
    match (inputs.first(), outputs.first()) {
        (Some(input), Some(output)) => input.is_index() != output.is_index(),
        _ => false,
    }
}

/// `foldCastOp`: a constant input becomes a constant of the result type,
/// when the 32-bit and 64-bit targets agree on it.
fn fold_cast<'a>(
    input: Option<Attribute<'a>>,
    result: Type<'a>,
    signed: bool,
) -> Option<FoldResult<'a>> {
    let input = IntegerAttribute::try_from(input?).ok()?;
    let from = integer_width(input.r#type())?;
    let to = if result.is_index() {
        None
    } else {
        Some(integer_width(result)?)
    };
    let value = fold::cast(input.value(), from, to, signed)?;
    Some(FoldResult::Attribute(
        IntegerAttribute::new(result, value).into(),
    ))
}

/// The width of an integer type (64 for `index`, as it is stored).
fn integer_width(ty: Type<'_>) -> Option<u32> {
    if ty.is_index() {
        return Some(64);
    }
    IntegerType::try_from(ty).ok().map(|t| t.width())
}

impl<'a> CastSOp<'a> {
    fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
        cast_compatible(inputs, outputs)
    }

    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_cast(*operands.first()?, self.output().r#type(), true)
    }
}

impl<'a> CastUOp<'a> {
    fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
        cast_compatible(inputs, outputs)
    }

    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_cast(*operands.first()?, self.output().r#type(), false)
    }
}
