//! Rust dialects in MLIR: each dialect's description is built for the
//! bridge once per process, then inserted into registries (a host
//! [`Context`](crate::Context), `opt_main`'s tool, the stock `mlir-opt`
//! through a dialect plugin) and loaded into contexts, by name or through
//! its C API handle.

use std::{
    any::TypeId,
    collections::HashMap,
    fmt,
    sync::{Mutex, OnceLock},
};

use mlir_sys as sys;

use super::{
    callbacks, constraint::AttrConstraint, format::FormatElement, format::TypeTarget, op::Arity,
    Dialect, DialectDefinition, DialectRegistration, OpDefinition, OpRegistration,
};
use crate::ffi::{bridge, string_ref};

/// A dialect as the bridge knows it: built once per process.
#[derive(Clone, Copy)]
pub struct RegisteredDialect {
    definition: &'static DialectDefinition,
    spec: *const bridge::MlirPassBridgeDialectSpec,
}

// SAFETY: the spec is immutable once built and lives as long as the process.
unsafe impl Send for RegisteredDialect {}
// SAFETY: as above.
unsafe impl Sync for RegisteredDialect {}

impl fmt::Debug for RegisteredDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RegisteredDialect")
            .field("namespace", &self.definition.namespace)
            .finish()
    }
}

impl RegisteredDialect {
    /// The dialect's definition.
    pub fn definition(&self) -> &'static DialectDefinition {
        self.definition
    }

    /// Every op of the dialect linked into this program, sorted by name.
    pub fn ops(&self) -> Vec<&'static OpDefinition> {
        ops_of(self.definition)
    }
}

/// Every op of `dialect` linked into this program, sorted by name.
pub(crate) fn ops_of(dialect: &'static DialectDefinition) -> Vec<&'static OpDefinition> {
    let mut ops: Vec<&'static OpDefinition> = inventory::iter::<OpRegistration>
        .into_iter()
        .filter(|r| std::ptr::eq((r.dialect)(), dialect))
        .map(|r| (r.op)())
        .collect();
    ops.sort_by(|a, b| a.name.cmp(b.name).then(a.type_name.cmp(b.type_name)));
    ops
}

/// Every Rust dialect linked into this program, sorted by namespace.
pub fn dialects() -> Vec<&'static DialectDefinition> {
    let mut all: Vec<&'static DialectDefinition> = inventory::iter::<DialectRegistration>
        .into_iter()
        .map(|r| (r.dialect)())
        .collect();
    all.sort_by(|a, b| {
        a.namespace
            .cmp(b.namespace)
            .then(a.type_name.cmp(b.type_name))
    });
    all.dedup_by(|a, b| std::ptr::eq(*a, *b));
    all
}

/// Why a Rust dialect was not registered: two dialects with one namespace,
/// two ops with one name, or a namespace MLIR already has.
pub(crate) fn problems(definition: &'static DialectDefinition) -> Vec<String> {
    let mut problems = Vec::new();
    for other in dialects() {
        if other.namespace == definition.namespace && !std::ptr::eq(other, definition) {
            problems.push(format!(
                "dialects `{}` and `{}` both declare the namespace '{}': rename one \
                 (#[mlir_dialect(name = \"...\")])",
                definition.type_name, other.type_name, definition.namespace
            ));
        }
    }
    let types = super::types::types_of(definition);
    for pair in types.windows(2) {
        if pair[0].name == pair[1].name {
            problems.push(format!(
                "types `{}` and `{}` both declare '!{}.{}': rename one",
                pair[0].type_name, pair[1].type_name, definition.namespace, pair[0].name
            ));
        }
    }
    let ops = ops_of(definition);
    for pair in ops.windows(2) {
        if pair[0].name == pair[1].name {
            problems.push(format!(
                "ops `{}` and `{}` both declare '{}.{}': rename one (#[mlir_op(name = \"...\")])",
                pair[0].type_name, pair[1].type_name, definition.namespace, pair[0].name
            ));
        }
    }
    problems
}

