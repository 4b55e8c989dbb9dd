//! `mlir-pass-opt`: a small `mlir-opt` with MLIR's upstream dialects and
//! passes plus every Rust pass linked into it.
//!
//! ```text
//! mlir-pass-opt [INPUT|-] [-o OUTPUT] --pass-pipeline='builtin.module(...)'
//! mlir-pass-opt --list-passes
//! mlir-pass-opt --pass-docs
//! ```
//!
//! Exit code 0 on success; 1 with MLIR's diagnostics on stderr when the input,
//! the pipeline or a pass fails.

use std::{
    fs,
    io::{self, Read, Write},
    path::{Path, PathBuf},
    process::ExitCode,
};

use clap::Parser;
use mlir_pass::{Context, Diagnostic, MlirError, Module, PassManager};

// The example passes register themselves; naming the crate keeps it linked.
use mlir_pass_example_passes as _;

/// A small mlir-opt with the Rust passes built in.
#[derive(Parser, Debug)]
#[command(name = "mlir-pass-opt", version, about)]
struct Cli {
    /// Input file, or `-` for standard input.
    #[arg(default_value = "-")]
    input: String,

    /// Output file, or `-` for standard output.
    #[arg(short = 'o', long = "output", default_value = "-")]
    output: String,

    /// The textual pass pipeline to run, e.g. 'builtin.module(func.func(annotate-op-count),canonicalize)'.
    #[arg(long = "pass-pipeline", value_name = "PIPELINE")]
    pass_pipeline: Option<String>,

    /// List the Rust passes with their descriptions, then exit.
    #[arg(long = "list-passes")]
    list_passes: bool,

    /// Print Markdown documentation of the Rust passes, then exit.
    #[arg(long = "pass-docs")]
    pass_docs: bool,

    /// Print the parsed pass pipeline to stderr before running it.
    #[arg(long = "dump-pass-pipeline")]
    dump_pass_pipeline: bool,

    /// Run passes on one thread.
    #[arg(long = "mlir-disable-threading")]
    disable_threading: bool,

    /// Accept operations of dialects that are not registered.
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered_dialect: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            failure.print();
            ExitCode::FAILURE
        }
    }
}

/// Why the tool failed: MLIR's report and diagnostics if any, then a
/// one-line cause as the last line.
struct Failure {
    cause: String,
    details: String,
    diagnostics: Vec<Diagnostic>,
}

impl Failure {
    fn new(cause: impl Into<String>) -> Self {
        Self {
            cause: cause.into(),
            details: String::new(),
            diagnostics: Vec::new(),
        }
    }

    fn print(&self) {
        let mut stderr = io::stderr().lock();
        if !self.details.is_empty() {
            let _ = writeln!(stderr, "{}", self.details);
        }
        for d in &self.diagnostics {
            let _ = writeln!(stderr, "{d}");
        }
        let _ = writeln!(stderr, "mlir-pass-opt: error: {}", self.cause);
    }
}

impl From<MlirError> for Failure {
    fn from(e: MlirError) -> Self {
        Self {
            cause: e.message,
            details: e.details,
            diagnostics: e.diagnostics,
        }
    }
}

fn run(cli: &Cli) -> Result<(), Failure> {
    mlir_pass::register_all().map_err(|e| Failure::new(e.to_string()))?;

    if cli.list_passes {
        print!("{}", list_passes());
        return Ok(());
    }
    if cli.pass_docs {
        print!("{}", mlir_pass::pass_docs());
        return Ok(());
    }

    let context = Context::new();
    context.enable_multithreading(!cli.disable_threading);
    context.allow_unregistered_dialects(cli.allow_unregistered_dialect);

    // Parse the pipeline before reading input: a typo fails fast.
    let mut pm = match &cli.pass_pipeline {
        Some(pipeline) => PassManager::parse(&context, pipeline)?,
        None => PassManager::new(&context),
    };
    if cli.dump_pass_pipeline {
        eprintln!("{pm}");
    }

    let (source, source_name) = read_input(&cli.input)?;
    let mut module = Module::parse(&context, &source, &source_name)?;
    pm.run(&mut module)?;

    // Warnings and remarks from a successful run still go to stderr.
    for d in context.take_diagnostics() {
        eprintln!("{d}");
    }
    write_output(&cli.output, &format!("{module}\n"))
}

fn read_input(input: &str) -> Result<(String, String), Failure> {
    if input == "-" {
        let mut source = String::new();
        io::stdin()
            .read_to_string(&mut source)
            .map_err(|e| Failure::new(format!("cannot read standard input: {e}")))?;
        return Ok((source, "<stdin>".into()));
    }
    let bytes = fs::read(input)
        .map_err(|e| Failure::new(format!("cannot read input file '{input}': {e}")))?;
    let source = String::from_utf8(bytes)
        .map_err(|e| Failure::new(format!("input file '{input}' is not UTF-8 text: {e}")))?;
    Ok((source, input.into()))
}

/// Writes `text` to `output`: whole or not at all (a temporary file renamed
/// into place), so a failure never leaves a truncated file behind.
fn write_output(output: &str, text: &str) -> Result<(), Failure> {
    if output == "-" {
        return io::stdout()
            .lock()
            .write_all(text.as_bytes())
            .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")));
    }
    let path = Path::new(output);
    let cannot = |e: io::Error| Failure::new(format!("cannot write output file '{output}': {e}"));
    if path.is_dir() {
        return Err(cannot(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        )));
    }
    let file_name = path
        .file_name()
        .ok_or_else(|| cannot(io::Error::other("not a file name")))?;
    let mut tmp = PathBuf::from(path);
    tmp.set_file_name(format!(
        ".{}.mlir-pass-opt.tmp",
        file_name.to_string_lossy()
    ));
    fs::write(&tmp, text).map_err(cannot)?;
    fs::rename(&tmp, path).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        cannot(e)
    })
}

/// One line per option: name, type, default, description.
fn push_options(out: &mut String, p: &mlir_pass::PassMetadata) {
    for (option, default) in p.options_with_defaults() {
        out.push_str(&format!(
            "      {}=<{}> (default: {}) - {}\n",
            option.name,
            option.type_name,
            default,
            option.description.replace('\n', " ")
        ));
    }
}

/// The Rust passes and pipelines, with what `--list-passes` shows of each.
fn list_passes() -> String {
    let passes = mlir_pass::passes();
    let mut out = format!("Rust passes ({}):\n", passes.len());
    for p in passes {
        out.push_str(&format!("  {} - {}\n", p.argument, p.summary));
        out.push_str(&format!(
            "      name: {}, runs on: {}, dependent dialects: {}, type: {}\n",
            p.name,
            p.op_name.unwrap_or("any operation"),
            if p.dialect_names.is_empty() {
                "none".to_owned()
            } else {
                p.dialect_names.join(", ")
            },
            p.type_name
        ));
        push_options(&mut out, p);
    }
    let pipelines = mlir_pass::pipelines();
    out.push_str(&format!("Rust pass pipelines ({}):\n", pipelines.len()));
    for p in pipelines {
        out.push_str(&format!("  {} - {}\n", p.argument, p.summary));
        out.push_str(&format!("      name: {}, type: {}\n", p.name, p.type_name));
        push_options(&mut out, p);
    }
    out.push_str(
        "Upstream MLIR passes are available too, as in mlir-opt (e.g. canonicalize, cse).\n",
    );
    out
}
