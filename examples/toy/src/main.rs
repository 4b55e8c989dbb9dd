//! `toyc`: the Toy compiler of MLIR's tutorial (chapter 7), in Rust.
//!
//! ```sh
//! toyc input.toy -emit=mlir          # the Toy dialect
//! toyc input.toy -emit=jit -opt      # run it
//! ```
//! Options are spelled as upstream's (`-emit=...`, `-opt`) or with two
//! dashes.

use std::io::Read;
use std::process::ExitCode;

use clap::Parser;
use mlir_pass_toy::driver::{run, Emit, InputKind, Options};

/// The Toy compiler: Toy source or MLIR in, the AST, MLIR at each level,
/// LLVM IR, or a run in the JIT out.
#[derive(Parser, Debug)]
#[command(name = "toyc", version, about)]
struct Args {
    /// The input file (`.toy` or `.mlir`), `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
    /// The input's kind, `toy` or `mlir` (by default, `mlir` for a `.mlir`
    /// file and `toy` otherwise).
    #[arg(short = 'x', value_parser = ["toy", "mlir"])]
    kind: Option<String>,
    /// What to print: `ast`, `mlir`, `mlir-affine`, `mlir-llvm`, `llvm`, or
    /// `jit` to run `main`.
    #[arg(long, value_parser = Emit::NAMES, default_value = "mlir")]
    emit: String,
    /// Run the optimizations (inlining, shape inference, canonicalization,
    /// CSE; loop fusion and scalar replacement on affine loops).
    #[arg(long)]
    opt: bool,
    /// Print locations in the MLIR output.
    #[arg(long = "mlir-print-debuginfo")]
    debug_info: bool,
    /// Time each stage (parse, MLIRGen, the JIT) and each pass, to
    /// standard error.
    #[arg(long = "mlir-timing")]
    timing: bool,
}

/// Upstream spells long options with one dash (`-emit=mlir`): give them
/// two, for clap.
fn normalize(arg: String) -> String {
    const LONG: [&str; 6] = [
        "emit",
        "opt",
        "mlir-print-debuginfo",
        "mlir-timing",
        "help",
        "version",
    ];
    match arg.strip_prefix('-') {
        Some(rest)
            if !rest.starts_with('-') && LONG.contains(&rest.split('=').next().unwrap_or("")) =>
        {
            format!("-{arg}")
        }
        _ => arg,
    }
}

fn main() -> ExitCode {
    let args = Args::parse_from(std::env::args().map(normalize));
    let source = if args.input == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            eprintln!("error: could not read standard input: {e}");
            return ExitCode::FAILURE;
        }
        s
    } else {
        match std::fs::read_to_string(&args.input) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: could not open input file '{}': {e}", args.input);
                return ExitCode::FAILURE;
            }
        }
    };
    let kind = match args.kind.as_deref() {
        Some("mlir") => InputKind::Mlir,
        Some(_) => InputKind::Toy,
        None if args.input.ends_with(".mlir") => InputKind::Mlir,
        None => InputKind::Toy,
    };
    let options = Options {
        name: args.input.clone(),
        kind,
        emit: Emit::parse(&args.emit).expect("clap checked the value"),
        opt: args.opt,
        debug_info: args.debug_info,
        timing: args.timing,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run(&source, &options, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            drop(out);
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
