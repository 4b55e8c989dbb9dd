//! [`ExecutionEngine`]: a lowered module, compiled, owned and called.

use std::{
    cell::{Cell, OnceCell},
    ffi::{c_int, c_void, CString},
    fmt,
    path::Path,
};

use mlir_sys as sys;

use super::{
    externals::{self, Libraries, Linking},
    inspect::{self, Function},
    JitArgs, JitError, JitOptions, JitReturn,
};
use crate::{ffi::string_ref, host::capture_diagnostics, Module};

/// A module of the `llvm` dialect, JIT-compiled by MLIR's `ExecutionEngine`
/// (LLVM ORC), whose functions Rust calls with typed arguments.
///
/// The engine owns the [`Module`] it was created from: nothing can drop or
/// change it while compiled code runs, and the function types that
/// [`invoke`](Self::invoke) checks are those of the code compiled.
/// [`module`](Self::module) reads it.
///
/// Compiled code is trusted as a C program is: the engine checks names and
/// types at the boundary, not what the code does (a null dereference in it
/// ends the process).
///
/// ```
/// use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
///
/// let context = Context::new();
/// let module = Module::parse(&context, "llvm.func @add(%a: i64, %b: i64) -> i64 {
///   %c = llvm.add %a, %b : i64
///   llvm.return %c : i64
/// }", "add.mlir")?;
/// let engine = ExecutionEngine::new(module, JitOptions::default())?;
/// assert_eq!(engine.invoke::<(i64, i64), i64>("add", (40, 2))?, 42);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ExecutionEngine<'c> {
    raw: sys::MlirExecutionEngine,
    /// The module's `llvm.func`s as compiled.
    functions: Vec<Function>,
    /// Every symbol the module defines at its top level.
    symbols: Vec<String>,
    /// Symbols given to `register_symbol`.
    registered: Vec<String>,
    /// The external symbols the module uses (see `externals::needed`).
    needed: Vec<String>,
    /// The libraries given to the engine, to look symbols up in.
    libraries: Libraries,
    /// The undefined external symbols, found before the first lookup.
    linking: OnceCell<Linking>,
    /// A lookup has run: the JIT has compiled the module and resolved its
    /// external symbols, so defining one now would clash.
    materialized: Cell<bool>,
    /// Created with `JitOptions::object_dump`.
    object_dump: bool,
    /// Destroyed after the engine (see `Drop`).
    module: Module<'c>,
}

/// The type of the `_mlir_<name>` wrappers: a pointer to each argument,
/// then one to the result's storage.
type PackedFn = unsafe extern "C" fn(*mut *mut c_void);

