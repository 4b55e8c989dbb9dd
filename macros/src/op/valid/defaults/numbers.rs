//! Integer and float defaults: the literal MLIR's lexer reads, the type
//! after it, and the range MLIR accepts for that type.

use super::{is_end, problem, word, Problem};

/// The integer type a default must have.
#[derive(Clone, Copy)]
pub(super) enum Width {
    /// `iN`.
    Signless(u32),
    /// `index`.
    Index,
}

impl Width {
    fn type_name(self) -> String {
        match self {
            Width::Signless(w) => format!("i{w}"),
            Width::Index => "index".into(),
        }
    }
}

/// A number at the start of a default: `-`, spaces, then `0x` hex digits,
/// or decimal digits with an optional fraction and exponent.
pub(super) struct Number<'a> {
    pub(super) negative: bool,
    /// The digits (after `0x` for hex).
    pub(super) digits: &'a str,
    pub(super) hex: bool,
    /// Written with a dot: a float literal.
    pub(super) float: bool,
    /// The number as written, sign included.
    pub(super) text: &'a str,
    /// What follows it.
    pub(super) rest: &'a str,
}

pub(super) fn number(text: &str) -> Option<Number<'_>> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(body) => (true, body.trim_start()),
        None => (false, text),
    };
    let digits_end = |s: &str, hex: bool| {
        s.find(|c: char| {
            !(if hex {
                c.is_ascii_hexdigit()
            } else {
                c.is_ascii_digit()
            })
        })
        .unwrap_or(s.len())
    };
    let (digits, hex, float, len) = if let Some(hex) = body.strip_prefix("0x") {
        let n = digits_end(hex, true);
        (&hex[..n], true, false, 2 + n)
    } else {
        let n = digits_end(body, false);
        let mut len = n;
        let mut float = false;
        if n > 0 && body[n..].starts_with('.') {
            float = true;
            len += 1 + digits_end(&body[n + 1..], false);
            // An exponent, only when digits follow it (MLIR's lexer).
            let exp = &body[len..];
            if let Some(e) = exp.strip_prefix(['e', 'E']) {
                let sign = usize::from(e.starts_with(['+', '-']));
                let d = digits_end(&e[sign..], false);
                if d > 0 {
                    len += 1 + sign + d;
                }
            }
        }
        (&body[..n], false, float, len)
    };
    if digits.is_empty() {
        return None;
    }
    let start = text.len() - body.len();
    Some(Number {
        negative,
        digits,
        hex,
        float,
        text: &text[..start + len],
        rest: &text[start + len..],
    })
}

/// The type after a value (`: i64`): `Ok(None)` when there is none,
/// `Ok(Some(name))` for a type that is one word, `Err(rest)` for anything
/// else that follows the value.
pub(super) fn type_suffix(rest: &str) -> Result<Option<&str>, &str> {
    let rest = rest.trim_start();
    if is_end(rest) {
        return Ok(None);
    }
    let Some(ty) = rest.strip_prefix(':') else {
        return Err(rest);
    };
    let ty = ty.trim_start();
    let n = ty
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(ty.len());
    if n > 0 && is_end(ty[n..].trim_start()) {
        Ok(Some(&ty[..n]))
    } else {
        Err(rest)
    }
}

pub(super) fn check_integer(text: &str, width: Option<Width>) -> Option<Problem> {
    let example = |value: &str| match width {
        Some(Width::Signless(64)) | None => value.to_owned(),
        Some(w) => format!("{value} : {}", w.type_name()),
    };
    let literal = number(text);
    let Some(n) = literal.as_ref().filter(|n| !n.float) else {
        let why = match (&literal, word(text)) {
            (Some(n), _) => format!("`{}` is a float", n.text),
            (None, Some("true" | "false")) => format!("`{text}` is a bool"),
            (None, _) => format!("`{text}` is not an integer"),
        };
        let value = literal
            .as_ref()
            .map_or("0", |n| n.text.split('.').next().unwrap_or("0"));
        return problem(why, example(value));
    };
    let ty = match type_suffix(n.rest) {
        Ok(ty) => ty,
        Err(rest) => {
            return problem(
                format!(
                    "MLIR reads the integer `{}`, then stops at `{rest}`",
                    n.text
                ),
                example(n.text),
            )
        }
    };
    // The type MLIR gives the literal: `Some(width)` for `iN`, `None` for
    // `index`.
    let actual = match ty {
        None => Some(64),
        Some("index") => None,
        Some(ty) => match ty.strip_prefix('i').and_then(|w| w.parse::<u32>().ok()) {
            Some(w) => Some(w),
            None => {
                return problem(
                    format!("`{ty}` is not {}", expected(width)),
                    example(n.text),
                )
            }
        },
    };
    let bits = match (width, actual) {
        (None, Some(w)) => Bits::Signless(w),
        (Some(Width::Signless(w)), Some(a)) if w == a => Bits::Signless(w),
        (Some(Width::Index), None) => Bits::Index,
        _ => {
            let why = match ty {
                None => format!("MLIR reads `{}` without a type as an i64", n.text),
                Some(ty) => format!("`{ty}` is not {}", expected(width)),
            };
            return problem(why, example(n.text));
        }
    };
    (!fits(n, bits)).then(|| Problem {
        why: format!("`{}` does not fit in {}", n.text, bits.describe()),
        instead: example("0"),
    })
}

