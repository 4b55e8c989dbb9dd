// `qualified($name)` in a parameter format takes one parameter, in
// parentheses: not `params`, not two, not a name that is no parameter.
use mlir_pass::dialect::{mlir_dialect, mlir_type, TypeParam};

#[mlir_dialect(name = "calc")]
pub struct CalcDialect;

#[mlir_type(dialect = CalcDialect, name = "bare", format = "`<` qualified $a `>`")]
pub struct BareType {
    #[param]
    a: TypeParam,
}

#[mlir_type(dialect = CalcDialect, name = "all", format = "`<` qualified(params) `>`")]
pub struct AllType {
    #[param]
    a: TypeParam,
}

#[mlir_type(dialect = CalcDialect, name = "two", format = "`<` qualified($a, $b) `>`")]
pub struct TwoType {
    #[param]
    a: TypeParam,
    #[param]
    b: TypeParam,
}

#[mlir_type(dialect = CalcDialect, name = "missing", format = "`<` qualified($ty) `>`")]
pub struct MissingType {
    #[param]
    a: TypeParam,
}

#[mlir_type(dialect = CalcDialect, name = "in_struct", format = "`<` struct(qualified($a)) `>`")]
pub struct InStructType {
    #[param]
    a: TypeParam,
}

fn main() {}
