// `#[mlir_enum(bit)]`: each case is no flag (0), one bit or a group of
// bits declared before it; `separator` holds `|` or `,`; the bit keys are
// for bit enums only.
use mlir_pass::dialect::mlir_enum;

#[mlir_enum(bit)]
pub enum Flags {
    None = 0,
    A = 1,
    B = 1 << 1,
    Five = 5,
    Unwritten,
    Later = A | D,
    D = 8,
    Sum = A + B,
    Big = 1 << 32,
    Far = 1 << 70,
}

#[mlir_enum(bit, separator = ";")]
pub enum Separated {
    A = 1,
}

#[mlir_enum(separator = ",", print_primary_groups)]
pub enum NotBits {
    A,
    B,
}

fn main() {}
