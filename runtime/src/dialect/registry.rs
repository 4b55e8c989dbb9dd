//! Rust dialects in MLIR: each dialect's description is built for the
//! bridge once per process, then inserted into registries (a host
//! [`Context`](crate::Context), `opt_main`'s tool, the stock `mlir-opt`
//! through a dialect plugin) and loaded into contexts, by name or through
//! its C API handle.

use std::{
    any::TypeId,
    collections::HashMap,
    fmt,
    sync::{Mutex, OnceLock},
};

use mlir_sys as sys;

use super::{
    spec::build, Dialect, DialectDefinition, DialectRegistration, OpDefinition, OpRegistration,
};
use crate::{
    ffi::{bridge, string_ref},
    host::capture_diagnostics,
    Severity,
};

/// A dialect as the bridge knows it: built once per process.
#[derive(Clone, Copy)]
pub struct RegisteredDialect {
    definition: &'static DialectDefinition,
    spec: *const bridge::MlirPassBridgeDialectSpec,
}

// SAFETY: the spec is immutable once built and lives as long as the process.
unsafe impl Send for RegisteredDialect {}
// SAFETY: as above.
unsafe impl Sync for RegisteredDialect {}

impl fmt::Debug for RegisteredDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RegisteredDialect")
            .field("namespace", &self.definition.namespace)
            .finish()
    }
}

impl RegisteredDialect {
    /// The dialect's definition.
    pub fn definition(&self) -> &'static DialectDefinition {
        self.definition
    }

    /// Every op of the dialect linked into this program, sorted by name.
    pub fn ops(&self) -> Vec<&'static OpDefinition> {
        ops_of(self.definition)
    }
}

/// Every op of `dialect` linked into this program, sorted by name.
pub(crate) fn ops_of(dialect: &'static DialectDefinition) -> Vec<&'static OpDefinition> {
    let mut ops: Vec<&'static OpDefinition> = inventory::iter::<OpRegistration>
        .into_iter()
        .filter(|r| std::ptr::eq((r.dialect)(), dialect))
        .map(|r| (r.op)())
        .collect();
    ops.sort_by(|a, b| a.name.cmp(b.name).then(a.type_name.cmp(b.type_name)));
    ops
}

/// Every Rust dialect linked into this program, sorted by namespace.
pub fn dialects() -> Vec<&'static DialectDefinition> {
    let mut all: Vec<&'static DialectDefinition> = inventory::iter::<DialectRegistration>
        .into_iter()
        .map(|r| (r.dialect)())
        .collect();
    all.sort_by(|a, b| {
        a.namespace
            .cmp(b.namespace)
            .then(a.type_name.cmp(b.type_name))
    });
    all.dedup_by(|a, b| std::ptr::eq(*a, *b));
    all
}

/// Why a Rust dialect was not registered: two dialects with one namespace,
/// two ops with one name, or a namespace MLIR already has.
pub(crate) fn problems(definition: &'static DialectDefinition) -> Vec<String> {
    let mut problems = Vec::new();
    for other in dialects() {
        if other.namespace == definition.namespace && !std::ptr::eq(other, definition) {
            problems.push(format!(
                "dialects `{}` and `{}` both declare the namespace '{}': rename one \
                 (#[mlir_dialect(name = \"...\")])",
                definition.type_name, other.type_name, definition.namespace
            ));
        }
    }
    let types = super::types::types_of(definition);
    let types = types.iter().map(|t| (t.name, t.type_name));
    declared_twice(&mut problems, types, "types", '!', definition.namespace);
    let attrs = super::attrs::attrs_of(definition);
    let attrs = attrs.iter().map(|a| (a.name, a.type_name));
    declared_twice(
        &mut problems,
        attrs,
        "attributes",
        '#',
        definition.namespace,
    );
    // Two in one module are a compile error; these are in two modules.
    let ops = ops_of(definition);
    for pair in ops.windows(2) {
        if pair[0].name == pair[1].name {
            problems.push(format!(
                "op name '{}.{}' is declared twice, by `{}` and `{}`: an op name must be \
                 unique in its dialect; rename one (#[mlir_op(name = \"...\")])",
                definition.namespace, pair[0].name, pair[0].type_name, pair[1].type_name
            ));
        }
    }
    problems
}

