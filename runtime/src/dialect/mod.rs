//! Dialects in Rust: ops, traits, constraints and syntax declared with
//! `#[mlir_dialect]` and `#[mlir_op]`, no C++ or TableGen on the user's
//! side.
//!
//! A declared dialect is a real MLIR dialect: the bridge registers each op
//! as a `RegisteredOperationName` of its own (not MLIR's
//! `DynamicOpDefinition`, which cannot have traits, never merges under
//! `cse` and aborts on `getInherentAttr`), so `hasTrait`, folding,
//! canonicalization patterns, `cse`, the verifier and the printer treat
//! its ops as they treat C++ ops. Its parts, one file each:
//! - [`constraint`]: type and attribute constraints (ODS's `AnyType`,
//!   `F64Tensor`, `I64Attr`...), with ODS's words for messages;
//! - [`traits`]: MLIR's op traits;
//! - [`mod@format`]: the declarative assembly format;
//! - `op.rs`: the op model ([`OpDefinition`]) and typed handles ([`Op`]);
//! - `pattern.rs`: typed rewrite patterns ([`OpRewritePattern`]);
//! - `types.rs`: the dialect's types ([`TypeDefinition`], [`DialectType`]);
//! - `attrs.rs`: the dialect's attributes ([`AttrDefinition`],
//!   [`DialectAttr`]);
//! - `enums.rs`: enums stored in attributes ([`EnumDefinition`],
//!   [`MlirEnum`]);
//! - `bit_enum/`: bit enums and sets of their flags
//!   ([`BitEnumDefinition`], [`MlirBitEnum`], [`Flags`]);
//! - [`param`]: what a parameter or an op's attribute can be
//!   ([`AttrParameter`]: attribute constraints, integers, strings, enums...);
//! - [`syntax`]: how types and attributes are written after their name
//!   ([`AsmParser`], [`AsmPrinter`], declarative formats);
//! - `interface.rs`: op interfaces declared in Rust ([`op_interface!`](crate::op_interface));
//! - `spec.rs`: the definitions as the bridge's C structs;
//! - `registry.rs`: dialect registration in a context, `opt_main` and the
//!   stock `mlir-opt` (a dialect plugin);
//! - `alias.rs`: aliases of types and attributes (`OpAsmDialectInterface`:
//!   [`Alias`], [`AliasTarget`]);
//! - `asm.rs`: hand-written syntax ([`OpParser`], [`OpPrinter`]);
//! - `custom.rs`: custom directives of formats (`custom<Name>(...)`:
//!   [`DetachedRegion`], [`Successor`], the arguments' types);
//! - `block_names.rs`: the names blocks print with ([`BlockNames`]);
//! - `type_interfaces.rs`, `attr_interfaces.rs`: upstream interfaces of
//!   Rust types and attributes ([`TypeInterface`], [`AttrInterface`]);
//! - `asm_names.rs`: the names values print with and the default dialect
//!   (`OpAsmOpInterface`: [`OpAsmInterface`], [`ValueNames`]);
//! - `effects.rs`: memory effects and speculation
//!   (`MemoryEffectOpInterface`, `ConditionallySpeculatable`:
//!   [`MemoryEffects`], [`Effects`], [`Speculatability`]);
//! - [`int_range`]: integer ranges (`InferIntRangeInterface`: [`IntRange`],
//!   [`ResultRanges`], MLIR's range arithmetic);
//! - `callbacks/`: what MLIR calls on a Rust op: the verifier (`mod.rs`),
//!   the folder and patterns (`fold.rs`), the ops built for MLIR
//!   (`materialize.rs`), interface methods (`interfaces.rs`);
//! - `docs.rs`: Markdown docs in the spirit of `mlir-tblgen -gen-op-doc`.
//!

mod alias;
mod asm;
mod asm_names;
mod attr_interfaces;
mod attrs;
mod bit_enum;
mod block_names;
mod callbacks;
pub mod constraint;
mod control_flow;
mod custom;
mod docs;
mod effects;
mod enums;
pub mod format;
pub mod int_range;
mod interface;
pub mod ods;
mod op;
pub mod param;
mod pattern;
mod registry;
mod spec;
pub mod syntax;
pub mod traits;
mod type_interfaces;
mod types;

