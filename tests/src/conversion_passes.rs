//! Passes that run dialect conversions (`mlir_pass::conversion`), for the
//! integration tests in both hosts (`mlir-pass-opt`/in-process and the
//! stock `mlir-opt` with the probe plugin).

use mlir_pass::{
    conversion::{
        apply_analysis_conversion, apply_full_conversion, apply_partial_conversion,
        ConversionConfig, ConversionPattern, ConversionPatternRewriter, ConversionPatternSet,
        ConversionTarget, PatternRoot, TypeConversion, TypeConverter,
    },
    dialect::{Op, OpConversionPattern},
    ir::{OperationExt, OperationMutExt},
    melior::ir::{
        attribute::{IntegerAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::IntegerType,
        RegionLike, Type, TypeLike, Value, ValueLike,
    },
    mlir_pass,
    ops::arith,
    rewrite::{MatchResult, NoMatch},
    OperationRef, Pass, PassError,
};

/// i16 becomes i32; every other type is legal as it is. Materializations
/// are `arith.extsi` (to i32) and `arith.trunci` (back to i16).
pub fn widening_converter() -> TypeConverter {
    let mut converter = TypeConverter::new();
    converter
        .add_identity_conversion()
        .add_conversion(|ty, context| match IntegerType::try_from(ty) {
            Ok(int) if int.width() == 16 => {
                TypeConversion::to(IntegerType::new(context, 32).into())
            }
            _ => TypeConversion::NotApplicable,
        })
        .add_target_materialization(|builder, to, inputs, location| {
            builder.create("arith.extsi", to, inputs, location)
        })
        .add_source_materialization(|builder, to, inputs, location| {
            builder.create("arith.trunci", to, inputs, location)
        });
    converter
}

/// Rebuilds an `arith` binary op on the converted operands, with the
/// converted result type.
struct WidenBinary(&'static str);

impl ConversionPattern for WidenBinary {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op(self.0)
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let op = op.melior();
        let converter = rewriter.type_converter().ok_or(NoMatch)?;
        let result: Type<'_> = op.result(0)?.r#type();
        let Some(converted) = converter.convert_single(result) else {
            return Err(rewriter.notify_match_failure("result type does not convert"));
        };
        let new_op = rewriter.create(self.0, op.location(), operands, &[converted], &[])?;
        rewriter.replace_op_with_operation(op, new_op);
        Ok(())
    }
}

/// Converts the block argument types of the regions of `x.region` ops
/// and marks them `converted`.
struct RegionArguments;

impl ConversionPattern for RegionArguments {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op("x.region")
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        _operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let converter = rewriter.type_converter().ok_or(NoMatch)?.clone();
        let op = op.melior();
        for index in 0..op.region_count() {
            rewriter.convert_region_types(&op.region(index)?, &converter, None)?;
        }
        rewriter.modify_op_in_place(op, |mut op| op.set_bool_attr("converted", true));
        Ok(())
    }
}

/// Widens i16 to i32 in functions: signatures, calls, returns, `scf` and
/// `cf` control flow, `arith.addi`/`arith.muli`, and the block arguments of
/// `x.region` ops; other uses get `arith.trunci` back to i16, and i16
/// values the conversion does not produce get `arith.extsi` to i32.
#[mlir_pass(argument = "test-conv-widen", op = "builtin.module", dialects = [arith, func])]
#[derive(Clone, Debug, Default)]
pub struct ConvWiden {
    /// Run a full conversion (unknown ops are legal) instead of a partial one.
    #[option]
    pub full: bool,
    /// Convert `cf` branches with upstream's `cf` structural conversion
    /// (and its legality) instead of the branch-interface pattern.
    #[option]
    pub cf_structural: bool,
}

