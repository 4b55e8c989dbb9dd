//! Option values: parsing and printing each type an `#[option]` field can
//! have (what the code `#[mlir_pass]` generates calls).

use std::{fmt::Display, str::FromStr};

use super::grammar::{escape, join_list, read_scalar, split_list};

/// `true`/`false` as LLVM's command line reads them; empty text (`verbose=`,
/// as a bare `verbose`) means `true`.
pub fn parse_bool(text: &str) -> Result<bool, String> {
    match text {
        "" | "true" | "TRUE" | "True" | "1" => Ok(true),
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

/// Parses an integer as LLVM does (`StringRef::getAsInteger` with radix 0):
/// decimal, `0x`/`0X` hex, `0b`/`0B` binary, `0o` or leading-`0` octal, with
/// an optional `-` (no `+`); out-of-range values are errors that give the
/// type's range.
pub fn parse_int<T: Integer>(text: &str) -> Result<T, String> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let prefixed = |lower: &str, upper: &str| {
        digits
            .strip_prefix(lower)
            .or_else(|| digits.strip_prefix(upper))
    };
    let (radix, body) = if let Some(b) = prefixed("0x", "0X") {
        (16, b)
    } else if let Some(b) = prefixed("0b", "0B") {
        (2, b)
    } else if let Some(b) = digits.strip_prefix("0o") {
        (8, b)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
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

/// Prints a list as MLIR prints a `ListOption`: `{a,b}`, each element as
/// MLIR prints it (`{{a b},c}`), an empty list as `{}`. An element that MLIR
/// would print in a form that reads back differently (one holding a comma,
/// an empty string, a stray quote) is wrapped in quotes or braces instead,
/// so that the list always reads back the same.
pub fn print_list<T: OptionType>(values: &[T]) -> String {
    let printed: Vec<String> = values.iter().map(T::print_option).collect();
    // Each element as a scalar reads it: the text that parses to the value.
    let texts: Vec<String> = printed
        .iter()
        .map(|p| read_scalar(p).unwrap_or_else(|| p.clone()))
        .collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let joined = join_list(&texts).unwrap_or_else(|| printed.join(","));
    format!("{{{joined}}}")
}

/// Parses a list (split as [`split_list`] does) with `element` for each
/// item.
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
