//! What MLIR calls on a Rust op: the verifier stages (here), the folder and
//! the canonicalization patterns (`fold.rs`), the ops a dialect builds for
//! MLIR (`materialize.rs`) and interface methods (`interfaces.rs`). Each
//! runs its Rust code through the panic trap: a panic is an error naming the
//! op and the method, never an abort, and fails the running pass.

use std::ffi::c_void;

use mlir_sys as sys;

use super::{constraint::TypeConstraint, op::Arity, OpDefinition, Trait};
use crate::{
    ffi::{bridge, print_to_string, string_ref, trap_hook},
    OperationRef,
};

mod canonicalize;
mod fold;
mod interfaces;
mod materialize;
mod type_match;

pub(super) use canonicalize::canonicalize;
pub(super) use fold::fold;
pub(super) use interfaces::{cast_compatible, infer_types};
pub(super) use materialize::{materialize_call_conversion, materialize_constant};

/// `op.emitOpError(message)`.
fn op_error(op: sys::MlirOperation, message: &str) {
    // SAFETY: a valid op; MLIR copies the message.
    unsafe { bridge::mlirPassBridgeEmitOpError(op, string_ref(message)) }
}

/// The definition behind a callback's user data.
///
/// # Safety
/// `definition` is the `&'static OpDefinition` the op was registered with.
unsafe fn definition<'a>(definition: *const c_void) -> &'a OpDefinition {
    // SAFETY: the caller's contract.
    unsafe { &*definition.cast::<OpDefinition>() }
}

pub(super) unsafe extern "C" fn verify(
    definition: *const c_void,
    op: sys::MlirOperation,
    stage: bridge::MlirPassBridgeVerifyStage,
) -> bool {
    // SAFETY: MLIR hands back the definition it was given, and a valid op.
    let def = unsafe { self::definition(definition) };
    let (result, what) = match stage {
        bridge::MlirPassBridgeVerifyStage::MlirPassBridgeVerifyInvariants => {
            (trap_hook(|| verify_invariants(def, op)), "constraint check")
        }
        bridge::MlirPassBridgeVerifyStage::MlirPassBridgeVerifyCustom => (
            // SAFETY: a valid op, borrowed for the call.
            trap_hook(|| {
                def.hooks
                    .verify
                    .map_or(Ok(()), |f| f(unsafe { OperationRef::from_raw(op) }))
            }),
            "verifier",
        ),
        _ => (
            // SAFETY: as above.
            trap_hook(|| {
                def.hooks
                    .verify_regions
                    .map_or(Ok(()), |f| f(unsafe { OperationRef::from_raw(op) }))
            }),
            "region verifier",
        ),
    };
    match result {
        Ok(Ok(())) => true,
        Ok(Err(message)) => {
            op_error(op, &message);
            false
        }
        Err(panic) => {
            op_error(
                op,
                &format!("{what} (`{}`) panicked: {panic}", def.type_name),
            );
            false
        }
    }
}

/// The bridge's `verifyAttribute` callback: ODS's `verifyInherentAttrs`,
/// which checks the inherent attributes of an op given in its attribute
/// dictionary (the generic form before properties, an `attr-dict`) before
/// the op exists, with the verifier's words.
pub(super) unsafe extern "C" fn verify_attribute(
    definition: *const c_void,
    index: isize,
    attr: sys::MlirAttribute,
    on_error: sys::MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: MLIR hands back the definition it was given.
    let def = unsafe { self::definition(definition) };
    let Some(spec) = usize::try_from(index)
        .ok()
        .and_then(|i| def.attributes.get(i))
    else {
        return true;
    };
    let message = match trap_hook(|| spec.constraint.accepts(attr)) {
        Ok(true) => return true,
        Ok(false) => format!(
            "attribute '{}' failed to satisfy constraint: {}",
            spec.name, spec.constraint
        ),
        Err(panic) => format!("constraint check (`{}`) panicked: {panic}", def.type_name),
    };
    if let Some(on_error) = on_error {
        // SAFETY: the bridge's callback, with its user data.
        unsafe { on_error(string_ref(&message), user_data) };
    }
    false
}

/// The bridge's `verifyValueType` callback: ODS's parser check of the
/// source of a type a `TypesMatchWith` derives, in its words (`'complex'
/// must be complex type with floating-point elements, but got
/// 'complex<i32>'`).
pub(super) unsafe extern "C" fn verify_value_type(
    definition: *const c_void,
    result: bool,
    index: isize,
    ty: sys::MlirType,
    on_error: sys::MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: MLIR hands back the definition it was given.
    let def = unsafe { self::definition(definition) };
    let index = usize::try_from(index).unwrap_or(usize::MAX);
    let value = if result {
        def.results
            .get(index)
            .map(|r| (r.name, r.arity, &r.constraint))
    } else {
        def.operands
            .get(index)
            .map(|o| (o.name, o.arity, &o.constraint))
    };
    let Some((name, arity, constraint)) = value else {
        return true;
    };
    let message = match trap_hook(|| constraint.accepts(ty)) {
        Ok(true) => return true,
        Ok(false) => format!(
            "'{name}' must be {}{constraint}, but got '{}'",
            variadic_of(arity),
            type_text(ty)
        ),
        Err(panic) => format!("constraint check (`{}`) panicked: {panic}", def.type_name),
    };
    if let Some(on_error) = on_error {
        // SAFETY: the bridge's callback, with its user data.
        unsafe { on_error(string_ref(&message), user_data) };
    }
    false
}

