//! Safe IR access inside a pass, through [`melior`] (feature `melior`, on by
//! default).
//!
//! A pass receives a [`crate::OperationRef`]; [`OperationRef::melior`](crate::OperationRef::melior),
//! [`OperationRef::melior_mut`](crate::OperationRef::melior_mut) and
//! [`OperationRef::melior_context`](crate::OperationRef::melior_context) give
//! melior's handles, borrowed for the call of `run`, with no `unsafe` in the
//! pass. This module adds what melior 0.27 lacks and passes need:
//!
//! - [`OperationExt`]: typed attribute getters (integer, string, bool, symbol
//!   reference), a walk that hands out mutable handles ([`OperationExt::walk_ops`]),
//!   and symbol queries answered by MLIR's own `SymbolOpInterface`,
//!   `SymbolTable` trait and `SymbolTable::getSymbolUses`.
//! - [`OperationMutExt`]: typed attribute setters, symbol visibility, and
//!   [`OperationMutExt::erase`], which refuses an op whose results are used.
//! - [`ValueExt`]: replace all uses of a value, iterate its uses.
//! - [`SymbolTableCollection`]: cached symbol lookups, nested references
//!   included.
//!
//! # Rules that the types cannot enforce
//! MLIR runs a pass anchored on `func.func` on all functions at once, one
//! thread each. Such a pass may read and change its function and what is
//! nested in it; it must not read or change anything outside it: not the
//! parent module (melior's `parent_operation` reaches it), not sibling
//! functions (not even through a symbol lookup from the module). MLIR's C++
//! passes follow the same rule. A pass anchored on `builtin.module` may touch
//! the whole module.
//!
//! melior's handles are `Copy`: a handle to an operation that was erased
//! dangles. Erase an op only when no handle to it is used afterwards; in
//! [`OperationExt::walk_ops`] with [`WalkOrder::PostOrder`], the visited op may
//! be erased or replaced (MLIR captures the next op first), ops not yet
//! visited must not be.

use std::{ffi::c_void, fmt, marker::PhantomData};

use melior::{
    ir::{
        attribute::{BoolAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute},
        operation::{OperationLike, OperationMutLike, OperationRefMut, WalkResult},
        r#type::IntegerType,
        Attribute, AttributeLike, ValueLike,
    },
    Context,
};
use mlir_sys as sys;

use crate::{
    bridge,
    strings::{string_ref, to_str},
};

pub use melior::ir::operation::WalkOrder;

// `ContextRef::melior_context` and friends hand out `&melior::Context` that
// point at a stored `MlirContext`, as melior's own `ContextRef::to_ref` does:
// melior's `Context` is a struct whose only field is the raw context.
const _: () = assert!(std::mem::size_of::<Context>() == std::mem::size_of::<sys::MlirContext>());

/// `raw`, borrowed as melior's `Context` (melior's `Context` wraps exactly
/// one `MlirContext`). The reference lives as long as the borrow of `raw`.
pub(crate) fn context_from_raw(raw: &sys::MlirContext) -> &Context {
    // SAFETY: same layout (checked above), and the reference cannot outlive
    // the stored raw context; melior's `ContextRef::to_ref` does the same.
    unsafe { &*(raw as *const sys::MlirContext).cast::<Context>() }
}

/// Why an IR change was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IrError {
    message: String,
}

impl IrError {
    fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl fmt::Display for IrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for IrError {}

impl From<IrError> for crate::PassError {
    fn from(error: IrError) -> Self {
        crate::PassError::new(error.message)
    }
}

/// melior's errors (an operand index out of range, a failed cast) fail the
/// pass with melior's message, so `?` works on them in `run`.
impl From<melior::Error> for crate::PassError {
    fn from(error: melior::Error) -> Self {
        crate::PassError::new(error.to_string())
    }
}

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
    fn from_raw(raw: i32) -> Option<Self> {
        match raw {
            0 => Some(Self::Public),
            1 => Some(Self::Private),
            2 => Some(Self::Nested),
            _ => None,
        }
    }

