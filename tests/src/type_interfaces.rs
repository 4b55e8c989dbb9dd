//! The `rtyif` dialect: types with upstream type interfaces
//! (`#[mlir_type(interfaces = [...])]`). `!rtyif.fixed<N>` may be held by
//! memrefs and vectors, is `N` bits in a data layout and names its values
//! `%fx`; `!rtyif.token` names
//! its values `%tok` only; `!rtyif.plain` declares no interface, so MLIR
//! refuses a memref or a vector of it and numbers its values.

use mlir_pass::dialect::{mlir_dialect, mlir_type};

/// Types with interfaces.
#[mlir_dialect(name = "rtyif")]
pub struct RTyIfDialect;

/// A fixed-point number of `width` bits, a memref and vector element.
#[mlir_type(
    dialect = RTyIfDialect,
    name = "fixed",
    format = "`<` $width `>`",
    interfaces = [
        MemRefElementTypeInterface,
        VectorElementTypeInterface,
        DataLayoutTypeInterface,
        OpAsmTypeInterface(asm_name = "fx")
    ]
)]
pub struct FixedType {
    /// Its width.
    #[param]
    width: u32,
}

impl FixedType<'_> {
    /// Its width; a width of 999 panics when asked.
    fn size_in_bits(&self) -> u64 {
        if self.width() == 999 {
            panic!("a width of 999 has no size");
        }
        self.width().into()
    }
}

/// A token: named, but no element of a memref or a vector.
#[mlir_type(dialect = RTyIfDialect, name = "token", interfaces = [OpAsmTypeInterface(asm_name = "tok")])]
pub struct TokenType {}

/// A type with no interface.
#[mlir_type(dialect = RTyIfDialect, name = "plain")]
pub struct PlainType {}

/// A register of a class and a number whose values are named after them
/// (`OpAsmTypeInterface(asm_name)`: `%r3`, `%f1`); class `"x"` gives no
/// name (MLIR numbers the values), class `"boom"` panics when asked.
#[mlir_type(
    dialect = RTyIfDialect,
    name = "reg",
    format = "`<` $class $number `>`",
    interfaces = [OpAsmTypeInterface(asm_name)]
)]
pub struct RegType {
    /// Its class.
    #[param]
    class: String,
    /// Its number.
    #[param]
    number: u32,
}

impl RegType<'_> {
    /// The class and the number, as `r3`.
    fn asm_name(&self) -> String {
        match self.class().as_str() {
            "x" => String::new(),
            "boom" => panic!("no name for this register"),
            class => format!("{class}{}", self.number()),
        }
    }
}
