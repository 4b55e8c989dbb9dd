//! Markdown documentation of the Rust passes, in the spirit of
//! `mlir-tblgen -gen-pass-doc`.

use crate::{passes, PassMetadata};

/// Markdown documentation of every Rust pass linked into the program, sorted
/// by argument: summary, description, anchor operation, dependent dialects,
/// and a table of options with their types, defaults and descriptions.
pub fn pass_docs() -> String {
    let mut out = String::from("# Rust passes\n");
    for pass in passes() {
        out.push('\n');
        out.push_str(&pass_doc(pass));
    }
    out
}

/// The Markdown section for one pass.
pub fn pass_doc(pass: &PassMetadata) -> String {
    let mut out = format!("## `-{}`\n\n_{}_\n", pass.argument, pass.summary);
    // The summary is the first paragraph; the rest follows it.
    let rest = pass
        .description
        .trim()
        .split_once("\n\n")
        .map_or("", |(_, rest)| rest)
        .trim();
    if !rest.is_empty() {
        out.push_str(&format!("\n{rest}\n"));
    }
    out.push_str(&format!(
        "\n| | |\n| --- | --- |\n| Pass | `{}` (`{}`) |\n| Runs on | {} |\n| Dependent dialects | {} |\n",
        pass.name,
        pass.type_name,
        pass.op_name.map_or("any operation".to_owned(), |op| format!("`{op}`")),
        if pass.dialect_names.is_empty() {
            "none".to_owned()
        } else {
            pass.dialect_names.iter().map(|d| format!("`{d}`")).collect::<Vec<_>>().join(", ")
        }
    ));
    if !pass.options.is_empty() {
        out.push_str("\n### Options\n\n| Option | Type | Default | Description |\n| --- | --- | --- | --- |\n");
        for (option, default) in pass.options_with_defaults() {
            out.push_str(&format!(
                "| `{}` | `{}` | `{}` | {} |\n",
                option.name,
                option.type_name,
                default,
                option.description.replace('\n', " ").replace('|', "\\|")
            ));
        }
    }
    out
}
