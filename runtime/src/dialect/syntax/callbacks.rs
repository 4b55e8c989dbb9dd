//! What the bridge calls to parse, print and verify the types and
//! attributes of Rust dialects (`MlirPassBridgeSyntaxCallbacks`). Each runs
//! the user's code through `trap_hook`: a panic is an error at the text
//! being parsed, or (printing cannot fail) an error diagnostic and a marker
//! that does not parse back.

use std::ffi::c_void;

use melior::ir::{attribute::AttributeLike, Attribute, Type, TypeLike};
use mlir_sys as sys;

use super::{
    format::{self, ParamSyntax, Printed},
    AsmParser, AsmPrinter,
};
use crate::{
    dialect::{attrs::AttrDefinition, types::TypeParamDef, TypeDefinition},
    ffi::{bridge, string_ref},
};

/// What the callbacks need of a type's or an attribute's definition.
struct Parts {
    /// `!ns.name` or `#ns.name`'s name.
    name: &'static str,
    /// The Rust type that declared it.
    type_name: &'static str,
    params: &'static [TypeParamDef],
    syntax: ParamSyntax,
    /// A typed attribute's type parameter.
    self_type: Option<usize>,
}

/// # Safety
/// `definition` is the `&'static TypeDefinition` (`is_type`) or
/// `&'static AttrDefinition` the bridge was given.
unsafe fn parts(definition: *const c_void, is_type: bool) -> Parts {
    if is_type {
        // SAFETY: as the caller says.
        let def = unsafe { &*definition.cast::<TypeDefinition>() };
        Parts {
            name: def.name,
            type_name: def.type_name,
            params: def.params,
            syntax: def.syntax,
            self_type: None,
        }
    } else {
        // SAFETY: as the caller says.
        let def = unsafe { &*definition.cast::<AttrDefinition>() };
        Parts {
            name: def.name,
            type_name: def.type_name,
            params: def.params,
            syntax: def.syntax,
            self_type: def.self_type.map(|i| i as usize),
        }
    }
}

/// `<param, ...>`, each an attribute (or nothing): MLIR's default.
fn parse_default<'c>(parser: &mut AsmParser<'c>) -> Result<Vec<Attribute<'c>>, super::ParseError> {
    let mut params = Vec::new();
    if !parser.optional_literal("<")? || parser.optional_literal(">")? {
        return Ok(params);
    }
    loop {
        params.push(parser.attribute(None)?);
        if !parser.optional_literal(",")? {
            break;
        }
    }
    parser.literal(">")?;
    Ok(params)
}

pub(crate) unsafe extern "C" fn parse(
    definition: *const c_void,
    is_type: bool,
    raw: *mut bridge::MlirPassBridgeAsmParser,
    on_param: Option<unsafe extern "C" fn(sys::MlirAttribute, *mut c_void)>,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let parts = unsafe { parts(definition, is_type) };
    // SAFETY: the bridge's parser, alive for the call.
    let context = unsafe { bridge::mlirPassBridgeAsmParserContext(raw) };
    // SAFETY: as above; `context` outlives the parser.
    let mut parser = unsafe { AsmParser::from_raw(raw, &context) };
    let result = crate::ffi::trap_hook(|| match parts.syntax {
        ParamSyntax::Default => parse_default(&mut parser),
        ParamSyntax::Format(elements) => format::parse(
            parts.type_name,
            elements,
            parts.params,
            parts.self_type,
            &mut parser,
        ),
        ParamSyntax::Custom { parse, .. } => parse(&mut parser),
    });
    match result {
        Ok(Ok(params)) => {
            let Some(on_param) = on_param else {
                return false;
            };
            for param in params {
                // SAFETY: the bridge's callback, with its user data.
                unsafe { on_param(param.to_raw(), user_data) };
            }
            true
        }
        Ok(Err(_)) => false,
        Err(panic) => {
            parser.error(&format!(
                "the parser of `{}` ('{}') panicked: {panic}",
                parts.type_name, parts.name
            ));
            false
        }
    }
}

pub(crate) unsafe extern "C" fn print(
    definition: *const c_void,
    is_type: bool,
    this: *const c_void,
    params: *const sys::MlirAttribute,
    num_params: isize,
    raw: *mut bridge::MlirPassBridgeAsmPrinter,
) {
    // SAFETY: the bridge hands back the definition it was given.
    let parts = unsafe { parts(definition, is_type) };
    // SAFETY: the bridge's printer, alive for the call.
    let mut printer = unsafe { AsmPrinter::from_raw(raw) };
    // SAFETY: `num_params` valid attributes, alive for the call.
    let params: Vec<Attribute<'_>> = (0..num_params.max(0) as usize)
        .map(|i| unsafe { Attribute::from_raw(*params.add(i)) })
        .collect();
    let printed = (!this.is_null()).then(|| {
        if is_type {
            // SAFETY: the type being printed.
            Printed::Type(unsafe { Type::from_raw(sys::MlirType { ptr: this }) })
        } else {
            // SAFETY: the attribute being printed.
            Printed::Attribute(unsafe { Attribute::from_raw(sys::MlirAttribute { ptr: this }) })
        }
    });
    let result = crate::ffi::trap_hook(|| match parts.syntax {
        ParamSyntax::Custom { print, .. } => {
            if let Some(printed) = printed {
                print(printed, &mut printer);
            }
        }
        ParamSyntax::Format(elements) => format::print(
            elements,
            parts.params,
            parts.self_type,
            &params,
            &mut printer,
        ),
        ParamSyntax::Default => {
            if !params.is_empty() {
                printer.text("<");
                for (i, param) in params.iter().enumerate() {
                    if i > 0 {
                        printer.text(", ");
                    }
                    printer.attribute(*param);
                }
                printer.text(">");
            }
        }
    });
    if let Err(panic) = result {
        let message = format!(
            "the printer of `{}` ('{}') panicked: {panic}",
            parts.type_name, parts.name
        );
        if !printer.is_dry_run() {
            crate::dialect::asm::count_print_failure();
            // SAFETY: a valid type or attribute.
            let context = match printed {
                Some(Printed::Type(ty)) => Some(unsafe { sys::mlirTypeGetContext(ty.to_raw()) }),
                Some(Printed::Attribute(attr)) => {
                    Some(unsafe { sys::mlirAttributeGetContext(attr.to_raw()) })
                }
                None => None,
            };
            if let Some(context) = context {
                // NUL-terminated, as `mlirEmitError` reads it.
                let text = crate::ffi::ParserText::new(&message);
                // SAFETY: a valid context; MLIR copies the message.
                unsafe {
                    sys::mlirEmitError(sys::mlirLocationUnknownGet(context), text.string_ref().data)
                };
            }
        }
        printer.text(&format!("<<{message}>>"));
    }
}

/// The bridge's `verify` callback for attributes.
pub(crate) unsafe extern "C" fn verify_attr(
    definition: *const c_void,
    params: *const sys::MlirAttribute,
    num_params: isize,
    on_error: sys::MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<AttrDefinition>() };
    let result = crate::ffi::trap_hook(|| {
        // SAFETY: `num_params` valid attributes, alive for the call.
        let params: Vec<Attribute<'_>> = (0..num_params.max(0) as usize)
            .map(|i| unsafe { Attribute::from_raw(*params.add(i)) })
            .collect();
        def.check(&params)
    });
    let message = match result {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(panic) => format!(
            "the verifier of attribute `{}` panicked: {panic}",
            def.type_name
        ),
    };
    if let Some(on_error) = on_error {
        // SAFETY: the bridge's callback, with its user data.
        unsafe { on_error(string_ref(&message), user_data) };
    }
    false
}
