//! The global list of Rust passes (collected with `inventory`) and their
//! registration in MLIR's pass registry.

use std::{
    collections::{BTreeMap, HashSet},
    ffi::c_void,
    fmt,
    panic::{catch_unwind, AssertUnwindSafe},
    sync::{Mutex, Once},
};

use mlir_sys as sys;

use crate::{
    bridge,
    options::OptionSpec,
    strings::{string_ref, to_str},
    trampoline::{create_raw, panic_message},
    OpPassManager, PassDescriptor, PipelineDescriptor,
};

/// What MLIR and users see of a pass: the keys of `#[mlir_pass]`.
#[derive(Debug)]
pub struct PassMetadata {
    /// The pass's name (`name = ...`, or the struct's name).
    pub name: &'static str,
    /// The pipeline name (`argument = ...`), as in `func.func(annotate-op-count)`.
    pub argument: &'static str,
    /// The description (`description = ...`, or the struct's doc comment).
    pub description: &'static str,
    /// The description's first paragraph on one line: what MLIR shows for
    /// the pass (in `mlir-opt --help`, for instance), like a TableGen pass's
    /// `summary`.
    pub summary: &'static str,
    /// The anchor operation (`op = ...`); `None` for a pass that runs on any op.
    pub op_name: Option<&'static str>,
    /// The dependent dialects' names (`dialects = [...]`).
    pub dialect_names: &'static [&'static str],
    /// The dependent dialects' handle getters, matching `dialect_names`.
    #[doc(hidden)]
    pub dialects: &'static [unsafe extern "C" fn() -> sys::MlirDialectHandle],
    /// The Rust type that implements the pass.
    pub type_name: &'static str,
    /// The pass's options (`#[option]` fields), in declaration order.
    pub options: &'static [OptionSpec],
    /// Computes [`PassMetadata::option_defaults`].
    #[doc(hidden)]
    pub defaults: fn() -> Vec<(&'static str, String)>,
}

impl PassMetadata {
    /// Each option's default value (of `Default::default()`), as a pipeline
    /// would print it, sorted by option name.
    pub fn option_defaults(&self) -> Vec<(&'static str, String)> {
        (self.defaults)()
    }

    /// Each option with its default value as printed, in declaration order:
    /// what `--list-rust-passes` ([`pass_list`](crate::pass_list)) and [`pass_docs`](crate::pass_docs) show.
    pub fn options_with_defaults(&self) -> Vec<(&'static OptionSpec, String)> {
        let defaults = self.option_defaults();
        self.options
            .iter()
            .map(|option| {
                let default = defaults
                    .iter()
                    .find(|(name, _)| *name == option.name)
                    .map_or(String::new(), |(_, value)| value.clone());
                (option, default)
            })
            .collect()
    }

    /// The option named `name`.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }
}

/// One pass in the global list. `#[mlir_pass]` submits one per pass type.
#[doc(hidden)]
pub struct PassRegistration {
    metadata: fn() -> &'static PassMetadata,
    create: fn(&str) -> Result<sys::MlirPass, String>,
}

impl PassRegistration {
    /// The registration of pass type `T`.
    pub const fn of<T: PassDescriptor>() -> Self {
        Self {
            metadata: T::metadata,
            create: create_from_options::<T>,
        }
    }
}

inventory::collect!(PassRegistration);

/// A pass created by a pipeline: `T::default()` with the options between
/// the braces set.
fn create_from_options<T: PassDescriptor>(options: &str) -> Result<sys::MlirPass, String> {
    let pass = catch_unwind(|| crate::options::parse::<T>(options)).map_err(|payload| {
        format!(
            "pass '{}' panicked while being created: {}",
            T::metadata().argument,
            panic_message(&*payload)
        )
    })??;
    Ok(create_raw(pass))
}

/// One pass pipeline in the global list. `#[mlir_pipeline]` submits one per
/// pipeline type.
#[doc(hidden)]
pub struct PipelineRegistration {
    metadata: fn() -> &'static PassMetadata,
    build: fn(&str, sys::MlirOpPassManager) -> Result<(), String>,
}

impl PipelineRegistration {
    /// The registration of pipeline type `T`.
    pub const fn of<T: PipelineDescriptor>() -> Self {
        Self {
            metadata: T::metadata,
            build: build_from_options::<T>,
        }
    }
}

inventory::collect!(PipelineRegistration);

