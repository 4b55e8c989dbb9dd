//! The passes and inputs of the benchmarks (`cargo bench -p mlir-pass-bench`):
//! one algorithm written three ways (`#[mlir_pass]`, native C++, melior's
//! `create_external`), an empty pass, a CPU-heavy pass, and 1,000 generated
//! passes for registration.

#![warn(missing_docs)]

use std::ffi::c_void;

use mlir_pass::{mlir_pass, sys, OperationRef, Pass, PassError};
use rustc_hash::FxHashMap;

unsafe extern "C" {
    /// The native C++ walk-and-count pass (`cpp/native_passes.cpp`).
    pub fn mlirBenchCreateCppWalkCount() -> sys::MlirPass;
    /// The native C++ empty pass.
    pub fn mlirBenchCreateCppEmpty() -> sys::MlirPass;
    /// The C++ identity-folding pattern pass (same patterns as the Rust
    /// `fold-arith-identities`, same greedy config).
    pub fn mlirBenchCreateCppFoldIdentities() -> sys::MlirPass;
}

/// Visits every op under `op`, counts ops by name, and sets `bench.count` on
/// `op`: the same algorithm as the C++ pass (`Operation::walk` with an
/// `llvm::StringMap`), on MLIR's C walk with a fast hash map.
pub fn walk_count(op: sys::MlirOperation) {
    unsafe extern "C" fn visit(op: sys::MlirOperation, counts: *mut c_void) -> sys::MlirWalkResult {
        // SAFETY: `counts` is the map below; op names live as long as the context.
        unsafe {
            let counts = &mut *counts.cast::<FxHashMap<&'static [u8], i64>>();
            let name = sys::mlirIdentifierStr(sys::mlirOperationGetName(op));
            let name = std::slice::from_raw_parts(name.data.cast::<u8>(), name.length);
            *counts.entry(name).or_default() += 1;
        }
        sys::MlirWalkResult_MlirWalkResultAdvance
    }
    let mut counts: FxHashMap<&'static [u8], i64> = FxHashMap::default();
    // SAFETY: `op` is valid during the pass; the callback touches `counts` only.
    unsafe {
        sys::mlirOperationWalk(
            op,
            Some(visit),
            (&mut counts as *mut FxHashMap<&'static [u8], i64>).cast(),
            sys::MlirWalkOrder_MlirWalkPreOrder,
        );
        let total: i64 = counts.iter().map(|(name, n)| n * name.len() as i64).sum();
        let context = sys::mlirOperationGetContext(op);
        let attr = sys::mlirIntegerAttrGet(sys::mlirIntegerTypeGet(context, 64), total);
        let key = "bench.count";
        sys::mlirOperationSetDiscardableAttributeByName(
            op,
            sys::MlirStringRef {
                data: key.as_ptr().cast(),
                length: key.len(),
            },
            attr,
        );
    }
}

/// [`walk_count`] as a `#[mlir_pass]`.
#[mlir_pass(argument = "bench-rust-walk-count", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct RustWalkCount;

impl Pass for RustWalkCount {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        walk_count(op.raw());
        Ok(())
    }
}

/// Does nothing: the fixed cost of running a pass on each function.
#[mlir_pass(argument = "bench-rust-empty", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct RustEmpty;

impl Pass for RustEmpty {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

/// CPU-bound work per function (a xorshift loop), for the threading benchmark.
#[mlir_pass(argument = "bench-rust-heavy", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct RustHeavy {
    /// Iterations per function.
    #[option(default = 200_000)]
    pub iterations: u64,
    /// Folded results, so the work is not optimised away.
    pub sink: u64,
}

impl Pass for RustHeavy {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut x = op.raw().ptr as u64 | 1;
        for _ in 0..self.iterations {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        self.sink = self.sink.wrapping_add(std::hint::black_box(x));
        Ok(())
    }
}

/// The walk-and-count pass through melior 0.27.8's `create_external`.
pub fn melior_walk_count() -> sys::MlirPass {
    #[repr(align(8))]
    struct PassId;
    static MELIOR_PASS_ID: PassId = PassId;
    let pass = melior::pass::create_external(
        |op: melior::ir::OperationRef<'_, '_>, _pass: melior::pass::ExternalPass<'_>| {
            walk_count(op.to_raw());
        },
        melior::ir::r#type::TypeId::create(&MELIOR_PASS_ID),
        "BenchMeliorWalkCount",
        "bench-melior-walk-count",
        "",
        "func.func",
        &[],
    );
    pass.to_raw()
}

/// An empty pass through melior's `create_external`: the cost of MLIR's C
/// API for external passes alone, with melior's thin trampolines.
pub fn melior_empty() -> sys::MlirPass {
    #[repr(align(8))]
    struct PassId;
    static MELIOR_EMPTY_ID: PassId = PassId;
    melior::pass::create_external(
        |_op: melior::ir::OperationRef<'_, '_>, _pass: melior::pass::ExternalPass<'_>| {},
        melior::ir::r#type::TypeId::create(&MELIOR_EMPTY_ID),
        "BenchMeliorEmpty",
        "bench-melior-empty",
        "",
        "func.func",
        &[],
    )
    .to_raw()
}

/// The 1,000 passes of the registration benchmark (`bench-reg-0` ...).
pub mod registration {
    use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};
    include!(concat!(env!("OUT_DIR"), "/registration_passes.rs"));
}

