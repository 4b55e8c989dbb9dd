//! The example passes as an MLIR pass plugin:
//!
//! ```sh
//! cargo build -p mlir-pass-example-plugin
//! /usr/lib/llvm-22/bin/mlir-opt --load-pass-plugin=target/debug/libmlir_pass_example_plugin.so \
//!     --pass-pipeline='builtin.module(func.func(annotate-op-count,canonicalize))' examples/inputs/example.mlir
//! ```

#![warn(missing_docs)]

// The passes live in another crate; naming it keeps it linked.
use mlir_pass_example_passes as _;

mlir_pass::plugin!(
    name = "mlir-pass-example-plugin",
    version = env!("CARGO_PKG_VERSION")
);
