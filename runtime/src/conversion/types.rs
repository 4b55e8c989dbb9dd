//! [`TypeConverter`] and [`LlvmTypeConverter`]: type conversions and
//! materializations as Rust closures.

use std::{
    ffi::c_void,
    fmt,
    ops::{Deref, DerefMut},
    sync::Arc,
};

use melior::{
    ir::{Location, RegionLike, Type, TypeLike, Value},
    Context,
};
use mlir_sys as sys;

use super::{
    callback::{boxed, drop_boxed, resume_pending_panic},
    materializer::Materializer,
    signature::SignatureConversion,
    target::out_of_memory,
};
use crate::{
    ffi::bridge::{self, MlirPassBridgeMaterializationKind},
    handle::{ContextRef, OperationRef},
};

/// What a type conversion closure answers for one type (C++'s
/// `std::optional<LogicalResult>` with the types it appends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeConversion<'c> {
    /// The type becomes these types: one for a 1:1 conversion (the type
    /// itself when it is legal as it is), several for a 1:N conversion,
    /// none to drop it.
    Converted(Vec<Type<'c>>),
    /// This closure does not handle the type: the closures added before it
    /// are asked (C++'s `std::nullopt`).
    NotApplicable,
    /// The type cannot be converted; no other closure is asked (C++'s
    /// `failure()`).
    Failed,
}

impl<'c> TypeConversion<'c> {
    /// A 1:1 conversion to `to`.
    pub fn to(to: Type<'c>) -> Self {
        Self::Converted(vec![to])
    }
}

impl<'c> From<Option<Type<'c>>> for TypeConversion<'c> {
    /// `Some(type)`: converted to it; `None`: not applicable (C++'s
    /// `std::optional<Type>` form).
    fn from(converted: Option<Type<'c>>) -> Self {
        converted.map_or(Self::NotApplicable, Self::to)
    }
}

struct Inner {
    raw: *mut bridge::MlirPassBridgeTypeConverter,
    /// The context an `LLVMTypeConverter` builds its types in.
    context: Option<sys::MlirContext>,
}

// SAFETY: MLIR's `TypeConverter` is used from several threads at once by
// design (its caches are locked); its closures are `Send + Sync`, and it is
// only changed through `&mut TypeConverter` while not shared.
unsafe impl Send for Inner {}
// SAFETY: as above.
unsafe impl Sync for Inner {}

impl Drop for Inner {
    fn drop(&mut self) {
        // SAFETY: made by a create function, destroyed once (the last clone).
        unsafe { bridge::mlirPassBridgeTypeConverterDestroy(self.raw) }
    }
}

/// Converts types for a dialect conversion: C++'s `TypeConverter`.
///
/// Add conversions (tried from the last added to the first, as in C++) and
/// materializations, then hand it to the patterns and populators that use
/// it. Cloning is a reference count: a pattern set or a target that uses
/// the converter keeps it alive.
///
/// ```
/// use mlir_pass::conversion::{TypeConversion, TypeConverter};
/// use mlir_pass::melior::ir::r#type::IntegerType;
///
/// let mut converter = TypeConverter::new();
/// // Every type is legal as it is...
/// converter.add_identity_conversion();
/// // ...but i1 becomes i8.
/// converter.add_conversion(|ty, context| match IntegerType::try_from(ty) {
///     Ok(int) if int.width() == 1 => TypeConversion::to(IntegerType::new(context, 8).into()),
///     _ => TypeConversion::NotApplicable,
/// });
/// ```
#[derive(Clone)]
pub struct TypeConverter {
    inner: Arc<Inner>,
}

impl Default for TypeConverter {
    fn default() -> Self {
        Self::new()
    }
}

impl TypeConverter {
    /// A converter with no conversions: no type converts.
    pub fn new() -> Self {
        // SAFETY: no arguments.
        Self::from_raw(unsafe { bridge::mlirPassBridgeTypeConverterCreate() }, None)
    }

    fn from_raw(
        raw: *mut bridge::MlirPassBridgeTypeConverter,
        context: Option<sys::MlirContext>,
    ) -> Self {
        assert!(
            !raw.is_null(),
            "mlir-pass: out of memory creating a TypeConverter"
        );
        Self {
            inner: Arc::new(Inner { raw, context }),
        }
    }

