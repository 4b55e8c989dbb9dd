//! `mlir_pass::jit`: typed invocation of JIT-compiled `llvm` functions,
//! every refusal as a value, output through C's `printf`, LLVM IR text, the
//! engine's lifetime, and what MLIR 22's engine and C API do (measured).

use std::ffi::c_void;

use mlir_pass::{
    jit::{translate_to_llvm_ir, ExecutionEngine, JitError, JitOptions},
    sys, Context, Module, PassManager,
};

const ARITHMETIC: &str = r#"
llvm.func @add(%a: i64, %b: i64) -> i64 {
  %c = llvm.add %a, %b : i64
  llvm.return %c : i64
}
llvm.func @sub32(%a: i32, %b: i32) -> i32 {
  %c = llvm.sub %a, %b : i32
  llvm.return %c : i32
}
llvm.func @fma64(%a: f64, %b: f64, %c: f64) -> f64 {
  %m = llvm.fmul %a, %b : f64
  %r = llvm.fadd %m, %c : f64
  llvm.return %r : f64
}
llvm.func @half32(%a: f32) -> f32 {
  %h = llvm.mlir.constant(0.5 : f32) : f32
  %r = llvm.fmul %a, %h : f32
  llvm.return %r : f32
}
llvm.func @mixed(%a: i32, %b: i64, %c: f32, %d: f64, %e: i64, %f: i32) -> f64 {
  %a64 = llvm.sext %a : i32 to i64
  %f64 = llvm.sext %f : i32 to i64
  %s1 = llvm.add %a64, %b : i64
  %s2 = llvm.add %s1, %e : i64
  %s3 = llvm.add %s2, %f64 : i64
  %i = llvm.sitofp %s3 : i64 to f64
  %cd = llvm.fpext %c : f32 to f64
  %t = llvm.fadd %i, %cd : f64
  %r = llvm.fadd %t, %d : f64
  llvm.return %r : f64
}
llvm.func @answer() -> i64 {
  %c = llvm.mlir.constant(42 : i64) : i64
  llvm.return %c : i64
}
llvm.func @nothing() {
  llvm.return
}
llvm.func @declared(i64) -> i64
"#;

/// Prints through `printf` and returns what `printf` returned (the number
/// of characters); `main` (no attribute, as the Toy lowering leaves it)
/// prints and returns nothing.
const PRINTF: &str = r#"
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.mlir.global internal constant @fmt("hello from jit %d\0A\00") {addr_space = 0 : i32}
llvm.func @say(%x: i32) -> i32 {
  %p = llvm.mlir.addressof @fmt : !llvm.ptr
  %n = llvm.call @printf(%p, %x) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  llvm.return %n : i32
}
llvm.func @main() {
  %c = llvm.mlir.constant(42 : i32) : i32
  %n = llvm.call @say(%c) : (i32) -> i32
  llvm.return
}
"#;

fn context() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

fn engine<'c>(context: &'c Context, source: &str) -> ExecutionEngine<'c> {
    let module = Module::parse(context, source, "jit.mlir").unwrap();
    ExecutionEngine::new(module, JitOptions::default()).unwrap()
}

#[test]
fn jit_invokes_functions_of_ints_and_floats() {
    let context = context();
    let engine = engine(&context, ARITHMETIC);
    assert_eq!(engine.invoke::<(i64, i64), i64>("add", (40, 2)), Ok(42));
    assert_eq!(
        engine.invoke::<(i64, i64), i64>("add", (i64::MAX, 1)),
        Ok(i64::MIN)
    );
    assert_eq!(engine.invoke::<(i32, i32), i32>("sub32", (2, 44)), Ok(-42));
    assert_eq!(
        engine.invoke::<(f64, f64, f64), f64>("fma64", (6.0, 7.0, 0.5)),
        Ok(42.5)
    );
    assert_eq!(engine.invoke::<(f32,), f32>("half32", (85.0,)), Ok(42.5));
    assert_eq!(
        engine.invoke::<(i32, i64, f32, f64, i64, i32), f64>("mixed", (1, 2, 0.5, 0.25, 3, -4)),
        Ok(2.75)
    );
    assert_eq!(engine.invoke::<(), i64>("answer", ()), Ok(42));
    assert_eq!(engine.invoke::<(), ()>("nothing", ()), Ok(()));
    // Every optimization level compiles the same function.
    for level in 0..=3 {
        let module = Module::parse(&context, ARITHMETIC, "jit.mlir").unwrap();
        let engine = ExecutionEngine::new(module, JitOptions::default().opt_level(level)).unwrap();
        assert_eq!(engine.invoke::<(i64, i64), i64>("add", (40, 2)), Ok(42));
    }
}

