//! Declarations of the C++ registration bridge (`cpp/registration_bridge.cpp`).

use std::ffi::{c_int, c_void};

use mlir_sys as sys;

/// Creates a pass for the registry entry behind `entry` from `options`.
pub(crate) type CreateCallback = unsafe extern "C" fn(
    entry: *const c_void,
    options: sys::MlirStringRef,
    on_error: sys::MlirStringCallback,
    error_user_data: *mut c_void,
) -> sys::MlirPass;

unsafe extern "C" {
    /// 0: free; 1: a pass uses the argument; 2: a pass pipeline does.
    pub(crate) fn mlirPassBridgeLookup(argument: sys::MlirStringRef) -> c_int;

    /// Registers a pipeline entry whose builder calls `create(entry, ...)`.
    pub(crate) fn mlirPassBridgeRegister(
        argument: sys::MlirStringRef,
        description: sys::MlirStringRef,
        create: CreateCallback,
        entry: *const c_void,
    );

    /// Adds `pass` to `pm` if its anchor fits there; destroys it otherwise.
    pub(crate) fn mlirPassBridgeAddPass(
        pm: sys::MlirOpPassManager,
        pass: sys::MlirPass,
        on_error: sys::MlirStringCallback,
        error_user_data: *mut c_void,
    ) -> bool;

    /// Destroys a pass that no pass manager took.
    pub(crate) fn mlirPassBridgeDestroyPass(pass: sys::MlirPass);

    /// Parses a module like `mlir-opt` does, with `source_name` in locations.
    pub(crate) fn mlirPassBridgeParseModule(
        context: sys::MlirContext,
        source: sys::MlirStringRef,
        source_name: sys::MlirStringRef,
    ) -> sys::MlirModule;
}
