// `CastOpInterface` asks for `are_cast_compatible` on the op: without it,
// or with the wrong type, the error is at the interface's name.
use mlir_pass::dialect::ods::AnyTensor;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "cast", interfaces = [CastOpInterface])]
pub struct CastOp {
    #[operand]
    input: AnyTensor,
    #[result]
    output: AnyTensor,
}

#[mlir_op(dialect = ToyDialect, name = "cast2", interfaces = [CastOpInterface])]
pub struct Cast2Op {
    #[operand]
    input: AnyTensor,
    #[result]
    output: AnyTensor,
}

impl Cast2Op<'_> {
    // A method where an associated function is asked for.
    fn are_cast_compatible(&self) -> bool {
        true
    }
}

fn main() {}
