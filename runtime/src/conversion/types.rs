//! [`TypeConverter`], [`LlvmTypeConverter`], their materializations, and
//! [`SignatureConversion`].

use std::{
    ffi::c_void,
    fmt,
    marker::PhantomData,
    ops::{Deref, DerefMut},
    sync::Arc,
};

use melior::{
    ir::{Location, Operation, RegionLike, Type, TypeLike, Value, ValueLike},
    Context,
};
use mlir_sys as sys;

use super::{
    callback::{
        boxed, conversion_failed, drop_boxed, report_panic, resume_pending_panic, CallbackSite,
    },
    target::out_of_memory,
};
use crate::{
    ffi::{
        bridge::{self, MlirPassBridgeConversionOutcome, MlirPassBridgeMaterializationKind},
        context_from_raw, trap,
    },
    handle::{ContextRef, OperationRef},
    PassError,
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

/// The builder a materialization builds with (in a conversion, MLIR's
/// `ConversionPatternRewriter`, so what it builds is undone on rollback).
pub struct Materializer<'a> {
    raw: *mut bridge::MlirPassBridgeBuilder,
    context: &'a sys::MlirContext,
}

impl<'a> Materializer<'a> {
    /// The context, for melior's builders.
    pub fn context(&self) -> &'a Context {
        context_from_raw(self.context)
    }

    /// Inserts `op`, built detached (melior's `OperationBuilder::build`), at
    /// the builder's insertion point, and returns it.
    pub fn insert(&self, op: Operation<'a>) -> melior::ir::OperationRef<'a, 'a> {
        let raw = op.into_raw();
        // SAFETY: a valid builder during the callback; it takes the op.
        unsafe {
            bridge::mlirPassBridgeBuilderInsert(self.raw, raw);
            melior::ir::OperationRef::from_raw(raw)
        }
    }
}

impl fmt::Debug for Materializer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Materializer").finish_non_exhaustive()
    }
}

