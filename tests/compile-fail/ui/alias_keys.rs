// Aliases: a type's or an attribute's alias is a name MLIR reads back
// (`!fixed`), written as a string; the dialect's hook is an `AliasHook`.
use mlir_pass::dialect::{mlir_dialect, mlir_type, Alias};

#[mlir_dialect(name = "demo", alias = wrong_hook)]
pub struct DemoDialect;

fn wrong_hook(_name: &str) -> Option<Alias> {
    None
}

#[mlir_type(dialect = DemoDialect, name = "fixed", alias = "1fixed")]
pub struct FixedType {
    #[param]
    width: u32,
}

#[mlir_type(dialect = DemoDialect, name = "pair", alias = 3)]
pub struct PairType {
    #[param]
    first: u32,
}

fn main() {}
