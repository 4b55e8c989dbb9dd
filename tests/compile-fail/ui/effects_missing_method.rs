// `MemoryEffectOpInterface` asks for `fn effects(&self, effects: &mut
// Effects<'_>)`, `ConditionallySpeculatable` for `fn speculatability(&self)
// -> Speculatability`: without one, or with the wrong signature, the error
// is at the interface's name.
use mlir_pass::dialect::ods::I64;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "missing", interfaces = [MemoryEffectOpInterface])]
pub struct MissingOp {
    #[result]
    output: I64,
}

#[mlir_op(dialect = ToyDialect, name = "mistyped", interfaces = [ConditionallySpeculatable])]
pub struct MistypedOp {
    #[result]
    output: I64,
}

impl MistypedOp<'_> {
    // A bool, where the interface answers `Speculatability`.
    fn speculatability(&self) -> bool {
        true
    }
}

fn main() {}
