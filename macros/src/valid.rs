//! The rules a model must meet before `expand.rs` prints it: required keys,
//! well-formed values, and the checks across keys, fields and derives.

use proc_macro2::Span;

use crate::{
    ast::{Input, Kind},
    attr::{Dialect, PassKey},
    ctxt::Ctxt,
    dialects,
};

/// Reports every rule `input` breaks.
pub fn check(ctxt: &Ctxt, input: &Input) {
    check_argument(ctxt, input);
    check_op(ctxt, input);
    check_interface(ctxt, input);
    check_name(ctxt, input);
    check_dialects(ctxt, input);
    check_generics(ctxt, input);
    check_options(ctxt, input);
}

/// `argument` is written, and in the form MLIR's pipeline parser reads.
fn check_argument(ctxt: &Ctxt, input: &Input) {
    let Some(lit) = &input.args.argument else {
        // Written with a value that is not a string: reported already.
        if !input.args.written.contains(&PassKey::Argument) {
            let example = match input.kind {
                Kind::Pass => "#[mlir_pass(argument = \"my-pass\")]",
                Kind::Pipeline => "#[mlir_pipeline(argument = \"my-pipeline\")]",
            };
            ctxt.at(
                Span::call_site(),
                format!(
                    "missing `argument = \"...\"`: the name pipelines use for the {}, as in \
                     {example}",
                    input.kind.noun()
                ),
            );
        }
        return;
    };
    let value = lit.value();
    if !is_pass_argument(&value) {
        ctxt.spanned(
            lit,
            format!(
                "invalid pass argument {value:?}: use lowercase words of [a-z0-9] joined by `-`, \
                 such as {:?}",
                suggest_argument(&value)
            ),
        );
    }
}

/// `name` is one word.
fn check_name(ctxt: &Ctxt, input: &Input) {
    if let Some(lit) = &input.args.name {
        let value = lit.value();
        if value.is_empty() || value.chars().any(char::is_whitespace) {
            ctxt.spanned(
                lit,
                format!("invalid pass name {value:?}: write one word, such as \"MyPass\""),
            );
        }
    }
}

/// `op` is a full operation name.
fn check_op(ctxt: &Ctxt, input: &Input) {
    if let Some(lit) = &input.args.op {
        let value = lit.value();
        if !is_op_name(&value) {
            ctxt.spanned(
                lit,
                format!(
                    "invalid operation name {value:?}: write the full name, dialect first, such \
                     as \"func.func\" or \"builtin.module\"; leave `op` out for a pass that runs \
                     on any operation"
                ),
            );
        }
    }
}

/// The op interfaces `interface = "..."` accepts: the names of
/// `mlir_pass::AnchorInterface`'s variants, which the expansion names.
pub const INTERFACES: &[&str] = &[
    "FunctionOpInterface",
    "SymbolOpInterface",
    "CallableOpInterface",
    "CallOpInterface",
    "LoopLikeOpInterface",
    "RegionBranchOpInterface",
];