    fn to_raw(self) -> i32 {
        match self {
            Self::Public => 0,
            Self::Private => 1,
            Self::Nested => 2,
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
            .field("user", &op_name(self.user.to_raw()))
            .field("symbol_ref", &self.symbol_ref.to_string())
            .finish()
    }
}

/// A string owned by the context (an identifier, a string attribute's
/// value), as `&str`; `None` when it is not UTF-8.
///
/// # Safety
/// `s` points to `length` bytes that live as long as 'c.
unsafe fn context_str<'c>(s: sys::MlirStringRef) -> Option<&'c str> {
    if s.data.is_null() || s.length == 0 {
        return Some("");
    }
    // SAFETY: the caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length) };
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8 (the common case: every registered op).
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        std::str::from_utf8(bytes).ok()
    }
}

fn attribute_by_name<'c>(op: sys::MlirOperation, name: &str) -> Option<Attribute<'c>> {
    // SAFETY: `op` is a valid operation (it comes from a melior handle).
    let raw = unsafe { sys::mlirOperationGetAttributeByName(op, string_ref(name)) };
    // SAFETY: null-checked; attributes live as long as the context.
    (!raw.ptr.is_null()).then(|| unsafe { Attribute::from_raw(raw) })
}

/// Reading operations: typed attributes, a walk with mutable handles, and
/// symbols. Implemented for every melior operation handle.
pub trait OperationExt<'c: 'a, 'a>: OperationLike<'c, 'a> {
    /// The op's name, such as `arith.addi`, as a string that lives as long
    /// as the context (melior's `name()` lends it only for a statement).
    fn name_str(&self) -> &'c str {
        // SAFETY: valid op; an op name is an identifier uniqued in the
        // context, which outlives 'c.
        unsafe {
            context_str(sys::mlirIdentifierStr(sys::mlirOperationGetName(
                self.to_raw(),
            )))
        }
        .unwrap_or("")
    }

    /// The integer attribute `name` (inherent or discardable) as an `i64`
    /// (sign-extended), or `None` when absent or not an integer.
    fn int_attr(&self, name: &str) -> Option<i64> {
        let attr = attribute_by_name(self.to_raw(), name)?;
        IntegerAttribute::try_from(attr).ok().map(|a| a.value())
    }

    /// The string attribute `name`, or `None` when absent or not a string.
    fn str_attr(&self, name: &str) -> Option<&'c str> {
        let attr = attribute_by_name(self.to_raw(), name)?;
        StringAttribute::try_from(attr).ok().map(|a| a.value())
    }

    /// The bool attribute `name`, or `None` when absent or not a bool.
    fn bool_attr(&self, name: &str) -> Option<bool> {
        let attr = attribute_by_name(self.to_raw(), name)?;
        BoolAttribute::try_from(attr).ok().map(|a| a.value())
    }

    /// The flat symbol reference attribute `name` (`@callee`) without the
    /// `@`, or `None` when absent or not a flat symbol reference.
    fn symbol_ref_attr(&self, name: &str) -> Option<&'c str> {
        let attr = attribute_by_name(self.to_raw(), name)?;
        FlatSymbolRefAttribute::try_from(attr)
            .ok()
            .map(|a| a.value())
    }

    /// Calls `visit` on this op and every op nested in it, in `order`, with
    /// mutable handles of this op's lifetimes (so attributes and types built
    /// from the pass's context can be set on them).
    ///
    /// In [`WalkOrder::PostOrder`], `visit` may erase or replace the op it is
    /// given (MLIR moves on to the next op before calling it) and create new
    /// ops; it must not erase ops that are yet to be visited. In
    /// [`WalkOrder::PreOrder`], it must not erase the visited op (its regions
    /// are walked next); return [`WalkResult::Skip`] to skip them.
    fn walk_ops<F>(&self, order: WalkOrder, mut visit: F)
    where
        F: FnMut(OperationRefMut<'c, 'a>) -> WalkResult,
    {
        // The walk is done in Rust over the C API's region, block and op
        // lists (no C++ frame between the visits, so a panic in `visit`
        // unwinds normally), with the next op captured before an op is
        // visited, as MLIR's own walk does.
        walk_raw(self.to_raw(), order, &mut visit);
    }

    /// The ops directly in this op's regions, in order (C++'s loops over
    /// `op->getRegions()`, their blocks and their ops). The op just handed out
    /// may be erased; ops not yet handed out must not be.
    fn child_ops(&self) -> ChildOps<'c, 'a> {
        ChildOps::of(self.to_raw())
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
        // SAFETY: valid op; the result is null or a StringAttr of the
        // context, whose value lives as long as the context.
        unsafe {
            let raw = bridge::mlirPassBridgeSymbolName(self.to_raw());
            if raw.ptr.is_null() {
                return None;
            }
            context_str(sys::mlirStringAttrGetValue(raw))
        }
    }

    /// The symbol's visibility, or `None` when not a symbol.
    fn symbol_visibility(&self) -> Option<Visibility> {
        // SAFETY: valid op.
        Visibility::from_raw(unsafe { bridge::mlirPassBridgeSymbolVisibility(self.to_raw()) })
    }

    /// `SymbolOpInterface::canDiscardOnUseEmpty`: whether the symbol may be
    /// erased when nothing uses it. `false` when not a symbol.
    fn can_discard_on_use_empty(&self) -> bool {
        // SAFETY: valid op.
        unsafe { bridge::mlirPassBridgeSymbolCanDiscardOnUseEmpty(self.to_raw()) }
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
        let known = unsafe {
            bridge::mlirPassBridgeSymbolUses(self.to_raw(), push, (&mut raw as *mut Vec<_>).cast())
        };
        let uses = raw
            .into_iter()
            .map(|(user, symbol_ref)| SymbolUse {
                // SAFETY: ops nested in this one and attributes of its context.
                user: unsafe { OperationRefMut::from_raw(user) },
                symbol_ref: unsafe { Attribute::from_raw(symbol_ref) },
            })
            .collect();
        known.then_some(uses)
    }
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a> + ?Sized> OperationExt<'c, 'a> for T {}

