//! The external symbols a module uses, and whether an engine can resolve
//! them: what [`JitError::UndefinedSymbols`](super::JitError::UndefinedSymbols)
//! names, decided the same way whatever other engines of the process loaded.
//!
//! MLIR's engine resolves a module's external symbols in the whole process
//! (`dlsym` on the program and every library loaded with `RTLD_GLOBAL`), and
//! it loads the libraries given to it with `RTLD_GLOBAL`, for good: from then
//! on, every engine of the process finds their symbols, given the library or
//! not. So an engine here counts as defined only what the program itself
//! defines (its executable, the libraries it was linked with or loaded on its
//! own) and what the libraries given to *this* engine define (with their
//! dependencies); a symbol found only in an object that another engine's
//! libraries brought in is undefined, and the engine refuses to compile,
//! where MLIR's engine would have succeeded because of what ran before.

use std::{
    collections::HashSet,
    ffi::{c_char, c_int, c_void, CStr, CString, OsStr},
    os::unix::ffi::OsStrExt,
    path::Path,
    sync::Mutex,
};

use mlir_sys as sys;

use super::JitError;
use crate::ffi::{context_str, op_name, print_to_string, string_ref};

// The dynamic linker's interface (glibc, `<dlfcn.h>` and `<link.h>`).
const RTLD_LAZY: c_int = 0x1;
const RTLD_NOLOAD: c_int = 0x4;
/// `RTLD_DEFAULT`: the global scope, as MLIR's process-wide lookup searches it.
const RTLD_DEFAULT: *mut c_void = std::ptr::null_mut();

#[repr(C)]
struct DlInfo {
    fname: *const c_char,
    fbase: *mut c_void,
    sname: *const c_char,
    saddr: *mut c_void,
}

/// The first two fields of `struct dl_phdr_info` (the only ones read).
#[repr(C)]
struct DlPhdrInfo {
    addr: usize,
    name: *const c_char,
}

unsafe extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    fn dlclose(handle: *mut c_void) -> c_int;
    fn dladdr(address: *const c_void, info: *mut DlInfo) -> c_int;
    fn dl_iterate_phdr(
        callback: Option<unsafe extern "C" fn(*mut DlPhdrInfo, usize, *mut c_void) -> c_int>,
        data: *mut c_void,
    ) -> c_int;
}

/// The objects (shared libraries, by the name the dynamic linker knows them
/// by) that engines' libraries brought into the process: the libraries
/// given to an engine that were not loaded before it, and their
/// dependencies. Its lock also serializes the creation of engines that load
/// libraries, so that each sees what it alone loaded.
static LOADED_BY_ENGINES: Mutex<Vec<CString>> = Mutex::new(Vec::new());

/// The names of the objects loaded in the process now.
fn loaded_objects() -> Vec<CString> {
    unsafe extern "C" fn collect(info: *mut DlPhdrInfo, _size: usize, data: *mut c_void) -> c_int {
        // SAFETY: `data` is the vector below; `info` is valid during the
        // call, its name a C string (empty for the executable).
        unsafe {
            let name = (*info).name;
            if !name.is_null() && *name != 0 {
                (*data.cast::<Vec<CString>>()).push(CStr::from_ptr(name).to_owned());
            }
        }
        0
    }
    let mut names: Vec<CString> = Vec::new();
    // SAFETY: the callback writes only `names`, during the call.
    unsafe { dl_iterate_phdr(Some(collect), (&mut names as *mut Vec<CString>).cast()) };
    names
}

/// Runs `create` (which loads `libraries` into the process), recording the
/// objects it loaded as loaded by an engine. Without libraries, just runs it.
pub(super) fn loading<R>(libraries: &[CString], create: impl FnOnce() -> R) -> R {
    if libraries.is_empty() {
        return create();
    }
    let mut recorded = LOADED_BY_ENGINES.lock().unwrap_or_else(|e| e.into_inner());
    let before = loaded_objects();
    let result = create();
    for name in loaded_objects() {
        if !before.contains(&name) && !recorded.contains(&name) {
            recorded.push(name);
        }
    }
    result
}

/// Handles on the libraries given to one engine (loaded by MLIR when it
/// created the engine), to look their symbols up; released on drop.
pub(super) struct Libraries(Vec<*mut c_void>);