/// `interface` names an interface a pass can be anchored on, and is not
/// written beside `op`.
fn check_interface(ctxt: &Ctxt, input: &Input) {
    let Some(lit) = &input.args.interface else {
        return;
    };
    if input.args.op.is_some() {
        ctxt.spanned(
            lit,
            "a pass is anchored on an operation (`op = ...`) or on an op interface \
             (`interface = ...`), not both: keep `interface` to run on every operation that \
             implements it, or `op` for one operation",
        );
        return;
    }
    let value = lit.value();
    if INTERFACES.contains(&value.as_str()) {
        return;
    }
    if is_op_name(&value) {
        ctxt.spanned(
            lit,
            format!(
                "{value:?} is an operation, not an op interface: write `op = {value:?}` to \
                 anchor the pass on it"
            ),
        );
        return;
    }
    // `FunctionOpInterface` written as `mlir::FunctionOpInterface`, or
    // without its `Op`: say which one was meant.
    let bare = value.rsplit("::").next().unwrap_or(&value);
    let hint = INTERFACES
        .iter()
        .map(|known| (dialects::edit_distance(bare, known), known))
        .filter(|(distance, _)| *distance <= 3)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, known)| format!("; did you mean \"{known}\"?"))
        .unwrap_or_default();
    ctxt.spanned(
        lit,
        format!(
            "unknown op interface {value:?} for a pass anchor{hint} (accepted: {}); for an \
             operation, write `op = \"dialect.op\"` instead",
            INTERFACES
                .iter()
                .map(|i| format!("\"{i}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
}

/// Each upstream dialect is one MLIR's C API has a getter for, and no
/// dialect is listed twice. (A getter path is checked by the compiler,
/// against the getter type, and a Rust dialect type against the `Dialect`
/// trait, where `expand.rs` uses them.)
fn check_dialects(ctxt: &Ctxt, input: &Input) {
    let dialects = &input.args.dialects;
    for (i, dialect) in dialects.iter().enumerate() {
        let name = dialect.name();
        if dialects[..i].iter().any(|d| d.name() == name) {
            ctxt.spanned(dialect, format!("dialect `{name}` is listed twice"));
            continue;
        }
        if let Dialect::Upstream(ident) = dialect {
            if !dialects::KNOWN.contains(&name.as_str()) {
                let hint = dialects::closest(&name)
                    .map(|d| format!("did you mean `{d}`? "))
                    .unwrap_or_default();
                ctxt.spanned(
                    ident,
                    format!(
                        "unknown dialect `{name}`: {hint}write a dialect namespace from MLIR's C \
                         API ({}), a dialect type declared with #[mlir_dialect], as in \
                         `ToyDialect`, or a path to your dialect's handle getter, as in \
                         `my_dialect::handle`",
                        dialects::KNOWN.join(", ")
                    ),
                );
            }
        }
    }
}

/// MLIR identifies a pass by one TypeID, so by one concrete type.
fn check_generics(ctxt: &Ctxt, input: &Input) {
    let generics = &input.item.generics;
    let noun = input.kind.noun();
    if !generics.params.is_empty() {
        ctxt.spanned(
            generics,
            format!(
                "a {noun} struct cannot have generic parameters: MLIR identifies each {noun} by \
                 one type, so declare one concrete struct per {noun} (wrap a generic type in it \
                 as a field)"
            ),
        );
    } else if let Some(where_clause) = &generics.where_clause {
        ctxt.spanned(
            where_clause,
            format!("a {noun} struct cannot have a where clause: remove it"),
        );
    }
}

/// Option names are well-formed and distinct; a `default = ...` comes with
/// the `#[derive(Default)]` the attribute replaces.
fn check_options(ctxt: &Ctxt, input: &Input) {
    for (i, option) in input.options.iter().enumerate() {
        if !is_pass_argument(&option.name) {
            ctxt.at(
                option.name_span,
                format!(
                    "invalid option name {:?}: use lowercase words of [a-z0-9] joined by `-`, \
                     such as \"max-depth\"",
                    option.name
                ),
            );
        } else if input.options[..i].iter().any(|o| o.name == option.name) {
            ctxt.at(
                option.name_span,
                format!(
                    "two options are named '{}': rename one with #[option(name = \"...\")]",
                    option.name
                ),
            );
        }
    }
    if input.derives_default {
        return;
    }
    let attribute = input.kind.attribute();
    for default in input.options.iter().filter_map(|o| o.default.as_ref()) {
        ctxt.spanned(
            default,
            format!(
                "`default = ...` needs `#[derive(Default)]` on the struct (below {attribute}), \
                 which {attribute} then implements with the option defaults; with a \
                 hand-written `impl Default`, set the default there instead"
            ),
        );
    }
}

/// `my-pass`, `convert-to-llvm2`: lowercase ASCII words joined by single dashes.
pub fn is_pass_argument(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
        && s.as_bytes()[0].is_ascii_lowercase()
}

/// A kebab-case version of what was written, for the error message.
fn suggest_argument(s: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
            prev_lower = true;
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
            prev_lower = false;
        }
    }
    let out = out.trim_matches('-').to_owned();
    if out.is_empty() || !out.as_bytes()[0].is_ascii_lowercase() {
        "my-pass".to_owned()
    } else {
        out
    }
}

/// `toy`, `tensor_list`: one lowercase word of `[a-z0-9_]`, not starting
/// with a digit, as a dialect's namespace and a type's name are.
pub fn is_snake_word(s: &str) -> bool {
    s.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b == b'_')
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// A snake-case version of what was written (`TensorList` → `tensor_list`),
/// for the error message; the caller checks it with [`is_snake_word`].
pub fn snake_case(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 && !out.ends_with('_') {
            out.push('_');
        }
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    out.trim_matches('_').to_owned()
}

/// `dialect.op` (more dots allowed, as in `spirv.GLSL.Sin`).
pub fn is_op_name(s: &str) -> bool {
    let mut parts = s.split('.');
    let dialect = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let ident = |w: &str, first_lower: bool| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
            && (!first_lower || w.as_bytes()[0].is_ascii_lowercase() || w.as_bytes()[0] == b'_')
    };
    ident(dialect, true) && !rest.is_empty() && rest.iter().all(|w| ident(w, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_arguments() {
        for ok in ["a", "my-pass", "convert-func-to-llvm", "mem2reg"] {
            assert!(is_pass_argument(ok), "{ok}");
        }
        for bad in ["", "-a", "a-", "a--b", "My-Pass", "my_pass", "2pass", "a b"] {
            assert!(!is_pass_argument(bad), "{bad}");
        }
        assert_eq!(suggest_argument("MyPass"), "my-pass");
        assert_eq!(suggest_argument("my_pass"), "my-pass");
    }

    #[test]
    fn op_names() {
        for ok in ["func.func", "builtin.module", "spirv.GLSL.Sin", "llvm.func"] {
            assert!(is_op_name(ok), "{ok}");
        }
        for bad in ["", "func", ".func", "func.", "Func.func", "func func"] {
            assert!(!is_op_name(bad), "{bad}");
        }
    }
}