/// The bridge's description of `definition`, built on first use; `Err`
/// names what stops the dialect from being registered.
pub(crate) fn registered(
    definition: &'static DialectDefinition,
) -> Result<RegisteredDialect, String> {
    static BUILT: OnceLock<Mutex<HashMap<usize, Result<RegisteredDialect, String>>>> =
        OnceLock::new();
    let key = definition as *const DialectDefinition as usize;
    let mut built = BUILT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    built
        .entry(key)
        .or_insert_with(|| {
            let problems = problems(definition);
            if !problems.is_empty() {
                return Err(problems.join("; "));
            }
            build(definition)
                .map(|spec| RegisteredDialect { definition, spec })
                .ok_or_else(|| format!("dialect '{}': out of memory", definition.namespace))
        })
        .clone()
}

/// What an op's format element is for the bridge.
fn format_element(element: &FormatElement) -> bridge::MlirPassBridgeFormatElement {
    use bridge::MlirPassBridgeFormatKind as K;
    fn target(t: TypeTarget) -> (bridge::MlirPassBridgeTypeTarget, u32) {
        use bridge::MlirPassBridgeTypeTarget as T;
        match t {
            TypeTarget::Operand(i) => (T::MlirPassBridgeTypeTargetOperand, i),
            TypeTarget::Operands => (T::MlirPassBridgeTypeTargetOperands, 0),
            TypeTarget::Result(i) => (T::MlirPassBridgeTypeTargetResult, i),
            TypeTarget::Results => (T::MlirPassBridgeTypeTargetResults, 0),
        }
    }
    let mut e = bridge::MlirPassBridgeFormatElement {
        kind: K::MlirPassBridgeFormatLiteral,
        text: string_ref(""),
        index: 0,
        target: bridge::MlirPassBridgeTypeTarget::MlirPassBridgeTypeTargetOperand,
        index2: 0,
        target2: bridge::MlirPassBridgeTypeTarget::MlirPassBridgeTypeTargetOperand,
        length: 0,
    };
    match *element {
        FormatElement::Literal(text) => e.text = string_ref(text),
        FormatElement::Operand(i) => (e.kind, e.index) = (K::MlirPassBridgeFormatOperand, i),
        FormatElement::Operands => e.kind = K::MlirPassBridgeFormatOperands,
        FormatElement::Attribute(i) => (e.kind, e.index) = (K::MlirPassBridgeFormatAttribute, i),
        FormatElement::Type(t) => {
            e.kind = K::MlirPassBridgeFormatType;
            (e.target, e.index) = target(t);
        }
        FormatElement::FunctionalType(a, b) => {
            e.kind = K::MlirPassBridgeFormatFunctionalType;
            (e.target, e.index) = target(a);
            (e.target2, e.index2) = target(b);
        }
        FormatElement::AttrDict => e.kind = K::MlirPassBridgeFormatAttrDict,
        FormatElement::AttrDictWithKeyword => e.kind = K::MlirPassBridgeFormatAttrDictWithKeyword,
        FormatElement::Region(i) => (e.kind, e.index) = (K::MlirPassBridgeFormatRegion, i),
        FormatElement::Regions => e.kind = K::MlirPassBridgeFormatRegions,
        FormatElement::Successor(i) => (e.kind, e.index) = (K::MlirPassBridgeFormatSuccessor, i),
        FormatElement::Successors => e.kind = K::MlirPassBridgeFormatSuccessors,
        FormatElement::OptionalGroup { anchor, len } => {
            e.kind = K::MlirPassBridgeFormatOptionalGroup;
            e.index = anchor;
            e.length = len;
        }
    }
    e
}