    /// The context the converter is bound to (an `LLVMTypeConverter`'s).
    pub(super) fn context(&self) -> Option<sys::MlirContext> {
        self.inner.context
    }

    pub(super) fn raw(&self) -> *mut bridge::MlirPassBridgeTypeConverter {
        self.inner.raw
    }

    /// The raw converter, for changing it.
    ///
    /// # Panics
    /// The converter is shared (a clone exists, or a pattern set or target
    /// holds it): add conversions before handing it out, as a C++ converter
    /// must not change while a conversion uses it.
    fn raw_mut(&mut self, what: &str) -> *mut bridge::MlirPassBridgeTypeConverter {
        match Arc::get_mut(&mut self.inner) {
            Some(inner) => inner.raw,
            None => panic!(
                "mlir-pass: cannot add a {what} to a TypeConverter that is shared (cloned, or \
                 given to a pattern set or a target): add conversions and materializations first"
            ),
        }
    }

    /// Adds a conversion, asked before the ones added earlier (C++'s
    /// `addConversion`): a closure given the type and its context (to build
    /// types with melior), answering a [`TypeConversion`].
    ///
    /// # Panics
    /// The converter is shared (see [`TypeConverter`]).
    pub fn add_conversion<F>(&mut self, convert: F) -> &mut Self
    where
        F: for<'c> Fn(Type<'c>, &'c Context) -> TypeConversion<'c> + Send + Sync + 'static,
    {
        let raw = self.raw_mut("conversion");
        // SAFETY: a valid converter; the bridge owns the box from now on.
        let ok = unsafe {
            bridge::mlirPassBridgeTypeConverterAddConversion(
                raw,
                Some(super::callback::convert_one::<F>),
                boxed(convert),
                Some(drop_boxed::<F>),
            )
        };
        out_of_memory(ok);
        self
    }

    /// Adds the conversion of every type to itself (C++'s
    /// `addConversion([](Type t) { return t; })`), usually first, so that
    /// types no later conversion handles are legal.
    ///
    /// # Panics
    /// The converter is shared (see [`TypeConverter`]).
    pub fn add_identity_conversion(&mut self) -> &mut Self {
        self.add_conversion(|ty, _| TypeConversion::to(ty))
    }

    /// Adds a source materialization: builds, with the [`Materializer`],
    /// ops that turn converted values back into one value of the original
    /// type (for uses the conversion left unconverted). Returns `None` when
    /// it does not apply (the materializations added before it are tried).
    ///
    /// # Panics
    /// The converter is shared (see [`TypeConverter`]).
    pub fn add_source_materialization<F: Materialization>(&mut self, materialize: F) -> &mut Self {
        self.add_materialization(
            MlirPassBridgeMaterializationKind::MlirPassBridgeSourceMaterialization,
            materialize,
        )
    }

    /// Adds a target materialization: builds ops that turn values into one
    /// value of a converted type (a pattern's operands when the value's
    /// producer was not converted yet). As
    /// [`add_source_materialization`](Self::add_source_materialization)
    /// otherwise.
    ///
    /// # Panics
    /// The converter is shared (see [`TypeConverter`]).
    pub fn add_target_materialization<F: Materialization>(&mut self, materialize: F) -> &mut Self {
        self.add_materialization(
            MlirPassBridgeMaterializationKind::MlirPassBridgeTargetMaterialization,
            materialize,
        )
    }

    fn add_materialization<F: Materialization>(
        &mut self,
        kind: MlirPassBridgeMaterializationKind,
        materialize: F,
    ) -> &mut Self {
        let raw = self.raw_mut("materialization");
        // SAFETY: a valid converter; the bridge owns the box from now on.
        let ok = unsafe {
            bridge::mlirPassBridgeTypeConverterAddMaterialization(
                raw,
                kind,
                Some(super::callback::materialize_one::<F>),
                boxed(materialize),
                Some(drop_boxed::<F>),
            )
        };
        out_of_memory(ok);
        self
    }

