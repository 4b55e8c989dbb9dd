//! `cargo bench -p mlir-pass-bench` (add `-- --quick` for a smoke run): Rust
//! passes against native C++ passes and melior, measured side by side in one
//! process on the same modules; prints a Markdown table of medians and ratios.

use std::time::{Duration, Instant};

use mlir_pass::{sys, Context, Module, PassManager};
use mlir_pass_bench::{
    identity_module_text, melior_empty, melior_walk_count, mlirBenchCreateCppEmpty,
    mlirBenchCreateCppFoldIdentities, mlirBenchCreateCppWalkCount, module_text, symbol_module_text,
    RustEmpty, RustHeavy, RustSafeWalkCount, RustWalkCount,
};
use mlir_pass_example_passes::FoldArithIdentities;

struct Settings {
    reps: usize,
    fold_sizes: &'static [usize],
    port_functions: usize,
    walk_sizes: &'static [usize],
    empty_functions: usize,
    heavy_functions: usize,
    heavy_iterations: u64,
}

const FULL: Settings = Settings {
    reps: 21,
    fold_sizes: &[10_000, 100_000],
    port_functions: 10_000,
    walk_sizes: &[1_000, 10_000, 100_000],
    empty_functions: 10_000,
    heavy_functions: 2_000,
    heavy_iterations: 200_000,
};

const QUICK: Settings = Settings {
    reps: 3,
    fold_sizes: &[1_000],
    port_functions: 500,
    walk_sizes: &[1_000],
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

fn ratio(a: Duration, b: Duration) -> String {
    format!("{:.3}x", a.as_secs_f64() / b.as_secs_f64())
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

/// Runs each pass manager `reps` times on `module`, interleaved (one run of
/// each per round) so that machine noise hits all alike; returns medians.
fn measure<'c>(pms: &mut [PassManager<'c>], module: &mut Module<'c>, reps: usize) -> Vec<Duration> {
    let mut samples = vec![Vec::with_capacity(reps); pms.len()];
    for round in 0..reps + 2 {
        for (i, pm) in pms.iter_mut().enumerate() {
            let start = Instant::now();
            pm.run(module).expect("the benchmark pass runs");
            let elapsed = start.elapsed();
            if round >= 2 {
                samples[i].push(elapsed); // the first two rounds warm up
            }
        }
    }
    samples.into_iter().map(median).collect()
}

