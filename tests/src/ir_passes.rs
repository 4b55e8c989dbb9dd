//! Passes that change IR through the safe API, for `tests/integration/ir.rs`:
//! rewrite patterns that panic, never converge, or count their drops, and a
//! pass that edits IR with the `ir` extension traits.

use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

use mlir_pass::{
    ir::{OperationExt, OperationMutExt, ValueExt, WalkOrder},
    melior::ir::{
        block::BlockLike,
        operation::{OperationLike, WalkResult},
        RegionLike,
    },
    mlir_pass,
    rewrite::{
        apply_patterns_greedily, walk_and_apply_patterns, GreedyConfig, MatchResult, NoMatch,
        PatternDriver, PatternPass, PatternRewriter, PatternSet, PatternSetBuilder, RewritePattern,
    },
    ContextRef, OperationRef, Pass, PassError,
};

/// How many `CountedPattern`s were dropped (MLIR destroyed their set).
pub static PATTERN_DROPS: AtomicUsize = AtomicUsize::new(0);
/// How many `CountedPattern`s were created.
pub static PATTERN_CREATES: AtomicUsize = AtomicUsize::new(0);
/// How many times `CountedPattern` matched.
pub static PATTERN_MATCHES: AtomicUsize = AtomicUsize::new(0);

/// Tags every `arith.addi` with `counted`, once; counts its drops.
pub struct CountedPattern;

impl CountedPattern {
    fn new() -> Self {
        PATTERN_CREATES.fetch_add(1, SeqCst);
        CountedPattern
    }
}

impl Drop for CountedPattern {
    fn drop(&mut self) {
        PATTERN_DROPS.fetch_add(1, SeqCst);
    }
}

impl RewritePattern for CountedPattern {
    fn root(&self) -> &str {
        "arith.addi"
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        if op.melior().bool_attr("counted").is_some() {
            return Err(NoMatch);
        }
        PATTERN_MATCHES.fetch_add(1, SeqCst);
        rewriter.modify_op_in_place(op.melior(), |mut op| op.set_bool_attr("counted", true));
        Ok(())
    }
}

/// Applies [`CountedPattern`] greedily; its set is built in `initialize`
/// and shared by every clone.
#[mlir_pass(argument = "test-counted-patterns", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct CountedPatterns {
    patterns: Option<PatternSet>,
}

impl Pass for CountedPatterns {
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        self.patterns = Some(
            PatternSet::builder(context)
                .add(CountedPattern::new())
                .freeze(),
        );
        Ok(())
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        apply_patterns_greedily(
            op,
            self.patterns.as_ref().unwrap(),
            &GreedyConfig::default(),
        )
    }
}

/// Panics on `arith.muli` ops; leaves others alone.
struct PanickingPattern;

impl RewritePattern for PanickingPattern {
    fn root(&self) -> &str {
        "arith.muli"
    }

    fn match_and_rewrite(
        &self,
        _op: OperationRef<'_>,
        _rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        panic!("pattern exploded");
    }
}

/// A pattern pass whose pattern panics (`walk=true`: applied by a walk).
#[mlir_pass(argument = "test-panicking-pattern", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct PanickingPatternPass {
    /// Apply with `walk_and_apply_patterns` instead of the greedy driver.
    #[option]
    pub walk: bool,
    patterns: Option<PatternSet>,
}

impl Pass for PanickingPatternPass {
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        self.patterns = Some(PatternSet::builder(context).add(PanickingPattern).freeze());
        Ok(())
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let patterns = self.patterns.as_ref().unwrap();
        if self.walk {
            walk_and_apply_patterns(op, patterns)
        } else {
            apply_patterns_greedily(op, patterns, &GreedyConfig::default())
        }
    }
}

/// Rewrites every `arith.addi` forever (flips an attribute each time).
struct ForeverPattern;

impl RewritePattern for ForeverPattern {
    fn root(&self) -> &str {
        "arith.addi"
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let next = op.melior().int_attr("flip").unwrap_or(0) + 1;
        rewriter.modify_op_in_place(op.melior(), |mut op| op.set_i64_attr("flip", next));
        Ok(())
    }
}

