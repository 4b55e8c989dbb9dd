// An interface declared in Rust must be implemented by the op's handle: a
// missing impl is an error at the interface's name that says what to write.
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

#[mlir_op(dialect = ToyDialect, name = "transpose", interfaces = [ShapeInference])]
pub struct TransposeOp {
    #[operand]
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

fn main() {}
