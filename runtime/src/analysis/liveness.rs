//! MLIR's `Liveness` and `CallGraph`, as the running pass's analysis
//! manager holds them (`RunningPass::get_analysis::<Liveness>()`).

use std::{ffi::c_void, marker::PhantomData, ptr::NonNull};

use melior::ir::{block::BlockLike, operation::OperationLike, Value, ValueLike};
use mlir_sys as sys;

use crate::ffi::bridge::{self, MlirPassBridgeQueryStatus};
use crate::OperationRef;

/// MLIR's `Liveness` of an op (C++'s `getAnalysis<Liveness>()`): which
/// values are live into and out of each block nested in it, and whether a
/// value is dead after an op. Only the running pass's analysis manager
/// makes one:
/// [`RunningPass::get_analysis`](crate::running::RunningPass::get_analysis)`::<Liveness>()`.
pub struct Liveness<'p> {
    raw: NonNull<c_void>,
    _manager: PhantomData<&'p ()>,
}

impl<'p> Liveness<'p> {
    /// A handle on the manager's analysis.
    ///
    /// # Safety
    /// `raw` is a `Liveness *` that lives for `'p`.
    pub(crate) unsafe fn from_manager(raw: NonNull<c_void>) -> Self {
        Self {
            raw,
            _manager: PhantomData,
        }
    }

    /// `Liveness::isDeadAfter(value, op)`: `value` has no use after `op`
    /// in `op`'s block and is not live out of it.
    pub fn is_dead_after<'c: 'y, 'y>(
        &self,
        value: impl ValueLike<'c>,
        op: &impl OperationLike<'c, 'y>,
    ) -> bool {
        // SAFETY: a live analysis; MLIR answers for any value and op.
        unsafe {
            bridge::mlirPassBridgeLivenessDeadAfter(self.raw.as_ptr(), value.to_raw(), op.to_raw())
        }
    }

    /// The values live into `block` (`Liveness::getLiveIn`), in no
    /// particular order; `None` when the analysis has nothing on `block`
    /// (it is not nested in the analysed op).
    pub fn live_in<'c: 'x, 'x>(
        &self,
        block: &impl BlockLike<'c, 'x>,
    ) -> Option<Vec<Value<'c, 'x>>> {
        self.values(block.to_raw(), false)
    }

    /// The values live out of `block` (`Liveness::getLiveOut`), as
    /// [`live_in`](Self::live_in).
    pub fn live_out<'c: 'x, 'x>(
        &self,
        block: &impl BlockLike<'c, 'x>,
    ) -> Option<Vec<Value<'c, 'x>>> {
        self.values(block.to_raw(), true)
    }

    fn values<'c, 'x>(&self, block: sys::MlirBlock, out: bool) -> Option<Vec<Value<'c, 'x>>> {
        unsafe extern "C" fn push(value: sys::MlirValue, data: *mut c_void) {
            // SAFETY: `data` is the vector below.
            unsafe { &mut *data.cast::<Vec<sys::MlirValue>>() }.push(value);
        }
        let mut raw: Vec<sys::MlirValue> = Vec::new();
        // SAFETY: a live analysis; the callback only pushes.
        let status = unsafe {
            bridge::mlirPassBridgeLivenessValues(
                self.raw.as_ptr(),
                block,
                out,
                Some(push),
                (&mut raw as *mut Vec<_>).cast(),
            )
        };
        match status {
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk => {
                // SAFETY: values of the block's region, alive as the IR is.
                Some(
                    raw.into_iter()
                        .map(|v| unsafe { Value::from_raw(v) })
                        .collect(),
                )
            }
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryUnknown => None,
            _ => panic!("out of memory reading liveness"),
        }
    }
}

impl std::fmt::Debug for Liveness<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Liveness").finish_non_exhaustive()
    }
}

/// MLIR's `CallGraph` of an op (usually a module; C++'s
/// `getAnalysis<CallGraph>()`): a node per callable region, and the calls
/// between them. Only the running pass's analysis manager makes one.
pub struct CallGraph<'p> {
    raw: NonNull<c_void>,
    _manager: PhantomData<&'p ()>,
}

/// What a call edge of the [`CallGraph`] leads to.
#[derive(Clone, Copy, Debug)]
pub enum Callee<'p> {
    /// A callable op of the graph.
    Op(OperationRef<'p>),
    /// The graph's unknown callee: an indirect call, or one to an external
    /// symbol.
    Unknown,
}

impl<'p> CallGraph<'p> {
    /// A handle on the manager's analysis.
    ///
    /// # Safety
    /// `raw` is a `CallGraph *` that lives for `'p`.
    pub(crate) unsafe fn from_manager(raw: NonNull<c_void>) -> Self {
        Self {
            raw,
            _manager: PhantomData,
        }
    }

    /// The ops whose callable regions are nodes of the graph, in the
    /// graph's order (without its external and unknown nodes).
    pub fn callables(&self) -> Vec<OperationRef<'p>> {
        let mut raw: Vec<sys::MlirOperation> = Vec::new();
        // SAFETY: a live graph; the callback only pushes.
        let status = unsafe {
            bridge::mlirPassBridgeCallGraphCallables(
                self.raw.as_ptr(),
                Some(push_op),
                (&mut raw as *mut Vec<_>).cast(),
            )
        };
        assert_eq!(
            status,
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk,
            "out of memory"
        );
        // SAFETY: ops of the analysed op, alive as the IR is.
        raw.into_iter()
            .map(|op| unsafe { OperationRef::from_raw(op) })
            .collect()
    }

    /// What `callable` calls (its node's call edges, in the graph's order);
    /// `None` when `callable` has no node (it is not a callable of the
    /// graph).
    pub fn callees<'c: 'y, 'y>(
        &self,
        callable: &impl OperationLike<'c, 'y>,
    ) -> Option<Vec<Callee<'p>>> {
        let mut raw: Vec<sys::MlirOperation> = Vec::new();
        // SAFETY: a live graph; the callback only pushes.
        let status = unsafe {
            bridge::mlirPassBridgeCallGraphCallees(
                self.raw.as_ptr(),
                callable.to_raw(),
                Some(push_op),
                (&mut raw as *mut Vec<_>).cast(),
            )
        };
        match status {
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk => Some(
                raw.into_iter()
                    .map(|op| {
                        if op.ptr.is_null() {
                            Callee::Unknown
                        } else {
                            // SAFETY: an op of the analysed op.
                            Callee::Op(unsafe { OperationRef::from_raw(op) })
                        }
                    })
                    .collect(),
            ),
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryUnknown => None,
            _ => panic!("out of memory reading the call graph"),
        }
    }

    /// `CallGraph::resolveCallable(call)`: the callable op `call` calls;
    /// `None` when `call` is not a call op, or its callee is unknown or
    /// external.
    pub fn resolve_callable<'c: 'y, 'y>(
        &self,
        call: &impl OperationLike<'c, 'y>,
    ) -> Option<OperationRef<'p>> {
        // SAFETY: a live graph and op.
        let op =
            unsafe { bridge::mlirPassBridgeCallGraphResolve(self.raw.as_ptr(), call.to_raw()) };
        // SAFETY: an op of the analysed op.
        (!op.ptr.is_null()).then(|| unsafe { OperationRef::from_raw(op) })
    }
}

unsafe extern "C" fn push_op(op: sys::MlirOperation, data: *mut c_void) {
    // SAFETY: `data` is the caller's vector.
    unsafe { &mut *data.cast::<Vec<sys::MlirOperation>>() }.push(op);
}

impl std::fmt::Debug for CallGraph<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CallGraph").finish_non_exhaustive()
    }
}
