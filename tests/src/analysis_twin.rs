//! Rust passes that use MLIR's analysis manager, and (in
//! `cpp/analysis_twin.cpp`) their C++ twins, for
//! `tests/integration/ir/analyses.rs`:
//!
//! - [`OpCount`], a Rust analysis, twin of the C++ `OpCount`;
//! - `test-rs-keep-analyses` / `test-cpp-keep-analyses`: get dominance and
//!   `OpCount`, preserve both;
//! - `test-rs-drop-analyses` / `test-cpp-drop-analyses`: get them, preserve
//!   nothing;
//! - `test-rs-analysis-queries`: the child, cached and parent queries,
//!   liveness and the call graph, written into an attribute;
//! - `test-rs-analysis-misuse{case=...}`: each misuse, which must fail the
//!   pass with a message naming it.

use std::{
    ffi::c_void,
    sync::atomic::{AtomicUsize, Ordering::SeqCst},
};

use mlir_pass::{
    analysis::{CallGraph, Callee, DominanceInfo, Liveness, PostDominanceInfo},
    melior::ir::{
        attribute::StringAttribute,
        block::BlockLike,
        operation::{OperationLike, OperationMutLike, WalkOrder, WalkResult},
        RegionLike,
    },
    mlir_pass,
    running::{Analysis, PreservedAnalyses, RunningPass},
    sys, OperationRef, Pass, PassError,
};

/// How many [`OpCount`]s were built, over the process.
pub static OP_COUNTS_BUILT: AtomicUsize = AtomicUsize::new(0);
/// How many [`Sticky`]s were built.
pub static STICKIES_BUILT: AtomicUsize = AtomicUsize::new(0);
/// How many [`Sticky`]s were dropped.
pub static STICKIES_DROPPED: AtomicUsize = AtomicUsize::new(0);

/// The number of ops nested in an op, itself included (the C++ twin's
/// `op->walk` count).
#[derive(Debug)]
pub struct OpCount(pub usize);

impl Analysis for OpCount {
    fn new(op: OperationRef<'_>) -> Self {
        OP_COUNTS_BUILT.fetch_add(1, SeqCst);
        let mut count = 0;
        op.melior().walk(WalkOrder::PostOrder, |_| {
            count += 1;
            WalkResult::Advance
        });
        OpCount(count)
    }
}

/// An analysis that survives every pass (its `is_invalidated` says no).
#[derive(Debug)]
pub struct Sticky;

impl Analysis for Sticky {
    fn new(_: OperationRef<'_>) -> Self {
        STICKIES_BUILT.fetch_add(1, SeqCst);
        Sticky
    }

    fn is_invalidated(&self, _: &PreservedAnalyses<'_>) -> bool {
        false
    }

    fn name() -> &'static str {
        "StickyAnalysis"
    }
}

impl Drop for Sticky {
    fn drop(&mut self) {
        STICKIES_DROPPED.fetch_add(1, SeqCst);
    }
}

/// An analysis whose construction panics.
#[derive(Debug)]
pub struct Panicky;

impl Analysis for Panicky {
    fn new(_: OperationRef<'_>) -> Self {
        panic!("Panicky cannot be built")
    }
}

/// An analysis whose invalidation hook panics.
#[derive(Debug)]
pub struct PanickyHook;

impl Analysis for PanickyHook {
    fn new(_: OperationRef<'_>) -> Self {
        PanickyHook
    }

    fn is_invalidated(&self, _: &PreservedAnalyses<'_>) -> bool {
        panic!("PanickyHook cannot decide")
    }
}

/// Gets dominance and [`OpCount`], preserves both.
#[mlir_pass(name = "KeepAnalyses", argument = "test-rs-keep-analyses")]
#[derive(Clone, Debug, Default)]
pub struct KeepAnalyses;

impl Pass for KeepAnalyses {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let pass = RunningPass::of(op)?;
        let dominance = DominanceInfo::new(&op);
        drop(dominance);
        let count = pass.get_analysis::<OpCount>()?;
        assert!(count.0 > 0);
        pass.mark_analyses_preserved::<(DominanceInfo, OpCount)>();
        Ok(())
    }
}

/// Gets dominance and [`OpCount`], preserves nothing.
#[mlir_pass(name = "DropAnalyses", argument = "test-rs-drop-analyses")]
#[derive(Clone, Debug, Default)]
pub struct DropAnalyses;

impl Pass for DropAnalyses {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let pass = RunningPass::of(op)?;
        pass.get_analysis::<DominanceInfo>()?;
        pass.get_analysis::<OpCount>()?;
        Ok(())
    }
}

/// Builds a [`Sticky`] and preserves nothing.
#[mlir_pass(name = "UseSticky", argument = "test-rs-use-sticky")]
#[derive(Clone, Debug, Default)]
pub struct UseSticky;

impl Pass for UseSticky {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        RunningPass::of(op)?.get_analysis::<Sticky>()?;
        Ok(())
    }
}

/// Builds a [`PanickyHook`] and preserves nothing: its hook then panics.
#[mlir_pass(name = "UsePanickyHook", argument = "test-rs-use-panicky-hook")]
#[derive(Clone, Debug, Default)]
pub struct UsePanickyHook;

