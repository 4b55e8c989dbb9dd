//! `toyc`'s work, as a library: read a `.toy` or `.mlir` file, run the
//! chapters' pipeline up to what `-emit` asks for, and print it (or run it
//! in the JIT). Upstream's `toyc.cpp` (chapter 7).

use std::{fmt, io::Write};

use mlir_pass::jit::{
    translate_to_llvm_ir, translate_to_optimized_llvm_ir, ExecutionEngine, JitOptions,
};
use mlir_pass::melior::ir::operation::{OperationLike, OperationPrintingFlags};
use mlir_pass::{Context, Module, PassManager};

use crate::{frontend, mlirgen};

/// What `toyc` prints (`-emit=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// The AST (`-emit=ast`, Toy input only).
    Ast,
    /// The Toy dialect (`-emit=mlir`).
    Mlir,
    /// After the partial lowering to `affine` (`-emit=mlir-affine`).
    MlirAffine,
    /// After the lowering to the `llvm` dialect (`-emit=mlir-llvm`).
    MlirLlvm,
    /// LLVM IR (`-emit=llvm`).
    Llvm,
    /// Runs `main` in the JIT (`-emit=jit`).
    Jit,
}

impl Emit {
    /// The names `-emit=` accepts, in order.
    pub const NAMES: [&'static str; 6] = ["ast", "mlir", "mlir-affine", "mlir-llvm", "llvm", "jit"];

    /// Parses an `-emit=` value.
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "ast" => Self::Ast,
            "mlir" => Self::Mlir,
            "mlir-affine" => Self::MlirAffine,
            "mlir-llvm" => Self::MlirLlvm,
            "llvm" => Self::Llvm,
            "jit" => Self::Jit,
            _ => return None,
        })
    }

    fn to_affine(self) -> bool {
        matches!(
            self,
            Self::MlirAffine | Self::MlirLlvm | Self::Llvm | Self::Jit
        )
    }

    fn to_llvm(self) -> bool {
        matches!(self, Self::MlirLlvm | Self::Llvm | Self::Jit)
    }
}

/// What the input is (`-x=`, else by the file's extension).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// Toy source.
    Toy,
    /// MLIR (the Toy dialect and others).
    Mlir,
}

/// `toyc`'s options.
#[derive(Clone, Debug)]
pub struct Options {
    /// The input's name, as locations show it (`-` for stdin).
    pub name: String,
    /// What the input is.
    pub kind: InputKind,
    /// What to print.
    pub emit: Emit,
    /// Runs the optimizations (`-opt`).
    pub opt: bool,
    /// Prints locations (`-mlir-print-debuginfo`).
    pub debug_info: bool,
    /// Times each stage and each pass, to standard error (`-mlir-timing`).
    pub timing: bool,
}

/// Stage times, written to standard error when `-mlir-timing` is on.
struct Stages {
    on: bool,
    start: std::time::Instant,
}

impl Stages {
    fn new(on: bool) -> Self {
        Self {
            on,
            start: std::time::Instant::now(),
        }
    }

    /// Reports the time since the last stage as `name`'s.
    fn done(&mut self, name: &str) {
        if self.on {
            let elapsed = self.start.elapsed();
            eprintln!("toyc: {name:<16} {:>10.3} ms", elapsed.as_secs_f64() * 1e3);
        }
        self.start = std::time::Instant::now();
    }
}

/// A failure, already worded for the user: one diagnostic a line,
/// `file:line:col: error: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<mlir_pass::MlirError> for Error {
    fn from(e: mlir_pass::MlirError) -> Self {
        // The diagnostics say where; the summary only when there are none.
        if e.diagnostics.is_empty() {
            return Self(e.to_string());
        }
        let mut lines = Vec::new();
        for d in &e.diagnostics {
            let mut d = d.clone();
            d.location = file_line_col(&d.location);
            for note in &mut d.notes {
                note.location = file_line_col(&note.location);
            }
            lines.push(d.to_string());
        }
        Self(lines.join("\n"))
    }
}

/// The first `file:line:col` of a location MLIR printed (the callee's
/// place in a `callsite(...)` of inlined code), as mlir-opt shows it; the
/// location as it is when it has none.
fn file_line_col(location: &str) -> String {
    let Some(rest) = location.strip_prefix("loc(") else {
        return location.to_owned();
    };
    let found = (|| {
        let start = rest.find('"')? + 1;
        let len = rest[start..].find('"')?;
        let file = &rest[start..start + len];
        let tail = &rest[start + len + 1..];
        let tail = tail.strip_prefix(':')?;
        let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
        let line_len = digits(tail);
        let after = tail[line_len..].strip_prefix(':')?;
        let col_len = digits(after);
        (line_len > 0 && col_len > 0)
            .then(|| format!("{file}:{}:{}", &tail[..line_len], &after[..col_len]))
    })();
    found.unwrap_or_else(|| location.to_owned())
}

