// A custom directive asks for the op's `parse_<name>` and `print_<name>`,
// with the arguments the format gives it: a missing one is an error at the
// format saying which signature to write; one of another signature is a
// type error there.
use mlir_pass::dialect::ods::{Index, Variadic, I64};
use mlir_pass::dialect::{mlir_dialect, mlir_op, OpParser, ParseError, UnresolvedOperand};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "list", format = "custom<IndexList>($values) attr-dict")]
pub struct ListOp {
    #[operand]
    values: Variadic<Index>,
}

// A string argument is passed as the expression it is.
#[mlir_op(
    dialect = ToyDialect,
    name = "scaled",
    format = "custom<Scaled>($value, \"10\") attr-dict"
)]
pub struct ScaledOp {
    #[operand]
    value: I64,
}

#[mlir_op(dialect = ToyDialect, name = "one", format = "custom<One>($value) attr-dict")]
pub struct OneOp {
    #[operand]
    value: I64,
}

impl OneOp<'_> {
    // Takes a list where the format gives one operand.
    fn parse_one(
        _parser: &mut OpParser<'_>,
        _value: &mut Vec<UnresolvedOperand>,
    ) -> Result<(), ParseError> {
        Ok(())
    }

    fn print_one(&self, _printer: &mut mlir_pass::dialect::OpPrinter<'_>, _value: mlir_pass::melior::ir::Value<'_, '_>) {}
}

fn main() {}
