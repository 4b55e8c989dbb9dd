//! Analyses and interfaces that MLIR's transforms (CSE, LICM, dead-code
//! removal) ask about, answered by libMLIR itself (feature `melior`).
//!
//! - [`DominanceInfo`] and [`PostDominanceInfo`]: C++'s
//!   `getAnalysis<DominanceInfo>()`, built for the op a pass runs on and
//!   borrowed from it, so that it cannot outlive `run`; inside `run`, for
//!   the pass's own op, the pass's analysis manager's.
//! - [`Liveness`] and [`CallGraph`]: MLIR's, from the running pass's
//!   analysis manager ([`crate::running::RunningPass::get_analysis`]).
//! - [`EffectsExt`]: `isMemoryEffectFree`, `isOpTriviallyDead`,
//!   `wouldOpBeTriviallyDead`, `isSpeculatable`, `isPure`,
//!   `onlyHasEffect<Read>` and what CSE takes as a write, an op's
//!   [`MemoryEffect`]s (`MemoryEffectOpInterface::getEffects`,
//!   `getEffectsRecursively`).
//! - [`EquivalenceExt`]: `OperationEquivalence::computeHash` and
//!   `isEquivalentTo` with the flags CSE uses, and [`CseKey`] to put ops in a
//!   `HashMap` as CSE does.
//! - [`InterfacesExt`]: the traits these passes check (terminator, isolated
//!   from above, constant-like, commutative, recursive memory effects),
//!   `LoopLikeOpInterface` and `RegionBranchOpInterface`; [`LoopLikeMutExt`]
//!   moves an op out of a loop.
//!
//! Symbols (`SymbolOpInterface`) are in [`crate::ir::OperationExt`].
//!
//! Every question is asked inside libMLIR: a function libMLIR exports
//! (`mlir::isMemoryEffectFree`, `DominanceInfo::properlyDominates`, ...),
//! or a trait or interface check compiled, with Clang as libMLIR is, into
//! the bridge, whose answers the probe tests compare in `mlir-pass-opt` and
//! in the stock `mlir-opt` with a plugin.
//!
//! An unregistered op has no traits and no interfaces: its effects are
//! unknown (`None`), it is not memory-effect free, not speculatable, and
//! never trivially dead.

mod dominance;
mod effects;
mod equivalence;
mod interfaces;
mod liveness;

pub use dominance::{DominanceInfo, PostDominanceInfo};
pub use effects::{EffectKind, EffectsExt, MemoryEffect};
pub use equivalence::{CseKey, EquivalenceExt};
pub use interfaces::{FastMath, InterfacesExt, LoopLikeMutExt, RegionSuccessor};
pub use liveness::{CallGraph, Callee, Liveness};
