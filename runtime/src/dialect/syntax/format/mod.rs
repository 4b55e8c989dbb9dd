//! The declarative format of a type's or an attribute's parameters (ODS's
//! `assemblyFormat` on a `TypeDef` or an `AttrDef`), interpreted over
//! [`AsmParser`] and [`AsmPrinter`]: `` `<` $width `>` `` makes
//! `!calc.fixed<16>`, `$value` makes `#index<cmp_predicate slt>`,
//! `` `<` struct(params) `>` `` makes `#calc.window<size = 4, stride = 2>`.
//!
//! Spacing is ODS's: a space before each parameter and each literal but
//! after `<`, `(`, `[`, `{` and before `>`, `)`, `]`, `}`, `,` (and a
//! literal of more than one character always gets one).

use melior::ir::{attribute::AttributeLike, Attribute};

use super::{AsmParser, AsmPrinter};
use crate::dialect::{asm::ParseError, types::TypeParamDef};

/// One element of a parameter format, as `#[mlir_type(format = "...")]`
/// and `#[mlir_attr(format = "...")]` compile it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamFormatElement {
    /// Punctuation or a keyword: `` `<` ``, `` `x` ``.
    Literal(&'static str),
    /// `$name`: the parameter of this index.
    Param(u32),
    /// `qualified($name)` (ODS's `qualified` directive): the parameter of
    /// this index printed with its name where `$name` leaves it out (an
    /// attribute of a Rust dialect, `#calc.unit<m>` for `<m>`), as `$name`
    /// otherwise; read as `$name` is (with or without the name).
    Qualified(u32),
    /// `params`: every parameter, separated by `, `.
    Params,
    /// `struct($a, $b)` (or `struct(params)`): the parameters of these
    /// indices as `a = ..., b = ...`, printed in this order and parsed in
    /// any order, each once, as ODS's `struct` directive.
    Struct(&'static [u32]),
    /// ODS's optional group, `` (`,` $b^)? `` or `` (`(` $a^ `)`) : (`x`)? ``:
    /// the `then_len` elements that follow are printed when any parameter
    /// of `anchor` is present (an `Option` that is `Some`), and the
    /// `else_len` elements after them otherwise; parsing tries the first
    /// of the group's elements and reads the rest of the group when it
    /// was there, the other elements when not.
    OptionalGroup {
        /// The parameters the anchor (`^`) writes.
        anchor: &'static [u32],
        /// Whether the anchor is in the alternative (`` (`?`) : ($a^)? ``),
        /// which is then what is printed when it is present, the group's
        /// own elements when not.
        anchor_in_else: bool,
        /// How many of the following elements are the group's.
        then_len: u32,
        /// How many elements after those are its `: (...)` alternative.
        else_len: u32,
    },
}

/// How a type or an attribute of a Rust dialect is written after its name.
#[derive(Clone, Copy, Debug)]
pub enum ParamSyntax {
    /// `<param, ...>` with each parameter written as an attribute
    /// (`!demo.pair<i64, f64>`; nothing at all without parameters): MLIR's
    /// default for dynamic types and attributes.
    Default,
    /// A declarative format (`format = "..."`).
    Format(&'static [ParamFormatElement]),
    /// Hand-written (`custom_assembly`): the handle's `parse` and `print`.
    Custom {
        /// Reads the body and returns the parameters.
        parse: ParamsParseHook,
        /// Writes the body of the type or attribute.
        print: ParamsPrintHook,
    },
}

/// Reads the body of a type or attribute and returns its parameters.
pub type ParamsParseHook = for<'c> fn(&mut AsmParser<'c>) -> Result<Vec<Attribute<'c>>, ParseError>;

/// What a hand-written printer prints: a type or an attribute.
#[derive(Clone, Copy, Debug)]
pub enum Printed<'c> {
    /// A type of a Rust dialect.
    Type(melior::ir::Type<'c>),
    /// An attribute of a Rust dialect.
    Attribute(Attribute<'c>),
}

/// Writes the body of a type or an attribute.
pub type ParamsPrintHook = for<'c> fn(Printed<'c>, &mut AsmPrinter<'_>);

/// ODS's spacing state while printing.
#[derive(Clone, Copy)]
struct Spacing {
    should_emit_space: bool,
    last_was_punctuation: bool,
}

impl Spacing {
    /// Whether a space goes before literal `text`.
    fn before_literal(&self, text: &str) -> bool {
        if !self.should_emit_space {
            return false;
        }
        if text.len() != 1 && text != "->" {
            return true;
        }
        let first = text.chars().next().unwrap_or(' ');
        if self.last_was_punctuation {
            !">)}],".contains(first)
        } else {
            !"<>(){}[],".contains(first)
        }
    }

    fn after_literal(&mut self, text: &str) {
        let first = text.chars().next().unwrap_or(' ');
        self.should_emit_space = text.len() != 1 || !"<({[".contains(first);
        self.last_was_punctuation = first != '_' && !first.is_ascii_alphabetic();
    }

    /// The spacing after `elements` (an optional group's alternative), as
    /// if they were printed.
    fn skip(&mut self, elements: &[ParamFormatElement]) {
        for element in elements {
            match *element {
                ParamFormatElement::Literal(text) => self.after_literal(text),
                ParamFormatElement::OptionalGroup { .. } => {}
                _ => {
                    self.before_param();
                }
            }
        }
    }

    /// Whether a space goes before a parameter.
    fn before_param(&mut self) -> bool {
        let space = self.should_emit_space || !self.last_was_punctuation;
        self.should_emit_space = true;
        self.last_was_punctuation = false;
        space
    }
}

/// Whether `attr`, the value of parameter `def`, is written: not an absent
/// `Option` nor a parameter at its default (its `default`).
fn is_present(def: &TypeParamDef, attr: Attribute<'_>) -> bool {
    if !def.optional {
        return true;
    }
    match def.default {
        Some(default) => {
            let context = attr.context();
            // SAFETY: the context of a live attribute outlives this call,
            // and the default built in it is only compared.
            attr != default(unsafe { context.to_ref() })
        }
        None => !attr.is_unit(),
    }
}

/// What printing or parsing a format needs besides the elements.
struct Params<'d> {
    defs: &'d [TypeParamDef],
    self_type: Option<usize>,
}

impl Params<'_> {
    /// The definition of parameter `index` (the last one is a variadic
    /// one's).
    fn def(&self, index: usize) -> Option<&TypeParamDef> {
        self.defs.get(index.min(self.defs.len().saturating_sub(1)))
    }

    /// Whether parameter `index` has a value to print: not an absent
    /// `Option`, nor a parameter at its default.
    fn present(&self, params: &[Attribute<'_>], index: usize) -> bool {
        match (self.def(index), params.get(index)) {
            (Some(def), Some(attr)) => is_present(def, *attr),
            (_, attr) => attr.is_some(),
        }
    }

    /// The parameters `params` writes (all but the typed attribute's type).
    fn written(&self, count: usize) -> impl Iterator<Item = usize> + '_ {
        (0..count).filter(move |i| Some(*i) != self.self_type)
    }
}

