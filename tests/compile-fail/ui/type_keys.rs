// `#[mlir_type]` needs the dialect and a name MLIR reads after
// `!namespace.`; unknown keys are errors with a "did you mean".
use mlir_pass::dialect::ods::TypeAttr;
use mlir_pass::dialect::{mlir_dialect, mlir_type};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_type(dialect = ToyDialect, name = "toy.Struct")]
pub struct StructType {
    #[param]
    element: TypeAttr,
}

#[mlir_type(name = "pair", genVerifyDecl)]
pub struct PairType {
    #[param]
    first: TypeAttr,
}

#[mlir_type(dialect = ToyDialect)]
pub struct TensorListType<T> {
    #[param]
    element: TypeAttr,
    marker: std::marker::PhantomData<T>,
}

fn main() {}
