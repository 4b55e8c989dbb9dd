//! Example passes written with `#[mlir_pass]`, used by the `mlir-pass-opt`
//! driver, the plugin and the tests. None uses `unsafe`.
//!
//! - [`AnnotateOpCount`] (`annotate-op-count`): reads a function and sets an
//!   attribute on it.
//! - [`RejectEmptyFunctions`] (`reject-empty-functions`): fails on purpose.
//! - [`FoldArithIdentities`] (`fold-arith-identities`): rewrite patterns on
//!   MLIR's greedy driver.
//! - [`StripDebugInfo`], [`SymbolPrivatize`], [`SymbolDce`]
//!   (`rs-strip-debuginfo`, `rs-symbol-privatize`, `rs-symbol-dce`): Rust
//!   ports of MLIR's `strip-debuginfo`, `symbol-privatize` and `symbol-dce`,
//!   tested to give byte-identical output.
//! - [`Cse`], [`LoopInvariantCodeMotion`] (`rs-cse`,
//!   `rs-loop-invariant-code-motion`): Rust ports of MLIR's `cse` and
//!   `loop-invariant-code-motion` on the analyses of `mlir_pass::analysis`
//!   (dominance, side effects, op equivalence, loop interfaces), tested to
//!   give byte-identical output.
//! - [`ConvertMathToLibm`], [`MathExtendToSupportedTypes`]
//!   (`rs-convert-math-to-libm`, `rs-math-extend-to-supported-types`, options
//!   `extra-types` and `target-type`): Rust ports of MLIR's
//!   `convert-math-to-libm` and `math-extend-to-supported-types`, dialect
//!   conversions on MLIR's driver through `mlir_pass::conversion`, tested to
//!   give byte-identical output too.
//! - [`Repeat`] (`rs-repeat{pipeline=... max-iterations=N}`): runs a
//!   pipeline of its own on its operation until the IR stops changing
//!   (`mlir_pass::running::DynamicPipeline`).
//! - [`CountFunctionOps`] (`count-function-ops`): anchored on
//!   `FunctionOpInterface`, it runs under `func.func`, `llvm.func` or any
//!   function-like operation.
//! - [`WarnLargeFunctions`] (`warn-large-functions`, options `max-ops` and
//!   `remarks`): warnings, remarks and notes, which do not fail the pass.
//! - [`instrumentations`]: pass instrumentations for compile-time
//!   tracking, IR snapshots and counting.
//! - [`ExampleCleanup`] (`example-cleanup`): a named pipeline of them, with
//!   options.
//! - [`ExampleLowerToLlvm`] (`example-lower-to-llvm`): a whole module to the
//!   `llvm` dialect in one dialect conversion, a Rust pattern
//!   ([`ErfToLibm`]) beside upstream's populators.
//!
//! A program that wants these passes registered depends on this crate and
//! calls [`mlir_pass::register_all`]; naming the crate once (for example
//! `use mlir_pass_example_passes as _;`) makes sure the linker keeps it.

#![warn(missing_docs)]

mod conversions;
mod diagnostics;
mod dynamic;
mod fold;
pub mod instrumentations;
mod lower;
mod optimize;
mod pipelines;
mod ports;

/// Dialect handle getters of dialects that are not upstream, as a C++
/// dialect's C API exposes them (`mlirGetDialectHandle__<ns>__`). A pass
/// names one in `dialects = [...]` by path.
pub mod dialect_handles {
    use mlir_pass::sys::MlirDialectHandle;

    extern "C" {
        /// Stands in for a C++ dialect of one's own: MLIR's `math` dialect
        /// getter under another name, to show the plumbing.
        #[link_name = "mlirGetDialectHandle__math__"]
        pub fn math() -> MlirDialectHandle;
    }
}

pub use conversions::{ConvertMathToLibm, MathExtendToSupportedTypes, LIBM_FUNCTIONS};
pub use diagnostics::WarnLargeFunctions;
pub use dynamic::{CountFunctionOps, Repeat};
pub use fold::{FoldArithIdentities, IDENTITY_PATTERNS};
pub use lower::{ErfToLibm, ExampleLowerToLlvm};
pub use optimize::{Cse, LoopInvariantCodeMotion};
pub use pipelines::ExampleCleanup;
pub use ports::{StripDebugInfo, SymbolDce, SymbolPrivatize};

use mlir_pass::{
    ir::{OperationExt, OperationMutExt, WalkOrder},
    melior::ir::operation::WalkResult,
    mlir_pass, OperationRef, Pass, PassError,
};

/// Annotates every function with the number of operations in its body.
///
/// Sets a discardable `i64` attribute (by default `pass.op_count`) on each
/// `func.func`: the number of operations nested at any depth inside the
/// function, terminators included, the function itself excluded, and
/// operations named in `skip` left out.
#[mlir_pass(name = "AnnotateOpCount", argument = "annotate-op-count", op = "func.func", dialects = [func])]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AnnotateOpCount {
    /// Name of the attribute to set.
    #[option(default = "pass.op_count")]
    pub attr_name: String,
    /// Operations not to count, by name.
    #[option]
    pub skip: Vec<String>,
}

/// The name of the attribute [`AnnotateOpCount`] sets by default.
pub const OP_COUNT_ATTR: &str = "pass.op_count";

impl Pass for AnnotateOpCount {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        if self.attr_name.is_empty() {
            return Err(PassError::new("option attr-name must not be empty"));
        }
        let mut func = op.melior_mut();
        let mut count = 0i64;
        func.walk_ops(WalkOrder::PreOrder, |nested| {
            if nested != func && !self.skip.iter().any(|s| s == nested.name_str()) {
                count += 1;
            }
            WalkResult::Advance
        });
        func.set_i64_attr(&self.attr_name, count);
        Ok(())
    }
}

/// Rejects functions whose body is empty.
///
/// Fails on any function that has no operations besides its terminator, with
/// an error at the function's location. A small pass to show failure.
#[mlir_pass(argument = "reject-empty-functions", op = "func.func", dialects = [func])]
#[derive(Clone, Debug, Default)]
pub struct RejectEmptyFunctions;

impl Pass for RejectEmptyFunctions {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        // The function and its terminator.
        if count_ops(op) <= 2 {
            return Err(PassError::new("function body is empty"));
        }
        Ok(())
    }
}

/// Counts `op` and every operation nested in it, at any depth.
pub fn count_ops(op: OperationRef<'_>) -> u64 {
    let mut count = 0u64;
    op.melior().walk_ops(WalkOrder::PreOrder, |_| {
        count += 1;
        WalkResult::Advance
    });
    count
}
