// A parameter's type must be one MLIR can store and a format can write:
// the error is at the field's type and lists what is accepted.
use mlir_pass::dialect::{mlir_attr, mlir_dialect};

#[mlir_dialect(name = "calc")]
pub struct CalcDialect;

#[mlir_attr(dialect = CalcDialect, name = "bytes")]
pub struct BytesAttr {
    #[param]
    data: Vec<u8>,
}

fn main() {}
