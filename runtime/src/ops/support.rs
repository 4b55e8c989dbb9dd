//! What the generated handles call: group bounds, the builder, enum
//! attributes. Kept out of the generated files so that each op costs a few
//! lines to compile.

use melior::ir::{attribute::IntegerAttribute, r#type::IntegerType};
use mlir_sys as sys;

use crate::ffi::bridge;

pub use crate::{
    dialect::{
        Arity, AttrConstraint, AttributeDef, Op, OpDefinition, OpHooks, OpInterfaces, OperandDef,
        RegionDef, ResultDef, SuccessorDef, Trait, TypeConstraint,
    },
    rewrite::NoMatch,
    OperationRef,
};
pub use melior::{
    ir::{Attribute, Block, Location, Operation, Region, RegionRef, Type, Value},
    Context,
};

/// How an op's operand (or result) groups split its values: ODS's rules.
#[derive(Clone, Copy, Debug)]
pub enum Layout {
    /// At most one group is variadic or optional; it takes what the single
    /// groups leave.
    Plain,
    /// `AttrSizedOperandSegments` (or results): the sizes are in this
    /// attribute (`operandSegmentSizes`).
    Segments(&'static str),
    /// `SameVariadicOperandSize` (or results): every variadic or optional
    /// group has the same size.
    SameSize,
}

/// `(start, len)` of group `index` among `groups`, for an op with `count`
/// values, read from `op` when the layout needs its segment sizes.
pub fn group(
    op: OperationRef<'_>,
    groups: &[Arity],
    layout: Layout,
    count: usize,
    index: usize,
) -> (usize, usize) {
    let sizes = |i: usize| -> usize {
        match (layout, groups[i]) {
            (Layout::Segments(attribute), _) => segment(op, attribute, i),
            (_, Arity::Single) => 1,
            (Layout::SameSize, _) => {
                let singles = groups.iter().filter(|a| **a == Arity::Single).count();
                let others = groups.len() - singles;
                count.saturating_sub(singles) / others.max(1)
            }
            (Layout::Plain, _) => count.saturating_sub(groups.len() - 1),
        }
    };
    let start = (0..index).map(sizes).sum();
    (start, sizes(index))
}

/// Entry `i` of the dense `i32` array attribute `attribute` of `op` (0 when
/// absent: the op is then malformed and the accessor reports it).
fn segment(op: OperationRef<'_>, attribute: &str, i: usize) -> usize {
    // SAFETY: a valid op; the attribute is only read when it is a dense
    // i32 array long enough.
    unsafe {
        let attr =
            sys::mlirOperationGetAttributeByName(op.raw(), crate::ffi::string_ref(attribute));
        if attr.ptr.is_null()
            || !sys::mlirAttributeIsADenseI32Array(attr)
            || sys::mlirDenseArrayGetNumElements(attr) <= i as isize
        {
            return 0;
        }
        sys::mlirDenseI32ArrayGetElement(attr, i as isize).max(0) as usize
    }
}

/// Operand `index` of `op`, which a verified op of its kind has; `what`
/// names it when it is missing (an op not yet verified). One call into the
/// bridge (the check and the read), inlined into the accessor.
#[inline]
pub fn operand<'a>(op: OperationRef<'a>, index: usize, what: &str) -> Value<'a, 'a> {
    // SAFETY: a valid op; the bridge checks the index (a `usize` past
    // `isize::MAX` turns negative, which it refuses too).
    let raw = unsafe { bridge::mlirPassBridgeOperationOperandOrNull(op.raw(), index as isize) };
    if raw.ptr.is_null() {
        missing(op, what)
    }
    // SAFETY: an operand of a valid op.
    unsafe { Value::from_raw(raw) }
}

/// Result `index` of `op`, as [`operand`].
#[inline]
pub fn result<'a>(op: OperationRef<'a>, index: usize, what: &str) -> Value<'a, 'a> {
    // SAFETY: as in `operand`.
    let raw = unsafe { bridge::mlirPassBridgeOperationResultOrNull(op.raw(), index as isize) };
    if raw.ptr.is_null() {
        missing(op, what)
    }
    // SAFETY: a result of a valid op.
    unsafe { Value::from_raw(raw) }
}

/// Values `start..start + len` of `op`'s operands (`results` false) or
/// results.
pub fn values<'a>(
    op: OperationRef<'a>,
    (start, len): (usize, usize),
    results: bool,
) -> Vec<Value<'a, 'a>> {
    (start..start + len)
        .map(|i| {
            if results {
                result(op, i, "result")
            } else {
                operand(op, i, "operand")
            }
        })
        .collect()
}

/// Operand or result counts of `op`.
pub fn count(op: OperationRef<'_>, results: bool) -> usize {
    // SAFETY: a valid op.
    unsafe {
        if results {
            sys::mlirOperationGetNumResults(op.raw()) as usize
        } else {
            sys::mlirOperationGetNumOperands(op.raw()) as usize
        }
    }
}

/// Region `index` of `op`.
pub fn region<'a>(op: OperationRef<'a>, index: usize, what: &str) -> melior::ir::RegionRef<'a, 'a> {
    // SAFETY: a valid op, asked for an existing region.
    unsafe {
        if index >= sys::mlirOperationGetNumRegions(op.raw()) as usize {
            missing(op, what)
        }
        melior::ir::RegionRef::from_raw(sys::mlirOperationGetRegion(op.raw(), index as isize))
    }
}