impl Libraries {
    /// Takes a handle on each of `paths` that is loaded (all of them, once
    /// MLIR created the engine).
    pub(super) fn open(paths: &[CString]) -> Self {
        let handles = paths
            .iter()
            .filter_map(|path| {
                // MLIR loads them by absolute path; a relative one is the
                // same file from here.
                let path = Path::new(OsStr::from_bytes(path.as_bytes()));
                let absolute = std::path::absolute(path).ok()?;
                let absolute = CString::new(absolute.into_os_string().into_encoded_bytes()).ok()?;
                // SAFETY: a C string; `RTLD_NOLOAD` loads nothing, and a
                // handle found is released in `drop`.
                let handle = unsafe { dlopen(absolute.as_ptr(), RTLD_LAZY | RTLD_NOLOAD) };
                (!handle.is_null()).then_some(handle)
            })
            .collect();
        Self(handles)
    }

    /// Whether one of the libraries (or a library it depends on) defines `name`.
    fn define(&self, name: &CStr) -> bool {
        self.0.iter().any(|&handle| {
            // SAFETY: a live handle and a C string.
            !unsafe { dlsym(handle, name.as_ptr()) }.is_null()
        })
    }
}

impl Drop for Libraries {
    fn drop(&mut self) {
        for &handle in &self.0 {
            // SAFETY: a handle taken in `open`, released once (the library
            // stays: MLIR keeps its own reference for the process).
            unsafe { dlclose(handle) };
        }
    }
}

/// Whether the program itself defines `name`: found in the global scope,
/// in an object that no engine's libraries brought in.
fn program_defines(name: &CStr) -> bool {
    // SAFETY: a C string; the global scope.
    let address = unsafe { dlsym(RTLD_DEFAULT, name.as_ptr()) };
    if address.is_null() {
        return false;
    }
    let mut info = DlInfo {
        fname: std::ptr::null(),
        fbase: std::ptr::null_mut(),
        sname: std::ptr::null(),
        saddr: std::ptr::null_mut(),
    };
    // SAFETY: any address may be asked about; `info` is written on success.
    if unsafe { dladdr(address, &mut info) } == 0 || info.fname.is_null() {
        return true;
    }
    // SAFETY: dladdr's file name is a C string of the loaded object.
    let object = unsafe { CStr::from_ptr(info.fname) };
    let recorded = LOADED_BY_ENGINES.lock().unwrap_or_else(|e| e.into_inner());
    !recorded.iter().any(|loaded| loaded.as_c_str() == object)
}

/// What an engine found out about its module's external symbols before
/// the JIT first resolved them.
pub(super) struct Linking {
    /// The symbols that nothing the engine may use defines, in module order.
    undefined: Vec<String>,
    /// One of them is defined only by what another engine loaded: the JIT
    /// would find it (because that engine ran), so it is not asked.
    pub(super) refused: bool,
}

impl Linking {
    /// Finds the symbols of `needed` that neither `registered`, `libraries`
    /// nor the program define.
    pub(super) fn check(needed: &[String], registered: &[String], libraries: &Libraries) -> Self {
        let mut undefined = Vec::new();
        let mut refused = false;
        for name in needed {
            if registered.contains(name) {
                continue;
            }
            // A name holding NUL cannot be looked up: left to LLVM.
            let Ok(c_name) = CString::new(name.as_str()) else {
                continue;
            };
            if libraries.define(&c_name) || program_defines(&c_name) {
                continue;
            }
            // SAFETY: a C string; the global scope.
            refused |= !unsafe { dlsym(RTLD_DEFAULT, c_name.as_ptr()) }.is_null();
            undefined.push(name.clone());
        }
        Self { undefined, refused }
    }

    /// The error for a failed lookup of `name`: the undefined symbols, if
    /// any were found.
    pub(super) fn error(&self, name: &str) -> JitError {
        let name = name.to_owned();
        if self.undefined.is_empty() {
            JitError::SymbolNotFound { name }
        } else {
            JitError::UndefinedSymbols {
                name,
                symbols: self.undefined.clone(),
            }
        }
    }
}

