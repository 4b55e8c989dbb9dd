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
