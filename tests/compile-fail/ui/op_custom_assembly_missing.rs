// `custom_assembly` asks for `parse` and `print` on the op: without them,
// or with the wrong type, the error is at the key.
use mlir_pass::dialect::ods::AnyRegion;
use mlir_pass::dialect::{mlir_dialect, mlir_op, OpParser, ParseError};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "func", custom_assembly)]
pub struct FuncOp {
    #[region]
    body: AnyRegion,
}

#[mlir_op(dialect = ToyDialect, name = "other", custom_assembly)]
pub struct OtherOp {
    #[region]
    body: AnyRegion,
}

impl OtherOp<'_> {
    // `&self` where the parser has no op yet.
    fn parse(&self, _parser: &mut OpParser<'_>) -> Result<(), ParseError> {
        Ok(())
    }

    fn print(&self) {}
}

fn main() {}
