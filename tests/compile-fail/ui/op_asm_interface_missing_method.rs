// `OpAsmOpInterface(result_names, block_arg_names)` asks for the methods on
// the op: without one, or with the wrong signature, the error is at the key.
use mlir_pass::dialect::ods::{AnyRegion, I64};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "named", interfaces = [OpAsmOpInterface(result_names)])]
pub struct NamedOp {
    #[result]
    output: I64,
}

#[mlir_op(dialect = ToyDialect, name = "scope", interfaces = [OpAsmOpInterface(block_arg_names)])]
pub struct ScopeOp {
    #[region]
    body: AnyRegion,
}

impl ScopeOp<'_> {
    // The region is missing.
    fn block_arg_names(&self, _names: &mut mlir_pass::dialect::ValueNames<'_>) {}
}

fn main() {}
