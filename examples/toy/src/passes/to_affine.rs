//! `toy-to-affine` (chapter 5): the partial lowering of Toy's computing
//! ops to `affine` loops over `memref` buffers, `arith` and `func`, by
//! MLIR's dialect conversion with typed Rust patterns. `toy.print` stays,
//! now printing a memref.

use mlir_pass::conversion::{
    apply_partial_conversion, ConversionConfig, ConversionPatternRewriter, ConversionPatternSet,
    ConversionTarget,
};
use mlir_pass::dialect::{Op, OpConversionPattern};
use mlir_pass::melior::{
    ir::{
        attribute::{AttributeLike, FloatAttribute},
        operation::{OperationLike, OperationMutLike},
        r#type::{FunctionType, MemRefType},
        Attribute, Block, BlockLike, Location, Operation, Region, RegionLike, Type, TypeLike,
        Value, ValueLike,
    },
    Context,
};
use mlir_pass::ops::{affine, arith, func, memref};
use mlir_pass::rewrite::{MatchResult, NoMatch};
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

use crate::dialect::{
    shape::ranked_shape, AddOp, ConstantOp, FuncOp, MulOp, PrintOp, ReturnOp, ToyDialect,
    TransposeOp,
};

/// Lowers Toy's computations to `affine` loops over buffers: each tensor
/// becomes a `memref.alloc` (freed at the end of its block), constants are
/// stored element by element, `toy.add`/`toy.mul`/`toy.transpose` become
/// loop nests of `affine.load`, `arith` and `affine.store`, `toy.func
/// @main` a `func.func`. `toy.print` stays, taking the buffer.
///
/// Expects what the chapter 4 pipeline leaves: one function, `main`, with
/// every shape known. An op it cannot lower fails the pass at that op
/// ("failed to legalize operation").
#[mlir_pass(
    argument = "toy-to-affine",
    op = "builtin.module",
    dialects = [affine, arith, func, memref, ToyDialect]
)]
#[derive(Clone, Debug, Default)]
pub struct ToyToAffine;

impl Pass for ToyToAffine {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let context = op.context();
        let mut target = ConversionTarget::new(context);
        target
            .add_legal_dialect("affine")
            .add_legal_dialect("builtin")
            .add_legal_dialect("arith")
            .add_legal_dialect("func")
            .add_legal_dialect("memref")
            .add_illegal_dialect("toy")
            .add_dynamically_legal_op("toy.print", |op| {
                (0..op.operand_count()).all(|i| {
                    op.operand(i)
                        .map(|v| !v.r#type().is_tensor())
                        .unwrap_or(true)
                })
            });
        let patterns = ConversionPatternSet::builder(context)
            .add(ConstantLowering)
            .add(AddLowering)
            .add(MulLowering)
            .add(TransposeLowering)
            .add(FuncLowering)
            .add(ReturnLowering)
            .add(PrintLowering)
            .try_freeze()?;
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

/// The `memref` of a statically shaped tensor type, or why not.
fn memref_of<'c>(ty: Type<'c>) -> Result<(MemRefType<'c>, Vec<i64>), String> {
    let shape = ranked_shape(ty)
        .filter(|s| s.iter().all(|d| *d >= 0))
        .ok_or_else(|| {
            format!("expects a statically shaped tensor, but got {ty} (did shape inference run?)")
        })?;
    let element = crate::dialect::shape::element_type(ty).ok_or("expects a tensor")?;
    let dims: Vec<i64> = shape.clone();
    Ok((MemRefType::new(element, &dims, None, None), shape))
}

/// An attribute parsed from text (maps and arrays that melior has no
/// builders for), once per conversion.
fn parse<'r>(
    rewriter: &'r ConversionPatternRewriter<'_>,
    text: &str,
) -> Result<Attribute<'r>, NoMatch> {
    rewriter.parse_attribute(text).ok_or(NoMatch)
}

/// Allocates a buffer of `ty` at the start of `op`'s block and frees it
/// before the block's terminator (upstream's `insertAllocAndDealloc`);
/// leaves the insertion point before `op`.
fn alloc_and_dealloc<'r>(
    rewriter: &'r ConversionPatternRewriter<'_>,
    op: OperationRef<'r>,
    ty: MemRefType<'r>,
) -> Result<Value<'r, 'r>, NoMatch> {
    let location = op.location();
    let block = op.melior().block().ok_or(NoMatch)?;
    let terminator = block.terminator().ok_or_else(|| {
        rewriter.notify_match_failure("expects the op's block to have a terminator")
    })?;
    rewriter.set_insertion_point_to_start(block);
    let alloc = memref::AllocOp::create(rewriter, location, ty.into(), &[], &[], None)?;
    let buffer: Value<'r, 'r> = alloc.memref();
    rewriter.set_insertion_point_before(terminator);
    memref::DeallocOp::create(rewriter, location, buffer)?;
    rewriter.set_insertion_point_before(op);
    Ok(buffer)
}

