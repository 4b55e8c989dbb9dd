//! The planted failure of `reduce_main`'s tests (tests/integration/tools.rs):
//! a Rust pass that fails on one op, as a buggy pass fails on the one op it
//! mishandles.

use mlir_pass::{
    ir::{OperationExt, WalkOrder},
    melior::ir::operation::{OperationLike, WalkResult},
    mlir_pass, OperationRef, Pass, PassError,
};

/// Fails at the first op that carries a `marker` attribute.
#[mlir_pass(argument = "test-reject-marker")]
#[derive(Clone, Default)]
pub struct RejectMarker;

impl Pass for RejectMarker {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let walk = op.melior().walk_ops(WalkOrder::PreOrder, |nested| {
            if nested.has_attribute("marker") {
                OperationRef::from(nested).emit_error("test-reject-marker: this op has the marker");
                return WalkResult::Interrupt;
            }
            WalkResult::Advance
        });
        match walk {
            WalkResult::Interrupt => Err(PassError::reported()),
            _ => Ok(()),
        }
    }
}
