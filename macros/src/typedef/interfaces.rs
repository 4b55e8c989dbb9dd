//! `#[mlir_type(interfaces = [...])]` and `#[mlir_attr(interfaces =
//! [...])]`: the upstream interfaces a Rust type or attribute implements, as
//! ODS lists them on a `TypeDef` or an `AttrDef`. The type interfaces are
//! answered by the bridge from what is declared here, with no call into
//! Rust: `MemRefElementTypeInterface` and `VectorElementTypeInterface` are
//! markers (each needing `DataLayoutTypeInterface`, which asks for
//! `fn size_in_bits`), and `OpAsmTypeInterface(asm_name = "...")` names the
//! values of the type. An attribute's `VerifiableTensorEncoding` asks for
//! `fn verify_encoding` on the handle.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::{ext::IdentExt, Ident};

use super::ast::{DefKind, TypeInput};
use crate::{ctxt::Ctxt, dialects::edit_distance, hook::missing_method, op::attr::InterfaceArg};

/// The interfaces a Rust type may declare, as written in the list.
const KNOWN: &[&str] = &[
    "MemRefElementTypeInterface",
    "VectorElementTypeInterface",
    "DataLayoutTypeInterface",
    "OpAsmTypeInterface",
];

/// The method `DataLayoutTypeInterface` asks for.
const SIZE_IN_BITS: &str = "fn size_in_bits(&self) -> u64";
/// The method `OpAsmTypeInterface(asm_name)` asks for.
const ASM_NAME: &str = "fn asm_name(&self) -> String";

/// The interfaces a Rust attribute may declare.
const KNOWN_ATTR: &[&str] = &["VerifiableTensorEncoding"];

/// The method `VerifiableTensorEncoding` asks for.
const VERIFY_ENCODING: &str =
    "fn verify_encoding(&self, shape: &[i64], element_type: Type<'_>) -> Result<(), String>";

/// A checked entry of the list.
pub enum TypeInterface {
    /// `MemRefElementTypeInterface`.
    MemRefElement,
    /// `VectorElementTypeInterface`.
    VectorElement,
    /// `OpAsmTypeInterface(asm_name = "...")`.
    AsmName(String),
    /// `OpAsmTypeInterface(asm_name)`: the handle's `fn asm_name(&self) ->
    /// String` names the values; the key as written.
    AsmNameMethod(Ident),
    /// An attribute's `VerifiableTensorEncoding`, as written.
    TensorEncoding(Ident),
    /// `DataLayoutTypeInterface`, as written.
    DataLayout(Ident),
}

/// What to write for each known interface, for messages.
fn accepted() -> String {
    "`MemRefElementTypeInterface`, `VectorElementTypeInterface`, \
     `DataLayoutTypeInterface` and `OpAsmTypeInterface(asm_name = \"...\")`"
        .to_owned()
}