/// A problem for each name that two of `defs` (`(name, Rust type name)`,
/// sorted by name) declare: `what` is "types" or "attributes", `sigil`
/// their prefix in IR.
fn declared_twice<'a>(
    problems: &mut Vec<String>,
    defs: impl Iterator<Item = (&'a str, &'a str)>,
    what: &str,
    sigil: char,
    namespace: &str,
) {
    let defs: Vec<(&str, &str)> = defs.collect();
    for pair in defs.windows(2) {
        if pair[0].0 == pair[1].0 {
            problems.push(format!(
                "{what} `{}` and `{}` both declare '{sigil}{namespace}.{}': rename one",
                pair[0].1, pair[1].1, pair[0].0
            ));
        }
    }
}

/// The bridge's description of `definition`, built on first use; `Err`
/// names what stops the dialect from being registered.
pub(crate) fn registered(
    definition: &'static DialectDefinition,
) -> Result<RegisteredDialect, String> {
    static BUILT: OnceLock<Mutex<HashMap<usize, Result<RegisteredDialect, String>>>> =
        OnceLock::new();
    let key = definition as *const DialectDefinition as usize;
    let mut built = BUILT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    built
        .entry(key)
        .or_insert_with(|| {
            let problems = problems(definition);
            if !problems.is_empty() {
                return Err(problems.join("; "));
            }
            build(definition)
                .map(|spec| RegisteredDialect { definition, spec })
                .ok_or_else(|| format!("dialect '{}': out of memory", definition.namespace))
        })
        .clone()
}

/// Inserts every Rust dialect linked into this program into `registry`, so
/// that contexts made from it load them by name. Dialects that cannot be
/// registered (a namespace taken, two ops with one name) are left out and
/// named in the error.
///
/// # Safety
/// `registry` is a valid dialect registry.
pub unsafe fn insert_all(registry: sys::MlirDialectRegistry) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for definition in dialects() {
        // SAFETY: the caller's contract.
        if let Err(e) = unsafe { insert(registry, definition) } {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// [`insert_all`] for C++ callers (`opt_main`, the dialect plugin):
/// errors go to stderr, and the rest of the dialects are inserted.
///
/// # Safety
/// `registry` is a valid dialect registry.
pub unsafe extern "C" fn insert_all_extern(registry: sys::MlirDialectRegistry) {
    let result = crate::ffi::trap(|| {
        // SAFETY: the caller's contract.
        unsafe { insert_all(registry) }
    });
    match result {
        Ok(Ok(())) => {}
        Ok(Err(errors)) => {
            for e in errors {
                eprintln!("mlir-pass: error: {e}; the dialect was not registered");
            }
        }
        Err(panic) => {
            eprintln!("mlir-pass: error: registering the Rust dialects panicked: {panic}")
        }
    }
}

/// Inserts one dialect into `registry`.
///
/// # Safety
/// `registry` is a valid dialect registry.
unsafe fn insert(
    registry: sys::MlirDialectRegistry,
    definition: &'static DialectDefinition,
) -> Result<(), String> {
    let dialect = registered(definition)?;
    // SAFETY: valid registry (caller) and spec.
    let owner = unsafe { bridge::mlirPassBridgeDialectRegistryOwner(registry, dialect.spec) };
    match owner {
        bridge::MlirPassBridgeDialectOwner::MlirPassBridgeDialectFree => {
            // SAFETY: as above.
            unsafe { bridge::mlirPassBridgeDialectInsert(registry, dialect.spec) };
            Ok(())
        }
        bridge::MlirPassBridgeDialectOwner::MlirPassBridgeDialectSame => Ok(()),
        _ => Err(format!(
            "dialect `{}` declares the namespace '{}', which another dialect already has \
             in this registry (the host's own test dialects, say): rename it \
             (#[mlir_dialect(name = \"...\")])",
            definition.type_name, definition.namespace
        )),
    }
}

/// Loads dialect `D` into `context` (C++'s `getOrLoadDialect<D>()`).
///
/// # Errors
/// Another dialect of that namespace is registered or loaded there, two
/// Rust dialects share the namespace, two of its ops share a name, or an
/// op's `#[attr(default = "...")]` does not parse in `context` (the error
/// names the op, the attribute, the text and what MLIR's parser said; the
/// op then refuses to verify).
pub fn load<D: Dialect>(context: crate::ContextRef<'_>) -> Result<(), String> {
    // SAFETY: a valid context.
    unsafe { load_raw(context.raw(), D::definition()) }.map(|_| ())
}

/// Loads `definition` into `context`.
///
/// # Safety
/// `context` is a valid context.
unsafe fn load_raw(
    context: sys::MlirContext,
    definition: &'static DialectDefinition,
) -> Result<sys::MlirDialect, String> {
    let dialect = registered(definition)?;
    // SAFETY: the caller's contract; a valid spec. The bridge reports a
    // dialect that cannot load (a default that does not parse) as a
    // diagnostic, taken here to be the error.
    let (loaded, diagnostics) = unsafe {
        capture_diagnostics(context, || {
            bridge::mlirPassBridgeDialectLoad(context, dialect.spec)
        })
    };
    if !loaded.ptr.is_null() {
        return Ok(loaded);
    }
    let errors: Vec<_> = diagnostics
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message)
        .collect();
    if errors.is_empty() {
        Err(format!(
            "dialect `{}`: the context already has another dialect named '{}'",
            definition.type_name, definition.namespace
        ))
    } else {
        Err(errors.join("; "))
    }
}

/// The C API's dialect registration hooks (`MlirDialectRegistrationHooks`
/// of `mlir/CAPI/Registration.h`), one set per Rust dialect.
#[repr(C)]
#[derive(Debug)]
pub struct DialectRegistrationHooks {
    insert: unsafe extern "C" fn(sys::MlirDialectRegistry),
    load: unsafe extern "C" fn(sys::MlirContext) -> sys::MlirDialect,
    namespace: extern "C" fn() -> sys::MlirStringRef,
}

unsafe extern "C" fn insert_hook<D: Dialect>(registry: sys::MlirDialectRegistry) {
    // SAFETY: MLIR passes a valid registry.
    match crate::ffi::trap(|| unsafe { insert(registry, D::definition()) }) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => eprintln!("mlir-pass: error: {e}; the dialect was not registered"),
        Err(panic) => eprintln!("mlir-pass: error: registering a dialect panicked: {panic}"),
    }
}