/// `functions` functions of `ops_per_function` operations each (arithmetic
/// chains; the count includes each function's terminator).
pub fn module_text(functions: usize, ops_per_function: usize) -> String {
    let mut text = String::new();
    for f in 0..functions {
        text.push_str(&format!("func.func @f{f}(%a: i64) -> i64 {{\n"));
        let mut last = "%a".to_owned();
        for i in 0..ops_per_function.saturating_sub(1) {
            let op = ["arith.addi", "arith.muli", "arith.subi", "arith.xori"][i % 4];
            text.push_str(&format!("  %v{i} = {op} {last}, %a : i64\n"));
            last = format!("%v{i}");
        }
        text.push_str(&format!("  return {last} : i64\n}}\n"));
    }
    text
}

/// The walk of [`RustWalkCount`] written on the safe API (`walk_ops`, melior
/// names, `set_i64_attr`): the cost of the melior view against the raw walk.
#[mlir_pass(argument = "bench-rust-safe-walk-count", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct RustSafeWalkCount;

impl Pass for RustSafeWalkCount {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        use mlir_pass::ir::{OperationExt, OperationMutExt, WalkOrder};
        use mlir_pass::melior::ir::operation::WalkResult;
        let mut func = op.melior_mut();
        let mut counts: FxHashMap<&str, i64> = FxHashMap::default();
        func.walk_ops(WalkOrder::PreOrder, |nested| {
            *counts.entry(nested.name_str()).or_default() += 1;
            WalkResult::Advance
        });
        let total: i64 = counts.iter().map(|(name, n)| n * name.len() as i64).sum();
        func.set_i64_attr("bench.count", total);
        Ok(())
    }
}

/// Functions whose bodies are chains of integer identities for the
/// pattern benchmark: `x+0`, `x*1`, `x-0` and a real `x*a`, in turn, so three
/// ops in four are rewritten.
pub fn identity_module_text(functions: usize, ops_per_function: usize) -> String {
    let mut text = String::new();
    for f in 0..functions {
        text.push_str(&format!(
            "func.func @f{f}(%a: i64) -> i64 {{\n  %c0 = arith.constant 0 : i64\n  %c1 = arith.constant 1 : i64\n"
        ));
        let mut last = "%a".to_owned();
        for i in 0..ops_per_function.saturating_sub(3) {
            let op = match i % 4 {
                0 => format!("arith.addi {last}, %c0"),
                1 => format!("arith.muli {last}, %c1"),
                2 => format!("arith.subi {last}, %c0"),
                _ => format!("arith.muli {last}, %a"),
            };
            text.push_str(&format!("  %v{i} = {op} : i64\n"));
            last = format!("%v{i}");
        }
        text.push_str(&format!("  return {last} : i64\n}}\n"));
    }
    text
}

/// A module for the port benchmarks: `functions` functions, half private
/// and unused (dead for symbol-dce), with file locations on every op.
pub fn symbol_module_text(functions: usize) -> String {
    let mut text = String::new();
    for f in 0..functions {
        let vis = if f % 2 == 1 { "private " } else { "" };
        let call = if f % 4 == 0 && f + 2 < functions {
            format!(
                "  func.call @f{}() : () -> () loc(\"m.mlir\":{f}:3)\n",
                f + 2
            )
        } else {
            String::new()
        };
        text.push_str(&format!(
            "func.func {vis}@f{f}() {{\n{call}  %c = arith.constant {f} : i64 loc(\"m.mlir\":{f}:5)\n  return loc(\"m.mlir\":{f}:7)\n}} loc(\"m.mlir\":{f}:1)\n"
        ));
    }
    text
}

/// A module of `functions` functions of math ops for the conversion ports
/// (1d): in each, one op on `f32`, `f64`, `f16`, `bf16` and `vector<2xf16>`
/// (the ops cycling through those with a libm counterpart), then a binary
/// op on the `f32` result; locations on every op.
pub fn math_module_text(functions: usize) -> String {
    const UNARY: &[&str] = &[
        "absf",
        "acos",
        "acosh",
        "asin",
        "asinh",
        "atan",
        "atanh",
        "cbrt",
        "ceil",
        "cos",
        "cosh",
        "erf",
        "erfc",
        "exp",
        "exp2",
        "expm1",
        "floor",
        "log",
        "log2",
        "log10",
        "log1p",
        "roundeven",
        "round",
        "sin",
        "sinh",
        "sqrt",
        "rsqrt",
        "tan",
        "tanh",
        "trunc",
    ];
    let mut text = String::new();
    for f in 0..functions {
        let op = |k: usize| UNARY[(f + k) % UNARY.len()];
        let binary = ["atan2", "powf"][f % 2];
        text.push_str(&format!(
            "func.func @f{f}(%a: f32, %b: f64, %h: f16, %g: bf16, %v: vector<2xf16>) -> (f32, f64, f16, bf16, vector<2xf16>) {{\n\
             \x20 %0 = math.{} %a : f32 loc(\"m.mlir\":{f}:1)\n\
             \x20 %1 = math.{} %b : f64 loc(\"m.mlir\":{f}:2)\n\
             \x20 %2 = math.{} %h : f16 loc(\"m.mlir\":{f}:3)\n\
             \x20 %3 = math.{} %g : bf16 loc(\"m.mlir\":{f}:4)\n\
             \x20 %4 = math.{} %v : vector<2xf16> loc(\"m.mlir\":{f}:5)\n\
             \x20 %5 = math.{binary} %0, %a : f32 loc(\"m.mlir\":{f}:6)\n\
             \x20 return %5, %1, %2, %3, %4 : f32, f64, f16, bf16, vector<2xf16> loc(\"m.mlir\":{f}:7)\n\
             }} loc(\"m.mlir\":{f}:0)\n",
            op(0),
            op(1),
            op(2),
            op(3),
            op(4),
        ));
    }
    text
}
