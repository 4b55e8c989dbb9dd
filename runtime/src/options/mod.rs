//! Pass options: struct fields marked `#[option]`, read from and written to
//! MLIR's option syntax (`my-pass{limit=3 names=a,"b c" verbose}`).
//!
//! The grammar is MLIR's own (`PassOptions::parseFromString`), followed step
//! by step so that a Rust pass accepts what a C++ pass accepts and reads the
//! same values: options are separated by spaces; `key=value`, or a bare `key`
//! that means `true` for a flag; a value wrapped in `"..."`, `'...'` or
//! `{...}` may hold spaces, commas and braces, and loses that one wrapping
//! and surrounding whitespace; a quote without a closing one is an ordinary
//! character; list values are comma-separated, each element read the same
//! way. An option given twice is read twice, as by LLVM's command line: the
//! last value wins, and a list appends.
//!
//! Printing writes every option, sorted by name, as MLIR prints options
//! (`names={a,{b c}} verbose=true`), except where MLIR's form would read back
//! as something else (an element holding a comma, `{x}`, ...): such a value
//! is wrapped in quotes or braces, so that it reads back the same. MLIR's
//! grammar has no escape character, so some strings cannot round-trip: one
//! with leading or trailing whitespace (values are trimmed), and one holding
//! unpaired quotes of both kinds.

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

impl OptionSpec {
    /// The value's type as MLIR's own passes spell it in `--help`
    /// (LLVM's `cl::opt` names): `string`, `int` (`i8` to `i32`), `long`
    /// (`i64`, `isize`), `uint` (`u8` to `u32`), `ulong` (`u64`, `usize`),
    /// `number` (`f32`, `f64`), `char`, `bool`; a list by its elements'
    /// name; any other type as written.
    pub fn mlir_type_name(&self) -> &'static str {
        let ty = self.type_name;
        let element = ty
            .strip_prefix("Vec<")
            .and_then(|t| t.strip_suffix('>'))
            .unwrap_or(ty);
        match element {
            "String" | "std::string::String" | "PathBuf" | "std::path::PathBuf" => "string",
            "i8" | "i16" | "i32" => "int",
            "i64" | "isize" => "long",
            "u8" | "u16" | "u32" => "uint",
            "u64" | "usize" => "ulong",
            "f32" | "f64" => "number",
            "char" => "char",
            "bool" => "bool",
            _ => ty,
        }
    }
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
/// assert_eq!(mlir_pass::options::print(&pass), "limit=3 skip={func.return,{a b}}");
///
/// // As in MLIR, a repeated list appends and a repeated scalar's last value wins.
/// let pass: LimitOps = mlir_pass::options::parse("limit=1 skip=a limit=2 skip=b,c").unwrap();
/// assert_eq!(pass, LimitOps { limit: 2, skip: vec!["a".into(), "b".into(), "c".into()] });
///
/// let error = mlir_pass::options::parse::<LimitOps>("limit=-1").unwrap_err();
/// assert_eq!(error, "pass 'limit-ops': invalid value '-1' for option 'limit' (u32): \
///                    -1 is out of range for u32 (0..=4294967295)");
/// ```
///
/// Accepts what MLIR accepts for a C++ pass with the same options (a stray
/// quote, `=` without a name, repeats), and refuses what it refuses, with
/// one exception: a list option given again after an element that holds
/// unpaired quotes of both kinds (`names=a,'" names=b`) is refused, since
/// the generated `set_option` takes text and no text carries that element
/// before others.
///
/// # Errors
/// A message naming the pass, the option and the offending text, and saying
/// what is accepted: an unknown option, a non-flag without a value, or a
/// value its type does not parse.
pub fn parse<T: Configurable + Default>(text: &str) -> Result<T, String> {
    let mut pass = T::default();
    parse_into(T::metadata(), text, &mut |name, value| {
        pass.set_option(name, value)
    })?;
    Ok(pass)
}

/// A pass's `set_option`, for code compiled once for every pass type.
type SetOption<'a> = dyn FnMut(&str, &str) -> Result<(), String> + 'a;

