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

mod grammar;
mod values;

pub use grammar::{escape, split_list, split_options};
pub use values::{
    parse_bool, parse_from_str, parse_int, parse_list, print_list, print_value, Integer, OptionType,
};

use crate::{Configurable, PassDescriptor, PipelineDescriptor};

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
pub fn pass_defaults<T: PassDescriptor>() -> Vec<(&'static str, String)> {
    defaults::<T>()
}

/// [`defaults`] of a pipeline, for generated code (one bound to report).
#[doc(hidden)]
pub fn pipeline_defaults<T: PipelineDescriptor>() -> Vec<(&'static str, String)> {
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
