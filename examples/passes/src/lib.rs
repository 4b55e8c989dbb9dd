//! Example passes written with `#[mlir_pass]`, used by the `mlir-pass-opt`
//! driver and the tests.
//!
//! A program that wants these passes registered depends on this crate and
//! calls [`mlir_pass::register_all`]; naming the crate once (for example
//! `use mlir_pass_example_passes as _;`) makes sure the linker keeps it.

use std::ffi::c_void;

use mlir_pass::{mlir_pass, sys, OperationRef, Pass, PassError};

/// Annotates every function with the number of operations in its body.
///
/// Sets the discardable attribute `pass.op_count : i64` on each `func.func`:
/// the number of operations nested at any depth inside the function,
/// terminators included, the function itself excluded.
#[mlir_pass(name = "AnnotateOpCount", argument = "annotate-op-count", op = "func.func", dialects = [func])]
#[derive(Clone, Debug, Default)]
pub struct AnnotateOpCount;

/// The name of the attribute [`AnnotateOpCount`] sets.
pub const OP_COUNT_ATTR: &str = "pass.op_count";

impl Pass for AnnotateOpCount {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        // The walk visits the function itself too.
        let count = count_ops(op) - 1;
        set_i64_attr(op, OP_COUNT_ATTR, count as i64);
        Ok(())
    }
}

/// Fails on any function that has no operations besides its terminator, with
/// an error at the function's location. A small pass to show failure.
#[mlir_pass(argument = "reject-empty-functions", op = "func.func", dialects = [func])]
#[derive(Clone, Debug, Default)]
pub struct RejectEmptyFunctions;

impl Pass for RejectEmptyFunctions {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        // The function and its terminator.
        if count_ops(op) <= 2 {
            return Err(PassError::new("function body is empty"));
        }
        Ok(())
    }
}

/// Counts `op` and every operation nested in it, at any depth.
pub fn count_ops(op: OperationRef<'_>) -> u64 {
    unsafe extern "C" fn visit(_: sys::MlirOperation, count: *mut c_void) -> sys::MlirWalkResult {
        // SAFETY: `count` is the `u64` below, borrowed for the walk.
        unsafe { *count.cast::<u64>() += 1 };
        sys::MlirWalkResult_MlirWalkResultAdvance
    }
    let mut count = 0u64;
    // SAFETY: `op` is valid for the walk; the callback only touches `count`.
    unsafe {
        sys::mlirOperationWalk(
            op.raw(),
            Some(visit),
            (&mut count as *mut u64).cast(),
            sys::MlirWalkOrder_MlirWalkPreOrder,
        )
    };
    count
}

/// Sets a discardable `i64` attribute on `op`.
pub fn set_i64_attr(op: OperationRef<'_>, name: &str, value: i64) {
    // SAFETY: `op` is valid and the pass owns it during `run`; the context
    // uniques types and attributes thread-safely.
    unsafe {
        let context = sys::mlirOperationGetContext(op.raw());
        let attr = sys::mlirIntegerAttrGet(sys::mlirIntegerTypeGet(context, 64), value);
        let name = sys::MlirStringRef {
            data: name.as_ptr().cast(),
            length: name.len(),
        };
        sys::mlirOperationSetDiscardableAttributeByName(op.raw(), name, attr);
    }
}
