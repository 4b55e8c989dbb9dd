//! `cargo bench -p mlir-pass-bench` (add `-- --quick` for a smoke run): Rust
//! passes against native C++ passes and melior, measured side by side in one
//! process on the same modules; prints a Markdown table of medians and ratios,
//! each ratio with its 95% interval over interleaved rounds (see
//! [`Rounds::take`] for when a measurement stops adding rounds).

use std::time::{Duration, Instant};

use mlir_pass::{sys, Context, Module, PassManager};
use mlir_pass_bench::{
    cse_module_text, dialect_module, identity_module_text, licm_module_text, math_module_text,
    melior_empty, melior_walk_count, mlirBenchCreateCppDominanceQueries,
    mlirBenchCreateCppEffectQueries, mlirBenchCreateCppEmpty, mlirBenchCreateCppFoldIdentities,
    mlirBenchCreateCppKeepDominance, mlirBenchCreateCppSubToAdd, mlirBenchCreateCppWalkCount,
    mlirPassBenchLoadOdsDialect, module_text, subtraction_module_text, symbol_module_text,
    RustDominanceQueries, RustEffectQueries, RustEmpty, RustFoldByName, RustHeavy,
    RustKeepDominance, RustSafeWalkCount, RustSubToAdd, RustTypedSubToAdd, RustWalkCount,
    QUERY_ROUNDS,
};
use mlir_pass_example_passes::FoldArithIdentities;

struct Settings {
    /// Rounds every measurement takes (after two warm-up rounds).
    min_rounds: usize,
    /// Rounds no measurement goes beyond.
    max_rounds: usize,
    /// Time after which a measurement stops adding rounds, tight or not.
    budget: Duration,
    /// Rounds are added until every ratio's 95% interval is at most this
    /// wide, relative to its median (0.02: within about ±1%).
    target_width: f64,
    fold_sizes: &'static [usize],
    port_functions: usize,
    /// Functions of the LICM module (two nested loops each).
    licm_functions: usize,
    walk_sizes: &'static [usize],
    /// Ops of the dialect benchmark's module (functions of 100 ops).
    dialect_ops: usize,
    empty_functions: usize,
    heavy_functions: usize,
    heavy_iterations: u64,
}

const FULL: Settings = Settings {
    min_rounds: 21,
    max_rounds: 401,
    budget: Duration::from_secs(30),
    target_width: 0.02,
    fold_sizes: &[10_000, 100_000],
    port_functions: 10_000,
    licm_functions: 1_000,
    walk_sizes: &[1_000, 10_000, 100_000],
    dialect_ops: 100_000,
    empty_functions: 10_000,
    heavy_functions: 2_000,
    heavy_iterations: 200_000,
};

const QUICK: Settings = Settings {
    min_rounds: 3,
    max_rounds: 3,
    budget: Duration::from_secs(1),
    target_width: 1.0,
    fold_sizes: &[1_000],
    port_functions: 500,
    licm_functions: 100,
    walk_sizes: &[1_000],
    dialect_ops: 1_000,
    empty_functions: 1_000,
    heavy_functions: 200,
    heavy_iterations: 10_000,
};

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// A ratio of two variants over interleaved rounds: the median of the
/// per-round ratios and a distribution-free 95% interval for that median
/// (order statistics of the sorted per-round ratios).
struct Ratio {
    median: f64,
    low: f64,
    high: f64,
}

impl Ratio {
    fn of(mut per_round: Vec<f64>) -> Ratio {
        per_round.sort_by(f64::total_cmp);
        let n = per_round.len();
        // The k-th smallest and k-th largest bound the median with about 95%
        // confidence when k = n/2 - 0.98 sqrt(n) (normal approximation of
        // the binomial); with few rounds, the whole range.
        let k = (n as f64 / 2.0 - 0.98 * (n as f64).sqrt()).floor().max(0.0) as usize;
        Ratio {
            median: per_round[n / 2],
            low: per_round[k],
            high: per_round[n - 1 - k],
        }
    }

    /// The interval's width relative to the median.
    fn width(&self) -> f64 {
        (self.high - self.low) / self.median
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.3}x [{:.3}, {:.3}]", self.median, self.low, self.high)
    }
}

