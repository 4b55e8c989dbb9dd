//! The `extern "C"` callbacks MLIR calls on an external pass, and the one
//! function that creates such a pass from a Rust value.
//!
//! Each callback is a thin generic shell: it catches any panic from user code
//! (unwinding into C++ is undefined behaviour) and hands the outcome to a
//! non-generic function that reports it to MLIR.

use std::{
    any::Any,
    cell::Cell,
    ffi::c_void,
    panic::{catch_unwind, AssertUnwindSafe},
};

use mlir_sys as sys;

use crate::{
    handle::{ContextRef, Location, OperationRef},
    strings::string_ref,
    PassDescriptor, PassError,
};

thread_local! {
    /// The argument of the pass running on this thread, for messages from
    /// code the pass calls (a panicking rewrite pattern names its pass).
    static CURRENT_PASS: Cell<Option<&'static str>> = const { Cell::new(None) };
    /// The operation the pass running on this thread was given (null in
    /// `initialize`), so that IR edits can refuse to erase it.
    static CURRENT_ANCHOR: Cell<*mut c_void> = const { Cell::new(std::ptr::null_mut()) };
}

/// The operation the pass running `run` on this thread was given, if any.
#[cfg_attr(not(feature = "melior"), allow(dead_code))]
pub(crate) fn current_anchor() -> Option<sys::MlirOperation> {
    let ptr = CURRENT_ANCHOR.with(Cell::get);
    (!ptr.is_null()).then_some(sys::MlirOperation { ptr })
}

/// The argument of the pass whose `run` or `initialize` is running on this
/// thread, if any.
#[cfg_attr(not(feature = "melior"), allow(dead_code))]
pub(crate) fn current_pass() -> Option<&'static str> {
    CURRENT_PASS.with(Cell::get)
}

/// Runs `f` with `argument` as the current pass of this thread, running on
/// `anchor` (null in `initialize`).
fn as_current_pass<R>(
    argument: &'static str,
    anchor: sys::MlirOperation,
    f: impl FnOnce() -> R,
) -> R {
    let previous = CURRENT_PASS.with(|c| c.replace(Some(argument)));
    let previous_anchor = CURRENT_ANCHOR.with(|c| c.replace(anchor.ptr));
    let result = f();
    CURRENT_PASS.with(|c| c.set(previous));
    CURRENT_ANCHOR.with(|c| c.set(previous_anchor));
    result
}

const NO_ANCHOR: sys::MlirOperation = sys::MlirOperation {
    ptr: std::ptr::null_mut(),
};

/// What MLIR's `userData` points at: one pass instance, or the message of a
/// panic that prevented one from being cloned.
enum Slot<T> {
    Ready(T),
    ClonePanicked(String),
}

/// How a call into the pass ended.
enum Outcome {
    Done(Result<(), PassError>),
    Panicked {
        during: &'static str,
        message: String,
    },
}

impl Outcome {
    /// Runs `f`, catching a panic as `Panicked { during, .. }`.
    fn catch(during: &'static str, f: impl FnOnce() -> Result<(), PassError>) -> Self {
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(result) => Outcome::Done(result),
            Err(payload) => Outcome::Panicked {
                during,
                message: panic_message(&*payload),
            },
        }
    }
}

/// Creates an external pass that owns `pass`.
///
/// The returned pass must be given to a pass manager (which takes ownership)
/// or destroyed with the bridge's destroy function.
pub(crate) fn create_raw<T: PassDescriptor>(pass: T) -> sys::MlirPass {
    let meta = T::metadata();
    // MLIR prints a pass as its argument followed by its options; an external
    // pass has no C++ options, so the options go into the argument itself.
    // That makes printed pipelines, reproducers and IR-dump headers carry
    // the values: `annotate-op-count{attr-name=n skip={}}`.
    let printed = crate::options::print(&pass);
    let argument = if printed.is_empty() {
        meta.argument.to_owned()
    } else {
        format!("{}{{{printed}}}", meta.argument)
    };
    let user_data = Box::into_raw(Box::new(Slot::Ready(pass)));
    let mut dialects: Vec<sys::MlirDialectHandle> =
        // SAFETY: the handles are MLIR's own `mlirGetDialectHandle__*__` getters.
        meta.dialects.iter().map(|get| unsafe { get() }).collect();
    let callbacks = sys::MlirExternalPassCallbacks {
        construct: Some(construct),
        destruct: Some(destruct::<T>),
        initialize: Some(initialize::<T>),
        clone: Some(clone::<T>),
        run: Some(run::<T>),
    };
    // SAFETY: MLIR copies the name, argument, description and dialect array;
    // it keeps the op name as a reference, which is 'static; `user_data` is
    // released only by `destruct::<T>`.
    unsafe {
        sys::mlirCreateExternalPass(
            T::type_id(),
            string_ref(meta.name),
            string_ref(&argument),
            string_ref(meta.summary),
            string_ref(meta.op_name.unwrap_or("")),
            dialects.len() as isize,
            dialects.as_mut_ptr(),
            callbacks,
            user_data.cast(),
        )
    }
}