impl Pass for ConvWiden {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let converter = widening_converter();
        let mut target = ConversionTarget::new(op.context());
        for name in ["arith.addi", "arith.muli", "func.call"] {
            let c = converter.clone();
            target.add_dynamically_legal_op(name, move |op| c.is_legal_op(op));
        }
        let c = converter.clone();
        if self.cf_structural {
            // Upstream's function pattern converts the entry block; the cf
            // structural patterns convert the other blocks' signatures.
            target.add_dynamically_legal_op("func.func", move |op| {
                op.melior()
                    .attribute("function_type")
                    .ok()
                    .and_then(|a| TypeAttribute::try_from(a).ok())
                    .is_some_and(|t| c.is_signature_legal(t.value()))
            });
        } else {
            target.add_dynamically_legal_op("func.func", move |op| c.is_legal_function(op));
        }
        let c = converter.clone();
        target.add_dynamically_legal_op("func.return", move |op| c.is_legal_return(op));
        target.add_dynamically_legal_op("x.region", |op| {
            op.melior().bool_attr("converted") == Some(true)
        });
        target
            .add_legal_op("arith.extsi")
            .add_legal_op("arith.trunci")
            .add_legal_op("arith.constant");
        if self.full {
            target.add_legal_op("builtin.module");
            target.mark_unknown_ops_dynamically_legal(|_| true);
        }
        let mut patterns = ConversionPatternSet::builder(op.context())
            .add_with_converter(WidenBinary("arith.addi"), &converter)
            .add_with_converter(WidenBinary("arith.muli"), &converter)
            .add_with_converter(RegionArguments, &converter)
            .function_signature_conversion(&converter)
            .call_conversion(&converter)
            .return_conversion(&converter)
            .scf_structural_conversion(&converter, Some(&mut target));
        if self.cf_structural {
            patterns = patterns.cf_structural_conversion(&converter, Some(&mut target));
        } else {
            for name in ["cf.br", "cf.cond_br"] {
                let c = converter.clone();
                target.add_dynamically_legal_op(name, move |op| c.is_legal_branch(op));
            }
            patterns = patterns.branch_conversion(&converter);
        }
        let patterns = patterns.freeze();
        let config = ConversionConfig::default();
        if self.full {
            apply_full_conversion(op, &target, &patterns, &config)
        } else {
            apply_partial_conversion(op, &target, &patterns, &config)
        }
    }
}

/// `arith.addi` becomes `arith.subi` (a rewrite that is visible), and
/// `arith.muli` is illegal with no pattern: the conversion fails when a
/// function has one, and the IR must be left as it was.
struct AddToSub;

/// A typed upstream root (`OpConversionPattern` on `arith::AddIOp`) with
/// ODS's adaptor and a typed builder.
impl OpConversionPattern for AddToSub {
    type Op<'a> = arith::AddIOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: arith::AddIOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let operands = op.adaptor(operands);
        let sub = arith::SubIOp::create(
            rewriter,
            op.location(),
            operands.lhs(),
            operands.rhs(),
            op.overflow_flags(),
        )?;
        rewriter.replace_op_with_operation(op, sub);
        Ok(())
    }
}

/// A partial conversion: `arith.addi` to `arith.subi`; `arith.muli` illegal.
#[mlir_pass(argument = "test-conv-rollback", op = "func.func", dialects = [arith])]
#[derive(Clone, Debug, Default)]
pub struct ConvRollback {
    /// The driver's pattern rollback (`allow_pattern_rollback`).
    #[option(default = true)]
    pub rollback: bool,
}

impl Pass for ConvRollback {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut target = ConversionTarget::new(op.context());
        target
            .add_illegal_op("arith.addi")
            .add_illegal_op("arith.muli")
            .add_legal_op("arith.subi");
        let patterns = ConversionPatternSet::builder(op.context())
            .add(AddToSub)
            .freeze();
        let config = ConversionConfig {
            allow_pattern_rollback: self.rollback,
            ..ConversionConfig::default()
        };
        apply_partial_conversion(op, &target, &patterns, &config)
    }
}

/// Marks any op of the unregistered `x` dialect `done` (a pattern on any
/// op), and leaves the others.
struct MarkAnyTestOp;

impl ConversionPattern for MarkAnyTestOp {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::AnyOp
    }

    fn benefit(&self) -> u16 {
        2
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        _operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let op = op.melior();
        if !op.name_str().starts_with("x.") {
            return Err(rewriter.notify_match_failure("not an x op"));
        }
        rewriter.modify_op_in_place(op, |mut op| op.set_bool_attr("done", true));
        Ok(())
    }
}

