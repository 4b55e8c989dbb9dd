//! Floors: a port's per-op body in unsafe Rust on MLIR's own C walk, with
//! no safe API and no checks, to measure what a pass through MLIR's C API
//! costs at the least (BENCHMARKS.md, section 1d, the floor row and why
//! `rs-strip-debuginfo` stays at 1.7x).

use std::ffi::c_void;

use mlir_pass::{mlir_pass, sys, OperationRef, Pass, PassError};

/// `rs-strip-debuginfo`'s body (every op's location and every block
/// argument's becomes `loc(unknown)`) as raw `mlir_sys` calls in a
/// `mlirOperationWalk` callback: the floor for that port.
#[mlir_pass(argument = "bench-raw-strip-debuginfo")]
#[derive(Clone, Default)]
pub struct RawStripDebugInfo;

impl Pass for RawStripDebugInfo {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        unsafe extern "C" fn visit(
            op: sys::MlirOperation,
            data: *mut c_void,
        ) -> sys::MlirWalkResult {
            // SAFETY: `data` is the location below; the walk hands valid
            // ops, and their regions, blocks and arguments are valid.
            unsafe {
                let unknown = *data.cast::<sys::MlirLocation>();
                sys::mlirOperationSetLocation(op, unknown);
                for index in 0..sys::mlirOperationGetNumRegions(op) {
                    let region = sys::mlirOperationGetRegion(op, index);
                    let mut block = sys::mlirRegionGetFirstBlock(region);
                    while !block.ptr.is_null() {
                        for arg in 0..sys::mlirBlockGetNumArguments(block) {
                            sys::mlirBlockArgumentSetLocation(
                                sys::mlirBlockGetArgument(block, arg),
                                unknown,
                            );
                        }
                        block = sys::mlirBlockGetNextInRegion(block);
                    }
                }
            }
            sys::MlirWalkResult_MlirWalkResultAdvance
        }
        let raw = op.raw();
        // SAFETY: the pass's op, valid during `run`; the callback reads the
        // location only.
        unsafe {
            let mut unknown = sys::mlirLocationUnknownGet(sys::mlirOperationGetContext(raw));
            sys::mlirOperationWalk(
                raw,
                Some(visit),
                (&mut unknown as *mut sys::MlirLocation).cast(),
                sys::MlirWalkOrder_MlirWalkPostOrder,
            );
        }
        Ok(())
    }
}