/// An iterator over the ops directly in an op's regions, region by region,
/// block by block ([`OperationExt::child_ops`]). The next op is read before
/// one is handed out, so the op just handed out may be erased.
pub struct ChildOps<'c, 'a> {
    op: sys::MlirOperation,
    regions: isize,
    region: isize,
    block: sys::MlirBlock,
    next: sys::MlirOperation,
    _borrow: PhantomData<OperationRefMut<'c, 'a>>,
}

impl<'c, 'a> ChildOps<'c, 'a> {
    #[inline]
    fn of(op: sys::MlirOperation) -> Self {
        Self {
            op,
            // SAFETY: a valid op.
            regions: unsafe { sys::mlirOperationGetNumRegions(op) },
            region: 0,
            block: sys::MlirBlock {
                ptr: std::ptr::null_mut(),
            },
            next: sys::MlirOperation {
                ptr: std::ptr::null_mut(),
            },
            _borrow: PhantomData,
        }
    }
}

impl<'c, 'a> Iterator for ChildOps<'c, 'a> {
    type Item = OperationRefMut<'c, 'a>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        // SAFETY (the whole function): the op, its regions and blocks are
        // valid; ops handed out earlier may be gone, but their successors
        // were read before.
        unsafe {
            while self.next.ptr.is_null() {
                if !self.block.ptr.is_null() {
                    self.block = sys::mlirBlockGetNextInRegion(self.block);
                }
                while self.block.ptr.is_null() {
                    if self.region >= self.regions {
                        return None;
                    }
                    let region = sys::mlirOperationGetRegion(self.op, self.region);
                    self.region += 1;
                    self.block = sys::mlirRegionGetFirstBlock(region);
                }
                self.next = sys::mlirBlockGetFirstOperation(self.block);
            }
            let op = self.next;
            self.next = sys::mlirOperationGetNextInBlock(op);
            Some(OperationRefMut::from_raw(op))
        }
    }
}