/// A pattern pass that never converges.
#[mlir_pass(argument = "test-forever-pattern", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct ForeverPatternPass {
    /// The driver's iteration limit.
    #[option(default = 3)]
    pub max_iterations: i64,
    /// The driver's rewrite limit (a pattern that rewrites the same op
    /// forever never ends an iteration: only this limit stops it).
    #[option(default = 100)]
    pub max_rewrites: i64,
    patterns: Option<PatternSet>,
}

impl Pass for ForeverPatternPass {
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        self.patterns = Some(PatternSet::builder(context).add(ForeverPattern).freeze());
        Ok(())
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let config = GreedyConfig {
            max_iterations: self.max_iterations,
            max_rewrites: self.max_rewrites,
            ..GreedyConfig::default()
        };
        apply_patterns_greedily(op, self.patterns.as_ref().unwrap(), &config)
    }
}

/// Edits IR without patterns: records the number of uses of each function
/// argument as `uses_N` attributes, tries to erase the first op whose result
/// is used (which must fail, recorded as `refused`), then replaces each
/// `arith.addi %x, %x` by `%x` (replace all uses, then erase).
#[mlir_pass(argument = "test-ir-edit", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct IrEdit;

impl Pass for IrEdit {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut func = op.melior_mut();
        // Argument use counts, before any change.
        let body = func.region(0)?.first_block().ok_or("no body")?;
        for index in 0..body.argument_count() {
            let uses = body.argument(index)?.uses().count() as i64;
            func.set_i64_attr(&format!("uses_{index}"), uses);
        }
        // A used op cannot be erased.
        let mut refused = None;
        func.walk_ops(WalkOrder::PreOrder, |nested| {
            if refused.is_none()
                && nested.result_count() == 1
                && nested.result(0).map(|r| r.has_uses()).unwrap_or(false)
            {
                refused = Some(nested.erase().unwrap_err().to_string());
            }
            WalkResult::Advance
        });
        if let Some(message) = refused {
            func.set_str_attr("refused", &message);
        }
        // `addi %x, %x` → uses of it become uses of %x; the op is erased.
        func.walk_ops(WalkOrder::PostOrder, |nested| {
            let is_double = nested.name_str() == "arith.addi"
                && nested.operand(0).ok() == nested.operand(1).ok();
            if is_double {
                let x = nested.operand(0).unwrap();
                let result = nested.result(0).unwrap();
                result.replace_all_uses_with(x);
                nested.erase().unwrap();
            }
            WalkResult::Advance
        });
        Ok(())
    }
}

/// Checks the typed attribute accessors on the function and fails with a
/// message listing what it read.
#[mlir_pass(argument = "test-read-attrs", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct ReadAttrs;

impl Pass for ReadAttrs {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let func = op.melior();
        let mut out = op.melior_mut();
        out.set_str_attr(
            "read",
            &format!(
                "int={:?} str={:?} bool={:?} sym={:?} wrong={:?} missing={:?} name={:?} vis={:?}",
                func.int_attr("i"),
                func.str_attr("s"),
                func.bool_attr("b"),
                func.symbol_ref_attr("r"),
                func.int_attr("s"),
                func.str_attr("nothing"),
                func.symbol_name(),
                func.symbol_visibility(),
            ),
        );
        out.set_symbol_ref_attr("r2", "target");
        out.set_bool_attr("b2", false);
        Ok(())
    }
}

/// Reads the edge cases of the typed getters (empty strings and symbols,
/// integers wider or larger than `i64`, unsigned and bool integers) from the
/// function's attributes `e`, `er`, `w`, `n`, `u`, `big`, `t`, `k`, `m`,
/// `sn`, and records what each getter gave as the string attribute `read`.
#[mlir_pass(argument = "test-attr-values", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct AttrValues;

impl Pass for AttrValues {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let func = op.melior();
        let read: Vec<String> = ["e", "er", "w", "n", "u", "big", "t", "k", "m", "sn"]
            .iter()
            .map(|name| {
                format!(
                    "{name}: {:?} {:?} {:?}",
                    func.int_attr(name),
                    func.str_attr(name),
                    func.symbol_ref_attr(name)
                )
            })
            .collect();
        op.melior_mut().set_str_attr("read", &read.join("; "));
        Ok(())
    }
}

