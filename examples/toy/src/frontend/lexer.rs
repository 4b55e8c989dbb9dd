//! The Toy lexer, as upstream's `Lexer.h`: the same tokens, the same
//! locations (1-based line and byte column of a token's first character).

use std::rc::Rc;

use super::ast::Location;

/// A token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// The end of the input.
    Eof,
    /// `return`.
    Return,
    /// `var`.
    Var,
    /// `def`.
    Def,
    /// `struct`.
    Struct,
    /// An identifier, `[a-zA-Z][a-zA-Z0-9_]*` ([`Lexer::identifier`]).
    Identifier,
    /// A number, `[0-9][0-9.]*` ([`Lexer::value`]).
    Number,
    /// Any other character, as a single byte: `;`, `(`, `+`, `<`...
    Char(u8),
}

impl Token {
    /// The token's value in upstream's `enum Token : int`, which upstream's
    /// parse errors print: `-1` for EOF, `-2` to `-7` for the keywords,
    /// identifiers and numbers, a character's value otherwise (as a signed
    /// `char`: bytes from 128 are negative).
    pub fn code(self) -> i32 {
        match self {
            Token::Eof => -1,
            Token::Return => -2,
            Token::Var => -3,
            Token::Def => -4,
            Token::Struct => -5,
            Token::Identifier => -6,
            Token::Number => -7,
            Token::Char(c) => i32::from(c as i8),
        }
    }

    /// Whether this is the single-character token `c`.
    pub fn is(self, c: u8) -> bool {
        self == Token::Char(c)
    }
}

/// C's `isspace` in the "C" locale.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// The lexer: a stream of tokens, one lookahead token ([`Lexer::cur_tok`]).
#[derive(Debug)]
pub struct Lexer<'a> {
    /// The input: upstream stops at the first NUL byte.
    bytes: &'a [u8],
    /// The next byte to read in `bytes`.
    pos: usize,
    /// Upstream's line buffer starts as "\n": not yet read.
    leading_newline: bool,
    file: Rc<str>,
    cur_tok: Token,
    /// Line and column of `cur_tok`'s first character.
    last_location: (u32, u32),
    identifier: String,
    value: f64,
    /// The text of the current number when it has more than one dot.
    malformed: Option<String>,
    /// The character read ahead (`None`: the end of input).
    last_char: Option<u8>,
    cur_line: u32,
    cur_col: u32,
}

impl<'a> Lexer<'a> {
    /// A lexer for `source`, whose locations name `file`. The current token
    /// is [`Token::Eof`] until the first [`Lexer::next_token`].
    pub fn new(source: &'a str, file: &str) -> Self {
        let bytes = source.as_bytes();
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        Lexer {
            bytes: &bytes[..end],
            pos: 0,
            leading_newline: true,
            file: Rc::from(file),
            cur_tok: Token::Eof,
            last_location: (0, 0),
            identifier: String::new(),
            value: 0.0,
            malformed: None,
            last_char: Some(b' '),
            cur_line: 0,
            cur_col: 0,
        }
    }

    /// The current token.
    pub fn cur_tok(&self) -> Token {
        self.cur_tok
    }

    /// Moves to the next token and returns it.
    pub fn next_token(&mut self) -> Token {
        self.cur_tok = self.get_tok();
        self.cur_tok
    }

    /// The last identifier read (meaningful when the current token is
    /// [`Token::Identifier`]).
    pub fn identifier(&self) -> &str {
        &self.identifier
    }

    /// The last number read (meaningful when the current token is
    /// [`Token::Number`]).
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The current number's text when it has more than one dot (`1.2.3`):
    /// C's `strtod` would read 1.2 and the rest would vanish, so the
    /// parser reports it instead (as upstream's lexer now does).
    pub fn malformed(&self) -> Option<&str> {
        self.malformed.as_deref()
    }

    /// The location of the current token's first character.
    pub fn location(&self) -> Location {
        Location {
            file: self.file.clone(),
            line: self.last_location.0,
            col: self.last_location.1,
        }
    }

    /// The line and column of the current token's first character.
    pub fn line_col(&self) -> (u32, u32) {
        self.last_location
    }

    /// Upstream's `getNextChar`: the next byte, counting lines and columns.
    /// A 0xFF byte reads as EOF, as upstream's `(char)-1 == EOF`.
    fn get_next_char(&mut self) -> Option<u8> {
        let c = if self.leading_newline {
            self.leading_newline = false;
            b'\n'
        } else {
            let &c = self.bytes.get(self.pos)?;
            self.pos += 1;
            c
        };
        self.cur_col = self.cur_col.saturating_add(1);
        if c == b'\n' {
            self.cur_line = self.cur_line.saturating_add(1);
            self.cur_col = 0;
        }
        (c != 0xff).then_some(c)
    }

    /// Upstream's `getTok`.
    fn get_tok(&mut self) -> Token {
        loop {
            while self.last_char.is_some_and(is_space) {
                self.last_char = self.get_next_char();
            }
            self.last_location = (self.cur_line, self.cur_col);
            let Some(c) = self.last_char else {
                return Token::Eof;
            };
            if c.is_ascii_alphabetic() {
                self.identifier.clear();
                self.identifier.push(char::from(c));
                loop {
                    self.last_char = self.get_next_char();
                    match self.last_char {
                        Some(c) if c.is_ascii_alphanumeric() || c == b'_' => {
                            self.identifier.push(char::from(c));
                        }
                        _ => break,
                    }
                }
                return match self.identifier.as_str() {
                    "return" => Token::Return,
                    "def" => Token::Def,
                    "struct" => Token::Struct,
                    "var" => Token::Var,
                    _ => Token::Identifier,
                };
            }
            if c.is_ascii_digit() {
                let mut text = String::new();
                let mut c = c;
                loop {
                    text.push(char::from(c));
                    self.last_char = self.get_next_char();
                    match self.last_char {
                        Some(n) if n.is_ascii_digit() || n == b'.' => c = n,
                        _ => break,
                    }
                }
                self.value = strtod(&text);
                self.malformed = (text.matches('.').count() > 1).then_some(text);
                return Token::Number;
            }
            if c == b'#' {
                // A comment, to the end of the line.
                loop {
                    self.last_char = self.get_next_char();
                    if matches!(self.last_char, None | Some(b'\n' | b'\r')) {
                        break;
                    }
                }
                if self.last_char.is_some() {
                    continue;
                }
                // EOF: upstream keeps the location of the `#`.
                return Token::Eof;
            }
            self.last_char = self.get_next_char();
            return Token::Char(c);
        }
    }
}