/// The pass pipeline for `emit` (with the optimizations when `opt`), as
/// text: upstream's chapter 7 pipeline, Rust passes and MLIR's in one.
/// Empty when nothing runs.
pub fn pipeline(emit: Emit, opt: bool) -> String {
    let mut passes: Vec<&str> = Vec::new();
    if opt || emit.to_affine() {
        // Inline everything into main, then infer the shapes and clean up.
        passes.push("inline");
        passes.push("toy.func(canonicalize, toy-shape-inference, canonicalize, cse)");
    }
    if emit.to_affine() {
        passes.push("toy-to-affine");
        passes.push(if opt {
            "func.func(canonicalize, cse, affine-loop-fusion, affine-scalrep)"
        } else {
            "func.func(canonicalize, cse)"
        });
    }
    if emit.to_llvm() {
        passes.push("toy-to-llvm");
        passes.push("ensure-debug-info-scope-on-llvm-func");
    }
    if passes.is_empty() {
        return String::new();
    }
    format!("builtin.module({})", passes.join(", "))
}

/// Compiles `source` as `options` say, writing what `-emit` asks for to
/// `out` (the JIT's output goes to the process's standard output).
///
/// # Errors
/// The input's syntax errors, MLIRGen's and the verifier's errors, a
/// failed pass or JIT, each at its place in the input.
pub fn run(source: &str, options: &Options, out: &mut dyn Write) -> Result<(), Error> {
    mlir_pass::register_all().map_err(|e| Error(e.to_string()))?;
    let mut stages = Stages::new(options.timing);
    let context = Context::new();
    stages.done("context");
    let mut module = match options.kind {
        InputKind::Toy => {
            let ast = frontend::parse(source, &options.name).map_err(|e| Error(e.to_string()))?;
            stages.done("parse");
            if options.emit == Emit::Ast {
                write!(out, "{}", frontend::dump(&ast)).map_err(io)?;
                return Ok(());
            }
            let module =
                mlirgen::mlir_gen(context.as_melior(), &ast).map_err(|e| Error(e.to_string()))?;
            let module = Module::from_melior(&context, module)?;
            stages.done("mlirgen");
            context.take_diagnostics();
            if !module.as_operation().melior().verify() {
                let mut e = Error::from(mlir_pass::MlirError {
                    message: "module verification error".into(),
                    details: String::new(),
                    diagnostics: context.take_diagnostics(),
                });
                e.0.push_str("\nerror: module verification error");
                return Err(e);
            }
            stages.done("verify");
            module
        }
        InputKind::Mlir => {
            if options.emit == Emit::Ast {
                return Err(Error(
                    "error: -emit=ast needs Toy source (a .toy file), not MLIR".into(),
                ));
            }
            let module = Module::parse(&context, source, &options.name)?;
            stages.done("parse");
            module
        }
    };
    let text = pipeline(options.emit, options.opt);
    if !text.is_empty() {
        let mut pm = PassManager::parse(&context, &text)?;
        if options.timing {
            pm.enable_timing();
        }
        pm.run(&mut module)?;
        drop(pm);
        stages.done("passes");
    }
    match options.emit {
        Emit::Ast => unreachable!("handled above"),
        Emit::Mlir | Emit::MlirAffine | Emit::MlirLlvm => {
            let op = module.as_operation().melior();
            let flags = OperationPrintingFlags::new().enable_debug_info(options.debug_info, false);
            let printed = op
                .to_string_with_flags(flags)
                .map_err(|e| Error(format!("error: could not print the module: {e}")))?;
            write!(out, "{printed}").map_err(io)?;
            if !printed.ends_with('\n') {
                writeln!(out).map_err(io)?;
            }
        }
        Emit::Llvm => {
            // With -opt, LLVM's O3 pipeline runs on the translated module,
            // as upstream's toyc does.
            let ir = if options.opt {
                translate_to_optimized_llvm_ir(&module, 3)
            } else {
                translate_to_llvm_ir(&module)
            }
            .map_err(|e| Error(format!("error: {e}")))?;
            write!(out, "{ir}").map_err(io)?;
        }
        Emit::Jit => {
            out.flush().map_err(io)?;
            let engine = ExecutionEngine::new(
                module,
                JitOptions {
                    opt_level: if options.opt { 3 } else { 0 },
                    ..JitOptions::default()
                },
            )
            .map_err(|e| Error(format!("error: {e}")))?;
            stages.done("jit compile");
            engine
                .invoke::<(), ()>("main", ())
                .map_err(|e| Error(format!("error: {e}")))?;
            stages.done("jit run");
        }
    }
    Ok(())
}

fn io(e: std::io::Error) -> Error {
    Error(format!("error: could not write the output: {e}"))
}
