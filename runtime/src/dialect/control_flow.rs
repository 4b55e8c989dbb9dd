//! Control flow of Rust ops: `BranchOpInterface` (which operand group each
//! successor block is given) and `RegionBranchOpInterface` (where control
//! goes on entering the op and on leaving each of its regions), declared
//! as data by `#[mlir_op]`, with the answers that depend on constant
//! operands asked of Rust methods; and the callbacks through which the
//! bridge asks those.

use std::ffi::c_void;

use melior::ir::Attribute;
use mlir_sys as sys;

use super::OpDefinition;
use crate::{
    ffi::{bridge, string_ref, trap_hook},
    OperationRef,
};

/// Where control goes from a region branch point of an op (C++'s
/// `RegionSuccessor`): into one of its regions (whose entry block's
/// arguments receive the values), or out of the op (its results).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionTarget {
    /// Out of the op, to its results (`RegionSuccessor` of the parent).
    Parent,
    /// Into the op's region of this number.
    Region(u32),
}

/// Chooses the successor a branch takes given its constant operands (`None`
/// where unknown): C++'s `BranchOpInterface::getSuccessorForOperands`,
/// answering the successor's index, or `None` when it cannot tell.
pub type SuccessorForOperandsHook =
    for<'a> fn(OperationRef<'a>, &[Option<Attribute<'a>>]) -> Option<usize>;

/// Chooses the successors of entering a region branch op given its
/// constant operands: C++'s `getEntrySuccessorRegions`.
pub type EntrySuccessorsHook =
    for<'a> fn(OperationRef<'a>, &[Option<Attribute<'a>>]) -> Vec<RegionTarget>;

/// `BranchOpInterface` of an op (`interfaces = [BranchOpInterface(dest =
/// dest_operands)]`): successor `i` is given the operand group
/// `successor_operands[i]`, forwarded as they are (C++'s
/// `SuccessorOperands(getDestOperandsMutable())`).
#[derive(Clone, Copy, Debug)]
pub struct BranchInterface {
    /// Per successor, the index of the operand group it is given (`None`:
    /// no values).
    pub successor_operands: &'static [Option<u32>],
    /// `getSuccessorForOperands`, when the op answers it
    /// (`successor_for_operands`); otherwise no successor is chosen.
    pub successor_for_operands: Option<SuccessorForOperandsHook>,
}

/// `RegionBranchOpInterface` of an op (`interfaces =
/// [RegionBranchOpInterface(entry = [then_region, else_region], then_region
/// = [parent], else_region = [parent])]`).
#[derive(Clone, Copy, Debug)]
pub struct RegionBranchInterface {
    /// Where control goes on entering the op
    /// (`getSuccessorRegions(RegionBranchPoint::parent())`).
    pub entry: &'static [RegionTarget],
    /// Per region, where control goes from its terminators.
    pub successors: &'static [&'static [RegionTarget]],
    /// The operand group forwarded on entering (`getEntrySuccessorOperands`,
    /// the same for every successor); `None`: no values.
    pub entry_operands: Option<u32>,
    /// `getEntrySuccessorRegions` given constant operands, when the op
    /// answers it (`entry_successors`); otherwise `entry`.
    pub entry_successors: Option<EntrySuccessorsHook>,
}

/// The mask of `targets` for the bridge.
pub(super) fn target_mask(targets: &[RegionTarget]) -> u64 {
    targets.iter().fold(0, |mask, t| {
        mask | match *t {
            RegionTarget::Parent => 1 << 63,
            RegionTarget::Region(i) if i < 63 => 1 << i,
            RegionTarget::Region(_) => 0,
        }
    })
}

/// The op's definition behind a callback's user data.
///
/// # Safety
/// `definition` is the `&'static OpDefinition` the op was registered with.
unsafe fn definition<'d>(definition: *const c_void) -> &'d OpDefinition {
    // SAFETY: the caller's contract.
    unsafe { &*definition.cast::<OpDefinition>() }
}

fn report(op: sys::MlirOperation, message: &str) {
    // SAFETY: a valid op; MLIR copies the message.
    unsafe { bridge::mlirPassBridgeEmitOpError(op, string_ref(message)) };
}

/// Constant operands from the bridge: `None` for null attributes.
///
/// # Safety
/// `operands` points to `count` attributes (or `count` is 0).
unsafe fn constants<'a>(
    operands: *const sys::MlirAttribute,
    count: isize,
) -> Vec<Option<Attribute<'a>>> {
    if operands.is_null() || count <= 0 {
        return Vec::new();
    }
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(operands, count as usize) }
        .iter()
        // SAFETY: attributes of the op's context, or null.
        .map(|&a| (!a.ptr.is_null()).then(|| unsafe { Attribute::from_raw(a) }))
        .collect()
}

pub(super) unsafe extern "C" fn successor_for_operands(
    definition: *const c_void,
    op: sys::MlirOperation,
    operands: *const sys::MlirAttribute,
    num_operands: isize,
) -> i32 {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { self::definition(definition) };
    let Some(hook) = def.interfaces.branch.and_then(|b| b.successor_for_operands) else {
        return -1;
    };
    // SAFETY: as the bridge promises.
    let constants = unsafe { constants(operands, num_operands) };
    // SAFETY: a valid op, borrowed for the call.
    let successors = unsafe { sys::mlirOperationGetNumSuccessors(op) };
    let chosen = trap_hook(|| {
        let chosen = hook(unsafe { OperationRef::from_raw(op) }, &constants);
        if let Some(index) = chosen {
            assert!(
                index < successors as usize,
                "`successor_for_operands` chose successor #{index}, but the op has {successors}"
            );
        }
        chosen
    });
    match chosen {
        Ok(Some(index)) => index as i32,
        Ok(None) => -1,
        Err(panic) => {
            report(
                op,
                &format!(
                    "`successor_for_operands` (BranchOpInterface) of `{}` panicked: {panic}; \
                     no successor is chosen",
                    def.type_name
                ),
            );
            -1
        }
    }
}

pub(super) unsafe extern "C" fn entry_successors(
    definition: *const c_void,
    op: sys::MlirOperation,
    operands: *const sys::MlirAttribute,
    num_operands: isize,
    add: bridge::MlirPassBridgeAddRegionSuccessor,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { self::definition(definition) };
    let (Some(hook), Some(add)) = (
        def.interfaces
            .region_branch
            .and_then(|r| r.entry_successors),
        add,
    ) else {
        return false;
    };
    // SAFETY: as the bridge promises.
    let constants = unsafe { constants(operands, num_operands) };
    // SAFETY: a valid op, borrowed for the call.
    let regions = unsafe { sys::mlirOperationGetNumRegions(op) };
    let targets = trap_hook(|| {
        let targets = hook(unsafe { OperationRef::from_raw(op) }, &constants);
        for target in &targets {
            if let RegionTarget::Region(i) = *target {
                assert!(
                    (i as isize) < regions && i < 63,
                    "`entry_successor_regions` named region #{i}, but the op has {regions}"
                );
            }
        }
        targets
    });
    match targets {
        Ok(targets) => {
            for target in targets {
                let region = match target {
                    RegionTarget::Parent => -1,
                    RegionTarget::Region(i) => i as i32,
                };
                // SAFETY: the bridge's callback and its data.
                unsafe { add(region, user_data) };
            }
            true
        }
        Err(panic) => {
            report(
                op,
                &format!(
                    "`entry_successor_regions` (RegionBranchOpInterface) of `{}` panicked: \
                     {panic}; every declared entry successor is taken",
                    def.type_name
                ),
            );
            false
        }
    }
}