impl Pass for UsePanickyHook {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        RunningPass::of(op)?.get_analysis::<PanickyHook>()?;
        Ok(())
    }
}

/// Asks every kind of query of a module and writes the answers into its
/// `test.report` attribute, one `key=value` per line.
#[mlir_pass(
    name = "AnalysisQueries",
    argument = "test-rs-analysis-queries",
    op = "builtin.module"
)]
#[derive(Clone, Debug, Default)]
pub struct AnalysisQueries;

impl Pass for AnalysisQueries {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let pass = RunningPass::of(op)?;
        let mut report = Vec::new();
        let module = op.melior();
        let body = module
            .region(0)
            .map_err(|e| PassError::new(e.to_string()))?;
        let funcs: Vec<_> = body
            .first_block()
            .into_iter()
            .flat_map(|b| {
                let mut ops = Vec::new();
                let mut next = b.first_operation();
                while let Some(o) = next {
                    next = o.next_in_block();
                    ops.push(o);
                }
                ops
            })
            .filter(|o| o.name().as_string_ref().as_str() == Ok("func.func"))
            .collect();
        let first: OperationRef<'_> = funcs[0].into();

        // Nothing cached yet; a child analysis, then cached.
        report.push(format!(
            "cached-before={}",
            pass.get_cached_child_analysis::<OpCount>(first)?.is_some()
        ));
        let built = pass.get_child_analysis::<OpCount>(first)?;
        let cached = pass
            .get_cached_child_analysis::<OpCount>(first)?
            .expect("just built");
        report.push(format!(
            "child-count={} same={}",
            built.0,
            std::ptr::eq(built, cached)
        ));
        report.push(format!(
            "cached-dominance={}",
            pass.get_cached_child_analysis::<DominanceInfo>(first)?
                .is_some()
        ));
        report.push(format!(
            "own-cached={}",
            pass.get_cached_analysis::<OpCount>()?.is_some()
        ));
        let own = pass.get_analysis::<OpCount>()?;
        report.push(format!("own-count={}", own.0));

        // Dominance and post-dominance of a child, from the manager.
        let entry_ops: Vec<_> = {
            let region = funcs[0]
                .region(0)
                .map_err(|e| PassError::new(e.to_string()))?;
            let block = region.first_block().expect("a body");
            let mut ops = Vec::new();
            let mut next = block.first_operation();
            while let Some(o) = next {
                next = o.next_in_block();
                ops.push(o);
            }
            ops
        };
        let dominance = pass.get_child_analysis::<DominanceInfo>(first)?;
        let post = pass.get_child_analysis::<PostDominanceInfo>(first)?;
        let (a, z) = (&entry_ops[0], entry_ops.last().expect("a terminator"));
        report.push(format!(
            "dominates={} post-dominates={}",
            dominance.properly_dominates(a, z),
            post.properly_post_dominates(z, a)
        ));

        // Liveness of the first function's entry block.
        let liveness = pass.get_child_analysis::<Liveness>(first)?;
        let region = funcs[0]
            .region(0)
            .map_err(|e| PassError::new(e.to_string()))?;
        let entry = region.first_block().expect("a body");
        let live_out = liveness.live_out(&entry).map(|v| v.len());
        let arg = entry
            .argument(0)
            .map_err(|e| PassError::new(e.to_string()))?;
        report.push(format!(
            "live-out={live_out:?} arg-dead-after-last={}",
            liveness.is_dead_after(arg, z)
        ));

        // The call graph of the module.
        let graph = pass.get_analysis::<CallGraph>()?;
        let names: Vec<String> = graph.callables().iter().map(symbol).collect();
        report.push(format!("callables={}", names.join(",")));
        let callees: Vec<String> = graph
            .callees(&funcs[0])
            .unwrap_or_default()
            .into_iter()
            .map(|c| match c {
                Callee::Op(op) => symbol(&op),
                Callee::Unknown => "?".into(),
            })
            .collect();
        report.push(format!("callees-of-first={}", callees.join(",")));
        let mut resolved = Vec::new();
        funcs[0].walk(WalkOrder::PreOrder, |o| {
            if let Some(callee) = graph.resolve_callable(&o) {
                resolved.push(symbol(&callee));
            }
            WalkResult::Advance
        });
        report.push(format!("resolved={}", resolved.join(",")));
        report.push(format!(
            "not-callable={:?}",
            graph.callees(&entry_ops[0]).is_none()
        ));

        let text = report.join("\n");
        let attr = StringAttribute::new(op.melior_context(), &text);
        op.melior_mut().set_attribute("test.report", attr.into());
        // It changed an attribute only.
        pass.mark_analyses_preserved::<CallGraph>();
        Ok(())
    }
}

fn symbol(op: &OperationRef<'_>) -> String {
    op.melior()
        .attribute("sym_name")
        .map(|a| a.to_string().trim_matches('"').to_string())
        .unwrap_or_else(|_| op.name())
}

