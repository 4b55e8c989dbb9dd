//! What MLIR calls on a Rust op: the verifier stages, the folder, the
//! canonicalization patterns and the dialect's constant materializer. Each
//! runs its Rust code through the panic trap: a panic is an error naming the
//! op and the method, never an abort.

use std::ffi::c_void;

use melior::ir::{Attribute, Location, Type};
use mlir_sys as sys;

use super::{
    constraint::TypeConstraint,
    op::{Arity, FoldResult},
    DialectDefinition, OpDefinition, Trait,
};
use crate::{
    ffi::{bridge, context_from_raw, print_to_string, string_ref, trap, trap_hook},
    rewrite::PatternSetBuilder,
    OperationRef,
};

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
                    "{kind} #{index} must be {constraint}, but got '{}'",
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
    Ok(())
}

pub(super) unsafe extern "C" fn fold(
    definition: *const c_void,
    op: sys::MlirOperation,
    operands: *const sys::MlirAttribute,
    num_operands: isize,
    results: *mut bridge::MlirPassBridgeFoldResults,
) -> bool {
    // SAFETY: MLIR hands back the definition and a valid op.
    let def = unsafe { self::definition(definition) };
    let Some(hook) = def.hooks.fold else {
        return false;
    };
    let folded = trap_hook(|| {
        // SAFETY: `operands` holds `num_operands` attributes (null where
        // unknown), alive for the call.
        let raw = unsafe { std::slice::from_raw_parts(operands, num_operands.max(0) as usize) };
        let constants: Vec<Option<Attribute<'_>>> = raw
            .iter()
            .map(|a| (!a.ptr.is_null()).then(|| unsafe { Attribute::from_raw(*a) }))
            .collect();
        // SAFETY: a valid op, borrowed for the call.
        let results_of = hook(unsafe { OperationRef::from_raw(op) }, &constants);
        results_of
            .iter()
            .map(|r| match r {
                FoldResult::Attribute(a) => (true, a.to_raw().ptr),
                FoldResult::Value(v) => (false, v.to_raw().ptr),
            })
            .collect::<Vec<_>>()
    });
    match folded {
        Ok(list) if list.is_empty() => false,
        Ok(list) => {
            // C++ asserts these in a debug build (`OperationFolder`): one
            // result per op result, a value of the result's type.
            if let Err(message) = check_fold_results(op, &list) {
                op_error(op, &format!("folder (`{}`) {message}", def.type_name));
                // SAFETY: no arguments.
                unsafe { bridge::mlirPassBridgeFailRunningPass() };
                return false;
            }
            for (is_attr, ptr) in list {
                // SAFETY: `results` is the fold's result list; the values
                // come from the op's context.
                unsafe {
                    if is_attr {
                        bridge::mlirPassBridgeFoldResultsPushAttribute(
                            results,
                            sys::MlirAttribute { ptr },
                        );
                    } else {
                        bridge::mlirPassBridgeFoldResultsPushValue(results, sys::MlirValue { ptr });
                    }
                }
            }
            true
        }
        Err(panic) => {
            op_error(
                op,
                &format!("folder (`{}`) panicked: {panic}", def.type_name),
            );
            false
        }
    }
}

/// What is wrong with a folder's results, if anything: their count, or a
/// value whose type is not its result's.
fn check_fold_results(
    op: sys::MlirOperation,
    list: &[(bool, *const c_void)],
) -> Result<(), String> {
    // SAFETY: a valid op; results asked of it in range.
    let count = unsafe { sys::mlirOperationGetNumResults(op) }.max(0) as usize;
    if list.len() != count {
        return Err(format!(
            "returned {} results, but the op has {count}: return one per result, or none \
             when it does not fold",
            list.len()
        ));
    }
    for (index, (is_attr, ptr)) in list.iter().enumerate() {
        if *is_attr {
            continue;
        }
        // SAFETY: a value the folder returned, of the op's context, and a
        // result of the op in range.
        let (got, expected) = unsafe {
            (
                sys::mlirValueGetType(sys::MlirValue { ptr: *ptr }),
                sys::mlirValueGetType(sys::mlirOperationGetResult(op, index as isize)),
            )
        };
        // SAFETY: valid types.
        if !unsafe { sys::mlirTypeEqual(got, expected) } {
            return Err(format!(
                "replaced result #{index} of type '{}' by a value of type '{}': a folded \
                 value must have its result's type",
                type_text(expected),
                type_text(got)
            ));
        }
    }
    Ok(())
}