pub use alias::{check_alias_name, Alias, AliasHook, AliasTarget};
#[doc(hidden)]
pub use alias::{AliasHookRegistration, DefAliasRegistration};
pub use asm::{
    print_failures, OpParser, OpPrinter, ParseError, ParseHook, ParseLocation, PrintHook,
    UnresolvedOperand,
};
pub use asm_names::{BlockArgNamesHook, OpAsmInterface, ResultNamesHook, ValueNames};
#[doc(hidden)]
pub use attr_interfaces::AttrInterfaceRegistration;
pub use attr_interfaces::{attr_interfaces, AttrInterface, VerifyEncodingHook};
#[doc(hidden)]
pub use attrs::AttrRegistration;
pub use attrs::{definition_of_attr, params as attr_params, AttrDefinition, DialectAttr};
#[doc(hidden)]
pub use bit_enum::{bit_enum_from_attribute, bit_enum_to_attribute};
pub use bit_enum::{BitEnumDefinition, Flags, MlirBitEnum};
pub use block_names::{BlockNames, BlockNamesHook};
pub use constraint::{AttrConstraint, TypeConstraint};
pub use control_flow::{
    BranchInterface, EntrySuccessorsHook, RegionBranchInterface, RegionTarget,
    SuccessorForOperandsHook,
};
#[doc(hidden)]
pub use custom::{CustomRef, CustomSlot};
pub use custom::{Delimiter, DetachedRegion, Successor};
pub use docs::{dialect_doc, dialect_docs};
pub use effects::{
    EffectDef, EffectOn, Effects, EffectsHook, MemoryEffect, MemoryEffects, Speculatability,
    SpeculatabilityHook,
};
#[doc(hidden)]
pub use enums::{enum_from_attribute, enum_parse, enum_print, enum_to_attribute};
pub use enums::{EnumCase, EnumDefinition, MlirEnum};
pub use int_range::{ApInt, IntRange, ResultRanges};
#[doc(hidden)]
pub use interface::find_interface;
pub use interface::{definition_of, InterfaceEntry};
pub use mlir_pass_macros::{mlir_attr, mlir_dialect, mlir_enum, mlir_op, mlir_type};
pub use op::{
    Arity, AttributeDef, CanonicalizeHook, CanonicalizeMethodHook, CastCompatibleHook, FoldHook,
    FoldResult, FunctionInterface, InferTypeInput, InferTypesHook, Op, OpDefinition, OpHooks,
    OpInterfaces, OperandDef, RegionDef, ResultDef, SuccessorDef, VerifyHook,
};
#[doc(hidden)]
pub use param::{assert_reads_optionally, assert_self_type};
pub use param::{AttrParameter, SelfTypeParameter, TypeParam};
pub use pattern::{OpConversionPattern, OpRewritePattern};
pub use registry::{
    dialect_handle, dialects, handle_extern, insert_all, insert_all_extern, load,
    DialectRegistrationHooks, RegisteredDialect,
};
pub use syntax::{
    format::{ParamFormatElement, ParamSyntax, ParamsParseHook, ParamsPrintHook, Printed},
    AsmInteger, AsmParser, AsmPrinter,
};
pub use traits::{Trait, TypeTransform};
pub use type_interfaces::{type_interfaces, AsmNameHook, SizeInBitsHook, TypeInterface};
#[doc(hidden)]
pub use type_interfaces::{
    TypeAsmNameRegistration, TypeInterfaceRegistration, TypeSizeRegistration,
};
#[doc(hidden)]
pub use types::call_type_verifier;
#[doc(hidden)]
pub use types::TypeRegistration;
pub use types::{
    param_def, param_def_with_default, params as type_params, DialectType, ParamDefaultHook,
    ParamParseHook, ParamPrintHook, TypeDefinition, TypeParamDef, TypeVerifyHook, TypeVerifyParams,
};

