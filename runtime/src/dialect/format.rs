//! The declarative assembly format (ODS's `assemblyFormat`), as data.
//!
//! `#[mlir_op(format = "...")]` parses and checks the format at compile
//! time (every `$name` must be an operand, attribute, region or successor of
//! the op; every operand and result type must be given or inferable) and
//! writes it as a `&'static [FormatElement]`. The bridge interprets it in
//! C++ with MLIR's `OpAsmParser` and `OpAsmPrinter`, so a declared op
//! parses and prints with no call into Rust.

/// Which values a `type(...)` or `functional-type(...)` directive names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeTarget {
    /// The operand group with this index (`type($input)`).
    Operand(u32),
    /// Every operand (`type(operands)`).
    Operands,
    /// The result group with this index (`type($output)`).
    Result(u32),
    /// Every result (`type(results)`).
    Results,
}

/// One element of a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatElement {
    /// A literal: punctuation (`` `(` ``, `` `:` ``, `` `->` ``) or a
    /// keyword (`` `to` ``).
    Literal(&'static str),
    /// The operand group with this index (`$input`).
    Operand(u32),
    /// Every operand (`operands`).
    Operands,
    /// The attribute with this index (`$value`).
    Attribute(u32),
    /// `type(...)`.
    Type(TypeTarget),
    /// `functional-type(inputs, results)`.
    FunctionalType(TypeTarget, TypeTarget),
    /// `attr-dict`.
    AttrDict,
    /// `attr-dict-with-keyword`.
    AttrDictWithKeyword,
    /// `prop-dict`: the op's properties (its inherent attributes) that the
    /// format does not print elsewhere, as `<{...}>` (nothing when none is
    /// set); `attr-dict` then prints only the discardable attributes.
    PropDict,
    /// The region with this index (`$body`).
    Region(u32),
    /// Every region (`regions`).
    Regions,
    /// The successor with this index (`$dest`).
    Successor(u32),
    /// Every successor (`successors`).
    Successors,
    /// `( ... )?`: the group is printed when its anchor (the element at
    /// index `anchor` within the group, marked `^`) is present, and parsed
    /// when its first element is there. `len` elements follow.
    OptionalGroup {
        /// Index of the anchor inside the group.
        anchor: u32,
        /// How many of the following elements belong to the group.
        len: u32,
    },
    /// `custom<Name>(...)`: the op's custom directive with this index in
    /// [`OpHooks::custom_directives`](super::OpHooks), whose
    /// Rust functions parse and print its arguments.
    Custom(u32),
    /// `oilist(...)`: clauses in any order, each at most once (ODS's
    /// order-independent list). `len` elements follow: its clauses, each an
    /// [`OIListClause`](Self::OIListClause) and its elements.
    OIList {
        /// How many of the following elements belong to the list.
        len: u32,
    },
    /// One clause of an `oilist`: `len` elements follow, the first its
    /// keyword. A clause is printed when any operand, attribute or region
    /// it names is present; a clause that is a keyword and a unit
    /// attribute sets the attribute.
    OIListClause {
        /// How many of the following elements belong to the clause.
        len: u32,
    },
}

/// What a custom directive's argument names (ODS's arguments of
/// `custom<Name>(...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CustomTarget {
    /// The operand group with this index (`$input`).
    Operand(u32),
    /// The attribute with this index (`$value`).
    Attribute(u32),
    /// The types of an operand or result group (`type($input)`).
    Type(TypeTarget),
    /// The region with this index (`$body`).
    Region(u32),
    /// The successor with this index (`$dest`).
    Successor(u32),
}

/// One argument of a custom directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CustomArg {
    /// What it names.
    pub target: CustomTarget,
    /// `ref(...)`: what an earlier element parsed, handed to the parser as
    /// a value rather than read by it.
    pub by_ref: bool,
}

/// Parses a custom directive: reads its arguments with the op's
/// `parse_<name>` method. With `optional` (the directive opens an
/// optional group), answers whether it was there; otherwise `true`.
pub type CustomParseHook =
    for<'a> fn(&mut super::OpParser<'a>, bool) -> Result<bool, super::ParseError>;

/// Prints a custom directive: the op's `print_<name>` method on its
/// arguments.
pub type CustomPrintHook = for<'a> fn(crate::OperationRef<'a>, &mut super::OpPrinter<'a>);

/// A custom directive of an op's format (ODS's `custom<Name>(...)`): its
/// arguments and the functions `#[mlir_op]` writes to call the op's
/// `parse_<name>` and `print_<name>` methods.
#[derive(Clone, Copy, Debug)]
pub struct CustomDirective {
    /// `Name` in `custom<Name>`.
    pub name: &'static str,
    /// The arguments, in order.
    pub args: &'static [CustomArg],
    /// Calls the op's parse method.
    pub parse: CustomParseHook,
    /// Calls the op's print method.
    pub print: CustomPrintHook,
}

