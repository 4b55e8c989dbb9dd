//! `toy-translate` as a user runs it: `toyc f.toy -emit=mlir |
//! toy-translate --mlir-to-toy | toyc -emit=jit` prints what `toyc f.toy
//! -emit=jit` prints, for the programs of every chapter (tests/lit) and
//! those of tests/translate; IR it cannot print as Toy is a message; and
//! `--mlir-to-llvmir` writes what the stock `mlir-translate` writes.

use std::{
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
};

const TOYC: &str = env!("CARGO_BIN_EXE_toyc");
const TRANSLATE: &str = env!("CARGO_BIN_EXE_toy-translate");
const STOCK_TRANSLATE: &str = "/usr/lib/llvm-22/bin/mlir-translate";

/// Runs `program` with `args`, feeding `stdin`.
fn run(program: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} starts: {e}"));
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The stage's stdout; panics with its stderr when it fails.
fn ok(stage: &str, output: Output) -> Vec<u8> {
    assert!(
        output.status.success(),
        "{stage} failed: {}",
        text(&output.stderr)
    );
    output.stdout
}

/// The Toy programs and Toy IR files of the two directories, sorted.
fn inputs(extension: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files: Vec<PathBuf> = ["lit", "translate"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    files.sort();
    files
}

/// `toy-translate --mlir-to-toy` on `ir`, then `toyc -emit=jit` on the Toy
/// source it printed: the program's output.
fn jit_of_translation(name: &str, ir: &[u8]) -> (String, String) {
    let toy = ok(
        &format!("toy-translate --mlir-to-toy ({name})"),
        run(TRANSLATE, &["--mlir-to-toy"], ir),
    );
    let output = run(TOYC, &["-emit=jit"], &toy);
    assert!(
        output.status.success(),
        "toyc -emit=jit on the Toy source printed for {name} failed: {}\n{}",
        text(&output.stderr),
        text(&toy)
    );
    (text(&output.stdout), text(&toy))
}

#[test]
fn round_trip_prints_what_the_program_prints_for_every_chapter() {
    // Each program is checked on its own (eight runs of the tools), the
    // files split between two threads.
    let files = inputs("toy");
    let programs = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for half in files.chunks(files.len().div_ceil(2).max(1)) {
            let programs = &programs;
            scope.spawn(move || {
                for file in half {
                    if round_trip(file.to_str().unwrap()) {
                        programs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            });
        }
    });
    // ch1 to ch7 of tests/lit, and tests/translate's.
    let programs = programs.into_inner();
    assert!(programs >= 12, "only {programs} programs ran");
}

/// `path` through both emits and back: `false` for an error case (ch1-errors.toy,
/// ...), which has no IR to translate.
fn round_trip(path: &str) -> bool {
    let expected = run(TOYC, &[path, "-emit=jit"], b"");
    if !expected.status.success() {
        assert!(run(TOYC, &[path, "-emit=mlir"], b"").stdout.is_empty());
        return false;
    }
    let expected = text(&expected.stdout);
    assert!(!expected.is_empty(), "{path} prints something");
    for emit in [&["-emit=mlir"][..], &["-emit=mlir", "-opt"]] {
        let ir = ok("toyc", run(TOYC, &[&[path][..], emit].concat(), b""));
        let (printed, toy) = jit_of_translation(path, &ir);
        assert_eq!(printed, expected, "{path} {emit:?}, through:\n{toy}");
        // Toy source printed from the IR of Toy source printed from IR
        // is the same: nothing is lost or renamed the second time.
        let again = ok("toyc", run(TOYC, &["-emit=mlir"], toy.as_bytes()));
        let toy_again = ok("toy-translate", run(TRANSLATE, &["--mlir-to-toy"], &again));
        assert_eq!(text(&toy_again), toy, "{path} {emit:?}");
    }
    true
}

#[test]
fn round_trip_of_hand_written_toy_ir() {
    let mut files = 0;
    for file in inputs("mlir") {
        let path = file.to_str().unwrap();
        let expected = run(TOYC, &[path, "-emit=jit"], b"");
        if !expected.status.success() {
            continue;
        }
        let ir = std::fs::read(&file).unwrap();
        let (printed, toy) = jit_of_translation(path, &ir);
        assert_eq!(printed, text(&expected.stdout), "{path}, through:\n{toy}");
        files += 1;
    }
    // callee-after-caller.mlir, shaped-structs.mlir, plugin-mlir-opt.mlir.
    assert!(files >= 3, "only {files} files ran");
}

/// The pipeline of the README, in a shell.
#[test]
fn shell_pipeline_of_the_readme() {
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lit/ch7-struct.toy");
    let script = format!(
        "'{TOYC}' '{}' -emit=mlir | '{TRANSLATE}' --mlir-to-toy | '{TOYC}' -emit=jit",
        program.display()
    );
    let piped = ok("sh", run("sh", &["-c", &script], b""));
    let direct = ok(
        "toyc",
        run(TOYC, &[program.to_str().unwrap(), "-emit=jit"], b""),
    );
    assert_eq!(text(&piped), text(&direct));
    assert!(text(&direct).contains("11.000000 20.000000"));
}

/// Exit code 1, `cause` on stderr, nothing on stdout, no sign of a crash.
fn assert_fails_with(output: &Output, cause: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.contains(cause), "expected {cause:?} in: {stderr}");
    for crash in ["LLVM ERROR", "panicked", "Stack dump", "Aborted"] {
        assert!(!stderr.contains(crash), "{crash} in {stderr}");
    }
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
}

