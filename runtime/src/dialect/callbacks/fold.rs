//! The folder of a Rust op, with the checks C++ makes only in a debug
//! build (a folder's results).

use std::ffi::c_void;

use melior::ir::{attribute::AttributeLike, Attribute, ValueLike};
use mlir_sys as sys;
use smallvec::SmallVec;

use super::{definition, op_error, type_text};
use crate::{
    dialect::op::FoldResult,
    ffi::{bridge, trap_hook},
    OperationRef,
};

pub(in crate::dialect) unsafe extern "C" fn fold(
    definition: *const c_void,
    op: sys::MlirOperation,
    operands: *const sys::MlirAttribute,
    num_operands: isize,
    results: *mut bridge::MlirPassBridgeFoldResults,
) -> bool {
    // SAFETY: MLIR hands back the definition and a valid op.
    let def = unsafe { self::definition(definition) };
    let Some(hook) = def.hooks.fold else {
        return false;
    };
    let folded = trap_hook(|| {
        // SAFETY: `operands` holds `num_operands` attributes (null where
        // unknown), alive for the call.
        let raw = unsafe { std::slice::from_raw_parts(operands, num_operands.max(0) as usize) };
        // Inline (SmallVec): a fold runs for every op the greedy driver
        // visits, most with a few operands and one result.
        let constants: SmallVec<[Option<Attribute<'_>>; 4]> = raw
            .iter()
            .map(|a| (!a.ptr.is_null()).then(|| unsafe { Attribute::from_raw(*a) }))
            .collect();
        // SAFETY: a valid op, borrowed for the call.
        let results_of = hook(unsafe { OperationRef::from_raw(op) }, &constants);
        results_of
            .iter()
            .map(|r| match r {
                FoldResult::Attribute(a) => (true, a.to_raw().ptr),
                FoldResult::Value(v) => (false, v.to_raw().ptr),
            })
            .collect::<SmallVec<[_; 2]>>()
    });
    match folded {
        Ok(list) if list.is_empty() => false,
        Ok(list) => {
            // C++ asserts these in a debug build (`OperationFolder`): one
            // result per op result, a value of the result's type.
            if let Err(message) = check_fold_results(op, &list) {
                op_error(op, &format!("folder (`{}`) {message}", def.type_name));
                // SAFETY: no arguments.
                unsafe { bridge::mlirPassBridgeFailRunningPass() };
                return false;
            }
            for (is_attr, ptr) in list {
                // SAFETY: `results` is the fold's result list; the values
                // come from the op's context.
                unsafe {
                    if is_attr {
                        bridge::mlirPassBridgeFoldResultsPushAttribute(
                            results,
                            sys::MlirAttribute { ptr },
                        );
                    } else {
                        bridge::mlirPassBridgeFoldResultsPushValue(results, sys::MlirValue { ptr });
                    }
                }
            }
            true
        }
        Err(panic) => {
            op_error(
                op,
                &format!("folder (`{}`) panicked: {panic}", def.type_name),
            );
            false
        }
    }
}

/// What is wrong with a folder's results, if anything: their count, or a
/// value whose type is not its result's.
fn check_fold_results(
    op: sys::MlirOperation,
    list: &[(bool, *const c_void)],
) -> Result<(), String> {
    // SAFETY: a valid op; results asked of it in range.
    let count = unsafe { sys::mlirOperationGetNumResults(op) }.max(0) as usize;
    if list.len() != count {
        return Err(format!(
            "returned {} results, but the op has {count}: return one per result, or none \
             when it does not fold",
            list.len()
        ));
    }
    for (index, (is_attr, ptr)) in list.iter().enumerate() {
        if *is_attr {
            continue;
        }
        // SAFETY: a value the folder returned, of the op's context, and a
        // result of the op in range.
        let (got, expected) = unsafe {
            (
                sys::mlirValueGetType(sys::MlirValue { ptr: *ptr }),
                sys::mlirValueGetType(sys::mlirOperationGetResult(op, index as isize)),
            )
        };
        // SAFETY: valid types.
        if !unsafe { sys::mlirTypeEqual(got, expected) } {
            return Err(format!(
                "replaced result #{index} of type '{}' by a value of type '{}': a folded \
                 value must have its result's type",
                type_text(expected),
                type_text(got)
            ));
        }
    }
    Ok(())
}
