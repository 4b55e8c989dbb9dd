//! Chapter 6: `toy.print` to `printf` calls (a Rust pattern), then the
//! rest of the lowering to the `llvm` dialect by MLIR's own conversion
//! passes, in one named pipeline, `toy-to-llvm`.

use mlir_pass::dialect::{Op, OpRewritePattern};
use mlir_pass::ir::{OperationExt, WalkOrder};
use mlir_pass::melior::ir::operation::WalkResult;
use mlir_pass::melior::{
    ir::{
        attribute::IntegerAttribute, operation::OperationLike, Block, BlockLike, Location,
        Operation, Region, RegionLike, Type, TypeLike, Value, ValueLike,
    },
    Context,
};
use mlir_pass::ops::{arith, llvm, memref, scf};
use mlir_pass::rewrite::{
    walk_and_apply_patterns, MatchResult, NoMatch, PatternRewriter, PatternSet,
};
use mlir_pass::{mlir_pass, mlir_pipeline, OpPassManager, OperationRef, Pass, PassError, Pipeline};

use crate::dialect::{shape::ranked_shape, PrintOp, ToyDialect};

/// The declarations the `printf` calls use, added once per module.
const DECLARATIONS: &str = r#"
llvm.mlir.global internal constant @frmt_spec("%f \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @nl("\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32
"#;

/// Lowers `toy.print` of a buffer to loops of `printf` calls (`%f ` per
/// element, a newline after each row), declaring `printf` and its format
/// strings in the module once: upstream's `PrintOpLowering`. The loops are
/// `scf.for` over `memref.load`s, lowered further by `toy-to-llvm`.
#[mlir_pass(
    argument = "toy-print-to-llvm",
    op = "builtin.module",
    dialects = [llvm, scf, memref, arith, ToyDialect]
)]
#[derive(Clone, Debug, Default)]
pub struct PrintToLlvm;

impl Pass for PrintToLlvm {
    fn run(&mut self, module: OperationRef<'_>) -> Result<(), PassError> {
        let mut found = false;
        module.melior().walk_ops(WalkOrder::PreOrder, |op| {
            found |= PrintOp::cast(&op).is_some();
            WalkResult::Advance
        });
        if !found {
            return Ok(());
        }
        declare(module)?;
        let patterns = PatternSet::builder(module.context())
            .add(PrintLowering)
            .try_freeze()?;
        walk_and_apply_patterns(module, &patterns)
    }
}

/// Adds `printf` and the format strings to the module, unless it has them.
fn declare(module: OperationRef<'_>) -> Result<(), PassError> {
    let context = module.melior_context();
    let body = module
        .melior()
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| PassError::new("expects a module with a body"))?;
    let mut present = Vec::new();
    for op in body_ops(body) {
        if let Ok(name) = op.attribute("sym_name") {
            present.push(name.to_string());
        }
    }
    let declarations = mlir_pass::ir::parse_module(context, DECLARATIONS)
        .map_err(|e| PassError::new(format!("the printf declarations did not parse: {e}")))?;
    let ops: Vec<_> = body_ops(declarations.body()).collect();
    for op in ops.into_iter().rev() {
        let name = op
            .attribute("sym_name")
            .map(|a| a.to_string())
            .unwrap_or_default();
        if present.contains(&name) {
            continue;
        }
        let op: Operation<'_> = (*op).clone();
        match body.first_operation() {
            Some(first) => body.insert_operation_before(first, op),
            None => body.append_operation(op),
        };
    }
    Ok(())
}

/// The ops of a block, in order.
fn body_ops<'c, 'a>(
    block: mlir_pass::melior::ir::BlockRef<'c, 'a>,
) -> impl Iterator<Item = mlir_pass::melior::ir::OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block())
}

/// `arith.constant <value> : index`.
fn index_constant<'c>(context: &'c Context, location: Location<'c>, value: i64) -> Operation<'c> {
    let index = Type::index(context);
    arith::ConstantOp::build(location, index, IntegerAttribute::new(index, value).into())
}

/// `llvm.mlir.addressof @name : !llvm.ptr`.
fn address_of<'c>(context: &'c Context, location: Location<'c>, name: &str) -> Operation<'c> {
    let ptr = Type::parse(context, "!llvm.ptr").expect("the llvm dialect is loaded");
    llvm::AddressOfOp::build(location, ptr, name)
}

/// `llvm.call @printf(args) vararg(!llvm.func<i32 (ptr, ...)>)`.
fn printf<'c>(
    context: &'c Context,
    location: Location<'c>,
    args: &[Value<'c, '_>],
) -> Operation<'c> {
    let callee_type = Type::parse(context, "!llvm.func<i32 (ptr, ...)>").expect("a valid type");
    let i32 = Type::parse(context, "i32").expect("i32");
    llvm::CallOp::build(
        location,
        Some(i32),
        Some(callee_type),
        Some("printf"),
        args,
        None,
        None,
        None,
        None,
        false,
        false,
        false,
        &[],
        None,
        None,
        None,
        false,
        false,
        false,
        None,
        None,
        None,
        None,
    )
}

