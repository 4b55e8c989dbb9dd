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
