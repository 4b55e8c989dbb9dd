//! The defaults of `#[attr(default = "...")]`, checked against the text
//! MLIR 22's `parseAttribute` accepts for the attribute's kind. Without
//! this, a default that does not parse, or parses to an attribute its
//! constraint refuses (`"5"` is `5 : i64`, not an `I32Attr`), is only
//! found when the dialect is loaded, or when every op is verified.
//!
//! Only the `ods` kinds whose syntax is small and closed are checked
//! (integers, floats, bools, strings, unit, symbol references, arrays,
//! dictionaries), by the constraint type's name as `is_buildable` reads
//! it; any other kind (a type, dense elements, `AnyAttr`, a constraint of
//! the user's) is checked by the runtime when the dialect is loaded. What
//! these files cannot be sure of, they accept. Numbers (integers, index,
//! floats: literal, type, range) are `numbers.rs`'s; the other kinds are
//! here.

use syn::{LitStr, Type};

use super::super::ast::{OpInput, Part};
use crate::ctxt::Ctxt;
use numbers::{check_float, check_integer, fits, number, type_suffix, Bits, Width};

/// Reports each default that MLIR would not parse as its attribute's kind.
pub fn check_defaults(ctxt: &Ctxt, input: &OpInput) {
    for part in &input.attributes {
        let Some(default) = &part.default else {
            continue;
        };
        let text = default.value();
        if text.trim().is_empty() {
            ctxt.spanned(
                default,
                "an empty default: write the value in MLIR's attribute syntax, as in \
                 `default = \"0 : i64\"`, or leave `default` out",
            );
        } else if let Some(problem) = check(part, &text) {
            report(ctxt, part, default, problem);
        }
    }
}

/// What is wrong with a default, and the default to write instead.
struct Problem {
    why: String,
    instead: String,
}

fn problem(why: impl Into<String>, instead: impl Into<String>) -> Option<Problem> {
    Some(Problem {
        why: why.into(),
        instead: instead.into(),
    })
}

fn report(ctxt: &Ctxt, part: &Part, default: &LitStr, problem: Problem) {
    let accepted = match kind(&part.constraint) {
        Some((kind, name)) => format!("; `{name}` defaults are {}", kind.accepts()),
        None => String::new(),
    };
    ctxt.spanned(
        default,
        format!(
            "invalid default for `{}`: {}{accepted}: write `default = {:?}`",
            part.name, problem.why, problem.instead
        ),
    );
}

/// An attribute kind whose defaults are checked here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `I32Attr`, `I64Attr` (the width), `AnyIntegerAttr` (any width):
    /// signless integers.
    Integer(Option<u32>),
    /// `IndexAttr`.
    Index,
    /// `F32Attr`, `F64Attr`.
    Float(u32),
    /// `BoolAttr`.
    Bool,
    /// `StrAttr`.
    Str,
    /// `UnitAttr`.
    Unit,
    /// `FlatSymbolRefAttr`.
    FlatSymbolRef,
    /// `SymbolRefAttr`.
    SymbolRef,
    /// `ArrayAttr`.
    Array,
    /// `DictionaryAttr`.
    Dictionary,
}

/// The kind of `constraint` (by its last segment, as written), with that
/// name; `None` for a kind checked at load time.
fn kind(constraint: &Type) -> Option<(Kind, String)> {
    let Type::Path(path) = constraint else {
        return None;
    };
    let last = path.path.segments.last()?;
    if !last.arguments.is_empty() {
        return None;
    }
    let name = last.ident.to_string();
    let kind = match name.as_str() {
        "I32Attr" => Kind::Integer(Some(32)),
        "I64Attr" => Kind::Integer(Some(64)),
        "AnyIntegerAttr" => Kind::Integer(None),
        "IndexAttr" => Kind::Index,
        "F32Attr" => Kind::Float(32),
        "F64Attr" => Kind::Float(64),
        "BoolAttr" => Kind::Bool,
        "StrAttr" => Kind::Str,
        "UnitAttr" => Kind::Unit,
        "FlatSymbolRefAttr" => Kind::FlatSymbolRef,
        "SymbolRefAttr" => Kind::SymbolRef,
        "ArrayAttr" => Kind::Array,
        "DictionaryAttr" => Kind::Dictionary,
        _ => return None,
    };
    Some((kind, name))
}

impl Kind {
    /// What defaults of this kind are, for messages.
    fn accepts(self) -> &'static str {
        match self {
            Kind::Integer(Some(64)) => "integers, decimal or 0x hex, optionally typed `: i64`",
            Kind::Integer(Some(32)) => "integers typed `: i32`",
            Kind::Integer(_) => "integers typed `: iN` (an i64 when untyped)",
            Kind::Index => "integers typed `: index`",
            Kind::Float(64) => "floats with a dot (`1.0`, `-2.5e-3`), optionally typed `: f64`",
            Kind::Float(_) => "floats with a dot, typed `: f32`",
            Kind::Bool => "`true` or `false`",
            Kind::Str => "MLIR strings, in double quotes inside the Rust string",
            Kind::Unit => "`unit`",
            Kind::FlatSymbolRef => "symbol references, `@name`",
            Kind::SymbolRef => "symbol references, `@name` or `@outer::@inner`",
            Kind::Array => "arrays, `[...]`",
            Kind::Dictionary => "dictionaries, `{...}`",
        }
    }
}