/// `toy.print %buffer` to nested `scf.for` loops that print each element
/// with `printf("%f ")` and a newline after each row.
struct PrintLowering;

impl OpRewritePattern for PrintLowering {
    type Op<'a> = PrintOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: PrintOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let input = op.input();
        let shape = ranked_shape(input.r#type())
            .filter(|s| s.iter().all(|d| *d >= 0))
            .ok_or(NoMatch)?;
        if input.r#type().is_tensor() {
            return Err(NoMatch);
        }
        let context = rewriter.context();
        let location = op.operation().melior().location();
        let format = rewriter.insert(address_of(context, location, "frmt_spec"));
        let newline = rewriter.insert(address_of(context, location, "nl"));
        let format: Value<'_, '_> = format.result(0).map_err(|_| NoMatch)?.into();
        let newline: Value<'_, '_> = newline.result(0).map_err(|_| NoMatch)?.into();
        let zero = rewriter.insert(index_constant(context, location, 0));
        let one = rewriter.insert(index_constant(context, location, 1));
        let zero: Value<'_, '_> = zero.result(0).map_err(|_| NoMatch)?.into();
        let one: Value<'_, '_> = one.result(0).map_err(|_| NoMatch)?.into();
        let index = Type::index(context);

        // The loops' bodies, outermost first, and their induction variables.
        let blocks: Vec<Block<'_>> = shape
            .iter()
            .map(|_| Block::new(&[(index, location)]))
            .collect();
        let ivs: Vec<Value<'_, '_>> = blocks
            .iter()
            .map(|b| b.argument(0).map(Into::into).map_err(|_| NoMatch))
            .collect::<Result<_, _>>()?;
        let load = memref::LoadOp::build(location, Type::float64(context), input, &ivs, None, None);
        let element: Value<'_, '_> = load.result(0).map_err(|_| NoMatch)?.into();
        let call = printf(context, location, &[format, element]);
        let innermost: Vec<Operation<'_>> = vec![load, call];
        // Upper bounds are made outside the loops.
        let bounds: Vec<Value<'_, '_>> = shape
            .iter()
            .map(|d| {
                rewriter
                    .insert(index_constant(context, location, *d))
                    .result(0)
                    .map(Into::into)
                    .map_err(|_| NoMatch)
            })
            .collect::<Result<_, _>>()?;
        let depth = blocks.len();
        let mut inner: Option<Operation<'_>> = None;
        let mut pending = Some(innermost);
        let mut blocks = blocks;
        while let Some(block) = blocks.pop() {
            let level = blocks.len();
            if let Some(ops) = pending.take() {
                for o in ops {
                    block.append_operation(o);
                }
            }
            if let Some(o) = inner.take() {
                block.append_operation(o);
            }
            if level + 1 != depth {
                block.append_operation(printf(context, location, &[newline]));
            }
            block.append_operation(scf::YieldOp::build(location, &[]));
            let region = Region::new();
            region.append_block(block);
            inner = Some(scf::ForOp::build(
                location,
                &[],
                zero,
                bounds[level],
                one,
                &[],
                false,
                region,
            ));
        }
        match (inner, pending) {
            (Some(loops), _) => {
                rewriter.insert(loops);
            }
            // A 0-d buffer: one element, no loop.
            (None, Some(ops)) => {
                for o in ops {
                    rewriter.insert(o);
                }
            }
            (None, None) => {}
        }
        rewriter.erase_op(op);
        Ok(())
    }
}

/// Lowers what `toy-to-affine` leaves (with `toy.print`) to the `llvm`
/// dialect: `toy-print-to-llvm`, then MLIR's `lower-affine`,
/// `convert-scf-to-cf`, `finalize-memref-to-llvm`, `convert-arith-to-llvm`,
/// `convert-cf-to-llvm`, `convert-func-to-llvm` and
/// `reconcile-unrealized-casts`: upstream's `LowerToLLVM` pattern set, as
/// passes.
#[mlir_pipeline(name = "ToyToLlvm", argument = "toy-to-llvm")]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ToyToLlvm;

impl Pipeline for ToyToLlvm {
    fn build(&self, pm: &OpPassManager<'_>) -> Result<(), PassError> {
        pm.add_pass(PrintToLlvm)?;
        pm.add_pipeline(
            "lower-affine, convert-scf-to-cf, finalize-memref-to-llvm, convert-arith-to-llvm, \
             convert-cf-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts",
        )?;
        Ok(())
    }
}