fn arity(a: Arity) -> bridge::MlirPassBridgeArity {
    match a {
        Arity::Single => bridge::MlirPassBridgeArity::MlirPassBridgeAritySingle,
        Arity::Optional => bridge::MlirPassBridgeArity::MlirPassBridgeArityOptional,
        Arity::Variadic => bridge::MlirPassBridgeArity::MlirPassBridgeArityVariadic,
    }
}

/// The storage kind a format checks a parsed attribute against.
fn attr_kind(constraint: &AttrConstraint) -> bridge::MlirPassBridgeAttrKind {
    use bridge::MlirPassBridgeAttrKind as K;
    match constraint {
        AttrConstraint::Integer(_) | AttrConstraint::Index => K::MlirPassBridgeAttrKindInteger,
        AttrConstraint::Bool => K::MlirPassBridgeAttrKindBool,
        AttrConstraint::Float(_) => K::MlirPassBridgeAttrKindFloat,
        AttrConstraint::Str => K::MlirPassBridgeAttrKindString,
        AttrConstraint::Unit => K::MlirPassBridgeAttrKindUnit,
        AttrConstraint::Type => K::MlirPassBridgeAttrKindType,
        AttrConstraint::SymbolRef => K::MlirPassBridgeAttrKindSymbolRef,
        AttrConstraint::FlatSymbolRef => K::MlirPassBridgeAttrKindFlatSymbolRef,
        AttrConstraint::DenseElements(_) => K::MlirPassBridgeAttrKindDenseElements,
        AttrConstraint::Array => K::MlirPassBridgeAttrKindArray,
        AttrConstraint::Dictionary => K::MlirPassBridgeAttrKindDictionary,
        AttrConstraint::Any | AttrConstraint::Custom { .. } => K::MlirPassBridgeAttrKindAny,
    }
}

/// The type a format leaves out for an attribute of `constraint`.
fn elided_type(constraint: &AttrConstraint) -> String {
    match *constraint {
        AttrConstraint::Integer(Some(w)) => format!("i{w}"),
        AttrConstraint::Index => "index".to_owned(),
        AttrConstraint::Float(Some(w @ (16 | 32 | 64))) => format!("f{w}"),
        _ => String::new(),
    }
}

/// The one type `constraint` allows, if it names one (ODS's
/// `BuildableType`): a format may leave it out.
fn buildable_type(constraint: &super::TypeConstraint) -> String {
    match *constraint {
        super::TypeConstraint::Integer {
            width: Some(w),
            signless: true,
        } => format!("i{w}"),
        super::TypeConstraint::Index => "index".to_owned(),
        super::TypeConstraint::Float(Some(w @ (16 | 32 | 64))) => format!("f{w}"),
        _ => String::new(),
    }
}