struct Inner {
    raw: *mut bridge::MlirPassBridgeTypeConverter,
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
/// converter.add_conversion(|ty| TypeConversion::to(ty));
/// // ...but i1 becomes i8 (a closure that builds types takes the context).
/// converter.add_conversion_in_context(|context, ty| match IntegerType::try_from(ty) {
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
        Self::from_raw(unsafe { bridge::mlirPassBridgeTypeConverterCreate() })
    }

    fn from_raw(raw: *mut bridge::MlirPassBridgeTypeConverter) -> Self {
        assert!(
            !raw.is_null(),
            "mlir-pass: out of memory creating a TypeConverter"
        );
        Self {
            inner: Arc::new(Inner { raw }),
        }
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
    /// `addConversion`). See [`TypeConversion`] for its answers.
    ///
    /// # Panics
    /// The converter is shared (see [`TypeConverter`]).
    pub fn add_conversion<F>(&mut self, convert: F) -> &mut Self
    where
        F: for<'c> Fn(Type<'c>) -> TypeConversion<'c> + Send + Sync + 'static,
    {
        let raw = self.raw_mut("conversion");
        // SAFETY: a valid converter; the bridge owns the box from now on.
        let ok = unsafe {
            bridge::mlirPassBridgeTypeConverterAddConversion(
                raw,
                Some(convert_one::<F>),
                boxed(convert),
                Some(drop_boxed::<F>),
            )
        };
        out_of_memory(ok);
        self
    }

    /// As [`add_conversion`](Self::add_conversion), for a closure that
    /// builds types: it also gets the context of the type to convert
    /// (melior's type constructors take one, and `ContextRef::to_ref` is
    /// `unsafe`).
    ///
    /// # Panics
    /// The converter is shared (see [`TypeConverter`]).
    pub fn add_conversion_in_context<F>(&mut self, convert: F) -> &mut Self
    where
        F: for<'c> Fn(&'c Context, Type<'c>) -> TypeConversion<'c> + Send + Sync + 'static,
    {
        let raw = self.raw_mut("conversion");
        // SAFETY: a valid converter; the bridge owns the box from now on.
        let ok = unsafe {
            bridge::mlirPassBridgeTypeConverterAddConversion(
                raw,
                Some(convert_in_context::<F>),
                boxed(convert),
                Some(drop_boxed::<F>),
            )
        };
        out_of_memory(ok);
        self
    }

    /// Adds a source materialization: builds, with the [`Materializer`],
    /// ops that turn converted values back into one value of the original
    /// type (for uses the conversion left unconverted). Returns `None` when
    /// it does not apply (the materializations added before it are tried).
    ///
    /// # Panics
    /// The converter is shared (see [`TypeConverter`]).
    pub fn add_source_materialization<F>(&mut self, materialize: F) -> &mut Self
    where
        F: for<'a> Fn(
                &Materializer<'a>,
                Type<'a>,
                &[Value<'a, 'a>],
                Location<'a>,
            ) -> Option<Value<'a, 'a>>
            + Send
            + Sync
            + 'static,
    {
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
    pub fn add_target_materialization<F>(&mut self, materialize: F) -> &mut Self
    where
        F: for<'a> Fn(
                &Materializer<'a>,
                Type<'a>,
                &[Value<'a, 'a>],
                Location<'a>,
            ) -> Option<Value<'a, 'a>>
            + Send
            + Sync
            + 'static,
    {
        self.add_materialization(
            MlirPassBridgeMaterializationKind::MlirPassBridgeTargetMaterialization,
            materialize,
        )
    }

    fn add_materialization<F>(
        &mut self,
        kind: MlirPassBridgeMaterializationKind,
        materialize: F,
    ) -> &mut Self
    where
        F: for<'a> Fn(
                &Materializer<'a>,
                Type<'a>,
                &[Value<'a, 'a>],
                Location<'a>,
            ) -> Option<Value<'a, 'a>>
            + Send
            + Sync
            + 'static,
    {
        let raw = self.raw_mut("materialization");
        // SAFETY: a valid converter; the bridge owns the box from now on.
        let ok = unsafe {
            bridge::mlirPassBridgeTypeConverterAddMaterialization(
                raw,
                kind,
                Some(materialize_one::<F>),
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
        let legal = unsafe { bridge::mlirPassBridgeTypeConverterIsLegalOp(self.raw(), op.raw()) };
        resume_pending_panic();
        legal
    }

    /// Whether the inputs and results of the function type `function_type`
    /// are legal (C++'s `isSignatureLegal`); false for another type.
    pub fn is_signature_legal(&self, function_type: Type<'_>) -> bool {
        // SAFETY: valid converter and type.
        let legal = unsafe {
            bridge::mlirPassBridgeTypeConverterIsSignatureLegal(self.raw(), function_type.to_raw())
        };
        resume_pending_panic();
        legal
    }

    /// Whether the argument types of every block in `region` are legal
    /// (C++'s `isLegal(Region *)`).
    pub fn is_legal_region<'c: 'a, 'a>(&self, region: &impl RegionLike<'c, 'a>) -> bool {
        // SAFETY: valid converter and region.
        let legal = unsafe {
            bridge::mlirPassBridgeTypeConverterIsLegalRegion(self.raw(), region.to_raw())
        };
        resume_pending_panic();
        legal
    }

    /// Whether `op` is a function (`FunctionOpInterface`) whose signature
    /// and body are legal: the usual dynamic legality of `func.func` next
    /// to [`ConversionPatternSetBuilder::function_signature_conversion`](super::ConversionPatternSetBuilder::function_signature_conversion).
    /// False for other ops.
    pub fn is_legal_function(&self, op: OperationRef<'_>) -> bool {
        // SAFETY: valid op and converter.
        let legal = unsafe { bridge::mlirPassBridgeIsLegalFunction(op.raw(), self.raw()) };
        resume_pending_panic();
        legal
    }

    /// Upstream's `isLegalForReturnOpTypeConversionPattern`: true for ops
    /// that are not `func.return`, and for a `func.return` whose operands
    /// are legal.
    pub fn is_legal_return(&self, op: OperationRef<'_>) -> bool {
        // SAFETY: valid op and converter.
        let legal = unsafe { bridge::mlirPassBridgeIsLegalReturnOp(op.raw(), self.raw()) };
        resume_pending_panic();
        legal
    }

    /// Upstream's `isLegalForBranchOpInterfaceTypeConversionPattern`: a
    /// branch whose successor operands are legal.
    pub fn is_legal_branch(&self, op: OperationRef<'_>) -> bool {
        // SAFETY: valid op and converter.
        let legal = unsafe { bridge::mlirPassBridgeIsLegalBranchOp(op.raw(), self.raw()) };
        resume_pending_panic();
        legal
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
                conversion.raw,
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
        Self(TypeConverter::from_raw(raw))
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

/// How a block's or function's inputs are converted: C++'s
/// `TypeConverter::SignatureConversion`. Each original input is mapped once,
/// to new argument types ([`add_inputs`](Self::add_inputs)) or to existing
/// values ([`remap_input`](Self::remap_input)).
pub struct SignatureConversion<'c> {
    raw: *mut bridge::MlirPassBridgeSignatureConversion,
    inputs: usize,
    _context: PhantomData<&'c Context>,
}

impl<'c> SignatureConversion<'c> {
    /// A conversion of `inputs` original inputs, none mapped yet.
    pub fn new(inputs: usize) -> Self {
        // SAFETY: no precondition.
        let raw = unsafe { bridge::mlirPassBridgeSignatureConversionCreate(inputs as isize) };
        assert!(
            !raw.is_null(),
            "mlir-pass: out of memory creating a SignatureConversion"
        );
        Self {
            raw,
            inputs,
            _context: PhantomData,
        }
    }

    /// How many original inputs it converts.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Original input `input` becomes new arguments of `types` (none: it is
    /// dropped).
    ///
    /// # Errors
    /// `input` is out of range or already mapped.
    pub fn add_inputs(&mut self, input: usize, types: &[Type<'c>]) -> Result<&mut Self, PassError> {
        self.check_input(input)?;
        let raw: Vec<sys::MlirType> = types.iter().map(|t| t.to_raw()).collect();
        // SAFETY: a valid conversion; the input is checked.
        let ok = unsafe {
            bridge::mlirPassBridgeSignatureConversionAddInputs(
                self.raw,
                input as isize,
                raw.len() as isize,
                raw.as_ptr(),
            )
        };
        out_of_memory(ok);
        Ok(self)
    }

    /// Original input `input` is replaced by `values`, with no new argument.
    ///
    /// # Errors
    /// `input` is out of range or already mapped.
    pub fn remap_input(
        &mut self,
        input: usize,
        values: &[Value<'c, '_>],
    ) -> Result<&mut Self, PassError> {
        self.check_input(input)?;
        let raw: Vec<sys::MlirValue> = values.iter().map(|v| v.to_raw()).collect();
        // SAFETY: a valid conversion; the input is checked.
        let ok = unsafe {
            bridge::mlirPassBridgeSignatureConversionRemapInput(
                self.raw,
                input as isize,
                raw.len() as isize,
                raw.as_ptr(),
            )
        };
        out_of_memory(ok);
        Ok(self)
    }

    /// Whether original input `input` is mapped.
    pub fn is_mapped(&self, input: usize) -> bool {
        // SAFETY: a valid conversion; the bridge checks the range.
        unsafe { bridge::mlirPassBridgeSignatureConversionIsMapped(self.raw, input as isize) }
    }

    /// The new argument types, in order.
    pub fn converted_types(&self) -> Vec<Type<'c>> {
        let mut types: Vec<Type<'c>> = Vec::new();
        // SAFETY: a valid conversion; the callback pushes to `types`.
        unsafe {
            bridge::mlirPassBridgeSignatureConversionGetConvertedTypes(
                self.raw,
                Some(push_type),
                (&mut types as *mut Vec<Type<'c>>).cast(),
            )
        };
        types
    }

    pub(super) fn raw(&self) -> *mut bridge::MlirPassBridgeSignatureConversion {
        self.raw
    }

    /// The first input that is not mapped.
    pub(super) fn first_unmapped(&self) -> Option<usize> {
        (0..self.inputs).find(|&i| !self.is_mapped(i))
    }

    fn check_input(&self, input: usize) -> Result<(), PassError> {
        if input >= self.inputs {
            return Err(PassError::new(format!(
                "signature conversion: input #{input} is out of range ({} inputs)",
                self.inputs
            )));
        }
        if self.is_mapped(input) {
            return Err(PassError::new(format!(
                "signature conversion: input #{input} is already mapped"
            )));
        }
        Ok(())
    }
}

impl Drop for SignatureConversion<'_> {
    fn drop(&mut self) {
        // SAFETY: made in `new`, destroyed once.
        unsafe { bridge::mlirPassBridgeSignatureConversionDestroy(self.raw) }
    }
}

impl fmt::Debug for SignatureConversion<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SignatureConversion")
            .field("inputs", &self.inputs)
            .field("converted_types", &self.converted_types().len())
            .finish()
    }
}

