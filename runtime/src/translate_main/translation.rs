//! A translation declared in Rust: its flag, its description, its function,
//! and the error it fails with.

use std::{fmt, io::Write, sync::Arc};

use melior::{ir::Module, Context};

use crate::OperationRef;

/// What an MLIR-to-X translation runs: the parsed, verified input (the
/// top-level op, a `builtin.module` unless `--no-implicit-module`) and the
/// output to write text or bytes to.
type FromMlirFn =
    dyn Fn(OperationRef<'_>, &mut dyn Write) -> Result<(), TranslationError> + Send + Sync;

/// What an X-to-MLIR translation runs: the input's text and the context to
/// build the module in.
type ToMlirFn =
    dyn for<'c> Fn(&str, &'c Context) -> Result<Module<'c>, TranslationError> + Send + Sync;

#[derive(Clone)]
pub(super) enum Direction {
    FromMlir(Arc<FromMlirFn>),
    ToMlir(Arc<ToMlirFn>),
}

/// A translation in or out of MLIR, as C++'s `TranslateFromMLIRRegistration`
/// and `TranslateToMLIRRegistration` declare one: a flag name (`mlir-to-toy`
/// is `--mlir-to-toy`), a description for `--help`, and a Rust function.
///
/// Give it to [`TranslateMain::translation`](super::TranslateMain::translation),
/// or register it for every tool of the program with
/// [`register_translation!`](crate::register_translation) (which
/// [`#[mlir_translation]`](crate::mlir_translation) on a function does for
/// you).
///
/// ```no_run
/// use std::io::Write;
///
/// use mlir_pass::{translate_main::{Translation, TranslationError}, OperationRef};
///
/// /// Writes the input's top-level op back as MLIR in its generic form.
/// fn generic(op: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> {
///     use mlir_pass::melior::ir::operation::{OperationLike, OperationPrintingFlags};
///     let flags = OperationPrintingFlags::new().print_generic_operation_form();
///     let text = op.melior().to_string_with_flags(flags)?;
///     writeln!(out, "{text}")?;
///     Ok(())
/// }
///
/// fn main() -> std::process::ExitCode {
///     mlir_pass::TranslateMain::new("my-translate")
///         .translation(Translation::from_mlir("mlir-to-generic", "Generic form", generic))
///         .run()
/// }
/// ```
#[derive(Clone)]
pub struct Translation {
    pub(super) name: String,
    pub(super) description: String,
    pub(super) direction: Direction,
}

impl fmt::Debug for Translation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Translation")
            .field("name", &self.name)
            .field("description", &self.description)
            .field(
                "direction",
                &match self.direction {
                    Direction::FromMlir(_) => "from MLIR",
                    Direction::ToMlir(_) => "to MLIR",
                },
            )
            .finish()
    }
}

impl Translation {
    /// A translation from MLIR (C++'s `TranslateFromMLIRRegistration`):
    /// the tool parses and verifies the input, then calls `function` with
    /// its top-level op (a `builtin.module`) and the output, where it
    /// writes text (`write!`) or bytes (`write_all`).
    ///
    /// The output is written to `-o` (standard output by default) only when
    /// `function` returns `Ok`. An `Err` is an error diagnostic at the op's
    /// location, a panic one that says it panicked and where; either way the
    /// tool exits with 1.
    pub fn from_mlir<F>(
        name: impl Into<String>,
        description: impl Into<String>,
        function: F,
    ) -> Self
    where
        F: Fn(OperationRef<'_>, &mut dyn Write) -> Result<(), TranslationError>
            + Send
            + Sync
            + 'static,
    {
        Self {
            name: name.into(),
            description: description.into(),
            direction: Direction::FromMlir(Arc::new(function)),
        }
    }

    /// A translation to MLIR (C++'s `TranslateToMLIRRegistration`): the
    /// tool calls `function` with the input's text and a context where
    /// every upstream and Rust dialect is available, verifies the module it
    /// returns and prints it.
    ///
    /// An `Err` is an error diagnostic at the input file (at the line and
    /// column of [`TranslationError::at`]), a panic one that says it
    /// panicked and where; either way the tool exits with 1. Input that is
    /// not UTF-8 is an error before `function` is called.
    pub fn to_mlir<F>(name: impl Into<String>, description: impl Into<String>, function: F) -> Self
    where
        F: for<'c> Fn(&str, &'c Context) -> Result<Module<'c>, TranslationError>
            + Send
            + Sync
            + 'static,
    {
        Self {
            name: name.into(),
            description: description.into(),
            direction: Direction::ToMlir(Arc::new(function)),
        }
    }

    /// The flag's name, without dashes (`mlir-to-toy`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The description `--help` shows.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// Whether it translates to MLIR (else from MLIR).
    pub fn is_to_mlir(&self) -> bool {
        matches!(self.direction, Direction::ToMlir(_))
    }