/// What is wrong with an op a constant materializer built, if anything:
/// not `ConstantLike` (the folder would not recognise it, and C++ asserts),
/// or not one result of the type asked for.
fn check_materialized(op: sys::MlirOperation, ty: sys::MlirType) -> Result<(), String> {
    // SAFETY: a valid, detached op; its name, results and traits are read.
    unsafe {
        let name = crate::ffi::op_name(op);
        if !bridge::mlirPassBridgeHasTrait(
            op,
            bridge::MlirPassBridgeTrait::MlirPassBridgeTraitConstantLike,
        ) {
            return Err(format!(
                "built '{name}', which is not a constant: a materializer builds an op with the \
                 ConstantLike trait (or none)"
            ));
        }
        let results = sys::mlirOperationGetNumResults(op);
        let result_type =
            (results == 1).then(|| sys::mlirValueGetType(sys::mlirOperationGetResult(op, 0)));
        match result_type {
            Some(t) if sys::mlirTypeEqual(t, ty) => Ok(()),
            Some(t) => Err(format!(
                "built '{name}' of type '{}' for a constant of type '{}': its result must have \
                 the type asked for",
                type_text(t),
                type_text(ty)
            )),
            None => Err(format!(
                "built '{name}' with {results} results; a constant has one"
            )),
        }
    }
}

use melior::ir::attribute::AttributeLike;
use melior::ir::ValueLike;

pub(super) unsafe extern "C" fn canonicalize(
    definition: *const c_void,
    set: sys::MlirRewritePatternSet,
    context: sys::MlirContext,
) {
    // SAFETY: MLIR hands back the definition.
    let def = unsafe { self::definition(definition) };
    let Some(hook) = def.hooks.canonicalize else {
        return;
    };
    let result = trap(|| {
        // SAFETY: MLIR's set, alive for the call; released below.
        let builder = unsafe { PatternSetBuilder::borrowed(set, context) };
        hook(builder).release();
    });
    if let Err(panic) = result {
        let message = format!(
            "canonicalization patterns of `{}` panicked: {panic}; they were not added",
            def.type_name
        );
        // The hook runs when `canonicalize` initializes, before any pass
        // runs: no pass can fail yet. A stand-in pattern on the op fails the
        // pass that first meets such an op, with the error at it.
        match full_name(def) {
            Some(root) => {
                // SAFETY: MLIR's set, alive for the call; released below.
                let builder = unsafe { PatternSetBuilder::borrowed(set, context) };
                builder
                    .add(PanickedPatterns {
                        root,
                        message,
                        reported: std::sync::atomic::AtomicBool::new(false),
                    })
                    .release();
            }
            // SAFETY: a valid context.
            None => unsafe { crate::ContextRef::from_raw(context) }.emit_error(&message),
        }
    }
}

/// `namespace.name` of a registered op definition.
fn full_name(def: &'static OpDefinition) -> Option<String> {
    inventory::iter::<super::OpRegistration>
        .into_iter()
        .find(|r| std::ptr::eq((r.op)(), def))
        .map(|r| format!("{}.{}", (r.dialect)().namespace, def.name))
}

/// Stands in for an op's canonicalization patterns whose hook panicked: on
/// every op of that kind it fails the running pass (the first time with the
/// error, at the op) and matches nothing.
struct PanickedPatterns {
    root: String,
    message: String,
    reported: std::sync::atomic::AtomicBool,
}

impl crate::rewrite::RewritePattern for PanickedPatterns {
    fn root(&self) -> &str {
        &self.root
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        _rewriter: &crate::rewrite::PatternRewriter<'_>,
    ) -> crate::rewrite::MatchResult {
        if !self
            .reported
            .swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            op_error(op.raw(), &self.message);
        }
        // SAFETY: no arguments.
        unsafe { bridge::mlirPassBridgeFailRunningPass() };
        Err(crate::rewrite::NoMatch)
    }
}