/// A pipeline named in a textual pipeline: `T::default()` with the options
/// between the braces set, built into `pm`.
fn build_from_options<T: PipelineDescriptor>(
    options: &str,
    pm: sys::MlirOpPassManager,
) -> Result<(), String> {
    let argument = T::metadata().argument;
    let pipeline = crate::options::parse::<T>(options)?;
    pipeline
        .build(&OpPassManager::lent(pm))
        .map_err(|e| format!("pipeline '{argument}': {e}"))
}

/// Every Rust pass pipeline linked into this program, sorted by argument.
pub fn pipelines() -> Vec<&'static PassMetadata> {
    sorted(
        inventory::iter::<PipelineRegistration>
            .into_iter()
            .map(|r| (r.metadata)()),
    )
}

fn sorted(all: impl Iterator<Item = &'static PassMetadata>) -> Vec<&'static PassMetadata> {
    let mut all: Vec<_> = all.collect();
    all.sort_by(|a, b| {
        a.argument
            .cmp(b.argument)
            .then(a.type_name.cmp(b.type_name))
    });
    all
}

/// Every Rust pass linked into this program, sorted by argument.
///
/// This lists what `#[mlir_pass]` declared, whether or not [`register_all`]
/// has run.
pub fn passes() -> Vec<&'static PassMetadata> {
    sorted(
        inventory::iter::<PassRegistration>
            .into_iter()
            .map(|r| (r.metadata)()),
    )
}

/// A pass or a pipeline, for registration.
#[derive(Clone, Copy)]
enum Entry {
    Pass(&'static PassRegistration),
    Pipeline(&'static PipelineRegistration),
}

impl Entry {
    fn metadata(self) -> &'static PassMetadata {
        match self {
            Entry::Pass(r) => (r.metadata)(),
            Entry::Pipeline(r) => (r.metadata)(),
        }
    }

    fn what(self) -> &'static str {
        match self {
            Entry::Pass(_) => "pass",
            Entry::Pipeline(_) => "pipeline",
        }
    }
}

/// Why [`register_all`] could not register some passes.
///
/// Every other pass was registered; the ones named here were not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationError {
    conflicts: Vec<String>,
}

impl RegistrationError {
    /// One line per conflict, naming both sides.
    pub fn conflicts(&self) -> &[String] {
        &self.conflicts
    }
}

impl fmt::Display for RegistrationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} pass registration conflict(s): ",
            self.conflicts.len()
        )?;
        f.write_str(&self.conflicts.join("; "))
    }
}

impl std::error::Error for RegistrationError {}

/// Arguments this process has registered through [`register_all`].
static REGISTERED: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
static UPSTREAM: Once = Once::new();

