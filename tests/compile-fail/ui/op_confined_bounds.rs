// A `Confined` attribute no value can satisfy is a compile error: a
// minimum above the maximum, an integer bound on a string attribute.
use mlir_pass::dialect::ods::{Confined, IntMaxValue, IntMinValue, StrAttr, I64Attr};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "t")]
pub struct TDialect;

#[mlir_op(dialect = TDialect, name = "a")]
pub struct AOp {
    #[attr]
    n: Confined<I64Attr, (IntMinValue<10>, IntMaxValue<0>)>,
}

#[mlir_op(dialect = TDialect, name = "b")]
pub struct BOp {
    #[attr]
    s: Confined<StrAttr, IntMinValue<0>>,
}

fn main() {}
