//! Pass options: struct fields marked `#[option]`, read from and written to
//! MLIR's option syntax (`my-pass{limit=3 names=a,"b c" verbose}`).
//!
//! The grammar follows MLIR's own parser (`PassOptions::parseFromString`):
//! options are separated by spaces; `key=value`, or a bare `key` that means
//! `true` for a flag; a value wrapped in `"..."`, `'...'` or `{...}` may hold
//! spaces, commas and braces, and loses that one wrapping and surrounding
//! whitespace; list values are comma-separated, each element read the same
//! way. Unlike MLIR's parser, an unterminated quote or brace is an error.
//!
//! Printing writes every option, sorted by name, in a form this parser reads
//! back to the same values. MLIR's grammar has no escape character, so two
//! kinds of string cannot round-trip: one with leading or trailing
//! whitespace (values are trimmed) and one holding both `"` and `'` (no
//! wrapping can hold it).

use std::{fmt::Display, str::FromStr};

use crate::Configurable;

/// One option of a pass, as `#[option]` declares it.
#[derive(Debug)]
pub struct OptionSpec {
    /// The name in pipelines: the field name in kebab-case, or `name = "..."`.
    pub name: &'static str,
    /// The field's type as written, such as `u32` or `Vec<String>`.
    pub type_name: &'static str,
    /// The field's doc comment, or `description = "..."`.
    pub description: &'static str,
    /// Whether the value is a comma-separated list (`Vec<T>`).
    pub is_list: bool,
    /// Whether the option is a `bool`, which a bare name sets to `true`.
    pub is_flag: bool,
}

/// Parses `text` (what goes between the braces in a pipeline) into a pass:
/// `T::default()` with the given options set.
///
/// ```
/// # use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};
/// #[mlir_pass(argument = "limit-ops")]
/// #[derive(Clone, Default, Debug, PartialEq)]
/// struct LimitOps {
///     /// The most operations allowed.
///     #[option(default = 100)]
///     limit: u32,
///     /// Operation names not counted.
///     #[option]
///     skip: Vec<String>,
/// }
/// # impl Pass for LimitOps { fn run(&mut self, _: OperationRef<'_>) -> Result<(), PassError> { Ok(()) } }
///
/// let pass: LimitOps = mlir_pass::options::parse("limit=3 skip=func.return,\"a b\"").unwrap();
/// assert_eq!(pass, LimitOps { limit: 3, skip: vec!["func.return".into(), "a b".into()] });
/// assert_eq!(mlir_pass::options::print(&pass), "limit=3 skip=func.return,\"a b\"");
///
/// let error = mlir_pass::options::parse::<LimitOps>("limit=-1").unwrap_err();
/// assert_eq!(error, "pass 'limit-ops': invalid value '-1' for option 'limit' (u32): \
///                    -1 is out of range for u32 (0..=4294967295)");
/// ```
///
/// # Errors
/// A message naming the pass, the option and the offending text, and saying
/// what is accepted.
pub fn parse<T: Configurable + Default>(text: &str) -> Result<T, String> {
    let meta = T::metadata();
    let argument = meta.argument;
    let entries = split_options(text).map_err(|e| format!("pass '{argument}': {e}"))?;
    let mut pass = T::default();
    let mut seen: Vec<&str> = Vec::new();
    for (key, value) in entries {
        let Some(spec) = meta.options.iter().find(|o| o.name == key) else {
            return Err(unknown_option(argument, key, meta.options));
        };
        if seen.contains(&key) {
            return Err(format!("pass '{argument}': option '{key}' is given twice"));
        }
        seen.push(key);
        let value = match value {
            Some(value) => value,
            None if spec.is_flag => "true",
            None => {
                return Err(format!(
                    "pass '{argument}': option '{key}' needs a value, as in {key}=<{}>",
                    spec.type_name
                ))
            }
        };
        pass.set_option(key, value).map_err(|e| {
            format!(
                "pass '{argument}': invalid value '{value}' for option '{key}' ({}): {e}",
                spec.type_name
            )
        })?;
    }
    Ok(pass)
}

