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

/// The type sources of an op's operand and result groups, as ODS's format
/// generator resolves them: from `AllTypesMatch` and `TypesMatchWith`, in
/// the order the traits are listed (a later one wins), taking a type only
/// from a value whose type the format gives (or an attribute it names).
pub(super) fn type_sources(op: &super::OpDefinition) -> (Vec<TypeSource>, Vec<TypeSource>) {
    use super::traits::{Trait, TypeTransform};
    let format = op.format.unwrap_or(&[]);
    let mut operand_seen = vec![false; op.operands.len()];
    let mut result_seen = vec![false; op.results.len()];
    let mut attribute_seen = vec![false; op.attributes.len()];
    let mut see = |target: TypeTarget| match target {
        TypeTarget::Operand(i) => operand_seen[i as usize] = true,
        TypeTarget::Result(i) => result_seen[i as usize] = true,
        TypeTarget::Operands | TypeTarget::Results => {}
    };
    for element in format {
        match *element {
            FormatElement::Type(t) => see(t),
            FormatElement::FunctionalType(a, b) => {
                see(a);
                see(b);
            }
            FormatElement::Attribute(i) => attribute_seen[i as usize] = true,
            _ => {}
        }
    }
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
    let mut resolved: Vec<(&str, TypeSource)> = Vec::new();
    let mut resolve = |name: &'static str, source: TypeSource| {
        resolved.retain(|(n, _)| *n != name);
        resolved.push((name, source));
    };
    for t in op.traits {
        match *t {
            Trait::AllTypesMatch(names) => {
                for (i, name) in names.iter().enumerate() {
                    if let Some(source) = seen(name, TypeTransform::Identity) {
                        for (j, other) in names.iter().enumerate() {
                            if j != i {
                                resolve(other, source);
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
                    resolve(rhs, source);
                }
            }
            _ => {}
        }
    }
    let source = |name: &str, given: bool| {
        resolved
            .iter()
            .find(|(n, _)| *n == name)
            .filter(|_| !given)
            .map_or(TypeSource::None, |(_, s)| *s)
    };
    (
        op.operands
            .iter()
            .zip(&operand_seen)
            .map(|(o, given)| source(o.name, *given))
            .collect(),
        op.results
            .iter()
            .zip(&result_seen)
            .map(|(r, given)| source(r.name, *given))
            .collect(),
    )
}
