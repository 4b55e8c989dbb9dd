//! What the generated handles call: group bounds, the builder, enum
//! attributes. Kept out of the generated files so that each op costs a few
//! lines to compile.

use melior::ir::{
    attribute::{
        DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute,
        TypeAttribute,
    },
    operation::OperationBuilder,
    r#type::IntegerType,
    AttributeLike, Identifier, ValueLike,
};
use mlir_sys as sys;

pub use crate::{
    dialect::{
        Arity, AttrConstraint, AttributeDef, Op, OpDefinition, OpHooks, OpInterfaces, OperandDef,
        RegionDef, ResultDef, SuccessorDef, Trait, TypeConstraint,
    },
    OperationRef,
};
pub use melior::{
    ir::{Attribute, Block, Location, Operation, Region, RegionRef, Type, Value},
    Context,
};

/// How an op's operand (or result) groups split its values: ODS's rules.
#[derive(Clone, Copy, Debug)]
pub enum Layout {
    /// At most one group is variadic or optional; it takes what the single
    /// groups leave.
    Plain,
    /// `AttrSizedOperandSegments` (or results): the sizes are in this
    /// attribute (`operandSegmentSizes`).
    Segments(&'static str),
    /// `SameVariadicOperandSize` (or results): every variadic or optional
    /// group has the same size.
    SameSize,
}

/// `(start, len)` of group `index` among `groups`, for an op with `count`
/// values, read from `op` when the layout needs its segment sizes.
pub fn group(
    op: OperationRef<'_>,
    groups: &[Arity],
    layout: Layout,
    count: usize,
    index: usize,
) -> (usize, usize) {
    let sizes = |i: usize| -> usize {
        match (layout, groups[i]) {
            (Layout::Segments(attribute), _) => segment(op, attribute, i),
            (_, Arity::Single) => 1,
            (Layout::SameSize, _) => {
                let singles = groups.iter().filter(|a| **a == Arity::Single).count();
                let others = groups.len() - singles;
                count.saturating_sub(singles) / others.max(1)
            }
            (Layout::Plain, _) => count.saturating_sub(groups.len() - 1),
        }
    };
    let start = (0..index).map(sizes).sum();
    (start, sizes(index))
}

/// Entry `i` of the dense `i32` array attribute `attribute` of `op` (0 when
/// absent: the op is then malformed and the accessor reports it).
fn segment(op: OperationRef<'_>, attribute: &str, i: usize) -> usize {
    // SAFETY: a valid op; the attribute is only read when it is a dense
    // i32 array long enough.
    unsafe {
        let attr =
            sys::mlirOperationGetAttributeByName(op.raw(), crate::ffi::string_ref(attribute));
        if attr.ptr.is_null()
            || !sys::mlirAttributeIsADenseI32Array(attr)
            || sys::mlirDenseArrayGetNumElements(attr) <= i as isize
        {
            return 0;
        }
        sys::mlirDenseI32ArrayGetElement(attr, i as isize).max(0) as usize
    }
}

/// Operand `index` of `op`, which a verified op of its kind has; `what`
/// names it when it is missing (an op not yet verified).
pub fn operand<'a>(op: OperationRef<'a>, index: usize, what: &str) -> Value<'a, 'a> {
    // SAFETY: a valid op, asked for an existing operand.
    unsafe {
        if index >= sys::mlirOperationGetNumOperands(op.raw()) as usize {
            missing(op, what)
        }
        Value::from_raw(sys::mlirOperationGetOperand(op.raw(), index as isize))
    }
}

/// Result `index` of `op`, as [`operand`].
pub fn result<'a>(op: OperationRef<'a>, index: usize, what: &str) -> Value<'a, 'a> {
    // SAFETY: a valid op, asked for an existing result.
    unsafe {
        if index >= sys::mlirOperationGetNumResults(op.raw()) as usize {
            missing(op, what)
        }
        Value::from_raw(sys::mlirOperationGetResult(op.raw(), index as isize))
    }
}