/// `affine_map<(d0, ..) -> (d0, ..)>` of `rank` dimensions.
fn identity_map(rank: usize) -> String {
    let dims: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
    format!("affine_map<({}) -> ({})>", dims.join(", "), dims.join(", "))
}

/// An `affine.for` from 0 to each of `dims` around the ops `body` builds
/// from the induction variables (outermost first); with no dims, just the
/// body's ops. Inserted at the rewriter's insertion point.
fn insert_loop_nest<'r>(
    rewriter: &'r ConversionPatternRewriter<'_>,
    location: Location<'r>,
    dims: &[i64],
    body: impl FnOnce(&[Value<'r, '_>]) -> Result<Vec<Operation<'r>>, NoMatch>,
) -> Result<(), NoMatch> {
    let context = rewriter.context();
    let index = Type::index(context);
    let blocks: Vec<Block<'r>> = dims
        .iter()
        .map(|_| Block::new(&[(index, location)]))
        .collect();
    let ops = {
        let ivs: Vec<Value<'r, '_>> = blocks
            .iter()
            .map(|b| b.argument(0).map(Into::into).map_err(|_| NoMatch))
            .collect::<Result<_, _>>()?;
        body(&ivs)?
    };
    let Some(innermost) = blocks.last() else {
        for op in ops {
            rewriter.insert_op(op);
        }
        return Ok(());
    };
    for op in ops {
        innermost.append_operation(op);
    }
    let zero = parse(rewriter, "affine_map<() -> (0)>")?;
    let mut inner: Option<Operation<'r>> = None;
    let mut blocks = blocks;
    while let Some(block) = blocks.pop() {
        if let Some(op) = inner.take() {
            block.append_operation(op);
        }
        block.append_operation(affine::AffineYieldOp::build(location, &[]));
        let region = Region::new();
        region.append_block(block);
        let upper = parse(
            rewriter,
            &format!("affine_map<() -> ({})>", dims[blocks.len()]),
        )?;
        inner = Some(affine::AffineForOp::build(
            location,
            &[],
            &[],
            &[],
            &[],
            zero,
            upper,
            1,
            region,
        ));
    }
    if let Some(op) = inner {
        rewriter.insert_op(op);
    }
    Ok(())
}

/// `affine.load %memref[indices]` of an `f64`.
fn affine_load<'c>(
    context: &'c Context,
    location: Location<'c>,
    map: Attribute<'c>,
    memref: Value<'c, '_>,
    indices: &[Value<'c, '_>],
) -> Operation<'c> {
    affine::AffineLoadOp::build(location, Type::float64(context), memref, indices, map)
}

/// The first result of an op being built.
fn result<'c, 'o>(op: &'o Operation<'c>) -> Result<Value<'c, 'o>, NoMatch> {
    op.result(0).map(Into::into).map_err(|_| NoMatch)
}

/// `toy.constant` to a buffer whose elements are stored one by one.
struct ConstantLowering;

impl OpConversionPattern for ConstantLowering {
    type Op<'a> = ConstantOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: ConstantOp<'a>,
        _operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let value = op.value();
        let (memref, shape) =
            memref_of(value.r#type()).map_err(|e| rewriter.notify_match_failure(&e))?;
        let buffer = alloc_and_dealloc(rewriter, op.operation(), memref)?;
        let location = op.operation().melior().location();
        let context = rewriter.context();
        let f64_type = Type::float64(context);
        let count: i64 = shape.iter().product();
        for position in 0..count {
            // Row-major indices of `position`.
            let mut rest = position;
            let mut indices = vec![0i64; shape.len()];
            for (i, d) in shape.iter().enumerate().rev() {
                indices[i] = rest % d;
                rest /= d;
            }
            let element = value.f64_element(position as usize).map_err(|_| NoMatch)?;
            let constant = arith::ConstantOp::create(
                rewriter,
                location,
                f64_type,
                FloatAttribute::new(context, f64_type, element).into(),
            )?;
            let map = parse(
                rewriter,
                &format!(
                    "affine_map<() -> ({})>",
                    indices
                        .iter()
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )?;
            let cst = constant.result();
            affine::AffineStoreOp::create(rewriter, location, cst, buffer, &[], map)?;
        }
        rewriter.replace_op_with_values(op, &[buffer]);
        Ok(())
    }
}

/// An elementwise op to a loop nest over the result's buffer: load both
/// operands, `combine` them (`arith.addf`, `arith.mulf`), store.
fn lower_binary(
    op: OperationRef<'_>,
    combine: for<'c> fn(Location<'c>, Value<'c, '_>, Value<'c, '_>) -> Operation<'c>,
    operands: &[Value<'_, '_>],
    rewriter: &ConversionPatternRewriter<'_>,
) -> MatchResult {
    let [lhs, rhs] = operands else {
        return Err(NoMatch);
    };
    let result_type = op.melior().result(0).map_err(|_| NoMatch)?.r#type();
    let (memref, shape) = memref_of(result_type).map_err(|e| rewriter.notify_match_failure(&e))?;
    let buffer = alloc_and_dealloc(rewriter, op, memref)?;
    let context = rewriter.context();
    let (lhs, rhs) = (*lhs, *rhs);
    let location = op.melior().location();
    let map = parse(rewriter, &identity_map(shape.len()))?;
    insert_loop_nest(rewriter, location, &shape, |ivs| {
        let l = affine_load(context, location, map, lhs, ivs);
        let r = affine_load(context, location, map, rhs, ivs);
        let combined = combine(location, result(&l)?, result(&r)?);
        let store = affine::AffineStoreOp::build(location, result(&combined)?, buffer, ivs, map);
        Ok(vec![l, r, combined, store])
    })?;
    rewriter.replace_op_with_values(op.melior(), &[buffer]);
    Ok(())
}

