//! The global list of Rust passes (collected with `inventory`) and their
//! registration in MLIR's pass registry.

use std::{
    collections::{BTreeMap, HashSet},
    ffi::c_void,
    fmt,
    sync::{Mutex, Once},
};

use mlir_sys as sys;

use crate::{
    external::OwnedPass,
    ffi::{bridge, string_ref, to_str, trap},
    pass::{PassDescriptor, PassMetadata},
    pipeline::{add_owned_pass, PipelineDescriptor},
    OpPassManager,
};

/// One pass in the global list. `#[mlir_pass]` submits one per pass type.
#[doc(hidden)]
pub struct PassRegistration {
    metadata: fn() -> &'static PassMetadata,
    type_id: fn() -> sys::MlirTypeID,
    build: BuildFn,
}

/// Adds a registered pass or pipeline, configured by the option text, to a
/// pass manager.
type BuildFn = fn(&str, sys::MlirOpPassManager) -> Result<(), String>;

impl PassRegistration {
    /// The registration of pass type `T`.
    pub const fn of<T: PassDescriptor>() -> Self {
        Self {
            metadata: T::metadata,
            type_id: T::type_id,
            build: add_from_options::<T>,
        }
    }
}

inventory::collect!(PassRegistration);

/// A pass named in a textual pipeline: `T::default()` with the options
/// between the braces set, added to `pm`.
fn add_from_options<T: PassDescriptor>(
    options: &str,
    pm: sys::MlirOpPassManager,
) -> Result<(), String> {
    let pass = crate::options::parse::<T>(options)?;
    add_owned_pass(pm, OwnedPass::new(pass))
}

/// One pass pipeline in the global list. `#[mlir_pipeline]` submits one per
/// pipeline type.
#[doc(hidden)]
pub struct PipelineRegistration {
    metadata: fn() -> &'static PassMetadata,
    build: BuildFn,
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

/// The argument and TypeID of every Rust pass that [`register_all`] has
/// registered in this process, sorted by argument: the names that mean a Rust
/// pass in MLIR's registry (a pass whose argument conflicted is not there,
/// and its argument names whatever MLIR has under it).
pub(crate) fn registered_passes() -> Vec<(&'static str, sys::MlirTypeID)> {
    let registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    let Some(registered) = registered.as_ref() else {
        return Vec::new();
    };
    let mut passes: Vec<_> = inventory::iter::<PassRegistration>
        .into_iter()
        .filter(|r| registered.contains((r.metadata)().argument))
        .map(|r| ((r.metadata)().argument, (r.type_id)()))
        .collect();
    passes.sort_by_key(|(argument, _)| *argument);
    passes
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

    fn what_plural(self) -> &'static str {
        match self {
            Entry::Pass(_) => "passes",
            Entry::Pipeline(_) => "pipelines",
        }
    }

    fn build(self) -> BuildFn {
        match self {
            Entry::Pass(r) => r.build,
            Entry::Pipeline(r) => r.build,
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
                format!("{} ", entries[0].what_plural())
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
        let owner = unsafe { bridge::mlirPassBridgeLookup(string_ref(argument)) };
        if owner != bridge::MlirPassBridgeArgumentOwner::MlirPassBridgeArgumentFree {
            let kind = if owner == bridge::MlirPassBridgeArgumentOwner::MlirPassBridgeArgumentPass {
                "pass"
            } else {
                "pass pipeline"
            };
            conflicts.push(format!(
                "Rust {} `{}` uses the argument '{argument}', which MLIR already has as a {kind}; \
                 choose another `argument = \"...\"`",
                entry.what(),
                meta.type_name,
            ));
            continue;
        }
        // MLIR's registry keeps the entry for the process: one box per
        // argument, registered once.
        let entry_box: &'static Entry = Box::leak(Box::new(entry));
        let descriptions: Vec<String> = meta
            .options
            .iter()
            .map(|o| o.description.replace('\n', " "))
            .collect();
        let options = help_options(meta, &descriptions);
        // SAFETY: the argument is free; the bridge copies the strings and
        // the options; the entry lives for the process.
        let ok = unsafe {
            bridge::mlirPassBridgeRegister(
                string_ref(meta.argument),
                string_ref(meta.summary),
                Some(build_from_registry),
                (entry_box as *const Entry).cast(),
                options.as_ptr(),
                options.len() as isize,
            )
        };
        if !ok {
            conflicts.push(format!(
                "Rust {} `{}` could not be registered: MLIR ran out of memory",
                entry.what(),
                meta.type_name
            ));
            continue;
        }
        registered.insert(argument);
    }
    if conflicts.is_empty() {
        Ok(())
    } else {
        Err(RegistrationError { conflicts })
    }
}

/// The options of a pass or pipeline as `--help` lists them, each with its
/// description on one line (`descriptions`, in the same order). The strings
/// are borrowed; the bridge copies them.
fn help_options<'a>(
    meta: &'a PassMetadata,
    descriptions: &'a [String],
) -> Vec<bridge::MlirPassBridgeOption> {
    use bridge::MlirPassBridgeOptionKind as Kind;
    meta.options
        .iter()
        .zip(descriptions)
        .map(|(o, description)| bridge::MlirPassBridgeOption {
            name: string_ref(o.name),
            description: string_ref(description),
            typeName: string_ref(o.mlir_type_name()),
            kind: if o.is_flag {
                Kind::MlirPassBridgeOptionFlag
            } else if o.is_list {
                Kind::MlirPassBridgeOptionList
            } else {
                Kind::MlirPassBridgeOptionValue
            },
        })
        .collect()
}

/// The builder MLIR calls when a textual pipeline names a Rust pass or
/// pipeline: the options are read, and the pass (or the pipeline's passes)
/// added to `pm`; an error or a panic becomes MLIR's parse error.
unsafe extern "C" fn build_from_registry(
    entry: *const c_void,
    pm: sys::MlirOpPassManager,
    options: sys::MlirStringRef,
    on_error: sys::MlirStringCallback,
    error_user_data: *mut c_void,
) -> bool {
    // SAFETY: `entry` is the leaked `Entry` handed to the bridge.
    let entry = unsafe { *entry.cast::<Entry>() };
    // SAFETY: MLIR hands valid option text.
    let options = unsafe { to_str(options) };
    let outcome = trap(|| (entry.build())(&options, pm)).unwrap_or_else(|panic| {
        let argument = entry.metadata().argument;
        Err(match entry {
            Entry::Pass(_) => {
                format!("pass '{argument}' panicked while being created: {}", panic)
            }
            Entry::Pipeline(_) => {
                format!(
                    "pipeline '{argument}' panicked while being built: {}",
                    panic
                )
            }
        })
    });
    match outcome {
        Ok(()) => true,
        Err(message) => {
            if let Some(on_error) = on_error {
                // SAFETY: the bridge's own callback and user data.
                unsafe { on_error(string_ref(&message), error_user_data) };
            }
            false
        }
    }
}
