//! Building a typed op: the [`Builder`] every generated `build` and
//! `create` fills, and [`OpBuilder`], where `create` inserts (C++'s
//! `OpTy::create(builder, ...)`).

use melior::ir::{
    attribute::{
        DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute,
        TypeAttribute,
    },
    r#type::IntegerType,
    Attribute, AttributeLike, Block, Location, Operation, Region, Type, TypeLike, Value, ValueLike,
};
use mlir_sys as sys;
use smallvec::SmallVec;

use super::support::EnumAttribute;
use crate::{conversion::ConversionPatternRewriter, rewrite::PatternRewriter, OperationRef};

/// Where a typed op's `create` inserts it: a rewriter, at its insertion
/// point (C++'s `OpBuilder`, as in `arith::AddIOp::create(rewriter, loc, a,
/// b)`). Implemented by [`PatternRewriter`] and
/// [`ConversionPatternRewriter`]; not meant to be implemented elsewhere.
pub trait OpBuilder {
    /// The raw rewriter.
    #[doc(hidden)]
    fn raw_rewriter(&self) -> sys::MlirRewriterBase;
    /// Reports that an op could not be created (the pattern then fails, as
    /// after a refused change).
    #[doc(hidden)]
    fn refuse_create(&self, why: &str);
}

impl OpBuilder for PatternRewriter<'_> {
    fn raw_rewriter(&self) -> sys::MlirRewriterBase {
        self.base_raw
    }

    fn refuse_create(&self, why: &str) {
        self.refuse(why);
    }
}

impl OpBuilder for ConversionPatternRewriter<'_> {
    fn raw_rewriter(&self) -> sys::MlirRewriterBase {
        self.base_raw
    }

    fn refuse_create(&self, why: &str) {
        self.refuse(why);
    }
}

/// The parts of an op being built, inline up to the sizes most ops have
/// (a builder then allocates nothing).
#[derive(Default)]
struct Parts {
    operands: SmallVec<[sys::MlirValue; 4]>,
    operand_sizes: SmallVec<[i32; 4]>,
    results: SmallVec<[sys::MlirType; 2]>,
    result_sizes: SmallVec<[i32; 2]>,
    names: SmallVec<[sys::MlirStringRef; 4]>,
    attributes: SmallVec<[sys::MlirAttribute; 4]>,
}

/// Builds one op: what every generated `build` and `create` does.
pub struct Builder<'c, 'v> {
    name: &'static str,
    location: Location<'c>,
    context: sys::MlirContext,
    parts: Parts,
    regions: Vec<Region<'c>>,
    successors: Vec<&'v Block<'c>>,
    infer: bool,
}

impl<'c, 'v> Builder<'c, 'v> {
    /// An op named `name` at `location`.
    pub fn new(name: &'static str, location: Location<'c>) -> Self {
        Self {
            name,
            location,
            // SAFETY: a valid location.
            context: unsafe { sys::mlirLocationGetContext(location.to_raw()) },
            parts: Parts::default(),
            regions: Vec::new(),
            successors: Vec::new(),
            infer: false,
        }
    }

    /// The context of the op's location, to build attributes in (borrowed
    /// from the builder, which holds the raw context).
    pub fn context(&self) -> &melior::Context {
        crate::ffi::context_from_raw(&self.context)
    }

    /// The attribute `name`, from a raw attribute of the op's context.
    fn push(&mut self, name: &'static str, raw: sys::MlirAttribute) {
        self.parts.names.push(crate::ffi::string_ref(name));
        self.parts.attributes.push(raw);
    }

    /// A single operand.
    pub fn operand(&mut self, value: Value<'c, 'v>) {
        self.parts.operands.push(value.to_raw());
        self.parts.operand_sizes.push(1);
    }

    /// An optional operand.
    pub fn optional_operand(&mut self, value: Option<Value<'c, 'v>>) {
        self.parts.operands.extend(value.map(|v| v.to_raw()));
        self.parts.operand_sizes.push(i32::from(value.is_some()));
    }

