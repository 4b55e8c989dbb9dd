//! A Rust dialect as the bridge receives it: its `static` definitions
//! (ops, types, formats, constraints) turned into the C structs of
//! `mlir_pass_bridge.h`, once per process (`registry.rs` caches the result).

use mlir_sys as sys;

use super::{
    attrs::AttrDefinition,
    callbacks,
    constraint::AttrConstraint,
    format::{CustomArg, CustomTarget, FormatElement, TypeSource, TypeTarget},
    op::Arity,
    registry::ops_of,
    syntax::{self, format::ParamSyntax},
    traits::TypeTransform,
    DialectDefinition, OpDefinition,
};
use crate::ffi::{bridge, string_ref};

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
        FormatElement::PropDict => e.kind = K::MlirPassBridgeFormatPropDict,
        FormatElement::Region(i) => (e.kind, e.index) = (K::MlirPassBridgeFormatRegion, i),
        FormatElement::Regions => e.kind = K::MlirPassBridgeFormatRegions,
        FormatElement::Successor(i) => (e.kind, e.index) = (K::MlirPassBridgeFormatSuccessor, i),
        FormatElement::Successors => e.kind = K::MlirPassBridgeFormatSuccessors,
        FormatElement::OptionalGroup { anchor, len } => {
            e.kind = K::MlirPassBridgeFormatOptionalGroup;
            e.index = anchor;
            e.length = len;
        }
        FormatElement::Custom(d) => (e.kind, e.index) = (K::MlirPassBridgeFormatCustom, d),
        FormatElement::OIList { len } => (e.kind, e.length) = (K::MlirPassBridgeFormatOIList, len),
        FormatElement::OIListClause { len } => {
            (e.kind, e.length) = (K::MlirPassBridgeFormatOIListClause, len)
        }
    }
    e
}

/// A custom directive's argument, for the bridge.
fn custom_arg(arg: &CustomArg) -> bridge::MlirPassBridgeCustomArg {
    use bridge::MlirPassBridgeCustomArgKind as K;
    let (kind, index) = match arg.target {
        CustomTarget::Operand(i) => (K::MlirPassBridgeCustomArgOperand, i),
        CustomTarget::Attribute(i) => (K::MlirPassBridgeCustomArgAttribute, i),
        CustomTarget::Type(TypeTarget::Operand(i)) => (K::MlirPassBridgeCustomArgOperandType, i),
        CustomTarget::Type(TypeTarget::Result(i)) => (K::MlirPassBridgeCustomArgResultType, i),
        // `#[mlir_op]` refuses `type(operands)` and `type(results)` here.
        CustomTarget::Type(_) => (K::MlirPassBridgeCustomArgOperandType, u32::MAX),
        CustomTarget::Region(i) => (K::MlirPassBridgeCustomArgRegion, i),
        CustomTarget::Successor(i) => (K::MlirPassBridgeCustomArgSuccessor, i),
    };
    bridge::MlirPassBridgeCustomArg {
        kind,
        index,
        byRef: arg.by_ref,
    }
}

/// Where the format takes a type from, for the bridge.
fn type_source(source: TypeSource) -> bridge::MlirPassBridgeTypeSource {
    use bridge::MlirPassBridgeTypeSourceKind as K;
    let (kind, index, transform) = match source {
        TypeSource::None => (K::MlirPassBridgeTypeSourceNone, 0, TypeTransform::Identity),
        TypeSource::Operand(i, t) => (K::MlirPassBridgeTypeSourceOperand, i, t),
        TypeSource::Result(i, t) => (K::MlirPassBridgeTypeSourceResult, i, t),
        TypeSource::Attribute(i, t) => (K::MlirPassBridgeTypeSourceAttribute, i, t),
    };
    bridge::MlirPassBridgeTypeSource {
        kind,
        index,
        transform: transform.bridge(),
    }
}

fn arity(a: Arity) -> bridge::MlirPassBridgeArity {
    match a {
        Arity::Single => bridge::MlirPassBridgeArity::MlirPassBridgeAritySingle,
        Arity::Optional => bridge::MlirPassBridgeArity::MlirPassBridgeArityOptional,
        Arity::Variadic => bridge::MlirPassBridgeArity::MlirPassBridgeArityVariadic,
    }
}