/// Tries to erase the function it runs on, and its module: both refused.
#[mlir_pass(argument = "test-erase-anchor", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct EraseAnchor;

impl Pass for EraseAnchor {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut func = op.melior_mut();
        let module_error = func
            .parent_operation_mut()
            .ok_or("no parent")?
            .erase()
            .unwrap_err();
        let func_error = func.erase().unwrap_err();
        Err(PassError::new(format!("{func_error} / {module_error}")))
    }
}

/// Depends on a dialect through a handle getter defined in another crate
/// (the example crate's `dialect_handles::math`); records whether the
/// dialect was loaded for it as `math_loaded`.
#[mlir_pass(
    argument = "test-external-dialect",
    op = "func.func",
    dialects = [func, mlir_pass_example_passes::dialect_handles::math]
)]
#[derive(Clone, Default)]
pub struct ExternalDialect;

impl Pass for ExternalDialect {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let loaded = op.melior_context().is_registered_operation("math.absi");
        op.melior_mut().set_bool_attr("math_loaded", loaded);
        Ok(())
    }
}

/// A pipeline whose `build` fails (`panic=false`) or panics (`panic=true`).
#[mlir_pass::mlir_pipeline(argument = "test-failing-pipeline")]
#[derive(Default)]
pub struct FailingPipeline {
    /// Panic instead of returning an error.
    #[option]
    pub panic: bool,
}

impl mlir_pass::Pipeline for FailingPipeline {
    fn build(&self, pm: &mlir_pass::OpPassManager<'_>) -> Result<(), PassError> {
        pm.add_pipeline("canonicalize")?;
        if self.panic {
            panic!("the pipeline exploded");
        }
        Err(PassError::new("this pipeline always fails"))
    }
}

/// A pipeline whose `build` names a pass that does not exist: the parse
/// error of the inner pipeline becomes the outer one's.
#[mlir_pass::mlir_pipeline(argument = "test-pipeline-with-typo")]
#[derive(Default)]
pub struct PipelineWithTypo;

impl mlir_pass::Pipeline for PipelineWithTypo {
    fn build(&self, pm: &mlir_pass::OpPassManager<'_>) -> Result<(), PassError> {
        pm.add_pipeline("func.func(canonicalise)")?;
        Ok(())
    }
}

/// A pattern on `arith.addi` that makes the change its `mode` names, most of
/// them ones the rewriter must refuse (see [`BadRewritePass`]).
struct BadRewrite {
    mode: String,
}

impl RewritePattern for BadRewrite {
    fn root(&self) -> &str {
        "arith.addi"
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let addi = op.melior();
        if addi.bool_attr("done").is_some() {
            return Err(NoMatch);
        }
        let parent = addi.parent_operation().ok_or(NoMatch)?;
        match self.mode.as_str() {
            "erase-parent" => rewriter.erase_op(parent),
            "replace-parent" => rewriter.replace_op_with_values(parent, &[]),
            "erase-used" => rewriter.erase_op(addi),
            "replace-count" => rewriter.replace_op_with_values(addi, &[]),
            "replace-self" => {
                let own = addi.result(0)?.into();
                rewriter.replace_op_with_values(addi, &[own]);
            }
            "replace-detached" => {
                // An op made outside the rewriter and never inserted.
                let detached = mlir_pass::melior::ir::operation::OperationBuilder::new(
                    "func.return",
                    addi.location(),
                )
                .build()?;
                // SAFETY: `detached` lives until the end of this arm.
                let handle =
                    unsafe { mlir_pass::melior::ir::OperationRef::from_raw(detached.to_raw()) };
                rewriter.replace_op_with_values(handle, &[]);
            }
            "erase-next" => {
                let next = addi.next_in_block().ok_or(NoMatch)?;
                if next.name_str() != "arith.muli" {
                    return Err(NoMatch);
                }
                rewriter.erase_op(next);
            }
            "replace-next" => {
                let next = addi.next_in_block().ok_or(NoMatch)?;
                if next.name_str() != "arith.muli" {
                    return Err(NoMatch);
                }
                let operand = next.operand(0)?;
                rewriter.replace_op_with_values(next, &[operand]);
            }
            "erase-block" => rewriter.erase_block(addi.block().ok_or(NoMatch)?),
            "erase-direct" => {
                let message = op.melior_mut().erase().unwrap_err().to_string();
                rewriter.modify_op_in_place(addi, |mut addi| {
                    addi.set_str_attr("refused", &message);
                    addi.set_bool_attr("done", true);
                });
            }
            "nested-driver" => {
                let empty = PatternSet::builder(op.context()).freeze();
                let message = apply_patterns_greedily(op, &empty, &GreedyConfig::default())
                    .unwrap_err()
                    .to_string();
                rewriter.modify_op_in_place(addi, |mut addi| {
                    addi.set_str_attr("refused", &message);
                    addi.set_bool_attr("done", true);
                });
            }
            "modify-direct" => op.melior_mut().set_bool_attr("done", true),
            "modify-nomatch" => {
                op.melior_mut().set_bool_attr("done", true);
                return Err(NoMatch);
            }
            "ok-unchanged" => {}
            other => panic!("unknown mode {other}"),
        }
        Ok(())
    }
}