/// A full conversion in which ops with no rule are legal once marked
/// `done`, by a pattern on any op. With `analysis=true`, an analysis
/// conversion instead, which only marks the ops it would legalize
/// `legalizable`.
#[mlir_pass(argument = "test-conv-any-op", op = "func.func", dialects = [func])]
#[derive(Clone, Debug, Default)]
pub struct ConvAnyOp {
    /// Run an analysis conversion.
    #[option]
    pub analysis: bool,
}

impl Pass for ConvAnyOp {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut target = ConversionTarget::new(op.context());
        target.add_legal_dialect("func").add_legal_dialect("arith");
        target.mark_unknown_ops_dynamically_legal(|op| op.melior().bool_attr("done") == Some(true));
        let patterns = ConversionPatternSet::builder(op.context())
            .add(MarkAnyTestOp)
            .freeze();
        let config = ConversionConfig::default();
        if self.analysis {
            let ops = apply_analysis_conversion(op, &target, &patterns, &config)?;
            for found in ops {
                found.melior_mut().set_bool_attr("legalizable", true);
            }
            return Ok(());
        }
        apply_full_conversion(op, &target, &patterns, &config)
    }
}

/// Panics where its option says (`site=pattern|legality|type|target`), or
/// makes a change the rewriter refuses (`site=erase-root|count`).
struct Exploding(String);

impl ConversionPattern for Exploding {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op("arith.addi")
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let op = op.melior();
        match self.0.as_str() {
            "pattern" => panic!("pattern exploded"),
            "erase-root" => {
                let function = op.parent_operation().ok_or(NoMatch)?;
                rewriter.erase_op(function);
                Ok(())
            }
            "inline" => {
                let block = op.block().ok_or(NoMatch)?;
                rewriter.merge_blocks(block, block, &[operands[0], operands[1]]);
                Ok(())
            }
            "count" => {
                rewriter.replace_op_with_values(op, &[operands[0], operands[1]]);
                Ok(())
            }
            _ => {
                let converter = rewriter.type_converter().ok_or(NoMatch)?;
                let ty = converter
                    .convert_single(op.result(0)?.r#type())
                    .ok_or(NoMatch)?;
                let new_op = rewriter.create("arith.addi", op.location(), operands, &[ty], &[])?;
                rewriter.modify_op_in_place(new_op, |mut new_op| new_op.set_bool_attr("new", true));
                rewriter.replace_op_with_operation(op, new_op);
                Ok(())
            }
        }
    }
}

/// A conversion whose pattern, legality closure, type conversion or
/// materialization panics (option `site`), or whose pattern makes a change
/// the rewriter refuses (`site=erase-root`, `site=count`).
#[mlir_pass(argument = "test-conv-panic", op = "func.func", dialects = [arith])]
#[derive(Clone, Debug, Default)]
pub struct ConvPanic {
    /// Where: pattern, legality, type, target, erase-root, count, inline,
    /// no-materialization.
    #[option(default = "pattern")]
    pub site: String,
}

impl Pass for ConvPanic {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut converter = TypeConverter::new();
        let site = self.site.clone();
        converter.add_conversion(move |ty, context| {
            if matches!(site.as_str(), "type" | "type-legal" | "legality-types") && ty.is_integer()
            {
                panic!("type conversion exploded");
            }
            if (site == "target" || site == "no-materialization") && ty.is_integer() {
                return TypeConversion::to(IntegerType::new(context, 64).into());
            }
            TypeConversion::to(ty)
        });
        let site = self.site.clone();
        converter.add_target_materialization(move |_, _, _, _| {
            if site == "target" {
                panic!("materialization exploded");
            }
            None
        });
        // Back to i32 for `func.return` (MLIR builds the materializations
        // in no fixed order: this one must not fail first); none with
        // `site=no-materialization`, whose conversion then fails.
        let site = self.site.clone();
        converter.add_source_materialization(move |builder, to, inputs, location| {
            if site == "no-materialization" {
                return None;
            }
            builder.create("arith.trunci", to, inputs, location)
        });
        let mut target = ConversionTarget::new(op.context());
        let site = self.site.clone();
        if site == "type-legal" {
            // The converter decides `arith.addi`'s legality (and panics).
            target.add_type_legal_op("arith.addi", &converter);
        } else {
            let converter = converter.clone();
            target.add_dynamically_legal_op("arith.addi", move |op| {
                if site == "legality" {
                    panic!("legality exploded");
                }
                if site == "legality-types" {
                    // A legality rule that asks the converter about the op.
                    return converter.is_legal_op(op);
                }
                op.melior().bool_attr("new") == Some(true)
            });
        }
        target
            .add_legal_dialect("func")
            .add_legal_op("arith.trunci");
        let patterns = ConversionPatternSet::builder(op.context())
            .add_with_converter(Exploding(self.site.clone()), &converter)
            .freeze();
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

/// `x.count {n = k}` becomes `x.count {n = k - 1}`: legal at 0, so the
/// pattern must apply to the op it created itself.
struct CountDown {
    bounded: bool,
}

impl ConversionPattern for CountDown {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op("x.count")
    }

