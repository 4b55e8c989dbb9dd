//! A Rust value as an MLIR external pass: [`OwnedPass`], and the
//! `extern "C"` callbacks MLIR calls on it (`mlirCreateExternalPass`).
//!
//! Each callback is a thin generic shell: it runs user code through the
//! panic trap ([`crate::ffi::trap`]) and hands the outcome to a non-generic
//! function that reports it to MLIR.

#[cfg(feature = "melior")]
use std::{any::Any, sync::Arc};
use std::{cell::Cell, ffi::c_void};

use mlir_sys as sys;

use crate::{
    ffi::{bridge, string_ref, trap},
    handle::{ContextRef, Location, OperationRef},
    pass::PassDescriptor,
    PassError,
};

thread_local! {
    /// The argument of the pass running on this thread, for messages from
    /// code the pass calls (a panicking rewrite pattern names its pass).
    static CURRENT_PASS: Cell<Option<&'static str>> = const { Cell::new(None) };
    /// The operation the pass running on this thread was given (null in
    /// `initialize`), so that IR edits can refuse to erase it.
    static CURRENT_ANCHOR: Cell<*mut c_void> = const { Cell::new(std::ptr::null_mut()) };
    /// The runtime's state of the instance running on this thread (null
    /// outside `run` and `initialize`).
    static CURRENT_STATE: Cell<*mut InstanceState> = const { Cell::new(std::ptr::null_mut()) };
    /// The MLIR pass whose `run` is running on this thread (null in
    /// `initialize` and outside the callbacks), for
    /// [`crate::running::RunningPass`].
    static CURRENT_EXTERNAL: Cell<*mut c_void> = const { Cell::new(std::ptr::null_mut()) };
}

/// The operation the pass running `run` on this thread was given, if any.
#[cfg(feature = "melior")]
#[inline]
pub(crate) fn current_anchor() -> Option<sys::MlirOperation> {
    let ptr = CURRENT_ANCHOR.with(Cell::get);
    (!ptr.is_null()).then_some(sys::MlirOperation { ptr })
}

/// The argument of the pass whose `run` or `initialize` is running on this
/// thread, if any.
#[cfg(feature = "melior")]
pub(crate) fn current_pass() -> Option<&'static str> {
    CURRENT_PASS.with(Cell::get)
}

/// The pass whose `run` is running on this thread: its argument, the MLIR
/// pass and the operation it was given. `None` outside `run` (in
/// `initialize`, or in a pass value called directly, not by MLIR).
pub(crate) fn current_run() -> Option<(&'static str, sys::MlirExternalPass, sys::MlirOperation)> {
    let pass = CURRENT_EXTERNAL.with(Cell::get);
    let anchor = CURRENT_ANCHOR.with(Cell::get);
    let argument = CURRENT_PASS.with(Cell::get)?;
    (!pass.is_null() && !anchor.is_null()).then_some((
        argument,
        sys::MlirExternalPass { ptr: pass },
        sys::MlirOperation { ptr: anchor },
    ))
}

/// Runs `f` with `argument` as the current pass of this thread, running on
/// `anchor` as `pass` (both null in `initialize`).
#[inline(always)]
fn as_current_pass<R>(
    argument: &'static str,
    anchor: sys::MlirOperation,
    pass: *mut c_void,
    state: &mut InstanceState,
    f: impl FnOnce() -> R,
) -> R {
    // The thread-local accesses are compiled once, here, not for each pass
    // type of each crate.
    let previous = enter_pass(CurrentPass {
        argument: Some(argument),
        anchor: anchor.ptr,
        state,
        external: pass,
    });
    let result = f();
    enter_pass(previous);
    result
}

/// What `as_current_pass` sets for the pass running on this thread.
struct CurrentPass {
    argument: Option<&'static str>,
    anchor: *mut c_void,
    state: *mut InstanceState,
    external: *mut c_void,
}

/// Makes `current` the current pass of this thread; returns the one before.
fn enter_pass(current: CurrentPass) -> CurrentPass {
    CurrentPass {
        argument: CURRENT_PASS.with(|c| c.replace(current.argument)),
        anchor: CURRENT_ANCHOR.with(|c| c.replace(current.anchor)),
        state: CURRENT_STATE.with(|c| c.replace(current.state)),
        external: CURRENT_EXTERNAL.with(|c| c.replace(current.external)),
    }
}

/// What the runtime keeps for one pass instance beside the user's value:
/// state built in `initialize` on the runtime's behalf (a pattern pass's
/// frozen pattern set), handed to every clone.
#[derive(Clone, Default)]
pub(crate) struct InstanceState {
    /// Shared by reference count with the clones.
    #[cfg(feature = "melior")]
    pub(crate) built: Option<Arc<dyn Any + Send + Sync>>,
}

