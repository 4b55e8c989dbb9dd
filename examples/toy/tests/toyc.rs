//! toyc's tests: the lit suite (every chapter and flag through the `toyc`
//! binary, and the Toy plugin inside the stock `mlir-opt`), and the driver
//! in process on bad input, which must come back as an error, never a
//! crash.

use std::path::{Path, PathBuf};

use mlir_pass_toy::driver::{run, Emit, InputKind, Options};

/// `target/debug`, from this test's path (`target/debug/deps/toy-*`).
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().to_owned()
}

/// The Toy plugin, built with the library (it is a `cdylib` too).
fn plugin() -> PathBuf {
    ["libmlir_pass_toy.so", "deps/libmlir_pass_toy.so"]
        .iter()
        .map(|p| target_dir().join(p))
        .find(|p| p.exists())
        .expect("libmlir_pass_toy.so is built with the library")
}

#[test]
fn lit_suite_passes_with_toyc_and_the_stock_mlir_opt() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lit");
    let out = target_dir().join("toy-lit");
    let output = std::process::Command::new("/usr/lib/llvm-22/bin/lit")
        .arg("-v")
        .arg(&suite)
        .env_remove("LD_LIBRARY_PATH")
        .env("TOYC", env!("CARGO_BIN_EXE_toyc"))
        .env("TOY_PLUGIN", plugin())
        .env("TOY_LIT_OUT", &out)
        .output()
        .expect("lit (llvm-22-tools) runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let files = std::fs::read_dir(&suite)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            e.path()
                .extension()
                .is_some_and(|x| x == "toy" || x == "mlir")
        })
        .count();
    assert!(files >= 15, "only {files} lit files");
    assert!(
        stdout.contains(&format!("Passed: {files}")),
        "{stdout}\n{stderr}"
    );
}

/// Runs the driver in process on `source`.
fn compile(source: &str, kind: InputKind, emit: Emit, opt: bool) -> Result<String, String> {
    let options = Options {
        name: "input".into(),
        kind,
        emit,
        opt,
        debug_info: false,
        timing: false,
    };
    let mut out = Vec::new();
    run(source, &options, &mut out).map_err(|e| e.to_string())?;
    Ok(String::from_utf8(out).unwrap())
}

const PROGRAM: &str = "\
def multiply_transpose(a, b) {
  return transpose(a) * transpose(b);
}

def main() {
  var a<2, 3> = [[1, 2, 3], [4, 5, 6]];
  var b<2, 3> = [1, 2, 3, 4, 5, 6];
  var c = multiply_transpose(a, b);
  var d = multiply_transpose(b, a);
  print(d);
}
";

#[test]
fn every_truncation_of_a_program_is_an_error_or_a_module_never_a_crash() {
    for end in 0..PROGRAM.len() {
        let source = &PROGRAM[..end];
        // The AST, and MLIRGen plus the verifier.
        let _ = compile(source, InputKind::Toy, Emit::Ast, false);
        let _ = compile(source, InputKind::Toy, Emit::Mlir, false);
    }
    assert!(compile(PROGRAM, InputKind::Toy, Emit::MlirAffine, true).is_ok());
}

#[test]
fn every_truncation_of_toy_mlir_is_an_error_or_a_module_never_a_crash() {
    let module = compile(PROGRAM, InputKind::Toy, Emit::Mlir, false).unwrap();
    for end in (0..module.len()).step_by(7) {
        let _ = compile(&module[..end], InputKind::Mlir, Emit::MlirAffine, true);
    }
    assert!(compile(&module, InputKind::Mlir, Emit::MlirLlvm, true).is_ok());
}

