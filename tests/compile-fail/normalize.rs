//! rustc's errors made independent of the machine and of code outside the
//! fixture, in the form of trybuild 1.0's `.stderr` files (its newest
//! normalization, `normalize.rs`), so that the files it wrote still hold:
//!
//! - paths: this crate's directory becomes `$DIR/`, the workspace
//!   `$WORKSPACE/`, the standard library's sources `$RUST/`, a registry
//!   crate `$CARGO/name-$VERSION/`, a build script's output
//!   `$OUT_DIR[crate]`;
//! - line and column numbers are kept in the fixture alone: elsewhere (the
//!   runtime, the standard library) they are blanked, with the gutter they
//!   widened, so that editing mlir-pass does not change the expected errors;
//! - rustc's summary lines (`aborting due to`, `rustc --explain`) are
//!   dropped, and so are the counts of `and N others` and the lists they end.

use std::path::Path;

/// Where the fixtures' paths point: this crate and the workspace.
pub struct Context<'a> {
    /// The directory of this crate (`tests/compile-fail`).
    pub source_dir: &'a Path,
    /// The workspace's root.
    pub workspace: &'a Path,
    /// The target directory (build scripts' `out` directories are in it).
    pub target_dir: &'a Path,
    /// The fixture, relative to `source_dir` (`ui/name.rs`).
    pub input_file: &'a str,
    /// The name of the fixture's crate, written `$CRATE`.
    pub krate: &'a str,
}

/// `rustc`'s output for one fixture, normalized.
pub fn diagnostics(output: &str, context: &Context) -> String {
    let output = output.replace("\r\n", "\n");
    let lines: Vec<&str> = output.lines().collect();
    let mut filter = Filter {
        lines: &lines,
        context,
        hide_numbers: 0,
        other_types: None,
    };
    let mut normalized = String::new();
    for index in 0..lines.len() {
        if let Some(line) = filter.apply(index) {
            normalized += &line;
            // Runs of blank lines become one.
            if !normalized.ends_with("\n\n") {
                normalized.push('\n');
            }
        }
    }
    trim(&unindent(&normalized))
}

/// Trailing whitespace removed, and one final newline when not empty.
pub fn trim(text: &str) -> String {
    let mut text = text.trim_end().to_owned();
    if !text.is_empty() {
        text.push('\n');
    }
    text
}

struct Filter<'a> {
    lines: &'a [&'a str],
    context: &'a Context<'a>,
    /// How many of the next lines have their leading numbers blanked.
    hide_numbers: usize,
    /// Inside a list of types implementing a trait: its length so far.
    other_types: Option<usize>,
}

/// The directory as a pattern: forward slashes, lowercase, ending in `/`.
fn pattern(dir: &Path) -> String {
    let mut pattern = dir
        .to_string_lossy()
        .to_ascii_lowercase()
        .replace('\\', "/");
    if !pattern.ends_with('/') {
        pattern.push('/');
    }
    pattern
}

