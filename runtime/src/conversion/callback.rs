//! Rust closures as the bridge's callbacks: boxing, releasing, the
//! trampolines of type conversions and materializations, and what a
//! panic in one becomes.
//!
//! A panic inside a conversion in progress on this thread is reported as an
//! error diagnostic (at the op concerned, or at the op the conversion runs
//! on) and fails the conversion. A panic in a callback that Rust code
//! called directly ([`TypeConverter::convert_type`](super::TypeConverter::convert_type),
//! [`ConversionTarget::is_legal`](super::ConversionTarget::is_legal)) is
//! raised again in that Rust code once MLIR has returned.

use std::{cell::RefCell, ffi::c_void};

use melior::{
    ir::{Location, Type, TypeLike, Value, ValueLike},
    Context,
};
use mlir_sys as sys;

use super::{
    materializer::Materializer,
    types::{Materialization, TypeConversion},
};
use crate::{
    external::current_pass,
    ffi::{
        bridge::{self, MlirPassBridgeConversionOutcome},
        context_from_raw, emit_error_at, trap, trap_hook,
    },
    rewrite::driver::{current_application, mark_application_failed, Driver},
};

/// Boxes `value` as a callback's user data.
pub(super) fn boxed<T: Send + Sync + 'static>(value: T) -> *mut c_void {
    Box::into_raw(Box::new(value)).cast()
}

/// Releases user data made by [`boxed`] with the same `T`; a panic in its
/// drop is printed, never unwound into C++.
pub(super) unsafe extern "C" fn drop_boxed<T>(user_data: *mut c_void) {
    // SAFETY: made by `boxed::<T>`, released once by the bridge.
    let value = unsafe { Box::from_raw(user_data.cast::<T>()) };
    if let Err(panic) = trap(move || drop(value)) {
        eprintln!("mlir-pass: a conversion callback panicked while being dropped: {panic}");
    }
}

/// Where a panicking callback was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CallbackSite {
    Legality,
    TypeConversion,
    Materialization,
}

thread_local! {
    /// A panic in a callback called outside a conversion, to raise again
    /// when the bridge returns to Rust.
    static PENDING: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Reports a callback's panic (`message` says which callback and why).
pub(super) fn report_panic(site: CallbackSite, message: &str, location: Option<sys::MlirLocation>) {
    let _ = site;
    match current_application() {
        Some(application) if application.driver == Driver::Conversion => {
            if application.failed {
                // Already reported: one diagnostic per failed conversion.
                return;
            }
            mark_application_failed();
            let message = match current_pass() {
                Some(pass) => format!("pass '{pass}': {message}"),
                None => message.to_owned(),
            };
            // SAFETY: the root op is valid while its conversion runs, and
            // `location` (when given) is a location of its context.
            unsafe {
                let location =
                    location.unwrap_or_else(|| sys::mlirOperationGetLocation(application.root));
                emit_error_at(location, &message);
            }
        }
        _ => PENDING.with(|pending| {
            pending
                .borrow_mut()
                .get_or_insert_with(|| message.to_owned());
        }),
    }
}

/// Whether the conversion running on this thread has failed already (then
/// callbacks answer without calling Rust code).
pub(super) fn conversion_failed() -> bool {
    matches!(
        current_application(),
        Some(application) if application.driver == Driver::Conversion && application.failed
    )
}

/// Raises again, in Rust, the panic of a callback that Rust code called
/// directly.
pub(super) fn resume_pending_panic() {
    if let Some(message) = PENDING.with(|pending| pending.borrow_mut().take()) {
        panic!("{message}");
    }
}

/// The bridge's conversion callback for a closure `F`.
pub(super) unsafe extern "C" fn convert_one<F>(
    ty: sys::MlirType,
    results: *mut bridge::MlirPassBridgeTypeList,
    user_data: *mut c_void,
) -> MlirPassBridgeConversionOutcome
where
    F: for<'c> Fn(Type<'c>, &'c Context) -> TypeConversion<'c> + Send + Sync + 'static,
{
    if conversion_failed() {
        return MlirPassBridgeConversionOutcome::MlirPassBridgeConversionFailed;
    }
    // SAFETY: the box made in `add_conversion`; a valid type, whose context
    // outlives the call.
    let (convert, ty, context) = unsafe {
        (
            &*user_data.cast::<F>(),
            Type::from_raw(ty),
            sys::mlirTypeGetContext(ty),
        )
    };
    match trap_hook(|| convert(ty, context_from_raw(&context))) {
        Ok(TypeConversion::Converted(types)) => {
            for converted in types {
                // SAFETY: the list is valid during the callback.
                unsafe { bridge::mlirPassBridgeTypeListAppend(results, converted.to_raw()) };
            }
            MlirPassBridgeConversionOutcome::MlirPassBridgeConverted
        }
        Ok(TypeConversion::NotApplicable) => {
            MlirPassBridgeConversionOutcome::MlirPassBridgeNotApplicable
        }
        Ok(TypeConversion::Failed) => {
            MlirPassBridgeConversionOutcome::MlirPassBridgeConversionFailed
        }
        Err(panic) => {
            // At the op being converted, when a legality rule or a pattern
            // is deciding one (else at the op the conversion runs on).
            // SAFETY: the op is live while its rule or pattern runs.
            let op = unsafe { bridge::mlirPassBridgeConvertedOp() };
            let location =
                (!op.ptr.is_null()).then(|| unsafe { sys::mlirOperationGetLocation(op) });
            report_panic(
                CallbackSite::TypeConversion,
                &format!("the type conversion panicked on '{ty}': {panic}"),
                location,
            );
            MlirPassBridgeConversionOutcome::MlirPassBridgeConversionFailed
        }
    }
}

/// The bridge's materialization callback for a closure `F`.
pub(super) unsafe extern "C" fn materialize_one<F>(
    builder: *mut bridge::MlirPassBridgeBuilder,
    result_type: sys::MlirType,
    count: isize,
    inputs: *const sys::MlirValue,
    location: sys::MlirLocation,
    user_data: *mut c_void,
) -> sys::MlirValue
where
    F: Materialization,
{
    let none = sys::MlirValue {
        ptr: std::ptr::null_mut(),
    };
    if conversion_failed() {
        return none;
    }
    // SAFETY: the box made in `add_materialization`; MLIR hands a valid
    // builder, type, location and `count` values for the call.
    let materialize = unsafe { &*user_data.cast::<F>() };
    let context = unsafe { bridge::mlirPassBridgeBuilderGetContext(builder) };
    let values: Vec<Value<'_, '_>> = (0..count.max(0) as usize)
        // SAFETY: as above.
        .map(|i| unsafe { Value::from_raw(*inputs.add(i)) })
        .collect();
    let (result_type, location) =
        unsafe { (Type::from_raw(result_type), Location::from_raw(location)) };
    let materializer = Materializer {
        raw: builder,
        context: &context,
    };
    match trap_hook(|| {
        materialize(&materializer, result_type, &values, location).map(|v| v.to_raw())
    }) {
        Ok(Some(value)) => value,
        Ok(None) => none,
        Err(panic) => {
            report_panic(
                CallbackSite::Materialization,
                &format!("the materialization to '{result_type}' panicked: {panic}"),
                Some(location.to_raw()),
            );
            none
        }
    }
}