/// Builds the bridge's description of a dialect and its ops; `None` on an
/// exception in C++ (out of memory).
fn build(
    definition: &'static DialectDefinition,
) -> Option<*const bridge::MlirPassBridgeDialectSpec> {
    // SAFETY: C API getters with no arguments.
    let dependents: Vec<sys::MlirDialectHandle> = definition
        .dependent_dialects
        .iter()
        .map(|d| unsafe { (d.handle)() })
        .collect();
    let callbacks = bridge::MlirPassBridgeOpCallbacks {
        verify: Some(callbacks::verify),
        fold: Some(callbacks::fold),
        canonicalize: Some(callbacks::canonicalize),
        materializeConstant: Some(callbacks::materialize_constant),
        castCompatible: Some(callbacks::cast_compatible),
        materializeCallConversion: Some(callbacks::materialize_call_conversion),
        verifyType: Some(super::types::verify_type),
        inferTypes: Some(callbacks::infer_types),
        parse: Some(super::asm::parse),
        print: Some(super::asm::print),
    };
    // SAFETY: the strings and array are copied; `definition` is 'static
    // and 8-byte aligned (it holds pointers), so its address is a TypeID.
    let spec = unsafe {
        bridge::mlirPassBridgeDialectSpecCreate(
            string_ref(definition.namespace),
            (definition as *const DialectDefinition).cast(),
            (definition as *const DialectDefinition).cast(),
            callbacks,
            definition.materialize_constant.is_some(),
            dependents.as_ptr(),
            dependents.len() as isize,
            definition.inliner,
            definition.materialize_call_conversion.is_some(),
        )
    };
    if spec.is_null() {
        return None;
    }
    for ty in super::types::types_of(definition) {
        let c_type = bridge::MlirPassBridgeTypeSpec {
            name: string_ref(ty.name),
            definition: (ty as *const super::TypeDefinition).cast(),
        };
        // SAFETY: the name is copied; `ty` is 'static.
        if !unsafe { bridge::mlirPassBridgeDialectSpecAddType(spec, &c_type) } {
            return None;
        }
    }
    for op in ops_of(definition) {
        let full_name = format!("{}.{}", definition.namespace, op.name);
        let operand_arity: Vec<_> = op.operands.iter().map(|o| arity(o.arity)).collect();
        let operand_names: Vec<_> = op.operands.iter().map(|o| string_ref(o.name)).collect();
        let operand_buildable: Vec<String> = op
            .operands
            .iter()
            .map(|o| buildable_type(&o.constraint))
            .collect();
        let operand_buildable_refs: Vec<_> =
            operand_buildable.iter().map(|s| string_ref(s)).collect();
        let result_buildable: Vec<String> = op
            .results
            .iter()
            .map(|r| buildable_type(&r.constraint))
            .collect();
        let result_buildable_refs: Vec<_> =
            result_buildable.iter().map(|s| string_ref(s)).collect();
        let result_arity: Vec<_> = op.results.iter().map(|r| arity(r.arity)).collect();
        let result_names: Vec<_> = op.results.iter().map(|r| string_ref(r.name)).collect();
        let elided: Vec<String> = op
            .attributes
            .iter()
            .map(|a| elided_type(&a.constraint))
            .collect();
        let attributes: Vec<_> = op
            .attributes
            .iter()
            .zip(&elided)
            .map(|(a, elided)| bridge::MlirPassBridgeAttributeSpec {
                name: string_ref(a.name),
                optional: a.optional || a.default.is_some(),
                defaultValue: a.default.map_or(
                    sys::MlirStringRef {
                        data: std::ptr::null(),
                        length: 0,
                    },
                    string_ref,
                ),
                elidedType: string_ref(elided),
                kind: attr_kind(&a.constraint),
            })
            .collect();
        let parents: Vec<_> = op
            .traits
            .iter()
            .filter_map(|t| match t {
                super::Trait::HasParent(parents) => Some(parents.iter()),
                _ => None,
            })
            .flatten()
            .map(|p| string_ref(p))
            .collect();
        let format: Vec<_> = op
            .format
            .unwrap_or(&[])
            .iter()
            .map(format_element)
            .collect();
        let variadic_regions = op.regions.last().is_some_and(|r| r.variadic);
        let variadic_successors = op.successors.last().is_some_and(|s| s.variadic);
        let c_op = bridge::MlirPassBridgeOpSpec {
            name: string_ref(&full_name),
            definition: (op as *const OpDefinition).cast(),
            typeIdAddress: (op as *const OpDefinition).cast(),
            numOperands: operand_arity.len() as isize,
            operandArity: operand_arity.as_ptr(),
            operandNames: operand_names.as_ptr(),
            operandBuildable: operand_buildable_refs.as_ptr(),
            numResults: result_arity.len() as isize,
            resultArity: result_arity.as_ptr(),
            resultNames: result_names.as_ptr(),
            resultBuildable: result_buildable_refs.as_ptr(),
            numAttributes: attributes.len() as isize,
            attributes: attributes.as_ptr(),
            numRegions: op.regions.len() as isize,
            variadicRegions: variadic_regions,
            numSuccessors: op.successors.len() as isize,
            variadicSuccessors: variadic_successors,
            traits: op.traits.iter().fold(0, |bits, t| bits | t.bit()),
            numParents: parents.len() as isize,
            parents: parents.as_ptr(),
            numFormat: format.len() as isize,
            format: format.as_ptr(),
            hasVerifier: op.hooks.verify.is_some(),
            hasRegionVerifier: op.hooks.verify_regions.is_some(),
            hasFolder: op.hooks.fold.is_some(),
            hasCanonicalizer: op.hooks.canonicalize.is_some(),
            hasCustomParser: op.hooks.parse.is_some(),
            hasCustomPrinter: op.hooks.print.is_some(),
            interfaces: bridge::MlirPassBridgeOpInterfaces {
                callCallee: op.interfaces.call.map_or(-1, |(c, _)| c as i32),
                callArguments: op.interfaces.call.map_or(-1, |(_, a)| a as i32),
                callableRegion: op.interfaces.callable.map_or(-1, |(r, _)| r as i32),
                callableType: op.interfaces.callable.map_or(-1, |(_, t)| t as i32),
                cast: op.interfaces.cast.is_some(),
                inferTypes: op.interfaces.infer_types.is_some(),
            },
        };
        // SAFETY: every array lives until the call returns; the bridge
        // copies them; `op` is 'static.
        if !unsafe { bridge::mlirPassBridgeDialectSpecAddOp(spec, &c_op) } {
            return None;
        }
    }
    Some(spec.cast_const())
}

