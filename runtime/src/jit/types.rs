//! The Rust types [`ExecutionEngine::invoke`](super::ExecutionEngine::invoke)
//! passes and returns, and the LLVM types they stand for. Sealed: only the
//! types listed here, whose layout is the one the packed wrapper loads and
//! stores, implement them.

use std::ffi::c_void;

use mlir_sys as sys;

/// A scalar the JIT passes by value: `i32`, `i64` (LLVM `i32`, `i64`),
/// `f32`, `f64` (`f32`, `f64`).
///
/// ```
/// # use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
/// let context = Context::new();
/// let module = Module::parse(&context, "llvm.func @half(%x: f64) -> f64 {
///   %c = llvm.mlir.constant(0.5 : f64) : f64
///   %r = llvm.fmul %x, %c : f64
///   llvm.return %r : f64
/// }", "half.mlir")?;
/// let engine = ExecutionEngine::new(module, JitOptions::default())?;
/// assert_eq!(engine.invoke::<(f64,), f64>("half", (3.0,))?, 1.5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot cross into JIT-compiled code",
    label = "not a JIT scalar",
    note = "JIT arguments and results are `i32`, `i64`, `f32` or `f64` (LLVM's `i32`, `i64`, `f32`, `f64`)"
)]
pub trait JitScalar: sealed::Scalar {}

/// The arguments of a JIT'd function: `()` or a tuple of up to six
/// [`JitScalar`]s, such as `(i64, f64)` (a single argument is `(x,)`).
///
/// ```
/// # use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
/// let context = Context::new();
/// let module = Module::parse(&context, "llvm.func @pick(%a: i32, %b: i64) -> i64 {
///   llvm.return %b : i64
/// }", "pick.mlir")?;
/// let engine = ExecutionEngine::new(module, JitOptions::default())?;
/// assert_eq!(engine.invoke::<(i32, i64), i64>("pick", (1, 2))?, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a JIT argument list",
    label = "arguments must be a tuple of JIT scalars",
    note = "write the arguments as a tuple of `i32`, `i64`, `f32` or `f64` values, up to 6: `()`, `(x,)`, `(a, b)`"
)]
pub trait JitArgs: sealed::Args {}

/// The result of a JIT'd function: `()` (an LLVM `void` function) or one
/// [`JitScalar`].
///
/// ```
/// # use mlir_pass::{jit::{ExecutionEngine, JitOptions}, Context, Module};
/// let context = Context::new();
/// let module = Module::parse(&context, "llvm.func @nothing() { llvm.return }", "n.mlir")?;
/// let engine = ExecutionEngine::new(module, JitOptions::default())?;
/// engine.invoke::<(), ()>("nothing", ())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a JIT result",
    label = "the result must be `()` or one JIT scalar",
    note = "a JIT-compiled function returns nothing (`()`) or one `i32`, `i64`, `f32` or `f64`"
)]
pub trait JitReturn: sealed::Return {}

pub(crate) mod sealed {
    use super::*;

    /// What a scalar needs: its LLVM type, and its name for messages.
    pub trait Scalar: Copy {
        /// The MLIR type of the value in the LLVM dialect.
        ///
        /// # Safety
        /// `context` is valid.
        unsafe fn mlir_type(context: sys::MlirContext) -> sys::MlirType;
    }

    /// What an argument list needs: its LLVM types, and pointers to each
    /// value for the packed interface.
    pub trait Args {
        /// The LLVM types of the arguments, in order.
        ///
        /// # Safety
        /// `context` is valid.
        unsafe fn mlir_types(context: sys::MlirContext) -> Vec<sys::MlirType>;
        /// Calls `f` with a pointer to each argument, in order (valid
        /// during the call).
        fn with_pointers<R>(self, f: impl FnOnce(Vec<*mut c_void>) -> R) -> R;
    }

    /// What a result needs: its LLVM type, and storage the packed wrapper
    /// writes into.
    pub trait Return: Sized {
        /// The LLVM result type (`!llvm.void` for `()`).
        ///
        /// # Safety
        /// `context` is valid.
        unsafe fn mlir_type(context: sys::MlirContext) -> sys::MlirType;
        /// Calls `call` with the pointer to the result's storage (none for
        /// `()`), then reads the result.
        ///
        /// # Safety
        /// `call` stores a value of this type through the pointer it gets.
        unsafe fn receive(call: impl FnOnce(Option<*mut c_void>)) -> Self;
    }
}

macro_rules! scalars {
    ($($t:ty => |$c:ident| $make:expr;)*) => {$(
        impl sealed::Scalar for $t {
            unsafe fn mlir_type($c: sys::MlirContext) -> sys::MlirType {
                // SAFETY: the caller's contract (a valid context).
                unsafe { $make }
            }
        }
        impl JitScalar for $t {}
        impl sealed::Return for $t {
            unsafe fn mlir_type(context: sys::MlirContext) -> sys::MlirType {
                // SAFETY: the caller's contract.
                unsafe { <$t as sealed::Scalar>::mlir_type(context) }
            }
            unsafe fn receive(call: impl FnOnce(Option<*mut c_void>)) -> Self {
                let mut out = std::mem::MaybeUninit::<$t>::uninit();
                call(Some(out.as_mut_ptr().cast()));
                // SAFETY: the caller's contract: `call` stored a value.
                unsafe { out.assume_init() }
            }
        }
        impl JitReturn for $t {}
    )*};
}

scalars! {
    i32 => |c| sys::mlirIntegerTypeGet(c, 32);
    i64 => |c| sys::mlirIntegerTypeGet(c, 64);
    f32 => |c| sys::mlirF32TypeGet(c);
    f64 => |c| sys::mlirF64TypeGet(c);
}

impl sealed::Return for () {
    unsafe fn mlir_type(context: sys::MlirContext) -> sys::MlirType {
        // SAFETY: the caller's contract.
        unsafe { sys::mlirLLVMVoidTypeGet(context) }
    }
    unsafe fn receive(call: impl FnOnce(Option<*mut c_void>)) -> Self {
        call(None)
    }
}
impl JitReturn for () {}

macro_rules! args {
    ($(($($t:ident $i:tt),*);)*) => {$(
        impl<$($t: JitScalar),*> sealed::Args for ($($t,)*) {
            #[allow(unused_variables)]
            unsafe fn mlir_types(context: sys::MlirContext) -> Vec<sys::MlirType> {
                // SAFETY: the caller's contract.
                vec![$(unsafe { <$t as sealed::Scalar>::mlir_type(context) }),*]
            }
            #[allow(unused_mut, unused_variables)]
            fn with_pointers<R>(self, f: impl FnOnce(Vec<*mut c_void>) -> R) -> R {
                let mut values = self;
                f(vec![$(std::ptr::addr_of_mut!(values.$i).cast::<c_void>()),*])
            }
        }
        impl<$($t: JitScalar),*> JitArgs for ($($t,)*) {}
    )*};
}

args! {
    ();
    (A 0);
    (A 0, B 1);
    (A 0, B 1, C 2);
    (A 0, B 1, C 2, D 3);
    (A 0, B 1, C 2, D 3, E 4);
    (A 0, B 1, C 2, D 3, E 4, F 5);
}
