//! MLIR's option grammar, as MLIR 22's `PassOptions::parseFromString` and
//! `parseCommaSeparatedList` read it (mlir/lib/Pass/PassRegistry.cpp), and
//! its printer: splitting the text between a pass's braces into options, a
//! value into list elements, and writing a value back so that it reads the
//! same.
//!
//! The functions here follow MLIR's code step by step, quirks included, so
//! that a Rust pass accepts exactly the option text a C++ pass accepts
//! (`tests/integration/options/grammar.rs` checks this against MLIR itself):
//! - An option ends at the first space (only `' '`, not a tab) outside
//!   `"..."`, `'...'` and `{...}`. A quote without a closing one is an
//!   ordinary character; an unclosed `{` runs to the end of the text.
//! - The name ends at a space or at the first `=`; a bare name has no value;
//!   an empty name (a stray `=`, extra spaces) is skipped.
//! - Names, values and list elements are trimmed, then lose one wrapping of
//!   `"..."` or `'...'` (and are trimmed again), or else of `{...}` when the
//!   closing brace is the one that matches the first.
//! - A list splits at commas outside quotes and `{}`, `()` and `[]` pairs; an
//!   empty value is an empty list.

/// What `llvm::StringRef::trim` removes.
const LLVM_SPACE: &[char] = &[' ', '\t', '\n', '\x0b', '\x0c', '\r'];

/// MLIR's `findChar`: the index of the first `c` at or after `start` that is
/// outside quotes and outside `{}`, `()` and `[]` pairs; `None` when there is
/// none, or when a quote or pair opened before it is not closed. (MLIR's is
/// recursive; this one keeps the pending closers on a stack instead, so deep
/// nesting cannot overflow the stack.)
fn find_char(s: &str, start: usize, c: u8) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut pending = Vec::new();
    let mut want = c;
    let mut i = start;
    while i < bytes.len() {
        let b = bytes[i];
        if b == want {
            match pending.pop() {
                None => return Some(i),
                Some(outer) => want = outer,
            }
        } else {
            match b {
                b'{' | b'(' | b'[' => {
                    pending.push(want);
                    want = match b {
                        b'{' => b'}',
                        b'(' => b')',
                        _ => b']',
                    };
                }
                b'"' | b'\'' => i += 1 + s[i + 1..].find(b as char)?,
                _ => {}
            }
        }
        i += 1;
    }
    None
}

/// MLIR's `extractArgAndUpdateOptions`, without the update: `s` trimmed, then
/// unwrapped once from `"..."` or `'...'` (and trimmed), or else from
/// `{...}` when its closing brace matches the opening one.
fn extract(s: &str) -> &str {
    let s = s.trim_matches(LLVM_SPACE);
    if s.len() <= 1 {
        return s;
    }
    for quote in ['\'', '"'] {
        if s.starts_with(quote) && s.ends_with(quote) {
            return s[1..s.len() - 1].trim_matches(LLVM_SPACE);
        }
    }
    if s.starts_with('{') && find_char(s, 1, b'}') == Some(s.len() - 1) {
        return s[1..s.len() - 1].trim_matches(LLVM_SPACE);
    }
    s
}

/// One option read from option text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    /// The option's name, extracted.
    pub key: &'a str,
    /// The value after `=`, extracted; `None` for a bare name.
    pub value: Option<&'a str>,
    /// Where this option begins in the text.
    pub start: usize,
    /// Where the text after this option begins (spaces skipped).
    pub rest: usize,
}