/// The interfaces of `input`, reporting every entry that is not one.
pub fn read(ctxt: &Ctxt, input: &TypeInput) -> Vec<TypeInterface> {
    let mut out = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut markers = Vec::new();
    for entry in &input.args.interfaces {
        let name = entry.path.to_token_stream().to_string().replace(' ', "");
        if input.args.kind == DefKind::Attr {
            if name != KNOWN_ATTR[0] || seen.contains(&name) {
                attr_entry_error(ctxt, entry, &name, seen.contains(&name));
                continue;
            }
            seen.push(name.clone());
            if let Some(params) = &entry.params {
                ctxt.spanned(
                    params
                        .first()
                        .map_or_else(|| entry.path.to_token_stream(), |p| p.key.to_token_stream()),
                    format!(
                        "`VerifiableTensorEncoding` takes no parameters: write \
                         `VerifiableTensorEncoding` and `{VERIFY_ENCODING}` on the attribute"
                    ),
                );
                continue;
            }
            let ident = entry
                .path
                .segments
                .last()
                .expect("a path has a segment")
                .ident
                .clone();
            out.push(TypeInterface::TensorEncoding(ident));
            continue;
        }
        if seen.contains(&name) {
            ctxt.spanned(&entry.path, format!("`{name}` is listed twice: remove one"));
            continue;
        }
        seen.push(name.clone());
        if let Some(interface) = read_entry(ctxt, entry, &name) {
            if matches!(
                interface,
                TypeInterface::MemRefElement | TypeInterface::VectorElement
            ) {
                markers.push((name, &entry.path));
            }
            out.push(interface);
        }
    }
    // MLIR asks the data layout for the size of memref and vector elements
    // and aborts for a type without one.
    if !out
        .iter()
        .any(|i| matches!(i, TypeInterface::DataLayout(_)))
    {
        for (name, path) in markers {
            ctxt.spanned(
                path,
                format!(
                    "`{name}` needs `DataLayoutTypeInterface` beside it: MLIR asks the data \
                     layout for the size of memref and vector elements (and aborts for a type \
                     without one); add `DataLayoutTypeInterface` and `{SIZE_IN_BITS}` on the \
                     type"
                ),
            );
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
        "DataLayoutTypeInterface" => {
            if let Some(params) = &entry.params {
                let at = params
                    .first()
                    .map_or_else(|| entry.path.to_token_stream(), |p| p.key.to_token_stream());
                ctxt.spanned(
                    at,
                    format!(
                        "`DataLayoutTypeInterface` takes no parameters: write \
                         `DataLayoutTypeInterface` and `{SIZE_IN_BITS}` on the type"
                    ),
                );
                return None;
            }
            let ident = entry
                .path
                .segments
                .last()
                .expect("a path has a segment")
                .ident
                .clone();
            Some(TypeInterface::DataLayout(ident))
        }
        "VerifiableTensorEncoding" => {
            ctxt.spanned(
                &entry.path,
                "`VerifiableTensorEncoding` is an attribute interface: it goes on \
                 `#[mlir_attr]`, whose attribute may then be a tensor's encoding",
            );
            None
        }
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

/// An entry of an attribute's list that is not `VerifiableTensorEncoding`.
fn attr_entry_error(ctxt: &Ctxt, entry: &InterfaceArg, name: &str, twice: bool) {
    let message = if twice {
        format!("`{name}` is listed twice: remove one")
    } else if KNOWN.contains(&name) {
        format!(
            "`{name}` is a type interface: it goes on `#[mlir_type]`; an attribute declares \
             `VerifiableTensorEncoding`"
        )
    } else {
        let hint = if edit_distance(&name.to_lowercase(), &KNOWN_ATTR[0].to_lowercase()) <= 3 {
            format!("did you mean `{}`? ", KNOWN_ATTR[0])
        } else {
            String::new()
        };
        format!(
            "unknown attribute interface `{name}`: {hint}a Rust attribute declares \
             `VerifiableTensorEncoding` (and is a `TypedAttr` when a parameter is marked \
             `#[param(self_type)]`)"
        )
    };
    ctxt.spanned(&entry.path, message);
}

/// `OpAsmTypeInterface(asm_name = "name")`, the name non-empty, or
/// `OpAsmTypeInterface(asm_name)`, the name the handle's method gives.
fn asm_name(ctxt: &Ctxt, entry: &InterfaceArg) -> Option<TypeInterface> {
    const WRITE: &str = "write `OpAsmTypeInterface(asm_name = \"name\")`: values of the type \
                         then print as `%name`, `%name_0`... (or `OpAsmTypeInterface(asm_name)` \
                         with `fn asm_name(&self) -> String` for a name the parameters give)";
    if let Some([param]) = entry.params.as_deref() {
        if param.key == "asm_name"
            && param.text.is_none()
            && param.field.is_none()
            && param.list.is_none()
        {
            return Some(TypeInterface::AsmNameMethod(param.key.clone()));
        }
    }
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
        } else if params.len() > 1 && param.field.is_none() && param.list.is_none() {
            ctxt.spanned(&param.key, "`asm_name` is given twice: remove one");
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

/// One registration per interface, beside the type's (or the attribute's),
/// and the hook of a method an interface asks for.
pub fn expand(input: &TypeInput, interfaces: &[TypeInterface]) -> TokenStream {
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
                TypeInterface::AsmNameMethod(key) => {
                    let hook = asm_name_method(input, key);
                    return quote! {
                        #hook
                        __mp::inventory::submit! {
                            __dialect::TypeInterfaceRegistration {
                                definition: || __type_definition() as *const _ as *const (),
                                interface: __dialect::TypeInterface::AsmNameMethod,
                            }
                        }
                    };
                }
                TypeInterface::TensorEncoding(key) => return tensor_encoding(input, key),
                TypeInterface::DataLayout(key) => {
                    let hook = size_in_bits(input, key);
                    return quote! {
                        #hook
                        __mp::inventory::submit! {
                            __dialect::TypeInterfaceRegistration {
                                definition: || __type_definition() as *const _ as *const (),
                                interface: __dialect::TypeInterface::DataLayout,
                            }
                        }
                    };
                }
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

/// `DataLayoutTypeInterface`: the hook calling the type's `size_in_bits`,
/// coerced at the key, and its registration.
fn size_in_bits(input: &TypeInput, key: &Ident) -> TokenStream {
    let ident = input.ident();
    let missing = missing_method(
        ident,
        key,
        "size_in_bits",
        SIZE_IN_BITS,
        quote!((&self) -> u64),
    );
    let method = Ident::new("size_in_bits", key.span());
    let at_key = Ident::new(&ident.to_string(), key.span());
    let call = quote_spanned! {Span::call_site().located_at(key.span())=>
        let method: fn(&#at_key<'c>) -> u64 = <#at_key<'c>>::#method;
        method(&handle)
    };
    quote! {
        #missing

        fn __size_in_bits_hook<'c>(ty: __melior::ir::Type<'c>) -> u64 {
            // SAFETY: the bridge calls this hook only for this type.
            let handle = unsafe {
                <#ident<'c> as __dialect::DialectType<'c>>::from_type_unchecked(ty)
            };
            #call
        }

        __mp::inventory::submit! {
            __dialect::TypeSizeRegistration {
                definition: || __type_definition() as *const _ as *const (),
                size_in_bits: __size_in_bits_hook,
            }
        }
    }
}

/// `OpAsmTypeInterface(asm_name)`: the hook calling the type's
/// `asm_name`, coerced at the key, and its registration.
fn asm_name_method(input: &TypeInput, key: &Ident) -> TokenStream {
    let ident = input.ident();
    let missing = missing_method(ident, key, "asm_name", ASM_NAME, quote!((&self) -> String));
    let method = Ident::new("asm_name", key.span());
    let at_key = Ident::new(&ident.to_string(), key.span());
    let call = quote_spanned! {Span::call_site().located_at(key.span())=>
        let method: fn(&#at_key<'c>) -> ::std::string::String = <#at_key<'c>>::#method;
        method(&handle)
    };
    quote! {
        #missing

        fn __asm_name_hook<'c>(ty: __melior::ir::Type<'c>) -> ::std::string::String {
            // SAFETY: the bridge calls this hook only for this type.
            let handle = unsafe {
                <#ident<'c> as __dialect::DialectType<'c>>::from_type_unchecked(ty)
            };
            #call
        }

        __mp::inventory::submit! {
            __dialect::TypeAsmNameRegistration {
                definition: || __type_definition() as *const _ as *const (),
                asm_name: __asm_name_hook,
            }
        }
    }
}

/// `VerifiableTensorEncoding`: the hook calling the attribute's
/// `verify_encoding`, coerced at the key, and its registration.
fn tensor_encoding(input: &TypeInput, key: &Ident) -> TokenStream {
    let ident = input.ident();
    let missing = missing_method(
        ident,
        key,
        "verify_encoding",
        VERIFY_ENCODING,
        quote!((&self, shape: &[i64], element_type: __melior::ir::Type<'_>)
            -> ::core::result::Result<(), ::std::string::String>),
    );
    let method = Ident::new("verify_encoding", key.span());
    let at_key = Ident::new(&ident.to_string(), key.span());
    let call = quote_spanned! {Span::call_site().located_at(key.span())=>
        let method: fn(&#at_key<'c>, &[i64], __melior::ir::Type<'c>)
            -> ::core::result::Result<(), ::std::string::String> = <#at_key<'c>>::#method;
        method(&handle, shape, element_type)
    };
    quote! {
        #missing

        fn __verify_encoding_hook<'c>(
            attr: __melior::ir::Attribute<'c>,
            shape: &[i64],
            element_type: __melior::ir::Type<'c>,
        ) -> ::core::result::Result<(), ::std::string::String> {
            // SAFETY: the bridge calls this hook only for this attribute.
            let handle = unsafe {
                <#ident<'c> as __dialect::DialectAttr<'c>>::from_attribute_unchecked(attr)
            };
            #call
        }

        __mp::inventory::submit! {
            __dialect::AttrInterfaceRegistration {
                definition: || __type_definition() as *const _ as *const (),
                interface: __dialect::AttrInterface::VerifiableTensorEncoding(
                    __verify_encoding_hook,
                ),
            }
        }
    }
}
