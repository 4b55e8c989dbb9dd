//! Ops of the `rtest` dialect whose hooks use the safe API only: type and
//! attribute constraints written as predicates on melior's types, and a
//! folder that builds new attributes from the op's context.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    constraint::{AttrConstraint, TypeConstraint},
    mlir_op,
    ods::{AttrConstraintDef, TypeConstraintDef, I64},
    FoldResult, Op,
};
use mlir_pass::melior::ir::{attribute::IntegerAttribute, r#type::IntegerType, Attribute, Type};

use crate::test_dialect::RTestDialect;

/// An integer of even width (ODS: `Type<CPred<...>, "even-width integer">`).
pub struct EvenWidthInteger;

fn even_width(ty: Type<'_>) -> bool {
    IntegerType::try_from(ty).is_ok_and(|i| i.width() % 2 == 0)
}

impl TypeConstraintDef for EvenWidthInteger {
    const CONSTRAINT: TypeConstraint = TypeConstraint::Predicate {
        description: "even-width integer",
        predicate: even_width,
    };
}

/// A positive integer attribute.
pub struct PositiveAttr;

fn positive(attr: Attribute<'_>) -> bool {
    IntegerAttribute::try_from(attr).is_ok_and(|i| i.value() > 0)
}

impl AttrConstraintDef for PositiveAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint::Predicate {
        description: "positive integer attribute",
        predicate: positive,
    };
    type Value<'c> = IntegerAttribute<'c>;
    fn from_attribute(attr: Attribute<'_>) -> Option<IntegerAttribute<'_>> {
        IntegerAttribute::try_from(attr).ok()
    }
}

/// `rtest.scale %x {factor = 3 : i64} : i16`: folds to the `i64` product
/// of a constant input and the factor, built from the op's context.
#[mlir_op(dialect = RTestDialect, name = "scale", folder)]
pub struct ScaleOp {
    /// The input.
    #[operand]
    input: EvenWidthInteger,
    /// The factor.
    #[attr]
    factor: PositiveAttr,
    /// The product, as `i64`.
    #[result]
    output: I64,
}

impl<'a> ScaleOp<'a> {
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        let input = IntegerAttribute::try_from(operands[0]?).ok()?;
        let i64 = IntegerType::new(self.context(), 64);
        let product = input.value().wrapping_mul(self.factor().value());
        Some(FoldResult::Attribute(
            IntegerAttribute::new(i64.into(), product).into(),
        ))
    }
}