/// Applies a pattern on `arith.addi` that makes the change `mode` names,
/// greedily or (`walk`) by a walk.
#[mlir_pass(argument = "test-bad-rewrite", op = "func.func", dialects = [arith, cf])]
#[derive(Clone, Default)]
pub struct BadRewritePass {
    /// What the pattern does: erase-parent, replace-parent, erase-used,
    /// replace-count, replace-self, replace-detached, erase-next and
    /// replace-next (an `arith.muli` right after), erase-block,
    /// erase-direct, nested-driver; modify-direct, modify-nomatch,
    /// ok-unchanged (caught by the debug-build check).
    #[option]
    pub mode: String,
    /// Apply with `walk_and_apply_patterns` instead of the greedy driver.
    #[option]
    pub walk: bool,
    /// Apply to the function's first op with regions (an
    /// `scf.execute_region`) rather than to the function.
    #[option]
    pub inner: bool,
    patterns: Option<PatternSet>,
}

impl Pass for BadRewritePass {
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        self.patterns = Some(
            PatternSet::builder(context)
                .add(BadRewrite {
                    mode: self.mode.clone(),
                })
                .freeze(),
        );
        Ok(())
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let patterns = self.patterns.as_ref().unwrap();
        let op = if self.inner {
            let inner = op
                .melior()
                .child_ops()
                .find(|child| child.region_count() > 0);
            OperationRef::from(inner.ok_or_else(|| PassError::new("no op with regions"))?)
        } else {
            op
        };
        if self.walk {
            walk_and_apply_patterns(op, patterns)
        } else {
            apply_patterns_greedily(op, patterns, &GreedyConfig::default())
        }
    }
}

/// Erases during a walk or a `child_ops` iteration as `mode` says, and
/// records each refusal in the function's `refused` attribute:
/// - `next`: in post-order, erase the op after each visited `arith.addi`
///   (refused: not yet visited);
/// - `parent`: in post-order, erase the parent of each `arith.addi` nested
///   in an `scf.execute_region` (refused: the walk is inside it);
/// - `pre-visited`: in pre-order, erase each `scf.execute_region` when
///   visited (allowed: its regions are then skipped);
/// - `child-next`: over `child_ops` of the function, erase the child after
///   the first (refused), then the one handed out (allowed);
/// - `driver`: in post-order, apply patterns to the function from the visit
///   of an op inside it (refused: the walk holds ops the driver could erase).
#[mlir_pass(argument = "test-walk-erase", op = "func.func", dialects = [arith, scf])]
#[derive(Clone, Default)]
pub struct WalkErase {
    /// What to erase (see the pass's doc).
    #[option]
    pub mode: String,
}