    fn has_bounded_rewrite_recursion(&self) -> bool {
        self.bounded
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        _operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let op = op.melior();
        let n = op.int_attr("n").ok_or(NoMatch)?;
        let new_op = rewriter.insert(
            OperationBuilder::new("x.count", op.location())
                .build()
                .map_err(|_| NoMatch)?,
        );
        rewriter.modify_op_in_place(new_op, |mut new_op| new_op.set_i64_attr("n", n - 1));
        rewriter.replace_op_with_operation(op, new_op);
        Ok(())
    }
}

/// A partial conversion of `x.count` ops down to `n = 0`, with the pattern's
/// bounded recursion on or off (option `bounded`).
#[mlir_pass(argument = "test-conv-count-down", op = "func.func", dialects = [func])]
#[derive(Clone, Debug, Default)]
pub struct ConvCountDown {
    /// Declare the pattern's recursion bounded.
    #[option]
    pub bounded: bool,
}

impl Pass for ConvCountDown {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut target = ConversionTarget::new(op.context());
        target.add_dynamically_legal_op("x.count", |op| op.melior().int_attr("n") == Some(0));
        let patterns = ConversionPatternSet::builder(op.context())
            .add(CountDown {
                bounded: self.bounded,
            })
            .freeze();
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

/// Rebuilds any op whose types the widening converter finds illegal with
/// `convert_op_result_types` (regions and attributes follow), and marks
/// the new op with `#x.seen` when the memoized parse gives the same
/// attribute twice. With `count=true`, hands it one operand too few; with
/// `inside=true`, with the insertion point inside the op's own region.
struct RebuildWithConvertedTypes {
    count: bool,
    inside: bool,
}

impl ConversionPattern for RebuildWithConvertedTypes {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::AnyOp
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let converter = rewriter.type_converter().ok_or(NoMatch)?;
        let given = if self.count {
            &operands[..operands.len().saturating_sub(1)]
        } else {
            operands
        };
        let original = op.melior();
        if self.inside && original.region_count() > 0 {
            // The insertion point inside the op's own region: its regions
            // cannot move into the new op.
            let block = original.region(0)?.first_block().ok_or(NoMatch)?;
            rewriter.set_insertion_point_to_start(block);
        }
        let new_op = rewriter.convert_op_result_types(original, given, converter)?;
        let first = rewriter.parse_attribute("[1, \"seen\"]").ok_or(NoMatch)?;
        let again = rewriter.parse_attribute("[1, \"seen\"]").ok_or(NoMatch)?;
        if first == again {
            rewriter.modify_op_in_place(new_op, |mut new_op| {
                new_op.set_attribute("seen", first);
            });
        }
        let results: Vec<Value> = (0..new_op.result_count())
            .map(|i| new_op.result(i).map(Into::into))
            .collect::<Result<_, _>>()?;
        rewriter.replace_op_with_values(original, &results);
        Ok(())
    }
}

/// A partial conversion in which `arith.addi` and the ops of the `x`
/// dialect are legal when the widening converter finds their types legal
/// (`add_type_legal_op`/`add_type_legal_dialect`, decided in C++), and the
/// others are rebuilt with converted result types.
#[mlir_pass(argument = "test-conv-result-types", op = "func.func", dialects = [arith])]
#[derive(Clone, Debug, Default)]
pub struct ConvResultTypes {
    /// Give `convert_op_result_types` one operand too few.
    #[option]
    pub count: bool,
    /// Call `convert_op_result_types` with the insertion point inside the
    /// op's own region.
    #[option]
    pub inside: bool,
}

