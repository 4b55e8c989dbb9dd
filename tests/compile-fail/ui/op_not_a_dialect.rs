// `dialect = ...` names a type declared with #[mlir_dialect].
use mlir_pass::dialect::mlir_op;
use mlir_pass::dialect::ods::F64Tensor;

pub struct NotADialect;

#[mlir_op(dialect = NotADialect, name = "transpose")]
pub struct TransposeOp {
    #[operand]
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

fn main() {}
