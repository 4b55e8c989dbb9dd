//! Chapter 6: `toy.print` to `printf` calls (a Rust pattern), then the
//! rest of the lowering to the `llvm` dialect by MLIR's own conversion
//! passes, in one named pipeline, `toy-to-llvm`.

use mlir_pass::dialect::{Op, OpRewritePattern};
use mlir_pass::ir::{OperationExt, WalkOrder};
use mlir_pass::melior::ir::operation::WalkResult;
use mlir_pass::melior::{
    ir::{
        attribute::{FlatSymbolRefAttribute, IntegerAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        Attribute, Block, BlockLike, Identifier, Location, Operation, Region, RegionLike, Type,
        TypeLike, Value, ValueLike,
    },
    Context,
};
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
    let declarations = mlir_pass::melior::ir::Module::parse(context, DECLARATIONS)
        .ok_or_else(|| PassError::new("the printf declarations did not parse"))?;
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

fn id<'c>(context: &'c Context, name: &str) -> Identifier<'c> {
    Identifier::new(context, name)
}

/// `arith.constant <value> : index`.
fn index_constant<'c>(context: &'c Context, location: Location<'c>, value: i64) -> Operation<'c> {
    let index = Type::index(context);
    OperationBuilder::new("arith.constant", location)
        .add_attributes(&[(
            id(context, "value"),
            IntegerAttribute::new(index, value).into(),
        )])
        .add_results(&[index])
        .build()
        .expect("a valid arith.constant")
}

/// `llvm.mlir.addressof @name : !llvm.ptr`.
fn address_of<'c>(context: &'c Context, location: Location<'c>, name: &str) -> Operation<'c> {
    OperationBuilder::new("llvm.mlir.addressof", location)
        .add_attributes(&[(
            id(context, "global_name"),
            FlatSymbolRefAttribute::new(context, name).into(),
        )])
        .add_results(&[Type::parse(context, "!llvm.ptr").expect("the llvm dialect is loaded")])
        .build()
        .expect("a valid llvm.mlir.addressof")
}

/// `llvm.call @printf(args) vararg(!llvm.func<i32 (ptr, ...)>)`.
fn printf<'c>(
    context: &'c Context,
    location: Location<'c>,
    args: &[Value<'c, '_>],
) -> Operation<'c> {
    let callee_type = Type::parse(context, "!llvm.func<i32 (ptr, ...)>").expect("a valid type");
    let segments = Attribute::parse(context, &format!("array<i32: {}, 0>", args.len()))
        .expect("a valid array");
    let bundles = Attribute::parse(context, "array<i32>").expect("a valid array");
    OperationBuilder::new("llvm.call", location)
        .add_operands(args)
        .add_attributes(&[
            (
                id(context, "callee"),
                FlatSymbolRefAttribute::new(context, "printf").into(),
            ),
            (
                id(context, "var_callee_type"),
                TypeAttribute::new(callee_type).into(),
            ),
            (id(context, "operandSegmentSizes"), segments),
            (id(context, "op_bundle_sizes"), bundles),
        ])
        .add_results(&[Type::parse(context, "i32").expect("i32")])
        .build()
        .expect("a valid llvm.call")
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
        let mut operands = vec![input];
        operands.extend_from_slice(&ivs);
        let load = OperationBuilder::new("memref.load", location)
            .add_operands(&operands)
            .add_results(&[Type::float64(context)])
            .build()
            .map_err(|_| NoMatch)?;
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
            block.append_operation(
                OperationBuilder::new("scf.yield", location)
                    .build()
                    .map_err(|_| NoMatch)?,
            );
            let region = Region::new();
            region.append_block(block);
            inner = Some(
                OperationBuilder::new("scf.for", location)
                    .add_operands(&[zero, bounds[level], one])
                    .add_regions([region])
                    .build()
                    .map_err(|_| NoMatch)?,
            );
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