    /// Converts `ty` (C++'s `convertType`, 1:N): the types it becomes, or
    /// `None` when it does not convert.
    pub fn convert_type<'c>(&self, ty: Type<'c>) -> Option<Vec<Type<'c>>> {
        let mut types: Vec<Type<'c>> = Vec::new();
        // SAFETY: valid converter and type; the callback pushes to `types`.
        let ok = unsafe {
            bridge::mlirPassBridgeTypeConverterConvertType(
                self.raw(),
                ty.to_raw(),
                Some(push_type),
                (&mut types as *mut Vec<Type<'c>>).cast(),
            )
        };
        resume_pending_panic();
        ok.then_some(types)
    }

    /// Converts `ty` to exactly one type (C++'s `Type convertType(Type)`):
    /// `None` when it does not convert, or converts to no type or several.
    pub fn convert_single<'c>(&self, ty: Type<'c>) -> Option<Type<'c>> {
        match self.convert_type(ty)?.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whether `ty` converts to itself (C++'s `isLegal(Type)`).
    pub fn is_legal_type(&self, ty: Type<'_>) -> bool {
        // SAFETY: valid converter and type.
        let legal =
            unsafe { bridge::mlirPassBridgeTypeConverterIsLegalType(self.raw(), ty.to_raw()) };
        resume_pending_panic();
        legal
    }

    /// Whether the operand and result types of `op` are legal (C++'s
    /// `isLegal(Operation *)`).
    pub fn is_legal_op(&self, op: OperationRef<'_>) -> bool {
        // SAFETY: valid converter and op.
        answer(|| unsafe { bridge::mlirPassBridgeTypeConverterIsLegalOp(self.raw(), op.raw()) })
    }

    /// Whether the inputs and results of the function type `function_type`
    /// are legal (C++'s `isSignatureLegal`); false for another type.
    pub fn is_signature_legal(&self, function_type: Type<'_>) -> bool {
        // SAFETY: valid converter and type.
        answer(|| unsafe {
            bridge::mlirPassBridgeTypeConverterIsSignatureLegal(self.raw(), function_type.to_raw())
        })
    }

    /// Whether the argument types of every block in `region` are legal
    /// (C++'s `isLegal(Region *)`).
    pub fn is_legal_region<'c: 'a, 'a>(&self, region: &impl RegionLike<'c, 'a>) -> bool {
        // SAFETY: valid converter and region.
        answer(|| unsafe {
            bridge::mlirPassBridgeTypeConverterIsLegalRegion(self.raw(), region.to_raw())
        })
    }

    /// Whether `op` is a function (`FunctionOpInterface`) whose signature
    /// and the arguments of every block of its body are legal (C++'s
    /// `isSignatureLegal(f.getFunctionType()) && isLegal(&f.getBody())`).
    /// False for other ops.
    ///
    /// Upstream's [function signature conversion](super::ConversionPatternSetBuilder::function_signature_conversion)
    /// converts the entry block only: for functions with several blocks,
    /// let [`cf_structural_conversion`](super::ConversionPatternSetBuilder::cf_structural_conversion)
    /// convert the other blocks and make the function legal on its
    /// signature alone ([`is_signature_legal`](Self::is_signature_legal)).
    pub fn is_legal_function(&self, op: OperationRef<'_>) -> bool {
        // SAFETY: valid op and converter.
        answer(|| unsafe { bridge::mlirPassBridgeIsLegalFunction(op.raw(), self.raw()) })
    }

    /// Upstream's `isLegalForReturnOpTypeConversionPattern`: true for ops
    /// that are not `func.return`, and for a `func.return` whose operands
    /// are legal.
    pub fn is_legal_return(&self, op: OperationRef<'_>) -> bool {
        // SAFETY: valid op and converter.
        answer(|| unsafe { bridge::mlirPassBridgeIsLegalReturnOp(op.raw(), self.raw()) })
    }

    /// Upstream's `isLegalForBranchOpInterfaceTypeConversionPattern`: a
    /// branch whose successor operands are legal.
    pub fn is_legal_branch(&self, op: OperationRef<'_>) -> bool {
        // SAFETY: valid op and converter.
        answer(|| unsafe { bridge::mlirPassBridgeIsLegalBranchOp(op.raw(), self.raw()) })
    }

    /// Converts each of `types` (a block's or function's inputs) into a new
    /// [`SignatureConversion`] (C++'s `convertSignatureArgs`); `None` when
    /// one does not convert.
    pub fn convert_signature<'c>(&self, types: &[Type<'c>]) -> Option<SignatureConversion<'c>> {
        let conversion = SignatureConversion::new(types.len());
        let raw: Vec<sys::MlirType> = types.iter().map(|t| t.to_raw()).collect();
        // SAFETY: valid converter and conversion (fresh, of as many inputs).
        let ok = unsafe {
            bridge::mlirPassBridgeTypeConverterConvertSignatureArgs(
                self.raw(),
                raw.len() as isize,
                raw.as_ptr(),
                conversion.raw(),
            )
        };
        resume_pending_panic();
        ok.then_some(conversion)
    }
}