/// Prints `params` in `format`; `self_type` is the parameter that is a
/// typed attribute's type, written after the attribute by MLIR, not here.
pub(crate) fn print(
    format: &[ParamFormatElement],
    defs: &[TypeParamDef],
    self_type: Option<usize>,
    params: &[Attribute<'_>],
    printer: &mut AsmPrinter<'_>,
) {
    let mut spacing = Spacing {
        should_emit_space: true,
        last_was_punctuation: false,
    };
    let context = Params { defs, self_type };
    print_elements(format, &context, params, printer, &mut spacing);
}

fn print_elements(
    format: &[ParamFormatElement],
    context: &Params<'_>,
    params: &[Attribute<'_>],
    printer: &mut AsmPrinter<'_>,
    spacing: &mut Spacing,
) {
    let param = |printer: &mut AsmPrinter<'_>, index: usize, qualified: bool| {
        if let (Some(def), Some(attr)) = (context.def(index), params.get(index)) {
            let print = if qualified {
                def.print_qualified
            } else {
                def.print
            };
            print(*attr, printer);
        }
    };
    // ODS's comma-separated printer (`params`, `struct`): absent optional
    // parameters are left out, and so is the space before the list when
    // every parameter is optional and none is present.
    let list = |printer: &mut AsmPrinter<'_>,
                spacing: &mut Spacing,
                indices: &mut dyn Iterator<Item = usize>,
                named: bool| {
        let indices: Vec<usize> = indices.collect();
        let all_optional = indices
            .iter()
            .all(|&i| context.def(i).is_some_and(|d| d.optional));
        let any_present = indices.iter().any(|&i| context.present(params, i));
        let space = spacing.before_param();
        if space && (!all_optional || any_present) {
            printer.text(" ");
        }
        let mut first = true;
        for index in indices {
            if !context.present(params, index) {
                continue;
            }
            if !first {
                printer.text(", ");
            }
            first = false;
            if named {
                if let Some(def) = context.def(index) {
                    printer.text(def.name).text(" = ");
                }
            }
            param(printer, index, false);
        }
    };
    let mut i = 0;
    while i < format.len() {
        match format[i] {
            ParamFormatElement::Literal(text) => {
                if spacing.before_literal(text) {
                    printer.text(" ");
                }
                printer.text(text);
                spacing.after_literal(text);
            }
            ParamFormatElement::Param(index) | ParamFormatElement::Qualified(index) => {
                let qualified = matches!(format[i], ParamFormatElement::Qualified(_));
                let index = index as usize;
                // An absent optional parameter is not printed at all (ODS's
                // spacing moves on all the same).
                let space = spacing.before_param();
                if context.present(params, index) {
                    if space {
                        printer.text(" ");
                    }
                    param(printer, index, qualified);
                }
            }
            ParamFormatElement::Params => {
                let mut indices = context.written(params.len());
                list(printer, spacing, &mut indices, false);
            }
            ParamFormatElement::Struct(indices) => {
                let mut indices = indices.iter().map(|&i| i as usize);
                list(printer, spacing, &mut indices, true);
            }
            ParamFormatElement::OptionalGroup {
                anchor,
                anchor_in_else,
                then_len,
                else_len,
            } => {
                let (then_len, else_len) = (then_len as usize, else_len as usize);
                let then = &format[i + 1..(i + 1 + then_len).min(format.len())];
                let other_end = (i + 1 + then_len + else_len).min(format.len());
                let other = &format[(i + 1 + then_len).min(format.len())..other_end];
                let present = anchor.iter().any(|&a| context.present(params, a as usize));
                if present != anchor_in_else {
                    // ODS's generated printer restores its spacing after the
                    // group and then moves it over the alternative, whichever
                    // of the two is printed.
                    let saved = *spacing;
                    print_elements(then, context, params, printer, spacing);
                    *spacing = saved;
                    spacing.skip(other);
                } else {
                    print_elements(other, context, params, printer, spacing);
                }
                i = other_end;
                continue;
            }
        }
        i += 1;
    }
}

mod parse;

pub(crate) use parse::parse;