unsafe extern "C" fn push_type(ty: sys::MlirType, data: *mut c_void) {
    // SAFETY: `data` is the `Vec<Type>` of the caller; a valid type.
    unsafe { (*data.cast::<Vec<Type<'_>>>()).push(Type::from_raw(ty)) }
}

/// The bridge's conversion callback for a closure `F`.
unsafe extern "C" fn convert_one<F>(
    ty: sys::MlirType,
    results: *mut bridge::MlirPassBridgeTypeList,
    user_data: *mut c_void,
) -> MlirPassBridgeConversionOutcome
where
    F: for<'c> Fn(Type<'c>) -> TypeConversion<'c> + Send + Sync + 'static,
{
    if conversion_failed() {
        return MlirPassBridgeConversionOutcome::MlirPassBridgeConversionFailed;
    }
    // SAFETY: the box made in `add_conversion`; a valid type.
    let (convert, ty) = unsafe { (&*user_data.cast::<F>(), Type::from_raw(ty)) };
    // SAFETY: the list is valid during the callback.
    unsafe { conversion_outcome(ty, trap(|| convert(ty)), results) }
}

/// The bridge's conversion callback for a closure `F` that takes the
/// type's context.
unsafe extern "C" fn convert_in_context<F>(
    ty: sys::MlirType,
    results: *mut bridge::MlirPassBridgeTypeList,
    user_data: *mut c_void,
) -> MlirPassBridgeConversionOutcome
where
    F: for<'c> Fn(&'c Context, Type<'c>) -> TypeConversion<'c> + Send + Sync + 'static,
{
    if conversion_failed() {
        return MlirPassBridgeConversionOutcome::MlirPassBridgeConversionFailed;
    }
    // SAFETY: the box made in `add_conversion_in_context`; a valid type,
    // whose context outlives this call (the local the closure borrows).
    let (convert, raw_context) = unsafe { (&*user_data.cast::<F>(), sys::mlirTypeGetContext(ty)) };
    let context = context_from_raw(&raw_context);
    // SAFETY: a valid type of that context.
    let ty = unsafe { Type::from_raw(ty) };
    // SAFETY: the list is valid during the callback.
    unsafe { conversion_outcome(ty, trap(|| convert(context, ty)), results) }
}

/// Appends a closure's converted types to `results`, and says what the
/// closure answered (a panic is reported and fails).
///
/// # Safety
/// `results` is the bridge's list of the callback in progress.
unsafe fn conversion_outcome(
    ty: Type<'_>,
    answer: Result<TypeConversion<'_>, impl fmt::Display>,
    results: *mut bridge::MlirPassBridgeTypeList,
) -> MlirPassBridgeConversionOutcome {
    match answer {
        Ok(TypeConversion::Converted(types)) => {
            for converted in types {
                // SAFETY: the list is valid during the callback.
                unsafe { bridge::mlirPassBridgeTypeListAppend(results, converted.to_raw()) };
            }
            MlirPassBridgeConversionOutcome::MlirPassBridgeConverted
        }
        Ok(TypeConversion::NotApplicable) => {
            MlirPassBridgeConversionOutcome::MlirPassBridgeNotApplicable
        }
        Ok(TypeConversion::Failed) => {
            MlirPassBridgeConversionOutcome::MlirPassBridgeConversionFailed
        }
        Err(panic) => {
            report_panic(
                CallbackSite::TypeConversion,
                &format!("the type conversion panicked on '{ty}': {panic}"),
                None,
            );
            MlirPassBridgeConversionOutcome::MlirPassBridgeConversionFailed
        }
    }
}

/// The bridge's materialization callback for a closure `F`.
unsafe extern "C" fn materialize_one<F>(
    builder: *mut bridge::MlirPassBridgeBuilder,
    result_type: sys::MlirType,
    count: isize,
    inputs: *const sys::MlirValue,
    location: sys::MlirLocation,
    user_data: *mut c_void,
) -> sys::MlirValue
where
    F: for<'a> Fn(
            &Materializer<'a>,
            Type<'a>,
            &[Value<'a, 'a>],
            Location<'a>,
        ) -> Option<Value<'a, 'a>>
        + Send
        + Sync
        + 'static,
{
    let none = sys::MlirValue {
        ptr: std::ptr::null_mut(),
    };
    if conversion_failed() {
        return none;
    }
    // SAFETY: the box made in `add_materialization`; MLIR hands a valid
    // builder, type, location and `count` values for the call.
    let materialize = unsafe { &*user_data.cast::<F>() };
    let context = unsafe { bridge::mlirPassBridgeBuilderGetContext(builder) };
    let values: Vec<Value<'_, '_>> = (0..count.max(0) as usize)
        // SAFETY: as above.
        .map(|i| unsafe { Value::from_raw(*inputs.add(i)) })
        .collect();
    let (result_type, location) =
        unsafe { (Type::from_raw(result_type), Location::from_raw(location)) };
    let materializer = Materializer {
        raw: builder,
        context: &context,
    };
    match trap(|| materialize(&materializer, result_type, &values, location).map(|v| v.to_raw())) {
        Ok(Some(value)) => value,
        Ok(None) => none,
        Err(panic) => {
            report_panic(
                CallbackSite::Materialization,
                &format!("the materialization to '{result_type}' panicked: {panic}"),
                Some(location.to_raw()),
            );
            none
        }
    }
}
