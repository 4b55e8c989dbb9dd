//! The passes and inputs of the benchmarks (`cargo bench -p mlir-pass-bench`):
//! one algorithm written three ways (`#[mlir_pass]`, native C++, melior's
//! `create_external`), an empty pass, a CPU-heavy pass, 1,000 generated
//! passes for registration, and one dialect written twice (the tests'
//! `rtest` in Rust, `odsb` in ODS).

#![warn(missing_docs)]

use std::ffi::c_void;

use mlir_pass::{
    conversion::{
        apply_partial_conversion, ConversionConfig, ConversionPattern, ConversionPatternRewriter,
        ConversionPatternSet, ConversionTarget, PatternRoot,
    },
    dialect::{Op, OpConversionPattern},
    melior::dialect::arith as melior_arith,
    melior::ir::{
        attribute::IntegerAttribute, operation::OperationLike, Identifier, Value, ValueLike,
    },
    mlir_pass,
    ops::arith,
    rewrite::{
        GreedyConfig, MatchResult, NoMatch, PatternPass, PatternRewriter, PatternSetBuilder,
        RewritePattern,
    },
    sys, OperationRef, Pass, PassError,
};
use rustc_hash::FxHashMap;

pub mod floors;

unsafe extern "C" {
    /// The C++ twin of [`RustKeepDominance`]: `getAnalysis<DominanceInfo>()`,
    /// one question per pair of consecutive ops, `markAnalysesPreserved<DominanceInfo>()`.
    pub fn mlirBenchCreateCppKeepDominance() -> sys::MlirPass;
    /// The native C++ walk-and-count pass (`cpp/native_passes.cpp`).
    pub fn mlirBenchCreateCppWalkCount() -> sys::MlirPass;
    /// The native C++ empty pass.
    pub fn mlirBenchCreateCppEmpty() -> sys::MlirPass;
    /// The C++ identity-folding pattern pass (same patterns as the Rust
    /// `fold-arith-identities`, same greedy config).
    pub fn mlirBenchCreateCppFoldIdentities() -> sys::MlirPass;
    /// The C++ twin of [`RustSubToAdd`]: a partial conversion with one
    /// `OpConversionPattern`.
    pub fn mlirBenchCreateCppSubToAdd() -> sys::MlirPass;
    /// The C++ dominance-query pass (`DominanceInfo::properlyDominates`,
    /// [`QUERY_ROUNDS`] times per pair of consecutive ops).
    pub fn mlirBenchCreateCppDominanceQueries() -> sys::MlirPass;
    /// The C++ side-effect-query pass (`isMemoryEffectFree`,
    /// [`QUERY_ROUNDS`] times per op).
    pub fn mlirBenchCreateCppEffectQueries() -> sys::MlirPass;
    /// Loads `odsb` into a context: the benchmark ops of the Rust dialect
    /// `rtest` declared in ODS (`cpp/ods_dialect.td`, through `mlir-tblgen`
    /// in build.rs) with the same folders, verifier, patterns and constant
    /// materializer in C++ (`cpp/ods_dialect.cpp`).
    pub fn mlirPassBenchLoadOdsDialect(context: sys::MlirContext);
    /// Inserts `odsb` into a registry (see [`mlirPassBenchLoadOdsDialect`]).
    pub fn mlirPassBenchRegisterOdsDialect(registry: sys::MlirDialectRegistry);
}

/// How many times the query passes ask their questions about each function
/// (`kQueryRounds` in the C++ passes).
pub const QUERY_ROUNDS: usize = 20;

/// The ops nested in `op` (not `op`), in post-order, as the C++ passes
/// collect them.
fn nested_ops<'a>(
    op: &OperationRef<'a>,
) -> Vec<mlir_pass::melior::ir::operation::OperationRefMut<'a, 'a>> {
    use mlir_pass::ir::{OperationExt, WalkOrder};
    use mlir_pass::melior::ir::operation::WalkResult;
    let func = op.melior_mut();
    let mut ops = Vec::new();
    func.walk_ops(WalkOrder::PostOrder, |nested| {
        if nested != func {
            ops.push(nested);
        }
        WalkResult::Advance
    });
    ops
}