#[test]
fn jit_main_without_attributes_calls_printf_and_gets_its_result() {
    let context = context();
    let engine = engine(&context, PRINTF);
    // printf's result, through `say`: "hello from jit 7\n" is 17 characters.
    assert_eq!(engine.invoke::<(i32,), i32>("say", (7,)), Ok(17));
    assert_eq!(engine.invoke::<(), ()>("main", ()), Ok(()));
}

/// Run by `jit_printf_output_comes_before_rust_output_in_order` in a child
/// process, whose stdout the parent reads.
#[test]
#[ignore = "run in a child process by jit_printf_output_comes_before_rust_output_in_order"]
fn jit_child_prints_through_printf_then_rust() {
    let context = context();
    let engine = engine(&context, PRINTF);
    println!("<before>");
    engine.invoke::<(), ()>("main", ()).unwrap();
    println!("<after>");
    engine.invoke::<(i32,), i32>("say", (7,)).unwrap();
    println!("<end>");
}

#[test]
fn jit_printf_output_comes_before_rust_output_in_order() {
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "jit::jit_child_prints_through_printf_then_rust",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // C's stdout is a pipe here (fully buffered): without the flush after
    // each call, both lines of printf would come after "<end>".
    assert!(
        stdout.contains("<before>\nhello from jit 42\n<after>\nhello from jit 7\n<end>\n"),
        "{stdout}"
    );
}

#[test]
fn jit_refuses_unknown_names_and_declarations() {
    let context = context();
    let engine = engine(&context, ARITHMETIC);
    let error = engine.invoke::<(), ()>("mian", ()).unwrap_err();
    assert_eq!(
        error,
        JitError::FunctionNotFound {
            name: "mian".into(),
            available: ["add", "sub32", "fma64", "half32", "mixed", "answer", "nothing"]
                .map(String::from)
                .to_vec(),
        }
    );
    assert_eq!(
        error.to_string(),
        "no function '@mian' in the module (it defines: @add, @sub32, @fma64, @half32, @mixed, @answer, @nothing)"
    );
    let error = engine.invoke::<(i64,), i64>("declared", (1,)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "'@declared' is only declared in the module (an 'llvm.func' without a body)"
    );
    // Raw lookups answer `None`, and the engine goes on.
    assert!(engine.lookup("mian").is_none());
    assert_eq!(engine.invoke::<(i64, i64), i64>("add", (40, 2)), Ok(42));
}

#[test]
fn jit_refuses_a_signature_that_is_not_exactly_the_functions() {
    let context = context();
    let engine = engine(&context, ARITHMETIC);
    let cases: Vec<(JitError, &str, &str)> = vec![
        (
            engine
                .invoke::<(i32, i32), i32>("add", (40, 2))
                .unwrap_err(),
            "!llvm.func<i32 (i32, i32)>",
            "!llvm.func<i64 (i64, i64)>",
        ),
        (
            engine.invoke::<(i64, i64), ()>("add", (40, 2)).unwrap_err(),
            "!llvm.func<void (i64, i64)>",
            "!llvm.func<i64 (i64, i64)>",
        ),
        (
            engine.invoke::<(i64,), i64>("add", (40,)).unwrap_err(),
            "!llvm.func<i64 (i64)>",
            "!llvm.func<i64 (i64, i64)>",
        ),
        (
            engine.invoke::<(f32,), f64>("half32", (1.0,)).unwrap_err(),
            "!llvm.func<f64 (f32)>",
            "!llvm.func<f32 (f32)>",
        ),
        (
            engine.invoke::<(), i64>("nothing", ()).unwrap_err(),
            "!llvm.func<i64 ()>",
            "!llvm.func<void ()>",
        ),
    ];
    for (error, expected, found) in cases {
        let JitError::SignatureMismatch {
            expected: e,
            found: f,
            ..
        } = &error
        else {
            panic!("{error:?}");
        };
        assert_eq!((e.as_str(), f.as_str()), (expected, found));
        assert!(
            error.to_string().ends_with(&format!(
                "has type {found}, but the Rust types given call for {expected}"
            )),
            "{error}"
        );
    }
    // A variadic function never matches.
    let engine2 = engine_with_variadic(&context);
    let error = engine2.invoke::<(i32,), i32>("v", (1,)).unwrap_err();
    assert!(
        matches!(&error, JitError::SignatureMismatch { found, .. } if found == "!llvm.func<i32 (i32, ...)>"),
        "{error:?}"
    );
}

