//! `mlir_pass::jit`'s external symbols: an undefined one is named in the
//! error, with the library of MLIR's runtime that defines it and how to give
//! it to the engine; and whether a call fails does not depend on what other
//! engines of the process (other tests) loaded before.

use mlir_pass::{
    jit::{ExecutionEngine, JitError, JitOptions},
    Context, Module,
};

const LIB: &str = "/usr/lib/llvm-22/lib";

/// `compute` prints 7 through MLIR's runtime (`printI64`, in
/// `libmlir_c_runner_utils.so`); `clock` reads its clock without printing.
const PRINT_I64: &str = r#"
llvm.func @printI64(i64)
llvm.func @rtclock() -> f64
llvm.func @compute() {
  %c = llvm.mlir.constant(7 : i64) : i64
  llvm.call @printI64(%c) : (i64) -> ()
  llvm.return
}
llvm.func @clock() -> f64 {
  %t = llvm.call @rtclock() : () -> f64
  llvm.return %t : f64
}
"#;

fn context() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

fn engine<'c>(context: &'c Context, source: &str, libraries: &[&str]) -> ExecutionEngine<'c> {
    let module = Module::parse(context, source, "jit.mlir").unwrap();
    let options = libraries.iter().fold(JitOptions::default(), |options, l| {
        options.shared_library(format!("{LIB}/{l}"))
    });
    ExecutionEngine::new(module, options).unwrap()
}

/// Without the library, before and after an engine of this process loaded
/// it (and whatever other tests loaded meanwhile): the same error, naming
/// `printI64` and its library.
#[test]
fn jit_names_an_undefined_runtime_function_and_its_library_whatever_ran_before() {
    let context = context();
    let without = || {
        engine(&context, PRINT_I64, &[])
            .invoke::<(), ()>("compute", ())
            .unwrap_err()
    };
    let before = without();
    assert_eq!(
        before,
        JitError::UndefinedSymbols {
            name: "compute".into(),
            symbols: vec!["printI64".into(), "rtclock".into()],
        }
    );
    assert_eq!(
        before.to_string(),
        format!(
            "cannot call '@compute': the module uses the undefined symbols 'printI64', 'rtclock' \
             (declared in it, defined neither by the program nor by a shared library given to \
             this engine)\n'printI64', 'rtclock' are in MLIR's runtime library \
             libmlir_c_runner_utils.so: give it to the engine with \
             JitOptions::default().shared_library(\"{LIB}/libmlir_c_runner_utils.so\")"
        )
    );
    // Given the library, the engine finds both.
    let with = engine(&context, PRINT_I64, &["libmlir_c_runner_utils.so"]);
    assert_eq!(with.invoke::<(), ()>("compute", ()), Ok(()));
    assert!(with.invoke::<(), f64>("clock", ()).unwrap() > 0.0);
    drop(with);
    // The library stays loaded in the process; an engine without it still
    // fails, the same way, and finds nothing by a raw lookup either.
    assert_eq!(without(), before);
    let engine = engine(&context, PRINT_I64, &[]);
    assert!(engine.lookup("clock").is_none());
    assert_eq!(
        engine.invoke::<(), f64>("clock", ()),
        Err(JitError::UndefinedSymbols {
            name: "clock".into(),
            symbols: vec!["printI64".into(), "rtclock".into()],
        })
    );
}

/// A library that another engine's library loaded as a dependency does not
/// count either (`printF16` is in `libmlir_float16_utils.so`, which
/// `libmlir_c_runner_utils.so` needs); given the library that needs it, it does.
#[test]
fn jit_does_not_count_the_dependencies_of_another_engines_libraries() {
    let context = context();
    let source = "llvm.func @printF16(i16)\nllvm.func @rtclock() -> f64\n\
                  llvm.func @f() -> f64 {\n  %t = llvm.call @rtclock() : () -> f64\n  llvm.return %t : f64\n}\n\
                  llvm.func @g() {\n  %c = llvm.mlir.constant(0 : i16) : i16\n  llvm.call @printF16(%c) : (i16) -> ()\n  llvm.return\n}\n";
    let given = engine(&context, source, &["libmlir_c_runner_utils.so"]);
    assert!(given.invoke::<(), f64>("f", ()).unwrap() > 0.0);
    let error = engine(&context, source, &[])
        .invoke::<(), f64>("f", ())
        .unwrap_err();
    assert_eq!(
        error,
        JitError::UndefinedSymbols {
            name: "f".into(),
            symbols: vec!["printF16".into(), "rtclock".into()],
        }
    );
    let message = error.to_string();
    assert!(
        message.contains(&format!(
            "\n'printF16' is in MLIR's runtime library libmlir_float16_utils.so: give it to the \
             engine with JitOptions::default().shared_library(\"{LIB}/libmlir_float16_utils.so\")\n\
             'rtclock' is in MLIR's runtime library libmlir_c_runner_utils.so"
        )),
        "{message}"
    );
}