/// Runs a dialect's op builder (`build`, given the context, the type and
/// the location) through the trap: its op, or null when it builds none or
/// panics (the panic is an error at `location`, naming the `what`).
///
/// # Safety
/// `context`, `ty` and `location` are valid and of one context.
unsafe fn build_op(
    def: &DialectDefinition,
    what: &str,
    context: sys::MlirContext,
    ty: sys::MlirType,
    location: sys::MlirLocation,
    build: impl for<'c> FnOnce(
        &'c melior::Context,
        Type<'c>,
        Location<'c>,
    ) -> Option<melior::ir::Operation<'c>>,
) -> sys::MlirOperation {
    let result = trap_hook(|| {
        let context = context_from_raw(&context);
        // SAFETY: valid values of the context, borrowed for the call.
        let (ty, location) = unsafe { (Type::from_raw(ty), Location::from_raw(location)) };
        build(context, ty, location).map(|op| op.into_raw())
    });
    match result {
        // MLIR inserts the op where it wants it: one already in a block
        // (melior's owned `Operation` can be moved into one) would be in
        // two lists. It cannot be freed either (its block owns it); it is
        // left where it is, and refused.
        // SAFETY: an op the hook built, valid.
        Ok(Some(op)) if !unsafe { sys::mlirOperationGetBlock(op) }.ptr.is_null() => {
            // SAFETY: a valid location (the caller's contract); no arguments.
            unsafe {
                crate::Location::from_raw(location).emit_error(&format!(
                    "{what} of dialect `{}` returned an op that is already in a block: return a \
                     new op, not inserted anywhere",
                    def.type_name
                ));
                bridge::mlirPassBridgeFailRunningPass();
            }
            sys::MlirOperation {
                ptr: std::ptr::null_mut(),
            }
        }
        Ok(Some(op)) => op,
        Ok(None) => sys::MlirOperation {
            ptr: std::ptr::null_mut(),
        },
        Err(panic) => {
            // SAFETY: a valid location (the caller's contract).
            unsafe { crate::Location::from_raw(location) }.emit_error(&format!(
                "{what} of dialect `{}` panicked: {panic}",
                def.type_name
            ));
            sys::MlirOperation {
                ptr: std::ptr::null_mut(),
            }
        }
    }
}

pub(super) unsafe extern "C" fn materialize_constant(
    dialect: *const c_void,
    context: sys::MlirContext,
    value: sys::MlirAttribute,
    ty: sys::MlirType,
    location: sys::MlirLocation,
) -> sys::MlirOperation {
    // SAFETY: MLIR hands back the dialect's definition, and valid values.
    let def = unsafe { &*dialect.cast::<DialectDefinition>() };
    let hook = def.materialize_constant;
    // SAFETY: as above.
    let op = unsafe {
        build_op(
            def,
            "constant materializer",
            context,
            ty,
            location,
            |context, ty, location| hook?(context, Attribute::from_raw(value), ty, location),
        )
    };
    if op.ptr.is_null() {
        return op;
    }
    match check_materialized(op, ty) {
        Ok(()) => op,
        Err(message) => {
            // SAFETY: a valid location; the op was built detached for MLIR,
            // which now gets none, so it is ours to free; no arguments.
            unsafe {
                crate::ffi::emit_error_at(
                    location,
                    &format!(
                        "constant materializer of dialect `{}` {message}",
                        def.type_name
                    ),
                );
                sys::mlirOperationDestroy(op);
                bridge::mlirPassBridgeFailRunningPass();
            }
            sys::MlirOperation {
                ptr: std::ptr::null_mut(),
            }
        }
    }
}

