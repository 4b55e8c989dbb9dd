// A bit enum's value is a set of its flags: an op's attribute or a
// parameter is `Flags<E>`, not the enum itself.
use mlir_pass::dialect::{mlir_attr, mlir_dialect, mlir_enum};

#[mlir_dialect(name = "calc")]
pub struct CalcDialect;

#[mlir_enum(bit)]
pub enum Access {
    Read = 1,
    Write = 2,
}

#[mlir_attr(dialect = CalcDialect, name = "access")]
pub struct AccessAttr {
    #[param]
    value: Access,
}

fn main() {}
