//! A plugin whose passes conflict with `mlir-opt`'s own (`canonicalize`) and
//! with each other: loading it must report both and leave `mlir-opt` working,
//! with its one conflict-free pass registered.

use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

/// Claims upstream's `canonicalize`.
#[mlir_pass(argument = "canonicalize")]
#[derive(Clone, Default)]
pub struct FakeCanonicalize;

impl Pass for FakeCanonicalize {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Err("the fake canonicalize must never run".into())
    }
}

/// A pass without conflict, registered despite the other.
#[mlir_pass(argument = "conflict-plugin-ok", op = "func.func")]
#[derive(Clone, Default)]
pub struct Fine;

impl Pass for Fine {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        mark_ran(op);
        Ok(())
    }
}

/// Marks the function so the test sees the pass ran.
fn mark_ran(op: OperationRef<'_>) {
    use mlir_pass::sys;
    let name = "conflict_plugin.ran";
    // SAFETY: `op` is valid during `run`.
    unsafe {
        let context = sys::mlirOperationGetContext(op.raw());
        sys::mlirOperationSetDiscardableAttributeByName(
            op.raw(),
            sys::MlirStringRef {
                data: name.as_ptr().cast(),
                length: name.len(),
            },
            sys::mlirUnitAttrGet(context),
        );
    }
}

mlir_pass::plugin!(name = "conflict-plugin", version = "0.0.0");