impl Filter<'_> {
    fn apply(&mut self, index: usize) -> Option<String> {
        let mut line = self.lines[index].to_owned();
        if self.hide_numbers > 0 {
            hide_leading_numbers(&mut line);
            self.hide_numbers -= 1;
        }
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.starts_with("--> ") || trimmed.starts_with("::: ") {
            return Some(self.location(line, index, indent));
        }
        let dropped = [
            "error: aborting due to ",
            "error: could not compile `",
            "For more information about this error, try `rustc --explain",
            "Some errors have detailed explanations:",
            "For more information about an error, try `rustc --explain",
        ];
        if dropped.iter().any(|prefix| line.starts_with(prefix))
            || line == "To learn more, run the command again with --verbose."
            || trimmed.starts_with("= note: this compiler was built on 2")
                && trimmed.ends_with("; consider upgrading it if it is out of date")
        {
            return None;
        }
        line.truncate(line.trim_end().len());
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(count) = trimmed
            .strip_prefix("and ")
            .and_then(|rest| rest.strip_suffix(" others"))
        {
            if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) {
                line = format!("{}and $N others", &line[..indent]);
            }
        }
        let trimmed = line.trim_start();
        let note = trimmed.strip_prefix("= note: ").unwrap_or(trimmed);
        if note.starts_with("the full type name has been written to")
            || note.starts_with("the full name for the type has been written to")
        {
            return None;
        }
        if !self.other_types(&mut line, index) {
            return None;
        }
        let line = line.replace(self.context.krate, "$CRATE");
        let line = replace_path(&line, self.context.source_dir, "$DIR/");
        Some(replace_path(&line, self.context.workspace, "$WORKSPACE/"))
    }

    /// A `--> path:line:col` or `::: path` line.
    fn location(&mut self, line: String, index: usize, indent: usize) -> String {
        let mut line = line.replace('\\', "/");
        let start = indent + 4;
        let lower = line.to_ascii_lowercase();
        let target = pattern(self.context.target_dir);
        let source = pattern(self.context.source_dir);
        let workspace = pattern(self.context.workspace);
        let mut other_crate = false;
        if lower[start..].starts_with(&target) {
            // target/debug/build/<crate>-<hash>/out/... -> $OUT_DIR[<crate>]
            let mut offset = start + target.len();
            let mut crate_name = None;
            while let Some(slash) = line[offset..].find('/') {
                let component = &line[offset..offset + slash];
                if component == "out" {
                    if let Some(name) = crate_name {
                        let replacement = format!("$OUT_DIR[{name}]");
                        line.replace_range(start..offset + 3, &replacement);
                        other_crate = true;
                        break;
                    }
                } else {
                    crate_name = component
                        .rsplit_once('-')
                        .filter(|(name, hash)| {
                            !name.is_empty() && hash.len() == 16 && is_lowercase_hex(hash)
                        })
                        .map(|(name, _)| name);
                }
                offset += slash + 1;
            }
        } else if let Some(i) = lower.find(&source) {
            if i == start {
                line.replace_range(start..start + source.len(), "");
                if line[start..]
                    .to_ascii_lowercase()
                    .starts_with(&self.context.input_file.to_ascii_lowercase())
                {
                    return line;
                }
            } else {
                line.replace_range(i..i + source.len() - 1, "$DIR");
            }
            other_crate = true;
        } else if let Some(i) = lower.find(&workspace) {
            line.replace_range(i..i + workspace.len() - 1, "$WORKSPACE");
            other_crate = true;
        } else if line[start..].starts_with(self.context.input_file) {
            return line;
        } else if self
            .context
            .workspace
            .join(path_of(&line[start..]))
            .exists()
        {
            // A workspace member's file, as cargo named it to rustc:
            // relative to the workspace's root.
            line.insert_str(start, "$WORKSPACE/");
            other_crate = true;
        }
        if !other_crate {
            other_crate = rust_library(&mut line, start) || cargo_registry(&mut line, start);
        }
        if other_crate {
            // Numbers outside the fixture change with every edit of the
            // code they point at: blank them here and in the snippet below.
            hide_trailing_numbers(&mut line);
            self.hide_numbers = 1;
            while let Some(next) = self.lines.get(index + self.hide_numbers) {
                match next.trim_start().chars().next().unwrap_or_default() {
                    '0'..='9' | '|' | '.' => self.hide_numbers += 1,
                    _ => break,
                }
            }
        }
        line
    }

    /// Lists of the types that implement a trait keep eight entries and an
    /// `and $N others` in place of the ninth; `false` drops the line.
    fn other_types(&mut self, line: &mut String, index: usize) -> bool {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.starts_with("= help: the following types implement trait ")
            || trimmed.starts_with("= help: the following other types implement trait ")
        {
            self.other_types = Some(0);
            return true;
        }
        let Some(count) = self.other_types.as_mut() else {
            return true;
        };
        if indent < 12 || trimmed == "and $N others" {
            self.other_types = None;
            return true;
        }
        *count += 1;
        if *count == 9 {
            let next = self.lines.get(index + 1);
            if next.is_some_and(|next| next.len() - next.trim_start().len() == indent) {
                line.replace_range(indent - 2.., "and $N others");
            }
        }
        *count <= 9
    }
}

/// `/…/lib/rustlib/src/rust/library/core/src/panic.rs` -> `$RUST/core/src/panic.rs`.
fn rust_library(line: &mut String, start: usize) -> bool {
    if let Some(pos) = line.find("/rustlib/src/rust/library/") {
        line.replace_range(start..pos + 25, "$RUST");
        return true;
    }
    let rest = &line[start..];
    if rest.starts_with("/rustc/")
        && rest.get(7..47).is_some_and(is_lowercase_hex)
        && rest[47..].starts_with("/library/")
    {
        line.replace_range(start..start + 55, "$RUST");
        return true;
    }
    false
}

/// `/…/registry/src/index.crates.io-<hash>/syn-2.0.1/src/lib.rs` ->
/// `$CARGO/syn-$VERSION/src/lib.rs`.
fn cargo_registry(line: &mut String, start: usize) -> bool {
    let prefix = "/registry/src/";
    let Some(pos) = line.find(prefix) else {
        return false;
    };
    let after = pos + prefix.len();
    let Some(slash) = line[after..].find('/') else {
        return false;
    };
    let Some((_, hash)) = line[after..after + slash].rsplit_once('-') else {
        return false;
    };
    if hash.len() != 16 || !is_lowercase_hex(hash) {
        return false;
    }
    line.replace_range(start..after + slash, "$CARGO");
    let crate_start = start + "$CARGO/".len();
    if let Some(end) = line[crate_start..].find('/') {
        let krate = &line[crate_start..crate_start + end];
        if let Some(dash) = krate.find('.').and_then(|dot| krate[..dot].rfind('-')) {
            line.replace_range(crate_start + dash + 1..crate_start + end, "$VERSION");
        }
    }
    true
}

/// `src/lib.rs:12:5` -> `src/lib.rs`
fn path_of(location: &str) -> String {
    let mut path = location.to_owned();
    hide_trailing_numbers(&mut path);
    path
}

