//! The Toy ops of functions: `toy.func`, `toy.generic_call` (which names
//! its callee) and `toy.return`, with the checks between them.

use mlir_pass::dialect::{
    mlir_op,
    ods::{
        AnyRegion, AnyType, DictArrayAttr, FlatSymbolRefAttr, Optional, StrAttr, TypeAttr, Variadic,
    },
    Op, OpParser, OpPrinter, ParseError,
};
use mlir_pass::melior::ir::{
    attribute::TypeAttribute, operation::OperationLike, r#type::FunctionType, Attribute, BlockLike,
    RegionLike, Type, TypeLike, ValueLike,
};
use mlir_pass::OperationRef;

use super::shape::ranked_shape;
use super::ToyDialect;

/// A Toy function: `toy.func @f(%a: tensor<*xf64>) -> tensor<*xf64> {
/// ... }`, written as `func.func` is.
#[mlir_op(
    dialect = ToyDialect,
    name = "func",
    traits = [Symbol, IsolatedFromAbove],
    interfaces = [FunctionOpInterface(
        body = body,
        type = function_type,
        arg_attrs = arg_attrs,
        res_attrs = res_attrs
    )],
    custom_assembly
)]
pub struct FuncOp {
    /// The name.
    #[attr]
    sym_name: StrAttr,
    /// The signature, a `FunctionType`.
    #[attr]
    function_type: TypeAttr,
    /// The arguments' attribute dictionaries, if any.
    #[attr]
    arg_attrs: Optional<DictArrayAttr>,
    /// The results' attribute dictionaries, if any.
    #[attr]
    res_attrs: Optional<DictArrayAttr>,
    /// The body.
    #[region]
    body: AnyRegion,
}

impl<'a> FuncOp<'a> {
    fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError> {
        parser.function("function_type")
    }

    fn print(&self, printer: &mut OpPrinter<'_>) {
        printer.function(self.operation(), "function_type");
    }

    /// The signature.
    pub fn signature(&self) -> Option<FunctionType<'a>> {
        FunctionType::try_from(self.function_type().value()).ok()
    }
}

/// Calls a Toy function by name: `%2 = toy.generic_call @f(%0, %1) :
/// (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<*xf64>`. "Generic": the
/// callee's parameters may be unshaped; the inliner specializes it.
#[mlir_op(
    dialect = ToyDialect,
    name = "generic_call",
    interfaces = [CallOpInterface(callee = callee, arguments = inputs)],
    format = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)",
    verifier
)]
pub struct GenericCallOp {
    /// The function.
    #[attr]
    callee: FlatSymbolRefAttr,
    /// The arguments.
    #[operand]
    inputs: Variadic<AnyType>,
    /// The result.
    #[result]
    output: AnyType,
}

impl GenericCallOp<'_> {
    /// The callee, when the module has it, takes as many arguments as the
    /// call gives and returns one value.
    fn verify(&self) -> Result<(), String> {
        let callee = self.callee().value().to_owned();
        let Some(function) = find_function(self.operation(), &callee) else {
            return Ok(());
        };
        let Some(signature) = function.signature() else {
            return Ok(());
        };
        let given = self.inputs().len();
        if signature.input_count() != given {
            return Err(format!(
                "'{callee}' takes {} argument(s), but the call gives {given}",
                signature.input_count()
            ));
        }
        if signature.result_count() != 1 {
            return Err(format!(
                "'{callee}' returns {} values, but the call expects 1",
                signature.result_count()
            ));
        }
        Ok(())
    }
}

/// The `toy.func` named `name` in the module holding `op`, if any.
fn find_function<'a>(op: OperationRef<'a>, name: &str) -> Option<FuncOp<'a>> {
    let mut top = op.melior();
    while let Some(parent) = top.parent_operation() {
        top = parent;
    }
    let body = top.region(0).ok()?.first_block()?;
    let mut next = body.first_operation();
    while let Some(candidate) = next {
        if let Some(function) = FuncOp::cast(&candidate) {
            if function.sym_name().value() == name {
                return Some(function);
            }
        }
        next = candidate.next_in_block();
    }
    None
}

/// Returns from a `toy.func`, with at most one value: `toy.return %0 :
/// tensor<*xf64>`.
#[mlir_op(
    dialect = ToyDialect,
    name = "return",
    traits = [Pure, IsTerminator, ReturnLike, HasParent("toy.func")],
    format = "($input^ `:` type($input))? attr-dict",
    verifier
)]
pub struct ReturnOp {
    /// The returned value, if any.
    #[operand]
    input: Variadic<AnyType>,
}

impl ReturnOp<'_> {
    /// As many values as the function returns, of its types (an unranked
    /// tensor matches any tensor).
    fn verify(&self) -> Result<(), String> {
        let operands = self.input();
        if operands.len() > 1 {
            return Err("expects at most 1 return operand".into());
        }
        let Some(function) = self
            .operation()
            .melior()
            .parent_operation()
            .and_then(|p| FuncOp::cast(&p))
        else {
            return Ok(());
        };
        let Some(signature) = function.signature() else {
            return Ok(());
        };
        let results = signature.result_count();
        if operands.len() != results {
            return Err(format!(
                "does not return the same number of values ({}) as the enclosing function ({results})",
                operands.len()
            ));
        }
        let Some(input) = operands.first().map(|v| v.r#type()) else {
            return Ok(());
        };
        let Ok(result) = signature.result(0) else {
            return Ok(());
        };
        let unranked = |t: Type<'_>| t.is_tensor() && ranked_shape(t).is_none();
        if input == result || unranked(input) || unranked(result) {
            return Ok(());
        }
        Err(format!(
            "type of return operand ({input}) doesn't match function result type ({result})"
        ))
    }
}

/// The function type of a `toy.func`'s `function_type` attribute.
pub fn function_type_of(attr: Attribute<'_>) -> Option<FunctionType<'_>> {
    FunctionType::try_from(TypeAttribute::try_from(attr).ok()?.value()).ok()
}
