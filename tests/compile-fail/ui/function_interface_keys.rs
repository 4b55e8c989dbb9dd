// `FunctionOpInterface` names the op's body (its first region), its type
// (a `TypeAttr`) and, optionally, the optional array attributes of the
// arguments' and results' dictionaries; it gives `CallableOpInterface`,
// which is then not listed again.
use mlir_pass::dialect::ods::{
    AnyRegion, ArrayAttr, DictArrayAttr, Optional, StrAttr, TypeAttr,
};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

// No body, a string for the type, a key misspelt.
#[mlir_op(
    dialect = ToyDialect,
    name = "func",
    interfaces = [FunctionOpInterface(type = name, arg_attr = arg_attrs)]
)]
pub struct FuncOp {
    #[attr]
    name: StrAttr,
    #[attr]
    arg_attrs: Optional<DictArrayAttr>,
    #[region]
    body: AnyRegion,
}

// The argument attributes required, the result attributes not an array.
#[mlir_op(
    dialect = ToyDialect,
    name = "func2",
    interfaces = [FunctionOpInterface(
        body = body,
        type = function_type,
        arg_attrs = arg_attrs,
        res_attrs = res_attrs
    )]
)]
pub struct Func2Op {
    #[attr]
    function_type: TypeAttr,
    #[attr]
    arg_attrs: ArrayAttr,
    #[attr]
    res_attrs: Optional<StrAttr>,
    #[region]
    body: AnyRegion,
}

// The body not the first region; `CallableOpInterface` listed as well.
#[mlir_op(
    dialect = ToyDialect,
    name = "func3",
    interfaces = [
        FunctionOpInterface(body = body, type = function_type),
        CallableOpInterface(body = body, type = function_type)
    ]
)]
pub struct Func3Op {
    #[attr]
    function_type: TypeAttr,
    #[region]
    init: AnyRegion,
    #[region]
    body: AnyRegion,
}

// No keys at all.
#[mlir_op(dialect = ToyDialect, name = "func4", interfaces = [FunctionOpInterface])]
pub struct Func4Op {
    #[attr]
    function_type: TypeAttr,
    #[region]
    body: AnyRegion,
}

fn main() {}
