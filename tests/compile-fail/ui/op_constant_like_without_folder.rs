// A ConstantLike op folds to its constant: it needs a folder.
use mlir_pass::dialect::ods::{F64ElementsAttr, F64Tensor};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "constant", traits = [Pure, ConstantLike])]
pub struct ConstantOp {
    #[attr]
    value: F64ElementsAttr,
    #[result]
    output: F64Tensor,
}

fn main() {}
