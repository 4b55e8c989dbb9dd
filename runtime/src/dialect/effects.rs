//! Memory effects and speculation of Rust ops (C++'s
//! `MemoryEffectOpInterface` and `ConditionallySpeculatable`), which `cse`,
//! `canonicalize` (dead code), `loop-invariant-code-motion` and every other
//! upstream pass read as they read a C++ op's.
//!
//! Effects are declared as data, as ODS's `MemoryEffects<[...]>`,
//! `Arg<..., [MemRead]>` and `Res<..., [MemAlloc]>` do:
//!
//! ```ignore
//! #[mlir_op(..., effects = [MemRead(buffer), MemWrite(buffer, "Cache"), MemAlloc(result)])]
//! ```
//!
//! or by a method, for effects that depend on the op
//! (`interfaces = [MemoryEffectOpInterface]`, `fn effects(&self, effects:
//! &mut Effects<'_>)`). `interfaces = [ConditionallySpeculatable]` asks
//! `fn speculatability(&self) -> Speculatability`. `Pure`,
//! `NoMemoryEffect` and `AlwaysSpeculatable` keep meaning what they mean.

use std::{ffi::c_void, marker::PhantomData};

use melior::ir::{operation::OperationLike, ValueLike};
use mlir_sys as sys;

use super::OpDefinition;
use crate::{
    ffi::{bridge, string_ref, trap_hook},
    OperationRef,
};

/// A memory effect (C++'s `MemoryEffects::Read`, `Write`, `Allocate`,
/// `Free`; ODS's `MemRead`, `MemWrite`, `MemAlloc`, `MemFree`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoryEffect {
    /// Reads memory.
    Read,
    /// Writes memory.
    Write,
    /// Allocates memory.
    Allocate,
    /// Frees memory.
    Free,
}

/// What a declared effect is on: the op, or every value of one of its
/// operand or result groups (by position among the groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EffectOn {
    /// The op as a whole (ODS's `MemoryEffects<[...]>`).
    Op,
    /// Each value of operand group `n` (ODS's `Arg<..., [MemRead]>`).
    Operand(u32),
    /// Each value of result group `n` (ODS's `Res<..., [MemAlloc]>`).
    Result(u32),
}

/// One effect an op declares (`effects = [MemRead(input, "Cache")]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EffectDef {
    /// The effect.
    pub effect: MemoryEffect,
    /// What it is on.
    pub on: EffectOn,
    /// The resource's name: `""` for MLIR's default resource,
    /// `"AutomaticAllocationScope"` for MLIR's, any other name for a
    /// resource of that name (one per name in the process; two ops naming
    /// it share it).
    pub resource: &'static str,
}

/// Says an op's effects (C++'s `getEffects`).
pub type EffectsHook = for<'a> fn(OperationRef<'a>, &mut Effects<'a>);
/// Says whether an op may be speculated (C++'s `getSpeculatability`).
pub type SpeculatabilityHook = for<'a> fn(OperationRef<'a>) -> Speculatability;

/// `MemoryEffectOpInterface` as an op declares it.
#[derive(Clone, Copy, Debug)]
pub enum MemoryEffects {
    /// `effects = [...]`: the same effects for every op of the kind.
    Declared(&'static [EffectDef]),
    /// `interfaces = [MemoryEffectOpInterface]`: the op's `effects` method.
    Method(EffectsHook),
}

/// Whether an op may run where it would not have (C++'s
/// `Speculation::Speculatability`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Speculatability {
    /// It may not (it may trap, or has effects).
    NotSpeculatable,
    /// It may.
    Speculatable,
    /// It may if every op in its regions may.
    RecursivelySpeculatable,
}

/// Where an op's `effects` method puts its effects (C++'s
/// `SmallVectorImpl<EffectInstance<MemoryEffects::Effect>>`).
pub struct Effects<'a> {
    op: sys::MlirOperation,
    effects: Vec<(
        MemoryEffect,
        bridge::MlirPassBridgeEffectTarget,
        usize,
        &'static str,
    )>,
    _borrow: PhantomData<&'a ()>,
}

impl<'a> Effects<'a> {
    fn new(op: OperationRef<'a>) -> Self {
        Self {
            op: op.to_raw(),
            effects: Vec::new(),
            _borrow: PhantomData,
        }
    }

    /// `effect` on the op as a whole, on `resource` (see
    /// [`EffectDef::resource`]; `""`: MLIR's default resource).
    pub fn add(&mut self, effect: MemoryEffect, resource: &'static str) {
        self.effects.push((
            effect,
            bridge::MlirPassBridgeEffectTarget::MlirPassBridgeEffectOnOp,
            0,
            resource,
        ));
    }