/// The problem with `text` as `part`'s default, if this file is sure of one.
fn check(part: &Part, text: &str) -> Option<Problem> {
    if text.starts_with(char::is_whitespace) {
        // MLIR counts what it read from the first token, and then finds
        // the text longer than that: "found trailing characters".
        return problem(
            "MLIR's parser rejects a default that starts with a space",
            text.trim_start(),
        );
    }
    let (kind, _) = kind(&part.constraint)?;
    match kind {
        Kind::Integer(width) => check_integer(text, width.map(Width::Signless)),
        Kind::Index => check_integer(text, Some(Width::Index)),
        Kind::Float(width) => check_float(text, width),
        Kind::Bool => check_bool(text),
        Kind::Str => check_string(text),
        Kind::Unit => (word(text) != Some("unit")).then(|| Problem {
            why: "a unit attribute is written `unit`".into(),
            instead: "unit".into(),
        }),
        Kind::FlatSymbolRef | Kind::SymbolRef => check_symbol(text, kind),
        Kind::Array => (!text.starts_with('[')).then(|| Problem {
            why: "an array is written in brackets".into(),
            instead: format!("[{}]", text.trim_end()),
        }),
        Kind::Dictionary => (!text.starts_with('{')).then(|| Problem {
            why: "a dictionary is written in braces".into(),
            instead: "{}".into(),
        }),
    }
}

/// Nothing left but a comment, or nothing at all.
fn is_end(rest: &str) -> bool {
    rest.is_empty() || rest.starts_with("//")
}

/// `text` as one word followed by nothing, if it is one.
fn word(text: &str) -> Option<&str> {
    let n = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    (n > 0 && is_end(text[n..].trim_start())).then(|| &text[..n])
}

fn check_bool(text: &str) -> Option<Problem> {
    match word(text) {
        Some("true" | "false") => None,
        Some(w) if w.eq_ignore_ascii_case("true") => {
            problem(format!("MLIR's bools are lowercase, not `{w}`"), "true")
        }
        Some(w) if w.eq_ignore_ascii_case("false") => {
            problem(format!("MLIR's bools are lowercase, not `{w}`"), "false")
        }
        // `1 : i1` is a bool too.
        _ if number(text).is_some_and(|n| {
            !n.float && type_suffix(n.rest) == Ok(Some("i1")) && fits(&n, Bits::Signless(1))
        }) =>
        {
            None
        }
        _ => {
            let instead = match number(text) {
                Some(n) if n.digits.chars().all(|c| c == '0') => "false",
                Some(_) => "true",
                None => "false",
            };
            problem(format!("`{text}` is not `true` or `false`"), instead)
        }
    }
}

fn check_string(text: &str) -> Option<Problem> {
    let quoted = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let Some(body) = text.strip_prefix('"') else {
        return problem(
            format!("`{text}` is not in double quotes, so MLIR does not read it as a string"),
            quoted(text.trim_end()),
        );
    };
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                let rest = body[i + 1..].trim_start();
                // Any type may follow (`"a" : i32`): only its colon is checked.
                return (!is_end(rest) && !rest.starts_with(':')).then(|| Problem {
                    why: format!("the string ends at the second `\"`, and MLIR stops at `{rest}`"),
                    instead: quoted(&text[1..]),
                });
            }
            '\\' => match chars.next() {
                Some((_, '"' | '\\' | 'n' | 't')) => {}
                Some((_, h))
                    if h.is_ascii_hexdigit()
                        && chars.next().is_some_and(|(_, l)| l.is_ascii_hexdigit()) => {}
                _ => {
                    return problem(
                        "MLIR's string escapes are `\\\"`, `\\\\`, `\\n`, `\\t` and two hex \
                         digits (`\\0A`); for a backslash itself, write `\\\\`",
                        format!("\"{}\\\\{}", &body[..i], &body[i + 1..]),
                    )
                }
            },
            '\n' | '\x0b' | '\x0c' => {
                return problem(
                    "MLIR's strings do not span lines: write a newline as `\\n`",
                    text.replace('\n', "\\n"),
                )
            }
            _ => {}
        }
    }
    problem(
        "the string has no closing `\"`",
        format!("{}\"", text.trim_end()),
    )
}

fn check_symbol(text: &str, kind: Kind) -> Option<Problem> {
    let Some(name) = text.strip_prefix('@') else {
        let name = word(text).unwrap_or("name");
        return problem(
            format!("`{text}` is not a symbol reference, which starts with `@`"),
            format!("@{name}"),
        );
    };
    if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '"') {
        return problem(
            "a symbol's name starts with a letter or `_` (or is quoted: `@\"1st\"`)",
            "@name",
        );
    }
    if kind == Kind::FlatSymbolRef && !name.starts_with('"') && name.contains("::") {
        return problem(
            "a FlatSymbolRefAttr names one symbol, not a nested one (use SymbolRefAttr)",
            format!("@{}", name.rsplit("::@").next().unwrap_or(name)),
        );
    }
    None
}

mod numbers;
#[cfg(test)]
mod tests;
