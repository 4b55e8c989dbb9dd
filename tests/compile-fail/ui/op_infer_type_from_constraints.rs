// `InferTypeOpInterface(from_constraints)` infers each result's type from
// the op's constraints: a result none of them gives a type, one tied only
// to an operand after a variadic group (which has no fixed position) or to
// an attribute that may be absent or has no type, a
// variadic result, a misspelled key, a value and a second key are errors
// at the user's token that say what to write.
use mlir_pass::dialect::ods::{AnyInteger, AnyIntegerAttr, Index, Optional, StrAttr, Variadic};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(
    dialect = ToyDialect,
    name = "mul",
    interfaces = [InferTypeOpInterface(from_constraints)],
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

#[mlir_op(
    dialect = ToyDialect,
    name = "split",
    interfaces = [InferTypeOpInterface(from_constraints)]
)]
pub struct SplitOp {
    #[operand]
    input: Index,
    #[result]
    parts: Variadic<Index>,
}

#[mlir_op(dialect = ToyDialect, name = "a", interfaces = [InferTypeOpInterface(inferred)])]
pub struct AOp {
    #[result]
    output: Index,
}

#[mlir_op(dialect = ToyDialect, name = "b", interfaces = [InferTypeOpInterface(from_constraints = output)])]
pub struct BOp {
    #[result]
    output: Index,
}

#[mlir_op(dialect = ToyDialect, name = "c", interfaces = [InferTypeOpInterface(from_constraints, hook)])]
pub struct COp {
    #[result]
    output: Index,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "pick",
    traits = [AllTypesMatch(last, output)],
    interfaces = [InferTypeOpInterface(from_constraints)]
)]
pub struct PickOp {
    #[operand]
    rest: Variadic<AnyInteger>,
    #[operand]
    last: AnyInteger,
    #[result]
    output: AnyInteger,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "seed",
    traits = [AllTypesMatch(seed, output), AllTypesMatch(label, other)],
    interfaces = [InferTypeOpInterface(from_constraints)]
)]
pub struct SeedOp {
    #[attr]
    seed: Optional<AnyIntegerAttr>,
    #[attr]
    label: StrAttr,
    #[result]
    output: AnyInteger,
    #[result]
    other: AnyInteger,
}

fn main() {}