#[test]
fn errors_name_the_place_in_the_source() {
    let cases: &[(&str, &str)] = &[
        // A call with the wrong number of arguments.
        (
            "def f(a, b) { return a * b; }\ndef main() { var a = [1]; print(f(a)); }\n",
            "input:2:33: error: 'f' takes 2 argument(s), but the call gives 1",
        ),
        // An unknown variable.
        (
            "def main() {\n  print(x);\n}\n",
            "input:2:9: error: unknown variable 'x'",
        ),
        // An unknown member, two levels down.
        (
            "struct I { var lo; }\nstruct O { I v; var w; }\n\
             def main() {\n  O o = {{[1]}, [2]};\n  print(o.v.hi);\n}\n",
            "input:5:13: error: struct `I` has no field `hi`",
        ),
        // An access into a member that is a tensor.
        (
            "struct I { var lo; }\nstruct O { I v; var w; }\n\
             def main() {\n  O o = {{[1]}, [2]};\n  print(o.w.lo);\n}\n",
            "input:5:13: error: cannot access member `lo` of `o.w`: it is a tensor, not a struct",
        ),
        // A reshape to another number of elements.
        (
            "def main() {\n  var a<2, 2> = [1, 2, 3];\n  print(a);\n}\n",
            "input:2:3: error: 'toy.reshape' op cannot reshape",
        ),
    ];
    for (source, expected) in cases {
        let error = compile(source, InputKind::Toy, Emit::Mlir, false).unwrap_err();
        assert!(error.contains(expected), "{error}\nexpected: {expected}");
    }
    // Elementwise ops on two shapes, found once shapes are inferred.
    let error = compile(
        "def add(a, b) { return a + b; }\n\
         def main() {\n  var a = [[1, 2, 3], [4, 5, 6]];\n  print(add(a, transpose(a)));\n}\n",
        InputKind::Toy,
        Emit::Mlir,
        true,
    )
    .unwrap_err();
    assert!(
        error.contains("input:1:28: error: 'toy.add' op expects operands of the same shape"),
        "{error}"
    );
}

/// `depth` structs, each the member `s` of the next (`struct S2 { S1 s;
/// var x; }`), a constant of the outermost, and `main` printing the `x` of
/// every level: `v.x`, `v.s.x`, .., `v.s.s..s.x` (`depth` accesses).
fn nested_program(depth: usize) -> String {
    let mut source = String::from("struct S1 {\n  var x;\n}\n");
    let mut literal = String::from("{[1]}");
    for d in 2..=depth {
        source += &format!("struct S{d} {{\n  S{} s;\n  var x;\n}}\n", d - 1);
        literal = format!("{{{literal}, [{d}]}}");
    }
    source += &format!("def main() {{\n  S{depth} v = {literal};\n");
    for level in 0..depth {
        source += &format!("  print(v.{}x);\n", "s.".repeat(level));
    }
    source + "}\n"
}

#[test]
fn nested_member_access_of_any_depth_folds_to_each_levels_constant() {
    for depth in 1..=8 {
        let source = nested_program(depth);
        let module = compile(&source, InputKind::Toy, Emit::Mlir, false)
            .unwrap_or_else(|e| panic!("{e}\n{source}"));
        // One access per `.`: depth * (depth + 1) / 2 in all.
        assert_eq!(
            module.matches("toy.struct_access").count(),
            depth * (depth + 1) / 2,
            "{module}"
        );
        let module = compile(&source, InputKind::Toy, Emit::Mlir, true).unwrap();
        assert!(!module.contains("toy.struct"), "{module}");
        // Level `level` holds `depth - level`, printed in that order.
        let printed: Vec<usize> = module
            .lines()
            .filter_map(|l| l.trim().strip_prefix("toy.print "))
            .map(|operand| {
                let name = operand.split(' ').next().unwrap();
                let constant = module
                    .lines()
                    .find(|l| {
                        l.trim()
                            .starts_with(&format!("{name} = toy.constant dense<"))
                    })
                    .unwrap_or_else(|| panic!("{name} is a constant\n{module}"));
                let value = constant.split("dense<").nth(1).unwrap();
                let value: f64 = value
                    .trim_start_matches('[')
                    .split([']', '>'])
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                value as usize
            })
            .collect();
        let expected: Vec<usize> = (1..=depth).rev().collect();
        assert_eq!(printed, expected, "{module}");
    }
    // And it lowers to LLVM IR (lit's ch7-struct-nested.toy runs such a
    // program in the JIT and checks what it prints).
    let ir = compile(&nested_program(8), InputKind::Toy, Emit::Llvm, false).unwrap();
    // One `printf("%f ")` per print.
    assert_eq!(ir.matches("@printf(ptr @frmt_spec").count(), 8, "{ir}");
}