/// Prints a pass's options as [`parse`] reads them: every option, sorted by
/// name, separated by spaces. Empty for a pass without options.
pub fn print<T: Configurable>(pass: &T) -> String {
    sorted_by_name(pass.print_options())
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Refuses a pass whose printed options MLIR could not read back: a value
/// with braces that do not balance (MLIR finds the end of an option block by
/// counting braces, inside quotes too, and its syntax has no escape).
///
/// # Errors
/// Names the pass, the option and the brace.
pub fn check_printable<T: Configurable>(pass: &T) -> Result<(), String> {
    for (name, value) in pass.print_options() {
        let mut depth = 0i64;
        let mut unbalanced = None;
        for c in value.chars() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth < 0 {
                        unbalanced = Some('}');
                        break;
                    }
                }
                _ => {}
            }
        }
        if unbalanced.is_none() && depth > 0 {
            unbalanced = Some('{');
        }
        if let Some(brace) = unbalanced {
            return Err(format!(
                "option '{name}' of pass '{}' holds an unbalanced '{brace}' ({value}): MLIR's \
                 pipeline syntax cannot carry it, so the pass could not be printed and read \
                 back; balance the braces in the value",
                T::metadata().argument
            ));
        }
    }
    Ok(())
}

/// [`defaults`] of a pass, for generated code (one bound to report).
#[doc(hidden)]
pub fn pass_defaults<T: crate::PassDescriptor>() -> Vec<(&'static str, String)> {
    defaults::<T>()
}

/// [`defaults`] of a pipeline, for generated code (one bound to report).
#[doc(hidden)]
pub fn pipeline_defaults<T: crate::PipelineDescriptor>() -> Vec<(&'static str, String)> {
    defaults::<T>()
}

/// The default value of each option, as printed, sorted by name.
pub fn defaults<T: Configurable + Default>() -> Vec<(&'static str, String)> {
    sorted_by_name(T::default().print_options())
}

/// Printed options in MLIR's order: sorted by name.
fn sorted_by_name(mut options: Vec<(&'static str, String)>) -> Vec<(&'static str, String)> {
    options.sort_by_key(|(name, _)| *name);
    options
}

fn unknown_option(argument: &str, key: &str, specs: &[OptionSpec]) -> String {
    if specs.is_empty() {
        return format!("pass '{argument}' has no options, but was given '{key}'");
    }
    let mut names: Vec<&str> = specs.iter().map(|s| s.name).collect();
    names.sort_unstable();
    format!(
        "pass '{argument}' has no option '{key}'; its options are: {}",
        names.join(", ")
    )
}

// --- The grammar -----------------------------------------------------------------

/// Splits option text into `(key, value)` pairs, each value unwrapped;
/// `None` for a bare key.
///
/// ```
/// use mlir_pass::options::split_options;
/// assert_eq!(
///     split_options("a=1 b c=\"x y\"").unwrap(),
///     vec![("a", Some("1")), ("b", None), ("c", Some("x y"))]
/// );
/// ```
///
/// # Errors
/// An unterminated quote or brace, an unbalanced `}`, or `=` with no name.
pub fn split_options(text: &str) -> Result<Vec<(&str, Option<&str>)>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let key_end = rest.find([' ', '=']).unwrap_or(rest.len());
        let key = &rest[..key_end];
        if key.is_empty() {
            return Err(format!("expected an option name before '=' in '{text}'"));
        }
        rest = &rest[key_end..];
        if let Some(after_eq) = rest.strip_prefix('=') {
            let value_end = value_end(after_eq, text)?;
            out.push((key, Some(unwrap(&after_eq[..value_end]))));
            rest = &after_eq[value_end..];
        } else {
            out.push((key, None));
        }
        rest = rest.trim_start();
    }
    Ok(out)
}

/// Where a value ends: at the first space outside quotes and braces.
fn value_end(s: &str, whole: &str) -> Result<usize, String> {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' => return Ok(i),
            b'"' | b'\'' => i = closing_quote(s, i, whole)?,
            b'{' => i = closing_brace(s, i, whole)?,
            b'}' => {
                return Err(format!(
                    "unbalanced '}}' in '{whole}'; wrap a value holding braces in quotes"
                ))
            }
            _ => {}
        }
        i += 1;
    }
    Ok(bytes.len())
}

/// The index of the quote closing the one at `open`.
fn closing_quote(s: &str, open: usize, whole: &str) -> Result<usize, String> {
    let quote = s.as_bytes()[open] as char;
    s[open + 1..]
        .find(quote)
        .map(|i| open + 1 + i)
        .ok_or_else(|| {
            format!("unterminated {quote} in '{whole}'; close it with a matching {quote}")
        })
}

/// The index of the brace closing the one at `open` (quotes inside skipped).
fn closing_brace(s: &str, open: usize, whole: &str) -> Result<usize, String> {
    let bytes = s.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'"' | b'\'' => i = closing_quote(s, i, whole)?,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    Err(format!(
        "unterminated '{{' in '{whole}'; close it with '}}'"
    ))
}

