//! The op model: what `#[mlir_op]` declares, as a `static` [`OpDefinition`]
//! that the bridge turns into a registered MLIR operation (C++'s
//! `RegisteredOperationName`), and the typed handle trait [`Op`].

use melior::ir::{operation::OperationLike, Attribute, Type, Value};
use smallvec::SmallVec;

use super::{
    constraint::{AttrConstraint, TypeConstraint},
    format::FormatElement,
    traits::Trait,
};
use crate::{
    rewrite::{MatchResult, PatternRewriter, PatternSetBuilder},
    OperationRef,
};

/// How many values an operand or result group holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// Zero or one (`Optional<...>`).
    Optional,
    /// Any number (`Variadic<...>`).
    Variadic,
}

/// An operand group of an op.
#[derive(Clone, Copy, Debug)]
pub struct OperandDef {
    /// Its name in the op's accessors and assembly format (`input`).
    pub name: &'static str,
    /// How many values it holds.
    pub arity: Arity,
    /// The types it accepts.
    pub constraint: TypeConstraint,
}

/// A result group of an op.
#[derive(Clone, Copy, Debug)]
pub struct ResultDef {
    /// Its name in the op's accessors and assembly format (`output`).
    pub name: &'static str,
    /// How many values it holds.
    pub arity: Arity,
    /// The types it accepts.
    pub constraint: TypeConstraint,
}

/// An attribute the op defines (an inherent attribute in ODS's terms;
/// stored as one of the op's properties, as ODS stores it).
#[derive(Clone, Copy, Debug)]
pub struct AttributeDef {
    /// Its name in the properties and the format (`value`).
    pub name: &'static str,
    /// The attributes it accepts.
    pub constraint: AttrConstraint,
    /// Whether it may be absent.
    pub optional: bool,
    /// Its default in MLIR's attribute syntax (`"0 : i64"`), set by the
    /// builder and by the parser when absent.
    pub default: Option<&'static str>,
}

/// A region of an op.
#[derive(Clone, Copy, Debug)]
pub struct RegionDef {
    /// Its name in the accessors and the format (`body`).
    pub name: &'static str,
    /// `Some(n)`: at most `n` blocks... only `Some(1)` (`SizedRegion<1>`) is
    /// checked; `None`: any number.
    pub max_blocks: Option<u32>,
    /// Any number of regions (`VariadicRegion`).
    pub variadic: bool,
}

/// A successor block of an op.
#[derive(Clone, Copy, Debug)]
pub struct SuccessorDef {
    /// Its name in the accessors and the format (`dest`).
    pub name: &'static str,
    /// Any number of successors (`VariadicSuccessor`).
    pub variadic: bool,
}

/// The result of a fold (C++'s `OpFoldResult`): a constant or an existing
/// value.
#[derive(Clone, Copy, Debug)]
pub enum FoldResult<'a> {
    /// The result is this constant; the dialect materializes it.
    Attribute(Attribute<'a>),
    /// The result is this existing value.
    Value(Value<'a, 'a>),
}

