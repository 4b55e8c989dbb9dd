//! Interface methods MLIR calls on a Rust op: `CastOpInterface`'s
//! `areCastCompatible` and `InferTypeOpInterface`'s `inferReturnTypes`.

use std::ffi::c_void;

use melior::ir::{Attribute, Location, Type};
use mlir_sys as sys;

use super::definition;
use crate::ffi::{context_from_raw, string_ref, trap_hook};

pub(in crate::dialect) unsafe extern "C" fn cast_compatible(
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

#[allow(clippy::too_many_arguments)]
pub(in crate::dialect) unsafe extern "C" fn infer_types(
    definition: *const c_void,
    context: sys::MlirContext,
    location: sys::MlirLocation,
    operands: *const sys::MlirValue,
    num_operands: isize,
    attributes: sys::MlirAttribute,
    property: Option<unsafe extern "C" fn(sys::MlirStringRef, *mut c_void) -> sys::MlirAttribute>,
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
            crate::dialect::InferTypeInput::new(
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
                property.map(|lookup| crate::dialect::op::PropertyLookup {
                    lookup,
                    data: user_data,
                }),
            )
        };
        hook(&input).map(|types| {
            // Handed over here, not collected into a second vector.
            if let Some(on_type) = on_type {
                for ty in types {
                    // SAFETY: the bridge's callback with its user data.
                    unsafe { on_type(melior::ir::TypeLike::to_raw(&ty), user_data) };
                }
            }
        })
    });
    let message = match result {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(panic) => format!("type inference (`{}`) panicked: {panic}", def.type_name),
    };
    if let Some(on_error) = on_error {
        // SAFETY: the bridge's callback with its user data.
        unsafe { on_error(string_ref(&message), user_data) };
    }
    false
}