    /// A variadic operand group.
    pub fn operands(&mut self, values: &[Value<'c, 'v>]) {
        self.parts
            .operands
            .extend(values.iter().map(|v| v.to_raw()));
        self.parts.operand_sizes.push(values.len() as i32);
    }

    /// A variadic group of variadic groups (ODS's `VariadicOfVariadic`):
    /// the values in one group, their sizes in the attribute `sizes`.
    pub fn nested_operands(&mut self, sizes: &'static str, groups: &[&[Value<'c, 'v>]]) {
        let lengths: Vec<i32> = groups.iter().map(|g| g.len() as i32).collect();
        for group in groups {
            self.parts.operands.extend(group.iter().map(|v| v.to_raw()));
        }
        self.parts.operand_sizes.push(lengths.iter().sum());
        let attribute = self.dense_i32(&lengths);
        self.push(sizes, attribute);
    }

    /// A single result of type `ty`.
    pub fn result(&mut self, ty: Type<'c>) {
        self.parts.results.push(ty.to_raw());
        self.parts.result_sizes.push(1);
    }

    /// An optional result.
    pub fn optional_result(&mut self, ty: Option<Type<'c>>) {
        self.parts.results.extend(ty.map(|t| t.to_raw()));
        self.parts.result_sizes.push(i32::from(ty.is_some()));
    }

    /// A variadic result group.
    pub fn results(&mut self, types: &[Type<'c>]) {
        self.parts.results.extend(types.iter().map(|t| t.to_raw()));
        self.parts.result_sizes.push(types.len() as i32);
    }

    /// `count` results of the type of operand `index`
    /// (`SameOperandsAndResultType`).
    pub fn results_like_operand(&mut self, index: usize, count: usize) {
        // SAFETY: a valid value.
        let ty = unsafe { sys::mlirValueGetType(self.parts.operands[index]) };
        for _ in 0..count {
            self.parts.results.push(ty);
            self.parts.result_sizes.push(1);
        }
    }

    /// Lets MLIR infer the result types (the op's
    /// `InferTypeOpInterface`).
    pub fn infer_results(&mut self) {
        self.infer = true;
    }

    /// The attribute `name`.
    pub fn attribute<'x>(&mut self, name: &'static str, value: impl AttributeLike<'x>) {
        self.push(name, value.to_raw());
    }