/// The attribute `name` of `op`, inherent (a property) or not.
pub fn attribute<'a>(op: OperationRef<'a>, name: &str) -> Option<Attribute<'a>> {
    // SAFETY: a valid op; the attribute lives in its context.
    unsafe {
        let raw = sys::mlirOperationGetAttributeByName(op.raw(), crate::ffi::string_ref(name));
        (!raw.ptr.is_null()).then(|| Attribute::from_raw(raw))
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn missing(op: OperationRef<'_>, what: &str) -> ! {
    panic!(
        "'{}' has no {what}: the op does not have its kind's operands and results (is it verified?)",
        op.name()
    )
}

/// An enum of an upstream dialect (`arith::CmpIPredicate`,
/// `arith::FastMathFlags`): its attribute, built and read in Rust (C++'s
/// `CmpIPredicateAttr::get` and `getValue()`).
pub trait EnumAttribute: Copy + Sized {
    /// The attribute holding `self`, in `context`.
    fn attribute<'c>(self, context: &'c Context) -> Attribute<'c>;
    /// The value an attribute of this enum holds; `None` for another
    /// attribute.
    fn from_attribute(attribute: Attribute<'_>) -> Option<Self>;
}

/// A type constraint that MLIR checks, described by ODS's summary.
pub const fn mlir_type(description: &'static str) -> TypeConstraint {
    TypeConstraint::Custom {
        description,
        predicate: checked_by_mlir,
    }
}

/// An attribute constraint that MLIR checks, described by ODS's summary.
pub const fn mlir_attr(description: &'static str) -> AttrConstraint {
    AttrConstraint::Custom {
        description,
        predicate: attribute_checked_by_mlir,
    }
}

/// An integer attribute of width `width` holding `value` (ODS's
/// `I32EnumAttr`/`I64EnumAttr` storage).
pub fn integer_enum<'c>(context: &'c Context, width: u32, value: i64) -> Attribute<'c> {
    IntegerAttribute::new(IntegerType::new(context, width).into(), value).into()
}

/// The value of an integer enum attribute.
pub fn integer_enum_value(attribute: Attribute<'_>) -> Option<i64> {
    IntegerAttribute::try_from(attribute)
        .ok()
        .map(|a| a.value())
}

/// The dialect attribute `#name<text>` (ODS's `EnumAttr` storage, such as
/// `#arith.fastmath<nnan,ninf>`), parsed once per text and context by MLIR's
/// uniquer.
pub fn dialect_enum<'c>(context: &'c Context, name: &str, text: &str) -> Attribute<'c> {
    let source = format!("#{name}<{text}>");
    Attribute::parse(context, &source)
        .unwrap_or_else(|| panic!("MLIR 22 did not parse its own attribute '{source}'"))
}

/// `#arith.fastmath<...>` (`overflow` false) or `#arith.overflow<...>` of
/// `flags`, made by the C++ getter rather than parsed (lowerings make one
/// per op they create).
pub fn arith_flags<'c>(context: &'c Context, overflow: bool, flags: u64) -> Attribute<'c> {
    // SAFETY: a valid context; null when arith is not loaded.
    let raw = unsafe {
        crate::ffi::bridge::mlirPassBridgeArithFlagsGet(context.to_raw(), overflow, flags as u32)
    };
    if raw.ptr.is_null() {
        panic!("cannot build an arith flags attribute: the 'arith' dialect is not loaded in this context");
    }
    // SAFETY: an attribute of the context.
    unsafe { Attribute::from_raw(raw) }
}

/// The flags of an `#arith.fastmath` (`overflow` false) or `#arith.overflow`
/// attribute; `None` for another attribute.
pub fn arith_flags_value(attribute: Attribute<'_>, overflow: bool) -> Option<u64> {
    let mut flags = 0u32;
    // SAFETY: a valid attribute; `flags` is written on success.
    unsafe {
        crate::ffi::bridge::mlirPassBridgeArithFlagsValue(
            melior::ir::attribute::AttributeLike::to_raw(&attribute),
            overflow,
            &mut flags,
        )
    }
    .then_some(u64::from(flags))
}

/// The keywords of a dialect enum attribute `#name<a, b>`: `["a", "b"]`;
/// `None` for another attribute.
pub fn dialect_enum_keywords(attribute: Attribute<'_>, name: &str) -> Option<Vec<String>> {
    let text = attribute.to_string();
    let inner = text
        .strip_prefix('#')?
        .strip_prefix(name)?
        .strip_prefix('<')?
        .strip_suffix('>')?;
    Some(
        inner
            .split(',')
            .map(|s| s.trim().trim_matches('"').to_owned())
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

pub use super::builder::{Builder, OpBuilder};

/// The predicate of an upstream op's constraints in its
/// [`OpDefinition`](crate::dialect::OpDefinition): MLIR's C++ verifier
/// checks the real constraint; the definition carries its ODS summary.
pub fn checked_by_mlir(_: sys::MlirType) -> bool {
    true
}

/// As [`checked_by_mlir`], for attributes.
pub fn attribute_checked_by_mlir(_: sys::MlirAttribute) -> bool {
    true
}

/// The number of regions of `op`.
pub fn count_regions(op: OperationRef<'_>) -> usize {
    // SAFETY: a valid op.
    unsafe { sys::mlirOperationGetNumRegions(op.raw()) as usize }
}