/// Visits `op` and what is nested in it; `false` when the walk was interrupted.
fn walk_raw<'c: 'a, 'a, F>(op: sys::MlirOperation, order: WalkOrder, visit: &mut F) -> bool
where
    F: FnMut(OperationRefMut<'c, 'a>) -> WalkResult,
{
    let pre = matches!(order, WalkOrder::PreOrder);
    if pre {
        // SAFETY: `op` is valid (the walked op or one nested in it).
        match visit(unsafe { OperationRefMut::from_raw(op) }) {
            WalkResult::Interrupt => return false,
            WalkResult::Skip => return true,
            WalkResult::Advance => {}
        }
    }
    // SAFETY (the loops): valid op, regions, blocks; each next block and op
    // is read before the current one is visited. (Written out rather than
    // with `ChildOps`: this is the walk's hot loop, and measured 25% faster.)
    let regions = unsafe { sys::mlirOperationGetNumRegions(op) };
    for index in 0..regions {
        let region = unsafe { sys::mlirOperationGetRegion(op, index) };
        let mut block = unsafe { sys::mlirRegionGetFirstBlock(region) };
        while !block.ptr.is_null() {
            let next_block = unsafe { sys::mlirBlockGetNextInRegion(block) };
            let mut nested = unsafe { sys::mlirBlockGetFirstOperation(block) };
            while !nested.ptr.is_null() {
                let next = unsafe { sys::mlirOperationGetNextInBlock(nested) };
                if !walk_raw(nested, order, visit) {
                    return false;
                }
                nested = next;
            }
            block = next_block;
        }
    }
    if !pre {
        // SAFETY: `op` is valid.
        if let WalkResult::Interrupt = visit(unsafe { OperationRefMut::from_raw(op) }) {
            return false;
        }
    }
    true
}

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
        // SAFETY: valid op.
        if unsafe { bridge::mlirPassBridgeSetSymbolVisibility(self.to_raw(), visibility.to_raw()) }
        {
            Ok(())
        } else {
            Err(IrError::new(format!(
                "'{}' is not a symbol: its visibility cannot be set",
                op_name(self.to_raw())
            )))
        }
    }

    /// Erases the op (and everything nested in it) from its block.
    ///
    /// Every handle to the op or to ops nested in it dangles afterwards: do
    /// not use them. Inside a rewrite pattern, erase through the rewriter
    /// (`rewriter.erase_op(op)`) so the driver knows.
    ///
    /// # Errors
    /// A result of the op is still used (erasing it would leave the users
    /// with dangling operands: replace the uses first), the op is in no
    /// block (it is not part of the IR being transformed), or the op is the
    /// one the running pass was given, or holds it (MLIR would go on using it).
    fn erase(self) -> Result<(), IrError>
    where
        Self: Sized,
    {
        let raw = self.to_raw();
        if let Some(anchor) = crate::trampoline::current_anchor() {
            let mut current = anchor;
            while !current.ptr.is_null() {
                if current.ptr == raw.ptr {
                    return Err(IrError::new(format!(
                        "cannot erase '{}': it is the operation the pass runs on, or holds it",
                        op_name(raw)
                    )));
                }
                // SAFETY: a valid op; the parent chain of the anchor.
                current = unsafe { sys::mlirOperationGetParentOperation(current) };
            }
        }
        if self.block().is_none() {
            return Err(IrError::new(format!(
                "cannot erase '{}': it is in no block",
                op_name(raw)
            )));
        }
        for (index, result) in self.results().enumerate() {
            if let Some(user) = result.uses().next() {
                return Err(IrError::new(format!(
                    "cannot erase '{}': its result #{index} is still used by '{}'; \
                     replace its uses first",
                    op_name(raw),
                    op_name(user.owner.to_raw())
                )));
            }
        }
        // SAFETY: the op is in a block, nothing uses its results; the caller
        // gives up the handle (and must not use copies of it).
        unsafe { sys::mlirOperationDestroy(raw) };
        Ok(())
    }
}

impl<'c: 'a, 'a, T: OperationMutLike<'c, 'a> + ?Sized> OperationMutExt<'c, 'a> for T {}

fn op_name(op: sys::MlirOperation) -> String {
    // SAFETY: valid op; the identifier lives in the context.
    unsafe { to_str(sys::mlirIdentifierStr(sys::mlirOperationGetName(op))).into_owned() }
}

/// One use of a value: the op that uses it, and at which operand.
#[derive(Clone, Copy)]
pub struct ValueUse<'c, 'a> {
    /// The op whose operand it is.
    pub owner: OperationRefMut<'c, 'a>,
    /// The operand's index in `owner`.
    pub operand_number: usize,
}

impl fmt::Debug for ValueUse<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ValueUse")
            .field("owner", &op_name(self.owner.to_raw()))
            .field("operand_number", &self.operand_number)
            .finish()
    }
}

/// An iterator over a value's uses ([`ValueExt::uses`]).
pub struct Uses<'c, 'a> {
    next: sys::MlirOpOperand,
    _borrow: PhantomData<OperationRefMut<'c, 'a>>,
}