    /// Why the name cannot be a flag, if it cannot.
    pub(super) fn name_error(&self) -> Option<&'static str> {
        let name = self.name.as_str();
        if name.is_empty() {
            Some("it is empty")
        } else if name.starts_with('-') {
            Some("it starts with '-' (give the name without dashes)")
        } else if name.contains(|c: char| c == '=' || c.is_whitespace() || c.is_control()) {
            Some("a flag's name has no '=', space or control character")
        } else {
            None
        }
    }
}

// `Sync + Send` for the inventory of registrations and for tools that keep
// translations in statics; a from-MLIR function is `Send + Sync` by its
// constructor's bound.
const _: fn() = || {
    fn check<T: Send + Sync>() {}
    check::<Translation>();
};

/// Why a translation failed: a message, reported as an MLIR error
/// diagnostic, or [`TranslationError::reported`] when the translation has
/// emitted its own diagnostics.
///
/// `?` converts a `String`, a `&str`, an [`std::io::Error`] (writing the
/// output), a [`crate::MlirError`] and a [`melior::Error`] into one.
///
/// ```
/// use mlir_pass::translate_main::TranslationError;
///
/// let error = TranslationError::at(3, 7, "unexpected '}'");
/// assert_eq!(error.to_string(), "unexpected '}'");
/// assert_eq!(error.position(), Some((3, 7)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranslationError {
    message: Option<String>,
    position: Option<(u32, u32)>,
}

impl TranslationError {
    /// A failure with a message.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: Some(message.into()),
            position: None,
        }
    }

    /// A failure at `line` and `column` (from 1) of a to-MLIR translation's
    /// input: the diagnostic points there.
    pub fn at(line: u32, column: u32, message: impl Into<String>) -> Self {
        Self {
            message: Some(message.into()),
            position: Some((line, column)),
        }
    }

    /// A failure the translation has already reported with its own
    /// diagnostics (`op.emit_error(...)`): no further diagnostic is emitted.
    pub fn reported() -> Self {
        Self {
            message: None,
            position: None,
        }
    }

    /// The message, or `None` for [`TranslationError::reported`].
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The line and column of [`TranslationError::at`].
    pub fn position(&self) -> Option<(u32, u32)> {
        self.position
    }
}

impl fmt::Display for TranslationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message.as_deref().unwrap_or("(already reported)"))
    }
}

impl std::error::Error for TranslationError {}

impl From<String> for TranslationError {
    fn from(message: String) -> Self {
        Self::new(message)
    }
}

impl From<&str> for TranslationError {
    fn from(message: &str) -> Self {
        Self::new(message)
    }
}

impl From<std::io::Error> for TranslationError {
    fn from(error: std::io::Error) -> Self {
        Self::new(format!("cannot write the output: {error}"))
    }
}

impl From<melior::Error> for TranslationError {
    fn from(error: melior::Error) -> Self {
        Self::new(error.to_string())
    }
}

impl From<crate::MlirError> for TranslationError {
    fn from(error: crate::MlirError) -> Self {
        Self::new(error.to_string())
    }
}

/// One translation in the global list: what [`register_translation!`]
/// submits.
///
/// [`register_translation!`]: crate::register_translation
#[doc(hidden)]
pub struct TranslationRegistration {
    build: fn() -> Translation,
}

impl TranslationRegistration {
    /// The registration of the translation `build` returns.
    pub const fn new(build: fn() -> Translation) -> Self {
        Self { build }
    }
}

inventory::collect!(TranslationRegistration);

/// Every translation [`register_translation!`](crate::register_translation)
/// submitted in the crates linked into the program, sorted by name
/// (inventory's order is unspecified).
pub fn translations() -> Vec<Translation> {
    let mut all: Vec<Translation> = inventory::iter::<TranslationRegistration>
        .into_iter()
        .map(|r| (r.build)())
        .collect();
    all.sort_by(|a, b| a.name.cmp(&b.name));
    all
}

/// Registers a [`Translation`] for every [`translate_main`] of the program,
/// as `#[mlir_pass]` registers a pass: at item level, with an expression
/// that builds the translation (it is built when the tool starts).
/// [`#[mlir_translation]`](crate::mlir_translation) on a function is the
/// shorter spelling; this one takes any [`Translation`] (a closure, a name
/// computed by a `const fn`).
///
/// ```no_run
/// use std::io::Write;
///
/// use mlir_pass::translate_main::{Translation, TranslationError};
/// use mlir_pass::OperationRef;
///
/// fn op_name(op: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> {
///     writeln!(out, "{}", op.name())?;
///     Ok(())
/// }
///
/// mlir_pass::register_translation!(Translation::from_mlir(
///     "mlir-to-op-name",
///     "Prints the name of the input's top-level op",
///     op_name
/// ));
///
/// fn main() -> std::process::ExitCode {
///     mlir_pass::translate_main("my-translate")
/// }
/// ```
///
/// As with passes, a crate the tool never names is left out by the linker,
/// its translations with it: `use my_translations as _;` in the tool's
/// `main.rs`.
///
/// [`translate_main`]: crate::translate_main()
#[macro_export]
macro_rules! register_translation {
    ($translation:expr $(,)?) => {
        $crate::__private::inventory::submit! {
            $crate::__private::TranslationRegistration::new(|| $translation)
        }
    };
}
