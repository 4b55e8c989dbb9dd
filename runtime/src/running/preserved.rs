//! What the running pass preserved: C++'s `markAllAnalysesPreserved` and
//! `markAnalysesPreserved<A...>`.
//!
//! After a pass, MLIR drops every analysis of its op (and of the ops nested
//! in it) that the pass did not preserve. A pass that changed nothing says
//! so with [`RunningPass::mark_unchanged`], and later passes reuse what
//! the manager holds.

use super::{analyses::ManagedAnalysis, analyses::Sealed, RunningPass};
use crate::ffi::bridge;

/// One analysis or a tuple of them, for
/// [`RunningPass::mark_analyses_preserved`] (C++'s variadic
/// `markAnalysesPreserved<A, B>()`).
pub trait AnalysisSet {
    /// Marks each preserved by `pass`.
    #[doc(hidden)]
    fn mark(pass: &RunningPass<'_>, _: Sealed);
}

fn mark_one<A: ManagedAnalysis + ?Sized>(pass: &RunningPass<'_>) {
    // SAFETY: the MLIR pass of a live handle, whose `run` is running (a
    // handle borrows the op `run` was given).
    unsafe { bridge::mlirPassBridgeMarkPreserved(pass.raw(), A::analysis_type_id(Sealed(()))) }
}

impl<A: ManagedAnalysis + ?Sized> AnalysisSet for A {
    fn mark(pass: &RunningPass<'_>, _: Sealed) {
        mark_one::<A>(pass);
    }
}

macro_rules! tuple_sets {
    ($(($($a:ident),+))*) => {$(
        impl<$($a: ManagedAnalysis),+> AnalysisSet for ($($a,)+) {
            fn mark(pass: &RunningPass<'_>, _: Sealed) {
                $(mark_one::<$a>(pass);)+
            }
        }
    )*};
}

tuple_sets! {
    (A, B)
    (A, B, C)
    (A, B, C, D)
}

impl RunningPass<'_> {
    /// Keeps every analysis of the pass's op and the ops nested in it
    /// (C++'s `markAllAnalysesPreserved()`): the pass did not change what
    /// they describe.
    pub fn mark_all_analyses_preserved(&self) {
        // SAFETY: as in `mark_one`.
        unsafe { bridge::mlirPassBridgeMarkAllPreserved(self.raw()) }
    }

    /// Keeps the analyses `A` (one type, or a tuple of up to four) of the
    /// pass's op (C++'s `markAnalysesPreserved<A...>()`); the others are
    /// dropped after the pass (a Rust [`Analysis`](super::Analysis) may
    /// decide otherwise in its `is_invalidated`).
    ///
    /// ```no_run
    /// # use mlir_pass::{analysis::{DominanceInfo, PostDominanceInfo}, running::RunningPass};
    /// # fn run(pass: RunningPass<'_>) {
    /// pass.mark_analyses_preserved::<(DominanceInfo, PostDominanceInfo)>();
    /// # }
    /// ```
    pub fn mark_analyses_preserved<A: AnalysisSet>(&self) {
        A::mark(self, Sealed(()));
    }

    /// The pass changed nothing: every analysis stays (the same as
    /// [`mark_all_analyses_preserved`](Self::mark_all_analyses_preserved),
    /// said as what happened).
    pub fn mark_unchanged(&self) {
        self.mark_all_analyses_preserved();
    }
}