/// Runs `f` with the runtime's state of the instance whose `run` or
/// `initialize` is running on this thread; `None` outside them (a pass
/// value called directly, not by MLIR).
#[cfg(feature = "melior")]
pub(crate) fn with_instance_state<R>(f: impl FnOnce(Option<&mut InstanceState>) -> R) -> R {
    let state = CURRENT_STATE.with(Cell::get);
    // SAFETY: non-null only while `as_current_pass` runs on this thread, and
    // then it points at the instance's state, which nothing else borrows:
    // the user's code borrows the pass value, a different field.
    f(unsafe { state.as_mut() })
}

const NO_ANCHOR: sys::MlirOperation = sys::MlirOperation {
    ptr: std::ptr::null_mut(),
};

/// What MLIR's `userData` points at: one pass instance, or the message of a
/// panic that prevented one from being cloned.
enum Slot<T> {
    Ready(T, InstanceState),
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
        match trap(f) {
            Ok(result) => Outcome::Done(result),
            Err(panic) => Outcome::Panicked {
                during,
                message: panic.to_string(),
            },
        }
    }
}

/// Creates an external pass that owns `pass`, whose options print as
/// `printed` ([`crate::options::print`]).
///
/// The returned pass must be given to a pass manager (which takes ownership)
/// or destroyed with the bridge's destroy function.
fn create_raw<T: PassDescriptor>(pass: T, printed: &str) -> sys::MlirPass {
    let user_data = Box::into_raw(Box::new(Slot::Ready(pass, InstanceState::default())));
    let callbacks = sys::MlirExternalPassCallbacks {
        construct: Some(construct),
        destruct: Some(destruct::<T>),
        initialize: Some(initialize::<T>),
        clone: Some(clone::<T>),
        run: Some(run::<T>),
    };
    // SAFETY: `user_data` is a `Slot<T>`, released only by `destruct::<T>`.
    unsafe {
        create_external(
            T::metadata(),
            T::type_id(),
            printed,
            callbacks,
            user_data.cast(),
        )
    }
}

/// [`create_raw`]'s work, compiled once rather than for each pass type.
///
/// # Safety
/// `user_data` is an owned pointer that the caller no longer uses;
/// `callbacks` take it for the type it points at, and their `destruct`
/// frees it, once.
unsafe fn create_external(
    meta: &crate::PassMetadata,
    type_id: sys::MlirTypeID,
    printed: &str,
    callbacks: sys::MlirExternalPassCallbacks,
    user_data: *mut c_void,
) -> sys::MlirPass {
    // MLIR prints a pass as its argument followed by its options; an external
    // pass has no C++ options, so the options go into the argument itself.
    // That makes printed pipelines, reproducers and IR-dump headers carry
    // the values: `annotate-op-count{attr-name=n skip={}}`.
    let argument = if printed.is_empty() {
        meta.argument.to_owned()
    } else {
        format!("{}{{{printed}}}", meta.argument)
    };
    let mut dialects: Vec<sys::MlirDialectHandle> =
        // SAFETY: the handles are MLIR's own `mlirGetDialectHandle__*__` getters.
        meta.dialects.iter().map(|get| unsafe { get() }).collect();
    if let Some(interface) = meta.interface {
        // SAFETY: the bridge copies the strings and the dialect array;
        // `user_data` is released only by the callbacks' `destruct` (by the
        // bridge itself if the pass could not be made).
        return unsafe {
            bridge::mlirPassBridgeCreateInterfacePass(
                type_id,
                string_ref(meta.name),
                string_ref(&argument),
                string_ref(meta.summary),
                interface.raw(),
                dialects.len() as isize,
                dialects.as_mut_ptr(),
                callbacks,
                user_data,
            )
        };
    }
    // SAFETY: MLIR copies the name, argument, description and dialect array;
    // it keeps the op name as a reference, which is 'static; `user_data` is
    // released only by the callbacks' `destruct`.
    unsafe {
        sys::mlirCreateExternalPass(
            type_id,
            string_ref(meta.name),
            string_ref(&argument),
            string_ref(meta.summary),
            string_ref(meta.op_name.unwrap_or("")),
            dialects.len() as isize,
            dialects.as_mut_ptr(),
            callbacks,
            user_data,
        )
    }
}

/// The value already exists when MLIR calls this: nothing to do.
unsafe extern "C" fn construct(_user_data: *mut c_void) {}