/// The symbols the module declares without defining them (`llvm.func`s
/// without a body but intrinsics, `llvm.mlir.global`s without initializer;
/// `extern_weak` ones may stay undefined) and uses somewhere (a symbol
/// reference in any attribute of any op): what the JIT must resolve.
///
/// # Safety
/// `module` is a valid module.
pub(super) unsafe fn needed(module: sys::MlirModule) -> Vec<String> {
    // SAFETY: the caller's contract.
    let used = unsafe { referenced(module) };
    let mut needed = Vec::new();
    // SAFETY (whole block): the ops are the module body's, valid now.
    unsafe {
        let mut op = sys::mlirBlockGetFirstOperation(sys::mlirModuleGetBody(module));
        while !op.ptr.is_null() {
            let declared = match op_name(op) {
                "llvm.func" => sys::mlirRegionGetFirstBlock(sys::mlirOperationGetRegion(op, 0))
                    .ptr
                    .is_null(),
                "llvm.mlir.global" => {
                    sys::mlirOperationGetAttributeByName(op, string_ref("value"))
                        .ptr
                        .is_null()
                        && sys::mlirRegionGetFirstBlock(sys::mlirOperationGetRegion(op, 0))
                            .ptr
                            .is_null()
                }
                _ => false,
            };
            let name = sys::mlirOperationGetAttributeByName(op, string_ref("sym_name"));
            if declared && !name.ptr.is_null() && sys::mlirAttributeIsAString(name) {
                let name = context_str(sys::mlirStringAttrGetValue(name)).unwrap_or("");
                if !name.starts_with("llvm.") && used.contains(name) && !extern_weak(op) {
                    needed.push(name.to_owned());
                }
            }
            op = sys::mlirOperationGetNextInBlock(op);
        }
    }
    needed
}

/// Whether `op` has `extern_weak` linkage.
///
/// # Safety
/// `op` is a valid operation.
unsafe fn extern_weak(op: sys::MlirOperation) -> bool {
    // SAFETY (whole block): a valid op; the callback appends to the string.
    unsafe {
        let linkage = sys::mlirOperationGetAttributeByName(op, string_ref("linkage"));
        !linkage.ptr.is_null()
            && print_to_string(|cb, data| sys::mlirAttributePrint(linkage, cb, data))
                .contains("extern_weak")
    }
}

/// The root names of every symbol reference in the attributes of the
/// module's ops (in arrays and dictionaries too).
///
/// # Safety
/// `module` is a valid module.
unsafe fn referenced(module: sys::MlirModule) -> HashSet<String> {
    unsafe fn collect(attribute: sys::MlirAttribute, names: &mut HashSet<String>) {
        // SAFETY (whole block): a valid attribute and its elements.
        unsafe {
            if sys::mlirAttributeIsASymbolRef(attribute) {
                let root = sys::mlirSymbolRefAttrGetRootReference(attribute);
                names.insert(crate::ffi::to_str(root).into_owned());
            } else if sys::mlirAttributeIsAArray(attribute) {
                for i in 0..sys::mlirArrayAttrGetNumElements(attribute) {
                    collect(sys::mlirArrayAttrGetElement(attribute, i), names);
                }
            } else if sys::mlirAttributeIsADictionary(attribute) {
                for i in 0..sys::mlirDictionaryAttrGetNumElements(attribute) {
                    collect(
                        sys::mlirDictionaryAttrGetElement(attribute, i).attribute,
                        names,
                    );
                }
            }
        }
    }
    unsafe extern "C" fn visit(op: sys::MlirOperation, data: *mut c_void) -> sys::MlirWalkResult {
        // SAFETY: `data` is the set below; `op` is valid in the walk.
        // Nothing here panics (reads, and inserts into a set).
        unsafe {
            let names = &mut *data.cast::<HashSet<String>>();
            for i in 0..sys::mlirOperationGetNumAttributes(op) {
                collect(sys::mlirOperationGetAttribute(op, i).attribute, names);
            }
        }
        sys::MlirWalkResult_MlirWalkResultAdvance
    }
    let mut names = HashSet::new();
    // SAFETY: a valid module; the callback writes only `names`.
    unsafe {
        sys::mlirOperationWalk(
            sys::mlirModuleGetOperation(module),
            Some(visit),
            (&mut names as *mut HashSet<String>).cast(),
            sys::MlirWalkOrder_MlirWalkPreOrder,
        );
    }
    names
}

/// The directory of the LLVM/MLIR 22 installation's libraries (MLIR's
/// runtime libraries among them) this crate was built against.
const LLVM_PREFIX: &str = match option_env!("MLIR_SYS_220_PREFIX") {
    Some(prefix) => prefix,
    None => "/usr/lib/llvm-22",
};

/// The path of `library` in the LLVM/MLIR 22 installation's `lib`.
pub(super) fn runtime_library_path(library: &str) -> String {
    format!("{LLVM_PREFIX}/lib/{library}")
}