#[test]
fn ir_of_other_dialects_is_a_message() {
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lit/ch6-jit.toy");
    let path = program.to_str().unwrap();
    // After the partial lowering, functions are func.func.
    let affine = ok("toyc", run(TOYC, &[path, "-emit=mlir-affine"], b""));
    assert_fails_with(
        &run(TRANSLATE, &["--mlir-to-toy"], &affine),
        "error: 'func.func' is not a Toy function: --mlir-to-toy reads the Toy dialect",
    );
    let llvm = ok("toyc", run(TOYC, &[path, "-emit=mlir-llvm"], b""));
    assert_fails_with(
        &run(TRANSLATE, &["--mlir-to-toy"], &llvm),
        "is not a Toy function",
    );
    // Another dialect's op inside a Toy function: at that op.
    assert_fails_with(
        &run(
            TRANSLATE,
            &["--mlir-to-toy"],
            b"toy.func @main() {\n  %0 = arith.constant 1.0 : f64\n  toy.return\n}\n",
        ),
        "<stdin>:2:8: error: 'arith.constant' is not an op of Toy's functions",
    );
    // Not MLIR at all (Toy source): MLIR's parse error.
    assert_fails_with(
        &run(TRANSLATE, &["--mlir-to-toy"], b"def main() { print(1); }\n"),
        "<stdin>:1:1: error:",
    );
}

#[test]
fn ir_that_toy_cannot_spell_is_a_message() {
    let negative =
        b"toy.func @main() {\n  %0 = toy.constant dense<[1.0, -2.5]> : tensor<2xf64>\n  \
                     toy.print %0 : tensor<2xf64>\n  toy.return\n}\n";
    assert_fails_with(
        &run(TRANSLATE, &["--mlir-to-toy"], negative),
        "<stdin>:2:8: error: Toy's literals are numbers from 0 up, so -2.5 cannot be written in Toy",
    );
    let recursive = b"toy.func @f(%a: tensor<*xf64>) -> tensor<*xf64> {\n  \
                      %0 = toy.generic_call @f(%a) : (tensor<*xf64>) -> tensor<*xf64>\n  \
                      toy.return %0 : tensor<*xf64>\n}\n";
    assert_fails_with(
        &run(TRANSLATE, &["--mlir-to-toy"], recursive),
        "<stdin>:2:8: error: 'f' is called recursively, which Toy cannot write",
    );
    let builtin_name = b"toy.func @transpose() {\n  toy.return\n}\n";
    assert_fails_with(
        &run(TRANSLATE, &["--mlir-to-toy"], builtin_name),
        "error: 'transpose' cannot be a Toy function's name",
    );
}

#[test]
fn help_lists_mlir_to_toy_beside_upstream_translations() {
    let help = text(&ok("--help", run(TRANSLATE, &["--help"], b"")));
    assert!(help.starts_with("OVERVIEW: toy-translate"), "{help}");
    for (flag, description) in [
        ("--mlir-to-toy", "Print Toy source from Toy IR"),
        ("--mlir-to-llvmir", "Translate MLIR to LLVMIR"),
        ("--import-llvm", "Translate LLVMIR to MLIR"),
    ] {
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(flag) && l.contains(description)),
            "{flag} in {help}"
        );
    }
}

#[test]
fn mlir_to_llvmir_is_byte_for_byte_the_stock_mlir_translate() {
    let mut compared = 0;
    for file in inputs("toy") {
        let path = file.to_str().unwrap();
        let llvm_dialect = run(TOYC, &[path, "-emit=mlir-llvm", "-opt"], b"");
        if !llvm_dialect.status.success() {
            continue;
        }
        let ours = ok(
            "toy-translate",
            run(TRANSLATE, &["--mlir-to-llvmir"], &llvm_dialect.stdout),
        );
        let stock = ok(
            "mlir-translate",
            run(STOCK_TRANSLATE, &["--mlir-to-llvmir"], &llvm_dialect.stdout),
        );
        assert_eq!(text(&ours), text(&stock), "{path}");
        assert!(text(&ours).contains("define void @main()"), "{path}");
        compared += 1;
    }
    assert!(compared >= 12, "only {compared} compared");
    // On IR it cannot translate (the Toy dialect), both fail with the
    // same message.
    let toy_ir = ok(
        "toyc",
        run(TOYC, &["-emit=mlir"], b"def main() { print([1, 2]); }\n"),
    );
    let ours = run(TRANSLATE, &["--mlir-to-llvmir"], &toy_ir);
    let stock = run(STOCK_TRANSLATE, &["--mlir-to-llvmir"], &toy_ir);
    assert_eq!(ours.status.code(), Some(1));
    assert_eq!(stock.status.code(), Some(1));
    let first_line = |o: &Output| text(&o.stderr).lines().next().unwrap_or("").to_owned();
    assert_eq!(first_line(&ours), first_line(&stock));
}