fn is_lowercase_hex(s: &str) -> bool {
    s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// `10 | T: Send,` -> `   | T: Send,`
fn hide_leading_numbers(line: &mut String) {
    let n = line
        .bytes()
        .take_while(|b| *b == b' ' || b.is_ascii_digit())
        .count();
    line.replace_range(..n, &" ".repeat(n));
}

/// `main.rs:22:29` -> `main.rs`
fn hide_trailing_numbers(line: &mut String) {
    for _ in 0..2 {
        let digits = line.bytes().rev().take_while(u8::is_ascii_digit).count();
        if digits == 0 || !line[..line.len() - digits].ends_with(':') {
            return;
        }
        line.truncate(line.len() - digits - 1);
    }
}

/// Every occurrence of the directory `dir` in `line` (any case, either
/// slash) replaced with `replacement`, and the path after it given forward
/// slashes.
fn replace_path(line: &str, dir: &Path, replacement: &str) -> String {
    let pattern = pattern(dir);
    let lower = line.to_ascii_lowercase().replace('\\', "/");
    let mut out = String::with_capacity(line.len());
    let mut pos = 0;
    while let Some(found) = lower[pos..].find(&pattern) {
        let at = pos + found;
        // Not inside a longer word (`xdir/`): trybuild's rule.
        if line[..at].ends_with(|c: char| c.is_ascii_alphanumeric()) {
            out.push_str(&line[pos..=at]);
            pos = at + 1;
            continue;
        }
        out.push_str(&line[pos..at]);
        out.push_str(replacement);
        pos = at + pattern.len();
        let end = line[pos..]
            .find([' ', ':'])
            .map_or(line.len(), |end| pos + end);
        out.push_str(&line[pos..end].replace('\\', "/"));
        pos = end;
    }
    out.push_str(&line[pos..]);
    out
}

/// What a line is to `unindent`.
#[derive(PartialEq)]
enum Kind {
    /// `error...`, `warning...`
    Heading,
    /// A line of a snippet, with the spaces that can be cut from it.
    Code(usize),
    /// `note:`, `help:`, `...`
    Note,
    /// Anything else, with its leading spaces.
    Other(usize),
}

/// Gutters as narrow as their widest remaining number: once line numbers
/// outside the fixture are blanked, the width they took goes too.
fn unindent(diag: &str) -> String {
    let mut normalized = String::new();
    let mut lines = diag.lines();
    while let Some(line) = lines.next() {
        normalized.push_str(line);
        normalized.push('\n');
        if kind(line, true, &mut false) != Kind::Heading {
            continue;
        }
        let mut ahead = lines.clone();
        let Some(next) = ahead.next() else {
            continue;
        };
        let Kind::Code(indent) = kind(next, false, &mut false) else {
            continue;
        };
        if !next[indent + 1..].starts_with("--> ") {
            continue;
        }
        let mut in_block = 1;
        let mut least = indent;
        let mut after_note = false;
        for line in ahead {
            match kind(line, false, &mut after_note) {
                Kind::Heading => break,
                Kind::Code(indent) => {
                    in_block += 1;
                    least = least.min(indent);
                }
                Kind::Note => in_block += 1,
                Kind::Other(spaces) if spaces > 10 => in_block += 1,
                Kind::Other(_) => break,
            }
        }
        let mut after_note = false;
        for _ in 0..in_block {
            let line = lines.next().expect("counted above");
            if let Kind::Code(_) | Kind::Other(_) = kind(line, false, &mut after_note) {
                let space = line.find(' ').expect("an indented line");
                normalized.push_str(&line[..space]);
                normalized.push_str(&line[space + least..]);
            } else {
                normalized.push_str(line);
            }
            normalized.push('\n');
        }
    }
    normalized
}

fn kind(line: &str, first_in_block: bool, after_note: &mut bool) -> Kind {
    let was_after_note = std::mem::replace(after_note, false);
    for heading in ["error", "warning"] {
        if line
            .strip_prefix(heading)
            .is_some_and(|rest| rest.starts_with([':', '[']))
        {
            return Kind::Heading;
        }
    }
    if first_in_block && line.starts_with("note: ") {
        return Kind::Heading;
    }
    if line.starts_with("note:")
        || line == "..."
        || line.starts_with("help:")
        || was_after_note && line.starts_with("      ")
    {
        *after_note = true;
        return Kind::Note;
    }
    if let Some(rest) = line.strip_prefix("... ") {
        return Kind::Code(rest.bytes().take_while(|b| *b == b' ').count());
    }
    let mut spaces = line.bytes().take_while(|b| *b == b' ').count();
    let digits = line[spaces..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    spaces += line[spaces + digits..]
        .bytes()
        .take_while(|b| *b == b' ')
        .count();
    let rest = &line[digits + spaces..];
    let snippet = rest == "|"
        || rest.starts_with("| ")
        || digits > 0
            && ["~", "+", "-"]
                .iter()
                .any(|m| rest == *m || rest.starts_with(&format!("{m} ")))
        || digits == 0 && ["--> ", "::: ", "= "].iter().any(|m| rest.starts_with(m));
    if spaces > 0 && snippet {
        return Kind::Code(spaces - 1);
    }
    Kind::Other(if digits == 0 { spaces } else { 0 })
}
