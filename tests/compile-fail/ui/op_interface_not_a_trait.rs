// A Rust interface is a trait in scope: a misspelt one, or another item,
// is the compiler's error at the name.
use mlir_pass::dialect::ods::F64Tensor;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

mlir_pass::op_interface! {
    /// Infers the shape of an op's result.
    pub trait ShapeInference {
        fn infer_shapes(&self);
    }
}

#[mlir_op(dialect = ToyDialect, name = "transpose", interfaces = [ShapeInferance])]
pub struct TransposeOp {
    #[operand]
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

#[mlir_op(dialect = ToyDialect, name = "print", interfaces = [ToyDialect])]
pub struct PrintOp {
    #[operand]
    input: F64Tensor,
}

impl ShapeInference for TransposeOp<'_> {
    fn infer_shapes(&self) {}
}

fn main() {}