pub(super) unsafe extern "C" fn cast_compatible(
    definition: *const c_void,
    inputs: *const sys::MlirType,
    num_inputs: isize,
    outputs: *const sys::MlirType,
    num_outputs: isize,
) -> bool {
    // SAFETY: MLIR hands back the definition.
    let def = unsafe { self::definition(definition) };
    let Some(hook) = def.interfaces.cast else {
        return false;
    };
    let result = trap_hook(|| {
        // SAFETY: the arrays hold valid types, alive for the call.
        let types = |p: *const sys::MlirType, n: isize| -> Vec<Type<'_>> {
            (0..n.max(0) as usize)
                .map(|i| unsafe { Type::from_raw(*p.add(i)) })
                .collect()
        };
        hook(&types(inputs, num_inputs), &types(outputs, num_outputs))
    });
    // A panic answers "not compatible": the op's verifier (which asks
    // `areCastCompatible`, as ODS's does) then reports the cast as invalid,
    // at the op. MLIR hands the method types only, so the panic itself is
    // reported at an unknown location of their context, just before.
    result.unwrap_or_else(|panic| {
        let any = [(inputs, num_inputs), (outputs, num_outputs)]
            .into_iter()
            .find(|(p, n)| *n > 0 && !p.is_null());
        if let Some((types, _)) = any {
            // SAFETY: a valid type of the context, which outlives the call.
            unsafe {
                let context = sys::mlirTypeGetContext(*types);
                crate::ffi::emit_error_at(
                    sys::mlirLocationUnknownGet(context),
                    &format!(
                        "`are_cast_compatible` (CastOpInterface) of `{}` panicked: {panic}",
                        def.type_name
                    ),
                );
            }
        }
        false
    })
}

pub(super) unsafe extern "C" fn materialize_call_conversion(
    dialect: *const c_void,
    context: sys::MlirContext,
    input: sys::MlirValue,
    ty: sys::MlirType,
    location: sys::MlirLocation,
) -> sys::MlirOperation {
    // SAFETY: MLIR hands back the dialect's definition, and valid values.
    let def = unsafe { &*dialect.cast::<DialectDefinition>() };
    let hook = def.materialize_call_conversion;
    // SAFETY: as above.
    unsafe {
        build_op(
            def,
            "call conversion",
            context,
            ty,
            location,
            |context, ty, location| {
                hook?(context, melior::ir::Value::from_raw(input), ty, location)
            },
        )
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) unsafe extern "C" fn infer_types(
    definition: *const c_void,
    context: sys::MlirContext,
    location: sys::MlirLocation,
    operands: *const sys::MlirValue,
    num_operands: isize,
    attributes: sys::MlirAttribute,
    on_type: Option<unsafe extern "C" fn(sys::MlirType, *mut c_void)>,
    on_error: sys::MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: MLIR hands back the definition.
    let def = unsafe { self::definition(definition) };
    let Some(hook) = def.interfaces.infer_types else {
        return false;
    };
    let result = trap_hook(|| {
        let context = context_from_raw(&context);
        // SAFETY: valid values of the context, alive for the call.
        let input = unsafe {
            super::InferTypeInput::new(
                context,
                (!location.ptr.is_null()).then(|| Location::from_raw(location)),
                (0..num_operands.max(0) as usize)
                    .map(|i| melior::ir::Value::from_raw(*operands.add(i)))
                    .collect(),
                (!attributes.ptr.is_null())
                    .then(|| {
                        melior::ir::attribute::DictionaryAttribute::try_from(Attribute::from_raw(
                            attributes,
                        ))
                        .ok()
                    })
                    .flatten(),
            )
        };
        hook(&input).map(|types| {
            types
                .iter()
                .map(melior::ir::TypeLike::to_raw)
                .collect::<Vec<_>>()
        })
    });
    let message = match result {
        Ok(Ok(types)) => {
            if let Some(on_type) = on_type {
                for ty in types {
                    // SAFETY: the bridge's callback with its user data.
                    unsafe { on_type(ty, user_data) };
                }
            }
            return true;
        }
        Ok(Err(message)) => message,
        Err(panic) => format!("type inference (`{}`) panicked: {panic}", def.type_name),
    };
    if let Some(on_error) = on_error {
        // SAFETY: the bridge's callback with its user data.
        unsafe { on_error(string_ref(&message), user_data) };
    }
    false
}