/// Runs a declared op's verifier on an op of its kind.
pub type VerifyHook = for<'a> fn(OperationRef<'a>) -> Result<(), String>;
/// Runs a declared op's folder: `operands` holds the constant value of each
/// operand (or `None`); an empty result means no fold.
pub type FoldHook = for<'a> fn(OperationRef<'a>, &[Option<Attribute<'a>>]) -> Vec<FoldResult<'a>>;
/// Adds a declared op's canonicalization patterns.
pub type CanonicalizeHook = fn(PatternSetBuilder) -> PatternSetBuilder;
/// Runs a declared op's `canonicalize` method on an op of its kind, as a
/// canonicalization pattern (ODS's `hasCanonicalizeMethod`).
pub type CanonicalizeMethodHook =
    for<'a, 'r> fn(OperationRef<'a>, &PatternRewriter<'r>) -> MatchResult;

/// The user code behind a declared op, each optional (ODS's `hasVerifier`,
/// `hasRegionVerifier`, `hasFolder`, `hasCanonicalizer`,
/// `hasCanonicalizeMethod`).
#[derive(Clone, Copy, Debug, Default)]
pub struct OpHooks {
    /// The op's own verifier, run after the constraints and the traits.
    pub verify: Option<VerifyHook>,
    /// The verifier run once the op's regions are verified.
    pub verify_regions: Option<VerifyHook>,
    /// The folder.
    pub fold: Option<FoldHook>,
    /// The canonicalization patterns.
    pub canonicalize: Option<CanonicalizeHook>,
    /// The `canonicalize` method, a canonicalization pattern of benefit 1
    /// added before those of `canonicalize`.
    pub canonicalize_method: Option<CanonicalizeMethodHook>,
    /// A hand-written parser (ODS's `hasCustomAssemblyFormat`).
    pub parse: Option<super::asm::ParseHook>,
    /// A hand-written printer.
    pub print: Option<super::asm::PrintHook>,
    /// The custom directives of the op's format (`custom<Name>(...)`), in
    /// the order the format names them.
    pub custom_directives: &'static [super::format::CustomDirective],
}

impl OpHooks {
    /// No hook.
    pub const NONE: Self = Self {
        verify: None,
        verify_regions: None,
        fold: None,
        canonicalize: None,
        canonicalize_method: None,
        parse: None,
        print: None,
        custom_directives: &[],
    };
}

/// Compares the types of a cast's inputs and outputs (C++'s
/// `CastOpInterface::areCastCompatible`).
pub type CastCompatibleHook = for<'a> fn(&[Type<'a>], &[Type<'a>]) -> bool;

/// What `InferTypeOpInterface::inferReturnTypes` is given: the operands
/// and attributes of an op being created or parsed (there is no op yet).
pub struct InferTypeInput<'c> {
    context: &'c melior::Context,
    location: Option<melior::ir::Location<'c>>,
    operands: SmallVec<[Value<'c, 'c>; 4]>,
    attributes: Option<melior::ir::attribute::DictionaryAttribute<'c>>,
    properties: Option<PropertyLookup>,
}

/// The bridge's lookup of a property by name, with its data (alive for the
/// hook's call): properties are read on demand, not merged into a
/// dictionary per call.
#[derive(Clone, Copy)]
pub(crate) struct PropertyLookup {
    pub(crate) lookup: unsafe extern "C" fn(
        mlir_sys::MlirStringRef,
        *mut std::ffi::c_void,
    ) -> mlir_sys::MlirAttribute,
    pub(crate) data: *mut std::ffi::c_void,
}

impl<'c> InferTypeInput<'c> {
    pub(crate) fn new(
        context: &'c melior::Context,
        location: Option<melior::ir::Location<'c>>,
        operands: SmallVec<[Value<'c, 'c>; 4]>,
        attributes: Option<melior::ir::attribute::DictionaryAttribute<'c>>,
        properties: Option<PropertyLookup>,
    ) -> Self {
        Self {
            context,
            location,
            operands,
            attributes,
            properties,
        }
    }

    /// The context, to build types in.
    pub fn context(&self) -> &'c melior::Context {
        self.context
    }

    /// Where the op will be, if known.
    pub fn location(&self) -> Option<melior::ir::Location<'c>> {
        self.location
    }

    /// The operands, in order.
    pub fn operands(&self) -> &[Value<'c, 'c>] {
        &self.operands
    }

    /// The attribute `name`, if the op has it (a property of that name
    /// first, as a dictionary of both would give it).
    pub fn attribute(&self, name: &str) -> Option<Attribute<'c>> {
        if let Some(properties) = self.properties {
            // SAFETY: the bridge's lookup with its data, alive for the call;
            // it returns a valid attribute of the context, or null.
            let raw = unsafe { (properties.lookup)(crate::ffi::string_ref(name), properties.data) };
            if !raw.ptr.is_null() {
                // SAFETY: a valid attribute of the context.
                return Some(unsafe { Attribute::from_raw(raw) });
            }
        }
        self.attributes?.element_by_name(name)
    }
}

impl std::fmt::Debug for InferTypeInput<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InferTypeInput")
            .field("operands", &self.operands.len())
            .finish()
    }
}

