//! Reading a parameter format: ODS's generated parsers, interpreted
//! (`params` and `struct(...)` with optional members, optional groups).

use melior::ir::Attribute;

use super::{ParamFormatElement, Params};
use crate::dialect::{asm::ParseError, syntax::AsmParser, types::TypeParamDef};

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
    let mut state = ParseState {
        owner,
        context: Params { defs, self_type },
        values: vec![None; defs.len()],
        variadic: Vec::new(),
    };
    if let Some(index) = self_type.filter(|i| *i < defs.len()) {
        let context = parser.context();
        let ty = parser
            .attribute_type()
            .unwrap_or_else(|| melior::ir::Type::none(context));
        state.values[index] = Some(melior::ir::attribute::TypeAttribute::new(ty).into());
    }
    state.elements(format, parser)?;
    // An optional parameter the input did not give takes its default (an
    // `Option`'s `None`).
    let mut out: Vec<Attribute<'c>> = Vec::with_capacity(defs.len());
    for (value, def) in state.values.into_iter().zip(defs) {
        match value {
            Some(value) => out.push(value),
            None if def.optional => out.push(absent(def, parser.context())),
            None => {}
        }
    }
    out.extend(state.variadic);
    Ok(out)
}

/// The value of optional parameter `def` when the input leaves it out.
fn absent<'c>(def: &TypeParamDef, context: &'c melior::Context) -> Attribute<'c> {
    match def.default {
        Some(default) => default(context),
        None => Attribute::unit(context),
    }
}

/// A parse in progress: the values read so far.
struct ParseState<'d, 'c> {
    owner: &'d str,
    context: Params<'d>,
    values: Vec<Option<Attribute<'c>>>,
    variadic: Vec<Attribute<'c>>,
}