fn engine_with_variadic(context: &Context) -> ExecutionEngine<'_> {
    engine(
        context,
        "llvm.func @v(%x: i32, ...) -> i32 {\n  llvm.return %x : i32\n}\n",
    )
}

#[test]
fn jit_and_translation_refuse_a_module_not_lowered_to_llvm_naming_the_op() {
    let context = context();
    let source = "func.func @main() {\n  return\n}\n";
    let module = Module::parse(&context, source, "toy.mlir").unwrap();
    let error = translate_to_llvm_ir(&module).unwrap_err();
    assert_eq!(
        error,
        JitError::NotLowered {
            op: "func.func".into(),
            location: "loc(\"toy.mlir\":1:1)".into()
        }
    );
    let error = ExecutionEngine::new(module, JitOptions::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the module is not fully lowered to the LLVM dialect: 'func.func' at loc(\"toy.mlir\":1:1) \
         (only 'llvm' ops and 'builtin.module' can be JIT-compiled or translated)"
    );
    // Nested in an llvm.func, the first op of another dialect is named.
    let source = "llvm.func @f(%a: i64) -> i64 {\n  %b = llvm.add %a, %a : i64\n  %c = arith.addi %b, %b : i64\n  llvm.return %c : i64\n}\n";
    let module = Module::parse(&context, source, "mixed.mlir").unwrap();
    let error = ExecutionEngine::new(module, JitOptions::default()).unwrap_err();
    assert_eq!(
        error,
        JitError::NotLowered {
            op: "arith.addi".into(),
            location: "loc(\"mixed.mlir\":3:8)".into()
        }
    );
    // A cast left over from a partial conversion is not lowered either.
    let source = "llvm.func @f(%a: i64) -> i64 {\n  %b = builtin.unrealized_conversion_cast %a : i64 to index\n  %c = builtin.unrealized_conversion_cast %b : index to i64\n  llvm.return %c : i64\n}\n";
    let module = Module::parse(&context, source, "cast.mlir").unwrap();
    assert!(matches!(
        translate_to_llvm_ir(&module),
        Err(JitError::NotLowered { op, .. }) if op == "builtin.unrealized_conversion_cast"
    ));
}

#[test]
fn jit_translate_to_llvm_ir_prints_what_mlir_translate_prints() {
    let context = context();
    let module = Module::parse(&context, ARITHMETIC, "jit.mlir").unwrap();
    let ir = translate_to_llvm_ir(&module).unwrap();
    assert!(
        ir.contains("define i64 @add(i64 %0, i64 %1) {\n  %3 = add i64 %0, %1\n  ret i64 %3\n}"),
        "{ir}"
    );
    assert!(ir.contains("declare i64 @declared(i64)"), "{ir}");
    assert!(ir.starts_with("; ModuleID = 'LLVMDialectModule'"), "{ir}");
    // The same text as the stock tool, when it is installed.
    let tool = "/usr/lib/llvm-22/bin/mlir-translate";
    if std::path::Path::new(tool).exists() {
        let (out, _) = crate::common::stock_tool(tool, ARITHMETIC, &["--mlir-to-llvmir"]);
        let theirs = String::from_utf8(out.stdout).unwrap();
        // The module identifier line names the source file in neither.
        assert_eq!(ir, theirs);
    }
    // printf's module: globals, variadic calls.
    let module = Module::parse(&context, PRINTF, "printf.mlir").unwrap();
    let ir = translate_to_llvm_ir(&module).unwrap();
    assert!(
        ir.contains("@fmt = internal constant [19 x i8] c\"hello from jit %d\\0A\\00\""),
        "{ir}"
    );
    assert!(ir.contains("declare i32 @printf(ptr, ...)"), "{ir}");
}

#[test]
fn jit_runs_a_module_lowered_from_func_and_arith_as_toyc_does() {
    let context = context();
    let source = "func.func @main() -> i64 {\n  %a = arith.constant 40 : i64\n  %b = arith.constant 2 : i64\n  %c = arith.addi %a, %b : i64\n  return %c : i64\n}\n";
    let mut module = Module::parse(&context, source, "toy.mlir").unwrap();
    PassManager::parse(
        &context,
        "builtin.module(convert-arith-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts)",
    )
    .unwrap()
    .run(&mut module)
    .unwrap();
    let engine = ExecutionEngine::new(module, JitOptions::default().opt_level(3)).unwrap();
    assert_eq!(engine.invoke::<(), i64>("main", ()), Ok(42));
}

extern "C" fn host_scale(x: i64) -> i64 {
    x * 6
}

#[test]
fn jit_calls_a_registered_rust_function_and_refuses_bad_registrations() {
    let context = context();
    let source = "llvm.func @host_scale(i64) -> i64\nllvm.func @f(%x: i64) -> i64 {\n  %r = llvm.call @host_scale(%x) : (i64) -> i64\n  llvm.return %r : i64\n}\n";
    let mut engine = engine(&context, source);
    let address = host_scale as *mut c_void;
    // SAFETY: `host_scale` is `i64 (i64)`, as declared.
    unsafe {
        assert!(matches!(
            engine.register_symbol("f", address),
            Err(JitError::SymbolRegistration { reason, .. }) if reason == "the module defines it"
        ));
        assert!(engine.register_symbol("_mlir_f", address).is_err());
        engine.register_symbol("host_scale", address).unwrap();
        assert!(matches!(
            engine.register_symbol("host_scale", address),
            Err(JitError::SymbolRegistration { reason, .. }) if reason == "it was registered already"
        ));
    }
    assert_eq!(engine.invoke::<(i64,), i64>("f", (7,)), Ok(42));
    // SAFETY: as above.
    let late = unsafe { engine.register_symbol("other", address) }.unwrap_err();
    assert_eq!(
        late.to_string(),
        "cannot register symbol 'other': the module has been compiled already (by an invoke or a lookup)"
    );
}

#[test]
fn jit_loads_shared_libraries_and_refuses_missing_ones() {
    let context = context();
    let runner_utils = "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so";
    let source = "llvm.func @printNewline()\nllvm.func @f() {\n  llvm.call @printNewline() : () -> ()\n  llvm.return\n}\n";
    let module = Module::parse(&context, source, "jit.mlir").unwrap();
    let engine =
        ExecutionEngine::new(module, JitOptions::default().shared_library(runner_utils)).unwrap();
    assert_eq!(engine.invoke::<(), ()>("f", ()), Ok(()));
    let module = Module::parse(&context, source, "jit.mlir").unwrap();
    let error = ExecutionEngine::new(
        module,
        JitOptions::default().shared_library("/nonexistent/libnothing.so"),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "shared library '/nonexistent/libnothing.so' not found"
    );
}

#[test]
fn jit_engines_are_created_used_and_dropped_repeatedly() {
    let context = context();
    for i in 0..50 {
        let engine = engine(&context, ARITHMETIC);
        assert_eq!(engine.invoke::<(i64, i64), i64>("add", (i, 2)), Ok(i + 2));
        // One never invoked (never compiled) is dropped too.
        drop(self::engine(&context, PRINTF));
    }
    // And the context still parses and runs afterwards.
    let engine = engine(&context, ARITHMETIC);
    assert!(engine.module().to_string().contains("llvm.func @add"));
    assert_eq!(engine.invoke::<(), i64>("answer", ()), Ok(42));
}

#[test]
fn jit_dumps_the_object_file_only_when_asked_to_keep_it() {
    let context = context();
    let dir = tempfile::Builder::new()
        .prefix("mlir-pass-jit-")
        .tempdir()
        .unwrap();
    let path = dir.path().join("jit.o");
    let module = Module::parse(&context, ARITHMETIC, "jit.mlir").unwrap();
    let engine = ExecutionEngine::new(module, JitOptions::default()).unwrap();
    assert!(matches!(
        engine.dump_object_file(&path),
        Err(JitError::ObjectDump { .. })
    ));
    let module = Module::parse(&context, ARITHMETIC, "jit.mlir").unwrap();
    let engine = ExecutionEngine::new(module, JitOptions::default().object_dump(true)).unwrap();
    assert_eq!(engine.invoke::<(i64, i64), i64>("add", (40, 2)), Ok(42));
    engine.dump_object_file(&path).unwrap();
    let object = std::fs::read(&path).unwrap();
    assert!(object.starts_with(b"\x7fELF"));
}

/// What MLIR 22 does, measured: its engine generates the packed wrapper
/// `_mlir_<name>` for every function with a body, attribute or not; the C
/// API's `mlirExecutionEngineInvokePacked(name)` calls the wrapper of
/// `_mlir_ciface_<name>`, which exists only for a `func.func` with
/// `llvm.emit_c_interface` lowered by `convert-func-to-llvm`.
#[test]
fn jit_measured_packed_wrappers_exist_for_every_function_but_the_c_api_wants_ciface() {
    let context = context();
    let engine = engine(&context, ARITHMETIC);
    for name in ["add", "nothing", "answer"] {
        assert!(engine.lookup(&format!("_mlir_{name}")).is_some(), "{name}");
    }
    assert!(engine.lookup("_mlir_declared").is_none());
    let (mut a, mut b, mut r) = (40i64, 2i64, 0i64);
    let mut args: [*mut c_void; 3] = [
        (&mut a as *mut i64).cast(),
        (&mut b as *mut i64).cast(),
        (&mut r as *mut i64).cast(),
    ];
    let invoke_packed = |engine: &ExecutionEngine<'_>, args: &mut [*mut c_void]| {
        // SAFETY: a valid engine; the arguments match `add`'s type.
        let result = unsafe {
            sys::mlirExecutionEngineInvokePacked(
                engine.raw(),
                sys::MlirStringRef {
                    data: c"add".as_ptr(),
                    length: 3,
                },
                args.as_mut_ptr(),
            )
        };
        result.value != 0
    };
    // No `_mlir_ciface_add` in a plain llvm.func module, even with the
    // attribute (the translation does not create the C interface).
    assert!(!invoke_packed(&engine, &mut args));
    let with_attribute = ARITHMETIC.replace(
        "llvm.func @add(%a: i64, %b: i64) -> i64 {",
        "llvm.func @add(%a: i64, %b: i64) -> i64 attributes {llvm.emit_c_interface} {",
    );
    let attributed = self::engine(&context, &with_attribute);
    assert!(!invoke_packed(&attributed, &mut args));
    // From func.func with the attribute, lowered: the C API works.
    let source = "func.func @add(%a: i64, %b: i64) -> i64 attributes {llvm.emit_c_interface} {\n  %c = arith.addi %a, %b : i64\n  return %c : i64\n}\n";
    let mut module = Module::parse(&context, source, "c.mlir").unwrap();
    PassManager::parse(
        &context,
        "builtin.module(convert-arith-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts)",
    )
    .unwrap()
    .run(&mut module)
    .unwrap();
    assert!(module.to_string().contains("llvm.func @_mlir_ciface_add"));
    let lowered = ExecutionEngine::new(module, JitOptions::default()).unwrap();
    assert!(invoke_packed(&lowered, &mut args));
    assert_eq!(r, 42);
    // And ours calls both.
    assert_eq!(lowered.invoke::<(i64, i64), i64>("add", (40, 2)), Ok(42));
    assert_eq!(
        lowered.invoke::<(i64, i64), i64>("_mlir_ciface_add", (40, 2)),
        Ok(42)
    );
}
