//! Operations: typed attributes, walks, diagnostics, symbol queries and
//! erasure, as extension traits of melior's operation handles.

use std::ffi::c_void;

use melior::ir::{
    attribute::{BoolAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute},
    operation::{OperationLike, OperationMutLike, OperationRefMut, WalkResult},
    r#type::IntegerType,
    Attribute,
};
use mlir_sys as sys;

use super::{
    erasure::{self, Conflict, Held, Holder},
    walk::{walk_raw, ChildOps, ChildRegions},
    IrError, Symbol, SymbolUse, Visibility, WalkOrder,
};
use crate::ffi::{
    bridge::{self, MlirPassBridgeQueryStatus},
    context_str, op_name, string_ref,
};

/// The attribute `name` of `op`, or `None`; owned by the context.
fn attribute_by_name(op: sys::MlirOperation, name: &str) -> Option<sys::MlirAttribute> {
    // SAFETY: `op` is a valid operation (it comes from a melior handle).
    let raw = unsafe { sys::mlirOperationGetAttributeByName(op, string_ref(name)) };
    (!raw.ptr.is_null()).then_some(raw)
}

/// `op` through `SymbolOpInterface` (the per-call symbol queries and
/// `as_symbol` share the handle's cast), as a handle of the caller's
/// lifetimes.
fn symbol_of<'c, 'a>(op: sys::MlirOperation) -> Option<Symbol<'c, 'a>> {
    // SAFETY: a valid op (from a melior handle of these lifetimes).
    Symbol::of(unsafe { OperationRefMut::from_raw(op) })
}