    /// `effect` on `value`, an operand or a result of the op (for a value
    /// the op uses twice, its first use), on `resource`.
    ///
    /// # Panics
    /// When `value` is neither an operand nor a result of the op: C++ does
    /// not check it; the panic is reported at the op, the running pass
    /// fails, and MLIR is told every effect.
    #[track_caller]
    pub fn add_on<'c>(
        &mut self,
        effect: MemoryEffect,
        value: impl ValueLike<'c>,
        resource: &'static str,
    ) {
        let raw = value.to_raw();
        // SAFETY (block): a valid op and value, only read.
        let (target, index) = unsafe {
            if sys::mlirValueIsAOpResult(raw)
                && sys::mlirOperationEqual(sys::mlirOpResultGetOwner(raw), self.op)
            {
                (
                    bridge::MlirPassBridgeEffectTarget::MlirPassBridgeEffectOnResult,
                    sys::mlirOpResultGetResultNumber(raw) as usize,
                )
            } else {
                let count = sys::mlirOperationGetNumOperands(self.op) as usize;
                let found = (0..count).find(|&i| {
                    sys::mlirValueEqual(sys::mlirOperationGetOperand(self.op, i as isize), raw)
                });
                let Some(index) = found else {
                    panic!(
                        "`Effects::add_on` was given a value that is neither an operand nor a \
                         result of this op"
                    );
                };
                (
                    bridge::MlirPassBridgeEffectTarget::MlirPassBridgeEffectOnOperand,
                    index,
                )
            }
        };
        self.effects.push((effect, target, index, resource));
    }
}

impl std::fmt::Debug for Effects<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Effects")
            .field("added", &self.effects.len())
            .finish()
    }
}

fn raw_effect(effect: MemoryEffect) -> bridge::MlirPassBridgeMemoryEffect {
    use bridge::MlirPassBridgeMemoryEffect as E;
    match effect {
        MemoryEffect::Read => E::MlirPassBridgeMemoryEffectRead,
        MemoryEffect::Write => E::MlirPassBridgeMemoryEffectWrite,
        MemoryEffect::Allocate => E::MlirPassBridgeMemoryEffectAllocate,
        MemoryEffect::Free => E::MlirPassBridgeMemoryEffectFree,
    }
}

/// The declared effects as the bridge's specs.
pub(super) fn effect_specs(effects: &[EffectDef]) -> Vec<bridge::MlirPassBridgeEffectSpec> {
    use bridge::MlirPassBridgeEffectTarget as T;
    effects
        .iter()
        .map(|e| {
            let (target, index) = match e.on {
                EffectOn::Op => (T::MlirPassBridgeEffectOnOp, 0),
                EffectOn::Operand(n) => (T::MlirPassBridgeEffectOnOperand, n),
                EffectOn::Result(n) => (T::MlirPassBridgeEffectOnResult, n),
            };
            bridge::MlirPassBridgeEffectSpec {
                effect: raw_effect(e.effect),
                target,
                index,
                resource: string_ref(e.resource),
            }
        })
        .collect()
}

/// The op's definition behind a callback's user data.
///
/// # Safety
/// `definition` is the `&'static OpDefinition` the op was registered with.
unsafe fn definition<'d>(definition: *const c_void) -> &'d OpDefinition {
    // SAFETY: the caller's contract.
    unsafe { &*definition.cast::<OpDefinition>() }
}

fn report(op: sys::MlirOperation, message: &str) {
    // SAFETY: a valid op; MLIR copies the message.
    unsafe { bridge::mlirPassBridgeEmitOpError(op, string_ref(message)) };
}

pub(super) unsafe extern "C" fn memory_effects(
    definition: *const c_void,
    op: sys::MlirOperation,
    add: bridge::MlirPassBridgeAddEffect,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { self::definition(definition) };
    let (Some(MemoryEffects::Method(hook)), Some(add)) = (def.interfaces.effects, add) else {
        return false;
    };
    // SAFETY: a valid op, borrowed for the call.
    let result = trap_hook(|| {
        let op = unsafe { OperationRef::from_raw(op) };
        let mut effects = Effects::new(op);
        hook(op, &mut effects);
        effects.effects
    });
    match result {
        Ok(effects) => {
            for (effect, target, index, resource) in effects {
                // SAFETY: the bridge's callback with its user data.
                unsafe {
                    add(
                        raw_effect(effect),
                        target,
                        index as isize,
                        string_ref(resource),
                        user_data,
                    )
                };
            }
            true
        }
        Err(panic) => {
            report(
                op,
                &format!(
                    "`effects` (MemoryEffectOpInterface) of `{}` panicked: {panic}; it is taken \
                     to have every effect",
                    def.type_name
                ),
            );
            false
        }
    }
}

pub(super) unsafe extern "C" fn speculatability(
    definition: *const c_void,
    op: sys::MlirOperation,
) -> bridge::MlirPassBridgeSpeculatability {
    use bridge::MlirPassBridgeSpeculatability as S;
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { self::definition(definition) };
    let Some(hook) = def.interfaces.speculatability else {
        return S::MlirPassBridgeNotSpeculatable;
    };
    // SAFETY: a valid op, borrowed for the call.
    match trap_hook(|| hook(unsafe { OperationRef::from_raw(op) })) {
        Ok(Speculatability::Speculatable) => S::MlirPassBridgeSpeculatable,
        Ok(Speculatability::RecursivelySpeculatable) => S::MlirPassBridgeRecursivelySpeculatable,
        Ok(Speculatability::NotSpeculatable) => S::MlirPassBridgeNotSpeculatable,
        Err(panic) => {
            report(
                op,
                &format!(
                    "`speculatability` (ConditionallySpeculatable) of `{}` panicked: {panic}; it \
                     is taken as not speculatable",
                    def.type_name
                ),
            );
            S::MlirPassBridgeNotSpeculatable
        }
    }
}
