//! The `extern "C"` side of an instrumentation: attaching it to a pass
//! manager (instrumentation.cpp), the one callback every hook goes
//! through, and its release.

use std::ffi::c_void;

use mlir_sys as sys;

use super::{AnalysisInfo, PassInfo, PassInstrumentation, PipelineInfo};
use crate::{
    ffi::{bridge, context_str, emit_error_at, trap},
    OperationRef,
};

use bridge::MlirPassBridgeInstrumentationEvent as Event;

/// What MLIR's pass manager holds: the user's instrumentation.
type Held = Box<dyn PassInstrumentation>;

/// Hands `instrumentation` to the pass manager `pm`, which owns it from
/// now on.
pub(super) fn attach(pm: sys::MlirPassManager, instrumentation: Held) {
    let user_data = Box::into_raw(Box::new(instrumentation));
    // SAFETY: a valid pass manager; `user_data` is released by `release`,
    // once, by the bridge (when the pass manager is destroyed, or at once
    // if it cannot be added, which only running out of memory causes: the
    // instrumentation is then simply not attached, as after an allocation
    // failure in C++).
    unsafe {
        bridge::mlirPassBridgeAddInstrumentation(
            pm,
            Some(call_hook),
            user_data.cast(),
            Some(release),
        );
    }
}

/// Drops the instrumentation when the pass manager is destroyed.
unsafe extern "C" fn release(user_data: *mut c_void) {
    // SAFETY: created by `Box::into_raw` in `attach`, released once.
    let held = unsafe { Box::from_raw(user_data.cast::<Held>()) };
    if let Err(panic) = trap(move || drop(held)) {
        eprintln!("mlir-pass: a pass instrumentation panicked while being dropped: {panic}");
    }
}

/// Every hook: calls the instrumentation's method for the event; false
/// when it panicked, after reporting the panic as an error diagnostic.
unsafe extern "C" fn call_hook(
    call: *const bridge::MlirPassBridgeInstrumentationCall,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: the bridge hands a call valid for this callback, and the
    // instrumentation attached in `attach` (alive while the pass manager is).
    let (call, instrumentation) = unsafe { (&*call, &*user_data.cast::<Held>()) };
    // SAFETY: strings and the op in `call` are valid during the call.
    match trap(|| unsafe { dispatch(instrumentation.as_ref(), call) }) {
        Ok(()) => true,
        Err(panic) => {
            // SAFETY: as above.
            unsafe { report(call, &panic.to_string()) };
            false
        }
    }
}

/// Calls the method of `instrumentation` that `call` is for.
///
/// # Safety
/// `call` is a call the bridge handed out, during the callback.
unsafe fn dispatch(
    instrumentation: &dyn PassInstrumentation,
    call: &bridge::MlirPassBridgeInstrumentationCall,
) {
    // SAFETY (whole function): the caller's contract; the op is valid for
    // the call, and its handle cannot escape it.
    unsafe {
        let pass = pass_info(&call.pass);
        let op = || OperationRef::from_raw(call.op);
        let analysis = || AnalysisInfo {
            name: str_of(call.analysisName),
            type_id: call.analysisTypeId,
            pass,
        };
        let pipeline = || PipelineInfo {
            anchor: (call.pipelineAnchor.length != 0).then(|| str_of(call.pipelineAnchor)),
            parent: pass.unwrap_or(NO_PASS),
            parent_thread: call.parentThreadId,
        };
        let pass = || pass.unwrap_or(NO_PASS);
        match call.event {
            Event::MlirPassBridgeInstrumentBeforePipeline => {
                instrumentation.run_before_pipeline(&pipeline())
            }
            Event::MlirPassBridgeInstrumentAfterPipeline => {
                instrumentation.run_after_pipeline(&pipeline())
            }
            Event::MlirPassBridgeInstrumentBeforePass => {
                instrumentation.run_before_pass(&pass(), op())
            }
            Event::MlirPassBridgeInstrumentAfterPass => {
                instrumentation.run_after_pass(&pass(), op())
            }
            Event::MlirPassBridgeInstrumentAfterPassFailed => {
                instrumentation.run_after_pass_failed(&pass(), op())
            }
            Event::MlirPassBridgeInstrumentBeforeAnalysis => {
                instrumentation.run_before_analysis(&analysis(), op())
            }
            Event::MlirPassBridgeInstrumentAfterAnalysis => {
                instrumentation.run_after_analysis(&analysis(), op())
            }
            // An event this runtime does not know: nothing to call.
            _ => {}
        }
    }
}