    /// The attribute `name` when given.
    pub fn optional_attribute<'x>(
        &mut self,
        name: &'static str,
        value: Option<impl AttributeLike<'x>>,
    ) {
        if let Some(value) = value {
            self.attribute(name, value);
        }
    }

    /// The unit attribute `name` when `set`.
    pub fn unit_attribute(&mut self, name: &'static str, set: bool) {
        if set {
            let unit = Attribute::unit(self.context()).to_raw();
            self.push(name, unit);
        }
    }

    /// The string attribute `name`.
    pub fn string_attribute(&mut self, name: &'static str, value: &str) {
        let value = StringAttribute::new(self.context(), value).to_raw();
        self.push(name, value);
    }

    /// The flat symbol reference `@value` as attribute `name`.
    pub fn symbol_attribute(&mut self, name: &'static str, value: &str) {
        let value = FlatSymbolRefAttribute::new(self.context(), value).to_raw();
        self.push(name, value);
    }

    /// The type attribute `name`.
    pub fn type_attribute(&mut self, name: &'static str, value: Type<'c>) {
        self.push(name, TypeAttribute::new(value).to_raw());
    }

    /// The `array<i64: ...>` attribute `name`.
    pub fn i64_array_attribute(&mut self, name: &'static str, value: &[i64]) {
        let value = DenseI64ArrayAttribute::new(self.context(), value).to_raw();
        self.push(name, value);
    }

    /// The integer attribute `name` of type `i{width}` (`index` for 0).
    pub fn integer_attribute(&mut self, name: &'static str, width: u32, value: i64) {
        let ty = if width == 0 {
            Type::index(self.context())
        } else {
            IntegerType::new(self.context(), width).into()
        };
        let value = IntegerAttribute::new(ty, value).to_raw();
        self.push(name, value);
    }

    /// The enum attribute `name` when given.
    pub fn enum_attribute(&mut self, name: &'static str, value: Option<impl EnumAttribute>) {
        if let Some(value) = value {
            let attribute = value.attribute(self.context()).to_raw();
            self.push(name, attribute);
        }
    }

    /// The enum attribute `name`.
    pub fn required_enum_attribute(&mut self, name: &'static str, value: impl EnumAttribute) {
        self.enum_attribute(name, Some(value));
    }

    /// The string attribute `name` when given.
    pub fn optional_string_attribute(&mut self, name: &'static str, value: Option<&str>) {
        if let Some(value) = value {
            self.string_attribute(name, value);
        }
    }

    /// The flat symbol reference `@value` as attribute `name` when given.
    pub fn optional_symbol_attribute(&mut self, name: &'static str, value: Option<&str>) {
        if let Some(value) = value {
            self.symbol_attribute(name, value);
        }
    }

    /// The type attribute `name` when given.
    pub fn optional_type_attribute(&mut self, name: &'static str, value: Option<Type<'c>>) {
        if let Some(value) = value {
            self.type_attribute(name, value);
        }
    }

    /// The integer attribute `name` of type `i{width}` when given.
    pub fn optional_integer_attribute(
        &mut self,
        name: &'static str,
        width: u32,
        value: Option<i64>,
    ) {
        if let Some(value) = value {
            self.integer_attribute(name, width, value);
        }
    }

    /// A region.
    pub fn region(&mut self, region: Region<'c>) {
        self.regions.push(region);
    }

    /// A variadic region group.
    pub fn regions(&mut self, regions: Vec<Region<'c>>) {
        self.regions.extend(regions);
    }

    /// A successor.
    pub fn successor(&mut self, block: &'v Block<'c>) {
        self.successors.push(block);
    }

    /// A variadic successor group.
    pub fn successors(&mut self, blocks: &[&'v Block<'c>]) {
        self.successors.extend_from_slice(blocks);
    }

    fn dense_i32(&self, values: &[i32]) -> sys::MlirAttribute {
        // SAFETY: a valid context; MLIR copies the values.
        unsafe { sys::mlirDenseI32ArrayGet(self.context, values.len() as isize, values.as_ptr()) }
    }

    /// Adds `operandSegmentSizes` and `resultSegmentSizes` when the op's
    /// kind has them.
    fn segments(&mut self, operand_segments: bool, result_segments: bool) {
        if operand_segments {
            let sizes = self.dense_i32(&self.parts.operand_sizes);
            self.push("operandSegmentSizes", sizes);
        }
        if result_segments {
            let sizes = self.dense_i32(&self.parts.result_sizes);
            self.push("resultSegmentSizes", sizes);
        }
    }

    /// The message for an op whose dialect is not loaded.
    fn not_loaded(&self) -> String {
        let namespace = self.name.split('.').next().unwrap_or(self.name);
        format!(
            "cannot build '{}': the '{namespace}' dialect is not loaded in this context \
             (a pass declares it in `dialects = [...]`; elsewhere, load it first, as C++ \
             must with `getOrLoadDialect`)",
            self.name
        )
    }

    /// The op, not inserted anywhere, with `operandSegmentSizes` and
    /// `resultSegmentSizes` when `operand_segments` and `result_segments`
    /// say its kind has them.
    ///
    /// # Panics
    /// When the op's dialect is not loaded in the context (where C++'s
    /// `OpBuilder::create` asserts): an op built then would be an
    /// unregistered op, which MLIR corrupts when the dialect loads later.
    #[track_caller]
    pub fn build(mut self, operand_segments: bool, result_segments: bool) -> Operation<'c> {
        // SAFETY: a valid context; MLIR reads the name.
        let known = unsafe {
            sys::mlirContextIsRegisteredOperation(self.context, crate::ffi::string_ref(self.name))
        };
        if !known {
            panic!("{}", self.not_loaded());
        }
        self.segments(operand_segments, result_segments);
        let parts = &self.parts;
        let named: Vec<sys::MlirNamedAttribute> = parts
            .names
            .iter()
            .zip(&parts.attributes)
            // SAFETY: a valid context and attributes of it.
            .map(|(n, a)| unsafe {
                sys::mlirNamedAttributeGet(sys::mlirIdentifierGet(self.context, *n), *a)
            })
            .collect();
        let regions: Vec<sys::MlirRegion> = std::mem::take(&mut self.regions)
            .into_iter()
            .map(Region::into_raw)
            .collect();
        let successors: Vec<sys::MlirBlock> = self.successors.iter().map(|b| b.to_raw()).collect();
        // SAFETY: the parts are handles of the op's context, valid for 'c
        // (they came from typed handles of 'c); MLIR copies the arrays and
        // takes the regions, and the op it makes is owned by the caller.
        let op = unsafe {
            let mut state = sys::mlirOperationStateGet(
                crate::ffi::string_ref(self.name),
                self.location.to_raw(),
            );
            sys::mlirOperationStateAddOperands(
                &mut state,
                parts.operands.len() as isize,
                parts.operands.as_ptr(),
            );
            sys::mlirOperationStateAddResults(
                &mut state,
                parts.results.len() as isize,
                parts.results.as_ptr(),
            );
            sys::mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            sys::mlirOperationStateAddOwnedRegions(
                &mut state,
                regions.len() as isize,
                regions.as_ptr(),
            );
            sys::mlirOperationStateAddSuccessors(
                &mut state,
                successors.len() as isize,
                successors.as_ptr(),
            );
            if self.infer {
                sys::mlirOperationStateEnableResultTypeInference(&mut state);
            }
            sys::mlirOperationCreate(&mut state)
        };
        if op.ptr.is_null() {
            panic!(
                "MLIR could not build '{}' from these operands and attributes (it could not infer \
                 the result types)",
                self.name
            );
        }
        // SAFETY: a new op, owned by the caller.
        unsafe { Operation::from_raw(op) }
    }

    /// Builds the op and inserts it at `builder`'s insertion point, in one
    /// call into MLIR (C++'s `OpTy::create(builder, ...)`); for ops without
    /// regions or successors. `None`, reported through `builder` (the
    /// pattern fails), when the op's dialect is not loaded or MLIR cannot
    /// infer its result types.
    pub fn create<'r>(
        mut self,
        builder: &'r (impl OpBuilder + ?Sized),
        operand_segments: bool,
        result_segments: bool,
    ) -> Option<OperationRef<'r>> {
        self.segments(operand_segments, result_segments);
        let parts = &self.parts;
        // SAFETY: a valid rewriter and handles of its context; MLIR copies
        // the arrays and owns the op it inserts.
        let op = unsafe {
            crate::ffi::bridge::mlirPassBridgeRewriterCreateTyped(
                builder.raw_rewriter(),
                crate::ffi::string_ref(self.name),
                self.location.to_raw(),
                parts.operands.len() as isize,
                parts.operands.as_ptr(),
                parts.results.len() as isize,
                parts.results.as_ptr(),
                parts.attributes.len() as isize,
                parts.names.as_ptr(),
                parts.attributes.as_ptr(),
                self.infer,
            )
        };
        if op.ptr.is_null() {
            // SAFETY: a valid context; MLIR reads the name.
            let known = unsafe {
                sys::mlirContextIsRegisteredOperation(
                    self.context,
                    crate::ffi::string_ref(self.name),
                )
            };
            builder.refuse_create(&if known {
                format!(
                    "cannot create '{}': MLIR could not infer its result types from these operands",
                    self.name
                )
            } else {
                self.not_loaded()
            });
            return None;
        }
        // SAFETY: the op just inserted, of this context, alive while the
        // rewriter is.
        Some(unsafe { OperationRef::from_raw_in(op, self.context) })
    }
}