impl<'c> ParseState<'_, 'c> {
    /// Reads parameter `index` as its type reads it (an `Option` reads
    /// nothing when the input leaves it out, as ODS reads a
    /// `std::optional`; a parameter with a default is read as its type, and
    /// takes the default only where the format leaves it out).
    fn read(&self, parser: &mut AsmParser<'c>, index: usize) -> Result<Attribute<'c>, ParseError> {
        let def = &self.context.defs[index];
        (def.parse)(parser).map_err(|_| {
            parser.error(&format!(
                "failed to parse {} parameter '{}' which is to be a `{}`",
                self.owner, def.name, def.type_name
            ))
        })
    }

    /// Whether parameter `index` was read with a value.
    fn has(&self, index: usize) -> bool {
        self.values[index].is_some_and(|v| super::is_present(&self.context.defs[index], v))
    }

    fn elements(
        &mut self,
        format: &[ParamFormatElement],
        parser: &mut AsmParser<'c>,
    ) -> Result<(), ParseError> {
        let mut i = 0;
        while i < format.len() {
            if let ParamFormatElement::OptionalGroup {
                then_len, else_len, ..
            } = format[i]
            {
                let (then_len, else_len) = (then_len as usize, else_len as usize);
                let then_end = (i + 1 + then_len).min(format.len());
                let else_end = (then_end + else_len).min(format.len());
                let then = &format[i + 1..then_end];
                let other = &format[then_end..else_end];
                // The group's first element says whether it is there.
                let present = match then.first() {
                    Some(ParamFormatElement::Literal(text)) => parser.optional_literal(text)?,
                    Some(first) => {
                        self.elements(std::slice::from_ref(first), parser)?;
                        element_params(first, &self.context, self.values.len())
                            .iter()
                            .any(|&p| self.has(p))
                    }
                    None => false,
                };
                if present {
                    self.elements(then.get(1..).unwrap_or(&[]), parser)?;
                } else {
                    self.elements(other, parser)?;
                }
                i = else_end;
                continue;
            }
            self.element(format[i], parser)?;
            i += 1;
        }
        Ok(())
    }

    fn element(
        &mut self,
        element: ParamFormatElement,
        parser: &mut AsmParser<'c>,
    ) -> Result<(), ParseError> {
        let defs = self.context.defs;
        match element {
            ParamFormatElement::Literal(text) => parser.literal(text)?,
            // `qualified` changes what is printed, not what is read: as
            // ODS's parsers, each reads an attribute with or without its
            // name.
            ParamFormatElement::Param(index) | ParamFormatElement::Qualified(index) => {
                let index = index as usize;
                self.values[index] = Some(self.read(parser, index)?);
            }
            ParamFormatElement::Params => {
                // ODS's `params` parser: a comma between parameters, but
                // none after an absent optional one, and optional commas
                // once no required parameter is left.
                let indices: Vec<usize> = self.context.written(defs.len()).collect();
                let last_required = indices
                    .iter()
                    .rposition(|&i| !defs[i].optional)
                    .unwrap_or(0);
                for (n, &index) in indices.iter().enumerate() {
                    if n > 0 {
                        let previous = indices[n - 1];
                        if !defs[previous].optional || self.has(previous) {
                            if n <= last_required {
                                parser.literal(",")?;
                            } else if !parser.optional_literal(",")? {
                                break;
                            }
                        }
                    }
                    if defs[index].variadic {
                        // The last parameter takes what is left.
                        self.variadic.push(self.read(parser, index)?);
                        while parser.optional_literal(",")? {
                            self.variadic.push(self.read(parser, index)?);
                        }
                    } else {
                        self.values[index] = Some(self.read(parser, index)?);
                    }
                }
            }
            ParamFormatElement::Struct(indices) => self.parse_struct(indices, parser)?,
            // Groups are handled by `elements`.
            ParamFormatElement::OptionalGroup { .. } => {}
        }
        Ok(())
    }

    /// ODS's struct parser: `name = value` per parameter, in any order,
    /// each once, separated by commas; optional members may be left out
    /// (and a struct of optional members only may be empty).
    fn parse_struct(
        &mut self,
        indices: &[u32],
        parser: &mut AsmParser<'c>,
    ) -> Result<(), ParseError> {
        let defs = self.context.defs;
        let optional = indices
            .iter()
            .filter(|&&i| defs[i as usize].optional)
            .count();
        let body = |this: &mut Self, parser: &mut AsmParser<'c>, key: String| {
            // ODS reads the `=` before it looks the name up.
            parser.literal("=")?;
            let found = indices
                .iter()
                .map(|&i| i as usize)
                .find(|&i| defs[i].name == key && this.values[i].is_none());
            let Some(index) = found else {
                return Err(parser.error(&format!(
                    "duplicate or unknown struct parameter name: {key}"
                )));
            };
            // An optional member with nothing after its `=` is absent, as
            // MLIR 22's generated parsers take it.
            let value = this.read(parser, index)?;
            this.values[index] = Some(value);
            Ok(())
        };
        let required_key = |parser: &mut AsmParser<'c>| {
            parser
                .keyword()
                .map_err(|_| parser.error("expected a parameter name in struct"))
        };
        if optional == 0 {
            for n in 0..indices.len() {
                let key = required_key(parser)?;
                body(self, parser, key)?;
                if n + 1 != indices.len() {
                    parser.literal(",")?;
                }
            }
            return Ok(());
        }
        if optional == indices.len() {
            // Every member optional: the struct itself may be empty.
            if let Some(key) = parser.optional_keyword()? {
                body(self, parser, key)?;
                while parser.optional_literal(",")? {
                    let key = required_key(parser)?;
                    body(self, parser, key)?;
                }
            }
            return Ok(());
        }
        loop {
            let key = required_key(parser)?;
            body(self, parser, key)?;
            if !parser.optional_literal(",")? {
                break;
            }
        }
        for &index in indices {
            let index = index as usize;
            if !defs[index].optional && self.values[index].is_none() {
                return Err(parser.error(&format!(
                    "struct is missing required parameter: {}",
                    defs[index].name
                )));
            }
        }
        Ok(())
    }
}

/// The parameters an element writes (an optional group's anchor or first
/// element).
fn element_params(element: &ParamFormatElement, context: &Params<'_>, count: usize) -> Vec<usize> {
    match *element {
        ParamFormatElement::Param(i) | ParamFormatElement::Qualified(i) => vec![i as usize],
        ParamFormatElement::Params => context.written(count).collect(),
        ParamFormatElement::Struct(indices) => indices.iter().map(|&i| i as usize).collect(),
        ParamFormatElement::Literal(_) | ParamFormatElement::OptionalGroup { .. } => Vec::new(),
    }
}
