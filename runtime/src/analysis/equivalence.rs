//! Operation equivalence and hashing, as `OperationEquivalence` computes
//! them for CSE.

use std::hash::{Hash, Hasher};

use melior::ir::operation::OperationLike;
use mlir_sys as sys;

use crate::ffi::bridge;

/// Op equivalence as CSE asks it. Implemented for every melior operation
/// handle.
pub trait EquivalenceExt<'c: 'a, 'a>: OperationLike<'c, 'a> {
    /// `OperationEquivalence::computeHash` with CSE's arguments: the op's
    /// name, attributes, result types and operands (by value), locations
    /// ignored. Equivalent ops hash alike; the value is stable within a
    /// process only (LLVM's hashing is seeded per process).
    fn operation_hash(&self) -> u64 {
        // SAFETY: a valid op.
        unsafe { bridge::mlirPassBridgeOperationHash(self.to_raw()) }
    }

    /// `OperationEquivalence::isEquivalentTo(self, other, IgnoreLocations)`:
    /// same name, attributes, result types and operands (compared by
    /// value), and equivalent regions; locations ignored. `other` must be
    /// IR the pass may read (its own op or what is nested in it), as for
    /// every query.
    fn is_equivalent_to<'x>(&self, other: &impl OperationLike<'c, 'x>) -> bool
    where
        'c: 'x,
    {
        // SAFETY: two valid ops.
        unsafe { bridge::mlirPassBridgeOperationEquivalent(self.to_raw(), other.to_raw()) }
    }
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a> + ?Sized> EquivalenceExt<'c, 'a> for T {}

/// An op handle as a key of a `HashMap` or `HashSet`, hashed and compared
/// as CSE does ([`EquivalenceExt::operation_hash`],
/// [`EquivalenceExt::is_equivalent_to`]).
///
/// ```
/// # use std::collections::HashMap;
/// # use mlir_pass::analysis::CseKey;
/// # use mlir_pass::ir::OperationExt;
/// # fn run(op: mlir_pass::OperationRef<'_>) {
/// let mut first = HashMap::new();
/// for nested in op.melior().child_ops() {
///     let key = CseKey::new(nested);
///     if let Some(earlier) = first.get(&key) {
///         // `nested` computes what `earlier` already did.
///         let _: &CseKey<_> = earlier;
///     } else {
///         first.insert(key, key);
///     }
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CseKey<O> {
    op: O,
    raw: sys::MlirOperation,
    hash: u64,
}

impl<O> CseKey<O> {
    /// The key of `op` (its hash is computed once, here).
    pub fn new<'c: 'a, 'a>(op: O) -> Self
    where
        O: OperationLike<'c, 'a>,
    {
        let raw = op.to_raw();
        Self {
            hash: op.operation_hash(),
            op,
            raw,
        }
    }

    /// The op.
    pub fn op(&self) -> &O {
        &self.op
    }

    /// The op, given back.
    pub fn into_op(self) -> O {
        self.op
    }
}

impl<O> Hash for CseKey<O> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl<O> PartialEq for CseKey<O> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash
            // SAFETY: two valid ops (from melior handles).
            && unsafe { bridge::mlirPassBridgeOperationEquivalent(self.raw, other.raw) }
    }
}

impl<O> Eq for CseKey<O> {}