/// Where a format takes a value's type from when it does not give it
/// (ODS's type resolution): the value, typed attribute or nothing it is
/// derived from, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TypeSource {
    /// Given by the format, buildable, or from another rule
    /// (`SameOperandsAndResultType`, `InferTypeOpInterface`).
    None,
    /// The type of operand group `index`, transformed.
    Operand(u32, super::traits::TypeTransform),
    /// The type of result group `index`, transformed.
    Result(u32, super::traits::TypeTransform),
    /// The type of typed attribute `index`, transformed.
    Attribute(u32, super::traits::TypeTransform),
}

/// Where a format takes the types it does not give from.
pub(super) struct TypeSources {
    /// Per operand group.
    pub(super) operands: Vec<TypeSource>,
    /// Per result group.
    pub(super) results: Vec<TypeSource>,
    /// The operand and result groups (their transforms the identity) whose
    /// types the parser checks against their constraints, each with
    /// whether it is checked for a result's type, in order, as
    /// ODS's generated parser checks the source of a type a
    /// `TypesMatchWith` derives: `'complex' must be complex type with
    /// floating-point elements, but got 'complex<i32>'`.
    pub(super) parse_checks: Vec<(TypeSource, bool)>,
}

/// The type sources of an op's operand and result groups, as ODS's format
/// generator resolves them: from `AllTypesMatch` and `TypesMatchWith`, in
/// the order the traits are listed (a later one wins), taking a type only
/// from a value whose type the format gives (or an attribute it names).
pub(super) fn type_sources(op: &super::OpDefinition) -> TypeSources {
    let format = op.format.unwrap_or(&[]);
    let mut operand_seen = vec![false; op.operands.len()];
    let mut result_seen = vec![false; op.results.len()];
    let mut attribute_seen = vec![false; op.attributes.len()];
    let (mut all_operands, mut all_results) = (false, false);
    let mut see = |target: TypeTarget| match target {
        TypeTarget::Operand(i) => operand_seen[i as usize] = true,
        TypeTarget::Result(i) => result_seen[i as usize] = true,
        TypeTarget::Operands => all_operands = true,
        TypeTarget::Results => all_results = true,
    };
    for element in format {
        match *element {
            FormatElement::Custom(d) => {
                for arg in op.hooks.custom_directives[d as usize].args {
                    match arg.target {
                        CustomTarget::Type(t) if !arg.by_ref => see(t),
                        CustomTarget::Attribute(i) if !arg.by_ref => {
                            attribute_seen[i as usize] = true
                        }
                        _ => {}
                    }
                }
            }
            FormatElement::Type(t) => see(t),
            FormatElement::FunctionalType(a, b) => {
                see(a);
                see(b);
            }
            FormatElement::Attribute(i) => attribute_seen[i as usize] = true,
            _ => {}
        }
    }
    let mut sources = resolve_sources(op, &operand_seen, &result_seen, &attribute_seen);
    // ODS resolves no result type when the format gives them all, or when
    // none is given and the op infers them with a method of its own; and
    // no operand type when the format gives them all: no value is then
    // the source of a derived type to check.
    let inferred = op.interfaces.infer_types.is_some() && !result_seen.contains(&true);
    if all_results || inferred {
        sources.parse_checks.retain(|c| !c.1);
    }
    if all_operands {
        sources.parse_checks.retain(|c| c.1);
    }
    sources
}