/// ODS's summary of a group's constraint starts `variadic of ` for a
/// variadic group (`operand #0 must be variadic of index`).
fn variadic_of(arity: Arity) -> &'static str {
    if arity == Arity::Variadic {
        "variadic of "
    } else {
        ""
    }
}

/// The text of a type, for messages.
fn type_text(ty: sys::MlirType) -> String {
    // SAFETY: a valid type; the callback appends to the string.
    unsafe { print_to_string(|cb, data| sys::mlirTypePrint(ty, cb, data)) }
}

/// The sizes of the groups from a segment sizes attribute (`None`: absent
/// or malformed, which MLIR's trait verifier has reported already).
fn segment_sizes(op: sys::MlirOperation, name: &str, groups: usize) -> Option<sys::MlirAttribute> {
    // SAFETY: a valid op; the attribute is only read.
    unsafe {
        let attr = sys::mlirOperationGetAttributeByName(op, string_ref(name));
        (!attr.ptr.is_null()
            && sys::mlirAttributeIsADenseI32Array(attr)
            && sys::mlirDenseArrayGetNumElements(attr) as usize == groups)
            .then_some(attr)
    }
}

/// Checks the values of each group against its constraint, in ODS's words,
/// without allocating: the groups' bounds come from the segment sizes
/// attribute, or, with at most one group of variable size, from the total.
fn check_groups<'d>(
    kind: &str,
    groups: impl ExactSizeIterator<Item = (Arity, &'d TypeConstraint)> + Clone,
    total: usize,
    segments: Option<sys::MlirAttribute>,
    type_of: impl Fn(usize) -> sys::MlirType,
) -> Result<(), String> {
    let singles = groups.clone().filter(|(a, _)| *a == Arity::Single).count();
    let variable = total.saturating_sub(singles);
    let mut start = 0;
    for (index, (arity, constraint)) in groups.enumerate() {
        let len = match segments {
            // SAFETY: a dense i32 array with one element per group.
            Some(sizes) => {
                unsafe { sys::mlirDenseI32ArrayGetElement(sizes, index as isize) }.max(0) as usize
            }
            None if arity == Arity::Single => 1,
            None => variable,
        };
        let len = len.min(total.saturating_sub(start));
        if arity == Arity::Optional && len > 1 {
            return Err(format!(
                "{kind} group starting at #{start} requires 0 or 1 element, but found {len}"
            ));
        }
        for index in start..start + len {
            let ty = type_of(index);
            if !constraint.accepts(ty) {
                return Err(format!(
                    "{kind} #{index} must be {}{constraint}, but got '{}'",
                    variadic_of(arity),
                    type_text(ty)
                ));
            }
        }
        start += len;
    }
    Ok(())
}

/// ODS's `verifyInvariantsImpl`: attributes, operand and result types,
/// region sizes (counts were checked by MLIR's trait verifiers). It
/// allocates nothing unless it reports an error.
fn verify_invariants(def: &OpDefinition, op: sys::MlirOperation) -> Result<(), String> {
    // SAFETY (whole function): `op` is a valid op MLIR is verifying.
    for attr in def.attributes {
        let value = unsafe { sys::mlirOperationGetAttributeByName(op, string_ref(attr.name)) };
        if value.ptr.is_null() {
            if !attr.optional && attr.default.is_none() {
                return Err(format!("requires attribute '{}'", attr.name));
            }
            continue;
        }
        if !attr.constraint.accepts(value) {
            return Err(format!(
                "attribute '{}' failed to satisfy constraint: {}",
                attr.name, attr.constraint
            ));
        }
    }
    let num_operands = unsafe { sys::mlirOperationGetNumOperands(op) } as usize;
    let segments = if def.has_trait(Trait::AttrSizedOperandSegments) {
        segment_sizes(op, "operandSegmentSizes", def.operands.len())
    } else {
        None
    };
    check_groups(
        "operand",
        def.operands.iter().map(|o| (o.arity, &o.constraint)),
        num_operands,
        segments,
        |i| unsafe { sys::mlirValueGetType(sys::mlirOperationGetOperand(op, i as isize)) },
    )?;
    let num_results = unsafe { sys::mlirOperationGetNumResults(op) } as usize;
    let segments = if def.has_trait(Trait::AttrSizedResultSegments) {
        segment_sizes(op, "resultSegmentSizes", def.results.len())
    } else {
        None
    };
    check_groups(
        "result",
        def.results.iter().map(|r| (r.arity, &r.constraint)),
        num_results,
        segments,
        |i| unsafe { sys::mlirValueGetType(sys::mlirOperationGetResult(op, i as isize)) },
    )?;
    for (index, region) in def.regions.iter().enumerate() {
        let Some(max) = region.max_blocks else {
            continue;
        };
        if region.variadic || index as isize >= unsafe { sys::mlirOperationGetNumRegions(op) } {
            continue;
        }
        let mut blocks = 0;
        unsafe {
            let mut block =
                sys::mlirRegionGetFirstBlock(sys::mlirOperationGetRegion(op, index as isize));
            while !block.ptr.is_null() {
                blocks += 1;
                block = sys::mlirBlockGetNextInRegion(block);
            }
        }
        if blocks > max {
            return Err(format!(
                "region #{index} ('{}') failed to verify constraint: region with {max} blocks",
                region.name
            ));
        }
    }
    type_match::verify(def, op)
}
