// `#[mlir_attr]` needs the dialect and a name; `format` and
// `custom_assembly` are one or the other; a format writes each parameter
// once, by its name, and an optional group holds optional parameters only.
use mlir_pass::dialect::{mlir_attr, mlir_dialect};

#[mlir_dialect(name = "calc")]
pub struct CalcDialect;

#[mlir_attr(name = "Range")]
pub struct RangeAttr {
    #[param]
    low: i64,
}

#[mlir_attr(dialect = CalcDialect, name = "a", format = "`<` $x `>`", custom_assembly)]
pub struct AAttr {
    #[param]
    x: i64,
}

#[mlir_attr(dialect = CalcDialect, name = "b", format = "`<` $widht `>`")]
pub struct BAttr {
    #[param]
    width: u32,
}

#[mlir_attr(dialect = CalcDialect, name = "c", format = "`<` $low `>`")]
pub struct CAttr {
    #[param]
    low: i64,
    #[param]
    high: i64,
}

#[mlir_attr(dialect = CalcDialect, name = "d", format = "custom<Low>($low)")]
pub struct DAttr {
    #[param]
    low: i64,
}

#[mlir_attr(dialect = CalcDialect, name = "e", format = "`<` $low (`,` $high^)? `>`")]
pub struct EAttr {
    #[param]
    low: i64,
    #[param]
    high: i64,
}

#[mlir_attr(dialect = CalcDialect, name = "f", format = "`<` $low $low `>`")]
pub struct FAttr {
    #[param]
    low: i64,
}

fn main() {}