/// The times of interleaved rounds: `times[v][r]` is variant `v` in round `r`.
struct Rounds {
    times: Vec<Vec<Duration>>,
}

impl Rounds {
    /// Runs `variants` alternately, one run of each per round (in reverse
    /// order every other round, so that neither always runs first), after
    /// two warm-up rounds; `run(v)` runs variant `v` once and returns its
    /// time. Takes `min_rounds`, then adds rounds until the ratio of every
    /// pair in `pairs` (numerator, denominator) is tight, the time budget is
    /// spent or `max_rounds` is reached.
    fn take(
        s: &Settings,
        variants: usize,
        pairs: &[(usize, usize)],
        mut run: impl FnMut(usize) -> Duration,
    ) -> Rounds {
        const WARM_UP: usize = 2;
        let mut rounds = Rounds {
            times: vec![Vec::new(); variants],
        };
        let start = Instant::now();
        for round in 0.. {
            let mut order: Vec<usize> = (0..variants).collect();
            if round % 2 == 1 {
                order.reverse();
            }
            for v in order {
                let elapsed = run(v);
                if round >= WARM_UP {
                    rounds.times[v].push(elapsed);
                }
            }
            let taken = rounds.len();
            if taken < s.min_rounds {
                continue;
            }
            let tight = || {
                pairs
                    .iter()
                    .all(|&(a, b)| rounds.ratio(a, b).width() <= s.target_width)
            };
            if taken >= s.max_rounds || start.elapsed() >= s.budget || tight() {
                break;
            }
        }
        rounds
    }

    /// The number of rounds taken (warm-up not counted).
    fn len(&self) -> usize {
        self.times[0].len()
    }

    fn median(&self, v: usize) -> Duration {
        median(self.times[v].clone())
    }

    /// `| {label} | median of 0 | median of 1 | 1 over 0 | rounds |`: a
    /// table row comparing variant 1 with variant 0.
    fn print_pair_row(&self, label: &str) {
        println!(
            "| {label} | {} | {} | {} | {} |",
            ms(self.median(0)),
            ms(self.median(1)),
            self.ratio(1, 0),
            self.len()
        );
    }

    /// Variant `a` over variant `b`, round by round.
    fn ratio(&self, a: usize, b: usize) -> Ratio {
        Ratio::of(
            self.times[a]
                .iter()
                .zip(&self.times[b])
                .map(|(x, y)| x.as_secs_f64() / y.as_secs_f64())
                .collect(),
        )
    }
}

/// A pass manager whose `func.func` nest holds one pass from `add`.
fn func_pm<'c>(
    context: &'c Context,
    add: impl FnOnce(&mlir_pass::OpPassManager<'_>),
) -> PassManager<'c> {
    let mut pm = PassManager::new(context);
    pm.enable_verifier(false);
    add(&pm.nest("func.func"));
    pm
}

fn add_raw(pm: &mlir_pass::OpPassManager<'_>, pass: sys::MlirPass) {
    // SAFETY: a valid pass, anchored on func.func like the nest; the pass
    // manager takes ownership.
    unsafe { sys::mlirOpPassManagerAddOwnedPass(pm.raw(), pass) }
}

/// Module pass managers for an upstream pass and its port (variants 0 and
/// 1), with the verifier off.
fn upstream_and_port<'c>(context: &'c Context, upstream: &str, port: &str) -> [PassManager<'c>; 2] {
    [upstream, port].map(|pass| {
        let mut pm = PassManager::parse(context, &format!("builtin.module({pass})")).unwrap();
        pm.enable_verifier(false);
        pm
    })
}

/// Runs each pass manager on `module` in interleaved rounds (see
/// [`Rounds::take`]) until the ratios in `pairs` are tight.
fn measure<'c>(
    s: &Settings,
    pms: &mut [PassManager<'c>],
    module: &mut Module<'c>,
    pairs: &[(usize, usize)],
) -> Rounds {
    Rounds::take(s, pms.len(), pairs, |v| {
        let start = Instant::now();
        pms[v].run(module).expect("the benchmark pass runs");
        start.elapsed()
    })
}