impl fmt::Debug for TypeConverter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TypeConverter").finish_non_exhaustive()
    }
}

/// A materialization: given the [`Materializer`] to build with, the type
/// to reach, the values to convert and a location, the value it built, or
/// `None` when it does not apply. Every closure of that shape that is
/// `Send + Sync + 'static` is one.
pub trait Materialization:
    for<'a> Fn(&Materializer<'a>, Type<'a>, &[Value<'a, 'a>], Location<'a>) -> Option<Value<'a, 'a>>
    + Send
    + Sync
    + 'static
{
}

impl<F> Materialization for F where
    F: for<'a> Fn(
            &Materializer<'a>,
            Type<'a>,
            &[Value<'a, 'a>],
            Location<'a>,
        ) -> Option<Value<'a, 'a>>
        + Send
        + Sync
        + 'static
{
}

/// MLIR's `LLVMTypeConverter`: converts builtin types to the `llvm`
/// dialect's (integers and floats stay, `index` becomes an integer of the
/// target's width, vectors and memrefs become LLVM's), as upstream's
/// `*-to-llvm` conversions need. It is a [`TypeConverter`] (by `Deref`), so
/// more conversions can be added to it; the LLVM populators of
/// [`ConversionPatternSetBuilder`](super::ConversionPatternSetBuilder) take
/// this type.
#[derive(Clone, Debug)]
pub struct LlvmTypeConverter(TypeConverter);

impl LlvmTypeConverter {
    /// The converter with MLIR's default lowering options for `context`.
    pub fn new(context: ContextRef<'_>) -> Self {
        Self::with_index_bitwidth(context, 0)
    }

    /// As [`new`](Self::new), with `index` lowered to an integer of `bits`
    /// bits (0: the data layout's width, 64 by default).
    pub fn with_index_bitwidth(context: ContextRef<'_>, bits: u32) -> Self {
        // SAFETY: a valid context.
        let raw = unsafe { bridge::mlirPassBridgeTypeConverterCreateLLVM(context.raw(), bits) };
        Self(TypeConverter::from_raw(raw, Some(context.raw())))
    }
}

impl Deref for LlvmTypeConverter {
    type Target = TypeConverter;

    fn deref(&self) -> &TypeConverter {
        &self.0
    }
}

impl DerefMut for LlvmTypeConverter {
    fn deref_mut(&mut self) -> &mut TypeConverter {
        &mut self.0
    }
}

impl AsRef<TypeConverter> for LlvmTypeConverter {
    fn as_ref(&self) -> &TypeConverter {
        &self.0
    }
}

pub(super) unsafe extern "C" fn push_type(ty: sys::MlirType, data: *mut c_void) {
    // SAFETY: `data` is the `Vec<Type>` of the caller; a valid type.
    unsafe { (*data.cast::<Vec<Type<'_>>>()).push(Type::from_raw(ty)) }
}

/// Calls the bridge through `ask` and raises again in Rust a panic of a
/// closure it called.
fn answer<R>(ask: impl FnOnce() -> R) -> R {
    let result = ask();
    resume_pending_panic();
    result
}
