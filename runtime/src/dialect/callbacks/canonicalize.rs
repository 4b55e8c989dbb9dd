//! The canonicalization patterns of a Rust op: its `canonicalize` method
//! as one pattern (ODS's `hasCanonicalizeMethod`), then the patterns of its
//! `canonicalization_patterns` (ODS's `hasCanonicalizer`), and the
//! stand-in for patterns whose hook panicked.

use std::{ffi::c_void, sync::atomic::AtomicBool};

use mlir_sys as sys;

use super::{definition, op_error};
use crate::{
    dialect::{op::CanonicalizeMethodHook, pattern::intern, OpDefinition},
    ffi::{bridge, trap},
    rewrite::{
        MatchResult, NoMatch, PatternRewriter, PatternSetBuilder, RewritePattern, RootChecked,
    },
    OperationRef,
};

pub(in crate::dialect) unsafe extern "C" fn canonicalize(
    definition: *const c_void,
    set: sys::MlirRewritePatternSet,
    context: sys::MlirContext,
) {
    // SAFETY: MLIR hands back the definition.
    let def = unsafe { self::definition(definition) };
    let (method, patterns) = (def.hooks.canonicalize_method, def.hooks.canonicalize);
    if method.is_none() && patterns.is_none() {
        return;
    }
    let root = full_name(def);
    let result = trap(|| {
        // SAFETY: MLIR's set, alive for the call; released below.
        let mut builder = unsafe { PatternSetBuilder::borrowed(set, context) };
        // ODS's `results.add(canonicalize)`: benefit 1, no generated ops,
        // first among the op's patterns.
        if let (Some(method), Some(root)) = (method, &root) {
            let name = intern(format!("{}::canonicalize", def.type_name));
            builder = builder.add_named(
                MethodPattern {
                    root: root.clone(),
                    method,
                },
                name,
            );
        }
        if let Some(hook) = patterns {
            builder = hook(builder);
        }
        builder.release();
    });
    if let Err(panic) = result {
        let message = format!(
            "canonicalization patterns of `{}` panicked: {panic}; they were not added",
            def.type_name
        );
        // The hook runs when `canonicalize` initializes, before any pass
        // runs: no pass can fail yet. A stand-in pattern on the op fails the
        // pass that first meets such an op, with the error at it.
        match root {
            Some(root) => {
                // SAFETY: MLIR's set, alive for the call; released below.
                let builder = unsafe { PatternSetBuilder::borrowed(set, context) };
                builder
                    .add(PanickedPatterns {
                        root,
                        message,
                        reported: AtomicBool::new(false),
                    })
                    .release();
            }
            // SAFETY: a valid context.
            None => unsafe { crate::ContextRef::from_raw(context) }.emit_error(&message),
        }
    }
}

/// `namespace.name` of a registered op definition.
fn full_name(def: &'static OpDefinition) -> Option<String> {
    inventory::iter::<crate::dialect::OpRegistration>
        .into_iter()
        .find(|r| std::ptr::eq((r.op)(), def))
        .map(|r| format!("{}.{}", (r.dialect)().namespace, def.name))
}

/// An op's `canonicalize` method as a pattern rooted at the op (C++'s
/// `FnPattern` of `RewritePatternSet::add(LogicalResult (*)(OpTy,
/// PatternRewriter &))`). A panic in it is the driver's to report, as any
/// pattern's.
struct MethodPattern {
    root: String,
    method: CanonicalizeMethodHook,
}

impl RewritePattern for MethodPattern {
    fn root(&self) -> &str {
        &self.root
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        // Only the drivers call it, with ops of the root; anything else
        // matches nothing.
        // SAFETY: a valid op; its name lives in the context.
        if unsafe { crate::ffi::op_name(op.raw()) } != self.root {
            return Err(NoMatch);
        }
        (self.method)(op, rewriter)
    }

    fn match_and_rewrite_root(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
        _root: RootChecked,
    ) -> MatchResult {
        (self.method)(op, rewriter)
    }
}

/// Stands in for an op's canonicalization patterns whose hook panicked: on
/// every op of that kind it fails the running pass (the first time with the
/// error, at the op) and matches nothing.
struct PanickedPatterns {
    root: String,
    message: String,
    reported: AtomicBool,
}

impl RewritePattern for PanickedPatterns {
    fn root(&self) -> &str {
        &self.root
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        _rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        if !self
            .reported
            .swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            op_error(op.raw(), &self.message);
        }
        // SAFETY: no arguments.
        unsafe { bridge::mlirPassBridgeFailRunningPass() };
        Err(NoMatch)
    }
}
