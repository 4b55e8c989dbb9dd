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
//!   [`OperationMutExt::erase`], which refuses an op whose results are used
//!   or that MLIR or a walk in progress still needs.
//! - [`ValueExt`]: replace all uses of a value, iterate its uses.
//! - [`ValueExt::constant`], [`ValueExt::constant_int`],
//!   [`ValueExt::constant_float`]: constants as C++'s `m_Constant`, `m_ConstantInt`,
//!   `m_ConstantFloat` match them (scalars and splats), type-checked.
//! - [`SymbolTableCollection`]: cached symbol lookups, nested references
//!   included.
//! - [`TypeExt`]: shapes, element counts and element types of shaped types
//!   (C++'s `getShape`, `getNumElements`, `getElementTypeOrSelf`), and
//!   [`unranked_tensor_type`].
//! - [`parse_module`], [`parse_type`], [`parse_attribute`]: text to IR;
//!   [`parse_module`] instead of melior's `Module::parse`, which reads past
//!   the end of its text.
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
//! dangles, and using it is undefined behaviour that no type prevents (see
//! "Soundness" in the README). Erase an op only when no handle to it is
//! used afterwards. The erasures of this crate refuse, with an error, to
//! free what MLIR or the crate itself will still read: the op the pass runs
//! on and its parents, the op a pattern driver runs on, the ops that a walk
//! ([`OperationExt::walk_ops`]) or a [`ChildOps`] iteration in progress has
//! yet to reach or is inside, and, inside a rewrite pattern, anything not
//! erased through the rewriter.

mod constant;
pub(crate) mod erasure;
mod operation;
mod parse;
mod symbol;
mod types;
mod value;
mod walk;

use std::fmt;

pub use constant::{FloatConstant, IntConstant};
pub use melior::ir::operation::WalkOrder;
pub(crate) use operation::used_results;
pub use operation::{OperationExt, OperationMutExt};
pub use parse::{parse_attribute, parse_module, parse_type};
pub use symbol::{Symbol, SymbolTableCollection, SymbolUse, Visibility};
pub use types::{
    int_or_float_bit_width, scalable_vector_type, unranked_tensor_type, vector_type, TypeExt,
    DYNAMIC,
};
pub use value::{BlockArgumentExt, Uses, ValueExt, ValueUse};
pub use walk::{ChildOps, ChildRegions};

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
