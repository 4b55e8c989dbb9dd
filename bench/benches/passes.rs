//! `cargo bench -p mlir-pass-bench` (add `-- --quick` for a smoke run): Rust
//! passes against native C++ passes and melior, measured side by side in one
//! process on the same modules; prints a Markdown table of medians and ratios.

use std::time::{Duration, Instant};

use mlir_pass::{sys, Context, Module, PassManager};
use mlir_pass_bench::{
    melior_empty, melior_walk_count, mlirBenchCreateCppEmpty, mlirBenchCreateCppWalkCount,
    module_text, RustEmpty, RustHeavy, RustWalkCount,
};

struct Settings {
    reps: usize,
    walk_sizes: &'static [usize],
    empty_functions: usize,
    heavy_functions: usize,
    heavy_iterations: u64,
}

const FULL: Settings = Settings {
    reps: 21,
    walk_sizes: &[1_000, 10_000, 100_000],
    empty_functions: 10_000,
    heavy_functions: 2_000,
    heavy_iterations: 200_000,
};

const QUICK: Settings = Settings {
    reps: 3,
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