/// MLIR's `parseNextArg`: the option at the start of `text` and the index
/// where the next one begins.
fn next_token(text: &str) -> (&str, Option<&str>, usize) {
    let bytes = text.as_bytes();
    let after =
        |end: usize| end + (text[end..].len() - text[end..].trim_start_matches(LLVM_SPACE).len());
    // The name: up to a space or `=`.
    let Some(name_end) = bytes.iter().position(|&b| b == b' ' || b == b'=') else {
        return (extract(text), None, text.len());
    };
    let key = extract(&text[..name_end]);
    if bytes[name_end] == b' ' {
        return (key, None, after(name_end));
    }
    // The value: up to a space outside quotes and braces.
    let start = name_end + 1;
    // A quote at `i` jumps to its closing quote, when there is one.
    let skip_quote = |i: usize| -> Option<usize> {
        let q = bytes[i];
        if q != b'"' && q != b'\'' {
            return None;
        }
        Some(text[i + 1..].find(q as char).map_or(i, |j| i + 1 + j))
    };
    let mut i = start;
    while i < bytes.len() && bytes[i] != b' ' {
        if let Some(close) = skip_quote(i) {
            i = close + 1;
            continue;
        }
        if bytes[i] == b'{' {
            let mut depth = 1;
            i += 1;
            while i < bytes.len() {
                if let Some(close) = skip_quote(i) {
                    i = close + 1;
                    continue;
                }
                match bytes[i] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            // MLIR looks at the closing brace again, as an ordinary character.
            continue;
        }
        i += 1;
    }
    (key, Some(extract(&text[start..i])), after(i))
}

/// MLIR's `PassOptions::parseFromString`, up to looking the names up: every
/// option in `text`, in order, repeats included; empty names skipped.
pub(crate) fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut offset = 0;
    while offset < text.len() {
        let start = offset;
        let (key, value, rest) = next_token(&text[offset..]);
        offset += rest;
        if !key.is_empty() {
            out.push(Token {
                key,
                value,
                start,
                rest: offset,
            });
        }
    }
    out
}

/// Splits option text into `(key, value)` pairs as MLIR does, each value
/// unwrapped; `None` for a bare key. A key given twice appears twice.
///
/// ```
/// use mlir_pass::options::split_options;
/// assert_eq!(
///     split_options("a=1 b c=\"x y\" d={p q} e=q\"uote").unwrap(),
///     vec![("a", Some("1")), ("b", None), ("c", Some("x y")), ("d", Some("p q")), ("e", Some("q\"uote"))]
/// );
/// ```
///
/// # Errors
/// None since MLIR's grammar was followed exactly: MLIR accepts any text
/// here (a stray quote is a character, an unclosed brace runs to the end,
/// an `=` without a name is skipped). The `Result` is kept for callers.
pub fn split_options(text: &str) -> Result<Vec<(&str, Option<&str>)>, String> {
    Ok(tokens(text).into_iter().map(|t| (t.key, t.value)).collect())
}

/// Splits a list value (already unwrapped by [`split_options`]) as MLIR's
/// `parseCommaSeparatedList` does: at commas outside quotes and `{}`, `()`
/// and `[]` pairs; each element trimmed and unwrapped once. An empty value
/// is an empty list.
///
/// ```
/// use mlir_pass::options::split_list;
/// assert_eq!(split_list("a, \"b,c\" ,{d,e},").unwrap(), vec!["a", "b,c", "d,e", ""]);
/// assert_eq!(split_list("").unwrap(), Vec::<&str>::new());
/// ```
///
/// # Errors
/// None (see [`split_options`]); the `Result` is kept for callers.
pub fn split_list(value: &str) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    if value.is_empty() {
        return Ok(out);
    }
    let mut rest = value;
    while let Some(comma) = find_char(rest, 0, b',') {
        out.push(extract(&rest[..comma]));
        rest = rest[comma + 1..].trim_start_matches(LLVM_SPACE);
    }
    out.push(extract(rest));
    Ok(out)
}

/// How MLIR prints a string option (`printOptionValue`): as is, or wrapped
/// in `{...}` when it holds a space before any `{`, `'` or `"`.
fn mlir_form(value: &str) -> String {
    let space = value.find(' ');
    let special = value.find(['{', '\'', '"']);
    match (space, special) {
        (Some(space), Some(special)) if space < special => format!("{{{value}}}"),
        (Some(_), None) => format!("{{{value}}}"),
        _ => value.to_owned(),
    }
}

/// The ways to write `value`, best first: MLIR's, then wrapped in a quote
/// it does not hold, then in braces, then in a quote it holds.
fn candidates(value: &str) -> Vec<String> {
    let double = format!("\"{value}\"");
    let single = format!("'{value}'");
    let mut out = vec![mlir_form(value)];
    if !value.contains('"') {
        out.push(double.clone());
    }
    if !value.contains('\'') {
        out.push(single.clone());
    }
    out.push(format!("{{{value}}}"));
    out.extend([double, single]);
    out
}

