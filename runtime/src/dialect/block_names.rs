//! The names the blocks of an op's regions print with (C++'s
//! `OpAsmOpInterface::getAsmBlockNames`): `^entry`, `^loop` instead of
//! `^bb0`, `^bb1`. Declared with
//! `interfaces = [OpAsmOpInterface(block_names)]` on `#[mlir_op]`.
//!
//! MLIR's printer makes each name a valid block name but, unlike value
//! names, does not make it unique, and numbers the other blocks `^bbN`:
//! two blocks of one region with the same name, or a name of the form
//! `bbN`, would print IR that does not parse back. C++ leaves that to the
//! op; here it is checked with the rest of what C++ only asserts (the
//! block belongs to the op, is named once): the hook panics at the call,
//! and the op's blocks print with their default names.

use std::{ffi::c_void, marker::PhantomData};

use melior::ir::{BlockLike, BlockRef};
use mlir_sys as sys;

use super::OpDefinition;
use crate::{
    ffi::{bridge, string_ref, trap_hook},
    OperationRef,
};

/// Names the blocks of one op's regions for the printer (C++'s
/// `OpAsmSetBlockNameFn`), in [`OpAsmInterface::block_names`].
///
/// [`OpAsmInterface::block_names`]: super::OpAsmInterface::block_names
pub struct BlockNames<'a> {
    op: sys::MlirOperation,
    names: Vec<(sys::MlirBlock, String)>,
    _borrow: PhantomData<&'a ()>,
}

/// Names the blocks of an op's regions (C++'s `getAsmBlockNames`).
pub type BlockNamesHook = for<'a> fn(OperationRef<'a>, &mut BlockNames<'a>);

impl BlockNames<'_> {
    /// Names `block` `name` (C++'s `setNameFn(block, name)`): it prints as
    /// `^name`. An empty name keeps the default `^bbN`.
    ///
    /// # Panics
    /// When `block` is not a block of a region of this op, was named
    /// already, or `name` is the name of another block of its region, of
    /// the form `bbN` (the printer's own names, which would clash) or one
    /// MLIR would rewrite (other than ASCII letters, digits, `$`, `.`, `_`
    /// and `-`, or starting with a digit), since the printed IR would then
    /// not parse back: the
    /// panic is reported at the op, whose blocks then print with their
    /// default names.
    #[track_caller]
    pub fn set(&mut self, block: BlockRef<'_, '_>, name: &str) {
        let raw = block.to_raw();
        // SAFETY: a valid block (melior's handles are); only read.
        let (ours, region) = unsafe {
            (
                sys::mlirOperationEqual(sys::mlirBlockGetParentOperation(raw), self.op),
                sys::mlirBlockGetParentRegion(raw),
            )
        };
        if !ours {
            panic!("`BlockNames::set` was given a block that is not in a region of this op");
        }
        // SAFETY: valid blocks.
        if let Some((_, first)) = self
            .names
            .iter()
            .find(|(b, _)| unsafe { sys::mlirBlockEqual(*b, raw) })
        {
            panic!("`BlockNames::set` named a block twice (`{first}`, then `{name}`)");
        }
        if name.is_empty() {
            // The default number; the block counts as named.
            self.names.push((raw, String::new()));
            return;
        }
        // MLIR rewrites other names (a space to `_`, other bytes to hex, a
        // `_` before a leading digit) and would not see two rewritten ones
        // clash.
        let valid = name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"$._-".contains(&b))
            && !name.as_bytes()[0].is_ascii_digit();
        if !valid {
            panic!(
                "`BlockNames::set` was given `{name}`, which MLIR would rewrite: a block name is \
                 ASCII letters, digits, `$`, `.`, `_` and `-`, not starting with a digit"
            );
        }
        if name.len() > 2 && name.starts_with("bb") && name[2..].bytes().all(|b| b.is_ascii_digit())
        {
            panic!(
                "`BlockNames::set` was given `{name}`, a name the printer gives the blocks it \
                 numbers: choose another"
            );
        }
        // SAFETY: valid blocks.
        if self.names.iter().any(|(b, n)| {
            n == name && unsafe { sys::mlirRegionEqual(sys::mlirBlockGetParentRegion(*b), region) }
        }) {
            panic!(
                "`BlockNames::set` gave two blocks of one region the name `{name}`: block names \
                 must be unique in their region"
            );
        }
        self.names.push((raw, name.to_owned()));
    }
}

impl std::fmt::Debug for BlockNames<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BlockNames")
            .field("named", &self.names.len())
            .finish()
    }
}

pub(super) unsafe extern "C" fn asm_block_names(
    definition: *const c_void,
    op: sys::MlirOperation,
    set_name: Option<unsafe extern "C" fn(sys::MlirBlock, sys::MlirStringRef, *mut c_void)>,
    user_data: *mut c_void,
) {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<OpDefinition>() };
    let (Some(hook), Some(set_name), false) = (
        def.interfaces.asm.block_names,
        set_name,
        super::asm_names::NAMING.with(std::cell::Cell::get),
    ) else {
        return;
    };
    super::asm_names::NAMING.with(|n| n.set(true));
    let mut names = BlockNames {
        op,
        names: Vec::new(),
        _borrow: PhantomData,
    };
    // SAFETY: a valid op, borrowed for the call.
    let result = trap_hook(|| hook(unsafe { OperationRef::from_raw(op) }, &mut names));
    match result {
        Ok(()) => {
            for (block, name) in names.names.iter().filter(|(_, n)| !n.is_empty()) {
                // SAFETY: a block the checks above accepted; MLIR copies the
                // name.
                unsafe { set_name(*block, string_ref(name), user_data) };
            }
        }
        Err(panic) => {
            // As for value names: the blocks keep MLIR's numbers (the text
            // still parses back), and the count lets the tool fail.
            super::asm::count_print_failure();
            let message = format!(
                "`block_names` (OpAsmOpInterface) of `{}` panicked: {panic}; its blocks print \
                 with default names",
                def.type_name
            );
            // SAFETY: a valid op; MLIR copies the message.
            unsafe { bridge::mlirPassBridgeEmitOpError(op, string_ref(&message)) };
        }
    }
    super::asm_names::NAMING.with(|n| n.set(false));
}