/// Infers an op's result types (C++'s `InferTypeOpInterface::inferReturnTypes`).
pub type InferTypesHook = for<'c> fn(&InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String>;

/// The upstream op interfaces an op implements (`interfaces = [...]` of
/// `#[mlir_op]`). The call interfaces are declared as data, from which the
/// bridge implements every method as ODS's defaults would.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpInterfaces {
    /// `CallOpInterface`: the index of the callee attribute (a symbol
    /// reference) and of the operand group of the arguments.
    pub call: Option<(u32, u32)>,
    /// `CallableOpInterface`: the index of the body region and of the
    /// attribute holding its `FunctionType` (a `TypeAttr`).
    pub callable: Option<(u32, u32)>,
    /// `FunctionOpInterface`: the attributes of the arguments' and results'
    /// dictionaries; the body and the type are `callable`'s, which a
    /// function has too.
    pub function: Option<FunctionInterface>,
    /// `CastOpInterface`.
    pub cast: Option<CastCompatibleHook>,
    /// `InferTypeOpInterface`: a format may then leave the result types
    /// out, and MLIR's verifier checks them against the inferred ones.
    pub infer_types: Option<InferTypesHook>,
    /// `InferTypeOpInterface(from_constraints)`: the result types inferred
    /// from the op's constraints as ODS's generated `inferReturnTypes`
    /// infers them (a buildable type such as `Index`,
    /// `SameOperandsAndResultType`, `AllTypesMatch`, `TypesMatchWith`),
    /// without a hook; `infer_types` is then `None`.
    pub infer_types_from_constraints: bool,
    /// Interfaces declared in Rust ([`op_interface!`](crate::op_interface)).
    pub rust: &'static [super::interface::InterfaceEntry],
    /// `OpAsmOpInterface`: the names of results and block arguments, the
    /// default dialect of the regions.
    pub asm: super::OpAsmInterface,
    /// `InferIntRangeInterface`: the ranges of the results, from the
    /// operands' ([`int_range`](super::int_range)).
    pub int_ranges: Option<super::int_range::IntRangeInterface>,
    /// `MemoryEffectOpInterface`: effects declared as data or said by a
    /// method ([`MemoryEffects`](super::MemoryEffects)).
    pub effects: Option<super::MemoryEffects>,
    /// `ConditionallySpeculatable`: the op's `speculatability`.
    pub speculatability: Option<super::SpeculatabilityHook>,
    /// `ArithFastMathInterface`: the index of the attribute holding the
    /// op's fast-math flags (a `FastMathFlagsAttr`), which
    /// `getFastMathFlagsAttr` answers and whose name
    /// `getFastMathAttrName` answers.
    pub fast_math: Option<u32>,
    /// `BranchOpInterface`: the operand group each successor is given.
    pub branch: Option<super::BranchInterface>,
    /// `RegionBranchOpInterface`: where control goes between the op and
    /// its regions.
    pub region_branch: Option<super::RegionBranchInterface>,
}

impl OpInterfaces {
    /// No interface.
    pub const NONE: Self = Self {
        call: None,
        callable: None,
        function: None,
        cast: None,
        infer_types: None,
        infer_types_from_constraints: false,
        rust: &[],
        asm: super::OpAsmInterface::NONE,
        int_ranges: None,
        effects: None,
        speculatability: None,
        fast_math: None,
        branch: None,
        region_branch: None,
    };
}

/// `FunctionOpInterface` declared as data (`interfaces =
/// [FunctionOpInterface(body = body, type = function_type, arg_attrs =
/// arg_attrs, res_attrs = res_attrs)]` of `#[mlir_op]`): the bridge answers
/// every method as ODS's defaults would, from the op's `callable` body and
/// type and these attributes, and runs MLIR's function verifier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FunctionInterface {
    /// The index of the optional `ArrayAttr` of the arguments' attribute
    /// dictionaries (ODS's `OptionalAttr<DictArrayAttr>:$arg_attrs`);
    /// `None`: a discardable `arg_attrs` attribute.
    pub arg_attrs: Option<u32>,
    /// The same for the results (`res_attrs`).
    pub res_attrs: Option<u32>,
}