/// What `name=<printed>` reads back as, when it is one option whatever
/// follows it: `printed` holds no quote whose partner could be found in the
/// next option, and no brace that only the next option closes. (Written
/// twice, such a value would pair with its own copy and read differently.)
pub(crate) fn read_scalar(printed: &str) -> Option<String> {
    match tokens(&format!("k={printed} k={printed}"))[..] {
        [Token {
            key: "k",
            value: Some(first),
            ..
        }, Token {
            key: "k",
            value: Some(second),
            ..
        }] if first == second => Some(first.to_owned()),
        _ => None,
    }
}

/// What `name={<joined>}` reads back as: the list's elements.
fn read_list(joined: &str) -> Option<Vec<String>> {
    let value = read_scalar(&format!("{{{joined}}}"))?;
    let elements = split_list(&value).ok()?;
    Some(elements.into_iter().map(str::to_owned).collect())
}

/// Writes a value so that [`split_options`] reads it back, whatever option
/// follows it: as MLIR prints a string (bare, or `{...}` when a space comes
/// before any brace or quote) when that reads back, else in `"..."`, `'...'`
/// or `{...}`, the first that does (a stray quote is wrapped, since it would
/// pair with a quote in the next option). A value no form carries (leading
/// or trailing whitespace, which reading trims; unpaired quotes of both
/// kinds) is written as MLIR writes it.
///
/// ```
/// use mlir_pass::options::escape;
/// assert_eq!(escape("plain"), "plain");
/// assert_eq!(escape("a b"), "{a b}");
/// assert_eq!(escape("{x}"), "\"{x}\"");
/// assert_eq!(escape(""), "");
/// ```
pub fn escape(value: &str) -> String {
    let forms = candidates(value);
    forms
        .iter()
        .find(|c| read_scalar(c).as_deref() == Some(value))
        .unwrap_or(&forms[0])
        .clone()
}

/// How MLIR would print a value that we print as `printed`: its string form
/// of what `printed` reads as, or for a list (`{...}`) its list form of the
/// elements. `None` when `printed` does not read back on its own.
pub(crate) fn mlir_printed(printed: &str, list: bool) -> Option<String> {
    let value = read_scalar(printed)?;
    if !list {
        return Some(mlir_form(&value));
    }
    let elements: Vec<String> = split_list(&value)
        .ok()?
        .into_iter()
        .map(mlir_form)
        .collect();
    Some(format!("{{{}}}", elements.join(",")))
}

/// Whether two option texts read as the same options with the same values,
/// the options for which `is_list` holds compared element by element.
pub(crate) fn same_reading(a: &str, b: &str, is_list: impl Fn(&str) -> bool) -> bool {
    let read = |text| {
        tokens(text)
            .into_iter()
            .map(|t| {
                let value = t.value.map(|v| {
                    if is_list(t.key) {
                        split_list(v).unwrap_or_default()
                    } else {
                        vec![v]
                    }
                });
                (t.key, value)
            })
            .collect::<Vec<_>>()
    };
    read(a) == read(b)
}

/// The text of a list of `elements` (each as a scalar reads it), without
/// the outer braces, such that `{text}` reads back as those elements: each
/// element as MLIR prints it when that reads back, else wrapped. `None` when
/// some element cannot be carried in a list (it holds unpaired quotes of
/// both kinds, or leading or trailing whitespace).
pub(crate) fn join_list(elements: &[&str]) -> Option<String> {
    // Each element in the first form that survives being followed by a
    // comma and another copy of itself (so it ends where it should); if the
    // whole list still does not read back, the wrapped forms first.
    for wrapped_first in [false, true] {
        let mut parts = Vec::with_capacity(elements.len());
        for &element in elements {
            let mut forms = candidates(element);
            if wrapped_first {
                forms.rotate_left(1);
            }
            let twice = [element, element];
            let part = forms
                .into_iter()
                .find(|c| read_list(&format!("{c},{c}")).is_some_and(|read| read == twice))?;
            parts.push(part);
        }
        let joined = parts.join(",");
        if read_list(&joined).is_some_and(|read| read == elements) {
            return Some(joined);
        }
    }
    None
}

#[cfg(test)]
#[path = "grammar_tests.rs"]
mod tests;
