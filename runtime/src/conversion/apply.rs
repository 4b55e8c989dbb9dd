//! The apply functions and [`ConversionConfig`].

use std::ffi::c_void;

use mlir_sys as sys;

use super::{set::ConversionPatternSet, target::ConversionTarget};
use crate::{
    ffi::bridge::{
        self, MlirPassBridgeConversionMode, MlirPassBridgeConversionStatus,
        MlirPassBridgeFoldingMode,
    },
    handle::OperationRef,
    rewrite::driver::{with_application, Driver},
    PassError,
};

/// When a conversion folds ops (`DialectConversionFoldingMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoldingMode {
    /// Never.
    Never,
    /// Before trying the patterns on an illegal op (MLIR's default).
    BeforePatterns,
    /// After the patterns failed on it.
    AfterPatterns,
}

/// A conversion's settings (C++'s `ConversionConfig`). `Default` gives
/// MLIR's own defaults, read from MLIR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConversionConfig {
    /// Build materializations for values whose uses the conversion left
    /// with another type (otherwise `unrealized_conversion_cast` ops stay).
    pub build_materializations: bool,
    /// Let the driver roll back the changes of a pattern that fails, and
    /// keep the IR as it was when a conversion fails. Off is faster, and
    /// then a pattern must not change the IR and fail.
    pub allow_pattern_rollback: bool,
    /// When ops are folded.
    pub folding: FoldingMode,
    /// Mark each materialization's cast with its kind (for debugging).
    pub attach_debug_materialization_kind: bool,
}

impl Default for ConversionConfig {
    fn default() -> Self {
        // SAFETY: no arguments.
        let raw = unsafe { bridge::mlirPassBridgeConversionConfigDefault() };
        Self {
            build_materializations: raw.buildMaterializations,
            allow_pattern_rollback: raw.allowPatternRollback,
            folding: match raw.foldingMode {
                MlirPassBridgeFoldingMode::MlirPassBridgeFoldNever => FoldingMode::Never,
                MlirPassBridgeFoldingMode::MlirPassBridgeFoldAfterPatterns => {
                    FoldingMode::AfterPatterns
                }
                _ => FoldingMode::BeforePatterns,
            },
            attach_debug_materialization_kind: raw.attachDebugMaterializationKind,
        }
    }
}

impl ConversionConfig {
    fn to_raw(&self) -> bridge::MlirPassBridgeConversionConfig {
        bridge::MlirPassBridgeConversionConfig {
            buildMaterializations: self.build_materializations,
            allowPatternRollback: self.allow_pattern_rollback,
            foldingMode: match self.folding {
                FoldingMode::Never => MlirPassBridgeFoldingMode::MlirPassBridgeFoldNever,
                FoldingMode::BeforePatterns => {
                    MlirPassBridgeFoldingMode::MlirPassBridgeFoldBeforePatterns
                }
                FoldingMode::AfterPatterns => {
                    MlirPassBridgeFoldingMode::MlirPassBridgeFoldAfterPatterns
                }
            },
            attachDebugMaterializationKind: self.attach_debug_materialization_kind,
        }
    }
}

/// Converts the illegal ops in `op` (and `op` itself) with `patterns`, and
/// leaves the ops `target` has no rule for (C++'s `applyPartialConversion`).
///
/// # Errors
/// An illegal op could not be converted: MLIR has reported it at the op
/// ("failed to legalize operation '...' that was explicitly marked
/// illegal"), and, with rollback allowed, the IR is as it was before. Or
/// the casts MLIR inserted could not be legalized ("failed to legalize
/// unresolved materialization"): the changes stay, with the casts, as for a
/// C++ conversion (see the module docs). Or a
/// pattern, a type conversion, a materialization or a legality closure
/// panicked or made a change the rewriter refused (reported at its op); or
/// the set, the target and the op are of different contexts; or `op`
/// overlaps IR that a walk or a pattern driver in progress holds.
pub fn apply_partial_conversion(
    op: OperationRef<'_>,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    config: &ConversionConfig,
) -> Result<(), PassError> {
    apply(
        op,
        target,
        patterns,
        config,
        MlirPassBridgeConversionMode::MlirPassBridgeConversionPartial,
    )
    .map(drop)
}

/// Converts every op in `op` (and `op` itself) to legal ops; an op with no
/// rule is an error too (C++'s `applyFullConversion`).
///
/// # Errors
/// As [`apply_partial_conversion`], for any op left not legal.
pub fn apply_full_conversion(
    op: OperationRef<'_>,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    config: &ConversionConfig,
) -> Result<(), PassError> {
    apply(
        op,
        target,
        patterns,
        config,
        MlirPassBridgeConversionMode::MlirPassBridgeConversionFull,
    )
    .map(drop)
}

/// Finds which ops in `op` the conversion would legalize, without changing
/// anything (C++'s `applyAnalysisConversion`): the ops, in pre-order.
///
/// # Errors
/// As [`apply_partial_conversion`].
pub fn apply_analysis_conversion<'a>(
    op: OperationRef<'a>,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    config: &ConversionConfig,
) -> Result<Vec<OperationRef<'a>>, PassError> {
    apply(
        op,
        target,
        patterns,
        config,
        MlirPassBridgeConversionMode::MlirPassBridgeConversionAnalysis,
    )
}

fn apply<'a>(
    op: OperationRef<'a>,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    config: &ConversionConfig,
    mode: MlirPassBridgeConversionMode,
) -> Result<Vec<OperationRef<'a>>, PassError> {
    patterns.check_context(op)?;
    target.check_names()?;
    // SAFETY: both valid.
    if !unsafe { sys::mlirContextEqual(target.context(), op.context().raw()) } {
        return Err(PassError::new(
            "the conversion target was made in another MLIR context than the op's",
        ));
    }
    let mut ops: Vec<sys::MlirOperation> = Vec::new();
    let want_ops = mode == MlirPassBridgeConversionMode::MlirPassBridgeConversionAnalysis;
    let status = with_application(op, Driver::Conversion, || {
        // SAFETY: valid op, target and frozen set (borrowed); the callback
        // pushes to `ops` during the call.
        unsafe {
            bridge::mlirPassBridgeApplyConversion(
                op.raw(),
                target.raw(),
                patterns.raw(),
                mode,
                config.to_raw(),
                if want_ops { Some(push_op) } else { None },
                (&mut ops as *mut Vec<sys::MlirOperation>).cast::<c_void>(),
            )
        }
    })?;
    match status {
        MlirPassBridgeConversionStatus::MlirPassBridgeConversionSucceeded => Ok(ops
            .into_iter()
            // SAFETY: ops in `op`, unchanged by an analysis.
            .map(|raw| unsafe { OperationRef::from_raw_in(raw, op.context().raw()) })
            .collect()),
        MlirPassBridgeConversionStatus::MlirPassBridgeConversionFailedStatus => {
            Err(PassError::reported())
        }
        _ => Err(PassError::new(format!(
            "the dialect conversion of '{}' failed: out of memory",
            op.name()
        ))),
    }
}

unsafe extern "C" fn push_op(op: sys::MlirOperation, data: *mut c_void) {
    // SAFETY: `data` is the vector in `apply`.
    unsafe { (*data.cast::<Vec<sys::MlirOperation>>()).push(op) }
}
