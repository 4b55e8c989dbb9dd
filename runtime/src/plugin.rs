//! MLIR pass plugins: a `cdylib` that the stock `mlir-opt` loads with
//! `--load-pass-plugin=lib.so`, registering every Rust pass linked into it.

use std::{
    ffi::{c_char, CString},
    sync::OnceLock,
};

use crate::{ffi::trap, register_all};

/// `MLIR_PLUGIN_API_VERSION` of `mlir/Tools/Plugins/PassPlugin.h`.
pub const MLIR_PLUGIN_API_VERSION: u32 = 1;

/// `mlir::PassPluginLibraryInfo`: what `mlirGetPassPluginInfo` returns.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct PassPluginLibraryInfo {
    /// `MLIR_PLUGIN_API_VERSION` (1).
    pub api_version: u32,
    /// The plugin's name, NUL-terminated.
    pub plugin_name: *const c_char,
    /// The plugin's version, NUL-terminated.
    pub plugin_version: *const c_char,
    /// Called by MLIR to register the plugin's passes.
    pub register_pass_registry_callbacks: Option<extern "C" fn()>,
}

/// Whether this build links MLIR's shared libraries (a plugin must: it has to
/// share `mlir-opt`'s registry and TypeIDs, not carry a copy of MLIR).
pub const LINKED_SHARED: bool = matches!(env!("MLIR_PASS_LINK_MODE").as_bytes(), b"shared");

static NAMES: OnceLock<(CString, CString)> = OnceLock::new();

/// The plugin info for `plugin!`; `register` calls [`register_plugin`].
pub fn plugin_info(
    name: &'static str,
    version: &'static str,
    register: extern "C" fn(),
) -> PassPluginLibraryInfo {
    let (name, version) = NAMES.get_or_init(|| {
        let c = |s: &str| CString::new(s.replace('\0', "")).expect("no NUL left");
        (c(name), c(version))
    });
    PassPluginLibraryInfo {
        api_version: MLIR_PLUGIN_API_VERSION,
        plugin_name: name.as_ptr(),
        plugin_version: version.as_ptr(),
        register_pass_registry_callbacks: Some(register),
    }
}

/// `mlir::DialectPluginLibraryInfo`: what `mlirGetDialectPluginInfo` returns.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct DialectPluginLibraryInfo {
    /// `MLIR_PLUGIN_API_VERSION` (1).
    pub api_version: u32,
    /// The plugin's name, NUL-terminated.
    pub plugin_name: *const c_char,
    /// The plugin's version, NUL-terminated.
    pub plugin_version: *const c_char,
    /// Called by MLIR with its `DialectRegistry*` to insert the dialects.
    pub register_dialect_registry_callbacks: Option<extern "C" fn(*mut std::ffi::c_void)>,
}

/// The dialect plugin info for `plugin!`.
pub fn dialect_plugin_info(name: &'static str, version: &'static str) -> DialectPluginLibraryInfo {
    let info = plugin_info(name, version, noop);
    DialectPluginLibraryInfo {
        api_version: MLIR_PLUGIN_API_VERSION,
        plugin_name: info.plugin_name,
        plugin_version: info.plugin_version,
        register_dialect_registry_callbacks: Some(register_dialects),
    }
}

extern "C" fn noop() {}

/// Inserts every Rust dialect linked into the plugin into `mlir-opt`'s
/// registry (`--load-dialect-plugin`); problems go to stderr and the host
/// goes on.
extern "C" fn register_dialects(registry: *mut std::ffi::c_void) {
    #[cfg(feature = "melior")]
    {
        // SAFETY: MLIR passes its `DialectRegistry*`, which is what the C API's
        // handle wraps.
        unsafe {
            crate::dialect::insert_all_extern(mlir_sys::MlirDialectRegistry { ptr: registry })
        };
        fail_exit_after_print_failures();
    }
    #[cfg(not(feature = "melior"))]
    let _ = registry;
}

