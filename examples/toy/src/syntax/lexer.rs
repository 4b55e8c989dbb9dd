//! The Toy lexer (upstream's `Lexer.h`): tokens with the line and column
//! (from 1) where each starts, counted as upstream counts them.

use std::rc::Rc;

use super::ast::Location;

/// A token.
#[derive(Clone, Debug, PartialEq)]
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
    /// A name: `[a-zA-Z][a-zA-Z0-9_]*`.
    Identifier(String),
    /// A number: digits and dots, read as C's `strtod` reads them.
    Number(f64),
    /// Any other character.
    Char(char),
}

impl Token {
    /// Upstream's token code, as its parse errors print it: the character's
    /// code, or a negative number for the others.
    pub fn code(&self) -> i64 {
        match self {
            Token::Eof => -1,
            Token::Return => -2,
            Token::Var => -3,
            Token::Def => -4,
            Token::Struct => -5,
            Token::Identifier(_) => -6,
            Token::Number(_) => -7,
            Token::Char(c) => i64::from(u32::from(*c)),
        }
    }

    /// Whether this is the character `c`.
    pub fn is(&self, c: char) -> bool {
        *self == Token::Char(c)
    }
}

/// Reads tokens from a source text.
pub struct Lexer<'s> {
    chars: std::iter::Peekable<std::str::Chars<'s>>,
    file: Rc<str>,
    line: u32,
    col: u32,
    /// The character read last, not yet part of a token (`None` at the
    /// end).
    last: Option<char>,
    /// The current token and where it starts.
    current: Token,
    location: Location,
}

impl<'s> Lexer<'s> {
    /// A lexer over `source`, whose locations name `file`. The first
    /// token is read.
    pub fn new(source: &'s str, file: &str) -> Self {
        let file: Rc<str> = file.into();
        let mut lexer = Self {
            chars: source.chars().peekable(),
            file: file.clone(),
            line: 1,
            col: 0,
            last: Some(' '),
            current: Token::Eof,
            location: Location {
                file,
                line: 0,
                col: 0,
            },
        };
        lexer.next_token();
        lexer
    }

    /// The current token.
    pub fn token(&self) -> &Token {
        &self.current
    }

    /// Where the current token starts.
    pub fn location(&self) -> Location {
        self.location.clone()
    }

    /// Moves to the next token.
    pub fn next_token(&mut self) {
        self.current = self.read();
    }

    fn next_char(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.col += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 0;
        }
        Some(c)
    }

    fn read(&mut self) -> Token {
        while self.last.is_some_and(|c| c.is_ascii_whitespace()) {
            self.last = self.next_char();
        }
        self.location = Location {
            file: self.file.clone(),
            line: self.line,
            col: self.col,
        };
        let Some(c) = self.last else {
            return Token::Eof;
        };
        if c.is_ascii_alphabetic() {
            let mut name = String::from(c);
            loop {
                self.last = self.next_char();
                match self.last {
                    Some(c) if c.is_ascii_alphanumeric() || c == '_' => name.push(c),
                    _ => break,
                }
            }
            return match name.as_str() {
                "return" => Token::Return,
                "def" => Token::Def,
                "var" => Token::Var,
                "struct" => Token::Struct,
                _ => Token::Identifier(name),
            };
        }
        if c.is_ascii_digit() || c == '.' {
            let mut text = String::new();
            while let Some(c) = self.last.filter(|c| c.is_ascii_digit() || *c == '.') {
                text.push(c);
                self.last = self.next_char();
            }
            return Token::Number(strtod(&text));
        }
        if c == '#' {
            loop {
                self.last = self.next_char();
                match self.last {
                    None => return Token::Eof,
                    Some('\n') | Some('\r') => return self.read(),
                    Some(_) => {}
                }
            }
        }
        self.last = self.next_char();
        Token::Char(c)
    }
}

/// The longest prefix of `text` (digits and dots) that is a number, as C's
/// `strtod` reads it: `1.2.3` is 1.2, `.` is 0.
fn strtod(text: &str) -> f64 {
    let end = text
        .char_indices()
        .filter(|(_, c)| *c == '.')
        .nth(1)
        .map_or(text.len(), |(i, _)| i);
    let prefix = &text[..end];
    if !prefix.chars().any(|c| c.is_ascii_digit()) {
        return 0.0;
    }
    prefix.parse().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(source: &str) -> Vec<(Token, u32, u32)> {
        let mut lexer = Lexer::new(source, "t");
        let mut out = Vec::new();
        loop {
            let l = lexer.location();
            out.push((lexer.token().clone(), l.line, l.col));
            if *lexer.token() == Token::Eof {
                return out;
            }
            lexer.next_token();
        }
    }

    #[test]
    fn tokens_carry_their_line_and_column_from_one() {
        let t = tokens("def f(a) # note\n  return a;\n");
        assert_eq!(t[0], (Token::Def, 1, 1));
        assert_eq!(t[1], (Token::Identifier("f".into()), 1, 5));
        assert_eq!(t[2], (Token::Char('('), 1, 6));
        assert_eq!(t[5], (Token::Return, 2, 3));
        assert_eq!(t[6], (Token::Identifier("a".into()), 2, 10));
        assert_eq!(t[7], (Token::Char(';'), 2, 11));
        assert_eq!(t.last().unwrap().0, Token::Eof);
    }

    #[test]
    fn numbers_read_as_strtod_reads_them() {
        assert_eq!(strtod("1.5"), 1.5);
        assert_eq!(strtod("1.2.3"), 1.2);
        assert_eq!(strtod("."), 0.0);
        assert_eq!(strtod("12"), 12.0);
        assert_eq!(tokens("3.25")[0].0, Token::Number(3.25));
    }
}
