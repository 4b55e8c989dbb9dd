// A default that MLIR would not parse as its attribute's kind (or that
// parses to an attribute the constraint refuses) is an error at the
// default, saying what the kind takes and what to write; kinds the macro
// cannot check are left to the runtime, when the dialect is loaded.
use mlir_pass::dialect::ods::{
    AnyAttr, BoolAttr, F32Attr, F64Attr, I32Attr, I64Attr, StrAttr, TypeAttr,
};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(dialect = ToyDialect, name = "defaults")]
pub struct DefaultsOp {
    #[attr(default = "abc")]
    count: I64Attr,
    #[attr(default = "5")]
    width: I32Attr,
    #[attr(default = "5000000000 : i32")]
    big: I32Attr,
    #[attr(default = "1")]
    ratio: F64Attr,
    #[attr(default = "0.5")]
    scale: F32Attr,
    #[attr(default = "yes")]
    enabled: BoolAttr,
    #[attr(default = "abc")]
    label: StrAttr,
    #[attr(default = " i32")]
    ty: TypeAttr,
    // Right, or left to the runtime.
    #[attr(default = "7")]
    fine: I64Attr,
    #[attr(default = "\"text\"")]
    text: StrAttr,
    #[attr(default = "abc")]
    anything: AnyAttr,
}

fn main() {}
