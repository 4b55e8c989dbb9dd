//! `toy.func` declares `FunctionOpInterface` (as data, in
//! src/dialect/functions.rs): a pass anchored on the interface runs on it,
//! MLIR refuses it elsewhere, and MLIR's passes and verifiers that work on
//! any function treat `toy.func` as they treat `func.func`, in process. (The
//! stock `mlir-opt` with the Toy plugin: tests/lit/function-interface.mlir.)

use mlir_pass::{Context, MlirError, Module, PassManager, Severity};
use mlir_pass_example_passes as _;
use mlir_pass_toy as _;

fn run(pipeline: &str, source: &str) -> Result<String, MlirError> {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let mut module = Module::parse(&context, source, "input.mlir")?;
    let mut pm = PassManager::parse(&context, pipeline)?;
    pm.run(&mut module)?;
    Ok(module.to_string())
}

/// The errors of a failed run, one message a line.
fn errors(error: &MlirError) -> String {
    error
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Two Toy functions: a private one with an unused argument and
/// attributes on an argument and the result, and its caller.
const TOY: &str = r#"
toy.func private @helper(%a: tensor<*xf64> {toy.note = 1 : i64}, %unused: tensor<*xf64>) -> (tensor<*xf64> {toy.res = "r"}) {
  %0 = toy.transpose(%a : tensor<*xf64>) to tensor<*xf64>
  toy.return %0 : tensor<*xf64>
}
toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %1 = toy.cast %0 : tensor<2x2xf64> to tensor<*xf64>
  %2 = toy.generic_call @helper(%1, %1) : (tensor<*xf64>, tensor<*xf64>) -> tensor<*xf64>
  toy.print %2 : tensor<*xf64>
  toy.return
}
"#;

/// `TOY` with `func`'s function, call and return.
fn as_func(toy: &str) -> String {
    toy.replace("toy.func", "func.func")
        .replace("toy.generic_call", "func.call")
        .replace("toy.return", "func.return")
}

