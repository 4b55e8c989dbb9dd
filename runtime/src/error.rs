//! The error a pass returns.

use std::fmt;

/// Why a pass failed.
///
/// Returned from [`Pass::run`](crate::Pass::run) or
/// [`Pass::initialize`](crate::Pass::initialize). The runtime turns it into
/// one MLIR error diagnostic (at the operation's location for `run`) and makes
/// the pass manager fail.
///
/// ```
/// use mlir_pass::PassError;
///
/// fn check(n: usize) -> Result<(), PassError> {
///     if n > 10 {
///         return Err(PassError::new(format!("too many operations: {n}")));
///     }
///     Ok(())
/// }
/// assert_eq!(check(11).unwrap_err().to_string(), "too many operations: 11");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassError {
    message: Option<String>,
}

impl PassError {
    /// A failure with a message, reported as an MLIR error diagnostic.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: Some(message.into()),
        }
    }

    /// A failure the pass has already reported with its own diagnostics
    /// (for example through [`OperationRef::emit_error`](crate::OperationRef::emit_error)):
    /// the pass fails and no further diagnostic is emitted.
    pub fn reported() -> Self {
        Self { message: None }
    }

    /// The message, or `None` for [`PassError::reported`].
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }
}

impl fmt::Display for PassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message.as_deref().unwrap_or("(already reported)"))
    }
}

impl std::error::Error for PassError {}

impl From<String> for PassError {
    fn from(message: String) -> Self {
        Self::new(message)
    }
}

/// A failed pipeline parse or pass addition (in [`Pipeline::build`](crate::Pipeline::build),
/// say) fails with its message.
impl From<crate::MlirError> for PassError {
    fn from(error: crate::MlirError) -> Self {
        Self::new(error.message)
    }
}

impl From<&str> for PassError {
    fn from(message: &str) -> Self {
        Self::new(message)
    }
}
