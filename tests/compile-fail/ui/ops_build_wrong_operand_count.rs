// A typed upstream builder given one operand too few: `arith.mulf` takes
// `lhs`, `rhs` and its fastmath flags.
use mlir_pass::melior::ir::{Location, Operation, Value};
use mlir_pass::ops::arith;

fn square<'c>(location: Location<'c>, x: Value<'c, '_>) -> Operation<'c> {
    arith::MulFOp::build(location, x, None)
}

fn main() {
    let _ = square;
}
