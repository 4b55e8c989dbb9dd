// `interfaces = [...]` names the upstream interfaces #[mlir_op] implements,
// or Rust interfaces by path: other upstream names, traits and near misses
// are errors at the name that say what to write instead.
use mlir_pass::dialect::ods::{AnyRegion, F64Tensor};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(
    dialect = ToyDialect,
    name = "func",
    traits = [IsolatedFromAbove],
    interfaces = [SymbolOpInterface, MemoryEffectsOpInterface, RegionBranchOpInterface, Pure, CastOpInterfce]
)]
pub struct FuncOp {
    #[operand]
    input: F64Tensor,
    #[region]
    body: AnyRegion,
}

fn main() {}
