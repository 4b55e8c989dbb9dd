//! Ops a dialect builds for MLIR: its constant materializer and its
//! inliner's call conversion, with the checks C++ makes only in a debug
//! build (a constant, of the asked type, in no block).

use std::ffi::c_void;

use melior::ir::{Attribute, Location, Type};
use mlir_sys as sys;

use super::type_text;
use crate::{
    dialect::DialectDefinition,
    ffi::{bridge, context_from_raw, trap_hook},
};

/// What is wrong with an op a constant materializer built, if anything:
/// not `ConstantLike` (the folder would not recognise it, and C++ asserts),
/// or not one result of the type asked for.
fn check_materialized(op: sys::MlirOperation, ty: sys::MlirType) -> Result<(), String> {
    // SAFETY: a valid, detached op; its name, results and traits are read.
    unsafe {
        let name = crate::ffi::op_name(op);
        if !bridge::mlirPassBridgeHasTrait(
            op,
            bridge::MlirPassBridgeTrait::MlirPassBridgeTraitConstantLike,
        ) {
            return Err(format!(
                "built '{name}', which is not a constant: a materializer builds an op with the \
                 ConstantLike trait (or none)"
            ));
        }
        let results = sys::mlirOperationGetNumResults(op);
        let result_type =
            (results == 1).then(|| sys::mlirValueGetType(sys::mlirOperationGetResult(op, 0)));
        match result_type {
            Some(t) if sys::mlirTypeEqual(t, ty) => Ok(()),
            Some(t) => Err(format!(
                "built '{name}' of type '{}' for a constant of type '{}': its result must have \
                 the type asked for",
                type_text(t),
                type_text(ty)
            )),
            None => Err(format!(
                "built '{name}' with {results} results; a constant has one"
            )),
        }
    }
}

/// Runs a dialect's op builder (`build`, given the context, the type and
/// the location) through the trap: its op, or null when it builds none or
/// panics (the panic is an error at `location`, naming the `what`).
///
/// # Safety
/// `context`, `ty` and `location` are valid and of one context.
unsafe fn build_op(
    def: &DialectDefinition,
    what: &str,
    context: sys::MlirContext,
    ty: sys::MlirType,
    location: sys::MlirLocation,
    build: impl for<'c> FnOnce(
        &'c melior::Context,
        Type<'c>,
        Location<'c>,
    ) -> Option<melior::ir::Operation<'c>>,
) -> sys::MlirOperation {
    let result = trap_hook(|| {
        let context = context_from_raw(&context);
        // SAFETY: valid values of the context, borrowed for the call.
        let (ty, location) = unsafe { (Type::from_raw(ty), Location::from_raw(location)) };
        build(context, ty, location).map(|op| op.into_raw())
    });
    match result {
        // MLIR inserts the op where it wants it: one already in a block
        // (melior's owned `Operation` can be moved into one) would be in
        // two lists. It cannot be freed either (its block owns it); it is
        // left where it is, and refused.
        // SAFETY: an op the hook built, valid.
        Ok(Some(op)) if !unsafe { sys::mlirOperationGetBlock(op) }.ptr.is_null() => {
            // SAFETY: a valid location (the caller's contract); no arguments.
            unsafe {
                crate::Location::from_raw(location).emit_error(&format!(
                    "{what} of dialect `{}` returned an op that is already in a block: return a \
                     new op, not inserted anywhere",
                    def.type_name
                ));
                bridge::mlirPassBridgeFailRunningPass();
            }
            sys::MlirOperation {
                ptr: std::ptr::null_mut(),
            }
        }
        Ok(Some(op)) => op,
        Ok(None) => sys::MlirOperation {
            ptr: std::ptr::null_mut(),
        },
        Err(panic) => {
            // SAFETY: a valid location (the caller's contract).
            unsafe { crate::Location::from_raw(location) }.emit_error(&format!(
                "{what} of dialect `{}` panicked: {panic}",
                def.type_name
            ));
            sys::MlirOperation {
                ptr: std::ptr::null_mut(),
            }
        }
    }
}

pub(in crate::dialect) unsafe extern "C" fn materialize_constant(
    dialect: *const c_void,
    context: sys::MlirContext,
    value: sys::MlirAttribute,
    ty: sys::MlirType,
    location: sys::MlirLocation,
) -> sys::MlirOperation {
    // SAFETY: MLIR hands back the dialect's definition, and valid values.
    let def = unsafe { &*dialect.cast::<DialectDefinition>() };
    let hook = def.materialize_constant;
    // SAFETY: as above.
    let op = unsafe {
        build_op(
            def,
            "constant materializer",
            context,
            ty,
            location,
            |context, ty, location| hook?(context, Attribute::from_raw(value), ty, location),
        )
    };
    if op.ptr.is_null() {
        return op;
    }
    match check_materialized(op, ty) {
        Ok(()) => op,
        Err(message) => {
            // SAFETY: a valid location; the op was built detached for MLIR,
            // which now gets none, so it is ours to free; no arguments.
            unsafe {
                crate::ffi::emit_error_at(
                    location,
                    &format!(
                        "constant materializer of dialect `{}` {message}",
                        def.type_name
                    ),
                );
                sys::mlirOperationDestroy(op);
                bridge::mlirPassBridgeFailRunningPass();
            }
            sys::MlirOperation {
                ptr: std::ptr::null_mut(),
            }
        }
    }
}

pub(in crate::dialect) unsafe extern "C" fn materialize_call_conversion(
    dialect: *const c_void,
    context: sys::MlirContext,
    input: sys::MlirValue,
    ty: sys::MlirType,
    location: sys::MlirLocation,
) -> sys::MlirOperation {
    // SAFETY: MLIR hands back the dialect's definition, and valid values.
    let def = unsafe { &*dialect.cast::<DialectDefinition>() };
    let hook = def.materialize_call_conversion;
    // SAFETY: as above.
    unsafe {
        build_op(
            def,
            "call conversion",
            context,
            ty,
            location,
            |context, ty, location| {
                hook?(context, melior::ir::Value::from_raw(input), ty, location)
            },
        )
    }
}