impl<'c, 'a> Iterator for Uses<'c, 'a> {
    type Item = ValueUse<'c, 'a>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.next.ptr.is_null() {
            return None;
        }
        let operand = self.next;
        // SAFETY: a non-null operand of a live value.
        unsafe {
            self.next = sys::mlirOpOperandGetNextUse(operand);
            Some(ValueUse {
                owner: OperationRefMut::from_raw(sys::mlirOpOperandGetOwner(operand)),
                operand_number: sys::mlirOpOperandGetOperandNumber(operand) as usize,
            })
        }
    }
}

/// What melior's values lack: use lists and replacing all uses.
pub trait ValueExt<'c>: ValueLike<'c> {
    /// The uses of this value, in MLIR's use-list order. Do not change the
    /// uses while iterating: collect them first.
    fn uses<'a>(&self) -> Uses<'c, 'a> {
        Uses {
            // SAFETY: valid value.
            next: unsafe { sys::mlirValueGetFirstUse(self.to_raw()) },
            _borrow: PhantomData,
        }
    }

    /// The op that defines this value, or `None` for a block argument
    /// (C++'s `Value::getDefiningOp`).
    fn defining_op<'a>(&self) -> Option<OperationRefMut<'c, 'a>> {
        let raw = self.to_raw();
        // SAFETY: a valid value; the owner of a result is a valid op.
        unsafe {
            if !sys::mlirValueIsAOpResult(raw) {
                return None;
            }
            Some(OperationRefMut::from_raw(sys::mlirOpResultGetOwner(raw)))
        }
    }

    /// The integer this value holds when it is the result of an
    /// `arith.constant` of a signless integer type of at most 64 bits or
    /// `index` (sign-extended; `i1` true reads as 1), as C++'s
    /// `matchPattern(value, m_ConstantInt(&v))` for those constants. One call
    /// into MLIR, where reading it through melior takes a dozen.
    fn arith_constant_int(&self) -> Option<i64> {
        let mut out = 0i64;
        // SAFETY: a valid value; `out` is written on success only.
        unsafe { bridge::mlirPassBridgeArithConstantInt(self.to_raw(), &mut out) }.then_some(out)
    }

    /// Whether anything uses this value.
    fn has_uses(&self) -> bool {
        self.uses().next().is_some()
    }

    /// Makes every use of this value use `with` instead
    /// (`Value::replaceAllUsesWith`). Inside a rewrite pattern, prefer the
    /// rewriter's `replace_all_uses_with` so the driver knows.
    fn replace_all_uses_with(&self, with: impl ValueLike<'c>) {
        // SAFETY: both values are valid and belong to one context.
        unsafe { sys::mlirValueReplaceAllUsesOfWith(self.to_raw(), with.to_raw()) }
    }
}

impl<'c, T: ValueLike<'c> + ?Sized> ValueExt<'c> for T {}

/// A cache of symbol tables for repeated lookups
/// (`SymbolTableCollection`); build one per `run`.
pub struct SymbolTableCollection {
    raw: *mut c_void,
}

impl SymbolTableCollection {
    /// An empty cache.
    pub fn new() -> Self {
        Self {
            // SAFETY: plain constructor.
            raw: unsafe { bridge::mlirPassBridgeSymbolTableCollectionCreate() },
        }
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
                push,
                (&mut raw as *mut Vec<sys::MlirOperation>).cast(),
            )
        };
        // SAFETY: ops in the symbol table's tree.
        let ops = raw
            .into_iter()
            .map(|op| unsafe { OperationRefMut::from_raw(op) })
            .collect();
        found.then_some(ops)
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

/// What melior's block arguments lack.
pub trait BlockArgumentExt<'c> {
    /// Sets the argument's location (`BlockArgument::setLoc`).
    fn set_location(&self, location: melior::ir::Location<'c>);
}

impl<'c> BlockArgumentExt<'c> for melior::ir::block::BlockArgument<'c, '_> {
    fn set_location(&self, location: melior::ir::Location<'c>) {
        // SAFETY: a valid block argument and location of one context.
        unsafe { sys::mlirBlockArgumentSetLocation(self.to_raw(), location.to_raw()) }
    }
}
