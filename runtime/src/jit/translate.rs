//! [`translate_to_llvm_ir`]: a module of the `llvm` dialect as LLVM IR text.

use std::ffi::CStr;

use mlir_sys as sys;

use super::{inspect, JitError};
use crate::{host::capture_diagnostics, Module};

/// The module as LLVM IR text: what `mlir-translate --mlir-to-llvmir`
/// prints (`toyc -emit=llvm`), before any LLVM optimization.
///
/// Registers the LLVM translations on the module's context
/// (`mlirRegisterAllLLVMTranslations`) first.
///
/// # Errors
/// [`JitError::NotLowered`] when an op outside the `llvm` dialect is left
/// (checked before MLIR sees the module), [`JitError::TranslationFailed`]
/// with MLIR's diagnostics when the translation fails.
///
/// ```
/// use mlir_pass::{jit::translate_to_llvm_ir, Context, Module};
///
/// let context = Context::new();
/// let module = Module::parse(&context, "llvm.func @add(%a: i64, %b: i64) -> i64 {
///   %c = llvm.add %a, %b : i64
///   llvm.return %c : i64
/// }", "add.mlir")?;
/// let ir = translate_to_llvm_ir(&module)?;
/// assert!(ir.contains("define i64 @add(i64 %0, i64 %1)"), "{ir}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn translate_to_llvm_ir(module: &Module<'_>) -> Result<String, JitError> {
    // SAFETY: a valid module, borrowed for the call.
    unsafe { inspect::check_lowered(module.raw())? };
    let op = module.as_operation().raw();
    // SAFETY (whole block): valid module and context; the LLVM context is
    // created and disposed here, with the LLVM module it owns disposed
    // first; the printed string is copied before it is disposed.
    unsafe {
        let context = sys::mlirOperationGetContext(op);
        sys::mlirRegisterAllLLVMTranslations(context);
        let llvm_context = sys::LLVMContextCreate();
        let (llvm_module, diagnostics) = capture_diagnostics(context, || {
            sys::mlirTranslateModuleToLLVMIR(op, llvm_context)
        });
        if llvm_module.is_null() {
            sys::LLVMContextDispose(llvm_context);
            return Err(JitError::TranslationFailed { diagnostics });
        }
        let printed = sys::LLVMPrintModuleToString(llvm_module);
        let text = CStr::from_ptr(printed).to_string_lossy().into_owned();
        sys::LLVMDisposeMessage(printed);
        sys::LLVMDisposeModule(llvm_module);
        sys::LLVMContextDispose(llvm_context);
        Ok(text)
    }
}
