// A helper cannot hand an IR handle out of the operation's borrow.
use mlir_pass::melior::ir::operation::OperationRef as MeliorOp;
use mlir_pass::OperationRef;

fn escape(op: OperationRef<'_>) -> MeliorOp<'static, 'static> {
    op.melior()
}

fn main() {}
