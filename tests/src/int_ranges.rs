//! The `rrange` dialect: ops that infer integer ranges
//! (`InferIntRangeInterface`), each shaped after an upstream op so that the
//! tests compare MLIR's range-based rewrites of ours with its rewrites of
//! theirs, byte for byte: `rrange.add`, `rrange.divs` and `rrange.maxu` are
//! `index.add`, `index.divs` and `index.maxu`; `rrange.select` is
//! `arith.select` (`inferResultRangesFromOptional`); `rrange.bounded`
//! bounds the block argument of its region; `rrange.bad` misuses the
//! interface on request. Constants fold to `index.constant`, as upstream's
//! index dialect materializes them.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    int_range::{self, ApInt, CmpMode, OverflowFlags},
    mlir_dialect, mlir_op,
    ods::{AnyRegion, Index, StrAttr, I1, I64},
    IntRange, ResultRanges,
};
use mlir_pass::melior::{
    ir::{
        attribute::IntegerAttribute, operation::OperationBuilder, Attribute, BlockLike, Identifier,
        Location, Operation, RegionLike, Type, TypeLike,
    },
    Context,
};

/// Ops with integer ranges.
#[mlir_dialect(
    name = "rrange",
    dependent_dialects = [index],
    materialize_constant = materialize
)]
pub struct RRangeDialect;

/// Integer constants become `index.constant`, as the index dialect's
/// materializer makes them.
fn materialize<'c>(
    context: &'c Context,
    value: Attribute<'c>,
    ty: Type<'c>,
    location: Location<'c>,
) -> Option<Operation<'c>> {
    IntegerAttribute::try_from(value).ok()?;
    if !ty.is_index() {
        return None;
    }
    OperationBuilder::new("index.constant", location)
        .add_attributes(&[(Identifier::new(context, "value"), value)])
        .add_results(&[ty])
        .build()
        .ok()
}

/// `index.add` again: ranges as upstream's `AddOp::inferResultRanges`.
#[mlir_op(
    dialect = RRangeDialect,
    name = "add",
    traits = [Pure, Commutative],
    format = "$lhs `,` $rhs attr-dict",
    interfaces = [InferIntRangeInterface]
)]
pub struct AddOp {
    /// The left operand.
    #[operand]
    lhs: Index,
    /// The right operand.
    #[operand]
    rhs: Index,
    /// The sum.
    #[result]
    result: Index,
}

impl AddOp<'_> {
    fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let add = |a: &[IntRange]| int_range::infer_add(a, OverflowFlags::NONE);
        ranges.set(
            self.result(),
            int_range::infer_index_op(add, args, CmpMode::Both),
        );
    }
}

/// `index.divs` again (signed comparison mode).
#[mlir_op(
    dialect = RRangeDialect,
    name = "divs",
    traits = [NoMemoryEffect],
    format = "$lhs `,` $rhs attr-dict",
    interfaces = [InferIntRangeInterface]
)]
pub struct DivSOp {
    /// The dividend.
    #[operand]
    lhs: Index,
    /// The divisor.
    #[operand]
    rhs: Index,
    /// The quotient.
    #[result]
    result: Index,
}

impl DivSOp<'_> {
    fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        ranges.set(
            self.result(),
            int_range::infer_index_op(int_range::infer_div_s, args, CmpMode::Signed),
        );
    }
}

/// `index.maxu` again (unsigned comparison mode).
#[mlir_op(
    dialect = RRangeDialect,
    name = "maxu",
    traits = [Pure, Commutative],
    format = "$lhs `,` $rhs attr-dict",
    interfaces = [InferIntRangeInterface]
)]
pub struct MaxUOp {
    /// The left operand.
    #[operand]
    lhs: Index,
    /// The right operand.
    #[operand]
    rhs: Index,
    /// The maximum.
    #[result]
    result: Index,
}

impl MaxUOp<'_> {
    fn infer_result_ranges(&self, args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        ranges.set(
            self.result(),
            int_range::infer_index_op(int_range::infer_max_u, args, CmpMode::Unsigned),
        );
    }
}

/// `arith.select` on `index` again: ranges as upstream's
/// `SelectOp::inferResultRangesFromOptional` (the chosen operand's when
/// the condition is known, else the union of what is known).
#[mlir_op(
    dialect = RRangeDialect,
    name = "select",
    traits = [Pure],
    format = "$condition `,` $true_value `,` $false_value attr-dict",
    interfaces = [InferIntRangeInterface(from_optional)]
)]
pub struct SelectOp {
    /// The condition.
    #[operand]
    condition: I1,
    /// The value when true.
    #[operand]
    true_value: Index,
    /// The value when false.
    #[operand]
    false_value: Index,
    /// The chosen value.
    #[result]
    result: Index,
}

impl SelectOp<'_> {
    fn infer_result_ranges_from_optional(
        &self,
        args: &[Option<IntRange>],
        ranges: &mut ResultRanges<'_>,
    ) {
        let chosen = match args[0].and_then(|c| c.constant_value()) {
            Some(condition) if condition.is_zero() => args[2],
            Some(_) => args[1],
            None => match (args[1], args[2]) {
                (None, other) | (other, None) => other,
                (Some(a), Some(b)) => Some(a.union(&b)),
            },
        };
        ranges.set_optional(self.result(), chosen);
    }
}

/// An op whose region's block argument lies in `[0, 9]` (as a loop's
/// induction variable would), and whose result is `[1, 10]`.
#[mlir_op(
    dialect = RRangeDialect,
    name = "bounded",
    traits = [NoTerminator, SingleBlock],
    format = "$body attr-dict",
    interfaces = [InferIntRangeInterface]
)]
pub struct BoundedOp {
    /// The body: one block with one `index` argument.
    #[region]
    body: AnyRegion,
    /// A count.
    #[result]
    result: Index,
}

impl BoundedOp<'_> {
    fn infer_result_ranges(&self, _args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let index = |v| ApInt::from_u64(int_range::INDEX_MAX_WIDTH, v);
        ranges.set(self.result(), IntRange::from_unsigned(index(1), index(10)));
        if let Some(block) = self.body().first_block() {
            for i in 0..block.argument_count() {
                let argument = block.argument(i).expect("in range");
                ranges.set(argument, IntRange::from_unsigned(index(0), index(9)));
            }
        }
    }
}

/// An op misusing the interface on request (`how`): `"panic"` panics,
/// `"width"` gives its `i64` result a 32-bit range, `"foreign"` sets the
/// range of its operand (a value of another op).
#[mlir_op(
    dialect = RRangeDialect,
    name = "bad",
    traits = [Pure],
    interfaces = [InferIntRangeInterface]
)]
pub struct BadOp {
    /// The misuse.
    #[attr]
    how: StrAttr,
    /// A value.
    #[operand]
    input: I64,
    /// Its range, if all goes well.
    #[result]
    result: I64,
}

impl BadOp<'_> {
    fn infer_result_ranges(&self, _args: &[IntRange], ranges: &mut ResultRanges<'_>) {
        let one = |w| IntRange::constant(ApInt::from_u64(w, 1));
        match self.how().value() {
            "panic" => panic!("range inference blew up"),
            "width" => ranges.set(self.result(), one(32)),
            "foreign" => ranges.set(self.input(), one(64)),
            _ => ranges.set(self.result(), one(64)),
        }
    }
}
