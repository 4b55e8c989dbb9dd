//! Symbols as MLIR's `SymbolTable` sees them: visibility, uses, and cached
//! lookups.

use std::{ffi::c_void, fmt, ptr::NonNull};

use melior::ir::{
    operation::{OperationLike, OperationRefMut},
    Attribute, AttributeLike,
};
use mlir_sys as sys;

use super::{IrError, OperationExt};
use crate::ffi::{
    bridge::{self, MlirPassBridgeQueryStatus, MlirPassBridgeSymbol, MlirPassBridgeVisibility},
    context_str,
};

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

/// An op seen through MLIR's `SymbolOpInterface`, as C++'s
/// `dyn_cast<SymbolOpInterface>(op)` gives it: the interface is looked up
/// once, when the handle is made (`OperationMutExt::as_symbol`), and its
/// name and visibility are then read and set without a lookup of their own.
///
/// `op.symbol_name()` followed by `op.set_symbol_visibility(..)` looks the
/// interface up twice; a loop over many symbols should take a `Symbol`:
///
/// ```no_run
/// use mlir_pass::ir::{OperationExt, OperationMutExt, Visibility};
/// # fn privatize(module: mlir_pass::melior::ir::operation::OperationRefMut<'_, '_>) -> Result<(), mlir_pass::ir::IrError> {
/// for op in module.child_ops() {
///     let Some(mut symbol) = op.as_symbol() else { continue };
///     if symbol.name() != Some("main") {
///         symbol.set_visibility(Visibility::Private)?;
///     }
/// }
/// # Ok(())
/// # }
/// ```
///
/// Like melior's handles it is `Copy` and does not keep the op alive: do
/// not use it after the op is erased.
#[derive(Clone, Copy)]
pub struct Symbol<'c, 'a> {
    op: OperationRefMut<'c, 'a>,
    /// The interface's implementation for the op's kind, owned by the
    /// context (never null).
    concept: NonNull<c_void>,
}

impl<'c, 'a> Symbol<'c, 'a> {
    /// The symbol of `op`, or `None` when `op` does not implement
    /// `SymbolOpInterface` (or is an optional symbol without a name).
    pub(crate) fn of(op: OperationRefMut<'c, 'a>) -> Option<Self> {
        // SAFETY: a valid op; the bridge only reads it.
        let raw = unsafe { bridge::mlirPassBridgeSymbolCast(op.to_raw()) };
        let concept = NonNull::new(raw.concept.cast_mut())?;
        Some(Self { op, concept })
    }

    fn to_raw(self) -> MlirPassBridgeSymbol {
        MlirPassBridgeSymbol {
            op: self.op.to_raw(),
            concept: self.concept.as_ptr().cast_const(),
        }
    }

    /// The op.
    pub fn operation(&self) -> OperationRefMut<'c, 'a> {
        self.op
    }

    /// The symbol's name (without `@`): `SymbolOpInterface::getName`.
    /// `None` when its `sym_name` is not a string attribute (IR that has not
    /// been verified) or is not UTF-8.
    pub fn name(&self) -> Option<&'c str> {
        let mut name = sys::MlirStringRef {
            data: std::ptr::null(),
            length: 0,
        };
        // SAFETY: a handle from the cast; the name is a StringAttr's value,
        // owned by the context.
        unsafe {
            if !bridge::mlirPassBridgeSymbolGetName(self.to_raw(), &mut name) {
                return None;
            }
            context_str(name)
        }
    }

    /// The symbol's name as the context's interned `StringAttr`
    /// (`SymbolOpInterface::getNameAttr`), without reading the string: to
    /// compare names as C++ compares `StringAttr`s, by identity
    /// (`a.to_raw().ptr == b.to_raw().ptr`, or `==`), against attributes
    /// made once with `StringAttribute::new`. Cheaper than [`name`](Self::name)
    /// over many symbols, whose strings are each a read of cold memory.
    /// `None` when `sym_name` is not a string attribute.
    pub fn name_attribute(&self) -> Option<Attribute<'c>> {
        // SAFETY: a handle from the cast; the result is null or a StringAttr
        // of the op's context.
        let raw = unsafe { bridge::mlirPassBridgeSymbolGetNameAttr(self.to_raw()) };
        (!raw.ptr.is_null()).then(|| unsafe { Attribute::from_raw(raw) })
    }

    /// The symbol's visibility: `SymbolOpInterface::getVisibility`.
    pub fn visibility(&self) -> Visibility {
        // SAFETY: a handle from the cast.
        let raw = unsafe { bridge::mlirPassBridgeSymbolGetVisibility(self.to_raw()) };
        Visibility::from_raw(raw).unwrap_or(Visibility::Public)
    }

    /// Sets the symbol's visibility: `SymbolOpInterface::setVisibility`.
    ///
    /// # Errors
    /// MLIR threw while setting it (a C++ exception is caught at the bridge
    /// and reported here, never unwound into Rust).
    pub fn set_visibility(&mut self, visibility: Visibility) -> Result<(), IrError> {
        // SAFETY: a handle from the cast.
        if unsafe { bridge::mlirPassBridgeSymbolSetVisibility(self.to_raw(), visibility.to_raw()) }
        {
            Ok(())
        } else {
            Err(IrError::new(format!(
                "the visibility of symbol '{}' could not be set",
                self.name().unwrap_or("<unnamed>")
            )))
        }
    }
}

impl fmt::Debug for Symbol<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Symbol")
            .field("op", &self.op.name_str())
            .field("name", &self.name())
            .field("visibility", &self.visibility())
            .finish()
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
