// What a custom directive or an oilist cannot take, each an error at the
// format that says what to write instead.
use mlir_pass::dialect::ods::{Optional, StrAttr, I64};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

// `ref` of something the format has not read yet.
#[mlir_op(
    dialect = ToyDialect,
    name = "early",
    format = "custom<Early>(ref($input)) $input attr-dict `:` type($input)"
)]
pub struct EarlyOp {
    #[operand]
    input: I64,
}

// A result is an argument only through its type.
#[mlir_op(
    dialect = ToyDialect,
    name = "result",
    format = "custom<Result>($output) attr-dict"
)]
pub struct ResultOp {
    #[result]
    output: I64,
}

// A string argument (ODS's C++ expression) that is no Rust expression.
#[mlir_op(
    dialect = ToyDialect,
    name = "string",
    format = "custom<S>($input, \"1 +\") attr-dict `:` type($input)"
)]
pub struct StringOp {
    #[operand]
    input: I64,
}

// An oilist clause with a value that is always there.
#[mlir_op(
    dialect = ToyDialect,
    name = "clause",
    format = "oilist(`tag` $tag | `name` $name) attr-dict"
)]
pub struct ClauseOp {
    #[attr]
    tag: StrAttr,
    #[attr]
    name: Optional<StrAttr>,
}

fn main() {}