/// Values `start..start + len` of `op`'s operands (`results` false) or
/// results.
pub fn values<'a>(
    op: OperationRef<'a>,
    (start, len): (usize, usize),
    results: bool,
) -> Vec<Value<'a, 'a>> {
    (start..start + len)
        .map(|i| {
            if results {
                result(op, i, "result")
            } else {
                operand(op, i, "operand")
            }
        })
        .collect()
}

/// Operand or result counts of `op`.
pub fn count(op: OperationRef<'_>, results: bool) -> usize {
    // SAFETY: a valid op.
    unsafe {
        if results {
            sys::mlirOperationGetNumResults(op.raw()) as usize
        } else {
            sys::mlirOperationGetNumOperands(op.raw()) as usize
        }
    }
}

/// Region `index` of `op`.
pub fn region<'a>(op: OperationRef<'a>, index: usize, what: &str) -> melior::ir::RegionRef<'a, 'a> {
    // SAFETY: a valid op, asked for an existing region.
    unsafe {
        if index >= sys::mlirOperationGetNumRegions(op.raw()) as usize {
            missing(op, what)
        }
        melior::ir::RegionRef::from_raw(sys::mlirOperationGetRegion(op.raw(), index as isize))
    }
}

/// The attribute `name` of `op`, inherent (a property) or not.
pub fn attribute<'a>(op: OperationRef<'a>, name: &str) -> Option<Attribute<'a>> {
    // SAFETY: a valid op; the attribute lives in its context.
    unsafe {
        let raw = sys::mlirOperationGetAttributeByName(op.raw(), crate::ffi::string_ref(name));
        (!raw.ptr.is_null()).then(|| Attribute::from_raw(raw))
    }
}

#[cold]
#[track_caller]
fn missing(op: OperationRef<'_>, what: &str) -> ! {
    panic!(
        "'{}' has no {what}: the op does not have its kind's operands and results (is it verified?)",
        op.name()
    )
}

/// An enum of an upstream dialect (`arith::CmpIPredicate`,
/// `arith::FastMathFlags`): its attribute, built and read in Rust (C++'s
/// `CmpIPredicateAttr::get` and `getValue()`).
pub trait EnumAttribute: Copy + Sized {
    /// The attribute holding `self`, in `context`.
    fn attribute<'c>(self, context: &'c Context) -> Attribute<'c>;
    /// The value an attribute of this enum holds; `None` for another
    /// attribute.
    fn from_attribute(attribute: Attribute<'_>) -> Option<Self>;
}

/// An integer attribute of width `width` holding `value` (ODS's
/// `I32EnumAttr`/`I64EnumAttr` storage).
pub fn integer_enum<'c>(context: &'c Context, width: u32, value: i64) -> Attribute<'c> {
    IntegerAttribute::new(IntegerType::new(context, width).into(), value).into()
}

/// The value of an integer enum attribute.
pub fn integer_enum_value(attribute: Attribute<'_>) -> Option<i64> {
    IntegerAttribute::try_from(attribute)
        .ok()
        .map(|a| a.value())
}

/// The dialect attribute `#name<text>` (ODS's `EnumAttr` storage, such as
/// `#arith.fastmath<nnan,ninf>`), parsed once per text and context by MLIR's
/// uniquer.
pub fn dialect_enum<'c>(context: &'c Context, name: &str, text: &str) -> Attribute<'c> {
    let source = format!("#{name}<{text}>");
    Attribute::parse(context, &source)
        .unwrap_or_else(|| panic!("MLIR 22 did not parse its own attribute '{source}'"))
}

