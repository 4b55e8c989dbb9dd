// `InferTypeOpInterface` asks for `infer_return_types` on the op: without
// it the error is at the interface's name; with arguments, it says what to
// write.
use mlir_pass::dialect::ods::AnyInteger;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(
    dialect = ToyDialect,
    name = "mul",
    interfaces = [InferTypeOpInterface],
    format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)"
)]
pub struct MulOp {
    #[operand]
    lhs: AnyInteger,
    #[operand]
    rhs: AnyInteger,
    #[result]
    output: AnyInteger,
}

#[mlir_op(dialect = ToyDialect, name = "neg", interfaces = [InferTypeOpInterface(from = input)])]
pub struct NegOp {
    #[operand]
    input: AnyInteger,
    #[result]
    output: AnyInteger,
}

fn main() {}