/// [`parse`], compiled once rather than for each pass type: reads `text`
/// as the options of the pass `meta` describes, setting each through
/// `set_option`.
fn parse_into(
    meta: &crate::PassMetadata,
    text: &str,
    set_option: &mut SetOption<'_>,
) -> Result<(), String> {
    let argument = meta.argument;
    // Each list option given: each occurrence's value and elements.
    let mut lists: Vec<(&OptionSpec, Vec<Occurrence<'_>>)> = Vec::new();
    let mut previous: Option<&str> = None;
    for token in grammar::tokens(text) {
        let key = token.key;
        // `key = value` is three options to MLIR (`key`, a skipped `=` and
        // `value`): say so when that is why the text is refused.
        let before = previous.replace(key);
        let spaced = |message: String| {
            let name = if text[token.rest..].starts_with('=') {
                Some(key)
            } else if text[..token.start].trim_end().ends_with('=') {
                before
            } else {
                None
            };
            match name {
                Some(name) => format!(
                    "{message} (a space ends an option: write {name}=<value>, without spaces)"
                ),
                None => message,
            }
        };
        let Some(spec) = meta.options.iter().find(|o| o.name == key) else {
            return Err(spaced(unknown_option(argument, key, meta.options)));
        };
        let value = match token.value {
            Some(value) => value,
            None if spec.is_flag => "true",
            None => {
                return Err(spaced(format!(
                    "pass '{argument}': option '{key}' needs a value, as in {key}=<{}>",
                    spec.type_name
                )))
            }
        };
        set(set_option, argument, spec, value)?;
        if spec.is_list {
            let elements = split_list(value).unwrap_or_default();
            match lists.iter_mut().find(|(s, _)| s.name == key) {
                Some((_, occurrences)) => occurrences.push((value, elements)),
                None => lists.push((spec, vec![(value, elements)])),
            }
        }
    }
    // A list given more than once holds the elements of every occurrence:
    // the earlier ones written anew, the last one that has elements as given
    // (so that its last element may be anything MLIR accepted there).
    for (spec, occurrences) in lists {
        if occurrences.len() < 2 {
            continue;
        }
        let all: Vec<&str> = occurrences.iter().flat_map(|(_, e)| e).copied().collect();
        let given: Vec<&Occurrence<'_>> =
            occurrences.iter().filter(|(_, e)| !e.is_empty()).collect();
        let value = match given.split_last() {
            None => Some(String::new()),
            Some((last, [])) => Some(last.0.to_owned()),
            Some((last, earlier)) => {
                let earlier: Vec<&str> = earlier.iter().flat_map(|(_, e)| e).copied().collect();
                grammar::join_list(&earlier).map(|joined| format!("{joined},{}", last.0))
            }
        }
        .filter(|value| split_list(value).ok().as_ref() == Some(&all))
        .ok_or_else(|| {
            format!(
                "pass '{argument}': option '{}' is given {} times, and an element holding \
                 unpaired quotes of both kinds cannot be joined to the later ones; give the \
                 option once",
                spec.name,
                occurrences.len()
            )
        })?;
        set(set_option, argument, spec, &value)?;
    }
    Ok(())
}

/// One occurrence of a list option: its value text and its elements.
type Occurrence<'a> = (&'a str, Vec<&'a str>);

/// Sets one option from its value text, with an error naming it all.
fn set(
    set_option: &mut SetOption<'_>,
    argument: &str,
    spec: &OptionSpec,
    value: &str,
) -> Result<(), String> {
    set_option(spec.name, value).map_err(|e| {
        format!(
            "pass '{argument}': invalid value '{value}' for option '{}' ({}): {e}",
            spec.name, spec.type_name
        )
    })
}

/// Prints a pass's options as [`parse`] reads them: every option, sorted by
/// name, separated by spaces, each as MLIR prints it (lists in braces:
/// `skip={a,b}`) wherever that text reads back to the same values, else in
/// a form that does (see [`escape`]). Empty for a pass without options.
pub fn print<T: Configurable>(pass: &T) -> String {
    print_values(T::metadata().options, pass.print_options())
}

/// [`print`] after [`check_printable`], asking the pass for its options
/// once: what adding a pass to a pass manager does.
pub(crate) fn print_checked<T: Configurable>(pass: &T) -> Result<String, String> {
    let values = pass.print_options();
    for (name, value) in &values {
        check_value(T::metadata().argument, name, value)?;
    }
    Ok(print_values(T::metadata().options, values))
}

/// Prints option values as [`print`] does (compiled once, not for each
/// pass type).
fn print_values(specs: &[OptionSpec], values: Vec<(&'static str, String)>) -> String {
    let is_list = |name: &str| specs.iter().any(|s| s.name == name && s.is_list);
    let then = |option: String, rest: &str| {
        if rest.is_empty() {
            option
        } else {
            format!("{option} {rest}")
        }
    };
    // Each value is printed to read back whatever follows it. MLIR's own
    // form reads back in fewer places (a stray quote pairs with a quote
    // after it), so it is tried in its place, last option first.
    let mut text = String::new();
    for (name, value) in sorted_by_name(values).into_iter().rev() {
        let ours = format!("{name}={value}");
        let theirs = grammar::mlir_printed(&value, is_list(name))
            .map(|theirs| format!("{name}={theirs}"))
            .filter(|theirs| {
                *theirs != ours
                    && grammar::same_reading(
                        &then(theirs.clone(), &text),
                        &then(ours.clone(), &text),
                        is_list,
                    )
            });
        text = then(theirs.unwrap_or(ours), &text);
    }
    text
}

/// Refuses a pass whose printed options MLIR could not read back: a value
/// with braces that do not balance (MLIR finds the end of an option block by
/// counting braces, inside quotes too, and its syntax has no escape).
///
/// # Errors
/// Names the pass, the option and the brace.
pub fn check_printable<T: Configurable>(pass: &T) -> Result<(), String> {
    for (name, value) in pass.print_options() {
        check_value(T::metadata().argument, name, &value)?;
    }
    Ok(())
}

/// The check of [`check_printable`] on one option's printed value, of the
/// pass whose argument is `argument`.
fn check_value(argument: &str, name: &str, value: &str) -> Result<(), String> {
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
            "option '{name}' of pass '{argument}' holds an unbalanced '{brace}' ({value}): MLIR's \
             pipeline syntax cannot carry it, so the pass could not be printed and read \
             back; balance the braces in the value"
        ));
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
