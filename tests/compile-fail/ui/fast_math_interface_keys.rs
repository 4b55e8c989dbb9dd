// `ArithFastMathInterface` reads the op's `fastmath` attribute, or the one
// `attr = <field>` names: an #[attr] of `FastMathFlagsAttr` that is always
// there. Anything else is an error at the interface or the field, saying
// what to write.
use mlir_pass::dialect::ods::{AnyFloat, FastMathFlagsAttr, I64Attr, Optional};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy", dependent_dialects = [arith])]
pub struct ToyDialect;

// No `fastmath`, but another flags attribute.
#[mlir_op(dialect = ToyDialect, name = "unnamed", interfaces = [ArithFastMathInterface])]
pub struct UnnamedOp {
    #[operand]
    input: AnyFloat,
    #[attr(default = "#arith.fastmath<none>")]
    flags: FastMathFlagsAttr,
}

#[mlir_op(dialect = ToyDialect, name = "key", interfaces = [ArithFastMathInterface(name = flags)])]
pub struct KeyOp {
    #[attr(default = "#arith.fastmath<none>")]
    flags: FastMathFlagsAttr,
}

#[mlir_op(dialect = ToyDialect, name = "bare", interfaces = [ArithFastMathInterface(attr)])]
pub struct BareOp {
    #[attr(default = "#arith.fastmath<none>")]
    fastmath: FastMathFlagsAttr,
}

#[mlir_op(dialect = ToyDialect, name = "operand", interfaces = [ArithFastMathInterface(attr = flags)])]
pub struct OperandOp {
    #[operand]
    flags: AnyFloat,
}

#[mlir_op(dialect = ToyDialect, name = "int", interfaces = [ArithFastMathInterface])]
pub struct IntOp {
    #[attr]
    fastmath: I64Attr,
}

#[mlir_op(dialect = ToyDialect, name = "optional", interfaces = [ArithFastMathInterface])]
pub struct OptionalOp {
    #[attr]
    fastmath: Optional<FastMathFlagsAttr>,
}

#[mlir_op(dialect = ToyDialect, name = "twice", interfaces = [ArithFastMathInterface(attr = a, attr = b)])]
pub struct TwiceOp {
    #[attr]
    a: FastMathFlagsAttr,
    #[attr]
    b: FastMathFlagsAttr,
}

#[mlir_op(dialect = ToyDialect, name = "empty", interfaces = [ArithFastMathInterface()])]
pub struct EmptyOp {
    #[attr]
    fastmath: FastMathFlagsAttr,
}

#[mlir_op(dialect = ToyDialect, name = "overflow", interfaces = [ArithIntegerOverflowFlagsInterface])]
pub struct OverflowOp {
    #[operand]
    input: AnyFloat,
}

fn main() {}