impl Pass for ConvResultTypes {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let converter = widening_converter();
        let mut target = ConversionTarget::new(op.context());
        target
            .add_type_legal_op("arith.addi", &converter)
            .add_type_legal_dialect("x", &converter);
        let patterns = ConversionPatternSet::builder(op.context())
            .add_with_converter(
                RebuildWithConvertedTypes {
                    count: self.count,
                    inside: self.inside,
                },
                &converter,
            )
            .freeze();
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

/// i64 becomes two i32 (1:N); the source materialization packs them back
/// with `x.pack`.
fn splitting_converter() -> TypeConverter {
    let mut converter = TypeConverter::new();
    converter
        .add_identity_conversion()
        .add_conversion(|ty, context| match IntegerType::try_from(ty) {
            Ok(int) if int.width() == 64 => {
                let half: Type = IntegerType::new(context, 32).into();
                TypeConversion::Converted(vec![half, half])
            }
            _ => TypeConversion::NotApplicable,
        })
        .add_source_materialization(|builder, to, inputs, location| {
            builder.create("x.pack", to, inputs, location)
        });
    converter
}

/// `x.make : i64` becomes two `x.half : i32`, a 1:N replacement.
struct SplitMake;

impl ConversionPattern for SplitMake {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op("x.make")
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        _operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let op = op.melior();
        let half: Type = IntegerType::new(rewriter.context(), 32).into();
        let low = rewriter.create("x.half", op.location(), &[], &[half], &[])?;
        let high = rewriter.create("x.half", op.location(), &[], &[half], &[])?;
        let values: [Value; 2] = [low.result(0)?.into(), high.result(0)?.into()];
        rewriter.replace_op_with_multiple(op, &[&values]);
        Ok(())
    }
}

/// `x.use` on i64 values becomes `x.use2` on their halves; it only takes
/// 1:N operands when `one_to_n`.
struct SplitUse {
    one_to_n: bool,
}

impl ConversionPattern for SplitUse {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op("x.use")
    }

    fn match_and_rewrite(
        &self,
        _op: OperationRef<'_>,
        _operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        Err(rewriter.notify_match_failure("only 1:N operands are expected here"))
    }

    fn match_and_rewrite_one_to_n(
        &self,
        op: OperationRef<'_>,
        operands: &[&[Value<'_, '_>]],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        if !self.one_to_n {
            return Err(NoMatch);
        }
        let flat: Vec<Value> = operands
            .iter()
            .flat_map(|range| range.iter().copied())
            .collect();
        let op = op.melior();
        let new_op = rewriter.create("x.use2", op.location(), &flat, &[], &[])?;
        rewriter.replace_op_with_operation(op, new_op);
        Ok(())
    }
}

/// A partial conversion of i64 to two i32: function signatures (upstream's
/// pattern), `x.make` replaced 1:N, and `x.use` rebuilt from its 1:N
/// operands (unless `one_to_n=false`, when it stays and the conversion
/// fails).
#[mlir_pass(argument = "test-conv-one-to-n", op = "builtin.module", dialects = [func])]
#[derive(Clone, Debug, Default)]
pub struct ConvOneToN {
    /// Let `x.use`'s pattern take 1:N operands.
    #[option(default = true)]
    pub one_to_n: bool,
}

