//! MLIR's option grammar (`PassOptions::parseFromString`): splitting the
//! text between a pass's braces into options, a value into list elements,
//! and writing a value back so that it reads the same.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::*;

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