/// Everything a declared op is: `#[mlir_op]` writes one as a `static`.
#[derive(Debug)]
pub struct OpDefinition {
    /// The name without the dialect's namespace (`transpose`).
    pub name: &'static str,
    /// The Rust type that declared it (for messages).
    pub type_name: &'static str,
    /// One line, from the doc comment's first paragraph.
    pub summary: &'static str,
    /// The rest of the doc comment.
    pub description: &'static str,
    /// The operand groups, in order.
    pub operands: &'static [OperandDef],
    /// The result groups, in order.
    pub results: &'static [ResultDef],
    /// The attributes it defines.
    pub attributes: &'static [AttributeDef],
    /// The regions, in order.
    pub regions: &'static [RegionDef],
    /// The successors, in order.
    pub successors: &'static [SuccessorDef],
    /// The traits.
    pub traits: &'static [Trait],
    /// The declarative assembly format, parsed (and checked) at compile
    /// time; `None`: the generic form.
    pub format: Option<&'static [FormatElement]>,
    /// The format as the user wrote it, for the docs.
    pub format_source: Option<&'static str>,
    /// The user code behind it.
    pub hooks: OpHooks,
    /// The interfaces it implements.
    pub interfaces: OpInterfaces,
}

impl OpDefinition {
    /// Whether the op has `t`.
    pub fn has_trait(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }
}

/// A typed handle on an op of one declared kind (C++'s `TransposeOp`):
/// `#[mlir_op]` implements it for the struct it turns into a handle.
///
/// A handle borrows the op as [`OperationRef`] does; [`Op::cast`] is the
/// checked cast (C++'s `dyn_cast`).
pub trait Op<'a>: Copy + Sized {
    /// The op's definition.
    fn definition() -> &'static OpDefinition;

    /// The dialect namespace (`toy`).
    fn namespace() -> &'static str;

    /// Wraps `op` without checking its name.
    ///
    /// # Safety
    /// `op` is an op of this kind (its name is `namespace.name`).
    unsafe fn from_operation_unchecked(op: OperationRef<'a>) -> Self;

    /// The operation.
    fn operation(&self) -> OperationRef<'a>;

    /// `op` as this kind of op, if it is one (C++'s `dyn_cast<TransposeOp>`).
    fn cast(op: &impl OperationLike<'a, 'a>) -> Option<Self> {
        // SAFETY: a valid op borrowed for 'a, as `OperationLike` promises.
        let op = unsafe { OperationRef::from_raw(op.to_raw()) };
        if is_op(op, Self::namespace(), Self::definition().name) {
            // SAFETY: the name was checked.
            Some(unsafe { Self::from_operation_unchecked(op) })
        } else {
            None
        }
    }

    /// The op's location (C++'s `op.getLoc()`), which builders and
    /// rewriters take as it is.
    fn location(&self) -> crate::Location<'a> {
        self.operation().location()
    }

    /// The context the op lives in, for as long as the handle's lifetime:
    /// what a folder, a verifier or a pattern builds attributes and types
    /// with (`IntegerAttribute::new(IntegerType::new(op.context(), 64).into(), 7)`),
    /// with no `unsafe`.
    fn context(&self) -> &'a melior::Context {
        // SAFETY: a valid op, which lives in its context for 'a.
        unsafe {
            crate::ffi::context_for(mlir_sys::mlirOperationGetContext(self.operation().raw()))
        }
    }

    /// The full op name (`toy.transpose`).
    fn operation_name() -> String {
        format!("{}.{}", Self::namespace(), Self::definition().name)
    }
}

/// Whether `op` is named `namespace.name`, without allocating.
pub(crate) fn is_op(op: OperationRef<'_>, namespace: &str, name: &str) -> bool {
    // SAFETY: a valid op; identifiers live in the context.
    let full = unsafe { crate::ffi::op_name(op.raw()) };
    full.len() == namespace.len() + 1 + name.len()
        && full.starts_with(namespace)
        && full.as_bytes()[namespace.len()] == b'.'
        && full.ends_with(name)
}
