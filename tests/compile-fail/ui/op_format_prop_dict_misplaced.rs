// `prop-dict` once, at the top level of the format: twice, or inside an
// optional group, is an error at the format saying what to write.
use mlir_pass::dialect::ods::{I64Attr, Optional, I64};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(
    dialect = ToyDialect,
    name = "twice",
    format = "$input prop-dict prop-dict attr-dict `:` type($input)"
)]
pub struct TwiceOp {
    #[operand]
    input: I64,
    #[attr]
    level: I64Attr,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "grouped",
    format = "$input (`with` $level^ prop-dict)? attr-dict `:` type($input)"
)]
pub struct GroupedOp {
    #[operand]
    input: I64,
    #[attr]
    level: Optional<I64Attr>,
}

fn main() {}