/// Builds the bridge's description of a dialect and its ops; `None` on an
/// exception in C++ (out of memory).
pub(super) fn build(
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
        verifyAttribute: Some(callbacks::verify_attribute),
        verifyValueType: Some(callbacks::verify_value_type),
        fold: Some(callbacks::fold),
        canonicalize: Some(callbacks::canonicalize),
        materializeConstant: Some(callbacks::materialize_constant),
        castCompatible: Some(callbacks::cast_compatible),
        materializeCallConversion: Some(callbacks::materialize_call_conversion),
        verifyType: Some(super::types::verify_type),
        inferTypes: Some(callbacks::infer_types),
        parse: Some(super::asm::parse),
        print: Some(super::asm::print),
        asmNames: Some(super::asm_names::asm_names),
        asmBlockNames: Some(super::block_names::asm_block_names),
        inferIntRanges: Some(super::int_range::callback::infer_int_ranges),
        memoryEffects: Some(super::effects::memory_effects),
        speculatability: Some(super::effects::speculatability),
        successorForOperands: Some(super::control_flow::successor_for_operands),
        entrySuccessors: Some(super::control_flow::entry_successors),
        parseCustom: Some(super::custom::parse_custom),
        printCustom: Some(super::custom::print_custom),
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
    if super::alias::has_aliases(definition) {
        // SAFETY: a description being built; the hook is Rust's.
        if !unsafe {
            bridge::mlirPassBridgeDialectSpecSetAliasHook(spec, Some(super::alias::alias_hook))
        } {
            return None;
        }
    }
    for ty in super::types::types_of(definition) {
        let (interfaces, asm_name) = super::type_interfaces::bridge_interfaces(ty);
        let c_type = bridge::MlirPassBridgeTypeSpec {
            name: string_ref(ty.name),
            definition: (ty as *const super::TypeDefinition).cast(),
            hasSyntax: !matches!(ty.syntax, ParamSyntax::Default),
            interfaces,
            asmName: string_ref(asm_name),
        };
        // SAFETY: the name is copied; `ty` is 'static.
        if !unsafe { bridge::mlirPassBridgeDialectSpecAddType(spec, &c_type) } {
            return None;
        }
    }
    // SAFETY: a description being built; the callbacks are Rust's.
    unsafe {
        bridge::mlirPassBridgeDialectSpecSetSyntax(
            spec,
            bridge::MlirPassBridgeSyntaxCallbacks {
                parse: Some(syntax::callbacks::parse),
                print: Some(syntax::callbacks::print),
                verify: Some(syntax::callbacks::verify_attr),
                verifyEncoding: Some(super::attr_interfaces::verify_encoding),
                typeSizeInBits: Some(super::type_interfaces::type_size_in_bits),
                typeAsmName: Some(super::type_interfaces::type_asm_name),
            },
        )
    };
    for attr in super::attrs::attrs_of(definition) {
        let c_attr = bridge::MlirPassBridgeAttrSpec {
            name: string_ref(attr.name),
            definition: (attr as *const AttrDefinition).cast(),
            hasSyntax: !matches!(attr.syntax, ParamSyntax::Default),
            selfTypeParam: attr.self_type.map_or(-1, |i| i as i32),
            verifiesEncoding: super::attr_interfaces::verify_encoding_hook(attr).is_some(),
        };
        // SAFETY: the name is copied; `attr` is 'static.
        if !unsafe { bridge::mlirPassBridgeDialectSpecAddAttr(spec, &c_attr) } {
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
            .map(|o| o.constraint.buildable_type())
            .collect();
        let operand_buildable_refs: Vec<_> =
            operand_buildable.iter().map(|s| string_ref(s)).collect();
        let result_buildable: Vec<String> = op
            .results
            .iter()
            .map(|r| r.constraint.buildable_type())
            .collect();
        let result_buildable_refs: Vec<_> =
            result_buildable.iter().map(|s| string_ref(s)).collect();
        let operand_classes: Vec<_> = op
            .operands
            .iter()
            .map(|o| string_ref(o.constraint.storage_class()))
            .collect();
        let result_classes: Vec<_> = op
            .results
            .iter()
            .map(|r| string_ref(r.constraint.storage_class()))
            .collect();
        let result_arity: Vec<_> = op.results.iter().map(|r| arity(r.arity)).collect();
        let result_names: Vec<_> = op.results.iter().map(|r| string_ref(r.name)).collect();
        let elided: Vec<String> = op
            .attributes
            .iter()
            .map(|a| a.constraint.elided_type())
            .collect();
        // An integer enum's cases, per attribute (empty for others).
        let cases: Vec<(Vec<sys::MlirStringRef>, Vec<i64>)> = op
            .attributes
            .iter()
            .map(|a| match a.constraint {
                AttrConstraint::Enum(e) => (
                    e.cases.iter().map(|c| string_ref(c.keyword)).collect(),
                    e.cases.iter().map(|c| c.value).collect(),
                ),
                AttrConstraint::BitEnum(e) => (
                    e.cases.iter().map(|c| string_ref(c.keyword)).collect(),
                    e.cases.iter().map(|c| c.value).collect(),
                ),
                _ => (Vec::new(), Vec::new()),
            })
            .collect();
        let attributes: Vec<_> = op
            .attributes
            .iter()
            .zip(&elided)
            .zip(&cases)
            .map(
                |((a, elided), (case_names, case_values))| bridge::MlirPassBridgeAttributeSpec {
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
                    kind: a.constraint.storage_kind(),
                    rustAttr: match a.constraint {
                        AttrConstraint::Dialect(d) => (d as *const AttrDefinition).cast(),
                        _ => std::ptr::null(),
                    },
                    rustAttrNamespace: match a.constraint {
                        AttrConstraint::Dialect(d) => string_ref((d.dialect)().namespace),
                        _ => string_ref(""),
                    },
                    numCases: case_names.len() as isize,
                    caseNames: case_names.as_ptr(),
                    caseValues: case_values.as_ptr(),
                    upstreamAttr: match a.constraint {
                        AttrConstraint::Upstream { name, .. } => string_ref(name),
                        _ => string_ref(""),
                    },
                    bitSeparator: match a.constraint {
                        AttrConstraint::BitEnum(e) => string_ref(e.separator),
                        _ => string_ref(""),
                    },
                    bitPrimaryGroups: matches!(
                        a.constraint,
                        AttrConstraint::BitEnum(e) if e.print_primary_groups
                    ),
                },
            )
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
        let sources = super::format::type_sources(op);
        let infer_sources: Vec<_> = super::format::inferred_result_sources(op)
            .into_iter()
            .map(type_source)
            .collect();
        let operand_sources: Vec<_> = sources.operands.into_iter().map(type_source).collect();
        let result_sources: Vec<_> = sources.results.into_iter().map(type_source).collect();
        let parse_checks: Vec<_> = sources
            .parse_checks
            .into_iter()
            .map(|(s, _)| type_source(s))
            .collect();
        let effects = match op.interfaces.effects {
            Some(super::MemoryEffects::Declared(effects)) => super::effects::effect_specs(effects),
            _ => Vec::new(),
        };
        let branch_operands: Vec<i32> = op.interfaces.branch.map_or(Vec::new(), |b| {
            b.successor_operands
                .iter()
                .map(|g| g.map_or(-1, |g| g as i32))
                .collect()
        });
        let region_successors: Vec<u64> = op.interfaces.region_branch.map_or(Vec::new(), |r| {
            r.successors
                .iter()
                .map(|s| super::control_flow::target_mask(s))
                .collect()
        });
        let custom_args: Vec<Vec<bridge::MlirPassBridgeCustomArg>> = op
            .hooks
            .custom_directives
            .iter()
            .map(|d| d.args.iter().map(custom_arg).collect())
            .collect();
        let custom_directives: Vec<_> = op
            .hooks
            .custom_directives
            .iter()
            .zip(&custom_args)
            .map(|(d, args)| bridge::MlirPassBridgeCustomDirective {
                name: string_ref(d.name),
                numArgs: args.len() as isize,
                args: args.as_ptr(),
            })
            .collect();
        let variadic_regions = op.regions.last().is_some_and(|r| r.variadic);
        let variadic_successors = op.successors.last().is_some_and(|s| s.variadic);
        let function = op.interfaces.function;
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
            operandClasses: operand_classes.as_ptr(),
            resultClasses: result_classes.as_ptr(),
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
            hasCanonicalizer: op.hooks.canonicalize.is_some()
                || op.hooks.canonicalize_method.is_some(),
            hasCustomParser: op.hooks.parse.is_some(),
            hasCustomPrinter: op.hooks.print.is_some(),
            interfaces: bridge::MlirPassBridgeOpInterfaces {
                callCallee: op.interfaces.call.map_or(-1, |(c, _)| c as i32),
                callArguments: op.interfaces.call.map_or(-1, |(_, a)| a as i32),
                callableRegion: op.interfaces.callable.map_or(-1, |(r, _)| r as i32),
                callableType: op.interfaces.callable.map_or(-1, |(_, t)| t as i32),
                function: function.is_some(),
                functionArgAttrs: function.and_then(|f| f.arg_attrs).map_or(-1, |i| i as i32),
                functionResAttrs: function.and_then(|f| f.res_attrs).map_or(-1, |i| i as i32),
                cast: op.interfaces.cast.is_some(),
                inferTypes: op.interfaces.infer_types.is_some()
                    || op.interfaces.infer_types_from_constraints,
                inferTypesFromConstraints: op.interfaces.infer_types_from_constraints,
                asmResultNames: op.interfaces.asm.result_names.is_some(),
                asmBlockArgNames: op.interfaces.asm.block_arg_names.is_some(),
                asmBlockNames: op.interfaces.asm.block_names.is_some(),
                intRanges: match op.interfaces.int_ranges {
                    None => bridge::MlirPassBridgeIntRangeMethod::MlirPassBridgeIntRangeNone,
                    Some(super::int_range::IntRangeInterface::Known(_)) => {
                        bridge::MlirPassBridgeIntRangeMethod::MlirPassBridgeIntRangeKnown
                    }
                    Some(super::int_range::IntRangeInterface::Optional(_)) => {
                        bridge::MlirPassBridgeIntRangeMethod::MlirPassBridgeIntRangeOptional
                    }
                },
                effects: match op.interfaces.effects {
                    None => bridge::MlirPassBridgeEffectsKind::MlirPassBridgeEffectsNone,
                    Some(super::MemoryEffects::Declared(_)) => {
                        bridge::MlirPassBridgeEffectsKind::MlirPassBridgeEffectsDeclared
                    }
                    Some(super::MemoryEffects::Method(_)) => {
                        bridge::MlirPassBridgeEffectsKind::MlirPassBridgeEffectsMethod
                    }
                },
                speculatability: op.interfaces.speculatability.is_some(),
                fastMathAttr: op.interfaces.fast_math.map_or(-1, |i| i as i32),
                branch: op.interfaces.branch.is_some(),
                branchSuccessorForOperands: op
                    .interfaces
                    .branch
                    .is_some_and(|b| b.successor_for_operands.is_some()),
                regionBranch: op.interfaces.region_branch.is_some(),
                regionEntry: op
                    .interfaces
                    .region_branch
                    .map_or(0, |r| super::control_flow::target_mask(r.entry)),
                regionEntryOperands: op
                    .interfaces
                    .region_branch
                    .and_then(|r| r.entry_operands)
                    .map_or(-1, |g| g as i32),
                regionEntryMethod: op
                    .interfaces
                    .region_branch
                    .is_some_and(|r| r.entry_successors.is_some()),
            },
            defaultDialect: string_ref(op.interfaces.asm.default_dialect.unwrap_or("")),
            operandTypeSources: operand_sources.as_ptr(),
            resultTypeSources: result_sources.as_ptr(),
            resultInferSources: infer_sources.as_ptr(),
            numParseChecks: parse_checks.len() as isize,
            parseChecks: parse_checks.as_ptr(),
            numEffects: effects.len() as isize,
            effects: effects.as_ptr(),
            numBranchOperands: branch_operands.len() as isize,
            branchOperands: branch_operands.as_ptr(),
            numRegionSuccessors: region_successors.len() as isize,
            regionSuccessors: region_successors.as_ptr(),
            numCustomDirectives: custom_directives.len() as isize,
            customDirectives: custom_directives.as_ptr(),
        };
        // SAFETY: every array lives until the call returns; the bridge
        // copies them; `op` is 'static.
        if !unsafe { bridge::mlirPassBridgeDialectSpecAddOp(spec, &c_op) } {
            return None;
        }
    }
    Some(spec.cast_const())
}
