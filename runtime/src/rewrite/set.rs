//! Pattern sets: built, frozen once, shared by every clone of a pass.

use std::{ffi::c_void, fmt, sync::Arc};

use mlir_sys as sys;

use super::pattern::{
    destruct_pattern, match_and_rewrite, short_type_name, PatternBox, RewritePattern,
};
use crate::{
    ffi::{
        bridge::{self, MlirPassBridgeOpNameStatus},
        string_ref, to_str,
    },
    handle::{ContextRef, OperationRef},
    PassError,
};

/// Builds a [`PatternSet`]: add patterns, then [`PatternSetBuilder::freeze`].
pub struct PatternSetBuilder {
    raw: sys::MlirRewritePatternSet,
    context: sys::MlirContext,
    /// Each pattern's name and root, checked when the set is frozen.
    roots: Vec<(&'static str, String)>,
    /// The set is MLIR's (an op's canonicalization patterns): never frozen
    /// or destroyed here, even when the hook that holds it panics.
    borrowed: bool,
}

impl PatternSetBuilder {
    /// Adds `pattern`.
    #[allow(clippy::should_implement_trait)]
    pub fn add<P: RewritePattern>(self, pattern: P) -> Self {
        self.add_named(pattern, short_type_name::<P>())
    }

    /// Adds `pattern`, named `name` in messages (a pattern the runtime
    /// makes for the user, such as an op's `canonicalize` method).
    pub(crate) fn add_named<P: RewritePattern>(mut self, pattern: P, name: &'static str) -> Self {
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
            matchAndRewrite: Some(match_and_rewrite::<P>),
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
        self.roots.push((name, root));
        self
    }

    /// Freezes the set: the patterns are compiled once for fast matching,
    /// and the set can be shared by every thread.
    ///
    /// # Panics
    /// A pattern's root names no operation of its dialect, which the context
    /// has loaded (`"arith.mulli"`): the message names the pattern and the
    /// closest operation. In `initialize` the panic fails the pass with that
    /// message; [`PatternSetBuilder::try_freeze`] returns it instead.
    #[track_caller]
    pub fn freeze(self) -> PatternSet {
        match self.try_freeze() {
            Ok(set) => set,
            Err(error) => panic!("{error}"),
        }
    }

    /// Freezes the set after checking every pattern's root: an operation
    /// name the context knows, or one of a dialect the context has not
    /// loaded (which cannot be checked: declare the dialect in the pass's
    /// `dialects = [...]` so that it is loaded, and checked, before
    /// `initialize`). A root-less pattern is not possible.
    ///
    /// # Errors
    /// A root names no operation of its (loaded) dialect; the error names
    /// the pattern and suggests the closest operation name.
    pub fn try_freeze(mut self) -> Result<PatternSet, PassError> {
        if self.borrowed {
            return Err(PassError::new(
                "these patterns belong to MLIR (an op's canonicalization patterns): add patterns \
                 and return the builder; it cannot be frozen",
            ));
        }
        // Taken out: `self` is forgotten below, and its fields with it.
        let roots = std::mem::take(&mut self.roots);
        for (pattern, root) in &roots {
            check_root(self.context, pattern, root)?;
        }
        let context = self.context;
        // SAFETY: a set never frozen, forgotten below.
        let raw = unsafe { freeze_raw(self.raw) };
        std::mem::forget(self);
        Ok(PatternSet {
            inner: Arc::new(Frozen { raw, context }),
        })
    }
}

/// Freezes `raw` into a new frozen set and destroys it: the C API leaves
/// the moved-from `RewritePatternSet` object allocated (measured with
/// valgrind: 176 bytes per set); a moved-from set holds nothing.
///
/// # Safety
/// `raw` is a valid set, used no more afterwards.
pub(crate) unsafe fn freeze_raw(
    raw: sys::MlirRewritePatternSet,
) -> sys::MlirFrozenRewritePatternSet {
    // SAFETY: the caller's contract.
    unsafe {
        let frozen = sys::mlirFreezeRewritePattern(raw);
        sys::mlirRewritePatternSetDestroy(raw);
        frozen
    }
}

/// Refuses a root that names no operation of a loaded dialect.
pub(crate) fn check_root(
    context: sys::MlirContext,
    pattern: &str,
    root: &str,
) -> Result<(), PassError> {
    check_op_name(context, root).map_err(|suggestion| {
        PassError::new(format!(
            "pattern '{pattern}' is rooted at '{root}', which its dialect does not define{suggestion}"
        ))
    })
}

/// Whether `name` can be an operation's name in `context`: `Err` (with a
/// "; did you mean 'x'?" suggestion, or nothing) when its dialect is loaded
/// and defines no such op. A name of a dialect that is not loaded passes.
pub(crate) fn check_op_name(context: sys::MlirContext, name: &str) -> Result<(), String> {
    let root = name;
    let mut known: Vec<String> = Vec::new();
    // SAFETY: a valid context; the callback appends to `known`.
    let status = unsafe {
        bridge::mlirPassBridgeLookupOpName(
            context,
            string_ref(root),
            Some(push_name),
            (&mut known as *mut Vec<String>).cast(),
        )
    };
    if status != MlirPassBridgeOpNameStatus::MlirPassBridgeOpNameUnknown {
        return Ok(());
    }
    let suggestion = known
        .iter()
        .map(|name| (edit_distance(root, name), name))
        .min()
        .filter(|(distance, _)| *distance <= root.len().max(3) / 3 + 1)
        .map_or(String::new(), |(_, name)| {
            format!("; did you mean '{name}'?")
        });
    Err(suggestion)
}

unsafe extern "C" fn push_name(name: sys::MlirStringRef, data: *mut c_void) {
    // SAFETY: `data` is the vector in `check_root`; MLIR hands a valid name.
    unsafe { (*data.cast::<Vec<String>>()).push(to_str(name).into_owned()) }
}

/// Levenshtein distance between two short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

impl PatternSetBuilder {
    /// A builder that adds to a set MLIR owns (the set an op's
    /// `getCanonicalizationPatterns` fills); give it back with
    /// [`PatternSetBuilder::release`].
    ///
    /// # Safety
    /// `raw` is a valid set of `context`, alive until `release`.
    #[cfg(feature = "melior")]
    pub(crate) unsafe fn borrowed(
        raw: sys::MlirRewritePatternSet,
        context: sys::MlirContext,
    ) -> Self {
        Self {
            raw,
            context,
            roots: Vec::new(),
            borrowed: true,
        }
    }

    /// Gives a borrowed set back to its owner, with the patterns added.
    #[cfg(feature = "melior")]
    pub(crate) fn release(mut self) {
        drop(std::mem::take(&mut self.roots));
        std::mem::forget(self);
    }
}

impl Drop for PatternSetBuilder {
    fn drop(&mut self) {
        if self.borrowed {
            // MLIR's set (a hook that panicked, or a builder dropped instead
            // of returned): its owner destroys it.
            return;
        }
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
            roots: Vec::new(),
            borrowed: false,
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