/// Registers MLIR's upstream passes and every Rust pass linked into the
/// program in MLIR's global registry, so that textual pipelines
/// (`mlirParsePassPipeline`, [`PassManager::parse`](crate::PassManager::parse),
/// `mlir-opt --pass-pipeline`) can name them.
///
/// Upstream passes are registered first so that a Rust pass cannot take an
/// argument that an upstream pass uses (MLIR would abort on some of those).
///
/// Calling it again, or from several threads at once, is harmless: each pass
/// is registered once. MLIR's registry itself has no lock, so call it before
/// other threads parse pipelines, as MLIR tools register before they parse.
///
/// # Errors
/// Two Rust passes with the same argument, or a Rust pass whose argument an
/// MLIR pass or pipeline already uses: the error names both, and those passes
/// are not registered. All others are.
pub fn register_all() -> Result<(), RegistrationError> {
    let mut registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    let registered = registered.get_or_insert_with(HashSet::new);
    // SAFETY: plain registration call, serialised by the lock above.
    UPSTREAM.call_once(|| unsafe { sys::mlirRegisterAllPasses() });

    let mut by_argument: BTreeMap<&'static str, Vec<Entry>> = BTreeMap::new();
    let entries = inventory::iter::<PassRegistration>
        .into_iter()
        .map(Entry::Pass)
        .chain(
            inventory::iter::<PipelineRegistration>
                .into_iter()
                .map(Entry::Pipeline),
        );
    for entry in entries {
        by_argument
            .entry(entry.metadata().argument)
            .or_default()
            .push(entry);
    }

    let mut conflicts = Vec::new();
    for (argument, entries) in by_argument {
        if entries.len() > 1 {
            let same_kind = entries.iter().all(|e| e.what() == entries[0].what());
            let mut types: Vec<_> = entries
                .iter()
                .map(|e| {
                    if same_kind {
                        format!("`{}`", e.metadata().type_name)
                    } else {
                        format!("{} `{}`", e.what(), e.metadata().type_name)
                    }
                })
                .collect();
            types.sort();
            let what = if same_kind {
                format!("{}s ", entries[0].what())
            } else {
                String::new()
            };
            conflicts.push(format!(
                "Rust {what}{} all use the argument '{argument}'; give each a distinct `argument = \"...\"`",
                types.join(", ")
            ));
            continue;
        }
        if registered.contains(argument) {
            continue;
        }
        let entry = entries[0];
        let meta = entry.metadata();
        // SAFETY: the lookup only reads MLIR's registry, guarded by our lock.
        match unsafe { bridge::mlirPassBridgeLookup(string_ref(argument)) } {
            0 => {}
            kind => {
                conflicts.push(format!(
                    "Rust {} `{}` uses the argument '{argument}', which MLIR already has as a {}; \
                     choose another `argument = \"...\"`",
                    entry.what(),
                    meta.type_name,
                    if kind == 1 { "pass" } else { "pass pipeline" }
                ));
                continue;
            }
        }
        // SAFETY: the argument is free, the strings and the entries are 'static.
        unsafe {
            match entry {
                Entry::Pass(registration) => bridge::mlirPassBridgeRegister(
                    string_ref(meta.argument),
                    string_ref(meta.summary),
                    create_from_registry,
                    (registration as *const PassRegistration).cast(),
                ),
                Entry::Pipeline(registration) => bridge::mlirPassBridgeRegisterPipeline(
                    string_ref(meta.argument),
                    string_ref(meta.summary),
                    build_from_registry,
                    (registration as *const PipelineRegistration).cast(),
                ),
            }
        }
        registered.insert(argument);
    }
    if conflicts.is_empty() {
        Ok(())
    } else {
        Err(RegistrationError { conflicts })
    }
}

/// The builder MLIR calls when a pipeline names a Rust pass.
unsafe extern "C" fn create_from_registry(
    entry: *const c_void,
    options: sys::MlirStringRef,
    on_error: sys::MlirStringCallback,
    error_user_data: *mut c_void,
) -> sys::MlirPass {
    // SAFETY: `entry` is the 'static registration passed to the bridge.
    let registration = unsafe { &*entry.cast::<PassRegistration>() };
    // SAFETY: MLIR hands valid option text.
    let options = unsafe { to_str(options) };
    let outcome = catch_unwind(AssertUnwindSafe(|| (registration.create)(&options)))
        .unwrap_or_else(|payload| Err(panic_message(&*payload)));
    match outcome {
        Ok(pass) => pass,
        Err(message) => {
            // SAFETY: the bridge's own callback and user data.
            unsafe { report(on_error, error_user_data, &message) };
            sys::MlirPass {
                ptr: std::ptr::null_mut(),
            }
        }
    }
}

/// Hands `message` to the bridge's error callback.
///
/// # Safety
/// `on_error` and `user_data` are what the bridge passed.
unsafe fn report(on_error: sys::MlirStringCallback, user_data: *mut c_void, message: &str) {
    if let Some(on_error) = on_error {
        // SAFETY: the caller's contract.
        unsafe { on_error(string_ref(message), user_data) };
    }
}

/// The builder MLIR calls when a textual pipeline names a Rust pipeline.
unsafe extern "C" fn build_from_registry(
    entry: *const c_void,
    pm: sys::MlirOpPassManager,
    options: sys::MlirStringRef,
    on_error: sys::MlirStringCallback,
    error_user_data: *mut c_void,
) -> bool {
    // SAFETY: `entry` is the 'static registration passed to the bridge.
    let registration = unsafe { &*entry.cast::<PipelineRegistration>() };
    // SAFETY: MLIR hands valid option text.
    let options = unsafe { to_str(options) };
    let outcome = catch_unwind(AssertUnwindSafe(|| (registration.build)(&options, pm)))
        .unwrap_or_else(|payload| {
            Err(format!(
                "pipeline '{}' panicked while being built: {}",
                (registration.metadata)().argument,
                panic_message(&*payload)
            ))
        });
    match outcome {
        Ok(()) => true,
        Err(message) => {
            // SAFETY: the bridge's own callback and user data.
            unsafe { report(on_error, error_user_data, &message) };
            false
        }
    }
}