#[test]
fn jit_reports_an_external_symbol_defined_nowhere_and_goes_on() {
    let context = context();
    let source = "llvm.func @nowhere_to_be_found() -> i64\nllvm.func @f() -> i64 {\n  %r = llvm.call @nowhere_to_be_found() : () -> i64\n  llvm.return %r : i64\n}\n";
    let engine = engine(&context, source, &[]);
    for _ in 0..2 {
        assert_eq!(
            engine.invoke::<(), i64>("f", ()),
            Err(JitError::UndefinedSymbols {
                name: "f".into(),
                symbols: vec!["nowhere_to_be_found".into()]
            })
        );
    }
}

extern "C" fn host_twice(x: i64) -> i64 {
    2 * x
}

/// Only the symbols the JIT must resolve are named: used, declared and not
/// defined by the program (libc's `malloc`), the engine's libraries or a
/// registration; an unused declaration, an intrinsic and an `extern_weak`
/// function are not. Functions and globals are named alike, in module order,
/// with the libraries of MLIR's runtime functions and what to do about the
/// others.
#[test]
fn jit_names_only_the_undefined_symbols_the_module_uses() {
    let context = context();
    let source = r#"
llvm.func @unused_and_missing(i64)
llvm.func @host_twice(i64) -> i64
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @my_missing(i64) -> i64
llvm.func extern_weak @weak_missing() -> i64
llvm.func @_mlir_ciface_printMemrefF64(!llvm.ptr)
llvm.mlir.global external @missing_global() {addr_space = 0 : i32} : i64
llvm.func @printNewline()
llvm.func @f(%x: i64) -> i64 {
  %p = llvm.call @malloc(%x) : (i64) -> !llvm.ptr
  llvm.call @_mlir_ciface_printMemrefF64(%p) : (!llvm.ptr) -> ()
  llvm.call @printNewline() : () -> ()
  %g = llvm.mlir.addressof @missing_global : !llvm.ptr
  %v = llvm.load %g : !llvm.ptr -> i64
  %w = llvm.call @my_missing(%v) : (i64) -> i64
  %y = llvm.call @host_twice(%w) : (i64) -> i64
  %s = llvm.intr.smax(%y, %x) : (i64, i64) -> i64
  %weak = llvm.mlir.addressof @weak_missing : !llvm.ptr
  llvm.return %s : i64
}
"#;
    let mut engine = engine(&context, source, &[]);
    // SAFETY: `host_twice` is `i64 (i64)`, as declared.
    unsafe { engine.register_symbol("host_twice", host_twice as *mut std::ffi::c_void) }.unwrap();
    let error = engine.invoke::<(i64,), i64>("f", (1,)).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "cannot call '@f': the module uses the undefined symbols 'my_missing', \
             '_mlir_ciface_printMemrefF64', 'missing_global', 'printNewline' (declared in it, \
             defined neither by the program nor by a shared library given to this engine)\n\
             '_mlir_ciface_printMemrefF64' is in MLIR's runtime library libmlir_runner_utils.so: \
             give it to the engine with \
             JitOptions::default().shared_library(\"{LIB}/libmlir_runner_utils.so\")\n\
             'printNewline' is in MLIR's runtime library libmlir_c_runner_utils.so: give it to \
             the engine with JitOptions::default().shared_library(\"{LIB}/libmlir_c_runner_utils.so\")\n\
             'my_missing', 'missing_global': give the library that defines them with \
             JitOptions::shared_library, or their addresses with ExecutionEngine::register_symbol \
             before the first invoke"
        )
    );
}
