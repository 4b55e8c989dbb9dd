//! `example-lower-to-llvm`: one full dialect conversion to the `llvm`
//! dialect, in which a Rust pattern lowers `math.erf` to a libm call and
//! upstream's populators lower `func`, `arith`, `cf`, `math`, `index` and
//! `vector`.

use mlir_pass::{
    conversion::{
        apply_full_conversion, ConversionConfig, ConversionPatternRewriter, ConversionPatternSet,
        ConversionTarget, LlvmTypeConverter,
    },
    dialect::{Op, OpConversionPattern},
    ir::OperationExt,
    melior::ir::{
        operation::OperationLike, r#type::FunctionType, BlockLike, Region, RegionLike, Type,
        TypeLike, Value, ValueLike,
    },
    mlir_pass,
    ops::{func, math},
    rewrite::{MatchResult, NoMatch},
    OperationRef, Pass, PassError,
};

/// Lowers a module of `func`, `arith`, `cf`, `math`, `index` and 1-D
/// `vector` ops to the `llvm` dialect in one full conversion, ready for
/// `mlir-translate --mlir-to-llvmir`.
///
/// Upstream's patterns lower every op they know (`math` ops to LLVM
/// intrinsics); a Rust pattern, [`ErfToLibm`], lowers scalar `math.erf`
/// (which LLVM has no intrinsic for) to a call of libm's `erf`/`erff`,
/// declared once in the module; the call and the declaration are lowered
/// to `llvm` in the same conversion. An op nothing lowers fails the pass at
/// that op ("failed to legalize operation").
#[mlir_pass(
    argument = "example-lower-to-llvm",
    op = "builtin.module",
    dialects = [llvm, func, arith, cf, math, index, vector]
)]
#[derive(Clone, Debug, Default)]
pub struct ExampleLowerToLlvm;

impl Pass for ExampleLowerToLlvm {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let context = op.context();
        let converter = LlvmTypeConverter::new(op.context());
        let mut target = ConversionTarget::new(context);
        target
            .add_legal_dialect("llvm")
            .add_legal_op("builtin.module")
            .add_illegal_dialect("func")
            .add_illegal_dialect("arith")
            .add_illegal_dialect("cf")
            .add_illegal_dialect("math")
            .add_illegal_dialect("index")
            .add_illegal_dialect("vector");
        let patterns = ConversionPatternSet::builder(op.context())
            .add_with_converter(ErfToLibm, &converter)
            .func_to_llvm(&converter)
            .arith_to_llvm(&converter)
            .cf_to_llvm(&converter)
            .math_to_llvm(&converter)
            .index_to_llvm(&converter)
            .vector_to_llvm(&converter)
            .freeze();
        apply_full_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

/// Lowers scalar `math.erf` on `f32`/`f64` to a `func.call` of libm's
/// `erff`/`erf`, declaring the function (`func.func private`) at the start
/// of the module the first time. Both are lowered further to `llvm` by
/// upstream's `func` patterns in the same conversion.
#[derive(Debug)]
pub struct ErfToLibm;

impl OpConversionPattern for ErfToLibm {
    type Op<'a> = math::ErfOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        erf: math::ErfOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let operand = erf.adaptor(operands).operand();
        let ty = operand.r#type();
        let callee = if ty.is_f64() {
            "erf"
        } else if ty.is_f32() {
            "erff"
        } else {
            return Err(rewriter.notify_match_failure("not a scalar f32 or f64"));
        };
        // The module the function is declared in.
        let mut module = erf.operation().melior().parent_operation().ok_or(NoMatch)?;
        while module.name().as_string_ref().as_str() != Ok("builtin.module") {
            module = module.parent_operation().ok_or(NoMatch)?;
        }
        let body = module.region(0)?.first_block().ok_or(NoMatch)?;
        let context = rewriter.context();
        let mut declared = false;
        let mut child = body.first_operation();
        while let Some(current) = child {
            declared |= OperationExt::symbol_name(&current) == Some(callee);
            child = current.next_in_block();
        }
        if !declared {
            let function_type: Type<'_> = FunctionType::new(context, &[ty], &[ty]).into();
            rewriter.set_insertion_point_to_start(body);
            rewriter.insert_op(func::FuncOp::build(
                erf.location(),
                callee,
                function_type,
                Some("private"),
                None,
                None,
                false,
                Region::new(),
            ));
            rewriter.set_insertion_point_before(erf);
        }
        let call = func::CallOp::create(
            rewriter,
            erf.location(),
            &[ty],
            callee,
            &[operand],
            None,
            None,
            false,
        )?;
        rewriter.replace_op_with_operation(erf, call);
        Ok(())
    }
}
