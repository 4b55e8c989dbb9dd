//! The example passes as an MLIR pass plugin:
//!
//! ```sh
//! cargo build -p mlir-pass-example-plugin
//! /usr/lib/llvm-22/bin/mlir-opt --load-pass-plugin=target/debug/libmlir_pass_example_plugin.so \
//!     --pass-pipeline='builtin.module(func.func(annotate-op-count,canonicalize))' examples/inputs/example.mlir
//! ```

#![warn(missing_docs)]

// Most passes live in another crate; naming it keeps it linked.
use mlir_pass_example_passes as _;

mlir_pass::plugin!(
    name = "mlir-pass-example-plugin",
    version = env!("CARGO_PKG_VERSION")
);

use mlir_pass::{ir::OperationMutExt, mlir_pass, OperationRef, Pass, PassError};

/// Marks each function with whether the `math` dialect was loaded for it.
///
/// Defined in the plugin crate and depending on a dialect through a handle
/// getter from another crate (`mlir_pass_example_passes::dialect_handles::math`),
/// as a pass on a C++ dialect of one's own would.
#[mlir_pass(
    argument = "mark-math-loaded",
    op = "func.func",
    dialects = [func, mlir_pass_example_passes::dialect_handles::math]
)]
#[derive(Clone, Default)]
pub struct MarkMathLoaded;

impl Pass for MarkMathLoaded {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let loaded = op.melior_context().is_registered_operation("math.absi");
        op.melior_mut().set_bool_attr("math_loaded", loaded);
        Ok(())
    }
}