/// `toy.add` to `arith.addf` in a loop nest.
struct AddLowering;

impl OpConversionPattern for AddLowering {
    type Op<'a> = AddOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: AddOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        lower_binary(
            op.operation(),
            |location, lhs, rhs| arith::AddFOp::build(location, lhs, rhs, None),
            operands,
            rewriter,
        )
    }
}

/// `toy.mul` to `arith.mulf` in a loop nest.
struct MulLowering;

impl OpConversionPattern for MulLowering {
    type Op<'a> = MulOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: MulOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        lower_binary(
            op.operation(),
            |location, lhs, rhs| arith::MulFOp::build(location, lhs, rhs, None),
            operands,
            rewriter,
        )
    }
}

/// `toy.transpose` to a loop nest that reads the input at the reversed
/// indices.
struct TransposeLowering;

impl OpConversionPattern for TransposeLowering {
    type Op<'a> = TransposeOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: TransposeOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let [input] = operands else {
            return Err(NoMatch);
        };
        let (memref, shape) =
            memref_of(op.output().r#type()).map_err(|e| rewriter.notify_match_failure(&e))?;
        let buffer = alloc_and_dealloc(rewriter, op.operation(), memref)?;
        let context = rewriter.context();
        let input = *input;
        let location = op.operation().melior().location();
        let map = parse(rewriter, &identity_map(shape.len()))?;
        insert_loop_nest(rewriter, location, &shape, |ivs| {
            let reversed: Vec<Value<'_, '_>> = ivs.iter().rev().copied().collect();
            let load = affine_load(context, location, map, input, &reversed);
            let store = affine::AffineStoreOp::build(location, result(&load)?, buffer, ivs, map);
            Ok(vec![load, store])
        })?;
        rewriter.replace_op_with_values(op, &[buffer]);
        Ok(())
    }
}

/// `toy.func @main()` to `func.func @main()`, moving the body.
struct FuncLowering;

impl OpConversionPattern for FuncLowering {
    type Op<'a> = FuncOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: FuncOp<'a>,
        _operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let name = op.sym_name().value();
        if name != "main" {
            return Err(rewriter.notify_match_failure(&format!(
                "only 'main' is lowered (inline the other functions first), but got '{name}'"
            )));
        }
        let signature = op.signature().ok_or(NoMatch)?;
        if signature.input_count() != 0 || signature.result_count() != 0 {
            return Err(
                rewriter.notify_match_failure("expected 'main' to have 0 inputs and 0 results")
            );
        }
        let context = rewriter.context();
        let location = op.operation().melior().location();
        // A placeholder block to inline the body before, erased after.
        let region = Region::new();
        region.append_block(Block::new(&[]));
        // An op with a region: built, then inserted.
        let func = rewriter.insert_op(func::FuncOp::build(
            location,
            name,
            FunctionType::new(context, &[], &[]).into(),
            None,
            None,
            None,
            false,
            region,
        ));
        let body = op.operation().melior().region(0).map_err(|_| NoMatch)?;
        let target = func.region(0).map_err(|_| NoMatch)?;
        let placeholder = target.first_block().ok_or(NoMatch)?;
        rewriter.inline_region_before(body, placeholder);
        rewriter.erase_block(placeholder);
        rewriter.erase_op(op);
        Ok(())
    }
}

/// `toy.return` to `func.return` (with no value: only `main` is lowered).
struct ReturnLowering;

impl OpConversionPattern for ReturnLowering {
    type Op<'a> = ReturnOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: ReturnOp<'a>,
        _operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        if !op.input().is_empty() {
            return Err(rewriter.notify_match_failure("expects 'main' to return no value"));
        }
        func::ReturnOp::create(rewriter, op.location(), &[])?;
        rewriter.erase_op(op);
        Ok(())
    }
}

/// `toy.print` keeps its place and takes the buffer.
struct PrintLowering;

impl OpConversionPattern for PrintLowering {
    type Op<'a> = PrintOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: PrintOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let [input] = operands else {
            return Err(NoMatch);
        };
        if input.r#type().is_tensor() {
            return Err(rewriter.notify_match_failure("the operand was not lowered to a buffer"));
        }
        let input = *input;
        rewriter.modify_op_in_place(op.operation().melior(), |mut print| {
            print.set_operand(0, input);
        });
        Ok(())
    }
}
