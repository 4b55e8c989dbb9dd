// `OpAsmOpInterface(...)` lists the methods the op answers: `result_names`
// on an op with results, `block_arg_names` and `block_names` on an op with
// regions, each once
// and without a value, and `default_dialect` with a dialect namespace as a
// string. Anything else is an error at the key that says what to write.
use mlir_pass::dialect::ods::{AnyRegion, I64};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "bare", interfaces = [OpAsmOpInterface])]
pub struct BareOp {
    #[result]
    output: I64,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "keys",
    interfaces = [OpAsmOpInterface(getAsmResultNames, block_labels, result_names = output)]
)]
pub struct KeysOp {
    #[result]
    output: I64,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "nothing_to_name",
    interfaces = [OpAsmOpInterface(result_names, block_arg_names, block_arg_names, block_names)]
)]
pub struct NothingToNameOp {
    #[operand]
    input: I64,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "dialects",
    interfaces = [OpAsmOpInterface(default_dialect = toy)]
)]
pub struct DialectsOp {
    #[region]
    body: AnyRegion,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "op_name",
    interfaces = [OpAsmOpInterface(default_dialect = "toy.func")]
)]
pub struct OpNameOp {
    #[region]
    body: AnyRegion,
}

fn main() {}
