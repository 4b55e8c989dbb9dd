//! Pattern sets: built, frozen once, shared by every clone of a pass.

use std::{fmt, sync::Arc};

use mlir_sys as sys;

use super::pattern::{
    destruct_pattern, match_and_rewrite, short_type_name, PatternBox, RewritePattern,
};
use crate::{
    ffi::string_ref,
    handle::{ContextRef, OperationRef},
    PassError,
};

/// Builds a [`PatternSet`]: add patterns, then [`PatternSetBuilder::freeze`].
pub struct PatternSetBuilder {
    raw: sys::MlirRewritePatternSet,
    context: sys::MlirContext,
}

impl PatternSetBuilder {
    /// Adds `pattern`.
    #[allow(clippy::should_implement_trait)]
    pub fn add<P: RewritePattern>(self, pattern: P) -> Self {
        let name = short_type_name::<P>();
        let root = pattern.root().to_owned();
        let benefit = pattern.benefit();
        let generated = pattern.generated_ops();
        let mut generated_refs: Vec<sys::MlirStringRef> =
            generated.iter().map(|s| string_ref(s)).collect();
        let user_data = Box::into_raw(Box::new(PatternBox {
            pattern: Box::new(pattern),
            name,
            root: root.clone(),
            context: self.context,
        }));
        let callbacks = sys::MlirRewritePatternCallbacks {
            construct: None,
            destruct: Some(destruct_pattern),
            matchAndRewrite: Some(match_and_rewrite),
        };
        // SAFETY: valid set and context; MLIR copies the root and generated
        // names; `user_data` is released by `destruct_pattern` when the
        // pattern is destroyed (with the set).
        unsafe {
            let raw = sys::mlirOpRewritePatternCreate(
                string_ref(&root),
                u32::from(benefit),
                self.context,
                callbacks,
                user_data.cast(),
                generated_refs.len(),
                generated_refs.as_mut_ptr(),
            );
            sys::mlirRewritePatternSetAdd(self.raw, raw);
        }
        self
    }

    /// Freezes the set: the patterns are compiled once for fast matching,
    /// and the set can be shared by every thread.
    pub fn freeze(self) -> PatternSet {
        let context = self.context;
        // SAFETY: freezing moves the patterns into a new frozen set. The C
        // API leaves the moved-from `RewritePatternSet` object allocated
        // (measured with valgrind: 176 bytes per set), so it is destroyed
        // here; a moved-from set holds nothing.
        let raw = unsafe {
            let frozen = sys::mlirFreezeRewritePattern(self.raw);
            sys::mlirRewritePatternSetDestroy(self.raw);
            frozen
        };
        std::mem::forget(self);
        PatternSet {
            inner: Arc::new(Frozen { raw, context }),
        }
    }
}

impl Drop for PatternSetBuilder {
    fn drop(&mut self) {
        // SAFETY: a set never frozen; destroys its patterns too.
        unsafe { sys::mlirRewritePatternSetDestroy(self.raw) }
    }
}

impl fmt::Debug for PatternSetBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternSetBuilder").finish_non_exhaustive()
    }
}

pub(super) struct Frozen {
    pub(super) raw: sys::MlirFrozenRewritePatternSet,
    context: sys::MlirContext,
}

// SAFETY: a `FrozenRewritePatternSet` is immutable once built and is meant to
// be applied from several threads at once (MLIR's passes share one across
// their clones); every pattern in it is a `RewritePattern: Send + Sync`.
unsafe impl Send for Frozen {}
// SAFETY: as above.
unsafe impl Sync for Frozen {}

impl Drop for Frozen {
    fn drop(&mut self) {
        // SAFETY: the last reference; destroys the patterns (and the Rust
        // values, through `destruct_pattern`).
        unsafe { sys::mlirFrozenRewritePatternSetDestroy(self.raw) }
    }
}

/// A frozen set of rewrite patterns, ready to apply: C++'s
/// `FrozenRewritePatternSet`.
///
/// Build it once, typically in [`Pass::initialize`](crate::Pass::initialize),
/// and keep it in the pass: cloning is a reference count, so every clone of
/// the pass on every thread shares it, and it is destroyed exactly once,
/// with the last clone. It can be applied any number of times, to any op of
/// the context it was built in.
#[derive(Clone)]
pub struct PatternSet {
    pub(super) inner: Arc<Frozen>,
}

impl PatternSet {
    /// Starts a set for `context`.
    pub fn builder(context: ContextRef<'_>) -> PatternSetBuilder {
        let context = context.raw();
        PatternSetBuilder {
            // SAFETY: valid context.
            raw: unsafe { sys::mlirRewritePatternSetCreate(context) },
            context,
        }
    }

    pub(super) fn check_context(&self, op: OperationRef<'_>) -> Result<(), PassError> {
        // SAFETY: both valid.
        if unsafe { sys::mlirContextEqual(self.inner.context, op.context().raw()) } {
            Ok(())
        } else {
            Err(PassError::new(
                "the pattern set was built in another MLIR context than the op's: \
                 build it in `initialize`, from the context it is given",
            ))
        }
    }
}

impl fmt::Debug for PatternSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternSet").finish_non_exhaustive()
    }
}