/// The keywords of a dialect enum attribute `#name<a, b>`: `["a", "b"]`;
/// `None` for another attribute.
pub fn dialect_enum_keywords(attribute: Attribute<'_>, name: &str) -> Option<Vec<String>> {
    let text = attribute.to_string();
    let inner = text
        .strip_prefix('#')?
        .strip_prefix(name)?
        .strip_prefix('<')?
        .strip_suffix('>')?;
    Some(
        inner
            .split(',')
            .map(|s| s.trim().trim_matches('"').to_owned())
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

/// Builds one op: what every generated `build` function does.
pub struct Builder<'c, 'v> {
    name: &'static str,
    location: Location<'c>,
    context: sys::MlirContext,
    operands: Vec<Value<'c, 'v>>,
    operand_sizes: Vec<i32>,
    results: Vec<Type<'c>>,
    result_sizes: Vec<i32>,
    attributes: Vec<(Identifier<'c>, Attribute<'c>)>,
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
            operands: Vec::new(),
            operand_sizes: Vec::new(),
            results: Vec::new(),
            result_sizes: Vec::new(),
            attributes: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            infer: false,
        }
    }

    /// The context of the op's location, to build attributes in (borrowed
    /// from the builder, which holds the raw context).
    pub fn context(&self) -> &Context {
        crate::ffi::context_from_raw(&self.context)
    }

    /// The attribute `name`, from a raw attribute of the op's context.
    fn push(&mut self, name: &str, raw: sys::MlirAttribute) {
        // SAFETY: a valid context; the identifier and the attribute live as
        // long as it does, 'c.
        unsafe {
            let id = Identifier::from_raw(sys::mlirIdentifierGet(
                self.context,
                crate::ffi::string_ref(name),
            ));
            self.attributes.push((id, Attribute::from_raw(raw)));
        }
    }

    /// A single operand.
    pub fn operand(&mut self, value: Value<'c, 'v>) {
        self.operands.push(value);
        self.operand_sizes.push(1);
    }

    /// An optional operand.
    pub fn optional_operand(&mut self, value: Option<Value<'c, 'v>>) {
        self.operands.extend(value);
        self.operand_sizes.push(i32::from(value.is_some()));
    }

    /// A variadic operand group.
    pub fn operands(&mut self, values: &[Value<'c, 'v>]) {
        self.operands.extend_from_slice(values);
        self.operand_sizes.push(values.len() as i32);
    }

    /// A single result of type `ty`.
    pub fn result(&mut self, ty: Type<'c>) {
        self.results.push(ty);
        self.result_sizes.push(1);
    }

    /// An optional result.
    pub fn optional_result(&mut self, ty: Option<Type<'c>>) {
        self.results.extend(ty);
        self.result_sizes.push(i32::from(ty.is_some()));
    }

    /// A variadic result group.
    pub fn results(&mut self, types: &[Type<'c>]) {
        self.results.extend_from_slice(types);
        self.result_sizes.push(types.len() as i32);
    }

    /// `count` results of the type of operand `index`
    /// (`SameOperandsAndResultType`).
    pub fn results_like_operand(&mut self, index: usize, count: usize) {
        let ty = self.operands[index].r#type();
        for _ in 0..count {
            self.result(ty);
        }
    }

    /// Lets MLIR infer the result types (the op's
    /// `InferTypeOpInterface`).
    pub fn infer_results(&mut self) {
        self.infer = true;
    }

    /// The attribute `name`.
    pub fn attribute<'x>(&mut self, name: &str, value: impl AttributeLike<'x>) {
        self.push(name, value.to_raw());
    }

    /// The attribute `name` when given.
    pub fn optional_attribute<'x>(&mut self, name: &str, value: Option<impl AttributeLike<'x>>) {
        if let Some(value) = value {
            self.attribute(name, value);
        }
    }

    /// The unit attribute `name` when `set`.
    pub fn unit_attribute(&mut self, name: &str, set: bool) {
        if set {
            let unit = Attribute::unit(self.context()).to_raw();
            self.push(name, unit);
        }
    }

    /// The string attribute `name`.
    pub fn string_attribute(&mut self, name: &str, value: &str) {
        let value = StringAttribute::new(self.context(), value).to_raw();
        self.push(name, value);
    }

    /// The flat symbol reference `@value` as attribute `name`.
    pub fn symbol_attribute(&mut self, name: &str, value: &str) {
        let value = FlatSymbolRefAttribute::new(self.context(), value).to_raw();
        self.push(name, value);
    }

    /// The type attribute `name`.
    pub fn type_attribute(&mut self, name: &str, value: Type<'c>) {
        self.attribute(name, TypeAttribute::new(value));
    }

    /// The `array<i64: ...>` attribute `name`.
    pub fn i64_array_attribute(&mut self, name: &str, value: &[i64]) {
        let value = DenseI64ArrayAttribute::new(self.context(), value).to_raw();
        self.push(name, value);
    }

    /// The integer attribute `name` of type `i{width}` (`index` for 0).
    pub fn integer_attribute(&mut self, name: &str, width: u32, value: i64) {
        let ty = if width == 0 {
            Type::index(self.context())
        } else {
            IntegerType::new(self.context(), width).into()
        };
        let value = IntegerAttribute::new(ty, value).to_raw();
        self.push(name, value);
    }

    /// The enum attribute `name` when given.
    pub fn enum_attribute(&mut self, name: &str, value: Option<impl EnumAttribute>) {
        if let Some(value) = value {
            let attribute = value.attribute(self.context()).to_raw();
            self.push(name, attribute);
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

    /// A variadic group of variadic groups (ODS's `VariadicOfVariadic`):
    /// the values in one group, their sizes in the attribute `sizes`.
    pub fn nested_operands(&mut self, sizes: &str, groups: &[&[Value<'c, 'v>]]) {
        let lengths: Vec<i32> = groups.iter().map(|g| g.len() as i32).collect();
        for group in groups {
            self.operands.extend_from_slice(group);
        }
        self.operand_sizes.push(lengths.iter().sum());
        let attribute = self.dense_i32(&lengths);
        self.push(sizes, attribute.to_raw());
    }

    fn dense_i32(&self, values: &[i32]) -> Attribute<'c> {
        // SAFETY: a valid context; MLIR copies the values.
        unsafe {
            Attribute::from_raw(sys::mlirDenseI32ArrayGet(
                sys::mlirLocationGetContext(self.location.to_raw()),
                values.len() as isize,
                values.as_ptr(),
            ))
        }
    }

    /// The op, with `operandSegmentSizes` and `resultSegmentSizes` when
    /// `operand_segments` and `result_segments` say its kind has them.
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
            let namespace = self.name.split('.').next().unwrap_or(self.name);
            panic!(
                "cannot build '{}': the '{namespace}' dialect is not loaded in this context \
                 (a pass declares it in `dialects = [...]`; elsewhere, load it first, as C++ \
                 must with `getOrLoadDialect`)",
                self.name
            );
        }
        if operand_segments {
            let sizes = self.dense_i32(&self.operand_sizes).to_raw();
            self.push("operandSegmentSizes", sizes);
        }
        if result_segments {
            let sizes = self.dense_i32(&self.result_sizes).to_raw();
            self.push("resultSegmentSizes", sizes);
        }
        let mut builder = OperationBuilder::new(self.name, self.location)
            .add_operands(&self.operands)
            .add_results(&self.results)
            .add_attributes(&self.attributes)
            .add_regions_vec(self.regions)
            .add_successors(&self.successors);
        if self.infer {
            builder = builder.enable_result_type_inference();
        }
        let name = self.name;
        builder.build().unwrap_or_else(|e| {
            panic!("MLIR could not build '{name}' from these operands and attributes: {e}")
        })
    }
}

/// The predicate of an upstream op's constraints in its
/// [`OpDefinition`](crate::dialect::OpDefinition): MLIR's C++ verifier
/// checks the real constraint; the definition carries its ODS summary.
pub fn checked_by_mlir(_: sys::MlirType) -> bool {
    true
}

/// As [`checked_by_mlir`], for attributes.
pub fn attribute_checked_by_mlir(_: sys::MlirAttribute) -> bool {
    true
}

/// The number of regions of `op`.
pub fn count_regions(op: OperationRef<'_>) -> usize {
    // SAFETY: a valid op.
    unsafe { sys::mlirOperationGetNumRegions(op.raw()) as usize }
}