/// C's `strtod` on `[0-9][0-9.]*`: the longest prefix that is a number (up to
/// a second `.`).
fn strtod(text: &str) -> f64 {
    let end = text
        .match_indices('.')
        .nth(1)
        .map_or(text.len(), |(i, _)| i);
    text[..end].parse().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(source: &str) -> Vec<(Token, u32, u32)> {
        let mut lexer = Lexer::new(source, "t.toy");
        let mut out = Vec::new();
        loop {
            let tok = lexer.next_token();
            let (line, col) = lexer.line_col();
            out.push((tok, line, col));
            if tok == Token::Eof {
                return out;
            }
        }
    }

    #[test]
    fn keywords_identifiers_and_locations() {
        let toks = tokens("def foo_1(a) {\n  return a;\n}\nvar struct x\n");
        assert_eq!(
            toks,
            vec![
                (Token::Def, 1, 1),
                (Token::Identifier, 1, 5),
                (Token::Char(b'('), 1, 10),
                (Token::Identifier, 1, 11),
                (Token::Char(b')'), 1, 12),
                (Token::Char(b'{'), 1, 14),
                (Token::Return, 2, 3),
                (Token::Identifier, 2, 10),
                (Token::Char(b';'), 2, 11),
                (Token::Char(b'}'), 3, 1),
                (Token::Var, 4, 1),
                (Token::Struct, 4, 5),
                (Token::Identifier, 4, 12),
                (Token::Eof, 5, 0),
            ]
        );
    }

    #[test]
    fn identifiers_keep_their_text() {
        let mut lexer = Lexer::new("Ab_9 returnx", "t");
        assert_eq!(lexer.next_token(), Token::Identifier);
        assert_eq!(lexer.identifier(), "Ab_9");
        assert_eq!(lexer.next_token(), Token::Identifier);
        assert_eq!(lexer.identifier(), "returnx");
        assert_eq!(lexer.next_token(), Token::Eof);
        // `_` cannot start an identifier.
        let mut lexer = Lexer::new("_a", "t");
        assert_eq!(lexer.next_token(), Token::Char(b'_'));
        assert_eq!(lexer.next_token(), Token::Identifier);
    }

    #[test]
    fn numbers() {
        let mut lexer = Lexer::new("12 3.25 7. 1.2.3 0042", "t");
        let mut values = Vec::new();
        while lexer.next_token() == Token::Number {
            values.push(lexer.value());
        }
        assert_eq!(lexer.cur_tok(), Token::Eof);
        assert_eq!(values, vec![12.0, 3.25, 7.0, 1.2, 42.0]);
        // A number stops at a letter; `.5` is `.` then a number.
        let toks: Vec<Token> = tokens("1e5 .5").into_iter().map(|t| t.0).collect();
        assert_eq!(
            toks,
            vec![
                Token::Number,
                Token::Identifier,
                Token::Char(b'.'),
                Token::Number,
                Token::Eof
            ]
        );
        assert_eq!(strtod(&"9".repeat(400)), f64::INFINITY);
    }

    #[test]
    fn comments() {
        let toks = tokens("# one\na # two\r\n  b#three");
        assert_eq!(
            toks,
            vec![
                (Token::Identifier, 2, 1),
                (Token::Identifier, 3, 3),
                // EOF right after a comment keeps the comment's location.
                (Token::Eof, 3, 4),
            ]
        );
    }

    #[test]
    fn end_of_input() {
        assert_eq!(tokens(""), vec![(Token::Eof, 1, 0)]);
        assert_eq!(
            tokens("a"),
            vec![(Token::Identifier, 1, 1), (Token::Eof, 1, 1)]
        );
        assert_eq!(
            tokens("a \n\n"),
            vec![(Token::Identifier, 1, 1), (Token::Eof, 3, 0)]
        );
        // A NUL byte ends the input, as does a 0xFF byte in upstream.
        assert_eq!(
            tokens("a\0b"),
            vec![(Token::Identifier, 1, 1), (Token::Eof, 1, 1)]
        );
    }

    #[test]
    fn other_characters() {
        let toks = tokens("\t;<>=\u{e9}\x0b!");
        assert_eq!(
            toks,
            vec![
                (Token::Char(b';'), 1, 2),
                (Token::Char(b'<'), 1, 3),
                (Token::Char(b'>'), 1, 4),
                (Token::Char(b'='), 1, 5),
                (Token::Char(0xc3), 1, 6),
                (Token::Char(0xa9), 1, 7),
                (Token::Char(b'!'), 1, 9),
                (Token::Eof, 1, 9),
            ]
        );
        assert_eq!(Token::Char(0xc3).code(), -61);
        assert_eq!(Token::Char(b';').code(), 59);
        assert_eq!(Token::Eof.code(), -1);
        assert_eq!(Token::Identifier.code(), -6);
        assert_eq!(Token::Number.code(), -7);
    }
}
