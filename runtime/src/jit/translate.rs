//! [`translate_to_llvm_ir`]: a module of the `llvm` dialect as LLVM IR text.

use std::ffi::{c_char, c_void, CStr, CString};

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
    translate(module, None)
}

/// [`translate_to_llvm_ir`], then LLVM's optimization pipeline at
/// `opt_level` (0 to 3: LLVM's `default<O0>` .. `default<O3>`, what
/// upstream toyc's `makeOptimizingTransformer(optLevel, 0, nullptr)` runs
/// for `-emit=llvm -opt`) on the translated module before it is printed.
///
/// # Errors
/// As [`translate_to_llvm_ir`]; [`JitError::InvalidOptLevel`] above 3;
/// [`JitError::OptimizationFailed`] with LLVM's message.
///
/// ```
/// use mlir_pass::{jit::translate_to_optimized_llvm_ir, Context, Module};
///
/// let context = Context::new();
/// let module = Module::parse(&context, "llvm.func @seven() -> i64 {
///   %a = llvm.mlir.constant(3 : i64) : i64
///   %b = llvm.mlir.constant(4 : i64) : i64
///   %c = llvm.add %a, %b : i64
///   llvm.return %c : i64
/// }", "seven.mlir")?;
/// let ir = translate_to_optimized_llvm_ir(&module, 3)?;
/// assert!(ir.contains("ret i64 7"), "{ir}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn translate_to_optimized_llvm_ir(
    module: &Module<'_>,
    opt_level: u8,
) -> Result<String, JitError> {
    if opt_level > 3 {
        return Err(JitError::InvalidOptLevel(opt_level));
    }
    translate(module, Some(opt_level))
}

// LLVM's C API for the new pass manager (`llvm-c/Transforms/PassBuilder.h`
// and `llvm-c/Error.h`), in libLLVM, which the shared link mode links.
unsafe extern "C" {
    fn LLVMCreatePassBuilderOptions() -> *mut c_void;
    fn LLVMDisposePassBuilderOptions(options: *mut c_void);
    fn LLVMRunPasses(
        module: sys::LLVMModuleRef,
        passes: *const c_char,
        target_machine: *mut c_void,
        options: *mut c_void,
    ) -> *mut c_void;
    fn LLVMGetErrorMessage(error: *mut c_void) -> *mut c_char;
    fn LLVMDisposeErrorMessage(message: *mut c_char);
}

/// Runs `default<O{level}>` on `llvm_module`.
///
/// # Safety
/// `llvm_module` is a valid LLVM module.
unsafe fn optimize(llvm_module: sys::LLVMModuleRef, level: u8) -> Result<(), JitError> {
    let pipeline = format!("default<O{level}>");
    let text = CString::new(pipeline.clone()).expect("no NUL in a pipeline name");
    // SAFETY: the caller's module; the options are created and disposed
    // here; a returned error is read and disposed here.
    unsafe {
        let options = LLVMCreatePassBuilderOptions();
        let error = LLVMRunPasses(llvm_module, text.as_ptr(), std::ptr::null_mut(), options);
        LLVMDisposePassBuilderOptions(options);
        if error.is_null() {
            return Ok(());
        }
        let raw = LLVMGetErrorMessage(error);
        let message = CStr::from_ptr(raw).to_string_lossy().into_owned();
        LLVMDisposeErrorMessage(raw);
        Err(JitError::OptimizationFailed { pipeline, message })
    }
}

fn translate(module: &Module<'_>, opt_level: Option<u8>) -> Result<String, JitError> {
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
        if let Some(level) = opt_level {
            if let Err(error) = optimize(llvm_module, level) {
                sys::LLVMDisposeModule(llvm_module);
                sys::LLVMContextDispose(llvm_context);
                return Err(error);
            }
        }
        let printed = sys::LLVMPrintModuleToString(llvm_module);
        let text = CStr::from_ptr(printed).to_string_lossy().into_owned();
        sys::LLVMDisposeMessage(printed);
        sys::LLVMDisposeModule(llvm_module);
        sys::LLVMContextDispose(llvm_context);
        Ok(text)
    }
}
