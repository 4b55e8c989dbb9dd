//! What the JIT reads from a module before MLIR sees it: whether every op
//! is in the `llvm` dialect, and the functions it defines with their types.

use std::ffi::c_void;

use mlir_sys as sys;

use super::JitError;
use crate::{
    ffi::{context_str, print_to_string, string_ref},
    Location,
};

/// Fails with [`JitError::NotLowered`] naming the first op (in pre-order)
/// that is neither an `llvm` op nor `builtin.module`.
///
/// # Safety
/// `module` is a valid module.
pub(super) unsafe fn check_lowered(module: sys::MlirModule) -> Result<(), JitError> {
    unsafe extern "C" fn visit(op: sys::MlirOperation, found: *mut c_void) -> sys::MlirWalkResult {
        // SAFETY: `found` is the `Option` below; `op` is valid in the walk.
        // Nothing here panics (string reads and comparisons).
        unsafe {
            let name = context_str(sys::mlirIdentifierStr(sys::mlirOperationGetName(op)));
            let lowered = name.is_some_and(|n| n.starts_with("llvm.") || n == "builtin.module");
            if lowered {
                return sys::MlirWalkResult_MlirWalkResultAdvance;
            }
            *found.cast::<Option<sys::MlirOperation>>() = Some(op);
            sys::MlirWalkResult_MlirWalkResultInterrupt
        }
    }
    let mut found: Option<sys::MlirOperation> = None;
    // SAFETY: a valid module; the callback writes only `found`.
    unsafe {
        sys::mlirOperationWalk(
            sys::mlirModuleGetOperation(module),
            Some(visit),
            (&mut found as *mut Option<sys::MlirOperation>).cast(),
            sys::MlirWalkOrder_MlirWalkPreOrder,
        );
    }
    match found {
        None => Ok(()),
        // SAFETY: an op of the module, valid now.
        Some(op) => Err(unsafe {
            JitError::NotLowered {
                op: crate::ffi::op_name(op).to_owned(),
                location: Location::from_raw(sys::mlirOperationGetLocation(op)).to_string(),
            }
        }),
    }
}

/// An `llvm.func` at the top level of the module, read when the engine was
/// created (the engine compiled the module as it was then).
pub(super) struct Function {
    pub(super) name: String,
    /// Its `!llvm.func<...>` type (uniqued in the context, immutable).
    pub(super) ty: sys::MlirType,
    /// It has a body (not only a declaration).
    pub(super) defined: bool,
}

/// The `llvm.func`s at the top level of `module`, and the names of every
/// symbol defined there (functions with a body, globals, aliases).
///
/// # Safety
/// `module` is a valid module.
pub(super) unsafe fn functions(module: sys::MlirModule) -> (Vec<Function>, Vec<String>) {
    let mut functions = Vec::new();
    let mut symbols = Vec::new();
    // SAFETY (whole block): the ops are the module body's, valid now.
    unsafe {
        let body = sys::mlirModuleGetBody(module);
        let mut op = sys::mlirBlockGetFirstOperation(body);
        while !op.ptr.is_null() {
            let symbol = sys::mlirOperationGetAttributeByName(op, string_ref("sym_name"));
            if !symbol.ptr.is_null() && sys::mlirAttributeIsAString(symbol) {
                let name = crate::ffi::to_str(sys::mlirStringAttrGetValue(symbol)).into_owned();
                let mut declared_only = false;
                if crate::ffi::op_name(op) == "llvm.func" {
                    let ty = sys::mlirOperationGetAttributeByName(op, string_ref("function_type"));
                    if !ty.ptr.is_null() && sys::mlirAttributeIsAType(ty) {
                        let region = sys::mlirOperationGetRegion(op, 0);
                        let defined = !sys::mlirRegionGetFirstBlock(region).ptr.is_null();
                        declared_only = !defined;
                        functions.push(Function {
                            name: name.clone(),
                            ty: sys::mlirTypeAttrGetValue(ty),
                            defined,
                        });
                    }
                }
                if !declared_only {
                    symbols.push(name);
                }
            }
            op = sys::mlirOperationGetNextInBlock(op);
        }
    }
    (functions, symbols)
}

/// A type as MLIR prints it.
///
/// # Safety
/// `ty` is a valid type.
pub(super) unsafe fn type_to_string(ty: sys::MlirType) -> String {
    // SAFETY: the caller's contract; the callback appends to the string.
    unsafe { print_to_string(|cb, data| sys::mlirTypePrint(ty, cb, data)) }
}