impl<'c> ExecutionEngine<'c> {
    /// JIT-compiles `module`, which must hold only `llvm` ops (and
    /// `builtin.module`), as upstream's `toyc -emit=jit` does after lowering.
    ///
    /// Registers the LLVM translations on the module's context. The native
    /// target is initialized by MLIR's `mlirExecutionEngineCreate` itself,
    /// once per process. Compilation is lazy: LLVM compiles the module on
    /// the first [`invoke`](Self::invoke) or [`lookup`](Self::lookup).
    ///
    /// # Errors
    /// [`JitError::InvalidOptLevel`], [`JitError::SharedLibraryNotFound`],
    /// [`JitError::NotLowered`] naming the first op of another dialect and
    /// where it is (checked before MLIR sees the module), and
    /// [`JitError::CreationFailed`] with MLIR's diagnostics when MLIR
    /// returns no engine.
    ///
    /// ```
    /// use mlir_pass::{jit::{ExecutionEngine, JitError, JitOptions}, Context, Module};
    ///
    /// let context = Context::new();
    /// let module = Module::parse(&context, "llvm.func @f() { llvm.return }", "f.mlir")?;
    /// let engine = ExecutionEngine::new(module, JitOptions::default().opt_level(3))?;
    ///
    /// let module = Module::parse(&context, "llvm.func @f() { llvm.return }", "f.mlir")?;
    /// let error = ExecutionEngine::new(module, JitOptions::default().opt_level(4)).unwrap_err();
    /// assert_eq!(error, JitError::InvalidOptLevel(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(module: Module<'c>, options: JitOptions) -> Result<Self, JitError> {
        if options.opt_level > 3 {
            return Err(JitError::InvalidOptLevel(options.opt_level));
        }
        // The C API reads each path as a C string (its `data` alone).
        let mut paths = Vec::with_capacity(options.shared_libraries.len());
        for path in &options.shared_libraries {
            match CString::new(path.as_os_str().as_encoded_bytes()) {
                Ok(c) if path.is_file() => paths.push(c),
                _ => return Err(JitError::SharedLibraryNotFound(path.clone())),
            }
        }
        let refs: Vec<sys::MlirStringRef> = paths
            .iter()
            .map(|c| sys::MlirStringRef {
                data: c.as_ptr(),
                length: c.as_bytes().len(),
            })
            .collect();
        // SAFETY: a valid module, owned here.
        unsafe { inspect::check_lowered(module.raw())? };
        // SAFETY: valid module and context; the strings outlive the call.
        let (raw, diagnostics) = externals::loading(&paths, || unsafe {
            let context = sys::mlirOperationGetContext(module.as_operation().raw());
            sys::mlirRegisterAllLLVMTranslations(context);
            capture_diagnostics(context, || {
                sys::mlirExecutionEngineCreate(
                    module.raw(),
                    c_int::from(options.opt_level),
                    refs.len() as c_int,
                    refs.as_ptr(),
                    options.object_dump,
                    false,
                )
            })
        });
        if raw.ptr.is_null() {
            return Err(JitError::CreationFailed { diagnostics });
        }
        // SAFETY: a valid module.
        let (functions, symbols) = unsafe { inspect::functions(module.raw()) };
        Ok(Self {
            raw,
            functions,
            symbols,
            registered: Vec::new(),
            // SAFETY: a valid module.
            needed: unsafe { externals::needed(module.raw()) },
            libraries: Libraries::open(&paths),
            linking: OnceCell::new(),
            materialized: Cell::new(false),
            object_dump: options.object_dump,
            module,
        })
    }

    /// Calls the function `name` with `args`, through the `_mlir_<name>`
    /// wrapper MLIR's engine generates for every function it compiles, and
    /// returns its result. C's `stdout` is flushed after the call, so what
    /// the code printed with `printf` comes before what Rust prints next.
    ///
    /// `A` (the arguments) is `()` or a tuple of up to six of `i32`, `i64`,
    /// `f32`, `f64`; `R` (the result) is `()` (a `void` function) or one of those.
    ///
    /// # Errors
    /// Checked before anything runs: [`JitError::FunctionNotFound`],
    /// [`JitError::FunctionIsDeclaration`], and
    /// [`JitError::SignatureMismatch`] unless the function's LLVM type is
    /// exactly the one the Rust types stand for (no conversion, no
    /// variadics); then [`JitError::UndefinedSymbols`] when the module
    /// uses an external symbol that neither the program nor the engine's
    /// libraries define (naming each, and the library of MLIR's runtime
    /// functions such as `printI64`), and [`JitError::SymbolNotFound`] when
    /// LLVM cannot compile the module for another reason.
    ///
    /// ```
    /// use mlir_pass::{jit::{ExecutionEngine, JitError, JitOptions}, Context, Module};
    ///
    /// let context = Context::new();
    /// let module = Module::parse(&context, "llvm.func @add(%a: i64, %b: i64) -> i64 {
    ///   %c = llvm.add %a, %b : i64
    ///   llvm.return %c : i64
    /// }", "add.mlir")?;
    /// let engine = ExecutionEngine::new(module, JitOptions::default())?;
    /// assert_eq!(engine.invoke::<(i64, i64), i64>("add", (40, 2))?, 42);
    /// assert!(matches!(
    ///     engine.invoke::<(i32, i32), i32>("add", (40, 2)),
    ///     Err(JitError::SignatureMismatch { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn invoke<A: JitArgs, R: JitReturn>(&self, name: &str, args: A) -> Result<R, JitError> {
        let function = self.function(name)?;
        let context = self.context();
        // SAFETY: a valid context; the argument types outlive the call.
        let expected = unsafe {
            let inputs = A::mlir_types(context);
            sys::mlirLLVMFunctionTypeGet(
                R::mlir_type(context),
                inputs.len() as isize,
                inputs.as_ptr(),
                false,
            )
        };
        // SAFETY: valid types of the same context.
        if !unsafe { sys::mlirTypeEqual(expected, function.ty) } {
            // SAFETY: valid types.
            return Err(unsafe {
                JitError::SignatureMismatch {
                    name: name.to_owned(),
                    expected: inspect::type_to_string(expected),
                    found: inspect::type_to_string(function.ty),
                }
            });
        }
        let wrapper = format!("_mlir_{name}");
        let packed = self
            .lookup_initialized(&wrapper)
            .ok_or_else(|| self.linking().error(name))?;
        // SAFETY: the wrapper MLIR generated for `name`, whose LLVM type
        // was checked to be the Rust types': it loads each argument through
        // its pointer and stores the result (if any) through the last one.
        let result = unsafe {
            let packed = std::mem::transmute::<*mut c_void, PackedFn>(packed);
            R::receive(|result| {
                args.with_pointers(|mut pointers| {
                    pointers.extend(result);
                    packed(pointers.as_mut_ptr());
                })
            })
        };
        flush_c_stdout();
        Ok(result)
    }

    /// The address of the compiled symbol `name` (a function as LLVM
    /// compiled it, not its packed wrapper; a global), or `None` when the
    /// JIT cannot compile the module (see [`JitError::UndefinedSymbols`]
    /// for the symbols it may not use) or has no such symbol. The module's
    /// global constructors have run when it returns `Some`.
    ///
    /// Calling or reading through the pointer is the caller's `unsafe`
    /// business: nothing checks its type.
    ///
    /// ```
    /// use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
    ///
    /// let context = Context::new();
    /// let module = Module::parse(&context, "llvm.func @add(%a: i64, %b: i64) -> i64 {
    ///   %c = llvm.add %a, %b : i64
    ///   llvm.return %c : i64
    /// }", "add.mlir")?;
    /// let engine = ExecutionEngine::new(module, JitOptions::default())?;
    /// let add = engine.lookup("add").expect("compiled");
    /// // SAFETY: `add` is `i64 (i64, i64)`, the C ABI's `int64_t (int64_t, int64_t)`.
    /// let add: extern "C" fn(i64, i64) -> i64 = unsafe { std::mem::transmute(add) };
    /// assert_eq!(add(40, 2), 42);
    /// assert!(engine.lookup("missing").is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lookup(&self, name: &str) -> Option<*mut c_void> {
        self.lookup_initialized(name)
    }

    /// Makes `address` the definition of the external symbol `name` for the
    /// JIT'd code (a function the module declares, such as a Rust
    /// `extern "C" fn`). Must be done before the first
    /// [`invoke`](Self::invoke) or [`lookup`](Self::lookup): the JIT
    /// resolves every external symbol when it compiles the module.
    ///
    /// # Safety
    /// `address` must be what the code expects behind `name` (a function of
    /// the declared type, say) for as long as the engine may run code.
    ///
    /// # Errors
    /// [`JitError::SymbolRegistration`] when the module defines `name`,
    /// when it was registered already, or when the module has been
    /// compiled: defining it then would make LLVM abort the process.
    ///
    /// ```
    /// use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
    ///
    /// extern "C" fn triple(x: i64) -> i64 { 3 * x }
    ///
    /// let context = Context::new();
    /// let module = Module::parse(&context, "
    ///   llvm.func @triple(i64) -> i64
    ///   llvm.func @f(%x: i64) -> i64 {
    ///     %r = llvm.call @triple(%x) : (i64) -> i64
    ///     llvm.return %r : i64
    ///   }", "f.mlir")?;
    /// let mut engine = ExecutionEngine::new(module, JitOptions::default())?;
    /// // SAFETY: `triple` is `i64 (i64)` as declared, and lives forever.
    /// unsafe { engine.register_symbol("triple", triple as *mut std::ffi::c_void)? };
    /// assert_eq!(engine.invoke::<(i64,), i64>("f", (14,))?, 42);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub unsafe fn register_symbol(
        &mut self,
        name: &str,
        address: *mut c_void,
    ) -> Result<(), JitError> {
        let refuse = |reason: &str| {
            Err(JitError::SymbolRegistration {
                name: name.to_owned(),
                reason: reason.to_owned(),
            })
        };
        if self.materialized.get() {
            return refuse("the module has been compiled already (by an invoke or a lookup)");
        }
        if self.symbols.iter().any(|s| s == name)
            || name
                .strip_prefix("_mlir_")
                .is_some_and(|f| self.functions.iter().any(|g| g.defined && g.name == f))
        {
            return refuse("the module defines it");
        }
        if self.registered.iter().any(|s| s == name) {
            return refuse("it was registered already");
        }
        // SAFETY: a valid engine; a new name (LLVM aborts on a duplicate);
        // the address is the caller's contract.
        unsafe { sys::mlirExecutionEngineRegisterSymbol(self.raw, string_ref(name), address) };
        self.registered.push(name.to_owned());
        Ok(())
    }

    /// Writes the compiled module as an object file (ELF here) to `path`,
    /// compiling it first if nothing was invoked yet. Needs
    /// [`JitOptions::object_dump`].
    ///
    /// # Errors
    /// [`JitError::ObjectDump`] without the option, or when the file was
    /// not written (MLIR prints why to stderr).
    ///
    /// ```
    /// use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
    ///
    /// let context = Context::new();
    /// let module = Module::parse(&context, "llvm.func @f() { llvm.return }", "f.mlir")?;
    /// let engine = ExecutionEngine::new(module, JitOptions::default().object_dump(true))?;
    /// let path = std::env::temp_dir().join(format!("jit-doc-{}.o", std::process::id()));
    /// engine.dump_object_file(&path)?;
    /// assert!(std::fs::read(&path)?.starts_with(b"\x7fELF"));
    /// std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dump_object_file(&self, path: &Path) -> Result<(), JitError> {
        let fail = |reason: &str| JitError::ObjectDump {
            path: path.to_owned(),
            reason: reason.to_owned(),
        };
        let Some(name) = path.to_str() else {
            return Err(fail("the path is not UTF-8"));
        };
        if !self.object_dump {
            return Err(fail(
                "the engine was created without JitOptions::object_dump",
            ));
        }
        let _ = std::fs::remove_file(path);
        self.materialized.set(true);
        // SAFETY: a valid engine with an object cache; MLIR copies the name.
        unsafe { sys::mlirExecutionEngineDumpToObjectFile(self.raw, string_ref(name)) };
        if path.is_file() {
            Ok(())
        } else {
            Err(fail("MLIR wrote no file (see stderr)"))
        }
    }

    /// The module the engine compiled.
    ///
    /// ```
    /// use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
    ///
    /// let context = Context::new();
    /// let module = Module::parse(&context, "llvm.func @f() { llvm.return }", "f.mlir")?;
    /// let engine = ExecutionEngine::new(module, JitOptions::default())?;
    /// assert!(engine.module().to_string().contains("llvm.func @f()"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn module(&self) -> &Module<'c> {
        &self.module
    }

    /// The raw `mlir-sys` value, for the C API's other calls
    /// (`mlirExecutionEngine*`). Destroying it is the engine's job.
    ///
    /// ```
    /// use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
    ///
    /// let context = Context::new();
    /// let module = Module::parse(&context, "llvm.func @f() { llvm.return }", "f.mlir")?;
    /// let engine = ExecutionEngine::new(module, JitOptions::default())?;
    /// assert!(!engine.raw().ptr.is_null());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn raw(&self) -> sys::MlirExecutionEngine {
        self.raw
    }

    fn context(&self) -> sys::MlirContext {
        // SAFETY: the owned module is valid.
        unsafe { sys::mlirOperationGetContext(self.module.as_operation().raw()) }
    }

    fn function(&self, name: &str) -> Result<&Function, JitError> {
        match self.functions.iter().find(|f| f.name == name) {
            Some(f) if f.defined => Ok(f),
            Some(_) => Err(JitError::FunctionIsDeclaration {
                name: name.to_owned(),
            }),
            None => Err(JitError::FunctionNotFound {
                name: name.to_owned(),
                available: self
                    .functions
                    .iter()
                    .filter(|f| f.defined)
                    .map(|f| f.name.clone())
                    .collect(),
            }),
        }
    }

    /// The module's undefined external symbols, found on the first call
    /// (before the JIT resolves them: registrations are over by then).
    fn linking(&self) -> &Linking {
        self.linking
            .get_or_init(|| Linking::check(&self.needed, &self.registered, &self.libraries))
    }

    /// Looks `name` up (compiling the module on the first call) and, on
    /// success, runs the module's global constructors once. The order
    /// matters: MLIR's `initialize` aborts the process on an error, and
    /// after a successful lookup the module is compiled and resolved.
    ///
    /// A module whose external symbols are defined only by a library
    /// another engine loaded is not compiled: the lookup fails, as it does
    /// in a process where that engine did not run. (Symbols defined nowhere
    /// are left to LLVM, which may know some that `dlsym` does not.)
    fn lookup_initialized(&self, name: &str) -> Option<*mut c_void> {
        self.materialized.set(true);
        if self.linking().refused {
            return None;
        }
        // SAFETY: a valid engine; MLIR copies the name.
        let address = unsafe { sys::mlirExecutionEngineLookup(self.raw, string_ref(name)) };
        if address.is_null() {
            return None;
        }
        // SAFETY: a valid engine whose module compiled; idempotent.
        unsafe { sys::mlirExecutionEngineInitialize(self.raw) };
        Some(address)
    }
}

impl Drop for ExecutionEngine<'_> {
    fn drop(&mut self) {
        // SAFETY: owned; destroyed before the module (a field, dropped
        // after this body).
        unsafe { sys::mlirExecutionEngineDestroy(self.raw) }
    }
}

impl fmt::Debug for ExecutionEngine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExecutionEngine")
            .field(
                "functions",
                &self
                    .functions
                    .iter()
                    .filter(|f| f.defined)
                    .map(|f| &f.name)
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

/// Flushes every C `FILE` stream (`fflush(NULL)`): what JIT'd code wrote
/// with `printf` is in C's buffer, which Rust's `stdout` does not share.
fn flush_c_stdout() {
    unsafe extern "C" {
        fn fflush(stream: *mut c_void) -> c_int;
    }
    // SAFETY: `fflush(NULL)` flushes all output streams; always valid.
    unsafe { fflush(std::ptr::null_mut()) };
}
