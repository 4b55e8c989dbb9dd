// `replaces_upstream` is a flag for a dialect named as an upstream one, to
// take its place in a tool that leaves MLIR's out; it takes no value, and a
// dialect of a new namespace has nothing to replace.
use mlir_pass::dialect::mlir_dialect;

#[mlir_dialect(name = "index", replaces_upstream = true)]
pub struct IndexDialect;

#[mlir_dialect(name = "calc", replaces_upstream)]
pub struct CalcDialect;

#[mlir_dialect(name = "builtin", replaces_upstream)]
pub struct BuiltinDialect;

fn main() {}
