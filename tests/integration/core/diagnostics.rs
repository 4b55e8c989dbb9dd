//! Diagnostics of every severity from a pass: warnings and remarks that do
//! not fail it, notes at the diagnostic's location or another, an error
//! with notes that fails it once, text handed over by its length.

use mlir_pass::{
    melior::ir::{block::BlockLike, operation::OperationLike, RegionLike},
    mlir_pass, Context, Diagnostic, Module, OperationRef, Pass, PassError, PassManager, Severity,
};
use mlir_pass_example_passes::WarnLargeFunctions;

/// Emits what each function's name asks for.
#[mlir_pass(argument = "test-emit-diagnostics", op = "func.func", dialects = [func])]
#[derive(Clone, Default)]
struct EmitDiagnostics;

/// A message whose bytes go on past the part emitted: MLIR must read the
/// part by its length.
const LONGER: &str = "sliced warning and text that must not show";

impl Pass for EmitDiagnostics {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let text = op.to_string();
        let first = op
            .melior()
            .region(0)
            .ok()
            .and_then(|r| r.first_block())
            .and_then(|b| b.first_operation())
            .map(|o| OperationRef::from(o).location())
            .expect("a body");
        if text.contains("@warn") {
            op.emit_warning("a warning")
                .attach_note("a note at the function")
                .attach_note_at(first, "a note at its first op");
            first.emit_remark("a remark at the first op");
        } else if text.contains("@slice") {
            op.emit_warning(&LONGER[..14]);
            op.emit_remark("");
            op.emit_remark("ünïcödé ✓");
        } else if text.contains("@abandon") {
            op.emit_warning("never reported").abandon();
        } else if text.contains("@fail") {
            return Err(op
                .emit_diagnostic(Severity::Error, "an error with a note")
                .attach_note_at(first, "because of this")
                .into());
        }
        Ok(())
    }
}

const INPUT: &str = "func.func @warn(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  return %b : i32
}
func.func @slice() {
  return
}
func.func @abandon() {
  return
}
";

fn diagnostic(
    severity: Severity,
    location: &str,
    message: &str,
    notes: Vec<Diagnostic>,
) -> Diagnostic {
    Diagnostic {
        severity,
        location: location.to_owned(),
        message: message.to_owned(),
        notes,
    }
}

fn run(context: &Context, pipeline: &str, input: &str) -> Result<(), mlir_pass::MlirError> {
    let mut module = Module::parse(context, input, "in.mlir").unwrap();
    let mut pm = PassManager::parse(context, pipeline).unwrap();
    pm.run(&mut module)
}

#[test]
fn warnings_remarks_and_notes_reach_the_context_and_the_pass_succeeds() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    context.enable_multithreading(false);
    run(
        &context,
        "builtin.module(func.func(test-emit-diagnostics))",
        INPUT,
    )
    .unwrap();
    let note = |location, message| diagnostic(Severity::Note, location, message, vec![]);
    let mut diagnostics = context.take_diagnostics();
    // An op's warning or remark (C++'s `op->emitWarning()`) starts with the
    // op, as the context prints ops on diagnostics by default.
    let ops: Vec<Diagnostic> = diagnostics
        .iter_mut()
        .filter(|d| d.location == "in.mlir:1:1" || d.location == "in.mlir:5:1")
        .map(|d| d.notes.remove(0))
        .collect();
    assert_eq!(ops.len(), 4);
    assert!(ops[0]
        .message
        .starts_with("see current operation: \nfunc.func @warn("));
    assert!(ops[1..].iter().all(|n| n
        .message
        .starts_with("see current operation: \nfunc.func @slice(")));
    assert_eq!(
        diagnostics,
        [
            diagnostic(
                Severity::Warning,
                "in.mlir:1:1",
                "a warning",
                vec![
                    note("in.mlir:1:1", "a note at the function"),
                    note("in.mlir:2:8", "a note at its first op"),
                ]
            ),
            diagnostic(
                Severity::Remark,
                "in.mlir:2:8",
                "a remark at the first op",
                vec![]
            ),
            diagnostic(Severity::Warning, "in.mlir:5:1", "sliced warning", vec![]),
            diagnostic(Severity::Remark, "in.mlir:5:1", "", vec![]),
            diagnostic(Severity::Remark, "in.mlir:5:1", "ünïcödé ✓", vec![]),
        ]
    );
}