/// The library of MLIR's runtime that defines `symbol` (LLVM/MLIR 22, as
/// `nm -D --defined-only` lists them), such as `libmlir_c_runner_utils.so`
/// for `printI64`.
pub(super) fn runtime_library(symbol: &str) -> Option<&'static str> {
    const C_RUNNER_UTILS: &[&str] = &[
        "printI64",
        "printU64",
        "printF32",
        "printF64",
        "printString",
        "printOpen",
        "printClose",
        "printComma",
        "printNewline",
        "printFlops",
        "rtclock",
        "rtsrand",
        "rtrand",
        "rtdrand",
        "memrefCopy",
        "mlirAlloc",
        "mlirFree",
        "mlirAlignedAlloc",
        "mlirAlignedFree",
        "getTensorFilename",
        "endLexInsert",
        "createSparseTensorWriter",
        "delSparseTensor",
        "delSparseTensorReader",
        "delSparseTensorWriter",
        "getSparseTensorReaderNSE",
        "sparseDimSize",
        "sparseLvlSize",
    ];
    // Its `_mlir_ciface_` functions, by prefix.
    const C_RUNNER_UTILS_CIFACE: &[&str] = &[
        "stdSort",
        "shuffle",
        "lexInsert",
        "expInsert",
        "createCheckedSparseTensorReader",
        "getSparseTensorReader",
        "newSparseTensor",
        "outSparseTensorWriter",
        "sparseCoordinates",
        "sparsePositions",
        "sparseValues",
    ];
    // `libmlir_runner_utils.so`'s, by prefix.
    const RUNNER_UTILS: &[&str] = &["printMemref", "verifyMemRef"];
    const RUNNER_UTILS_CIFACE: &[&str] = &["printMemref", "verifyMemRef", "nanoTime"];
    let prefixed = |prefixes: &[&str], name: &str| prefixes.iter().any(|p| name.starts_with(p));
    let ciface = symbol.strip_prefix("_mlir_ciface_");
    Some(match ciface {
        None if C_RUNNER_UTILS.contains(&symbol) => "libmlir_c_runner_utils.so",
        Some(f) if prefixed(C_RUNNER_UTILS_CIFACE, f) => "libmlir_c_runner_utils.so",
        None if prefixed(RUNNER_UTILS, symbol) => "libmlir_runner_utils.so",
        Some(f) if prefixed(RUNNER_UTILS_CIFACE, f) => "libmlir_runner_utils.so",
        None if symbol == "printF16" || symbol == "printBF16" => "libmlir_float16_utils.so",
        None if symbol.starts_with("_mlir_apfloat_") || symbol == "printApFloat" => {
            "libmlir_apfloat_wrappers.so"
        }
        None if symbol.starts_with("mlirAsyncRuntim") => "libmlir_async_runtime.so",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every C function the runtime libraries export (as `nm -D` lists
    /// them) is attributed to its library, and nothing else is.
    #[test]
    fn runtime_library_knows_every_function_of_mlirs_runtime_libraries() {
        let libraries = [
            "libmlir_c_runner_utils.so",
            "libmlir_runner_utils.so",
            "libmlir_float16_utils.so",
            "libmlir_apfloat_wrappers.so",
            "libmlir_async_runtime.so",
        ];
        for library in libraries {
            let path = runtime_library_path(library);
            let Ok(output) = std::process::Command::new("nm")
                .args(["-D", "--defined-only", &path])
                .output()
            else {
                eprintln!("no nm: skipped");
                return;
            };
            assert!(output.status.success(), "nm {path}");
            let listing = String::from_utf8(output.stdout).unwrap();
            let functions: Vec<&str> = listing
                .lines()
                .filter_map(
                    |line| match line.split_whitespace().collect::<Vec<_>>()[..] {
                        [_, "T", name] if !name.starts_with("_Z") && !name.starts_with("__") => {
                            Some(name)
                        }
                        _ => None,
                    },
                )
                .collect();
            assert!(functions.len() > 1, "{path}: {listing}");
            for name in functions {
                assert_eq!(runtime_library(name), Some(library), "{name}");
            }
        }
        for name in [
            "malloc",
            "free",
            "printf",
            "compute",
            "_mlir_ciface_compute",
            "print",
        ] {
            assert_eq!(runtime_library(name), None, "{name}");
        }
    }
}
