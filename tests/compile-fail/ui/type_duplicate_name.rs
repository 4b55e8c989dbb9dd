// Two types of one dialect with the same name, in one module: an error at
// the second name that names both types.
use mlir_pass::dialect::ods::TypeAttr;
use mlir_pass::dialect::{mlir_dialect, mlir_type};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_type(dialect = ToyDialect, name = "pair")]
pub struct PairType {
    #[param]
    first: TypeAttr,
}

#[mlir_type(dialect = ToyDialect, name = "pair")]
pub struct OtherPairType {
    #[param]
    second: TypeAttr,
}

fn main() {}
