//! `InferIntRangeInterface`'s methods, as MLIR calls them on a Rust op:
//! the op's Rust method runs through the panic trap; the ranges it set are
//! handed to MLIR only when it returned.

use std::ffi::c_void;

use mlir_sys as sys;

use super::{IntRange, IntRangeInterface, ResultRanges};
use crate::{
    dialect::OpDefinition,
    ffi::{
        bridge::{self, MlirPassBridgeIntRange},
        string_ref, trap_hook,
    },
    OperationRef,
};

pub(in crate::dialect) unsafe extern "C" fn infer_int_ranges(
    definition: *const c_void,
    op: sys::MlirOperation,
    args: *const MlirPassBridgeIntRange,
    num_args: isize,
    set_range: bridge::MlirPassBridgeSetIntRange,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<OpDefinition>() };
    let (Some(hook), Some(set_range)) = (def.interfaces.int_ranges, set_range) else {
        return false;
    };
    // SAFETY: `num_args` ranges, alive for the call.
    let raw = unsafe { std::slice::from_raw_parts(args, num_args.max(0) as usize) };
    // SAFETY: a valid op, borrowed for the call.
    let result = trap_hook(|| {
        let op = unsafe { OperationRef::from_raw(op) };
        let mut ranges = ResultRanges::new(op);
        match hook {
            IntRangeInterface::Known(hook) => {
                let args: Vec<IntRange> = raw
                    .iter()
                    .map(|r| IntRange::from_raw(r).expect("the bridge hands known ranges"))
                    .collect();
                hook(op, &args, &mut ranges);
            }
            IntRangeInterface::Optional(hook) => {
                let args: Vec<Option<IntRange>> = raw.iter().map(IntRange::from_raw).collect();
                hook(op, &args, &mut ranges);
            }
        }
        ranges.ranges
    });
    match result {
        Ok(ranges) => {
            for (value, range) in &ranges {
                // SAFETY: a value the checks of `ResultRanges` accepted.
                unsafe { set_range(*value, range, user_data) };
            }
            true
        }
        Err(panic) => {
            let method = match hook {
                IntRangeInterface::Known(_) => "infer_result_ranges",
                IntRangeInterface::Optional(_) => "infer_result_ranges_from_optional",
            };
            let message = format!(
                "`{method}` (InferIntRangeInterface) of `{}` panicked: {panic}; its results are \
                 given the widest ranges",
                def.type_name
            );
            // SAFETY: a valid op; MLIR copies the message.
            unsafe { bridge::mlirPassBridgeEmitOpError(op, string_ref(&message)) };
            false
        }
    }
}
