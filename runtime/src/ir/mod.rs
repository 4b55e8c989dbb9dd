//! Safe IR access inside a pass, through [`melior`] (feature `melior`, on by
//! default).
//!
//! A pass receives a [`crate::OperationRef`]; [`OperationRef::melior`](crate::OperationRef::melior),
//! [`OperationRef::melior_mut`](crate::OperationRef::melior_mut) and
//! [`OperationRef::melior_context`](crate::OperationRef::melior_context) give
//! melior's handles, borrowed for the call of `run`, with no `unsafe` in the
//! pass. This module adds what melior 0.27 lacks and passes need:
//!
//! - [`OperationExt`]: typed attribute getters (integer, string, bool, symbol
//!   reference), a walk that hands out mutable handles ([`OperationExt::walk_ops`]),
//!   and symbol queries answered by MLIR's own `SymbolOpInterface`,
//!   `SymbolTable` trait and `SymbolTable::getSymbolUses`.
//! - [`OperationMutExt`]: typed attribute setters, symbol visibility, and
//!   [`OperationMutExt::erase`], which refuses an op whose results are used.
//! - [`ValueExt`]: replace all uses of a value, iterate its uses.
//! - [`ValueExt::constant`], [`ValueExt::constant_int`],
//!   [`ValueExt::constant_float`]: constants as C++'s `m_Constant`, `m_ConstantInt`,
//!   `m_ConstantFloat` match them (scalars and splats), type-checked.
//! - [`SymbolTableCollection`]: cached symbol lookups, nested references
//!   included.
//!
//! # Rules that the types cannot enforce
//! MLIR runs a pass anchored on `func.func` on all functions at once, one
//! thread each. Such a pass may read and change its function and what is
//! nested in it; it must not read or change anything outside it: not the
//! parent module (melior's `parent_operation` reaches it), not sibling
//! functions (not even through a symbol lookup from the module). MLIR's C++
//! passes follow the same rule. A pass anchored on `builtin.module` may touch
//! the whole module.
//!
//! melior's handles are `Copy`: a handle to an operation that was erased
//! dangles. Erase an op only when no handle to it is used afterwards; in
//! [`OperationExt::walk_ops`] with [`WalkOrder::PostOrder`], the visited op may
//! be erased or replaced (MLIR captures the next op first), ops not yet
//! visited must not be.

mod constant;
mod operation;
mod symbol;
mod value;

use std::fmt;

pub use constant::{FloatConstant, IntConstant};
pub use melior::ir::operation::WalkOrder;
pub use operation::{ChildOps, OperationExt, OperationMutExt};
pub use symbol::{SymbolTableCollection, SymbolUse, Visibility};
pub use value::{BlockArgumentExt, Uses, ValueExt, ValueUse};

/// Why an IR change was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IrError {
    message: String,
}

impl IrError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl fmt::Display for IrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for IrError {}

impl From<IrError> for crate::PassError {
    fn from(error: IrError) -> Self {
        crate::PassError::new(error.message)
    }
}

/// melior's errors (an operand index out of range, a failed cast) fail the
/// pass with melior's message, so `?` works on them in `run`.
impl From<melior::Error> for crate::PassError {
    fn from(error: melior::Error) -> Self {
        crate::PassError::new(error.to_string())
    }
}
