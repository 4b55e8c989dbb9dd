//! `index.casts` and `index.castu`: between `index` and an integer type.

use mlir_pass::dialect::{
    int_range::{self, INDEX_MIN_WIDTH},
    mlir_op,
    ods::{AnyInteger, AnyOf, Index},
    FoldResult, IntRange, ResultRanges,
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
    interfaces = [InferIntRangeInterface, CastOpInterface],
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
    interfaces = [InferIntRangeInterface, CastOpInterface],
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

/// `makeLikeDest`: `range` of `from` bits as a value of `to` bits,
/// extended as `signed` says or truncated.
fn make_like_dest(range: &IntRange, from: u32, to: u32, signed: bool) -> IntRange {
    if from < to {
        if signed {
            int_range::ext_si_range(range, to)
        } else {
            int_range::ext_ui_range(range, to)
        }
    } else if from > to {
        int_range::trunc_range(range, to)
    } else {
        *range
    }
}

/// `inferIndexCast`: to `index`, the union of the 64-bit cast and the
/// 32-bit one extended.
fn infer_index_cast(range: &IntRange, source: Type<'_>, dest: Type<'_>, signed: bool) -> IntRange {
    let from = IntRange::storage_width(source);
    let to = IntRange::storage_width(dest);
    if source.is_index() {
        return make_like_dest(range, from, to, signed);
    }
    let storage = make_like_dest(range, from, to, signed);
    let min_width = make_like_dest(range, from, INDEX_MIN_WIDTH, signed);
    storage.union(&int_range::ext_range(&min_width, to))
}

/// The width of an integer type (64 for `index`, as it is stored).
fn integer_width(ty: Type<'_>) -> Option<u32> {
    if ty.is_index() {
        return Some(64);
    }
    IntegerType::try_from(ty).ok().map(|t| t.width())
}

impl<'a> CastSOp<'a> {
    fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let range = infer_index_cast(
            &args[0],
            self.input().r#type(),
            self.output().r#type(),
            true,
        );
        ranges.set(self.output(), range);
    }

    fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
        cast_compatible(inputs, outputs)
    }

    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_cast(*operands.first()?, self.output().r#type(), true)
    }
}

impl<'a> CastUOp<'a> {
    fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let range = infer_index_cast(
            &args[0],
            self.input().r#type(),
            self.output().r#type(),
            false,
        );
        ranges.set(self.output(), range);
    }

    fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
        cast_compatible(inputs, outputs)
    }

    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_cast(*operands.first()?, self.output().r#type(), false)
    }
}
