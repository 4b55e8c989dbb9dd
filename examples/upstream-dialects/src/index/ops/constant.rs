//! `index.sizeof`, `index.constant` and `index.bool.constant`.

use mlir_pass::dialect::{
    int_range::{ApInt, INDEX_MAX_WIDTH, INDEX_MIN_WIDTH},
    mlir_op,
    ods::{BoolAttr, Index, IndexAttr, I1},
    FoldResult, IntRange, ResultRanges, ValueNames,
};
use mlir_pass::melior::ir::{Attribute, ValueLike};

use super::super::IndexDialect;

/// The size of an `index` on the target, in bits: `%0 = index.sizeof`.
#[mlir_op(
    dialect = IndexDialect,
    name = "sizeof",
    traits = [Pure],
    format = "attr-dict",
    interfaces = [InferIntRangeInterface, InferTypeOpInterface(from_constraints)]
)]
pub struct SizeOfOp {
    /// The size.
    #[result]
    result: Index,
}

impl SizeOfOp<'_> {
    /// From 32 to 64, the widths an `index` may have.
    fn infer_result_ranges(&self, _args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let width = IntRange::storage_width(self.result().r#type());
        let range = IntRange::from_unsigned(
            ApInt::from_u64(width, INDEX_MIN_WIDTH.into()),
            ApInt::from_u64(width, INDEX_MAX_WIDTH.into()),
        );
        ranges.set(self.result(), range);
    }
}

/// An `index` constant: `%idx42 = index.constant 42`.
#[mlir_op(
    dialect = IndexDialect,
    name = "constant",
    traits = [ConstantLike, Pure],
    format = "attr-dict $value",
    interfaces = [
        OpAsmOpInterface(result_names),
        InferIntRangeInterface,
        InferTypeOpInterface(from_constraints)
    ],
    folder
)]
pub struct ConstantOp {
    /// The value.
    #[attr]
    value: IndexAttr,
    /// The constant.
    #[result]
    result: Index,
}

impl<'a> ConstantOp<'a> {
    /// Exactly the value.
    fn infer_result_ranges(&self, _args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let value = ApInt::from_i64(INDEX_MAX_WIDTH, self.value().value());
        ranges.set(self.result(), IntRange::constant(value));
    }

    /// `idx` and the value, signed (`%idx-1`).
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(self.result(), &format!("idx{}", self.value().value()));
    }

    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Attribute(self.value().into()))
    }
}

/// An `i1` constant: `%true = index.bool.constant true`.
#[mlir_op(
    dialect = IndexDialect,
    name = "bool.constant",
    traits = [ConstantLike, Pure],
    format = "attr-dict $value",
    interfaces = [
        OpAsmOpInterface(result_names),
        InferIntRangeInterface,
        InferTypeOpInterface(from_constraints)
    ],
    folder
)]
pub struct BoolConstantOp {
    /// The value.
    #[attr]
    value: BoolAttr,
    /// The constant.
    #[result]
    result: I1,
}

impl<'a> BoolConstantOp<'a> {
    /// Exactly the value, as an `i1`.
    fn infer_result_ranges(&self, _args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let value = ApInt::new(1, u128::from(self.value().value()));
        ranges.set(self.result(), IntRange::constant(value));
    }

    /// `true` or `false`.
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(
            self.result(),
            if self.value().value() {
                "true"
            } else {
                "false"
            },
        );
    }

    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Attribute(self.value().into()))
    }
}