unsafe extern "C" fn load_hook<D: Dialect>(context: sys::MlirContext) -> sys::MlirDialect {
    // SAFETY: MLIR passes a valid context.
    match crate::ffi::trap(|| unsafe { load_raw(context, D::definition()) }) {
        Ok(Ok(dialect)) => dialect,
        Ok(Err(e)) => {
            // SAFETY: a valid context.
            unsafe { crate::ContextRef::from_raw(context) }.emit_error(&e);
            sys::MlirDialect {
                ptr: std::ptr::null_mut(),
            }
        }
        Err(panic) => {
            eprintln!("mlir-pass: error: loading a dialect panicked: {panic}");
            sys::MlirDialect {
                ptr: std::ptr::null_mut(),
            }
        }
    }
}

extern "C" fn namespace_hook<D: Dialect>() -> sys::MlirStringRef {
    string_ref(D::definition().namespace)
}

/// The C API handle of Rust dialect `D` (what `#[mlir_dialect]`'s
/// `Dialect::handle` returns).
pub fn dialect_handle<D: Dialect>() -> sys::MlirDialectHandle {
    static HOOKS: OnceLock<Mutex<HashMap<TypeId, &'static DialectRegistrationHooks>>> =
        OnceLock::new();
    let mut hooks = HOOKS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let entry = hooks.entry(TypeId::of::<D>()).or_insert_with(|| {
        Box::leak(Box::new(DialectRegistrationHooks {
            insert: insert_hook::<D>,
            load: load_hook::<D>,
            namespace: namespace_hook::<D>,
        }))
    });
    sys::MlirDialectHandle {
        ptr: (*entry as *const DialectRegistrationHooks).cast(),
    }
}

/// [`dialect_handle`] as a C getter, for a pass's `dialects = [MyDialect]`.
///
/// # Safety
/// None: `unsafe` only to match the C API's getters' type.
pub unsafe extern "C" fn handle_extern<D: Dialect>() -> sys::MlirDialectHandle {
    dialect_handle::<D>()
}
