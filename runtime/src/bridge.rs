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

/// Builds the Rust pipeline behind `entry` into `pm` from `options`.
pub(crate) type BuildCallback = unsafe extern "C" fn(
    entry: *const c_void,
    pm: sys::MlirOpPassManager,
    options: sys::MlirStringRef,
    on_error: sys::MlirStringCallback,
    error_user_data: *mut c_void,
) -> bool;

unsafe extern "C" {
    /// MLIR's `mlir-opt` main (`cpp/opt_main.cpp`); returns the exit code.
    pub(crate) fn mlirPassBridgeOptMain(
        argc: c_int,
        argv: *mut *mut std::ffi::c_char,
        tool_name: sys::MlirStringRef,
    ) -> c_int;

    /// Registers a pipeline entry whose builder calls `build(entry, ...)`.
    pub(crate) fn mlirPassBridgeRegisterPipeline(
        argument: sys::MlirStringRef,
        description: sys::MlirStringRef,
        build: BuildCallback,
        entry: *const c_void,
    );

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

// Symbol helpers, used by the melior-based IR API (`crate::ir`).
#[cfg(feature = "melior")]
unsafe extern "C" {
    /// `Operation::emitError`.
    pub(crate) fn mlirPassBridgeEmitError(op: sys::MlirOperation, message: sys::MlirStringRef);

    /// `Operation::emitOpError`.
    pub(crate) fn mlirPassBridgeEmitOpError(op: sys::MlirOperation, message: sys::MlirStringRef);

    /// The integer of an `arith.constant` result (see `ValueExt::arith_constant_int`).
    pub(crate) fn mlirPassBridgeArithConstantInt(value: sys::MlirValue, out: *mut i64) -> bool;

    /// Whether the op implements `SymbolOpInterface`.
    pub(crate) fn mlirPassBridgeIsSymbol(op: sys::MlirOperation) -> bool;

    /// Whether the op has the `SymbolTable` trait.
    pub(crate) fn mlirPassBridgeIsSymbolTable(op: sys::MlirOperation) -> bool;

    /// 0 public, 1 private, 2 nested, -1 not a symbol.
    pub(crate) fn mlirPassBridgeSymbolVisibility(op: sys::MlirOperation) -> c_int;

    /// Sets the visibility; false when not a symbol.
    pub(crate) fn mlirPassBridgeSetSymbolVisibility(
        op: sys::MlirOperation,
        visibility: c_int,
    ) -> bool;

    /// `SymbolOpInterface::canDiscardOnUseEmpty`.
    pub(crate) fn mlirPassBridgeSymbolCanDiscardOnUseEmpty(op: sys::MlirOperation) -> bool;

    /// The symbol's name attribute, or null.
    pub(crate) fn mlirPassBridgeSymbolName(op: sys::MlirOperation) -> sys::MlirAttribute;

    /// `SymbolTable::getSymbolUses(op)`; false when unknown.
    pub(crate) fn mlirPassBridgeSymbolUses(
        op: sys::MlirOperation,
        callback: unsafe extern "C" fn(sys::MlirOperation, sys::MlirAttribute, *mut c_void),
        user_data: *mut c_void,
    ) -> bool;

    /// A new `SymbolTableCollection`.
    pub(crate) fn mlirPassBridgeSymbolTableCollectionCreate() -> *mut c_void;

    /// Destroys a `SymbolTableCollection`.
    pub(crate) fn mlirPassBridgeSymbolTableCollectionDestroy(collection: *mut c_void);

    /// `SymbolTableCollection::lookupSymbolIn`; false when unresolved.
    pub(crate) fn mlirPassBridgeLookupSymbolIn(
        collection: *mut c_void,
        symbol_table: sys::MlirOperation,
        symbol_ref: sys::MlirAttribute,
        callback: unsafe extern "C" fn(sys::MlirOperation, *mut c_void),
        user_data: *mut c_void,
    ) -> bool;
}