/// Where `InferTypeOpInterface(from_constraints)` takes each result's type
/// from, as ODS's generated `inferReturnTypes` does, by the rule
/// `#[mlir_op]` checked: a result whose type is buildable (or given by
/// `SameOperandsAndResultType`) needs no source; any other takes the first
/// `AllTypesMatch` or `TypesMatchWith` that ties it to an operand of the
/// single-value prefix (its group index is its position), an attribute or
/// a result already resolved, repeated until nothing changes, so that
/// results may chain.
pub(super) fn inferred_result_sources(op: &super::OpDefinition) -> Vec<TypeSource> {
    use super::{
        op::Arity,
        traits::{Trait, TypeTransform},
    };
    if !op.interfaces.infer_types_from_constraints {
        return Vec::new();
    }
    let same = op
        .traits
        .iter()
        .any(|t| matches!(t, Trait::SameOperandsAndResultType))
        && op
            .operands
            .first()
            .is_some_and(|o| o.arity == Arity::Single);
    let prefix = op
        .operands
        .iter()
        .take_while(|o| o.arity == Arity::Single)
        .count();
    let mut sources: Vec<Option<TypeSource>> = op
        .results
        .iter()
        .map(|r| (!r.constraint.buildable_type().is_empty() || same).then_some(TypeSource::None))
        .collect();
    let known = |sources: &[Option<TypeSource>], name: &str, transform: TypeTransform| {
        if let Some(i) = op.operands.iter().position(|o| o.name == name) {
            return (i < prefix).then_some(TypeSource::Operand(i as u32, transform));
        }
        if let Some(i) = op.results.iter().position(|r| r.name == name) {
            return sources[i].map(|_| TypeSource::Result(i as u32, transform));
        }
        // An attribute that is always there and has a type, as the macro
        // requires.
        let i = op.attributes.iter().position(|a| {
            a.name == name && (!a.optional || a.default.is_some()) && !a.constraint.is_untyped()
        })?;
        Some(TypeSource::Attribute(i as u32, transform))
    };
    loop {
        let mut progress = false;
        for i in 0..op.results.len() {
            if sources[i].is_some() {
                continue;
            }
            let name = op.results[i].name;
            let found = op.traits.iter().find_map(|t| match *t {
                // Values before attributes: a value always has its type.
                Trait::AllTypesMatch(names) if names.contains(&name) => {
                    let candidates = || names.iter().filter(|n| **n != name);
                    let is_attribute = |n: &&&str| op.attributes.iter().any(|a| a.name == **n);
                    candidates()
                        .filter(|n| !is_attribute(n))
                        .chain(candidates().filter(is_attribute))
                        .find_map(|n| known(&sources, n, TypeTransform::Identity))
                }
                Trait::TypesMatchWith {
                    lhs,
                    rhs,
                    transform,
                    ..
                } if rhs == name => known(&sources, lhs, transform),
                _ => None,
            });
            if found.is_some() {
                sources[i] = found;
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    sources
        .into_iter()
        .map(|s| s.unwrap_or(TypeSource::None))
        .collect()
}

/// The sources of the values whose type is not `*_seen`, through the op's
/// `AllTypesMatch` and `TypesMatchWith`, from those that are.
fn resolve_sources(
    op: &super::OpDefinition,
    operand_seen: &[bool],
    result_seen: &[bool],
    attribute_seen: &[bool],
) -> TypeSources {
    use super::traits::{Trait, TypeTransform};
    // ODS's `findSeenArg`.
    let seen = |name: &str, transform: TypeTransform| {
        if let Some(i) = op.operands.iter().position(|o| o.name == name) {
            return operand_seen[i].then_some(TypeSource::Operand(i as u32, transform));
        }
        if let Some(i) = op.results.iter().position(|r| r.name == name) {
            return result_seen[i].then_some(TypeSource::Result(i as u32, transform));
        }
        let i = op.attributes.iter().position(|a| a.name == name)?;
        attribute_seen[i].then_some(TypeSource::Attribute(i as u32, transform))
    };
    // Each value resolved, its source, and whether a `TypesMatchWith`
    // resolved it (ODS's resolver "with a transformer").
    let mut resolved: Vec<(&str, TypeSource, bool)> = Vec::new();
    let mut resolve = |name: &'static str, source: TypeSource, transformed: bool| {
        resolved.retain(|(n, _, _)| *n != name);
        resolved.push((name, source, transformed));
    };
    for t in op.traits {
        match *t {
            Trait::AllTypesMatch(names) => {
                for (i, name) in names.iter().enumerate() {
                    if let Some(source) = seen(name, TypeTransform::Identity) {
                        for (j, other) in names.iter().enumerate() {
                            if j != i {
                                resolve(other, source, false);
                            }
                        }
                    }
                }
            }
            Trait::TypesMatchWith {
                lhs,
                rhs,
                transform,
                ..
            } => {
                if let Some(source) = seen(lhs, transform) {
                    resolve(rhs, source, true);
                }
            }
            _ => {}
        }
    }
    let found = |name: &str, given: bool| {
        resolved
            .iter()
            .find(|(n, _, _)| *n == name)
            .filter(|_| !given)
    };
    let source = |name: &str, given: bool| found(name, given).map_or(TypeSource::None, |r| r.1);
    // ODS's parser checks the source of every type a `TypesMatchWith`
    // derives against the source's constraint, results' first, each once.
    // Each with whether it is the source of a result's type.
    let mut parse_checks: Vec<(TypeSource, bool)> = Vec::new();
    let names = op
        .results
        .iter()
        .zip(result_seen)
        .map(|(r, g)| (r.name, *g, true));
    let operands = op
        .operands
        .iter()
        .zip(operand_seen)
        .map(|(o, g)| (o.name, *g, false));
    for (name, given, for_result) in names.chain(operands) {
        if let Some(&(_, source, true)) = found(name, given) {
            let var = match source {
                TypeSource::Operand(i, _) => TypeSource::Operand(i, TypeTransform::Identity),
                TypeSource::Result(i, _) => TypeSource::Result(i, TypeTransform::Identity),
                _ => continue,
            };
            if !parse_checks.iter().any(|(v, _)| *v == var) {
                parse_checks.push((var, for_result));
            }
        }
    }
    TypeSources {
        operands: op
            .operands
            .iter()
            .zip(operand_seen)
            .map(|(o, given)| source(o.name, *given))
            .collect(),
        results: op
            .results
            .iter()
            .zip(result_seen)
            .map(|(r, given)| source(r.name, *given))
            .collect(),
        parse_checks,
    }
}