/// What a literal must fit in.
#[derive(Clone, Copy)]
pub(super) enum Bits {
    /// `iN`: -2^(N-1) to 2^N - 1 (MLIR takes the unsigned half too).
    Signless(u32),
    /// `index`: a signed 64-bit value.
    Index,
}

impl Bits {
    fn describe(self) -> String {
        match self {
            Bits::Signless(w @ 1..=128) => {
                let max = if w == 128 {
                    u128::MAX
                } else {
                    (1u128 << w) - 1
                };
                format!("an i{w} (MLIR takes -{} to {max})", 1u128 << (w - 1))
            }
            Bits::Signless(w) => format!("an i{w}"),
            Bits::Index => format!("an index (MLIR takes {} to {})", i64::MIN, i64::MAX),
        }
    }
}

/// Whether MLIR accepts the integer literal `n` as a value of `bits`.
pub(super) fn fits(n: &Number, bits: Bits) -> bool {
    let radix: u32 = if n.hex { 16 } else { 10 };
    let Some(magnitude) = n.digits.chars().try_fold(0u128, |acc, c| {
        acc.checked_mul(u128::from(radix))?
            .checked_add(u128::from(c.to_digit(radix)?))
    }) else {
        // Over 128 bits: too wide for any width checked here.
        return !matches!(bits, Bits::Index | Bits::Signless(0..=128));
    };
    let (positive_max, negative_max) = match bits {
        Bits::Index => (i64::MAX as u128, 1u128 << 63),
        Bits::Signless(0) => (0, 0),
        Bits::Signless(w @ 1..=127) => ((1u128 << w) - 1, 1u128 << (w - 1)),
        Bits::Signless(128) => (u128::MAX, 1u128 << 127),
        Bits::Signless(_) => return true,
    };
    magnitude
        <= if n.negative {
            negative_max
        } else {
            positive_max
        }
}

/// The type an integer default must have, for messages.
fn expected(width: Option<Width>) -> String {
    match width {
        Some(w) => format!("`{}`", w.type_name()),
        None => "a signless integer type (`i1`, `i8`, `i32`, `i64`...)".into(),
    }
}

pub(super) fn check_float(text: &str, width: u32) -> Option<Problem> {
    let typed = |value: &str| match width {
        64 => value.to_owned(),
        w => format!("{value} : f{w}"),
    };
    let Some(n) = number(text) else {
        // MLIR has no word for them: a float's bits are written in hex.
        let bits = match (word(text), width) {
            (Some("inf"), 64) => Some("0x7FF0000000000000"),
            (Some("inf"), _) => Some("0x7F800000"),
            (Some("nan"), 64) => Some("0x7FF8000000000000"),
            (Some("nan"), _) => Some("0x7FC00000"),
            _ => None,
        };
        return match bits {
            Some(bits) => problem(
                format!("MLIR has no `{text}`: write the float's bits in hex, with its type"),
                format!("{bits} : f{width}"),
            ),
            None => problem(format!("`{text}` is not a float"), typed("1.0")),
        };
    };
    let as_float = |n: &Number| {
        if n.float || n.hex {
            n.text.to_owned()
        } else {
            format!("{}.0", n.text)
        }
    };
    let ty = match type_suffix(n.rest) {
        Ok(ty) => ty,
        Err(rest) => {
            return problem(
                format!("MLIR reads the number `{}`, then stops at `{rest}`", n.text),
                typed(&as_float(&n)),
            );
        }
    };
    let wanted = format!("f{width}");
    if !n.float && !n.hex {
        return problem(
            format!("MLIR reads `{}` as an integer: a float needs a dot", n.text),
            typed(&as_float(&n)),
        );
    }
    match ty {
        Some(ty) if ty != wanted => problem(
            format!("`{ty}` is not `{wanted}`"),
            format!("{} : {wanted}", n.text),
        ),
        _ if n.hex && n.negative => problem(
            "MLIR refuses a minus before a hex float (its bits)",
            typed("-1.0"),
        ),
        None if n.hex => problem(
            format!(
                "MLIR reads the hex `{}` without a type as an integer (a float's bits need \
                 the type)",
                n.text
            ),
            format!("{} : {wanted}", n.text),
        ),
        None if width != 64 => problem(
            format!("MLIR reads `{}` without a type as an f64", n.text),
            typed(n.text),
        ),
        _ => None,
    }
}