/// Inserts every Rust dialect linked into this program into `registry`, so
/// that contexts made from it load them by name. Dialects that cannot be
/// registered (a namespace taken, two ops with one name) are left out and
/// named in the error.
///
/// # Safety
/// `registry` is a valid dialect registry.
pub unsafe fn insert_all(registry: sys::MlirDialectRegistry) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for definition in dialects() {
        // SAFETY: the caller's contract.
        if let Err(e) = unsafe { insert(registry, definition) } {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// [`insert_all`] for C++ callers (`opt_main`, the dialect plugin):
/// errors go to stderr, and the rest of the dialects are inserted.
///
/// # Safety
/// `registry` is a valid dialect registry.
pub unsafe extern "C" fn insert_all_extern(registry: sys::MlirDialectRegistry) {
    let result = crate::ffi::trap(|| {
        // SAFETY: the caller's contract.
        unsafe { insert_all(registry) }
    });
    match result {
        Ok(Ok(())) => {}
        Ok(Err(errors)) => {
            for e in errors {
                eprintln!("mlir-pass: error: {e}; the dialect was not registered");
            }
        }
        Err(panic) => {
            eprintln!("mlir-pass: error: registering the Rust dialects panicked: {panic}")
        }
    }
}

/// Inserts one dialect into `registry`.
///
/// # Safety
/// `registry` is a valid dialect registry.
unsafe fn insert(
    registry: sys::MlirDialectRegistry,
    definition: &'static DialectDefinition,
) -> Result<(), String> {
    let dialect = registered(definition)?;
    // SAFETY: valid registry (caller) and spec.
    let owner = unsafe { bridge::mlirPassBridgeDialectRegistryOwner(registry, dialect.spec) };
    match owner {
        bridge::MlirPassBridgeDialectOwner::MlirPassBridgeDialectFree => {
            // SAFETY: as above.
            unsafe { bridge::mlirPassBridgeDialectInsert(registry, dialect.spec) };
            Ok(())
        }
        bridge::MlirPassBridgeDialectOwner::MlirPassBridgeDialectSame => Ok(()),
        _ => Err(format!(
            "dialect `{}` declares the namespace '{}', which another dialect already has \
             in this registry (the host's own test dialects, say): rename it \
             (#[mlir_dialect(name = \"...\")])",
            definition.type_name, definition.namespace
        )),
    }
}

/// Loads dialect `D` into `context` (C++'s `getOrLoadDialect<D>()`).
///
/// # Errors
/// Another dialect of that namespace is registered or loaded there, two
/// Rust dialects share the namespace, or two of its ops share a name.
pub fn load<D: Dialect>(context: crate::ContextRef<'_>) -> Result<(), String> {
    // SAFETY: a valid context.
    unsafe { load_raw(context.raw(), D::definition()) }.map(|_| ())
}

/// Loads `definition` into `context`.
///
/// # Safety
/// `context` is a valid context.
unsafe fn load_raw(
    context: sys::MlirContext,
    definition: &'static DialectDefinition,
) -> Result<sys::MlirDialect, String> {
    let dialect = registered(definition)?;
    // SAFETY: the caller's contract; a valid spec.
    let loaded = unsafe { bridge::mlirPassBridgeDialectLoad(context, dialect.spec) };
    if loaded.ptr.is_null() {
        Err(format!(
            "dialect `{}`: the context already has another dialect named '{}'",
            definition.type_name, definition.namespace
        ))
    } else {
        Ok(loaded)
    }
}

/// The C API's dialect registration hooks (`MlirDialectRegistrationHooks`
/// of `mlir/CAPI/Registration.h`), one set per Rust dialect.
#[repr(C)]
#[derive(Debug)]
pub struct DialectRegistrationHooks {
    insert: unsafe extern "C" fn(sys::MlirDialectRegistry),
    load: unsafe extern "C" fn(sys::MlirContext) -> sys::MlirDialect,
    namespace: extern "C" fn() -> sys::MlirStringRef,
}

unsafe extern "C" fn insert_hook<D: Dialect>(registry: sys::MlirDialectRegistry) {
    // SAFETY: MLIR passes a valid registry.
    match crate::ffi::trap(|| unsafe { insert(registry, D::definition()) }) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => eprintln!("mlir-pass: error: {e}; the dialect was not registered"),
        Err(panic) => eprintln!("mlir-pass: error: registering a dialect panicked: {panic}"),
    }
}

unsafe extern "C" fn load_hook<D: Dialect>(context: sys::MlirContext) -> sys::MlirDialect {
    // SAFETY: MLIR passes a valid context.
    match crate::ffi::trap(|| unsafe { load_raw(context, D::definition()) }) {
        Ok(Ok(dialect)) => dialect,
        Ok(Err(e)) => {
            // SAFETY: a valid context.
            unsafe { crate::ContextRef::from_raw(context) }.emit_error(&e);
            sys::MlirDialect {
                ptr: std::ptr::null_mut(),
            }
        }
        Err(panic) => {
            eprintln!("mlir-pass: error: loading a dialect panicked: {panic}");
            sys::MlirDialect {
                ptr: std::ptr::null_mut(),
            }
        }
    }
}

extern "C" fn namespace_hook<D: Dialect>() -> sys::MlirStringRef {
    string_ref(D::definition().namespace)
}

/// The C API handle of Rust dialect `D` (what `#[mlir_dialect]`'s
/// `Dialect::handle` returns).
pub fn dialect_handle<D: Dialect>() -> sys::MlirDialectHandle {
    static HOOKS: OnceLock<Mutex<HashMap<TypeId, &'static DialectRegistrationHooks>>> =
        OnceLock::new();
    let mut hooks = HOOKS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let entry = hooks.entry(TypeId::of::<D>()).or_insert_with(|| {
        Box::leak(Box::new(DialectRegistrationHooks {
            insert: insert_hook::<D>,
            load: load_hook::<D>,
            namespace: namespace_hook::<D>,
        }))
    });
    sys::MlirDialectHandle {
        ptr: (*entry as *const DialectRegistrationHooks).cast(),
    }
}

/// [`dialect_handle`] as a C getter, for a pass's `dialects = [MyDialect]`.
///
/// # Safety
/// None: `unsafe` only to match the C API's getters' type.
pub unsafe extern "C" fn handle_extern<D: Dialect>() -> sys::MlirDialectHandle {
    dialect_handle::<D>()
}
