//! The one place where panics are stopped at the boundary with C++.
//!
//! Every `extern "C"` function that MLIR calls (pass callbacks, registry
//! builders, rewrite patterns, plugin entry points, destructors) runs the
//! Rust code behind it through [`trap`]: unwinding into C++ is undefined
//! behaviour, so a panic becomes a [`Panic`] value that the caller reports
//! as MLIR expects (a diagnostic, a failed result, a line on stderr).

use std::{
    any::Any,
    panic::{catch_unwind, AssertUnwindSafe},
};

/// A panic caught by [`trap`]: its message.
#[derive(Debug)]
pub(crate) struct Panic {
    pub(crate) message: String,
}

/// Runs `f`, turning a panic into a [`Panic`] with its message.
///
/// The closure is taken as unwind-safe: after a panic, the state it touched
/// is reported as failed (the pass fails, the pattern application stops) and
/// not used to go on.
#[inline]
pub(crate) fn trap<R>(f: impl FnOnce() -> R) -> Result<R, Panic> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| Panic {
        message: panic_message(&*payload),
    })
}

/// The text of a panic payload (`panic!` with a literal or a format string).
fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic payload that is not a string)".to_owned()
    }
}
