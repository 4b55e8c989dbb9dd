//! The declarative format of a type's or an attribute's parameters (ODS's
//! `assemblyFormat` on a `TypeDef` or an `AttrDef`), interpreted over
//! [`AsmParser`] and [`AsmPrinter`]: `` `<` $width `>` `` makes
//! `!calc.fixed<16>`, `$value` makes `#index<cmp_predicate slt>`,
//! `` `<` struct(params) `>` `` makes `#calc.window<size = 4, stride = 2>`.
//!
//! Spacing is ODS's: a space before each parameter and each literal but
//! after `<`, `(`, `[`, `{` and before `>`, `)`, `]`, `}`, `,` (and a
//! literal of more than one character always gets one).

use melior::ir::Attribute;

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
    /// `params`: every parameter, separated by `, `.
    Params,
    /// `struct($a, $b)` (or `struct(params)`): the parameters of these
    /// indices as `a = ..., b = ...`, printed in this order and parsed in
    /// any order, each once, as ODS's `struct` directive.
    Struct(&'static [u32]),
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

    /// Whether a space goes before a parameter.
    fn before_param(&mut self) -> bool {
        let space = self.should_emit_space || !self.last_was_punctuation;
        self.should_emit_space = true;
        self.last_was_punctuation = false;
        space
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
    let param = |printer: &mut AsmPrinter<'_>, index: usize| {
        // The last definition is a variadic one's.
        let def = defs.get(index.min(defs.len().saturating_sub(1)));
        if let (Some(def), Some(attr)) = (def, params.get(index)) {
            (def.print)(*attr, printer);
        }
    };
    for element in format {
        match *element {
            ParamFormatElement::Literal(text) => {
                if spacing.before_literal(text) {
                    printer.text(" ");
                }
                printer.text(text);
                spacing.after_literal(text);
            }
            ParamFormatElement::Param(index) => {
                if spacing.before_param() {
                    printer.text(" ");
                }
                param(printer, index as usize);
            }
            ParamFormatElement::Params => {
                if spacing.before_param() {
                    printer.text(" ");
                }
                let mut first = true;
                for index in (0..params.len()).filter(|i| Some(*i) != self_type) {
                    if !first {
                        printer.text(", ");
                    }
                    first = false;
                    param(printer, index);
                }
            }
            ParamFormatElement::Struct(indices) => {
                if spacing.before_param() {
                    printer.text(" ");
                }
                for (n, &index) in indices.iter().enumerate() {
                    if n > 0 {
                        printer.text(", ");
                    }
                    if let Some(def) = defs.get(index as usize) {
                        printer.text(def.name).text(" = ");
                    }
                    param(printer, index as usize);
                }
            }
        }
    }
}

/// Parses the parameters of the type or attribute `owner` in `format`; a
/// typed attribute's `self_type` parameter is the type written after it
/// (`none` when there is none, as ODS).
pub(crate) fn parse<'c>(
    owner: &str,
    format: &[ParamFormatElement],
    defs: &[TypeParamDef],
    self_type: Option<usize>,
    parser: &mut AsmParser<'c>,
) -> Result<Vec<Attribute<'c>>, ParseError> {
    let mut values: Vec<Option<Attribute<'c>>> = vec![None; defs.len()];
    if let Some(index) = self_type.filter(|i| *i < defs.len()) {
        let context = parser.context();
        let ty = parser
            .attribute_type()
            .unwrap_or_else(|| melior::ir::Type::none(context));
        values[index] = Some(melior::ir::attribute::TypeAttribute::new(ty).into());
    }
    let mut variadic = Vec::new();
    let read = |parser: &mut AsmParser<'c>, index: usize| -> Result<Attribute<'c>, ParseError> {
        let def = &defs[index];
        (def.parse)(parser).map_err(|_| {
            parser.error(&format!(
                "failed to parse {owner} parameter '{}' which is to be a `{}`",
                def.name, def.type_name
            ))
        })
    };
    for element in format {
        match *element {
            ParamFormatElement::Literal(text) => parser.literal(text)?,
            ParamFormatElement::Param(index) => {
                let index = index as usize;
                values[index] = Some(read(parser, index)?);
            }
            ParamFormatElement::Params => {
                let mut first = true;
                for index in (0..defs.len()).filter(|i| Some(*i) != self_type) {
                    if !first {
                        parser.literal(",")?;
                    }
                    first = false;
                    if defs[index].variadic {
                        // The last parameter takes what is left.
                        variadic.push(read(parser, index)?);
                        while parser.optional_literal(",")? {
                            variadic.push(read(parser, index)?);
                        }
                    } else {
                        values[index] = Some(read(parser, index)?);
                    }
                }
            }
            ParamFormatElement::Struct(indices) => {
                // ODS's struct parser: one `name = value` per parameter, in
                // any order, separated by commas.
                for n in 0..indices.len() {
                    let Ok(key) = parser.keyword() else {
                        return Err(parser.error("expected a parameter name in struct"));
                    };
                    // ODS reads the `=` before it looks the name up.
                    parser.literal("=")?;
                    let found = indices
                        .iter()
                        .map(|&i| i as usize)
                        .find(|&i| defs[i].name == key && values[i].is_none());
                    let Some(index) = found else {
                        return Err(parser.error(&format!(
                            "duplicate or unknown struct parameter name: {key}"
                        )));
                    };
                    values[index] = Some(read(parser, index)?);
                    if n + 1 != indices.len() {
                        parser.literal(",")?;
                    }
                }
            }
        }
    }
    let mut out: Vec<Attribute<'c>> = values.into_iter().flatten().collect();
    out.extend(variadic);
    Ok(out)
}
