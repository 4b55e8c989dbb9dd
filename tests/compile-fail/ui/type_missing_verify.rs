// `verifier` asks for `fn verify(params: PairTypeParams<'_>) -> Result<(),
// String>` (or `&[Attribute<'_>]`) on the type: without it, or with the
// wrong type, the error is at the key.
use mlir_pass::dialect::ods::TypeAttr;
use mlir_pass::dialect::{mlir_dialect, mlir_type};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_type(dialect = ToyDialect, name = "pair", verifier)]
pub struct PairType {
    #[param]
    first: TypeAttr,
}

#[mlir_type(dialect = ToyDialect, name = "box", verifier)]
pub struct BoxType {
    #[param]
    element: TypeAttr,
}

impl BoxType<'_> {
    // A method where an associated function is asked for.
    fn verify(&self) -> Result<(), String> {
        Ok(())
    }
}

fn main() {}
