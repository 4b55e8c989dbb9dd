//! Example passes written with `#[mlir_pass]`, used by the `mlir-pass-opt`
//! driver and the tests.
//!
//! A program that wants these passes registered depends on this crate and
//! calls [`mlir_pass::register_all`]; naming the crate once (for example
//! `use mlir_pass_example_passes as _;`) makes sure the linker keeps it.

#![warn(missing_docs)]

use std::ffi::c_void;

use mlir_pass::{mlir_pass, sys, OperationRef, Pass, PassError};

/// Annotates every function with the number of operations in its body.
///
/// Sets a discardable `i64` attribute (by default `pass.op_count`) on each
/// `func.func`: the number of operations nested at any depth inside the
/// function, terminators included, the function itself excluded, and
/// operations named in `skip` left out.
#[mlir_pass(name = "AnnotateOpCount", argument = "annotate-op-count", op = "func.func", dialects = [func])]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AnnotateOpCount {
    /// Name of the attribute to set.
    #[option(default = "pass.op_count")]
    pub attr_name: String,
    /// Operations not to count, by name.
    #[option]
    pub skip: Vec<String>,
}

/// The name of the attribute [`AnnotateOpCount`] sets by default.
pub const OP_COUNT_ATTR: &str = "pass.op_count";

impl Pass for AnnotateOpCount {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        if self.attr_name.is_empty() {
            return Err(PassError::new("option attr-name must not be empty"));
        }
        let mut count = 0i64;
        walk(op, |nested| {
            // SAFETY: the walk hands valid operations.
            let nested = unsafe { OperationRef::from_raw(nested) };
            if nested.raw().ptr != op.raw().ptr && !self.skip.iter().any(|s| *s == nested.name()) {
                count += 1;
            }
        });
        set_i64_attr(op, &self.attr_name, count);
        Ok(())
    }
}

/// Rejects functions whose body is empty.
///
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
    let mut count = 0u64;
    walk(op, |_| count += 1);
    count
}

/// Calls `visit` on `op` and every operation nested in it, in pre-order.
pub fn walk<F: FnMut(sys::MlirOperation)>(op: OperationRef<'_>, mut visit: F) {
    unsafe extern "C" fn trampoline<F: FnMut(sys::MlirOperation)>(
        op: sys::MlirOperation,
        visit: *mut c_void,
    ) -> sys::MlirWalkResult {
        // SAFETY: `visit` is the closure below, borrowed for the walk.
        unsafe { (*visit.cast::<F>())(op) };
        sys::MlirWalkResult_MlirWalkResultAdvance
    }
    // SAFETY: `op` is valid for the walk; the callback only calls `visit`.
    unsafe {
        sys::mlirOperationWalk(
            op.raw(),
            Some(trampoline::<F>),
            (&mut visit as *mut F).cast(),
            sys::MlirWalkOrder_MlirWalkPreOrder,
        )
    };
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