/// Like [`measure`], for passes that change the module: each run gets a
/// freshly parsed module (parsing is not timed). Also checks that every
/// variant printed the same module.
fn measure_fresh<'c>(
    context: &'c Context,
    pms: &mut [PassManager<'c>],
    source: &str,
    reps: usize,
) -> Vec<Duration> {
    let mut samples = vec![Vec::with_capacity(reps); pms.len()];
    let mut outputs = vec![String::new(); pms.len()];
    for round in 0..reps + 2 {
        for (i, pm) in pms.iter_mut().enumerate() {
            let mut module = Module::parse(context, source, "bench.mlir").unwrap();
            let start = Instant::now();
            pm.run(&mut module).expect("the benchmark pass runs");
            let elapsed = start.elapsed();
            if round >= 2 {
                samples[i].push(elapsed);
            }
            if round == 0 {
                outputs[i] = module.to_string();
            }
        }
    }
    assert!(
        outputs.iter().all(|o| *o == outputs[0]),
        "the variants disagree on the output"
    );
    samples.into_iter().map(median).collect()
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let s = if quick { &QUICK } else { &FULL };
    println!(
        "# mlir-pass benchmarks{}\n",
        if quick { " (quick smoke run)" } else { "" }
    );
    println!(
        "Medians of {} interleaved runs each; ratios are against the first column's baseline.\n",
        s.reps
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
        println!("| ops | C++ | Rust | melior | Rust / C++ | melior / C++ | Rust / melior |");
        println!("| --- | --- | --- | --- | --- | --- | --- |");
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
            let m = measure(&mut pms, &mut module, s.reps);
            println!(
                "| {ops} | {} | {} | {} | {} | {} | {} |",
                ms(m[0]),
                ms(m[1]),
                ms(m[2]),
                ratio(m[1], m[0]),
                ratio(m[2], m[0]),
                ratio(m[1], m[2])
            );
        }
    }

    if want("safe-walk") {
        // (1b) The melior view: the same walk through the safe API.
        println!("\n## 1b. The safe API's cost: `walk_ops` + melior names vs the raw C walk, one thread\n");
        println!("| ops | raw walk | safe walk | safe / raw |");
        println!("| --- | --- | --- | --- |");
        for &ops in s.walk_sizes {
            let mut module =
                Module::parse(&context, &module_text(ops / 100, 100), "walk.mlir").unwrap();
            let mut pms = [
                func_pm(&context, |pm| pm.add_pass(RustWalkCount).unwrap()),
                func_pm(&context, |pm| pm.add_pass(RustSafeWalkCount).unwrap()),
            ];
            let m = measure(&mut pms, &mut module, s.reps);
            println!(
                "| {ops} | {} | {} | {} |",
                ms(m[0]),
                ms(m[1]),
                ratio(m[1], m[0])
            );
        }
    }

    if want("patterns") {
        // (1c) Rewrite patterns on the greedy driver.
        println!("\n## 1c. Identity-folding patterns: Rust (`fold-arith-identities`) vs the same patterns in C++, same greedy config, one thread\n");
        println!("| ops | C++ | Rust | Rust / C++ |");
        println!("| --- | --- | --- | --- |");
        for &ops in s.fold_sizes {
            let source = identity_module_text(ops / 100, 100);
            let mut pms = [
                func_pm(&context, |pm| {
                    add_raw(pm, unsafe { mlirBenchCreateCppFoldIdentities() })
                }),
                func_pm(&context, |pm| {
                    pm.add_pass(FoldArithIdentities::default()).unwrap()
                }),
            ];
            let m = measure_fresh(&context, &mut pms, &source, s.reps);
            println!(
                "| {ops} | {} | {} | {} |",
                ms(m[0]),
                ms(m[1]),
                ratio(m[1], m[0])
            );
        }
    }

    if want("ports") {
        // (1d) The ports against their upstream passes.
        println!(
            "\n## 1d. Rust ports vs upstream passes on {} functions, one thread\n",
            s.port_functions
        );
        println!("| pass | upstream (C++) | Rust port | port / upstream |");
        println!("| --- | --- | --- | --- |");
        let source = symbol_module_text(s.port_functions);
        for (upstream, port) in [
            ("symbol-dce", "rs-symbol-dce"),
            (
                "symbol-privatize{exclude=f0}",
                "rs-symbol-privatize{exclude=f0}",
            ),
            ("strip-debuginfo", "rs-strip-debuginfo"),
        ] {
            let mut pms = [
                PassManager::parse(&context, &format!("builtin.module({upstream})")).unwrap(),
                PassManager::parse(&context, &format!("builtin.module({port})")).unwrap(),
            ];
            for pm in &mut pms {
                pm.enable_verifier(false);
            }
            let m = measure_fresh(&context, &mut pms, &source, s.reps);
            println!(
                "| `{upstream}` | {} | {} | {} |",
                ms(m[0]),
                ms(m[1]),
                ratio(m[1], m[0])
            );
        }
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
        let m = measure(&mut pms, &mut module, s.reps);
        let per_fn =
            |d: Duration| format!("{:.0} ns", d.as_secs_f64() * 1e9 / s.empty_functions as f64);
        println!("| C++ | Rust | melior (C API alone) | Rust / C++ | melior / C++ | Rust / melior | per function: C++, Rust, melior |");
        println!("| --- | --- | --- | --- | --- | --- | --- |");
        println!(
            "| {} | {} | {} | {} | {} | {} | {}, {}, {} |",
            ms(m[0]),
            ms(m[1]),
            ms(m[2]),
            ratio(m[1], m[0]),
            ratio(m[2], m[0]),
            ratio(m[1], m[2]),
            per_fn(m[0]),
            per_fn(m[1]),
            per_fn(m[2])
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
        let mut single = Vec::new();
        let mut multi = Vec::new();
        for round in 0..s.reps + 1 {
            for threads in [false, true] {
                context.enable_multithreading(threads);
                let mut pm = func_pm(&context, |pm| pm.add_pass(heavy.clone()).unwrap());
                let start = Instant::now();
                pm.run(&mut module).unwrap();
                let elapsed = start.elapsed();
                if round > 0 {
                    if threads { &mut multi } else { &mut single }.push(elapsed);
                }
            }
        }
        context.enable_multithreading(false);
        let (single, multi) = (median(single), median(multi));
        println!("| threading off | threading on | speed-up |");
        println!("| --- | --- | --- |");
        println!(
            "| {} | {} | {} |",
            ms(single),
            ms(multi),
            ratio(single, multi)
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
        for _ in 0..s.reps.max(5) {
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