/// Like [`measure`], for passes that change the module: each run gets a
/// freshly parsed module (parsing is not timed). Also checks that every
/// variant printed the same module.
fn measure_fresh<'c>(
    s: &Settings,
    context: &'c Context,
    pms: &mut [PassManager<'c>],
    source: &str,
    pairs: &[(usize, usize)],
) -> Rounds {
    let mut outputs = vec![None; pms.len()];
    let rounds = Rounds::take(s, pms.len(), pairs, |v| {
        let mut module = Module::parse(context, source, "bench.mlir").unwrap();
        let start = Instant::now();
        pms[v].run(&mut module).expect("the benchmark pass runs");
        let elapsed = start.elapsed();
        outputs[v].get_or_insert_with(|| module.to_string());
        elapsed
    });
    assert!(
        outputs.iter().all(|o| *o == outputs[0]),
        "the variants disagree on the output"
    );
    rounds
}

/// A module pass manager running `pipeline`, with the verifier off.
fn module_pm<'c>(context: &'c Context, pipeline: &str) -> PassManager<'c> {
    let mut pm = PassManager::parse(context, &format!("builtin.module({pipeline})")).unwrap();
    pm.enable_verifier(false);
    pm
}

/// The dialect benchmark's `variant`s (`[C++, Rust]` printed modules)
/// agree byte for byte once `odsb.` reads `rtest.`.
fn assert_same_modulo_namespace(what: &str, variants: &[String; 2]) {
    let ods = variants[0].replace("odsb.", "rtest.");
    if ods != variants[1] {
        let line = ods
            .lines()
            .zip(variants[1].lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{what}: the ODS dialect and the Rust dialect print different modules; first \
             difference at line {}:\n  ODS (renamed): {:?}\n  Rust:          {:?}",
            line + 1,
            ods.lines().nth(line),
            variants[1].lines().nth(line)
        );
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let s = if quick { &QUICK } else { &FULL };
    println!(
        "# mlir-pass benchmarks{}\n",
        if quick { " (quick smoke run)" } else { "" }
    );
    let rounds = if s.min_rounds == s.max_rounds {
        format!("{} rounds", s.min_rounds)
    } else {
        format!(
            "from {} rounds, added up to {} or {} s per table row until every interval is \
             within {:.0}% of its median",
            s.min_rounds,
            s.max_rounds,
            s.budget.as_secs(),
            s.target_width * 100.0
        )
    };
    println!(
        "Times are medians over interleaved rounds (one run of each variant per round, \
         {rounds}). A ratio is the median of the per-round ratios, with its 95% interval \
         in brackets.\n"
    );

    // (4) Registration first, while MLIR's registry is cold.
    let start = Instant::now();
    // SAFETY: plain registration call.
    unsafe { sys::mlirRegisterAllPasses() };
    let upstream_cold = start.elapsed();
    let start = Instant::now();
    mlir_pass::register_all().expect("no conflicts");
    let register_all = start.elapsed();
    let start = Instant::now();
    // SAFETY: as above; re-registering is a no-op that still builds each pass.
    unsafe { sys::mlirRegisterAllPasses() };
    let upstream_again = start.elapsed();
    let rust_passes = mlir_pass::passes().len();

    let context = Context::new();
    context.enable_multithreading(false);

    // BENCH_ONLY=patterns (a substring of a section's key) runs one section.
    let only = std::env::var("BENCH_ONLY").ok();
    let want = |key: &str| only.as_deref().is_none_or(|o| key.contains(o));

    if want("walk") {
        // (1) Walk-heavy pass, three ways.
        println!("## 1. Walk-heavy pass: Rust (#[mlir_pass]) vs C++ vs melior, one thread\n");
        println!(
            "| ops | C++ | Rust | melior | Rust / C++ | melior / C++ | Rust / melior | rounds |"
        );
        println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
        for &ops in s.walk_sizes {
            let mut module =
                Module::parse(&context, &module_text(ops / 100, 100), "walk.mlir").unwrap();
            let mut pms = [
                func_pm(&context, |pm| {
                    add_raw(pm, unsafe { mlirBenchCreateCppWalkCount() })
                }),
                func_pm(&context, |pm| pm.add_pass(RustWalkCount).unwrap()),
                func_pm(&context, |pm| add_raw(pm, melior_walk_count())),
            ];
            let r = measure(s, &mut pms, &mut module, &[(1, 0), (2, 0), (1, 2)]);
            println!(
                "| {ops} | {} | {} | {} | {} | {} | {} | {} |",
                ms(r.median(0)),
                ms(r.median(1)),
                ms(r.median(2)),
                r.ratio(1, 0),
                r.ratio(2, 0),
                r.ratio(1, 2),
                r.len()
            );
        }
    }

    if want("parse") {
        // (1p) The NUL-terminated copy every parse of Rust text now makes
        // (MLIR's lexer reads up to a NUL): MLIR's module parser on text that
        // already ends in one, against `ir::parse_module`, which copies the
        // text into such a buffer first. Same parser, same text.
        let mb = if s.min_rounds == s.max_rounds { 1 } else { 10 };
        println!("\n## 1p. Parsing a {mb} MB module: the NUL-terminated copy's cost, one thread\n");
        println!("| size | MLIR, no copy | `ir::parse_module` | copy / no copy | rounds |");
        println!("| --- | --- | --- | --- | --- |");
        let text = module_text((mb << 20) / module_text(1, 100).len() + 1, 100);
        let size = text.len();
        let terminated = format!("{text}\0");
        let melior = context.as_melior();
        let r = Rounds::take(s, 2, &[(1, 0)], |v| {
            let start = Instant::now();
            let module = if v == 0 {
                // SAFETY: a valid context; the text is followed by a NUL
                // (not counted in the length), which MLIR's lexer stops at.
                let raw = unsafe {
                    sys::mlirModuleCreateParse(
                        context.raw(),
                        sys::MlirStringRef {
                            data: terminated.as_ptr().cast(),
                            length: size,
                        },
                    )
                };
                assert!(!raw.ptr.is_null(), "the benchmark module parses");
                // SAFETY: just created; destroyed below, untimed.
                unsafe { mlir_pass::melior::ir::Module::from_raw(raw) }
            } else {
                mlir_pass::ir::parse_module(melior, &text).expect("the benchmark module parses")
            };
            let elapsed = start.elapsed();
            drop(module);
            elapsed
        });
        r.print_pair_row(&format!("{:.1} MB", size as f64 / (1 << 20) as f64));
    }

    if want("safe-walk") {
        // (1b) The melior view: the same walk through the safe API.
        println!("\n## 1b. The safe API's cost: `walk_ops` + melior names vs the raw C walk, one thread\n");
        println!("| ops | raw walk | safe walk | safe / raw | rounds |");
        println!("| --- | --- | --- | --- | --- |");
        for &ops in s.walk_sizes {
            let mut module =
                Module::parse(&context, &module_text(ops / 100, 100), "walk.mlir").unwrap();
            let mut pms = [
                func_pm(&context, |pm| pm.add_pass(RustWalkCount).unwrap()),
                func_pm(&context, |pm| pm.add_pass(RustSafeWalkCount).unwrap()),
            ];
            let r = measure(s, &mut pms, &mut module, &[(1, 0)]);
            r.print_pair_row(&format!("{ops}"));
        }
    }

    if want("patterns") {
        // (1c) Rewrite patterns on the greedy driver.
        println!("\n## 1c. Identity-folding patterns: Rust (`fold-arith-identities`, typed roots) and the same with roots by name (`bench-rust-fold-by-name`) vs the same patterns in C++, same greedy config, one thread\n");
        println!(
            "| ops | C++ | Rust typed | Rust by name | typed / C++ | by name / C++ | rounds |"
        );
        println!("| --- | --- | --- | --- | --- | --- | --- |");
        for &ops in s.fold_sizes {
            let source = identity_module_text(ops / 100, 100);
            let mut pms = [
                func_pm(&context, |pm| {
                    add_raw(pm, unsafe { mlirBenchCreateCppFoldIdentities() })
                }),
                func_pm(&context, |pm| {
                    pm.add_pass(FoldArithIdentities::default()).unwrap()
                }),
                func_pm(&context, |pm| pm.add_pass(RustFoldByName).unwrap()),
            ];
            let r = measure_fresh(s, &context, &mut pms, &source, &[(1, 0), (2, 0)]);
            println!(
                "| {ops} | {} | {} | {} | {} | {} | {} |",
                ms(r.median(0)),
                ms(r.median(1)),
                ms(r.median(2)),
                r.ratio(1, 0),
                r.ratio(2, 0),
                r.len()
            );
        }
    }

    if want("ports") {
        // (1d) The ports against their upstream passes.
        println!(
            "\n## 1d. Rust ports vs upstream passes on {} functions, one thread\n",
            s.port_functions
        );
        println!("| pass | upstream (C++) | Rust port | port / upstream | rounds |");
        println!("| --- | --- | --- | --- | --- |");
        let source = symbol_module_text(s.port_functions);
        for (upstream, port) in [
            ("symbol-dce", "rs-symbol-dce"),
            (
                "symbol-privatize{exclude=f0}",
                "rs-symbol-privatize{exclude=f0}",
            ),
            ("strip-debuginfo", "rs-strip-debuginfo"),
        ] {
            let mut pms = upstream_and_port(&context, upstream, port);
            let r = measure_fresh(s, &context, &mut pms, &source, &[(1, 0)]);
            r.print_pair_row(&format!("`{upstream}`"));
        }
        // The floor of a pass through MLIR's C API: `rs-strip-debuginfo`'s
        // body in unsafe Rust on MLIR's C walk (`bench::floors`).
        let mut pms = upstream_and_port(&context, "strip-debuginfo", "bench-raw-strip-debuginfo");
        let r = measure_fresh(s, &context, &mut pms, &source, &[(1, 0)]);
        r.print_pair_row("`strip-debuginfo`: unsafe Rust on the C walk (floor)");
        // The dialect-conversion ports, on functions of math ops.
        let source = math_module_text(s.port_functions);
        for (upstream, port) in [
            ("convert-math-to-libm", "rs-convert-math-to-libm"),
            (
                "func.func(math-extend-to-supported-types)",
                "func.func(rs-math-extend-to-supported-types)",
            ),
        ] {
            let mut pms = upstream_and_port(&context, upstream, port);
            let r = measure_fresh(s, &context, &mut pms, &source, &[(1, 0)]);
            r.print_pair_row(&format!("`{upstream}`"));
        }
    }

    // (1g) A dialect conversion with one Rust pattern against the same
    // pattern in C++, same target and driver; (1g') the same with typed ops
    // (`mlir_pass::ops`: a typed root, the adaptor and `create`).
    for (key, title, typed) in [
        ("conversion", "## 1g. Dialect conversion with one pattern: Rust (`bench-rust-sub-to-add`) vs the same `OpConversionPattern` in C++, partial conversion, one thread", false),
        ("conversion-typed", "## 1g'. The same conversion with typed ops: Rust (`bench-rust-typed-sub-to-add`) vs C++, partial conversion, one thread", true),
    ] {
        if !want(key) {
            continue;
        }
        println!("\n{title}\n");
        println!("| ops | C++ | Rust | Rust / C++ | rounds |");
        println!("| --- | --- | --- | --- | --- |");
        for &ops in s.fold_sizes {
            let source = subtraction_module_text(ops / 10, 10);
            let mut pms = [
                func_pm(&context, |pm| {
                    add_raw(pm, unsafe { mlirBenchCreateCppSubToAdd() })
                }),
                func_pm(&context, |pm| {
                    if typed {
                        pm.add_pass(RustTypedSubToAdd).unwrap()
                    } else {
                        pm.add_pass(RustSubToAdd).unwrap()
                    }
                }),
            ];
            let r = measure_fresh(s, &context, &mut pms, &source, &[(1, 0)]);
            r.print_pair_row(&format!("{ops}"));
        }
    }

    if want("ports-optimize") {
        // (1e) The optimization ports against their upstream passes.
        println!("\n## 1e. `rs-cse` and `rs-loop-invariant-code-motion` vs upstream, one thread\n");
        println!("| pass | module | upstream (C++) | Rust port | port / upstream | rounds |");
        println!("| --- | --- | --- | --- | --- | --- |");
        for (upstream, port, source, module) in [
            (
                "cse",
                "rs-cse",
                cse_module_text(s.port_functions),
                format!("{} functions, 28 ops each", s.port_functions),
            ),
            (
                "loop-invariant-code-motion",
                "rs-loop-invariant-code-motion",
                licm_module_text(s.licm_functions),
                format!("{} functions, 3 loops each", s.licm_functions),
            ),
        ] {
            let mut pms = upstream_and_port(&context, upstream, port);
            let r = measure_fresh(s, &context, &mut pms, &source, &[(1, 0)]);
            r.print_pair_row(&format!("`{upstream}` | {module}"));
        }
    }

    if want("analyses") {
        // (1j) Dominance kept for the next pass through MLIR's analysis
        // manager: a Rust pass that preserves it, then upstream `cse`,
        // against the same pipeline with the C++ twin (issue 39).
        println!(
            "\n## 1j. A pass that preserves dominance, then `cse`: Rust vs its C++ twin, {} functions, one thread\n",
            s.port_functions
        );
        println!("| pipeline (`func.func(...)`) | C++ | Rust | Rust / C++ | rounds |");
        println!("| --- | --- | --- | --- | --- |");
        let source = cse_module_text(s.port_functions);
        let cse = || unsafe { sys::mlirCreateTransformsCSE() };
        let mut pms = [
            func_pm(&context, |pm| {
                add_raw(pm, unsafe { mlirBenchCreateCppKeepDominance() });
                add_raw(pm, cse());
            }),
            func_pm(&context, |pm| {
                pm.add_pass(RustKeepDominance { preserve: true }).unwrap();
                add_raw(pm, cse());
            }),
            func_pm(&context, |pm| {
                pm.add_pass(RustKeepDominance { preserve: false }).unwrap();
                add_raw(pm, cse());
            }),
        ];
        let r = measure_fresh(s, &context, &mut pms, &source, &[(1, 0), (2, 0)]);
        println!(
            "| keep-dominance, cse | {} | {} | {} | {} |",
            ms(r.median(0)),
            ms(r.median(1)),
            r.ratio(1, 0),
            r.len()
        );
        println!(
            "| keep-dominance, cse (Rust preserving nothing) | {} | {} | {} | {} |",
            ms(r.median(0)),
            ms(r.median(2)),
            r.ratio(2, 0),
            r.len()
        );
        let mut pms = [
            PassManager::parse(&context, "builtin.module(func.func(cse,cse))").unwrap(),
            PassManager::parse(&context, "builtin.module(func.func(rs-cse,cse))").unwrap(),
        ];
        for pm in &mut pms {
            pm.enable_verifier(false);
        }
        let r = measure_fresh(s, &context, &mut pms, &source, &[(1, 0)]);
        println!(
            "| cse, cse (Rust: rs-cse, cse) | {} | {} | {} | {} |",
            ms(r.median(0)),
            ms(r.median(1)),
            r.ratio(1, 0),
            r.len()
        );
    }

    if want("ports-queries") {
        // (1f) One analysis query from Rust against the same query in C++.
        let functions = s.walk_sizes[0] / 10;
        let mut module = Module::parse(&context, &module_text(functions, 100), "q.mlir").unwrap();
        println!(
            "\n## 1f. One analysis query: Rust (`mlir_pass::analysis`) vs C++, {functions} functions of 100 ops, {QUERY_ROUNDS} queries per op, one thread\n"
        );
        println!("| query | C++ | Rust | per query: C++, Rust | Rust / C++ | rounds |");
        println!("| --- | --- | --- | --- | --- | --- |");
        let queries = (functions * 99 * QUERY_ROUNDS) as f64;
        let per_query = |d: Duration| format!("{:.1} ns", d.as_secs_f64() * 1e9 / queries);
        let rows = [
            (
                "`properly_dominates(a, b)` / `DominanceInfo::properlyDominates`",
                [
                    func_pm(&context, |pm| {
                        add_raw(pm, unsafe { mlirBenchCreateCppDominanceQueries() })
                    }),
                    func_pm(&context, |pm| pm.add_pass(RustDominanceQueries).unwrap()),
                ],
            ),
            (
                "`is_memory_effect_free()` / `isMemoryEffectFree`",
                [
                    func_pm(&context, |pm| {
                        add_raw(pm, unsafe { mlirBenchCreateCppEffectQueries() })
                    }),
                    func_pm(&context, |pm| pm.add_pass(RustEffectQueries).unwrap()),
                ],
            ),
        ];
        for (name, mut pms) in rows {
            let r = measure(s, &mut pms, &mut module, &[(1, 0)]);
            println!(
                "| {name} | {} | {} | {}, {} | {} | {} |",
                ms(r.median(0)),
                ms(r.median(1)),
                per_query(r.median(0)),
                per_query(r.median(1)),
                r.ratio(1, 0),
                r.len()
            );
        }
    }

    if want("dialect") {
        // (1h) The same dialect declared in Rust (the tests' `rtest`,
        // #[mlir_dialect]) and in ODS (`odsb`, C++ from mlir-tblgen).
        let functions = s.dialect_ops / 100;
        // SAFETY: a valid context.
        unsafe { mlirPassBenchLoadOdsDialect(context.raw()) };
        println!(
            "\n## 1h. A dialect declared in Rust vs the same dialect in ODS: `rtest` (`#[mlir_dialect]`) vs `odsb` (`mlir-tblgen`, C++), {} ops ({functions} functions of 100), one thread\n",
            functions * 100
        );
        println!("| what | C++ (ODS) | Rust | Rust / C++ | rounds |");
        println!("| --- | --- | --- | --- | --- |");
        // Variant 0 is the ODS dialect, variant 1 the Rust one.
        let sources = ["odsb", "rtest"].map(|ns| dialect_module(functions, 100, ns));
        let parse = |v: usize| Module::parse(&context, &sources[v], "dialect.mlir").unwrap();
        // Once, untimed: both dialects print the same modules, parsed and
        // after each pass.
        assert_same_modulo_namespace("parse + print", &[0, 1].map(|v| parse(v).to_string()));
        for pass in ["canonicalize", "cse"] {
            let mut pm = module_pm(&context, pass);
            let outputs = [0, 1].map(|v| {
                let mut module = parse(v);
                pm.run(&mut module).expect("the benchmark pass runs");
                module.to_string()
            });
            assert_same_modulo_namespace(pass, &outputs);
        }

        // (a) Parse (which verifies) and print; the module is destroyed
        // after the clock stops.
        let r = Rounds::take(s, 2, &[(1, 0)], |v| {
            let start = Instant::now();
            let module = parse(v);
            let text = module.to_string();
            let elapsed = start.elapsed();
            std::hint::black_box(text);
            elapsed
        });
        r.print_pair_row("parse + verify + print");
        // (b), (c) A pass on a freshly parsed module (parsing not timed).
        for pass in ["canonicalize", "cse"] {
            let mut pms = [module_pm(&context, pass), module_pm(&context, pass)];
            let r = Rounds::take(s, 2, &[(1, 0)], |v| {
                let mut module = parse(v);
                let start = Instant::now();
                pms[v].run(&mut module).expect("the benchmark pass runs");
                start.elapsed()
            });
            r.print_pair_row(&format!("`{pass}`"));
        }
        // (d) What loading a Rust dialect costs the passes that do not use
        // it: the context's action handler that finds the running pass when
        // a hook panics (every pass execution and pattern application goes
        // through it). `canonicalize` on the ODS module in a context where no
        // Rust dialect was loaded (variant 0) and in this one (variant 1).
        let plain = Context::new();
        plain.enable_multithreading(false);
        // SAFETY: a valid context.
        unsafe { mlirPassBenchLoadOdsDialect(plain.raw()) };
        let contexts = [&plain, &context];
        let mut pms = contexts.map(|c| module_pm(c, "canonicalize"));
        let r = Rounds::take(s, 2, &[(1, 0)], |v| {
            let mut module = Module::parse(contexts[v], &sources[0], "dialect.mlir").unwrap();
            let start = Instant::now();
            pms[v].run(&mut module).expect("the benchmark pass runs");
            start.elapsed()
        });
        println!(
            "\n(d) `canonicalize` on the ODS module, in a context with no Rust dialect \
             (first time) and in one where a Rust dialect was loaded, which tracks the \
             running pass (second time):\n"
        );
        println!("| what | no Rust dialect | Rust dialect loaded | loaded / not | rounds |");
        println!("| --- | --- | --- | --- | --- |");
        r.print_pair_row("`canonicalize`, `odsb` module");
    }

    if want("overhead") {
        // (2) Fixed overhead.
        println!(
            "\n## 2. Fixed overhead: empty func.func pass over {} functions, one thread\n",
            s.empty_functions
        );
        let mut module =
            Module::parse(&context, &module_text(s.empty_functions, 1), "empty.mlir").unwrap();
        let mut pms = [
            func_pm(&context, |pm| {
                add_raw(pm, unsafe { mlirBenchCreateCppEmpty() })
            }),
            func_pm(&context, |pm| pm.add_pass(RustEmpty).unwrap()),
            func_pm(&context, |pm| add_raw(pm, melior_empty())),
        ];
        let r = measure(s, &mut pms, &mut module, &[(1, 0), (2, 0), (1, 2)]);
        let m = [r.median(0), r.median(1), r.median(2)];
        let per_fn =
            |d: Duration| format!("{:.0} ns", d.as_secs_f64() * 1e9 / s.empty_functions as f64);
        println!("| C++ | Rust | melior (C API alone) | Rust / C++ | melior / C++ | Rust / melior | per function: C++, Rust, melior | rounds |");
        println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
        println!(
            "| {} | {} | {} | {} | {} | {} | {}, {}, {} | {} |",
            ms(m[0]),
            ms(m[1]),
            ms(m[2]),
            r.ratio(1, 0),
            r.ratio(2, 0),
            r.ratio(1, 2),
            per_fn(m[0]),
            per_fn(m[1]),
            per_fn(m[2]),
            r.len()
        );
    }

    if want("threads") {
        // (3) Threads.
        println!(
            "\n## 3. Threads: CPU-heavy Rust pass over {} functions ({} iterations each)\n",
            s.heavy_functions, s.heavy_iterations
        );
        let mut module =
            Module::parse(&context, &module_text(s.heavy_functions, 1), "heavy.mlir").unwrap();
        let heavy = RustHeavy {
            iterations: s.heavy_iterations,
            sink: 0,
        };
        // Variant 0 with MLIR's multithreading off, variant 1 with it on.
        let r = Rounds::take(s, 2, &[(0, 1)], |v| {
            context.enable_multithreading(v == 1);
            let mut pm = func_pm(&context, |pm| pm.add_pass(heavy.clone()).unwrap());
            let start = Instant::now();
            pm.run(&mut module).unwrap();
            start.elapsed()
        });
        context.enable_multithreading(false);
        println!("| threading off | threading on | speed-up | rounds |");
        println!("| --- | --- | --- | --- |");
        println!(
            "| {} | {} | {} | {} |",
            ms(r.median(0)),
            ms(r.median(1)),
            r.ratio(0, 1),
            r.len()
        );
    }

    if want("parsing") {
        // (4) Registration and parsing.
        let pipeline = format!(
            "builtin.module({})",
            (0..100)
                .map(|i| format!("bench-reg-{i}"))
                .collect::<Vec<_>>()
                .join(",")
        );
        let mut parses = Vec::new();
        for _ in 0..s.min_rounds.max(5) {
            let start = Instant::now();
            let pm = PassManager::parse(&context, &pipeline).unwrap();
            parses.push(start.elapsed());
            drop(pm);
        }
        println!("\n## 4. Registration and parsing\n");
        println!("| what | time |");
        println!("| --- | --- |");
        println!(
            "| `mlirRegisterAllPasses()`, cold (upstream only) | {} |",
            ms(upstream_cold)
        );
        println!(
            "| `register_all()` with {rust_passes} Rust passes (includes a repeat of the upstream call) | {} |",
            ms(register_all)
        );
        println!(
            "| `mlirRegisterAllPasses()` repeated (its share of the line above) | {} |",
            ms(upstream_again)
        );
        println!(
            "| `register_all()` less the upstream repeat: the Rust passes alone | {} |",
            ms(register_all.saturating_sub(upstream_again))
        );
        println!(
            "| parse a pipeline naming 100 Rust passes (median) | {} |",
            ms(median(parses))
        );
    }
}