/// Reading operations: typed attributes, a walk with mutable handles, and
/// symbols. Implemented for every melior operation handle.
pub trait OperationExt<'c: 'a, 'a>: OperationLike<'c, 'a> {
    /// The op's name, such as `arith.addi`, as a string that lives as long
    /// as the context (melior's `name()` lends it only for a statement).
    fn name_str(&self) -> &'c str {
        // SAFETY: a valid op of a context that outlives 'c.
        unsafe { op_name(self.to_raw()) }
    }

    /// The integer attribute `name` (inherent or discardable) as an `i64`,
    /// or `None` when absent, not an integer, or out of `i64`'s range.
    ///
    /// The value is read as its type says: signless and signed integers
    /// (and `index`) sign-extended, unsigned ones zero-extended, `i1` as 0 or
    /// 1 (so `true` reads as 1). Integers wider than 64 bits give their value
    /// when it fits (`5 : i128` is 5); one that does not (`2^64 + 5 : i128`,
    /// or a `ui64` above `i64::MAX`) gives `None`, never its low 64 bits.
    fn int_attr(&self, name: &str) -> Option<i64> {
        let attr = attribute_by_name(self.to_raw(), name)?;
        let mut value = 0;
        // SAFETY: a valid attribute; the bridge checks its kind.
        unsafe { bridge::mlirPassBridgeIntegerAttrValue(attr, &mut value) }.then_some(value)
    }

    /// The string attribute `name`, or `None` when absent, not a string, or
    /// not UTF-8. An empty string attribute (`s = ""`) gives `Some("")`.
    fn str_attr(&self, name: &str) -> Option<&'c str> {
        let attr = attribute_by_name(self.to_raw(), name)?;
        // The value is read through the C API rather than melior's
        // `StringAttribute::value`, which builds a slice from the null
        // pointer MLIR gives for an empty string (undefined behaviour).
        // SAFETY: a valid attribute, checked to be a string; its value is
        // owned by the context.
        unsafe {
            if !sys::mlirAttributeIsAString(attr) {
                return None;
            }
            context_str(sys::mlirStringAttrGetValue(attr))
        }
    }

    /// The bool attribute `name`, or `None` when absent or not a bool.
    fn bool_attr(&self, name: &str) -> Option<bool> {
        let attr = attribute_by_name(self.to_raw(), name)?;
        // SAFETY: a valid attribute of the context.
        BoolAttribute::try_from(unsafe { Attribute::from_raw(attr) })
            .ok()
            .map(|a| a.value())
    }

    /// The flat symbol reference attribute `name` (`@callee`) without the
    /// `@`, or `None` when absent, not a flat symbol reference, or not UTF-8.
    fn symbol_ref_attr(&self, name: &str) -> Option<&'c str> {
        let attr = attribute_by_name(self.to_raw(), name)?;
        // As in `str_attr`: through the C API, so `@""` reads as `Some("")`.
        // SAFETY: a valid attribute, checked to be a flat symbol reference;
        // its value is owned by the context.
        unsafe {
            if !sys::mlirAttributeIsAFlatSymbolRef(attr) {
                return None;
            }
            context_str(sys::mlirFlatSymbolRefAttrGetValue(attr))
        }
    }

    /// Calls `visit` on this op and every op nested in it, in `order`, with
    /// mutable handles of this op's lifetimes (so attributes and types built
    /// from the pass's context can be set on them). Returns
    /// [`WalkResult::Interrupt`] when `visit` interrupted the walk, else
    /// [`WalkResult::Advance`] (C++'s `walk(...).wasInterrupted()`).
    ///
    /// `visit` may create ops, and erase ([`OperationMutExt::erase`]) the op
    /// it is given, in either order (MLIR's walk moves on to the next op
    /// before calling it; in [`WalkOrder::PreOrder`], the regions of an op
    /// erased by its visit are skipped), or ops already visited. Erasing an
    /// op the walk still needs (one not yet visited, or one the walk is
    /// inside) is refused with an error, so the walk never reads freed IR.
    /// Return [`WalkResult::Skip`] in pre-order to skip an op's regions.
    fn walk_ops<F>(&self, order: WalkOrder, mut visit: F) -> WalkResult
    where
        F: FnMut(OperationRefMut<'c, 'a>) -> WalkResult,
    {
        // The walk is done in Rust over the C API's region, block and op
        // lists (no C++ frame between the visits, so a panic in `visit`
        // unwinds normally), with the next op captured before an op is
        // visited, as MLIR's own walk does. What the walk will still read
        // is registered, so that erasures check it first.
        let held = Held::new(Holder::Walk, Vec::new());
        let _registration = held.register();
        if walk_raw(self.to_raw(), order, &mut visit, &held) {
            WalkResult::Advance
        } else {
            WalkResult::Interrupt
        }
    }

    /// [`OperationExt::walk_ops`] with a visitor that can fail: the first
    /// error stops the walk and is returned.
    ///
    /// ```
    /// # use mlir_pass::ir::{OperationExt, OperationMutExt, WalkOrder};
    /// # use mlir_pass::melior::ir::operation::WalkResult;
    /// # fn erase_dead(op: mlir_pass::OperationRef<'_>) -> Result<(), mlir_pass::PassError> {
    /// op.melior().try_walk_ops(WalkOrder::PostOrder, |nested| {
    ///     if nested.bool_attr("dead") == Some(true) {
    ///         nested.erase()?; // an `IrError` ends the walk
    ///     }
    ///     Ok::<_, mlir_pass::PassError>(WalkResult::Advance)
    /// })?;
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// The first error `visit` returned.
    fn try_walk_ops<E, F>(&self, order: WalkOrder, mut visit: F) -> Result<WalkResult, E>
    where
        F: FnMut(OperationRefMut<'c, 'a>) -> Result<WalkResult, E>,
    {
        let mut error = None;
        let result = self.walk_ops(order, |op| match visit(op) {
            Ok(result) => result,
            Err(e) => {
                error = Some(e);
                WalkResult::Interrupt
            }
        });
        match error {
            Some(e) => Err(e),
            None => Ok(result),
        }
    }

    /// The ops directly in this op's regions, in order (C++'s loops over
    /// `op->getRegions()`, their blocks and their ops). The op just handed out
    /// may be erased; erasing the next one, or this op, while the iterator
    /// lives is refused with an error.
    fn child_ops(&self) -> ChildOps<'c, 'a> {
        ChildOps::of(self.to_raw())
    }

    /// This op's regions, in order (C++'s `op->getRegions()`): the count is
    /// read once and each region with one call, where melior's `regions()`
    /// reads the count again, with a bounds check, for every region. For
    /// loops that visit every op, as a walk's visitor does:
    ///
    /// ```
    /// # use mlir_pass::ir::OperationExt;
    /// # use mlir_pass::melior::ir::{block::BlockLike, RegionLike};
    /// # fn blocks(op: mlir_pass::OperationRef<'_>) -> usize {
    /// let mut blocks = 0;
    /// for region in op.melior().child_regions() {
    ///     let mut block = region.first_block();
    ///     while let Some(b) = block {
    ///         blocks += 1;
    ///         block = b.next_in_region();
    ///     }
    /// }
    /// # blocks
    /// # }
    /// ```
    fn child_regions(&self) -> ChildRegions<'c, 'a> {
        ChildRegions::of(self.to_raw())
    }

    /// Emits an error at this op, as C++'s `op->emitError(message)`: at the
    /// op's location, with the op attached as a note ("see current
    /// operation") when the context prints ops on diagnostics (its default).
    fn emit_error(&self, message: &str) {
        // SAFETY: valid op and string.
        unsafe { bridge::mlirPassBridgeEmitError(self.to_raw(), string_ref(message)) }
    }

    /// Emits an error at this op, as C++'s `op->emitOpError(message)`: the
    /// message is prefixed with `'op.name' op `.
    fn emit_op_error(&self, message: &str) {
        // SAFETY: valid op and string.
        unsafe { bridge::mlirPassBridgeEmitOpError(self.to_raw(), string_ref(message)) }
    }

    /// Whether this op is a symbol (implements `SymbolOpInterface`).
    fn is_symbol(&self) -> bool {
        // SAFETY: valid op.
        unsafe { bridge::mlirPassBridgeIsSymbol(self.to_raw()) }
    }

    /// Whether this op defines a symbol table (has the `SymbolTable` trait,
    /// as `builtin.module` does).
    fn is_symbol_table(&self) -> bool {
        // SAFETY: valid op.
        unsafe { bridge::mlirPassBridgeIsSymbolTable(self.to_raw()) }
    }

    /// The symbol's name (without `@`), or `None` when not a symbol.
    fn symbol_name(&self) -> Option<&'c str> {
        symbol_of(self.to_raw())?.name()
    }

    /// The symbol's visibility, or `None` when not a symbol.
    fn symbol_visibility(&self) -> Option<Visibility> {
        symbol_of(self.to_raw()).map(|symbol| symbol.visibility())
    }

    /// `SymbolOpInterface::canDiscardOnUseEmpty`: whether the symbol may be
    /// erased when nothing uses it. `false` when not a symbol.
    fn can_discard_on_use_empty(&self) -> bool {
        // SAFETY: valid op.
        unsafe { bridge::mlirPassBridgeSymbolCanDiscardOnUseEmpty(self.to_raw()) }
    }

    /// `SymbolOpInterface::isDeclaration`: the symbol declares what is
    /// defined elsewhere (a `func.func` without a body). `false` when not a
    /// symbol.
    fn is_symbol_declaration(&self) -> bool {
        // SAFETY: valid op.
        unsafe { bridge::mlirPassBridgeSymbolIsDeclaration(self.to_raw()) }
    }

    /// `SymbolOpInterface::isOptionalSymbol`: the op may have no symbol name
    /// (as `builtin.module`). `false` when not a symbol.
    fn is_optional_symbol(&self) -> bool {
        // SAFETY: valid op.
        unsafe { bridge::mlirPassBridgeSymbolIsOptional(self.to_raw()) }
    }

    /// The symbol uses held by this op and the ops nested in it, nested
    /// symbol tables excluded (`SymbolTable::getSymbolUses(op)`), in MLIR's
    /// order. `None` when an op inside holds an unknown symbol table, so the
    /// uses cannot be known.
    fn symbol_uses(&self) -> Option<Vec<SymbolUse<'c, 'a>>> {
        unsafe extern "C" fn push(
            user: sys::MlirOperation,
            symbol_ref: sys::MlirAttribute,
            data: *mut c_void,
        ) {
            // SAFETY: `data` is the vector below.
            let uses =
                unsafe { &mut *data.cast::<Vec<(sys::MlirOperation, sys::MlirAttribute)>>() };
            uses.push((user, symbol_ref));
        }
        let mut raw: Vec<(sys::MlirOperation, sys::MlirAttribute)> = Vec::new();
        // SAFETY: valid op; the callback only pushes.
        let status = unsafe {
            bridge::mlirPassBridgeSymbolUses(
                self.to_raw(),
                Some(push),
                (&mut raw as *mut Vec<_>).cast(),
            )
        };
        let uses = raw
            .into_iter()
            .map(|(user, symbol_ref)| SymbolUse {
                // SAFETY: ops nested in this one and attributes of its context.
                user: unsafe { OperationRefMut::from_raw(user) },
                symbol_ref: unsafe { Attribute::from_raw(symbol_ref) },
            })
            .collect();
        (status == MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk).then_some(uses)
    }
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a> + ?Sized> OperationExt<'c, 'a> for T {}