unsafe extern "C" fn destruct<T: PassDescriptor>(user_data: *mut c_void) {
    // SAFETY: `user_data` came from `Box::into_raw` in `create_raw` or
    // `clone`, and MLIR calls `destruct` exactly once per instance.
    let slot = unsafe { Box::from_raw(user_data.cast::<Slot<T>>()) };
    if let Err(panic) = trap(move || drop(slot)) {
        report_drop_panic(T::metadata().argument, &panic.to_string());
    }
}

unsafe extern "C" fn clone<T: PassDescriptor>(user_data: *mut c_void) -> *mut c_void {
    // SAFETY: a live instance (see `destruct`); MLIR clones from one thread.
    let slot = unsafe { &*user_data.cast::<Slot<T>>() };
    let cloned = match slot {
        Slot::Ready(pass, state) => match trap(|| pass.clone()) {
            Ok(pass) => Slot::Ready(pass, state.clone()),
            Err(panic) => Slot::ClonePanicked(panic.to_string()),
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
        Slot::Ready(pass, state) => as_current_pass(
            T::metadata().argument,
            NO_ANCHOR,
            std::ptr::null_mut(),
            state,
            || Outcome::catch("initialize", || pass.initialize(context)),
        ),
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
        Slot::Ready(value, state) => {
            as_current_pass(T::metadata().argument, op.raw(), pass.ptr, state, || {
                Outcome::catch("run", || value.run(op))
            })
        }
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
            // As a C++ pass reports with `emitError`: the message alone, at
            // the op (the pass is named only where there is no op).
            "run" => m.to_owned(),
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

/// A panic in a pass's `Drop` has no operation or context to report to: MLIR
/// is destroying the pass. It is written to stderr and the process goes on.
#[cold]
fn report_drop_panic(argument: &str, message: &str) {
    eprintln!("mlir-pass: pass '{argument}' panicked while being dropped: {message}");
}

/// An MLIR pass not yet owned by a pass manager.
///
/// Dropping it destroys the pass (and the Rust value inside it).
#[derive(Debug)]
pub struct OwnedPass {
    raw: sys::MlirPass,
    argument: &'static str,
    op_name: Option<&'static str>,
}

impl OwnedPass {
    /// Wraps `pass` in a new MLIR external pass.
    pub fn new<T: PassDescriptor>(pass: T) -> Self {
        let printed = crate::options::print(&pass);
        Self::with_printed(pass, &printed)
    }

    /// As [`new`](Self::new), with the pass's options already printed.
    pub(crate) fn with_printed<T: PassDescriptor>(pass: T, printed: &str) -> Self {
        Self {
            raw: create_raw(pass, printed),
            argument: T::metadata().argument,
            op_name: T::metadata().op_name,
        }
    }

    /// The pass's argument (without options), for messages.
    pub(crate) fn argument(&self) -> &'static str {
        self.argument
    }

    /// The operation the pass runs on; `None` for any.
    pub(crate) fn op_name(&self) -> Option<&'static str> {
        self.op_name
    }

    /// Gives up ownership: the caller must hand the pass to a pass manager
    /// (`mlirPassManagerAddOwnedPass` and friends), which destroys it.
    pub fn into_raw(self) -> sys::MlirPass {
        let raw = self.raw;
        std::mem::forget(self);
        raw
    }
}

/// A Rust pass for a melior pass manager:
/// `melior_pm.add_pass(OwnedPass::new(MyPass::default()).into())`.
///
/// melior's `add_pass` on a nested pass manager (`nested_under(...)`) ends
/// the process in MLIR's fatal error when the pass is anchored on another
/// operation: nest a pass anchored on `func.func` under
/// `nested_under("func.func")`, or use [`OwnedPass::add_to_melior`], which
/// checks first.
#[cfg(feature = "melior")]
impl From<OwnedPass> for melior::pass::Pass {
    fn from(pass: OwnedPass) -> Self {
        // SAFETY: ownership of the pass moves to melior's value, which a
        // pass manager takes over in `add_pass`.
        unsafe { melior::pass::Pass::from_raw(pass.into_raw()) }
    }
}

#[cfg(feature = "melior")]
impl OwnedPass {
    /// Adds the pass to a melior pass manager after checking that its anchor
    /// fits there (melior's own `add_pass` would abort the process).
    ///
    /// # Errors
    /// The pass runs on other operations than the pass manager; the message
    /// says how to nest it.
    pub fn add_to_melior(
        self,
        pass_manager: melior::pass::OperationPassManager<'_, '_>,
    ) -> Result<(), String> {
        crate::pipeline::add_owned_pass(pass_manager.to_raw(), self)
    }
}

impl Drop for OwnedPass {
    fn drop(&mut self) {
        // SAFETY: the pass was created by `create_raw` and not given away.
        unsafe { bridge::mlirPassBridgeDestroyPass(self.raw) }
    }
}