/// In a host that cannot be told (the stock `mlir-opt`), makes the process
/// exit with status 1 when a Rust op's printer (or naming hook) panicked: MLIR's printing
/// cannot fail, and `mlir-opt` would exit 0 with an incomplete op in its
/// output (the error itself is on stderr already). Registered once, when
/// the host loads the plugin's dialects: at exit, after `main` returned and
/// the output was written and closed, the handler flushes C's streams and
/// ends the process with status 1.
#[cfg(feature = "melior")]
fn fail_exit_after_print_failures() {
    unsafe extern "C" {
        fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
        fn fflush(stream: *mut std::ffi::c_void) -> std::ffi::c_int;
        fn _exit(status: std::ffi::c_int) -> !;
    }
    extern "C" fn at_exit() {
        if crate::dialect::print_failures() > 0 {
            // SAFETY: C's exit sequence; a null stream flushes them all, and
            // `_exit` ends the process without returning.
            unsafe {
                fflush(std::ptr::null_mut());
                _exit(1)
            }
        }
    }
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: `at_exit` is a plain function of this library, which the host
    // never unloads.
    ONCE.call_once(|| unsafe {
        atexit(at_exit);
    });
}

/// Registers the plugin's passes when MLIR loads it. Conflicts (a pass whose
/// argument the host already has) are written to stderr and those passes are
/// left out; the host goes on working.
pub fn register_plugin(name: &str) {
    match trap(register_all) {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            for conflict in error.conflicts() {
                eprintln!(
                    "mlir-pass plugin '{name}': error: {conflict}; this pass was not registered"
                );
            }
        }
        Err(panic) => eprintln!(
            "mlir-pass plugin '{name}': error: registration panicked: {}",
            panic
        ),
    }
}

/// Makes a `cdylib` crate an MLIR plugin: a pass plugin for
/// `mlir-opt --load-pass-plugin` and a dialect plugin for
/// `mlir-opt --load-dialect-plugin`.
///
/// Exports `mlirGetPassPluginInfo` and `mlirGetDialectPluginInfo`; when MLIR
/// loads the library, every Rust pass and every Rust dialect linked into it
/// (its own and its dependencies', which must be named once, e.g.
/// `use my_passes as _;`) is registered. Load it with both flags when it
/// holds both: `--load-dialect-plugin=lib.so --load-pass-plugin=lib.so`. Put it once in the crate
/// root of a crate with `crate-type = ["cdylib"]`:
///
/// ```no_run
/// // use my_passes as _; // the crates holding the passes, named once
/// mlir_pass::plugin!(name = "my-passes", version = env!("CARGO_PKG_VERSION"));
/// # fn main() {}
/// ```
///
/// A plugin must link MLIR's shared libraries (the default link mode): in the
/// static mode it would carry its own copy of MLIR, with its own registry, so
/// the macro is a compile error there.
#[macro_export]
macro_rules! plugin {
    (name = $name:expr, version = $version:expr $(,)?) => {
        const _: () = ::core::assert!(
            $crate::__private::plugin::LINKED_SHARED,
            "an MLIR pass plugin must link MLIR's shared libraries, to share mlir-opt's \
             registry and TypeIDs: build it in the shared link mode (MLIR_SYS_LINK_SHARED=1, \
             the default), not the static one"
        );

        /// The entry point `mlir-opt --load-pass-plugin` looks up.
        #[unsafe(no_mangle)]
        pub extern "C" fn mlirGetPassPluginInfo() -> $crate::__private::plugin::PassPluginLibraryInfo {
            extern "C" fn register() {
                $crate::__private::plugin::register_plugin($name);
            }
            $crate::__private::plugin::plugin_info($name, $version, register)
        }

        /// The entry point `mlir-opt --load-dialect-plugin` looks up.
        #[unsafe(no_mangle)]
        pub extern "C" fn mlirGetDialectPluginInfo(
        ) -> $crate::__private::plugin::DialectPluginLibraryInfo {
            $crate::__private::plugin::dialect_plugin_info($name, $version)
        }
    };
}
