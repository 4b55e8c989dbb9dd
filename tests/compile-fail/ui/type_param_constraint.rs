// A parameter's type is an attribute constraint (`TypeAttr`, `I64Attr`):
// a type constraint is an error at the field's type.
use mlir_pass::dialect::ods::{TypeAttr, I64};
use mlir_pass::dialect::{mlir_dialect, mlir_type};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_type(dialect = ToyDialect, name = "vec")]
pub struct VecType {
    #[param]
    element: TypeAttr,
    #[param]
    width: I64,
}

fn main() {}
