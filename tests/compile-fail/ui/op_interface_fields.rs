// `CallOpInterface` and `CallableOpInterface` name the op's parts they use:
// each key names a field of the right role and constraint, and every key
// is given; the other interfaces take no arguments.
use mlir_pass::dialect::ods::{
    AnyRegion, AnyType, FlatSymbolRefAttr, Optional, StrAttr, TypeAttr, Variadic,
};
use mlir_pass::dialect::{mlir_dialect, mlir_op};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_op(
    dialect = ToyDialect,
    name = "call",
    interfaces = [CallOpInterface(callee = inputs, arguments = input), CastOpInterface(inputs)]
)]
pub struct CallOp {
    #[attr]
    callee: FlatSymbolRefAttr,
    #[operand]
    inputs: Variadic<AnyType>,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "call_by_name",
    interfaces = [CallOpInterface(callee = name, args = inputs)]
)]
pub struct CallByNameOp {
    #[attr]
    name: StrAttr,
    #[operand]
    inputs: Variadic<AnyType>,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "func",
    interfaces = [CallableOpInterface(body = body), CallOpInterface]
)]
pub struct FuncOp {
    #[attr]
    function_type: TypeAttr,
    #[region]
    body: AnyRegion,
}

#[mlir_op(
    dialect = ToyDialect,
    name = "maybe_call",
    interfaces = [
        CallOpInterface(callee = callee, arguments = inputs),
        CallableOpInterface(body = bodies, type = function_type)
    ]
)]
pub struct MaybeCallOp {
    #[attr]
    callee: Optional<FlatSymbolRefAttr>,
    #[attr]
    function_type: TypeAttr,
    #[operand]
    inputs: Variadic<AnyType>,
    #[region]
    bodies: Variadic<AnyRegion>,
}

fn main() {}
