//! Ops of the `rtest` dialect for properties: their inherent attributes
//! kept as ODS keeps them, with a `prop-dict` format, an `attr-dict` format
//! that prints the inherent attributes it does not name (as `func.call`'s
//! `no_inline`), and a result type inferred from a property.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyInteger, I64Attr, Optional, StrAttr},
    InferTypeInput,
};
use mlir_pass::melior::ir::{attribute::IntegerAttribute, r#type::IntegerType, Attribute, Type};

use crate::test_dialect::RTestDialect;

/// `rtest.flags %x <{level = 1 : i64}> : i64`: every attribute in
/// `<{...}>` (ODS's `prop-dict`), the default included.
#[mlir_op(
    dialect = RTestDialect,
    name = "flags",
    traits = [Pure, SameOperandsAndResultType],
    format = "$input prop-dict attr-dict `:` type($input)"
)]
pub struct FlagsOp {
    /// The input.
    #[operand]
    input: AnyInteger,
    /// Required.
    #[attr]
    level: I64Attr,
    /// Optional.
    #[attr]
    tag: Optional<StrAttr>,
    /// Defaults to 2.
    #[attr(default = "2 : i64")]
    scale: I64Attr,
    /// The input, flagged.
    #[result]
    output: AnyInteger,
}

/// `rtest.tagged %x by 3 {tag = "t"} : i64`: the format names `level`;
/// `attr-dict` prints `tag`, inherent too.
#[mlir_op(
    dialect = RTestDialect,
    name = "tagged",
    traits = [Pure, SameOperandsAndResultType],
    format = "$input `by` $level attr-dict `:` type($input)"
)]
pub struct TaggedOp {
    /// The input.
    #[operand]
    input: AnyInteger,
    /// In the format.
    #[attr]
    level: I64Attr,
    /// In the attribute dictionary.
    #[attr]
    tag: Optional<StrAttr>,
    /// The input, tagged.
    #[result]
    output: AnyInteger,
}

/// `rtest.make_int 8`: an integer of the width its property gives, the
/// type inferred from the property (`InferTypeOpInterface`).
#[mlir_op(
    dialect = RTestDialect,
    name = "make_int",
    traits = [Pure],
    interfaces = [InferTypeOpInterface],
    format = "$width attr-dict"
)]
pub struct MakeIntOp {
    /// The width.
    #[attr]
    width: I64Attr,
    /// An integer of that width.
    #[result]
    output: AnyInteger,
}

fn width_of(attr: Option<Attribute<'_>>) -> Option<u32> {
    let width = IntegerAttribute::try_from(attr?).ok()?.value();
    u32::try_from(width).ok().filter(|w| (1..=64).contains(w))
}

impl MakeIntOp<'_> {
    fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
        let width = width_of(input.attribute("width"))
            .ok_or_else(|| "expects a 'width' between 1 and 64".to_owned())?;
        Ok(vec![IntegerType::new(input.context(), width).into()])
    }
}
