// A dialect's name is a lowercase namespace, not an upstream dialect's.
use mlir_pass::dialect::mlir_dialect;

#[mlir_dialect(name = "Toy")]
pub struct ToyDialect;

#[mlir_dialect(name = "arith", dependent_dialects = [func, arth])]
pub struct MyArithDialect;

#[mlir_dialect(summary = "No name.")]
pub struct UnnamedDialect;

fn main() {}
