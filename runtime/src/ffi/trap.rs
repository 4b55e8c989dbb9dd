//! The one place where panics are stopped at the boundary with C++.
//!
//! Every `extern "C"` function that MLIR calls (pass callbacks, registry
//! builders, rewrite patterns, plugin entry points, destructors) runs the
//! Rust code behind it through [`trap`]: unwinding into C++ is undefined
//! behaviour, so a panic becomes a [`Panic`] value that the caller reports
//! as MLIR expects (a diagnostic, a failed result, a line on stderr).
//!
//! [`trap_hook`], for the user hooks MLIR calls while a pass runs, also
//! fails the pass running on this thread: a Rust hook called by an
//! upstream pass (a folder under `canonicalize`) fails that pass, so the
//! pipeline stops and `mlir-opt` exits with an error.
//!
//! Such a panic is reported once, by that report: while code runs inside
//! [`trap`], the panic hook records where the panic happened instead of
//! printing Rust's "thread ... panicked at" message (and a backtrace under
//! `RUST_BACKTRACE`). Panics elsewhere reach the hook that was installed
//! before, unchanged.

#[cfg(feature = "melior")]
use super::bridge;
use std::{
    any::Any,
    cell::{Cell, RefCell},
    fmt,
    panic::{self, catch_unwind, AssertUnwindSafe},
    sync::Once,
};

thread_local! {
    /// How many `trap` calls are running on this thread.
    static TRAPPING: Cell<usize> = const { Cell::new(0) };
    /// Where the last panic caught on this thread happened.
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// A panic caught by [`trap`]: its message and where it happened.
#[derive(Debug)]
pub(crate) struct Panic {
    /// The panic's message.
    pub(crate) message: String,
    /// `file:line:column` of the `panic!` (or the call that panicked).
    pub(crate) location: Option<String>,
}

impl fmt::Display for Panic {
    /// `message (at file:line:column)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(location) = &self.location {
            write!(f, " (at {location})")?;
        }
        Ok(())
    }
}

/// Runs `f`, turning a panic into a [`Panic`] with its message and location.
///
/// The closure is taken as unwind-safe: after a panic, the state it touched
/// is reported as failed (the pass fails, the pattern application stops) and
/// not used to go on.
#[inline(always)]
pub(crate) fn trap<R>(f: impl FnOnce() -> R) -> Result<R, Panic> {
    // Only the call of `f` is generic: the rest is in functions compiled
    // once, here, rather than in each crate for each closure it traps (the
    // thread-local accesses were a fifth of the code generated for a crate
    // of passes and dialects).
    enter();
    let result = catch_unwind(AssertUnwindSafe(f));
    leave();
    result.map_err(caught)
}

/// Counts one more `trap` running on this thread, with the hook installed.
fn enter() {
    // The standard library refuses to change the hook on a thread that is
    // unwinding, with a panic of its own, which would abort the process
    // here (a destructor MLIR calls while a Rust panic unwinds, the first
    // trap of the process). The hook is then installed by a later trap; a
    // panic caught meanwhile still fails what it fails and is reported,
    // but without its location, and the hook that was there prints it
    // too.
    if !std::thread::panicking() {
        HOOK.call_once(install_hook);
    }
    TRAPPING.with(|t| t.set(t.get() + 1));
}

/// Counts one `trap` fewer running on this thread.
fn leave() {
    TRAPPING.with(|t| t.set(t.get() - 1));
}

/// The [`Panic`] of a payload `trap` caught, with the location its hook
/// recorded.
#[cold]
#[inline(never)]
fn caught(payload: Box<dyn Any + Send>) -> Panic {
    Panic {
        message: panic_message(&*payload),
        location: LOCATION.with(|l| l.borrow_mut().take()),
    }
}

/// [`trap`] for a user hook that MLIR calls while a pass runs (a folder, a
/// pattern, a verifier, a printer, a conversion callback): a panic also
/// fails the pass running on this thread, if any.
///
/// Such a hook cannot fail its pass through its result when an upstream
/// pass called it (MLIR ignores a folder's or a pattern's failure); the
/// bridge marks the innermost running pass as failed, as C++'s
/// `signalPassFailure` would (see running_pass.cpp). Not for what runs
/// around passes (a clone, a drop, a registration), whose failure is
/// reported otherwise.
#[cfg(feature = "melior")]
#[inline(always)]
pub(crate) fn trap_hook<R>(f: impl FnOnce() -> R) -> Result<R, Panic> {
    trap(f).map_err(fail_running_pass)
}

#[cfg(feature = "melior")]
#[cold]
#[inline(never)]
fn fail_running_pass(panic: Panic) -> Panic {
    // SAFETY: no arguments; the bridge checks that a pass is running.
    unsafe { bridge::mlirPassBridgeFailRunningPass() };
    panic
}

/// Wraps the current panic hook: quiet inside [`trap`], as before elsewhere.
fn install_hook() {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if TRAPPING.with(Cell::get) > 0 {
            let location = info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            LOCATION.with(|l| *l.borrow_mut() = location);
        } else {
            previous(info);
        }
    }));
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