use melior::ir::{Attribute, Location, Operation, Type};

/// Builds the op that holds a folded constant (C++'s
/// `Dialect::materializeConstant`): an op of the dialect, not inserted
/// anywhere, whose single result has type `ty` and value `value`; `None`
/// when the dialect cannot.
pub type MaterializeHook =
    for<'c> fn(&'c melior::Context, Attribute<'c>, Type<'c>, Location<'c>) -> Option<Operation<'c>>;

/// Everything a declared dialect is: `#[mlir_dialect]` writes one as a
/// `static`.
#[derive(Debug)]
pub struct DialectDefinition {
    /// The namespace (`toy`): every op's name starts with it and a dot.
    pub namespace: &'static str,
    /// The Rust type that declared it (for messages).
    pub type_name: &'static str,
    /// One line, from the doc comment's first paragraph.
    pub summary: &'static str,
    /// The rest of the doc comment.
    pub description: &'static str,
    /// Dialects loaded with it (ODS's `dependentDialects`).
    pub dependent_dialects: &'static [DependentDialect],
    /// Builds the op that holds a folded constant.
    pub materialize_constant: Option<MaterializeHook>,
    /// Whether the dialect has an inliner interface
    /// (`DialectInlinerInterface`), so that `inline` inlines calls to its
    /// callables: every op may be inlined, a terminator's operands replace
    /// the call's results.
    pub inliner: bool,
    /// The inliner's `materializeCallConversion`: an op of the dialect
    /// turning a value into another type where a call and its callee
    /// disagree (Toy's `toy.cast`).
    pub materialize_call_conversion: Option<CallConversionHook>,
}

/// Builds the op that turns `input` into a value of type `ty` (C++'s
/// `DialectInlinerInterface::materializeCallConversion`): an op of the
/// dialect, not inserted anywhere, or `None`.
pub type CallConversionHook = for<'c> fn(
    &'c melior::Context,
    melior::ir::Value<'c, '_>,
    Type<'c>,
    Location<'c>,
) -> Option<Operation<'c>>;

/// A dialect loaded with another: its name and its C API handle getter.
#[derive(Debug, Clone, Copy)]
pub struct DependentDialect {
    /// The namespace (`"arith"`).
    pub name: &'static str,
    /// Its handle getter (`mlirGetDialectHandle__arith__`).
    pub handle: unsafe extern "C" fn() -> mlir_sys::MlirDialectHandle,
}

/// A dialect declared in Rust. `#[mlir_dialect]` implements it for the
/// struct it annotates; name the struct in a pass's `dialects = [...]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a dialect declared in Rust",
    label = "not a `#[mlir_dialect]` struct",
    note = "declare it with `#[mlir_dialect(name = \"...\")]` on a unit struct, or name an upstream dialect by its namespace (`arith`)"
)]
pub trait Dialect: 'static {
    /// The dialect's definition.
    fn definition() -> &'static DialectDefinition;

    /// The dialect's handle, as the C API's `mlirGetDialectHandle__toy__`
    /// gives one for a C++ dialect: melior's `DialectHandle::from_raw`
    /// takes it, and so do `mlirDialectHandleInsertDialect` and
    /// `mlirDialectHandleLoadDialect`.
    fn handle() -> mlir_sys::MlirDialectHandle;
}

/// One op of a dialect in the global list. `#[mlir_op]` submits one per op.
#[doc(hidden)]
pub struct OpRegistration {
    /// The dialect it belongs to.
    pub dialect: fn() -> &'static DialectDefinition,
    /// The op.
    pub op: fn() -> &'static OpDefinition,
}

inventory::collect!(OpRegistration);

/// One dialect in the global list. `#[mlir_dialect]` submits one per dialect.
#[doc(hidden)]
pub struct DialectRegistration {
    /// The dialect.
    pub dialect: fn() -> &'static DialectDefinition,
    /// Its handle.
    pub handle: fn() -> mlir_sys::MlirDialectHandle,
}

inventory::collect!(DialectRegistration);
