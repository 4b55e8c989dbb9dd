//! [`JitOptions`]: how an [`ExecutionEngine`](super::ExecutionEngine) is
//! built.

use std::path::PathBuf;

/// How to build an [`ExecutionEngine`](super::ExecutionEngine).
///
/// ```
/// use mlir_pass::jit::JitOptions;
///
/// let options = JitOptions::default()
///     .opt_level(3)
///     .shared_library("/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so");
/// assert_eq!(options.opt_level, 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JitOptions {
    /// LLVM's optimization level, 0 to 3, for both the IR passes and code
    /// generation (toyc uses 3 with `-opt`, 0 without). Default 2.
    pub opt_level: u8,
    /// Shared libraries whose symbols the JIT'd code may call, such as
    /// `/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so` (`printMemrefF64`
    /// and friends). Symbols of the running process (libc's `printf`, and
    /// every exported symbol of the program) are found without them. A
    /// library serves the engines it is given to only: MLIR loads it into
    /// the whole process, but another engine whose module uses its symbols
    /// without it fails with
    /// [`JitError::UndefinedSymbols`](super::JitError::UndefinedSymbols), as
    /// it would in a process where no engine loaded it.
    pub shared_libraries: Vec<PathBuf>,
    /// Keep the compiled object so that
    /// [`ExecutionEngine::dump_object_file`](super::ExecutionEngine::dump_object_file) can write it. Default off.
    pub object_dump: bool,
}

impl Default for JitOptions {
    fn default() -> Self {
        Self {
            opt_level: 2,
            shared_libraries: Vec::new(),
            object_dump: false,
        }
    }
}

impl JitOptions {
    /// Sets [`JitOptions::opt_level`].
    ///
    /// ```
    /// let options = mlir_pass::jit::JitOptions::default().opt_level(0);
    /// assert_eq!(options.opt_level, 0);
    /// ```
    pub fn opt_level(mut self, level: u8) -> Self {
        self.opt_level = level;
        self
    }

    /// Adds a library to [`JitOptions::shared_libraries`].
    ///
    /// ```
    /// let options = mlir_pass::jit::JitOptions::default()
    ///     .shared_library("/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so");
    /// assert_eq!(options.shared_libraries.len(), 1);
    /// ```
    pub fn shared_library(mut self, path: impl Into<PathBuf>) -> Self {
        self.shared_libraries.push(path.into());
        self
    }

    /// Sets [`JitOptions::object_dump`].
    ///
    /// ```
    /// let options = mlir_pass::jit::JitOptions::default().object_dump(true);
    /// assert!(options.object_dump);
    /// ```
    pub fn object_dump(mut self, enable: bool) -> Self {
        self.object_dump = enable;
        self
    }
}
