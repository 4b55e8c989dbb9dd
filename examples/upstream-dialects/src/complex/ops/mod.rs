//! The `complex` ops, as `ComplexOps.td` declares them: the binary
//! arithmetic (`ComplexArithmeticOp`) in `arithmetic.rs`, the unary ops
//! (`ComplexUnaryOp`) in `unary.rs`, the rest (`create`, `eq`, `neq`,
//! `constant`, `bitcast`, `powi`) in `other.rs`.

mod arithmetic;
mod other;
mod unary;

pub use arithmetic::*;
pub use other::*;
pub use unary::*;