/// The value already exists when MLIR calls this: nothing to do.
unsafe extern "C" fn construct(_user_data: *mut c_void) {}

unsafe extern "C" fn destruct<T: PassDescriptor>(user_data: *mut c_void) {
    // SAFETY: `user_data` came from `Box::into_raw` in `create_raw` or
    // `clone`, and MLIR calls `destruct` exactly once per instance.
    let slot = unsafe { Box::from_raw(user_data.cast::<Slot<T>>()) };
    if let Err(payload) = catch_unwind(AssertUnwindSafe(move || drop(slot))) {
        report_drop_panic(T::metadata().argument, &*payload);
    }
}

unsafe extern "C" fn clone<T: PassDescriptor>(user_data: *mut c_void) -> *mut c_void {
    // SAFETY: a live instance (see `destruct`); MLIR clones from one thread.
    let slot = unsafe { &*user_data.cast::<Slot<T>>() };
    let cloned = match slot {
        Slot::Ready(pass) => match catch_unwind(AssertUnwindSafe(|| pass.clone())) {
            Ok(pass) => Slot::Ready(pass),
            Err(payload) => Slot::ClonePanicked(panic_message(&*payload)),
        },
        Slot::ClonePanicked(message) => Slot::ClonePanicked(message.clone()),
    };
    Box::into_raw(Box::new(cloned)).cast()
}

unsafe extern "C" fn initialize<T: PassDescriptor>(
    context: sys::MlirContext,
    user_data: *mut c_void,
) -> sys::MlirLogicalResult {
    // SAFETY: a live instance, used by one thread at a time.
    let slot = unsafe { &mut *user_data.cast::<Slot<T>>() };
    // SAFETY: MLIR passes a valid context for the duration of the call.
    let context = unsafe { ContextRef::from_raw(context) };
    let outcome = match slot {
        Slot::Ready(pass) => as_current_pass(T::metadata().argument, NO_ANCHOR, || {
            Outcome::catch("initialize", || pass.initialize(context))
        }),
        Slot::ClonePanicked(message) => clone_panicked(message),
    };
    finish(
        T::metadata().argument,
        "initialize",
        context.unknown_location(),
        outcome,
    )
}

unsafe extern "C" fn run<T: PassDescriptor>(
    op: sys::MlirOperation,
    pass: sys::MlirExternalPass,
    user_data: *mut c_void,
) {
    // SAFETY: a live instance; MLIR runs each instance on one thread at a time.
    let slot = unsafe { &mut *user_data.cast::<Slot<T>>() };
    // SAFETY: MLIR passes the operation being transformed, valid during `run`.
    let op = unsafe { OperationRef::from_raw(op) };
    let outcome = match slot {
        Slot::Ready(value) => as_current_pass(T::metadata().argument, op.raw(), || {
            Outcome::catch("run", || value.run(op))
        }),
        Slot::ClonePanicked(message) => clone_panicked(message),
    };
    // The common case returns before anything else is looked up.
    if let Outcome::Done(Ok(())) = outcome {
        return;
    }
    finish(T::metadata().argument, "run", op.location(), outcome);
    // SAFETY: called during `run`, as the C API requires.
    unsafe { sys::mlirExternalPassSignalFailure(pass) }
}

/// An instance whose clone panicked fails whenever it is used.
fn clone_panicked(message: &str) -> Outcome {
    Outcome::Panicked {
        during: "clone",
        message: message.to_owned(),
    }
}

/// Reports a pass's outcome as at most one MLIR diagnostic and a logical
/// result. `phase` is the callback MLIR made ("run" or "initialize").
fn finish(
    argument: &str,
    phase: &str,
    location: Location<'_>,
    outcome: Outcome,
) -> sys::MlirLogicalResult {
    let message = match outcome {
        Outcome::Done(Ok(())) => return sys::MlirLogicalResult { value: 1 },
        Outcome::Done(Err(error)) => error.message().map(|m| match phase {
            "run" => format!("{argument}: {m}"),
            _ => format!("{argument}: {phase} failed: {m}"),
        }),
        Outcome::Panicked { during, message } => {
            Some(format!("pass '{argument}' panicked in {during}: {message}"))
        }
    };
    if let Some(message) = message {
        location.emit_error(&message);
    }
    sys::MlirLogicalResult { value: 0 }
}

/// The text of a panic payload (`panic!` with a literal or a format string).
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic payload that is not a string)".to_owned()
    }
}

/// A panic in a pass's `Drop` has no operation or context to report to: MLIR
/// is destroying the pass. It is written to stderr and the process goes on.
#[cold]
fn report_drop_panic(argument: &str, payload: &(dyn Any + Send)) {
    eprintln!(
        "mlir-pass: pass '{argument}' panicked while being dropped: {}",
        panic_message(payload)
    );
}
