// Every field of a #[mlir_type] struct is a parameter marked `#[param]`;
// a parameter that may be absent is `Option<T>` (not an op's `Optional`),
// only the last is variadic,
// and none takes the name of one of the handle's methods.
use mlir_pass::dialect::ods::{I64Attr, Optional, TypeAttr, Variadic};
use mlir_pass::dialect::{mlir_dialect, mlir_type};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_type(dialect = ToyDialect, name = "struct")]
pub struct StructType {
    #[param]
    elements: Variadic<TypeAttr>,
    #[param]
    width: Optional<I64Attr>,
    packed: I64Attr,
    #[parameter]
    align: I64Attr,
    #[param]
    get: TypeAttr,
}

fn main() {}
