// `#[mlir_enum]`: each case a unit variant with its own keyword and value,
// a literal value that fits the width, keys it knows.
use mlir_pass::dialect::mlir_enum;

#[mlir_enum(width = 16, kind = "bit")]
pub enum Width {
    A,
}

#[mlir_enum]
pub enum Predicate {
    Eq,
    #[case("eq")]
    Equal,
    Ne = 0,
    Slt(u8),
    Sle = 1 + 2,
    #[case("1st")]
    First,
}

#[mlir_enum(width = 32)]
pub enum Big {
    Huge = 0x1_0000_0000,
}

#[mlir_enum]
pub struct NotAnEnum;

#[mlir_enum]
pub enum Empty {}

fn main() {}
