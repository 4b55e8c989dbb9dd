//! Passes anchored on an op interface (C++'s `InterfacePass<Interface>`):
//! [`AnchorInterface`], named by `#[mlir_pass(interface = "...")]`.

use crate::ffi::bridge;

/// An op interface a pass can be anchored on, with
/// `#[mlir_pass(interface = "FunctionOpInterface")]`: the pass runs on every
/// operation that implements it (`func.func`, `llvm.func`, a Rust dialect's
/// function op...) and MLIR refuses to schedule it on any other, as it does
/// a C++ `InterfacePass<FunctionOpInterface>` (`canScheduleOn`).
///
/// ```no_run
/// use mlir_pass::{OperationRef, Pass, PassError};
///
/// /// Counts the blocks of every function-like operation.
/// #[mlir_pass::mlir_pass(argument = "count-blocks", interface = "FunctionOpInterface")]
/// #[derive(Clone, Default)]
/// struct CountBlocks;
///
/// impl Pass for CountBlocks {
///     fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
///         // `op` implements FunctionOpInterface here.
///         Ok(())
///     }
/// }
/// ```
///
/// In a pipeline it nests under the operations that implement the interface
/// (`builtin.module(llvm.func(count-blocks))`), or under `any(...)`, where
/// MLIR runs it on those alone. Added to a pass manager on another operation
/// it is refused: at once by [`OpPassManager::add_pass`](crate::OpPassManager::add_pass)
/// (when the operation's dialect is loaded), otherwise by MLIR before any pass
/// runs ("unable to schedule pass ..."), and, on a pass manager that never
/// asks, before `run` with an error naming the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AnchorInterface {
    /// `FunctionOpInterface`: `func.func`, `llvm.func`, `gpu.func`...
    FunctionOpInterface,
    /// `SymbolOpInterface`: operations that define a symbol.
    SymbolOpInterface,
    /// `CallableOpInterface`: operations with a body that calls can target.
    CallableOpInterface,
    /// `CallOpInterface`: call operations.
    CallOpInterface,
    /// `LoopLikeOpInterface`: `scf.for`, `affine.for`...
    LoopLikeOpInterface,
    /// `RegionBranchOpInterface`: `scf.if`, `scf.while`...
    RegionBranchOpInterface,
}

impl AnchorInterface {
    /// Every interface, in the order of the macro's "accepted" list.
    pub const ALL: &'static [AnchorInterface] = &[
        AnchorInterface::FunctionOpInterface,
        AnchorInterface::SymbolOpInterface,
        AnchorInterface::CallableOpInterface,
        AnchorInterface::CallOpInterface,
        AnchorInterface::LoopLikeOpInterface,
        AnchorInterface::RegionBranchOpInterface,
    ];

    /// The interface's C++ name, as `interface = "..."` spells it.
    pub fn name(self) -> &'static str {
        match self {
            AnchorInterface::FunctionOpInterface => "FunctionOpInterface",
            AnchorInterface::SymbolOpInterface => "SymbolOpInterface",
            AnchorInterface::CallableOpInterface => "CallableOpInterface",
            AnchorInterface::CallOpInterface => "CallOpInterface",
            AnchorInterface::LoopLikeOpInterface => "LoopLikeOpInterface",
            AnchorInterface::RegionBranchOpInterface => "RegionBranchOpInterface",
        }
    }

    /// The interface named `name` (its C++ name).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|i| i.name() == name)
    }

    /// An operation that implements it, for messages.
    pub(crate) fn example_op(self) -> &'static str {
        match self {
            AnchorInterface::FunctionOpInterface
            | AnchorInterface::SymbolOpInterface
            | AnchorInterface::CallableOpInterface => "func.func",
            AnchorInterface::CallOpInterface => "func.call",
            AnchorInterface::LoopLikeOpInterface => "scf.for",
            AnchorInterface::RegionBranchOpInterface => "scf.if",
        }
    }

    pub(crate) fn raw(self) -> bridge::MlirPassBridgeInterface {
        use bridge::MlirPassBridgeInterface as I;
        match self {
            AnchorInterface::FunctionOpInterface => I::MlirPassBridgeInterfaceFunctionOp,
            AnchorInterface::SymbolOpInterface => I::MlirPassBridgeInterfaceSymbolOp,
            AnchorInterface::CallableOpInterface => I::MlirPassBridgeInterfaceCallableOp,
            AnchorInterface::CallOpInterface => I::MlirPassBridgeInterfaceCallOp,
            AnchorInterface::LoopLikeOpInterface => I::MlirPassBridgeInterfaceLoopLikeOp,
            AnchorInterface::RegionBranchOpInterface => I::MlirPassBridgeInterfaceRegionBranchOp,
        }
    }
}

impl std::fmt::Display for AnchorInterface {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether operations named `op_name` implement `interface` in `context`:
/// `None` when the name is not registered there (its dialect is not
/// loaded yet).
pub(crate) fn implements(
    context: mlir_sys::MlirContext,
    op_name: &str,
    interface: AnchorInterface,
) -> Option<bool> {
    use bridge::MlirPassBridgeImplements as R;
    // SAFETY: a valid context; the name is copied for the lookup.
    match unsafe {
        bridge::mlirPassBridgeOpNameImplements(
            context,
            crate::ffi::string_ref(op_name),
            interface.raw(),
        )
    } {
        R::MlirPassBridgeImplementsYes => Some(true),
        R::MlirPassBridgeImplementsNo => Some(false),
        _ => None,
    }
}

/// Refuses a pass anchored on `interface` in a pass manager on `anchor`
/// operations that do not implement it (MLIR would refuse it only when the
/// pass manager runs, without naming the interface). An op-agnostic pass
/// manager, or an operation whose dialect is not loaded yet, is left to
/// MLIR.
pub(crate) fn check_anchor(
    context: &crate::Context,
    anchor: &str,
    argument: &str,
    interface: AnchorInterface,
) -> Result<(), String> {
    if anchor == "any" || implements(context.raw(), anchor, interface) != Some(false) {
        return Ok(());
    }
    let example = interface.example_op();
    Err(format!(
        "pass '{argument}' runs on operations that implement {interface}, and '{anchor}' does \
         not: nest it under operations that do, as in {anchor}({example}({argument}))"
    ))
}
