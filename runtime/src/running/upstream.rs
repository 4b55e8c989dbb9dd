//! The upstream analyses a Rust pass gets from its analysis manager
//! (feature `melior`): [`DominanceInfo`], [`PostDominanceInfo`],
//! [`Liveness`] and [`CallGraph`], through MLIR's own
//! `AnalysisManager::getAnalysis<...>()`, so that upstream passes share
//! them.

use std::{ffi::c_void, ptr::NonNull};

use mlir_sys as sys;

use super::{
    analyses::{ManagedAnalysis, Query, Sealed},
    RunningPass,
};
use crate::{
    analysis::{CallGraph, DominanceInfo, Liveness, PostDominanceInfo},
    ffi::bridge::{self, MlirPassBridgeUpstreamAnalysis as Kind},
    PassError,
};

/// The manager's `DominanceInfo` (`post`: `PostDominanceInfo`) of `root`,
/// when `root` is the op of the pass running on this thread (for
/// [`DominanceInfo::new`]).
pub(crate) fn manager_dominance(root: sys::MlirOperation, post: bool) -> Option<NonNull<c_void>> {
    let (_, pass, anchor) = crate::external::current_run()?;
    if anchor.ptr != root.ptr {
        return None;
    }
    let kind = if post {
        Kind::MlirPassBridgeUpstreamPostDominance
    } else {
        Kind::MlirPassBridgeUpstreamDominance
    };
    let mut out: *mut c_void = std::ptr::null_mut();
    // SAFETY: the pass running on this thread and its op.
    let status = unsafe {
        bridge::mlirPassBridgeUpstreamAnalysisLookup(
            pass,
            anchor,
            root,
            kind,
            Query::Get.raw(),
            &mut out,
        )
    };
    (status == bridge::MlirPassBridgeAnalysisStatus::MlirPassBridgeAnalysisFound)
        .then(|| NonNull::new(out))
        .flatten()
}

/// Makes `query` for the upstream analysis `kind` of `op`.
///
/// # Safety
/// `pass` is the pass running on this thread.
unsafe fn lookup(
    pass: &RunningPass<'_>,
    op: sys::MlirOperation,
    query: Query,
    kind: Kind,
    name: &str,
) -> Result<Option<NonNull<c_void>>, PassError> {
    let mut out: *mut c_void = std::ptr::null_mut();
    // SAFETY: the caller's contract.
    let status = unsafe {
        bridge::mlirPassBridgeUpstreamAnalysisLookup(
            pass.raw(),
            pass.op().raw(),
            op,
            kind,
            query.raw(),
            &mut out,
        )
    };
    let found = pass.lookup_result(status, op, query, name, None)?;
    Ok(if found { NonNull::new(out) } else { None })
}

macro_rules! upstream {
    ($($ty:ident => $kind:ident, $name:literal, |$raw:ident, $op:ident| $make:expr;)*) => {$(
        impl ManagedAnalysis for $ty<'static> {
            type Ref<'p> = $ty<'p>;

            fn analysis_type_id(_: Sealed) -> sys::MlirTypeID {
                // SAFETY: no arguments beyond the enum.
                unsafe { bridge::mlirPassBridgeUpstreamAnalysisTypeID(Kind::$kind) }
            }

            unsafe fn lookup<'p>(
                pass: &RunningPass<'_>,
                $op: sys::MlirOperation,
                query: Query,
                _: Sealed,
            ) -> Result<Option<$ty<'p>>, PassError> {
                // SAFETY: the caller's contract; the manager's analysis
                // lives until `run` returns, which 'p does not outlive.
                Ok(unsafe { lookup(pass, $op, query, Kind::$kind, $name) }?
                    .map(|$raw| unsafe { $make }))
            }
        }
    )*};
}

upstream! {
    DominanceInfo => MlirPassBridgeUpstreamDominance, "DominanceInfo",
        |raw, op| DominanceInfo::from_manager(raw, op);
    PostDominanceInfo => MlirPassBridgeUpstreamPostDominance, "PostDominanceInfo",
        |raw, op| PostDominanceInfo::from_manager(raw, op);
    Liveness => MlirPassBridgeUpstreamLiveness, "Liveness", |raw, op| Liveness::from_manager(raw);
    CallGraph => MlirPassBridgeUpstreamCallGraph, "CallGraph", |raw, op| CallGraph::from_manager(raw);
}
