//! `OpAsmOpInterface(result_names, block_arg_names, block_names,
//! default_dialect = "...")`: the methods the op answers, each once, each
//! of use to the op (results to name, regions whose arguments or blocks to
//! name), and a default dialect that is a namespace.

use syn::ext::IdentExt;

use super::super::ast::{OpInput, OpInterface};
use crate::{ctxt::Ctxt, dialects::edit_distance};

/// The keys, with what they are written as by habit (ODS's method names).
const KEYS: &[(&str, &[&str])] = &[
    (
        "result_names",
        &[
            "getAsmResultNames",
            "asm_result_names",
            "result_name",
            "names",
            "results",
        ],
    ),
    (
        "block_arg_names",
        &[
            "getAsmBlockArgumentNames",
            "block_argument_names",
            "asm_block_argument_names",
            "block_args",
            "arg_names",
            "argument_names",
            "block_arg_name",
        ],
    ),
    (
        "block_names",
        &[
            "getAsmBlockNames",
            "asm_block_names",
            "block_name",
            "blocks",
            "block_labels",
        ],
    ),
    (
        "default_dialect",
        &["getDefaultDialect", "dialect", "default_namespace"],
    ),
];

/// How the interface is written, for messages.
const EXAMPLE: &str = "OpAsmOpInterface(result_names, block_arg_names, default_dialect = \"func\")";

/// The parameters of `OpAsmOpInterface`.
pub(super) fn check_op_asm(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    let params = match &iface.params {
        Some(params) if !params.is_empty() => params,
        _ => {
            ctxt.spanned(
                &iface.path,
                format!(
                    "`OpAsmOpInterface` lists the methods the op answers: write \
                     `OpAsmOpInterface(result_names)` and `fn result_names(&self, names: &mut \
                     ValueNames<'_>)` on the op; the keys are `result_names`, \
                     `block_arg_names`, `block_names` and `default_dialect = \"...\"`, as in \
                     `{EXAMPLE}`"
                ),
            );
            return;
        }
    };
    let mut seen: Vec<&str> = Vec::new();
    for param in params {
        let word = param.key.unraw().to_string();
        let Some((key, _)) = KEYS.iter().find(|(k, _)| *k == word) else {
            let guess = KEYS
                .iter()
                .find(|(k, aliases)| {
                    aliases.contains(&word.as_str()) || edit_distance(&word, k) <= 2
                })
                .map(|(k, _)| format!("did you mean `{k}`? "))
                .unwrap_or_default();
            ctxt.spanned(
                &param.key,
                format!(
                    "unknown key `{word}` in `OpAsmOpInterface(...)`: {guess}the keys are \
                     `result_names`, `block_arg_names`, `block_names` and `default_dialect = \
                     \"...\"`"
                ),
            );
            continue;
        };
        if seen.contains(key) {
            ctxt.spanned(&param.key, format!("duplicate key `{word}`: give it once"));
            continue;
        }
        seen.push(key);
        match *key {
            "default_dialect" => check_default_dialect(ctxt, param),
            _ => check_method_key(ctxt, input, param, key),
        }
    }
}

/// `result_names`, `block_arg_names` and `block_names`: bare, on an op
/// that has results, or regions.
fn check_method_key(
    ctxt: &Ctxt,
    input: &OpInput,
    param: &super::super::attr::InterfaceParam,
    key: &str,
) {
    if param.field.is_some() || param.text.is_some() {
        let signature = method_signature(key);
        ctxt.spanned(
            &param.key,
            format!("`{key}` takes no value: write `{key}`, and `{signature}` on the op"),
        );
        return;
    }
    let (parts, named, what) = match key {
        "result_names" => (&input.results, "the op's results", "results"),
        "block_names" => (&input.regions, "the blocks of the op's regions", "regions"),
        _ => (
            &input.regions,
            "the arguments of the op's blocks",
            "regions",
        ),
    };
    if parts.is_empty() {
        ctxt.spanned(
            &param.key,
            format!(
                "`{key}` names {named}, but `{}` has no {what}: remove `{key}`",
                input.ident()
            ),
        );
    }
}

/// The method a key asks for, as written on the op.
pub(in crate::op) fn method_signature(key: &str) -> &'static str {
    match key {
        "result_names" => "fn result_names(&self, names: &mut ValueNames<'_>)",
        "block_names" => "fn block_names(&self, names: &mut BlockNames<'_>)",
        _ => "fn block_arg_names(&self, region: RegionRef<'_, '_>, names: &mut ValueNames<'_>)",
    }
}

/// `default_dialect = "func"`: a string holding a dialect namespace.
fn check_default_dialect(ctxt: &Ctxt, param: &super::super::attr::InterfaceParam) {
    let Some(text) = &param.text else {
        ctxt.spanned(
            param.field.as_ref().unwrap_or(&param.key),
            "`default_dialect` takes a dialect namespace as a string, as in \
             `default_dialect = \"func\"`",
        );
        return;
    };
    let value = text.value();
    let valid = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if !valid {
        ctxt.spanned(
            text,
            format!(
                "`default_dialect = {:?}` is not a dialect namespace: it names one, without \
                 dots or an op name, as in `default_dialect = \"func\"`",
                value
            ),
        );
    }
}