/// One dominance question per pair of consecutive ops
/// ([`DominanceInfo::properly_dominates`](mlir_pass::analysis::DominanceInfo::properly_dominates)),
/// [`QUERY_ROUNDS`] times per function, as the C++ pass asks it.
#[mlir_pass(argument = "bench-rust-dominance-queries", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct RustDominanceQueries;

impl Pass for RustDominanceQueries {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        use mlir_pass::ir::OperationMutExt;
        let dominance = mlir_pass::analysis::DominanceInfo::new(&op);
        let ops = nested_ops(&op);
        let mut yes = 0i64;
        for _ in 0..QUERY_ROUNDS {
            for pair in ops.windows(2) {
                yes += i64::from(dominance.properly_dominates(&pair[0], &pair[1]));
            }
        }
        op.melior_mut().set_i64_attr("bench.yes", yes);
        Ok(())
    }
}

/// Dominance from the pass's analysis manager, one question per pair of
/// consecutive ops, the answer count stored on the function, and dominance
/// preserved (`preserve = false`: nothing preserved), so that a `cse` after
/// it reuses it; the C++ twin is `mlirBenchCreateCppKeepDominance`.
#[mlir_pass(argument = "bench-rust-keep-dominance", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct RustKeepDominance {
    /// Whether to preserve dominance.
    #[option(default = true)]
    pub preserve: bool,
}

impl Pass for RustKeepDominance {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        use mlir_pass::ir::OperationMutExt;
        let dominance = mlir_pass::analysis::DominanceInfo::new(&op);
        let ops = nested_ops(&op);
        let mut yes = 0i64;
        for pair in ops.windows(2) {
            yes += i64::from(dominance.properly_dominates(&pair[0], &pair[1]));
        }
        op.melior_mut().set_i64_attr("bench.yes", yes);
        if self.preserve {
            mlir_pass::running::RunningPass::of(op)?
                .mark_analyses_preserved::<mlir_pass::analysis::DominanceInfo>();
        }
        Ok(())
    }
}

/// One side-effect question per op
/// ([`EffectsExt::is_memory_effect_free`](mlir_pass::analysis::EffectsExt::is_memory_effect_free)),
/// [`QUERY_ROUNDS`] times per function, as the C++ pass asks it.
#[mlir_pass(argument = "bench-rust-effect-queries", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
pub struct RustEffectQueries;

impl Pass for RustEffectQueries {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        use mlir_pass::analysis::EffectsExt;
        use mlir_pass::ir::OperationMutExt;
        let ops = nested_ops(&op);
        let mut yes = 0i64;
        for _ in 0..QUERY_ROUNDS {
            for nested in &ops {
                yes += i64::from(nested.is_memory_effect_free());
            }
        }
        op.melior_mut().set_i64_attr("bench.yes", yes);
        Ok(())
    }
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

// The tests' Rust dialect, compiled into this crate from its one source
// (not through a dependency on mlir-pass-tests, which would link the tests'
// 30 passes, some of which panic on purpose, into every benchmark and change
// the registration figures): the Rust side of the dialect benchmark.
#[path = "../../tests/src/test_dialect.rs"]
pub mod rtest;

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

/// `a - b` becomes `a + b * -1` (a conversion pattern).
struct SubToAdd;

impl ConversionPattern for SubToAdd {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op("arith.subi")
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        // Result types given, as C++'s `create<Op>(loc, type, ...)` gives them.
        let op = op.melior();
        let (location, ty) = (op.location(), operands[0].r#type());
        let context = rewriter.context();
        let value = [(
            Identifier::new(context, "value"),
            IntegerAttribute::new(ty, -1).into(),
        )];
        let minus_one = rewriter.create("arith.constant", location, &[], &[ty], &value)?;
        let negated = rewriter.create(
            "arith.muli",
            location,
            &[operands[1], minus_one.result(0)?.into()],
            &[ty],
            &[],
        )?;
        let sum = rewriter.create(
            "arith.addi",
            location,
            &[operands[0], negated.result(0)?.into()],
            &[ty],
            &[],
        )?;
        rewriter.replace_op_with_operation(op, sum);
        Ok(())
    }
}

