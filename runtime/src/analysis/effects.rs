//! Side effects, as MLIR's `SideEffectInterfaces` answer them.

use std::ffi::c_void;

use melior::ir::{operation::OperationLike, Attribute, Value};
use mlir_sys as sys;

use crate::ffi::{
    bridge::{
        self, MlirPassBridgeEffect, MlirPassBridgeEffectKind, MlirPassBridgeEffectQuery,
        MlirPassBridgeQueryStatus,
    },
    to_str,
};

/// What an effect does to its resource (`MemoryEffects::Effect`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EffectKind {
    /// `MemoryEffects::Allocate`: the resource is allocated.
    Allocate,
    /// `MemoryEffects::Free`: the resource is freed.
    Free,
    /// `MemoryEffects::Read`: the resource is read.
    Read,
    /// `MemoryEffects::Write`: the resource is written.
    Write,
}

/// One memory effect of an op (`MemoryEffects::EffectInstance`).
#[derive(Clone, Debug)]
pub struct MemoryEffect<'c, 'a> {
    /// What the effect does.
    pub kind: EffectKind,
    /// The value it acts on (an operand, a result, a block argument), when
    /// known.
    pub value: Option<Value<'c, 'a>>,
    /// The symbol it acts on (a `SymbolRefAttr`), when known.
    pub symbol: Option<Attribute<'c>>,
    /// The name of the resource (`SideEffects::Resource::getName`), as
    /// `<Default>` or `AutomaticAllocationScope`.
    pub resource: String,
    /// `EffectInstance::getStage()`: the order of the effect among the op's
    /// effects (0 first).
    pub stage: i32,
    /// `EffectInstance::getEffectOnFullRegion()`: the effect covers the whole
    /// of the value's region.
    pub on_full_region: bool,
}

/// Side-effect questions about an op, answered by libMLIR's functions of
/// the same name. Implemented for every melior operation handle.
///
/// ```
/// # use mlir_pass::analysis::EffectsExt;
/// # use mlir_pass::ir::{OperationExt, OperationMutExt, WalkOrder};
/// # use mlir_pass::melior::ir::operation::WalkResult;
/// # fn run(op: mlir_pass::OperationRef<'_>) -> Result<(), mlir_pass::PassError> {
/// // Erase dead ops, as `mlir::isOpTriviallyDead` sees them.
/// op.melior().try_walk_ops(WalkOrder::PostOrder, |nested| {
///     if nested.is_trivially_dead() {
///         nested.erase()?;
///     }
///     Ok::<_, mlir_pass::PassError>(WalkResult::Advance)
/// })?;
/// # Ok(())
/// # }
/// ```
pub trait EffectsExt<'c: 'a, 'a>: OperationLike<'c, 'a> {
    /// `mlir::isMemoryEffectFree(op)`: the op and, for ops with recursive
    /// effects, everything nested in it, has no memory effect. False for an
    /// op whose effects are unknown (an unregistered op).
    fn is_memory_effect_free(&self) -> bool {
        query(
            self.to_raw(),
            MlirPassBridgeEffectQuery::MlirPassBridgeEffectMemoryEffectFree,
        )
    }

    /// `mlir::isOpTriviallyDead(op)`: nothing uses its results and it could
    /// be erased ([`would_be_trivially_dead`](Self::would_be_trivially_dead)).
    fn is_trivially_dead(&self) -> bool {
        query(
            self.to_raw(),
            MlirPassBridgeEffectQuery::MlirPassBridgeEffectTriviallyDead,
        )
    }

    /// `mlir::wouldOpBeTriviallyDead(op)`: the op could be erased if nothing
    /// used its results (no effect but allocating or reading, and not a
    /// terminator or a symbol).
    fn would_be_trivially_dead(&self) -> bool {
        query(
            self.to_raw(),
            MlirPassBridgeEffectQuery::MlirPassBridgeEffectWouldBeTriviallyDead,
        )
    }

    /// `mlir::isSpeculatable(op)`: the op may be executed where it was not
    /// (hoisted out of a loop or a condition) without undefined behaviour
    /// (`ConditionallySpeculatable`; recursively for nested ops when it
    /// says so).
    fn is_speculatable(&self) -> bool {
        query(
            self.to_raw(),
            MlirPassBridgeEffectQuery::MlirPassBridgeEffectSpeculatable,
        )
    }

    /// `mlir::isPure(op)`: speculatable and memory-effect free.
    fn is_pure(&self) -> bool {
        query(
            self.to_raw(),
            MlirPassBridgeEffectQuery::MlirPassBridgeEffectPure,
        )
    }

    /// `MemoryEffectOpInterface::onlyHasEffect<MemoryEffects::Read>()`: the
    /// op declares at least one effect and every one is a read
    /// (`memref.load`). False when the op does not implement the interface.
    /// CSE merges such ops when nothing writes between them.
    fn only_reads(&self) -> bool {
        query(
            self.to_raw(),
            MlirPassBridgeEffectQuery::MlirPassBridgeEffectOnlyReads,
        )
    }

    /// Whether the op may write: `mlir::getEffectsRecursively(op)` holds a
    /// write (`memref.store`, or an `scf.for` whose body stores), or is
    /// unknown (an unregistered op, or one nested in the op). What CSE
    /// checks between two reads: an `scf.if` or a loop whose body only
    /// reads or computes does not write.
    fn may_write(&self) -> bool {
        query(
            self.to_raw(),
            MlirPassBridgeEffectQuery::MlirPassBridgeEffectMayWrite,
        )
    }

    /// The memory effects the op declares
    /// (`MemoryEffectOpInterface::getEffects`), or `None` when the op does
    /// not implement the interface, so that its effects are unknown. An op
    /// with recursive effects (`scf.for`) lists only its own: see
    /// [`memory_effects_recursively`](Self::memory_effects_recursively).
    fn memory_effects(&self) -> Option<Vec<MemoryEffect<'c, 'a>>> {
        effects(self.to_raw(), false)
    }

    /// `mlir::getEffectsRecursively(op)`: the op's effects and, when it has
    /// recursive memory effects, those of the ops nested in it; `None` when
    /// any of them is unknown.
    fn memory_effects_recursively(&self) -> Option<Vec<MemoryEffect<'c, 'a>>> {
        effects(self.to_raw(), true)
    }
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a> + ?Sized> EffectsExt<'c, 'a> for T {}

