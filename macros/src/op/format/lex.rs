//! The format string's tokens.

use super::*;

/// A token of the format language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// `` `text` ``.
    Literal(String),
    /// `$name`.
    Variable(String),
    /// `attr-dict`, `type`...
    Keyword(String),
    /// `(`, `)`, `?`, `^`, `,`, `:`, `<`, `>`, `|`.
    Punct(char),
    /// `"text"`: a string argument of a custom directive (in ODS a C++
    /// expression; in #[mlir_op] a Rust one).
    Str(String),
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Literal(text) => write!(f, "`{text}`"),
            Token::Variable(name) => write!(f, "${name}"),
            Token::Keyword(word) => f.write_str(word),
            Token::Punct(c) => write!(f, "{c}"),
            Token::Str(text) => write!(f, "\"{text}\""),
        }
    }
}

/// Splits the format into tokens.
pub(crate) fn lex(source: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut chars = source.char_indices().peekable();
    let word = |chars: &mut std::iter::Peekable<std::str::CharIndices>, dash: bool| {
        let mut word = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if c.is_ascii_alphanumeric() || c == '_' || (dash && c == '-') {
                word.push(c);
                chars.next();
            } else {
                break;
            }
        }
        word
    };
    while let Some(&(_, c)) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '`' => {
                chars.next();
                let mut text = String::new();
                loop {
                    match chars.next() {
                        Some((_, '`')) => break,
                        Some((_, c)) => text.push(c),
                        None => {
                            return Err(format!(
                                "the literal `{text}... has no closing backtick: write \
                                 literals as `(` or `to`"
                            ))
                        }
                    }
                }
                tokens.push(Token::Literal(text));
            }
            '$' => {
                chars.next();
                let name = word(&mut chars, false);
                if name.is_empty() {
                    return Err(
                        "`$` must be followed by the name of an operand, attribute, region or \
                         successor, as in `$input`"
                            .to_owned(),
                    );
                }
                tokens.push(Token::Variable(name));
            }
            '"' => {
                chars.next();
                let mut text = String::new();
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.next() {
                            Some((_, c)) => text.push(c),
                            None => break,
                        },
                        Some((_, c)) => text.push(c),
                        None => {
                            return Err(format!(
                                "the string \"{text}... has no closing quote: write a string \
                                 argument as \"true\""
                            ))
                        }
                    }
                }
                tokens.push(Token::Str(text));
            }
            '(' | ')' | '?' | '^' | ',' | ':' | '<' | '>' | '|' => {
                chars.next();
                tokens.push(Token::Punct(c));
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                tokens.push(Token::Keyword(word(&mut chars, true)));
            }
            other => {
                return Err(format!(
                    "unexpected `{other}`: punctuation is a literal, written between backticks \
                     (`` `{other}` ``)"
                ))
            }
        }
    }
    Ok(tokens)
}

/// Whether ODS accepts `text` as a literal: a keyword, punctuation, or
/// the spacing literals `` ` ` `` and `` `\n` `` (and the empty one).
pub(crate) fn is_literal(text: &str) -> bool {
    let keyword = text
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.');
    keyword || PUNCTUATION.contains(&text) || matches!(text, "" | " " | "\\n")
}