/// A partial conversion with one Rust pattern: `arith.subi` illegal, the
/// rest of `arith` legal; target and patterns built per run.
#[mlir_pass(argument = "bench-rust-sub-to-add", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct RustSubToAdd;

impl Pass for RustSubToAdd {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        sub_to_add(op, SubToAdd)
    }
}

/// The partial conversion of [`RustSubToAdd`] with `pattern`: `arith.subi`
/// illegal, the rest of `arith` legal; target and patterns built per run.
fn sub_to_add(op: OperationRef<'_>, pattern: impl ConversionPattern) -> Result<(), PassError> {
    let mut target = ConversionTarget::new(op.context());
    target
        .add_legal_dialect("arith")
        .add_illegal_op("arith.subi");
    let patterns = ConversionPatternSet::builder(op.context())
        .add(pattern)
        .freeze();
    apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
}

/// [`SubToAdd`] with typed ops: rooted at `arith::SubIOp`, creating with
/// `mlir_pass::ops`' `create`, as the C++ twin does with `create<Op>`.
struct TypedSubToAdd;

impl OpConversionPattern for TypedSubToAdd {
    type Op<'a> = arith::SubIOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: arith::SubIOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let operands = op.adaptor(operands);
        let (location, ty) = (op.location(), operands.lhs().r#type());
        let minus_one = arith::ConstantOp::create(
            rewriter,
            location,
            ty,
            IntegerAttribute::new(ty, -1).into(),
        )?;
        let negated =
            arith::MulIOp::create(rewriter, location, operands.rhs(), minus_one.result(), None)?;
        let sum =
            arith::AddIOp::create(rewriter, location, operands.lhs(), negated.result(), None)?;
        rewriter.replace_op_with_operation(op, sum);
        Ok(())
    }
}

/// [`RustSubToAdd`] with the typed pattern (`TypedSubToAdd`).
#[mlir_pass(argument = "bench-rust-typed-sub-to-add", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct RustTypedSubToAdd;

impl Pass for RustTypedSubToAdd {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        sub_to_add(op, TypedSubToAdd)
    }
}

/// A module of `functions` functions, each a chain of
/// `ops_per_function` `arith.subi` ops.
pub fn subtraction_module_text(functions: usize, ops_per_function: usize) -> String {
    let mut text = String::new();
    for f in 0..functions {
        text.push_str(&format!("func.func @f{f}(%a: i64, %b: i64) -> i64 {{\n"));
        let mut last = "%a".to_owned();
        for i in 0..ops_per_function {
            text.push_str(&format!("  %v{i} = arith.subi {last}, %b : i64\n"));
            last = format!("%v{i}");
        }
        text.push_str(&format!("  return {last} : i64\n}}\n"));
    }
    text
}

/// A module for the CSE benchmark: `functions` functions, each with
/// duplicates (commutative ones too), loads around a store, an `scf.if`
/// whose branches repeat ops from outside, and a dead op.
pub fn cse_module_text(functions: usize) -> String {
    let mut text = String::new();
    for f in 0..functions {
        let k = f % 7;
        text.push_str(&format!(
            "func.func @f{f}(%a: i32, %b: i32, %c: i1, %m: memref<4xi32>) -> i32 {{
  %c0 = arith.constant 0 : index
  %k = arith.constant {k} : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.muli %0, %1 : i32
  %3 = arith.muli %1, %0 : i32
  %l0 = memref.load %m[%c0] : memref<4xi32>
  %l1 = memref.load %m[%c0] : memref<4xi32>
  memref.store %2, %m[%c0] : memref<4xi32>
  %l2 = memref.load %m[%c0] : memref<4xi32>
  %r = scf.if %c -> (i32) {{
    %4 = arith.addi %a, %b : i32
    %5 = arith.xori %4, %k : i32
    %k2 = arith.constant {k} : i32
    %6 = arith.xori %4, %k2 : i32
    %7 = arith.addi %5, %6 : i32
    scf.yield %7 : i32
  }} else {{
    %8 = arith.muli %0, %1 : i32
    scf.yield %8 : i32
  }}
  %dead = arith.subi %a, %b : i32
  %s0 = arith.addi %r, %3 : i32
  %s1 = arith.addi %s0, %l0 : i32
  %s2 = arith.addi %s1, %l1 : i32
  %s3 = arith.addi %s2, %l2 : i32
  %s4 = arith.addi %s3, %2 : i32
  return %s4 : i32
}}
"
        ));
    }
    text
}