impl Pass for WalkErase {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let func = op.melior_mut();
        let mut refused = Vec::new();
        let mut record = |result: Result<(), String>| {
            if let Err(message) = result {
                refused.push(message);
            }
        };
        match self.mode.as_str() {
            "next" => drop(func.walk_ops(WalkOrder::PostOrder, |nested| {
                if nested.name_str() == "arith.addi" {
                    if let Some(next) = nested.next_in_block_mut() {
                        record(next.erase().map_err(|e| e.to_string()));
                    }
                }
                WalkResult::Advance
            })),
            "parent" => drop(func.walk_ops(WalkOrder::PostOrder, |mut nested| {
                if nested.name_str() == "arith.addi" {
                    if let Some(parent) = nested.parent_operation_mut() {
                        if parent.name_str() == "scf.execute_region" {
                            record(parent.erase().map_err(|e| e.to_string()));
                        }
                    }
                }
                WalkResult::Advance
            })),
            "pre-visited" => drop(func.walk_ops(WalkOrder::PreOrder, |nested| {
                if nested.name_str() == "scf.execute_region" {
                    record(nested.erase().map_err(|e| e.to_string()));
                }
                WalkResult::Advance
            })),
            "child-next" => {
                let mut first = true;
                for child in func.child_ops() {
                    if first {
                        first = false;
                        if let Some(next) = child.next_in_block_mut() {
                            record(next.erase().map_err(|e| e.to_string()));
                        }
                        record(child.erase().map_err(|e| e.to_string()));
                    }
                }
            }
            "driver" => {
                let patterns = PatternSet::builder(op.context()).freeze();
                func.walk_ops(WalkOrder::PostOrder, |nested| {
                    if nested.name_str() == "arith.addi" {
                        record(
                            apply_patterns_greedily(op, &patterns, &GreedyConfig::default())
                                .map_err(|e| e.to_string()),
                        );
                    }
                    WalkResult::Advance
                });
            }
            other => return Err(format!("unknown mode {other}").into()),
        }
        op.melior_mut()
            .set_str_attr("refused", &refused.join(" / "));
        Ok(())
    }
}

/// Tags every op named by its root with `rooted`, once.
pub struct RootedAt(String);

impl RewritePattern for RootedAt {
    fn root(&self) -> &str {
        &self.0
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        if op.attribute("rooted").is_ok() {
            return Err(NoMatch);
        }
        rewriter.modify_op_in_place(op.melior(), |mut op| op.set_bool_attr("rooted", true));
        Ok(())
    }
}

/// A [`PatternPass`] whose pattern's root is an option: shows that options
/// are set before `initialize` builds the patterns, and that a root naming
/// no op of a loaded dialect fails `initialize`.
#[mlir_pass(argument = "test-pattern-root", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct TestPatternRoot {
    /// The op the pattern is rooted at.
    #[option(default = "arith.addi")]
    root: String,
    /// Apply with the walk driver instead of the greedy one.
    #[option]
    walk: bool,
}

impl PatternPass for TestPatternRoot {
    fn patterns(&self, patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(RootedAt(self.root.clone()))
    }

    fn driver(&self) -> PatternDriver {
        if self.walk {
            PatternDriver::Walk
        } else {
            PatternDriver::Greedy
        }
    }
}

/// `arith.addi` becomes `math.absi` of it: a typed `create` of an op whose
/// dialect the pass does not declare (`dialects = [arith]` only), so it is
/// refused unless something else loaded `math`.
#[mlir_pass(argument = "test-create-unloaded", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct TestCreateUnloaded;

struct AbsOfAdd;

impl mlir_pass::dialect::OpRewritePattern for AbsOfAdd {
    type Op<'a> = mlir_pass::ops::arith::AddIOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: mlir_pass::ops::arith::AddIOp<'a>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        use mlir_pass::dialect::Op;
        rewriter.set_insertion_point_after(op);
        mlir_pass::ops::math::AbsIOp::create(rewriter, op.location(), op.result())?;
        Ok(())
    }
}

impl PatternPass for TestCreateUnloaded {
    fn patterns(&self, patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(AbsOfAdd)
    }
}
