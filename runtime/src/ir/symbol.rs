//! Symbols as MLIR's `SymbolTable` sees them: visibility, uses, and cached
//! lookups.

use std::{ffi::c_void, fmt};

use melior::ir::{
    operation::{OperationLike, OperationRefMut},
    Attribute, AttributeLike,
};
use mlir_sys as sys;

use super::OperationExt;
use crate::ffi::bridge::{self, MlirPassBridgeQueryStatus, MlirPassBridgeVisibility};

/// The visibility of a symbol, as `SymbolTable::Visibility`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// Visible from outside the symbol table (no `sym_visibility`).
    Public,
    /// Visible only inside the symbol table that holds it.
    Private,
    /// Visible to the parent symbol table, not beyond.
    Nested,
}

impl Visibility {
    pub(crate) fn from_raw(raw: MlirPassBridgeVisibility) -> Option<Self> {
        match raw {
            MlirPassBridgeVisibility::MlirPassBridgeVisibilityPublic => Some(Self::Public),
            MlirPassBridgeVisibility::MlirPassBridgeVisibilityPrivate => Some(Self::Private),
            MlirPassBridgeVisibility::MlirPassBridgeVisibilityNested => Some(Self::Nested),
            _ => None,
        }
    }

    pub(crate) fn to_raw(self) -> MlirPassBridgeVisibility {
        match self {
            Self::Public => MlirPassBridgeVisibility::MlirPassBridgeVisibilityPublic,
            Self::Private => MlirPassBridgeVisibility::MlirPassBridgeVisibilityPrivate,
            Self::Nested => MlirPassBridgeVisibility::MlirPassBridgeVisibilityNested,
        }
    }
}

/// One use of a symbol: the op that holds the reference, and the reference
/// (a `SymbolRefAttr`, possibly nested such as `@outer::@inner`).
#[derive(Clone, Copy)]
pub struct SymbolUse<'c, 'a> {
    /// The operation holding the reference.
    pub user: OperationRefMut<'c, 'a>,
    /// The reference itself.
    pub symbol_ref: Attribute<'c>,
}

impl fmt::Debug for SymbolUse<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SymbolUse")
            .field("user", &self.user.name_str())
            .field("symbol_ref", &self.symbol_ref.to_string())
            .finish()
    }
}

/// A cache of symbol tables for repeated lookups
/// (`SymbolTableCollection`); build one per `run`.
pub struct SymbolTableCollection {
    raw: *mut c_void,
}

impl SymbolTableCollection {
    /// An empty cache.
    pub fn new() -> Self {
        // SAFETY: plain constructor; null only when C++ ran out of memory.
        let raw = unsafe { bridge::mlirPassBridgeSymbolTableCollectionCreate() };
        assert!(
            !raw.is_null(),
            "out of memory creating a SymbolTableCollection"
        );
        Self { raw }
    }

    /// Resolves `symbol_ref` (a `SymbolRefAttr`: `@f` or `@outer::@inner`)
    /// from the symbol table op `symbol_table`: the ops on the reference's
    /// path, the referenced one last. `None` when it does not resolve (or
    /// `symbol_ref` is not a symbol reference).
    pub fn lookup_in<'c, 'a>(
        &mut self,
        symbol_table: &impl OperationLike<'c, 'a>,
        symbol_ref: Attribute<'c>,
    ) -> Option<Vec<OperationRefMut<'c, 'a>>> {
        unsafe extern "C" fn push(op: sys::MlirOperation, data: *mut c_void) {
            // SAFETY: `data` is the vector below.
            unsafe { &mut *data.cast::<Vec<sys::MlirOperation>>() }.push(op);
        }
        let mut raw: Vec<sys::MlirOperation> = Vec::new();
        // SAFETY: valid collection, op and attribute; the callback only pushes.
        let found = unsafe {
            bridge::mlirPassBridgeLookupSymbolIn(
                self.raw,
                symbol_table.to_raw(),
                symbol_ref.to_raw(),
                Some(push),
                (&mut raw as *mut Vec<sys::MlirOperation>).cast(),
            )
        };
        // SAFETY: ops in the symbol table's tree.
        let ops = raw
            .into_iter()
            .map(|op| unsafe { OperationRefMut::from_raw(op) })
            .collect();
        (found == MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk).then_some(ops)
    }
}

impl Default for SymbolTableCollection {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for SymbolTableCollection {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once.
        unsafe { bridge::mlirPassBridgeSymbolTableCollectionDestroy(self.raw) }
    }
}

impl fmt::Debug for SymbolTableCollection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SymbolTableCollection")
            .finish_non_exhaustive()
    }
}