/// A module for the LICM benchmark: `functions` functions, each with two
/// nested `scf.for` loops holding invariant ops (a constant and a chain on
/// it, ops of the outer induction variable), variant ops, a division that
/// may trap, and an `affine.for`.
pub fn licm_module_text(functions: usize) -> String {
    let mut text = String::new();
    for f in 0..functions {
        text.push_str(&format!(
            "func.func @f{f}(%a: i32, %b: i32, %n: index, %m: memref<?xi32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {{
    scf.for %j = %c0 to %n step %c1 {{
      %k = arith.constant {f} : i32
      %x = arith.addi %a, %k : i32
      %y = arith.muli %x, %b : i32
      %d = arith.divsi %a, %b : i32
      %ii = arith.index_cast %i : index to i32
      %u = arith.addi %ii, %y : i32
      %jj = arith.index_cast %j : index to i32
      %v = arith.muli %jj, %u : i32
      %w = arith.addi %v, %d : i32
      memref.store %w, %m[%j] : memref<?xi32>
    }}
  }}
  affine.for %p = 0 to 16 {{
    %s = arith.subi %a, %b : i32
    %t = arith.xori %s, %a : i32
    memref.store %t, %m[%p] : memref<?xi32>
  }}
  return
}}
"
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

/// A module for the dialect benchmark, in dialect `namespace` (`"rtest"`,
/// the Rust dialect, or `"odsb"`, the same ops in ODS): the same text but
/// for the namespace. `functions` functions of `ops_per_function` ops each
/// (the count includes each function's terminator, not the function),
/// made of groups of 12: three constants, an add of two constants (folds),
/// an add of zero (canonicalized away), two identical adds (`cse` merges
/// them), an add of those, a pair of transposes (canonicalized away) and
/// two prints; the rest are prints of the argument.
pub fn dialect_module(functions: usize, ops_per_function: usize, namespace: &str) -> String {
    use std::fmt::Write;
    const GROUP: usize = 12;
    let ns = namespace;
    let body = ops_per_function.saturating_sub(1);
    let mut text = String::new();
    for f in 0..functions {
        writeln!(
            text,
            "func.func @f{f}(%a: i64, %t: tensor<4x8xf64>) -> i64 {{"
        )
        .unwrap();
        let (mut last, mut tensor) = ("%a".to_owned(), "%t".to_owned());
        for g in 0..body / GROUP {
            let (k1, k2) = ((f + g) % 97, g + 1);
            write!(
                text,
                "  %c0_{g} = {ns}.constant 0
  %k1_{g} = {ns}.constant {k1}
  %k2_{g} = {ns}.constant {k2}
  %s_{g} = {ns}.add %k1_{g}, %k2_{g} : i64
  %z_{g} = {ns}.add {last}, %c0_{g} : i64
  %d1_{g} = {ns}.add %z_{g}, %s_{g} : i64
  %d2_{g} = {ns}.add %z_{g}, %s_{g} : i64
  %n_{g} = {ns}.add %d1_{g}, %d2_{g} : i64
  %t1_{g} = {ns}.transpose({tensor} : tensor<4x8xf64>) to tensor<8x4xf64>
  %t2_{g} = {ns}.transpose(%t1_{g} : tensor<8x4xf64>) to tensor<4x8xf64>
  {ns}.print %n_{g} : i64
  {ns}.print %t2_{g} : tensor<4x8xf64>
"
            )
            .unwrap();
            last = format!("%n_{g}");
            tensor = format!("%t2_{g}");
        }
        for _ in 0..body % GROUP {
            writeln!(text, "  {ns}.print %a : i64").unwrap();
        }
        writeln!(text, "  return {last} : i64\n}}").unwrap();
    }
    text
}

// ---------------------------------------------------------------------------
// `fold-arith-identities` with roots and ops by name (as it was before typed
// ops), to measure what typed roots and builders cost against it (1c).
// ---------------------------------------------------------------------------