/// Output on `as_func(TOY)`, written back with Toy's ops (`func.func`
/// prints `return` and `call` without their dialect).
fn as_toy(func: &str) -> String {
    func.lines()
        .map(|line| {
            let indent = &line[..line.len() - line.trim_start().len()];
            let rest = line.trim_start();
            let rest = if rest == "return" || rest.starts_with("return ") {
                format!("toy.{rest}")
            } else {
                rest.replace("= call @", "= toy.generic_call @")
            };
            format!("{indent}{}", rest.replace("func.func", "toy.func"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn count_function_ops_runs_on_toy_functions() {
    let out = run("builtin.module(toy.func(count-function-ops))", TOY).unwrap();
    assert!(
        out.contains("toy.func private @helper(%arg0: tensor<*xf64> {toy.note = 1 : i64}, %arg1: tensor<*xf64>) -> (tensor<*xf64> {toy.res = \"r\"}) attributes {pass.op_count = 2 : i64}"),
        "{out}"
    );
    assert!(
        out.contains("toy.func @main() attributes {pass.op_count = 5 : i64}"),
        "{out}"
    );
    // Under `any`, MLIR schedules it on the functions, Toy's among them.
    assert_eq!(
        run("builtin.module(any(count-function-ops))", TOY).unwrap(),
        out
    );
    // It counts on `toy.func` what it counts on the same `func.func`.
    let func = run(
        "builtin.module(func.func(count-function-ops))",
        &as_func(TOY),
    )
    .unwrap();
    assert_eq!(as_toy(&func), out);
}

#[test]
fn mlir_refuses_count_function_ops_on_an_operation_that_is_not_a_function() {
    let error = run("builtin.module(count-function-ops)", TOY).unwrap_err();
    assert_eq!(
        errors(&error),
        "unable to schedule pass 'CountFunctionOps' on a PassManager intended to run on \
         'builtin.module'!"
    );
}

#[test]
fn mlirs_function_passes_treat_toy_func_as_func_func() {
    for pipeline in [
        // Anchored on `FunctionOpInterface` (C++'s `InterfacePass`).
        "builtin.module(toy.func(affine-loop-unroll))",
        "builtin.module(toy.func(canonicalize,cse))",
        // Erases the unused argument of the private function, its
        // attributes and the call's operand (`eraseArguments`,
        // `setFunctionTypeAttr`, the argument attributes).
        "builtin.module(remove-dead-values)",
        "builtin.module(symbol-dce)",
        "builtin.module(inline)",
    ] {
        let toy = run(pipeline, TOY).unwrap();
        let func = run(&pipeline.replace("toy.func", "func.func"), &as_func(TOY)).unwrap();
        assert_eq!(toy, as_toy(&func), "{pipeline}");
    }
    let out = run("builtin.module(remove-dead-values)", TOY).unwrap();
    assert!(
        out.contains("toy.func private @helper(%arg0: tensor<*xf64> {toy.note = 1 : i64}) -> (tensor<*xf64> {toy.res = \"r\"})"),
        "{out}"
    );
    assert!(
        out.contains("toy.generic_call @helper(%1) : (tensor<*xf64>) -> tensor<*xf64>"),
        "{out}"
    );
}

#[test]
fn mlirs_function_verifier_checks_toy_functions_as_it_checks_func_func() {
    let cases = [
        r#""toy.func"() <{sym_name = "a", function_type = (f64) -> (), arg_attrs = [{}, {}]}> ({
^bb0(%x: f64):
  "toy.return"() : () -> ()
}) : () -> ()"#,
        r#""toy.func"() <{sym_name = "b", function_type = (f64) -> (), arg_attrs = [{nodot = 1}]}> ({
^bb0(%x: f64):
  "toy.return"() : () -> ()
}) : () -> ()"#,
        r#""toy.func"() <{sym_name = "c", function_type = () -> f64, res_attrs = [1]}> ({
}) : () -> ()"#,
        r#""toy.func"() <{sym_name = "d", function_type = (f64) -> ()}> ({
^bb0(%x: i32):
  "toy.return"() : () -> ()
}) : () -> ()"#,
        r#""toy.func"() <{sym_name = "e", function_type = (f64) -> ()}> ({
^bb0:
  "toy.return"() : () -> ()
}) : () -> ()"#,
        r#""toy.func"() <{sym_name = "f", function_type = f64}> ({
}) : () -> ()"#,
        r#""toy.func"() <{sym_name = "g", function_type = () -> (), arg_attrs = 3}> ({
}) : () -> ()"#,
    ];
    let expected = [
        "'toy.func' op expects argument attribute array to have the same number of elements as \
         the number of function arguments, got 2, but expected 1",
        "'toy.func' op arguments may only have dialect attributes",
        "'toy.func' op attribute 'res_attrs' failed to satisfy constraint: Array of dictionary \
         attributes",
        "'toy.func' op type of entry block argument #0('i32') must match the type of the \
         corresponding argument in function signature('f64')",
        "'toy.func' op entry block must have 1 arguments to match function signature",
        "'toy.func' op attribute 'function_type' failed to satisfy constraint: type attribute \
         of function type",
        "invalid properties {arg_attrs = 3 : i64, function_type = () -> (), sym_name = \"g\"} \
         for op toy.func: Invalid attribute `arg_attrs` in property conversion: 3 : i64",
    ];
    for (case, expected) in cases.iter().zip(expected) {
        let toy = errors(&run("builtin.module()", case).unwrap_err());
        assert_eq!(toy, expected);
        let func = case
            .replace("\"toy.func\"", "\"func.func\"")
            .replace("\"toy.return\"", "\"func.return\"");
        let func = errors(&run("builtin.module()", &func).unwrap_err());
        assert_eq!(func.replace("func.func", "toy.func"), expected);
    }
}