#[test]
fn an_error_with_notes_fails_the_pass_with_that_diagnostic_alone() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let error = run(
        &context,
        "builtin.module(func.func(test-emit-diagnostics))",
        "func.func @fail() {\n  return\n}\n",
    )
    .unwrap_err();
    let mut diagnostics = error.diagnostics;
    // C++'s `op->emitError()` note, in the generic form.
    let op = diagnostics[0].notes.remove(0);
    assert!(
        op.message
            .starts_with("see current operation: \n\"func.func\"() <{"),
        "{op}"
    );
    assert_eq!(
        diagnostics,
        [diagnostic(
            Severity::Error,
            "in.mlir:1:1",
            "an error with a note",
            vec![diagnostic(
                Severity::Note,
                "in.mlir:2:3",
                "because of this",
                vec![]
            )]
        )]
    );
}

#[test]
fn warn_large_functions_warns_with_notes_and_remarks_without_failing() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    context.enable_multithreading(false);
    let input = "func.func @small(%a: i32) -> i32 {
  return %a : i32
}
func.func @large(%a: i32, %c: i1) -> i32 {
  %b = arith.addi %a, %a : i32
  %d = scf.if %c -> i32 {
    %e = arith.addi %b, %b : i32
    %f = arith.addi %e, %e : i32
    scf.yield %f : i32
  } else {
    scf.yield %b : i32
  }
  return %d : i32
}
";
    let mut module = Module::parse(&context, input, "in.mlir").unwrap();
    let mut pm = PassManager::new(&context);
    pm.nest("func.func")
        .add_pass(WarnLargeFunctions {
            max_ops: 3,
            remarks: true,
        })
        .unwrap();
    pm.run(&mut module).unwrap();
    let mut diagnostics = context.take_diagnostics();
    for d in &mut diagnostics {
        let op = d.notes.remove(0);
        assert_eq!(op.location, d.location);
        assert!(op.message.starts_with("see current operation: "), "{op}");
    }
    assert_eq!(
        diagnostics,
        [
            diagnostic(
                Severity::Remark,
                "in.mlir:1:1",
                "function '@small' has 1 operations",
                vec![]
            ),
            diagnostic(
                Severity::Warning,
                "in.mlir:4:1",
                "function '@large' has 7 operations, more than max-ops=3",
                vec![
                    diagnostic(
                        Severity::Note,
                        "in.mlir:5:8",
                        "3 of them are 'arith.addi', the first here",
                        vec![]
                    ),
                    diagnostic(
                        Severity::Note,
                        "in.mlir:6:8",
                        "the largest nested region op holds 4 operations",
                        vec![]
                    ),
                ]
            ),
        ]
    );
    // The pass left the IR as it was.
    assert!(module.to_string().contains("scf.if"));
}

#[test]
fn without_printing_ops_on_diagnostics_an_ops_warning_has_its_own_notes_alone() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    assert!(context.as_ref().prints_op_on_diagnostic());
    context.as_ref().print_op_on_diagnostic(false);
    assert!(!context.as_ref().prints_op_on_diagnostic());
    context.enable_multithreading(false);
    run(
        &context,
        "builtin.module(func.func(test-emit-diagnostics))",
        INPUT,
    )
    .unwrap();
    let diagnostics = context.take_diagnostics();
    assert_eq!(diagnostics.len(), 5);
    assert_eq!(
        diagnostics[0]
            .notes
            .iter()
            .map(|n| n.message.as_str())
            .collect::<Vec<_>>(),
        ["a note at the function", "a note at its first op"]
    );
    assert!(diagnostics.iter().skip(1).all(|d| d.notes.is_empty()));
}
