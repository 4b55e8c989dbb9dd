// `custom_assembly` asks for `parse` and `print` on the handle: without
// them, the error is at the key and says what to write.
use mlir_pass::dialect::{mlir_attr, mlir_dialect};

#[mlir_dialect(name = "calc")]
pub struct CalcDialect;

#[mlir_attr(dialect = CalcDialect, name = "point", custom_assembly)]
pub struct PointAttr {
    #[param]
    x: f64,
}

fn main() {}