/// Trims and removes one wrapping of `"..."`, `'...'` or `{...}`, as MLIR does.
fn unwrap(s: &str) -> &str {
    let s = s.trim();
    if s.len() >= 2 {
        for (open, close) in [('\'', '\''), ('"', '"'), ('{', '}')] {
            if s.starts_with(open) && s.ends_with(close) {
                return s[1..s.len() - 1].trim();
            }
        }
    }
    s
}

/// Splits a list value (already unwrapped by [`split_options`]) on commas
/// outside quotes and braces; each element is unwrapped. An empty value is an
/// empty list.
///
/// # Errors
/// An unterminated quote or brace.
pub fn split_list(value: &str) -> Result<Vec<&str>, String> {
    if value.is_empty() {
        return Ok(Vec::new());
    }
    let bytes = value.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b',' => {
                out.push(unwrap(&value[start..i]));
                start = i + 1;
            }
            b'"' | b'\'' => i = closing_quote(value, i, value)?,
            b'{' => i = closing_brace(value, i, value)?,
            _ => {}
        }
        i += 1;
    }
    out.push(unwrap(&value[start..]));
    Ok(out)
}

/// Writes a value so that [`split_options`] and [`split_list`] read it back:
/// bare when it holds no space, comma, quote or brace, else wrapped.
pub fn escape(value: &str) -> String {
    let special = |c: char| c.is_whitespace() || matches!(c, ',' | '{' | '}' | '"' | '\'' | '=');
    if !value.is_empty() && !value.contains(special) {
        value.to_owned()
    } else if !value.contains('"') {
        format!("\"{value}\"")
    } else if !value.contains('\'') {
        format!("'{value}'")
    } else {
        format!("{{{value}}}")
    }
}

// --- Values -------------------------------------------------------------------------

/// `true`/`false` as LLVM's command line reads them.
pub fn parse_bool(text: &str) -> Result<bool, String> {
    match text {
        "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        _ => Err("expected true or false".to_owned()),
    }
}

/// An integer type an option can hold.
pub trait Integer: Sized + Display {
    /// The type's name, for messages.
    const NAME: &'static str;
    /// Its minimum, as text.
    fn min_text() -> String;
    /// Its maximum, as text.
    fn max_text() -> String;
    /// The value with this sign and magnitude, if it fits.
    fn from_parts(negative: bool, magnitude: u128) -> Option<Self>;
}

/// Parses an integer as LLVM does: decimal, `0x` hex, `0b` binary, `0o` or
/// leading-`0` octal, with an optional sign; out-of-range values are errors
/// that give the type's range.
pub fn parse_int<T: Integer>(text: &str) -> Result<T, String> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(b) = lower.strip_prefix("0x") {
        (16, b)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (2, b)
    } else if let Some(b) = lower.strip_prefix("0o") {
        (8, b)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    let not_a_number = || format!("'{text}' is not an integer");
    if body.is_empty() || body.starts_with(['+', '-']) {
        return Err(not_a_number());
    }
    let out_of_range = || {
        format!(
            "{text} is out of range for {} ({}..={})",
            T::NAME,
            T::min_text(),
            T::max_text()
        )
    };
    let magnitude = match u128::from_str_radix(body, radix) {
        Ok(m) => m,
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => return Err(out_of_range()),
        Err(_) => return Err(not_a_number()),
    };
    T::from_parts(negative, magnitude).ok_or_else(out_of_range)
}

macro_rules! integer_types {
    ($($t:ident)*) => {$(
        impl Integer for $t {
            const NAME: &'static str = stringify!($t);
            fn min_text() -> String { $t::MIN.to_string() }
            fn max_text() -> String { $t::MAX.to_string() }
            fn from_parts(negative: bool, magnitude: u128) -> Option<Self> {
                if negative {
                    let value = 0i128.checked_sub_unsigned(magnitude)?;
                    $t::try_from(value).ok()
                } else {
                    $t::try_from(magnitude).ok()
                }
            }
        }
    )*};
}

integer_types!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

/// Parses any option value by `FromStr` (floats, `String`, user types such
/// as enums), with the type's own error message.
pub fn parse_from_str<T: OptionType>(text: &str) -> Result<T, String> {
    T::parse_option(text)
}

/// Prints a value, wrapped if it needs to be (see [`escape`]).
pub fn print_value<T: OptionType>(value: &T) -> String {
    value.print_option()
}