/// Changing operations: typed attribute setters, symbol visibility, erasure.
/// Implemented for melior's mutable operation handles.
pub trait OperationMutExt<'c: 'a, 'a>: OperationMutLike<'c, 'a> {
    /// Sets the attribute `name` to a signless `i64` integer.
    fn set_i64_attr(&mut self, name: &str, value: i64) {
        let context = self.context();
        // SAFETY: the context outlives the op handle.
        let context = unsafe { context.to_ref() };
        let attr = IntegerAttribute::new(IntegerType::new(context, 64).into(), value);
        self.set_attribute(name, attr.into());
    }

    /// Sets the attribute `name` to a string.
    fn set_str_attr(&mut self, name: &str, value: &str) {
        let context = self.context();
        // SAFETY: as above.
        let attr = StringAttribute::new(unsafe { context.to_ref() }, value);
        self.set_attribute(name, attr.into());
    }

    /// Sets the attribute `name` to a bool.
    fn set_bool_attr(&mut self, name: &str, value: bool) {
        let context = self.context();
        // SAFETY: as above.
        let attr = BoolAttribute::new(unsafe { context.to_ref() }, value);
        self.set_attribute(name, attr.into());
    }

    /// Sets the attribute `name` to a flat symbol reference (`@symbol`).
    fn set_symbol_ref_attr(&mut self, name: &str, symbol: &str) {
        let context = self.context();
        // SAFETY: as above.
        let attr = FlatSymbolRefAttribute::new(unsafe { context.to_ref() }, symbol);
        self.set_attribute(name, attr.into());
    }

    /// Sets the symbol's visibility (`SymbolOpInterface::setVisibility`).
    ///
    /// # Errors
    /// The op is not a symbol.
    fn set_symbol_visibility(&mut self, visibility: Visibility) -> Result<(), IrError> {
        match symbol_of(self.to_raw()) {
            Some(mut symbol) => symbol.set_visibility(visibility),
            None => Err(IrError::new(format!(
                "'{}' is not a symbol: its visibility cannot be set",
                self.name_str()
            ))),
        }
    }

    /// The op seen through `SymbolOpInterface`, the interface looked up
    /// once (C++'s `dyn_cast<SymbolOpInterface>(op)`); `None` when the op is
    /// not a symbol. Cheaper than `symbol_name` plus
    /// `set_symbol_visibility` when both are needed: see [`Symbol`].
    fn as_symbol(&self) -> Option<Symbol<'c, 'a>> {
        symbol_of(self.to_raw())
    }

    /// Erases the op (and everything nested in it) from its block.
    ///
    /// Every handle to the op or to ops nested in it dangles afterwards: do
    /// not use them (melior's handles are `Copy`; see "Soundness" in the
    /// README). Inside a rewrite pattern, erase through the rewriter
    /// (`rewriter.erase_op(op)`) so the driver knows: this method refuses.
    ///
    /// # Errors
    /// Nothing is erased when:
    /// - the op is the one the running pass was given, or holds it (MLIR
    ///   would go on using it);
    /// - a rewrite pattern driver is running on this thread (erase through
    ///   the rewriter);
    /// - a walk ([`OperationExt::walk_ops`]) or a [`ChildOps`] iteration in
    ///   progress still needs it: an op not yet visited, or one the walk is
    ///   inside;
    /// - the op is in no block (it is not part of the IR being transformed);
    /// - a result of the op is still used (erasing it would leave the users
    ///   with dangling operands: replace the uses first).
    fn erase(self) -> Result<(), IrError>
    where
        Self: Sized,
    {
        let raw = self.to_raw();
        let leaf = erasure::is_leaf(raw);
        let refuse = |why: &str| {
            Err(IrError::new(format!(
                "cannot erase '{}': {why}",
                self.name_str()
            )))
        };
        let conflict = erasure::erase_conflict(raw, leaf, None);
        if let Some(Conflict::Anchor) = conflict {
            return refuse(Conflict::Anchor.reason());
        }
        if erasure::driver_running() {
            return refuse(
                "a rewrite pattern driver is running: erase through the rewriter \
                 (rewriter.erase_op), so that the driver knows",
            );
        }
        if let Some(conflict) = conflict {
            return refuse(conflict.reason());
        }
        if self.block().is_none() {
            return refuse("it is in no block");
        }
        if let Some(why) = used_results(raw) {
            return refuse(&why);
        }
        erasure::note_erased(raw);
        // SAFETY: the op is in a block, nothing uses its results, nothing
        // registered holds it; the caller gives up the handle (and must not
        // use copies of it).
        unsafe { sys::mlirOperationDestroy(raw) };
        Ok(())
    }
}

/// Why the results of `op` keep it from being erased: the first use, as
/// "its result #N is still used by 'user'; ...", or `None` when unused.
pub(crate) fn used_results(op: sys::MlirOperation) -> Option<String> {
    // SAFETY (the function): a valid op, its results and their first uses.
    let results = unsafe { sys::mlirOperationGetNumResults(op) };
    for index in 0..results {
        let result = unsafe { sys::mlirOperationGetResult(op, index) };
        let first = unsafe { sys::mlirValueGetFirstUse(result) };
        if !first.ptr.is_null() {
            let user = unsafe { sys::mlirOpOperandGetOwner(first) };
            return Some(format!(
                "its result #{index} is still used by '{}'; replace its uses first",
                // SAFETY: a valid op of the same context.
                unsafe { op_name(user) }
            ));
        }
    }
    None
}

impl<'c: 'a, 'a, T: OperationMutLike<'c, 'a> + ?Sized> OperationMutExt<'c, 'a> for T {}