/// A pass that MLIR did not name (never for pass events).
const NO_PASS: PassInfo<'static> = PassInfo {
    name: "",
    argument: "",
    type_id: sys::MlirTypeID {
        ptr: std::ptr::null(),
    },
    id: 0,
    is_adaptor: false,
};

/// The pass of a call, if it names one.
///
/// # Safety
/// Its strings are valid for 'a.
unsafe fn pass_info<'a>(pass: &bridge::MlirPassBridgeInstrumentedPass) -> Option<PassInfo<'a>> {
    (!pass.pass.is_null()).then(|| PassInfo {
        // SAFETY: the caller's contract.
        name: unsafe { str_of(pass.name) },
        // SAFETY: as above.
        argument: unsafe { str_of(pass.argument) },
        type_id: pass.typeId,
        id: pass.pass as usize,
        is_adaptor: pass.isAdaptor,
    })
}

/// A string of the call (names, arguments: UTF-8 in practice; empty if
/// not).
///
/// # Safety
/// `s` is valid for 'a.
unsafe fn str_of<'a>(s: sys::MlirStringRef) -> &'a str {
    // SAFETY: the caller's contract.
    unsafe { context_str(s) }.unwrap_or("")
}

/// Reports a hook's panic as an error diagnostic at the operation's
/// location (the unknown location for a pipeline), naming what the hook
/// was called for.
///
/// # Safety
/// `call` is a call the bridge handed out, during the callback.
#[cold]
unsafe fn report(call: &bridge::MlirPassBridgeInstrumentationCall, panic: &str) {
    // SAFETY (whole function): the caller's contract.
    unsafe {
        let pass = pass_info(&call.pass).unwrap_or(NO_PASS);
        let hook = match call.event {
            Event::MlirPassBridgeInstrumentBeforePipeline => "run_before_pipeline",
            Event::MlirPassBridgeInstrumentAfterPipeline => "run_after_pipeline",
            Event::MlirPassBridgeInstrumentBeforePass => "run_before_pass",
            Event::MlirPassBridgeInstrumentAfterPass => "run_after_pass",
            Event::MlirPassBridgeInstrumentAfterPassFailed => "run_after_pass_failed",
            Event::MlirPassBridgeInstrumentBeforeAnalysis => "run_before_analysis",
            _ => "run_after_analysis",
        };
        let subject = match call.event {
            Event::MlirPassBridgeInstrumentBeforePipeline
            | Event::MlirPassBridgeInstrumentAfterPipeline => {
                let anchor = str_of(call.pipelineAnchor);
                format!(
                    "pipeline on '{}'",
                    if anchor.is_empty() { "any" } else { anchor }
                )
            }
            Event::MlirPassBridgeInstrumentBeforeAnalysis
            | Event::MlirPassBridgeInstrumentAfterAnalysis => {
                let name = str_of(call.analysisName);
                match pass_info(&call.pass) {
                    Some(pass) => format!("analysis '{name}' for {}", pass_label(&pass)),
                    None => format!("analysis '{name}'"),
                }
            }
            _ => pass_label(&pass),
        };
        let message = format!("{subject}: the instrumentation's {hook} hook panicked: {panic}");
        let location = if call.op.ptr.is_null() {
            sys::mlirLocationUnknownGet(call.context)
        } else {
            sys::mlirOperationGetLocation(call.op)
        };
        emit_error_at(location, &message);
    }
}

/// `pass 'cse'`, or the pass's name when it has no argument (an adaptor).
fn pass_label(pass: &PassInfo<'_>) -> String {
    if pass.argument().is_empty() {
        format!("pass '{}'", pass.name())
    } else {
        format!("pass '{}'", pass.argument())
    }
}