/// Prints a list: each element wrapped if needed, joined by commas; an empty
/// list as `{}`. A reader unwraps the whole value before splitting it, so a
/// list that itself starts and ends like a wrapping (`"a b"` alone, or
/// `"a","b"`) is wrapped once more in braces.
pub fn print_list<T: OptionType>(values: &[T]) -> String {
    if values.is_empty() {
        return "{}".to_owned();
    }
    let list = values
        .iter()
        .map(T::print_option)
        .collect::<Vec<_>>()
        .join(",");
    let wrapped = [('"', '"'), ('\'', '\''), ('{', '}')]
        .iter()
        .any(|&(open, close)| list.len() >= 2 && list.starts_with(open) && list.ends_with(close));
    if wrapped {
        format!("{{{list}}}")
    } else {
        list
    }
}

/// Parses a list with `element` for each item.
pub fn parse_list<T>(
    text: &str,
    element: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    split_list(text)?
        .into_iter()
        .enumerate()
        .map(|(i, e)| element(e).map_err(|err| format!("element {} ('{e}'): {err}", i + 1)))
        .collect()
}

/// A type a `#[option]` field (or a `Vec` option's element) can have:
/// anything that parses from text and prints back, with an error message
/// that says so at the field's type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a pass option",
    label = "this type neither parses (`FromStr`) nor prints (`Display`)",
    note = "an option is a bool, an integer, f32, f64, String, a type implementing `FromStr + Display` (such as an enum), or a Vec of those"
)]
pub trait OptionType: Sized {
    /// Parses a value, with the type's own error message.
    fn parse_option(text: &str) -> Result<Self, String>;
    /// Prints a value, wrapped if it needs to be (see [`escape`]).
    fn print_option(&self) -> String;
}

impl<T: FromStr<Err: Display> + Display> OptionType for T {
    fn parse_option(text: &str) -> Result<Self, String> {
        text.parse::<T>().map_err(|e| e.to_string())
    }

    fn print_option(&self) -> String {
        escape(&self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_mlir() {
        assert_eq!(
            split_options(" a=1  b c=\"x y\" d={p q} e='r s',t f=").unwrap(),
            vec![
                ("a", Some("1")),
                ("b", None),
                ("c", Some("x y")),
                ("d", Some("p q")),
                ("e", Some("'r s',t")),
                ("f", Some("")),
            ]
        );
        assert_eq!(
            split_list("a,\"b,c\",{d,e}, f ").unwrap(),
            vec!["a", "b,c", "d,e", "f"]
        );
        assert_eq!(split_list("").unwrap(), Vec::<&str>::new());
        assert!(split_options("a=\"x")
            .unwrap_err()
            .contains("unterminated \""));
        assert!(split_options("a={x")
            .unwrap_err()
            .contains("unterminated '{'"));
        assert!(split_options("a=x}")
            .unwrap_err()
            .contains("unbalanced '}'"));
        assert!(split_options("=x")
            .unwrap_err()
            .contains("expected an option name"));
    }

    #[test]
    fn integers_like_llvm() {
        assert_eq!(parse_int::<u8>("255"), Ok(255));
        assert_eq!(parse_int::<i8>("-128"), Ok(-128));
        assert_eq!(parse_int::<u32>("0x1F"), Ok(31));
        assert_eq!(parse_int::<u32>("010"), Ok(8));
        assert_eq!(parse_int::<u32>("0b101"), Ok(5));
        assert_eq!(
            parse_int::<u8>("300"),
            Err("300 is out of range for u8 (0..=255)".into())
        );
        assert_eq!(
            parse_int::<u8>("-1"),
            Err("-1 is out of range for u8 (0..=255)".into())
        );
        assert_eq!(
            parse_int::<u128>("340282366920938463463374607431768211455"),
            Ok(u128::MAX)
        );
        assert_eq!(
            parse_int::<i128>("-170141183460469231731687303715884105728"),
            Ok(i128::MIN)
        );
        assert_eq!(
            parse_int::<u32>("abc"),
            Err("'abc' is not an integer".into())
        );
        assert_eq!(parse_int::<u32>(""), Err("'' is not an integer".into()));
        assert_eq!(
            parse_int::<i32>("--1"),
            Err("'--1' is not an integer".into())
        );
    }

    #[test]
    fn escapes_round_trip() {
        for s in [
            "plain",
            "a b",
            "a,b",
            "{x}",
            "say \"hi\"",
            "it's",
            "{a b} 'c'",
            "",
        ] {
            let printed = escape(s);
            let text = format!("k={printed}");
            let parsed = split_options(&text).unwrap();
            assert_eq!(parsed, vec![("k", Some(s))], "{s:?} printed as {printed:?}");
        }
    }
}
