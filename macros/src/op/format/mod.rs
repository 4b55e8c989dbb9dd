//! The declarative assembly format (`format = "..."`, ODS's
//! `assemblyFormat`): parsed here, at compile time, into the flat list of
//! elements the runtime's `dialect::format::FormatElement` holds, and
//! checked with ODS's rules, so that a format MLIR could not parse or print
//! with is a compile error rather than a failure at registration.
//!
//! ```text
//! format  ::= element*
//! element ::= literal | variable | directive | group
//! literal ::= `keyword` | `punctuation`            (in backticks)
//! variable ::= `$` name                             (operand, attribute, region, successor)
//! directive ::= attr-dict | attr-dict-with-keyword | prop-dict | operands | regions | successors
//!             | type(target) | functional-type(target, target)
//!             | custom<Name>(argument, ...) | oilist(clause | clause ...)
//! target  ::= $operand | $result | operands | results
//! argument ::= $operand | $attribute | $region | $successor | type($operand | $result)
//!            | ref($operand | $attribute | type($operand | $result))
//! clause  ::= `keyword` element*
//! group   ::= `(` element* `)` `?`                  (one element marked `^`, its anchor)
//! ```
//!
//! The parser knows the op only through a [`Shape`] (names and arities), so
//! it runs on plain strings and is unit-tested without syn.

use std::fmt;

use crate::dialects::edit_distance;

use super::ast::Arity;

mod check;
mod directive;
pub(crate) mod lex;
mod parser;
#[cfg(test)]
mod tests;

use check::*;
use lex::*;
use parser::*;

/// What a format can name: the op's parts, in declaration order.
#[derive(Default)]
pub struct Shape {
    /// Operand groups: name and arity.
    pub operands: Vec<(String, Arity)>,
    /// Result groups: name and arity.
    pub results: Vec<(String, Arity)>,
    /// Attributes: name and whether it may be absent (optional or with a
    /// default).
    pub attributes: Vec<(String, bool)>,
    /// Regions: name and whether it is variadic.
    pub regions: Vec<(String, bool)>,
    /// Successors: name and whether it is variadic.
    pub successors: Vec<(String, bool)>,
    /// The op has `SameOperandsAndResultType`: one known type gives all.
    pub same_operands_and_result_type: bool,
    /// Per operand group: a single value of a buildable type (ODS's
    /// `BuildableType`: `I64`, `F64`, `Index`...), which the format may
    /// leave out.
    pub buildable_operands: Vec<bool>,
    /// The same per result group.
    pub buildable_results: Vec<bool>,
    /// The op has `InferTypeOpInterface`: the format may give no result
    /// type at all (the parser infers them).
    pub infers_result_types: bool,
    /// The traits a type the format leaves out may be taken from, in
    /// order (ODS's type resolution).
    pub type_matches: Vec<TypeMatch>,
}

/// A trait relating the types of the op's parts, as the format checker
/// resolves types through it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeMatch {
    /// `AllTypesMatch(a, b, ...)`: one given type gives the others.
    All(Vec<String>),
    /// `TypesMatchWith(.., lhs, rhs, ..)`: `lhs`'s given type gives `rhs`'s.
    With {
        /// The part whose type is transformed.
        lhs: String,
        /// The part whose type is derived.
        rhs: String,
    },
}

/// Which values a `type(...)` or `functional-type(...)` names
/// (`dialect::format::TypeTarget`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `$operand`: the operand group with this index.
    Operand(u32),
    /// `operands`.
    Operands,
    /// `$result`: the result group with this index.
    Result(u32),
    /// `results`.
    Results,
}

/// What an argument of `custom<Name>(...)` names
/// (`dialect::format::CustomTarget`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CustomTarget {
    /// `$input`.
    Operand(u32),
    /// `$value`.
    Attribute(u32),
    /// `type($input)`, `type($output)`.
    Type(Target),
    /// `$body`.
    Region(u32),
    /// `$dest`.
    Successor(u32),
}

/// One argument of `custom<Name>(...)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CustomArg {
    /// What it names.
    pub target: CustomTarget,
    /// `ref(...)`.
    pub by_ref: bool,
}

/// One element (`dialect::format::FormatElement`); an optional group, an
/// `oilist` and its clauses are followed by their `len` elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// `` `(` ``, `` `to` ``.
    Literal(String),
    /// `$input`.
    Operand(u32),
    /// `operands`.
    Operands,
    /// `$value`.
    Attribute(u32),
    /// `type(...)`.
    Type(Target),
    /// `functional-type(..., ...)`.
    FunctionalType(Target, Target),
    /// `attr-dict`.
    AttrDict,
    /// `attr-dict-with-keyword`.
    AttrDictWithKeyword,
    /// `prop-dict`.
    PropDict,
    /// `$body`.
    Region(u32),
    /// `regions`.
    Regions,
    /// `$dest`.
    Successor(u32),
    /// `successors`.
    Successors,
    /// `( ... )?`.
    OptionalGroup {
        /// The anchor's index inside the group.
        anchor: u32,
        /// How many elements follow that belong to the group.
        len: u32,
    },
    /// `custom<Name>(...)`.
    Custom {
        /// `Name`.
        name: String,
        /// The arguments that name the op's parts, in order.
        args: Vec<CustomArg>,
        /// The string arguments (Rust expressions, ODS's C++ ones) and
        /// where each stands among all the arguments.
        exprs: Vec<(usize, String)>,
    },
    /// `oilist(...)`.
    OIList {
        /// How many elements follow that belong to the list.
        len: u32,
    },
    /// A clause of an `oilist`; its keyword is the first of the elements.
    OIListClause {
        /// How many elements follow that belong to the clause.
        len: u32,
    },
}

impl Element {
    /// How many elements this one takes, itself included.
    pub fn span(&self) -> usize {
        match *self {
            Element::OptionalGroup { len, .. }
            | Element::OIList { len }
            | Element::OIListClause { len } => 1 + len as usize,
            _ => 1,
        }
    }
}

/// The punctuation ODS accepts as a literal.
const PUNCTUATION: &[&str] = &[
    "->", ":", ",", "=", "<", ">", "(", ")", "[", "]", "{", "}", "?", "+", "*", "...", "|", "_",
];

/// Every directive, for messages and "did you mean".
const DIRECTIVES: &[&str] = &[
    "attr-dict",
    "attr-dict-with-keyword",
    "prop-dict",
    "operands",
    "results",
    "regions",
    "successors",
    "type",
    "functional-type",
    "custom",
    "oilist",
    "ref",
];

/// ODS directives this format does not implement.
const UNSUPPORTED: &[&str] = &["qualified"];

/// Parses and checks `source` against the op `shape`. The errors (all of
/// them, when the text parses) name the element at fault; the caller
/// points them at the format string.
pub fn parse(source: &str, shape: &Shape) -> Result<Vec<Element>, Vec<String>> {
    let tokens = lex(source).map_err(|e| vec![e])?;
    let out = elements(tokens, shape).map_err(|e| vec![e])?;
    let errors = check(&out, shape);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}
