//! The Toy language's front end (upstream's chapter 1, with chapter 7's
//! structs): [`lexer`], [`parser`] ([`parse`]) into the [`ast`], and the AST
//! dump of `toyc -emit=ast` ([`dump()`]), each as upstream's, down to the
//! locations, the error messages and the dump's bytes.
//!
//! ```text
//! # A comment.
//! struct Pair {
//!   var a;
//!   var b;
//! }
//!
//! def add(Pair p) {
//!   return p.a + p.b;
//! }
//!
//! def main() {
//!   var a<2, 2> = [1, 2, 3, 4];
//!   Pair p = {[[1, 2], [3, 4]], [[5, 6], [7, 8]]};
//!   print(add(p) * transpose(a));
//! }
//! ```

pub mod ast;
pub mod dump;
pub mod lexer;
pub mod parser;

pub use ast::{Expr, Function, Location, Module, Prototype, Record, StructDef, VarDecl, VarType};
pub use dump::{dump, format_e};
pub use parser::{parse, ParseError};