/// `value.arith_constant_int()`.
fn by_name_constant(value: Value<'_, '_>) -> Option<i64> {
    use mlir_pass::ir::ValueExt;
    value.arith_constant_int()
}

/// The width of a signless integer up to 64 bits (64 for `index`).
fn by_name_width(ty: mlir_pass::melior::ir::Type<'_>) -> Option<u32> {
    use mlir_pass::melior::ir::{r#type::IntegerType, TypeLike};
    if ty.is_index() {
        return Some(64);
    }
    let int = IntegerType::try_from(ty).ok()?;
    (int.is_signless() && int.width() <= 64).then(|| int.width())
}

/// Replaces `op` by a new `arith.constant 0` of its result type.
fn by_name_zero(op: OperationRef<'_>, rewriter: &PatternRewriter<'_>) -> MatchResult {
    let ty = op.result(0)?.r#type();
    by_name_width(ty).ok_or(NoMatch)?;
    rewriter.set_insertion_point_before(op);
    let zero = rewriter.insert(melior_arith::constant(
        rewriter.context(),
        IntegerAttribute::new(ty, 0).into(),
        op.melior().location(),
    ));
    rewriter.replace_op_with_values(op, &[zero.result(0)?.into()]);
    Ok(())
}

/// Replaces `op` by the value `with`.
fn by_name_replace(
    op: OperationRef<'_>,
    rewriter: &PatternRewriter<'_>,
    with: Value<'_, '_>,
) -> MatchResult {
    rewriter.replace_op_with_values(op, &[with]);
    Ok(())
}

/// `x + 0` and `0 + x` become `x`.
struct AddZeroByName;

impl RewritePattern for AddZeroByName {
    fn root(&self) -> &str {
        "arith.addi"
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let (lhs, rhs) = (op.operand(0)?, op.operand(1)?);
        match (by_name_constant(lhs), by_name_constant(rhs)) {
            (_, Some(0)) => by_name_replace(op, rewriter, lhs),
            (Some(0), _) => by_name_replace(op, rewriter, rhs),
            _ => Err(NoMatch),
        }
    }
}

/// `x - 0` becomes `x`; `x - x` becomes `0`.
struct SubIdentitiesByName;

impl RewritePattern for SubIdentitiesByName {
    fn root(&self) -> &str {
        "arith.subi"
    }

    fn generated_ops(&self) -> Vec<String> {
        vec!["arith.constant".to_owned()]
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let (lhs, rhs) = (op.operand(0)?, op.operand(1)?);
        if by_name_constant(rhs) == Some(0) {
            return by_name_replace(op, rewriter, lhs);
        }
        if lhs == rhs {
            return by_name_zero(op, rewriter);
        }
        Err(NoMatch)
    }
}

/// `x * 1` and `1 * x` become `x`; `x * 0` and `0 * x` become `0`.
struct MulIdentitiesByName;

impl RewritePattern for MulIdentitiesByName {
    fn root(&self) -> &str {
        "arith.muli"
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        rewriter: &PatternRewriter<'_>,
    ) -> MatchResult {
        let (lhs, rhs) = (op.operand(0)?, op.operand(1)?);
        match (by_name_constant(lhs), by_name_constant(rhs)) {
            (_, Some(0)) => by_name_replace(op, rewriter, rhs),
            (Some(0), _) => by_name_replace(op, rewriter, lhs),
            (_, Some(1)) => by_name_replace(op, rewriter, lhs),
            (Some(1), _) => by_name_replace(op, rewriter, rhs),
            _ => Err(NoMatch),
        }
    }
}

/// `fold-arith-identities` with patterns rooted by name and melior's
/// `arith::constant` (the example pass before typed ops), same config.
#[mlir_pass(argument = "bench-rust-fold-by-name", op = "func.func", dialects = [arith])]
#[derive(Clone, Default)]
pub struct RustFoldByName;

impl PatternPass for RustFoldByName {
    fn patterns(&self, patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns
            .add(AddZeroByName)
            .add(SubIdentitiesByName)
            .add(MulIdentitiesByName)
    }

    fn config(&self) -> GreedyConfig {
        GreedyConfig {
            fold: false,
            ..GreedyConfig::default()
        }
    }
}