/// Reads the module's call graph from a function, if a pass on the module
/// left one cached: writes `test.parent = true|false` on the function.
#[mlir_pass(
    name = "ParentAnalysis",
    argument = "test-rs-parent-analysis",
    op = "func.func"
)]
#[derive(Clone, Debug, Default)]
pub struct ParentAnalysis;

impl Pass for ParentAnalysis {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let pass = RunningPass::of(op)?;
        let parent = op.melior().parent_operation().expect("a module");
        let graph = pass.get_cached_parent_analysis::<CallGraph>(parent.into())?;
        let found = graph.is_some_and(|g| !g.callables().is_empty());
        let attr = StringAttribute::new(op.melior_context(), &found.to_string());
        op.melior_mut().set_attribute("test.parent", attr.into());
        pass.mark_all_analyses_preserved();
        Ok(())
    }
}

/// Each misuse of the analysis manager, chosen by `case`.
#[mlir_pass(argument = "test-rs-analysis-misuse")]
#[derive(Clone, Debug, Default)]
pub struct AnalysisMisuse {
    /// `child-self`, `child-outside`, `cached-child-deep`,
    /// `cached-parent-child`, `panic`.
    #[option]
    pub case: String,
}

impl Pass for AnalysisMisuse {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let pass = RunningPass::of(op)?;
        let first_nested = |depth: usize| -> Option<OperationRef<'_>> {
            let mut found = None;
            op.melior().walk(WalkOrder::PreOrder, |o| {
                let mut d = 0;
                let mut p = o.parent_operation();
                while let Some(q) = p {
                    if q.to_raw().ptr == op.raw().ptr {
                        break;
                    }
                    d += 1;
                    p = q.parent_operation();
                }
                if o.to_raw().ptr != op.raw().ptr && d + 1 == depth && found.is_none() {
                    found = Some(o.to_raw());
                }
                WalkResult::Advance
            });
            // SAFETY: an op nested in the pass's op.
            found.map(|raw| unsafe { OperationRef::from_raw(raw) })
        };
        match self.case.as_str() {
            "child-self" => pass.get_child_analysis::<OpCount>(op).map(drop),
            "child-outside" => {
                let parent = op.melior().parent_operation().expect("a parent");
                pass.get_child_analysis::<DominanceInfo>(parent.into())
                    .map(drop)
            }
            "cached-child-deep" => {
                let deep = first_nested(2).expect("an op two levels down");
                pass.get_cached_child_analysis::<OpCount>(deep).map(drop)
            }
            "cached-parent-child" => {
                let child = first_nested(1).expect("an op in the pass's op");
                pass.get_cached_parent_analysis::<Liveness>(child).map(drop)
            }
            "panic" => {
                let first = pass.get_analysis::<Panicky>().map(drop);
                assert!(first.is_err());
                // Nothing was cached: asked again, it fails again.
                pass.get_analysis::<Panicky>().map(drop)
            }
            other => Err(PassError::new(format!("unknown case '{other}'"))),
        }
    }
}

unsafe extern "C" {
    fn mlirPassTestsTimedRun(
        module: sys::MlirOperation,
        pipeline: sys::MlirStringRef,
        callback: sys::MlirStringCallback,
        user_data: *mut c_void,
    ) -> bool;
}

/// Runs `pipeline` on `module` with MLIR's timing tree and an analysis
/// counter: the tree's text (times and percentages dropped, names and
/// indentation kept), the `name=count` lines, and whether it succeeded.
pub fn timed_run(module: OperationRef<'_>, pipeline: &str) -> (String, Vec<String>, bool) {
    unsafe extern "C" fn append(text: sys::MlirStringRef, user_data: *mut c_void) {
        // SAFETY: `user_data` is the `Vec` below; `text` is valid for the call.
        unsafe {
            let bytes = std::slice::from_raw_parts(text.data.cast::<u8>(), text.length);
            (*user_data.cast::<Vec<String>>()).push(String::from_utf8_lossy(bytes).into_owned());
        }
    }
    let mut parts: Vec<String> = Vec::new();
    let pipeline_ref = sys::MlirStringRef {
        data: pipeline.as_ptr().cast(),
        length: pipeline.len(),
    };
    // SAFETY: a live module and a callback that only appends.
    let ok = unsafe {
        mlirPassTestsTimedRun(
            module.raw(),
            pipeline_ref,
            Some(append),
            (&mut parts as *mut Vec<String>).cast(),
        )
    };
    let mut parts = parts.into_iter();
    let tree = parts.next().map(|t| tree_shape(&t)).unwrap_or_default();
    let counts = parts.map(|l| l.trim_end().to_string()).collect();
    (tree, counts, ok)
}

/// The timing tree without its times: each entry's indentation and name.
fn tree_shape(report: &str) -> String {
    report
        .lines()
        .filter_map(|line| {
            // Entries are `  <wall> ( <pct>%)  <indent><name>`: the name
            // starts after the last `%)`.
            let at = line.rfind("%)")?;
            let entry = line[at + 2..].strip_prefix("  ")?;
            Some(entry.trim_end().to_string())
        })
        .filter(|entry| !entry.trim_start().starts_with("Total"))
        .collect::<Vec<_>>()
        .join("\n")
}
