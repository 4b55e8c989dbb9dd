// A typed upstream builder given arguments of the wrong kind: `arith.cmpi`
// takes its result type, an integer predicate (not a float one), then two
// values (not a type).
use mlir_pass::melior::ir::{Location, Operation, Type, Value};
use mlir_pass::ops::arith;

fn less<'c>(location: Location<'c>, i1: Type<'c>, a: Value<'c, '_>, b: Type<'c>) -> Operation<'c> {
    arith::CmpIOp::build(location, i1, arith::CmpFPredicate::Olt, a, b)
}

fn main() {
    let _ = less;
}
