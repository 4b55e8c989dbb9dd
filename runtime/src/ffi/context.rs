//! melior's `Context` lent from a raw context (feature `melior`).

use melior::Context;
use mlir_sys as sys;

// `ContextRef::melior_context` and friends hand out `&melior::Context` that
// point at a stored `MlirContext`, as melior's own `ContextRef::to_ref` does:
// melior's `Context` is a struct whose only field is the raw context.
const _: () = assert!(std::mem::size_of::<Context>() == std::mem::size_of::<sys::MlirContext>());

/// `raw`, borrowed as melior's `Context` (melior's `Context` wraps exactly
/// one `MlirContext`). The reference lives as long as the borrow of `raw`.
pub(crate) fn context_from_raw(raw: &sys::MlirContext) -> &Context {
    // SAFETY: same layout (checked above), and the reference cannot outlive
    // the stored raw context; melior's `ContextRef::to_ref` does the same.
    unsafe { &*(raw as *const sys::MlirContext).cast::<Context>() }
}

/// `raw` as melior's `Context` for any lifetime the caller can vouch the
/// context outlives (an op's, a type's): the raw value is stored once per
/// context address, in memory that is never freed (one pointer per context
/// the process ever creates), so the reference does not depend on a borrow.
///
/// # Safety
/// The context outlives 'c (callers tie 'c to something that lives in the
/// context, such as an `Op<'c>`).
pub(crate) unsafe fn context_for<'c>(raw: sys::MlirContext) -> &'c Context {
    use std::{cell::Cell, sync::Mutex};
    /// A stored raw context: a pointer value, only read.
    #[derive(Clone, Copy)]
    struct Stored(&'static sys::MlirContext);
    // SAFETY: the stored value is a pointer that is never written after it
    // is stored, nor dereferenced here; sharing it is sharing an address.
    unsafe impl Send for Stored {}
    // SAFETY: as above.
    unsafe impl Sync for Stored {}
    thread_local! {
        static LAST: Cell<Option<Stored>> = const { Cell::new(None) };
    }
    static STORED: Mutex<Vec<Stored>> = Mutex::new(Vec::new());
    let stored = LAST.with(|last| match last.get() {
        Some(s) if s.0.ptr == raw.ptr => s,
        _ => {
            let mut all = STORED.lock().unwrap_or_else(|e| e.into_inner());
            let s = match all.iter().find(|s| s.0.ptr == raw.ptr) {
                Some(s) => *s,
                None => {
                    let s = Stored(Box::leak(Box::new(raw)));
                    all.push(s);
                    s
                }
            };
            last.set(Some(s));
            s
        }
    });
    context_from_raw(stored.0)
}
