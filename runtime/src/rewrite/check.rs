//! The debug-build check of each pattern call (`debug_assertions`): a
//! pattern must make its changes through the rewriter, and change nothing
//! when it does not match.
//!
//! Before the call, the matched op is fingerprinted (its name, attributes,
//! properties, operands, result types, location and successors) and the
//! rewriter is given a listener that records what the pattern notifies;
//! after the call, the two are compared. This catches a
//! pattern that changes its op through `melior_mut()` (the greedy driver
//! would not revisit it), that returns `Ok(())` having changed nothing (the
//! driver would call it forever), or that returns `Err(NoMatch)` after
//! changing or erasing its op. Changes to other ops made without the
//! rewriter are not seen. Release builds compile none of it.

use std::ffi::c_void;

use mlir_sys as sys;

use crate::ffi::bridge::{self, MlirPassBridgeRewriteLog};

/// One pattern call being checked; stops observing the rewriter when
/// dropped (also after a panic).
pub(super) struct PatternCheck {
    rewriter: sys::MlirRewriterBase,
    op: sys::MlirOperation,
    fingerprint: u64,
    observer: *mut c_void,
    /// Written by the observer (C++) during the call: boxed, so that its
    /// address does not move with this value.
    log: Box<MlirPassBridgeRewriteLog>,
}

impl PatternCheck {
    /// Starts checking a call of a pattern on `op` with `rewriter`.
    ///
    /// # Safety
    /// Both are valid for the call; the check is finished or dropped before
    /// the callback returns to MLIR.
    pub(super) unsafe fn start(rewriter: sys::MlirRewriterBase, op: sys::MlirOperation) -> Self {
        let mut log = Box::new(MlirPassBridgeRewriteLog {
            changes: 0,
            opModified: false,
            opErased: false,
        });
        // SAFETY: the caller's contract; the log outlives the observer.
        let (fingerprint, observer) = unsafe {
            (
                bridge::mlirPassBridgeOperationFingerprint(op),
                bridge::mlirPassBridgeObserveRewriter(rewriter, op, &mut *log),
            )
        };
        Self {
            rewriter,
            op,
            fingerprint,
            observer,
            log,
        }
    }

    /// Stops observing; why the pattern broke the rules, given whether it
    /// returned `Ok(())` (`matched`), or `None` when it kept them.
    pub(super) fn finish(self, matched: bool) -> Option<&'static str> {
        if self.observer.is_null() {
            return None; // Not observed (out of memory): nothing to say.
        }
        let log = *self.log;
        // SAFETY: the op was not erased (the observer would have seen it:
        // safe code frees IR only through the rewriter during a driver).
        let changed = !log.opErased
            && unsafe { bridge::mlirPassBridgeOperationFingerprint(self.op) } != self.fingerprint;
        match (matched, log.changes, changed) {
            (false, _, _) if log.opErased => Some(
                "returned NoMatch after erasing its op; a pattern that does not match must \
                 leave the IR as it was",
            ),
            (false, _, true) => Some(
                "returned NoMatch after changing its op; a pattern that does not match must \
                 leave the IR as it was",
            ),
            (true, 0, false) => Some(
                "returned Ok(()) without changing anything through the rewriter (the driver \
                 would apply it again and again); return Err(NoMatch) when nothing changes",
            ),
            (true, _, true) if !log.opModified => Some(
                "changed its op without the rewriter (through melior_mut?), so the driver \
                 does not know; change it with rewriter.modify_op_in_place",
            ),
            _ => None,
        }
    }
}

impl Drop for PatternCheck {
    fn drop(&mut self) {
        // SAFETY: the observer was made on this rewriter, still valid.
        unsafe { bridge::mlirPassBridgeStopObserving(self.rewriter, self.observer) }
    }
}
