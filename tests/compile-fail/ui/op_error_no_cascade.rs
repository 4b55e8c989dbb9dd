// After a mistake in the attribute, the macro still emits the handle with
// its accessors, builder and `Op` impl, so the code that uses the op
// reports nothing more: one mistake, one error.
use mlir_pass::dialect::ods::{F64Tensor, I64Attr};
use mlir_pass::dialect::{mlir_dialect, mlir_op, Op};
use mlir_pass::melior::ir::{attribute::IntegerAttribute, Location, Operation, Type, Value};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "transpose", traits = [Pure, Commutativ])]
pub struct TransposeOp {
    #[operand]
    input: F64Tensor,
    #[attr]
    perm: I64Attr,
    #[result]
    output: F64Tensor,
}

fn build<'c>(
    location: Location<'c>,
    ty: Type<'c>,
    input: Value<'c, '_>,
    perm: IntegerAttribute<'c>,
) -> Operation<'c> {
    TransposeOp::build(location, ty, input, perm)
}

fn read(op: mlir_pass::OperationRef<'_>) {
    if let Some(t) = TransposeOp::cast(&op) {
        let _ = (t.input(), t.perm(), t.output(), t.operation());
        println!("{t} {t:?}");
    }
}

fn main() {
    let _ = (build, read);
}