fn query(op: sys::MlirOperation, query: MlirPassBridgeEffectQuery) -> bool {
    // SAFETY: a valid op (from a melior handle).
    unsafe { bridge::mlirPassBridgeEffectQuery(op, query) }
}

fn effects<'c, 'a>(op: sys::MlirOperation, recursive: bool) -> Option<Vec<MemoryEffect<'c, 'a>>> {
    unsafe extern "C" fn push(effect: *const MlirPassBridgeEffect, data: *mut c_void) {
        // SAFETY: `data` is the vector below, `effect` valid for the call.
        let (effects, effect) = unsafe { (&mut *data.cast::<Vec<MemoryEffect>>(), &*effect) };
        let kind = match effect.kind {
            MlirPassBridgeEffectKind::MlirPassBridgeEffectAllocate => EffectKind::Allocate,
            MlirPassBridgeEffectKind::MlirPassBridgeEffectFree => EffectKind::Free,
            MlirPassBridgeEffectKind::MlirPassBridgeEffectRead => EffectKind::Read,
            _ => EffectKind::Write,
        };
        effects.push(MemoryEffect {
            kind,
            // SAFETY: null or a value of the op's context, nested in or used by it.
            value: (!effect.value.ptr.is_null()).then(|| unsafe { Value::from_raw(effect.value) }),
            // SAFETY: null or an attribute of the op's context.
            symbol: unsafe { Attribute::from_option_raw(effect.symbol) },
            // SAFETY: the resource's name, valid for the call.
            resource: unsafe { to_str(effect.resource) }.into_owned(),
            stage: effect.stage,
            on_full_region: effect.onFullRegion,
        });
    }
    let mut out: Vec<MemoryEffect<'c, 'a>> = Vec::new();
    // SAFETY: a valid op; the callback only pushes.
    let status = unsafe {
        bridge::mlirPassBridgeEffects(op, recursive, Some(push), (&mut out as *mut Vec<_>).cast())
    };
    match status {
        MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk => Some(out),
        MlirPassBridgeQueryStatus::MlirPassBridgeQueryUnknown => None,
        _ => panic!("out of memory listing memory effects"),
    }
}
