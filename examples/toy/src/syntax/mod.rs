//! The Toy language's front end (chapter 1): the lexer, the parser with
//! upstream's grammar and error messages, the AST, and the AST dump of
//! `-emit=ast`.

pub mod ast;
mod dump;
mod lexer;
mod parser;

pub use dump::{dump, format_e};
pub use parser::{parse, ParseError};
