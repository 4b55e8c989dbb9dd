// A JIT call with an argument that cannot cross into compiled code.
use mlir_pass::jit::{ExecutionEngine, JitOptions};
use mlir_pass::{Context, Module};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = Context::new();
    let module = Module::parse(&context, "llvm.func @f() { llvm.return }", "f.mlir")?;
    let engine = ExecutionEngine::new(module, JitOptions::default())?;
    engine.invoke::<(&str,), ()>("f", ("text",))?;
    Ok(())
}
