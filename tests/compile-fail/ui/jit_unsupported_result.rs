// A JIT call whose result type cannot come back from compiled code.
use mlir_pass::jit::{ExecutionEngine, JitOptions};
use mlir_pass::{Context, Module};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = Context::new();
    let module = Module::parse(&context, "llvm.func @f() { llvm.return }", "f.mlir")?;
    let engine = ExecutionEngine::new(module, JitOptions::default())?;
    let _text: String = engine.invoke::<(), String>("f", ())?;
    Ok(())
}
