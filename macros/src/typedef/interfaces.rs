//! `#[mlir_type(interfaces = [...])]`: the upstream type interfaces a Rust
//! type implements, as ODS lists them on a `TypeDef`. Each is answered by
//! the bridge from what is declared here, with no call into Rust:
//! `MemRefElementTypeInterface` and `VectorElementTypeInterface` are
//! markers, and `OpAsmTypeInterface(asm_name = "...")` names the values of
//! the type.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::ext::IdentExt;

use super::ast::{DefKind, TypeInput};
use crate::{ctxt::Ctxt, dialects::edit_distance, op::attr::InterfaceArg};

/// The interfaces a Rust type may declare, as written in the list.
const KNOWN: &[&str] = &[
    "MemRefElementTypeInterface",
    "VectorElementTypeInterface",
    "OpAsmTypeInterface",
];

/// A checked entry of the list.
pub enum TypeInterface {
    /// `MemRefElementTypeInterface`.
    MemRefElement,
    /// `VectorElementTypeInterface`.
    VectorElement,
    /// `OpAsmTypeInterface(asm_name = "...")`.
    AsmName(String),
}

/// What to write for each known interface, for messages.
fn accepted() -> String {
    "`MemRefElementTypeInterface`, `VectorElementTypeInterface` and \
     `OpAsmTypeInterface(asm_name = \"...\")`"
        .to_owned()
}

/// The interfaces of `input`, reporting every entry that is not one.
pub fn read(ctxt: &Ctxt, input: &TypeInput) -> Vec<TypeInterface> {
    let mut out = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for entry in &input.args.interfaces {
        let name = entry.path.to_token_stream().to_string().replace(' ', "");
        if input.args.kind == DefKind::Attr {
            ctxt.spanned(
                &entry.path,
                format!(
                    "`#[mlir_attr]` takes no `interfaces`: an attribute is a `TypedAttr` when a \
                     parameter is marked `#[param(self_type)]`, and its alias comes from \
                     `alias = \"...\"`; type interfaces ({}) go on `#[mlir_type]`",
                    accepted()
                ),
            );
            continue;
        }
        if seen.contains(&name) {
            ctxt.spanned(&entry.path, format!("`{name}` is listed twice: remove one"));
            continue;
        }
        seen.push(name.clone());
        if let Some(interface) = read_entry(ctxt, entry, &name) {
            out.push(interface);
        }
    }
    out
}

fn read_entry(ctxt: &Ctxt, entry: &InterfaceArg, name: &str) -> Option<TypeInterface> {
    match name {
        "MemRefElementTypeInterface" | "VectorElementTypeInterface" => {
            if let Some(params) = &entry.params {
                let at = params
                    .first()
                    .map_or_else(|| entry.path.to_token_stream(), |p| p.key.to_token_stream());
                ctxt.spanned(
                    at,
                    format!("`{name}` is a marker and takes no parameters: write `{name}`"),
                );
                return None;
            }
            Some(if name == "MemRefElementTypeInterface" {
                TypeInterface::MemRefElement
            } else {
                TypeInterface::VectorElement
            })
        }
        "OpAsmTypeInterface" => asm_name(ctxt, entry),
        _ => {
            let hint = KNOWN
                .iter()
                .find(|k| edit_distance(&k.to_lowercase(), &name.to_lowercase()) <= 3)
                .map(|k| format!("did you mean `{k}`? "))
                .unwrap_or_default();
            ctxt.spanned(
                &entry.path,
                format!(
                    "unknown type interface `{name}`: {hint}a Rust type declares {}",
                    accepted()
                ),
            );
            None
        }
    }
}

/// `OpAsmTypeInterface(asm_name = "name")`, the name non-empty.
fn asm_name(ctxt: &Ctxt, entry: &InterfaceArg) -> Option<TypeInterface> {
    const WRITE: &str = "write `OpAsmTypeInterface(asm_name = \"name\")`: values of the type \
                         then print as `%name`, `%name_0`...";
    let Some(params) = &entry.params else {
        ctxt.spanned(
            &entry.path,
            format!("`OpAsmTypeInterface` needs a name: {WRITE}"),
        );
        return None;
    };
    let mut name = None;
    for param in params {
        let key = param.key.unraw().to_string();
        if key != "asm_name" {
            ctxt.spanned(
                &param.key,
                format!("unknown key `{key}` in `OpAsmTypeInterface(...)`: {WRITE}"),
            );
        } else if let Some(text) = &param.text {
            if text.value().is_empty() {
                ctxt.spanned(text, format!("the name is empty: {WRITE}"));
            } else if name.is_some() {
                ctxt.spanned(&param.key, "`asm_name` is given twice: remove one");
            } else {
                name = Some(text.value());
            }
        } else {
            ctxt.spanned(&param.key, format!("`asm_name` takes a string: {WRITE}"));
        }
    }
    if name.is_none() && params.is_empty() {
        ctxt.spanned(
            &entry.path,
            format!("`OpAsmTypeInterface` needs a name: {WRITE}"),
        );
    }
    name.map(TypeInterface::AsmName)
}

/// One registration per interface, beside the type's.
pub fn expand(interfaces: &[TypeInterface]) -> TokenStream {
    interfaces
        .iter()
        .map(|interface| {
            let value = match interface {
                TypeInterface::MemRefElement => {
                    quote!(__dialect::TypeInterface::MemRefElement)
                }
                TypeInterface::VectorElement => {
                    quote!(__dialect::TypeInterface::VectorElement)
                }
                TypeInterface::AsmName(name) => quote!(__dialect::TypeInterface::AsmName(#name)),
            };
            quote! {
                __mp::inventory::submit! {
                    __dialect::TypeInterfaceRegistration {
                        definition: || __type_definition() as *const _ as *const (),
                        interface: #value,
                    }
                }
            }
        })
        .collect()
}
