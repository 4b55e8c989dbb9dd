//! JIT compilation and LLVM IR output for modules lowered to the `llvm`
//! dialect, through MLIR's `ExecutionEngine` (LLVM ORC): what upstream's
//! Toy tutorial does for `toyc -emit=jit` and `toyc -emit=llvm`
//! (feature `melior`).
//!
//! - [`ExecutionEngine`] owns the [`Module`](crate::Module) it compiled and
//!   calls its functions with typed arguments:
//!   `engine.invoke::<(i64, i64), i64>("add", (40, 2))`. Names and LLVM
//!   types are checked against the module before anything runs; every
//!   refusal and failure is a [`JitError`], never a crash.
//! - [`translate_to_llvm_ir`] prints a module as LLVM IR, as
//!   `mlir-translate --mlir-to-llvmir` does.
//!
//! Both refuse a module that still holds ops of other dialects
//! ([`JitError::NotLowered`]): lower it first (for Toy:
//! `convert-scf-to-cf`, `convert-arith-to-llvm`, `convert-func-to-llvm`,
//! `finalize-memref-to-llvm`, `convert-cf-to-llvm`,
//! `reconcile-unrealized-casts`).
//!
//! Any function with a body can be invoked: MLIR 22's engine generates the
//! packed wrapper `_mlir_<name>` for every function it compiles, so
//! `llvm.emit_c_interface` is not needed (the C API's
//! `mlirExecutionEngineInvokePacked` does need it: it calls
//! `_mlir_ciface_<name>`'s wrapper, which only `convert-func-to-llvm`
//! creates for functions with that attribute; this module does not use it).
//!
//! ```
//! use mlir_pass::{jit::{translate_to_llvm_ir, ExecutionEngine, JitOptions}, Context, Module};
//!
//! let context = Context::new();
//! let module = Module::parse(&context, "llvm.func @add(%a: i64, %b: i64) -> i64 {
//!   %c = llvm.add %a, %b : i64
//!   llvm.return %c : i64
//! }", "add.mlir")?;
//! assert!(translate_to_llvm_ir(&module)?.contains("define i64 @add"));
//! let engine = ExecutionEngine::new(module, JitOptions::default())?;
//! assert_eq!(engine.invoke::<(i64, i64), i64>("add", (40, 2))?, 42);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The shared link mode needs a `libMLIR-C.so` with the JIT's C API in it:
//! `scripts/install-mlir.sh` builds one (and rebuilds one it built before
//! without it).

mod engine;
mod error;
mod externals;
mod inspect;
mod options;
mod translate;
mod types;

pub use engine::ExecutionEngine;
pub use error::JitError;
pub use options::JitOptions;
pub use translate::{translate_to_llvm_ir, translate_to_optimized_llvm_ir};
pub use types::{JitArgs, JitReturn, JitScalar};
