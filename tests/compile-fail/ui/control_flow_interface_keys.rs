// `BranchOpInterface(<successor> = <operands>, successor_for_operands)` and
// `RegionBranchOpInterface(entry = [...], <region> = [...], entry_operands
// = <operands>, entry_successors)` name the op's parts: anything else is an
// error at the key or field, saying what to write.
use mlir_pass::dialect::ods::{AnyRegion, AnySuccessor, AnyType, Variadic, I1};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "nosucc", interfaces = [BranchOpInterface(dest = ops)])]
pub struct NoSuccOp {
    #[operand]
    ops: Variadic<AnyType>,
}

#[mlir_op(dialect = ToyDialect, name = "bare", traits = [IsTerminator], interfaces = [BranchOpInterface])]
pub struct BareOp {
    #[successor]
    dest: AnySuccessor,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "wrong",
    traits = [IsTerminator],
    interfaces = [BranchOpInterface(target = ops, dest = missing, successor_for_operands = dest)]
)]
pub struct WrongOp {
    #[operand]
    ops: Variadic<AnyType>,
    #[successor]
    dest: AnySuccessor,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "if",
    interfaces = [RegionBranchOpInterface(entry = [then_region, nowhere], then_region = parent)]
)]
pub struct IfOp {
    #[operand]
    condition: I1,
    #[region]
    then_region: AnyRegion,
    #[region]
    else_region: AnyRegion,
}

#[mlir_op(dialect = ToyDialect, name = "noregion", interfaces = [RegionBranchOpInterface(entry = [parent])])]
pub struct NoRegionOp {
    #[operand]
    condition: I1,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "method",
    interfaces = [RegionBranchOpInterface(entry = [body], body = [parent], entry_successors)]
)]
pub struct MethodOp {
    #[region]
    body: AnyRegion,
}

#[mlir_op(dialect = ToyDialect, name = "terminator", interfaces = [RegionBranchTerminatorOpInterface])]
pub struct TerminatorOp {
    #[operand]
    values: Variadic<AnyType>,
}

fn main() {}
