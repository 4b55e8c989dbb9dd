//! A Rust pass and its C++ twin (`cpp/option_twin.cpp`, `test-cpp-opts`):
//! the same option names, kinds and defaults, one in `#[option]` fields and
//! one in MLIR's `Option<>`/`ListOption<>`, so that a test can give both the
//! same option text and compare acceptance, values and printing.

use std::ffi::c_void;

use mlir_pass::{mlir_pass, sys, OperationRef, Pass, PassError};

/// The Rust side: `test-rust-opts`.
#[mlir_pass(argument = "test-rust-opts")]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OptionTwin {
    /// A flag.
    #[option]
    pub flag: bool,
    /// An integer.
    #[option(default = 7)]
    pub num: i32,
    /// A string.
    #[option(default = "x")]
    pub text: String,
    /// A list of strings.
    #[option(default = ["d1", "d2"])]
    pub names: Vec<String>,
    /// A list of integers.
    #[option]
    pub nums: Vec<i32>,
}

impl Pass for OptionTwin {
    fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

impl OptionTwin {
    /// The values, written as the C++ twin writes its own (strings with
    /// their length in front, so that any bytes compare exactly).
    pub fn values(&self) -> String {
        let string = |s: &str| format!("{}:{s}", s.len());
        let names: String = self.names.iter().map(|n| string(n) + ";").collect();
        let nums: String = self.nums.iter().map(|n| format!("{n};")).collect();
        format!(
            "flag={} num={} text={} names=[{names}] nums=[{nums}]",
            self.flag,
            self.num,
            string(&self.text)
        )
    }
}

unsafe extern "C" {
    fn mlirPassTestsCppOptsValues(
        options: sys::MlirStringRef,
        callback: sys::MlirStringCallback,
        user_data: *mut c_void,
    ) -> bool;
}

/// What the C++ twin reads from `options` (the text between the braces), as
/// [`OptionTwin::values`] writes it; `None` when MLIR refuses the text.
///
/// LLVM's command line reports a refused value on stderr itself.
pub fn cpp_twin_values(options: &str) -> Option<String> {
    unsafe extern "C" fn append(text: sys::MlirStringRef, user_data: *mut c_void) {
        // SAFETY: `user_data` is the `Vec` below; `text` is valid for the call.
        unsafe {
            let bytes = std::slice::from_raw_parts(text.data.cast::<u8>(), text.length);
            (*user_data.cast::<Vec<u8>>()).extend_from_slice(bytes);
        }
    }
    let mut out: Vec<u8> = Vec::new();
    let text = sys::MlirStringRef {
        data: options.as_ptr().cast(),
        length: options.len(),
    };
    // SAFETY: the callback and its user data live for the call.
    let ok = unsafe {
        mlirPassTestsCppOptsValues(text, Some(append), (&mut out as *mut Vec<u8>).cast())
    };
    ok.then(|| String::from_utf8_lossy(&out).into_owned())
}