impl Pass for ConvOneToN {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let converter = splitting_converter();
        let mut target = ConversionTarget::new(op.context());
        {
            let converter = converter.clone();
            target.add_dynamically_legal_op("func.func", move |op| converter.is_legal_function(op));
        }
        target
            .add_legal_op("func.return")
            .add_legal_op("x.half")
            .add_legal_op("x.use2")
            .add_legal_op("x.pack")
            .add_illegal_op("x.make")
            .add_illegal_op("x.use");
        let patterns = ConversionPatternSet::builder(op.context())
            .function_signature_conversion(&converter)
            .add(SplitMake)
            .add(SplitUse {
                one_to_n: self.one_to_n,
            })
            .freeze();
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

/// A partial conversion whose target marks the op `name` legal (a
/// misspelled name must fail the conversion, with a suggestion).
#[mlir_pass(argument = "test-conv-target-name", op = "func.func", dialects = [arith])]
#[derive(Clone, Debug, Default)]
pub struct ConvTargetName {
    /// The op name the target's rule gives.
    #[option]
    pub name: String,
}

impl Pass for ConvTargetName {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut target = ConversionTarget::new(op.context());
        target
            .add_legal_op(&self.name)
            .add_dynamically_legal_op("arith.muli", |_| true);
        let patterns = ConversionPatternSet::builder(op.context()).freeze();
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

/// Converts `arith.addi` into an op whose name is misspelled
/// (`arith.mulii`): the rewriter refuses it, naming the pattern.
#[derive(Debug)]
pub struct CreateTypo;

impl ConversionPattern for CreateTypo {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op("arith.addi")
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let ty = op.melior().result(0)?.r#type();
        let new = rewriter.create("arith.mulii", op.location(), operands, &[ty], &[])?;
        rewriter.replace_op_with_values(op, &[new.result(0)?.into()]);
        Ok(())
    }
}

/// A conversion with [`CreateTypo`].
#[mlir_pass(argument = "test-conv-create-typo", op = "func.func", dialects = [arith])]
#[derive(Clone, Debug, Default)]
pub struct ConvCreateTypo;

impl Pass for ConvCreateTypo {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut target = ConversionTarget::new(op.context());
        target.add_illegal_op("arith.addi");
        let patterns = ConversionPatternSet::builder(op.context())
            .add(CreateTypo)
            .try_freeze()?;
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

/// A partial conversion of `arith.addi` that fails after its pattern has
/// changed the IR (option `case`: `materialization`, `type-mismatch`,
/// `erase-used`): the Rust twin of `test-cpp-conv-failure`
/// (`cpp/conversion_twin.cpp`), for comparing the IR each leaves.
#[mlir_pass(argument = "test-rust-conv-failure", op = "func.func", dialects = [arith])]
#[derive(Clone, Debug, Default)]
pub struct ConvFailure {
    /// How the conversion fails.
    #[option(default = "materialization")]
    pub case: String,
}

/// [`ConvFailure`]'s pattern.
struct FailingAdd(String);

impl OpConversionPattern for FailingAdd {
    type Op<'a> = arith::AddIOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: arith::AddIOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let i64 = IntegerType::new(rewriter.context(), 64).into();
        match self.0.as_str() {
            "materialization" => {
                // i64 from i32 operands: not what `arith::AddIOp::build`
                // (same type as its operands) makes, so by name.
                let operands = op.adaptor(operands);
                let add = rewriter.create(
                    "arith.addi",
                    op.location(),
                    &[operands.lhs(), operands.rhs()],
                    &[i64],
                    &[],
                )?;
                rewriter.modify_op_in_place(add, |mut add| add.set_bool_attr("new", true));
                rewriter.replace_op_with_operation(op, add);
            }
            "type-mismatch" => {
                let zero = arith::ConstantOp::create(
                    rewriter,
                    op.location(),
                    i64,
                    IntegerAttribute::new(i64, 0).into(),
                )?;
                rewriter.replace_op_with_operation(op, zero);
            }
            _ => rewriter.erase_op(op),
        }
        Ok(())
    }
}

impl Pass for ConvFailure {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut converter = TypeConverter::new();
        converter
            .add_identity_conversion()
            .add_conversion(|ty, context| {
                if ty.is_integer() {
                    TypeConversion::to(IntegerType::new(context, 64).into())
                } else {
                    TypeConversion::NotApplicable
                }
            })
            .add_source_materialization(|_, _, _, _| None)
            .add_target_materialization(|_, _, _, _| None);
        let mut target = ConversionTarget::new(op.context());
        target
            .add_legal_dialect("func")
            .add_legal_op("arith.constant")
            .add_dynamically_legal_op("arith.addi", |op| op.melior().attribute("new").is_ok());
        let pattern = FailingAdd(self.case.clone());
        let patterns = if self.case == "materialization" {
            ConversionPatternSet::builder(op.context()).add_with_converter(pattern, &converter)
        } else {
            ConversionPatternSet::builder(op.context()).add(pattern)
        };
        apply_partial_conversion(
            op,
            &target,
            &patterns.freeze(),
            &ConversionConfig::default(),
        )
    }
}
