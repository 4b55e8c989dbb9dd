// `canonicalize_method` asks for `fn canonicalize(op: Self, rewriter:
// &PatternRewriter<'_>) -> MatchResult` (ODS's `hasCanonicalizeMethod`):
// without it, or with another signature, the error is at the key; the key
// is a flag, without a value.
use mlir_pass::dialect::ods::I64;
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "missing", canonicalize_method)]
pub struct MissingOp {
    #[result]
    output: I64,
}

#[mlir_op(dialect = ToyDialect, name = "mistyped", canonicalize_method)]
pub struct MistypedOp {
    #[result]
    output: I64,
}

impl MistypedOp<'_> {
    // C++'s `LogicalResult` as a bool, and no rewriter.
    fn canonicalize(&self) -> bool {
        false
    }
}

#[mlir_op(dialect = ToyDialect, name = "valued", canonicalize_method = true)]
pub struct ValuedOp {
    #[result]
    output: I64,
}

// ODS's spelling is pointed at ours.
#[mlir_op(dialect = ToyDialect, name = "ods", hasCanonicalizeMethod)]
pub struct OdsOp {
    #[result]
    output: I64,
}

fn main() {}
