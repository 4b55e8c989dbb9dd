// `effects = [...]` lists ODS's memory effects (`MemRead`, `MemWrite`,
// `MemAlloc`, `MemFree`), each on the op or on an operand or result, with
// an optional resource name; `MemoryEffectOpInterface` and
// `ConditionallySpeculatable` take no arguments; none of them goes with a
// trait that already says the same. Anything else is an error at the
// token that says what to write.
use mlir_pass::dialect::ods::{AnyMemRef, AnyRegion, I64};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(
    dialect = ToyDialect,
    name = "names",
    effects = [Read(buffer), MemAllocate, MemWrite(body), MemFree(bufer), MemRead(buffer, "a", "b")]
)]
pub struct NamesOp {
    #[operand]
    buffer: AnyMemRef,
    #[region]
    body: AnyRegion,
}

#[mlir_op(dialect = ToyDialect, name = "order", effects = [MemRead("Cache", buffer), MemWrite("")])]
pub struct OrderOp {
    #[operand]
    buffer: AnyMemRef,
}

#[mlir_op(dialect = ToyDialect, name = "empty", effects = [])]
pub struct EmptyOp {}

#[mlir_op(dialect = ToyDialect, name = "pure", traits = [Pure], effects = [MemRead])]
pub struct PureOp {
    #[result]
    output: I64,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "both",
    effects = [MemRead],
    interfaces = [MemoryEffectOpInterface]
)]
pub struct BothOp {}

#[mlir_op(
    dialect = ToyDialect,
    name = "speculates",
    traits = [AlwaysSpeculatable, NoMemoryEffect],
    interfaces = [ConditionallySpeculatable(always), MemoryEffectOpInterface]
)]
pub struct SpeculatesOp {
    #[result]
    output: I64,
}

fn main() {}
