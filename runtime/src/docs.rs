//! Markdown documentation of the Rust passes and pass pipelines, in the
//! spirit of `mlir-tblgen -gen-pass-doc`.

use crate::{passes, pipelines, PassMetadata};

/// Markdown documentation of every Rust pass linked into the program, sorted
/// by argument: summary, description, anchor operation, dependent dialects,
/// and a table of options with their types, defaults and descriptions; then
/// every Rust pass pipeline, likewise.
pub fn pass_docs() -> String {
    let mut out = String::from("# Rust passes\n");
    for pass in passes() {
        out.push('\n');
        out.push_str(&pass_doc(pass));
    }
    let pipelines = pipelines();
    if !pipelines.is_empty() {
        out.push_str("\n# Rust pass pipelines\n");
        for pipeline in pipelines {
            out.push('\n');
            out.push_str(&pipeline_doc(pipeline));
        }
    }
    out
}

/// What a pass runs on, its operation written by `op`.
fn runs_on(pass: &PassMetadata, op: impl Fn(&str) -> String) -> String {
    match (pass.op_name, pass.interface) {
        (Some(name), _) => op(name),
        (None, Some(interface)) => format!("operations that implement {interface}"),
        (None, None) => "any operation".to_owned(),
    }
}

/// The Markdown section for one pass.
pub fn pass_doc(pass: &PassMetadata) -> String {
    let mut out = heading(pass);
    out.push_str(&format!(
        "\n| | |\n| --- | --- |\n| Pass | `{}` (`{}`) |\n| Runs on | {} |\n| Dependent dialects | {} |\n",
        pass.name,
        pass.type_name,
        runs_on(pass, |op| format!("`{op}`")),
        if pass.dialect_names.is_empty() {
            "none".to_owned()
        } else {
            pass.dialect_names.iter().map(|d| format!("`{d}`")).collect::<Vec<_>>().join(", ")
        }
    ));
    push_options(&mut out, pass);
    out
}

/// The Markdown section for one pass pipeline.
pub fn pipeline_doc(pipeline: &PassMetadata) -> String {
    let mut out = heading(pipeline);
    out.push_str(&format!(
        "\n| | |\n| --- | --- |\n| Pipeline | `{}` (`{}`) |\n",
        pipeline.name, pipeline.type_name
    ));
    push_options(&mut out, pipeline);
    out
}

/// The argument, the summary, and the rest of the description.
fn heading(pass: &PassMetadata) -> String {
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
    out
}

fn push_options(out: &mut String, pass: &PassMetadata) {
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
}

/// A plain-text list of every Rust pass and pipeline with its summary, name,
/// anchor, dialects, type and options: what `--list-rust-passes` prints.
pub fn pass_list() -> String {
    let passes = passes();
    let mut out = format!("Rust passes ({}):\n", passes.len());
    for p in passes {
        out.push_str(&format!("  {} - {}\n", p.argument, p.summary));
        out.push_str(&format!(
            "      name: {}, runs on: {}, dependent dialects: {}, type: {}\n",
            p.name,
            runs_on(p, str::to_owned),
            if p.dialect_names.is_empty() {
                "none".to_owned()
            } else {
                p.dialect_names.join(", ")
            },
            p.type_name
        ));
        push_option_lines(&mut out, p);
    }
    let pipelines = pipelines();
    out.push_str(&format!("Rust pass pipelines ({}):\n", pipelines.len()));
    for p in pipelines {
        out.push_str(&format!("  {} - {}\n", p.argument, p.summary));
        out.push_str(&format!("      name: {}, type: {}\n", p.name, p.type_name));
        push_option_lines(&mut out, p);
    }
    out.push_str(
        "Upstream MLIR passes are available too, as in mlir-opt (e.g. canonicalize, cse).\n",
    );
    out
}

fn push_option_lines(out: &mut String, p: &PassMetadata) {
    for (option, default) in p.options_with_defaults() {
        out.push_str(&format!(
            "      {}=<{}> (default: {}) - {}\n",
            option.name,
            option.mlir_type_name(),
            default,
            option.description.replace('\n', " ")
        ));
    }
}
