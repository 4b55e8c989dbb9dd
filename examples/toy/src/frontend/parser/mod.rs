//! The Toy parser, as upstream's chapter 7 `Parser.h`: a recursive descent
//! parser with upstream's grammar, precedences and error messages.
//!
//! Upstream prints a diagnostic and goes on (often printing more, typically
//! `expected 'nothing' at end of module` once the failure reaches the top);
//! this parser follows the same control flow, collects every diagnostic
//! upstream would print, and fails if there is any.

use std::fmt;

use super::ast::{
    Expr, Function, Location, Module, Prototype, Record, StructDef, VarDecl, VarType,
};
use super::lexer::{Lexer, Token};

mod expr;

/// The deepest expression (or nesting of parentheses, literals and calls)
/// accepted: deeper input would overflow the stack (here, or when the tree is
/// dropped or walked).
pub const MAX_DEPTH: usize = 256;

/// A syntax error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line of the first diagnostic's token.
    pub line: u32,
    /// The column of the first diagnostic's token.
    pub col: u32,
    /// The first diagnostic without its location prefix, e.g. `expected ';'
    /// after expression but has Token 125 '}'`.
    pub message: String,
    /// Every diagnostic upstream's parser prints for this input, in order, each
    /// a line as upstream prints it (e.g. `Parse error (3, 1): expected ';'
    /// after expression but has Token 125 '}'`).
    pub diagnostics: Vec<String>,
}

impl fmt::Display for ParseError {
    /// The diagnostics as upstream prints them, one a line (no final newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostics.join("\n"))
    }
}

impl std::error::Error for ParseError {}

/// Parses a Toy module; `file` names the source in the locations.
///
/// # Errors
/// The syntax errors, as upstream reports them.
pub fn parse(source: &str, file: &str) -> Result<Module, ParseError> {
    let mut parser = Parser {
        lexer: Lexer::new(source, file),
        first: None,
        diagnostics: Vec::new(),
        nesting: 0,
    };
    let module = parser.parse_module();
    match (module, parser.first) {
        (Some(module), None) => Ok(module),
        (_, first) => {
            let (line, col, message) = first.unwrap_or_else(|| {
                let (line, col) = parser.lexer.line_col();
                (line, col, "invalid input".to_string())
            });
            let mut diagnostics = parser.diagnostics;
            if diagnostics.is_empty() {
                diagnostics.push(message.clone());
            }
            Err(ParseError {
                line,
                col,
                message,
                diagnostics,
            })
        }
    }
}

/// The depth of an expression tree, without recursion.
fn depth(expr: &Expr) -> usize {
    let mut max = 0;
    let mut stack = vec![(expr, 1)];
    while let Some((expr, d)) = stack.pop() {
        max = max.max(d);
        match expr {
            Expr::Num { .. } | Expr::Var { .. } => {}
            Expr::Literal { values, .. }
            | Expr::StructLiteral { values, .. }
            | Expr::Call { args: values, .. } => {
                stack.extend(values.iter().map(|v| (v, d + 1)));
            }
            Expr::VarDecl(VarDecl { init: Some(e), .. })
            | Expr::Return { expr: Some(e), .. }
            | Expr::Print { arg: e, .. } => stack.push((e, d + 1)),
            Expr::VarDecl(_) | Expr::Return { .. } => {}
            Expr::BinOp { lhs, rhs, .. } => {
                stack.push((lhs, d + 1));
                stack.push((rhs, d + 1));
            }
        }
    }
    max
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    /// The first diagnostic's line, column and message.
    first: Option<(u32, u32, String)>,
    diagnostics: Vec<String>,
    /// How deep the recursion into primaries and literals is.
    nesting: usize,
}

impl Parser<'_> {
    fn cur(&self) -> Token {
        self.lexer.cur_tok()
    }

    fn is(&self, c: u8) -> bool {
        self.lexer.cur_tok().is(c)
    }

    fn next(&mut self) {
        self.lexer.next_token();
    }

    fn diagnose(&mut self, message: String, line_text: String) {
        if self.first.is_none() {
            let (line, col) = self.lexer.line_col();
            self.first = Some((line, col, message));
        }
        self.diagnostics.push(line_text);
    }

    /// Upstream's `parseError`: records `Parse error (line, col): expected
    /// 'expected' context but has Token N 'c'` at the current token.
    fn parse_error<T>(&mut self, expected: &str, context: &str) -> Option<T> {
        let tok = self.cur();
        let (line, col) = self.lexer.line_col();
        let mut message = format!(
            "expected '{expected}' {context} but has Token {}",
            tok.code()
        );
        if let Token::Char(c @ 0x20..=0x7e) = tok {
            message.push_str(&format!(" '{}'", char::from(c)));
        }
        let text = format!("Parse error ({line}, {col}): {message}");
        self.diagnose(message, text);
        None
    }

    fn too_deep<T>(&mut self) -> Option<T> {
        let (line, col) = self.lexer.line_col();
        let message = format!("expression nested too deeply (more than {MAX_DEPTH} levels)");
        let text = format!("Parse error ({line}, {col}): {message}");
        self.diagnose(message, text);
        None
    }

    /// Runs `f` one nesting level deeper, failing past [`MAX_DEPTH`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        if self.nesting >= MAX_DEPTH {
            return self.too_deep();
        }
        self.nesting += 1;
        let result = f(self);
        self.nesting -= 1;
        result
    }

    /// module ::= (definition | struct)*
    fn parse_module(&mut self) -> Option<Module> {
        self.next(); // prime the lexer
        let mut records = Vec::new();
        loop {
            let record = match self.cur() {
                Token::Eof => None,
                Token::Def => self.parse_definition().map(Record::Function),
                Token::Struct => self.parse_struct().map(Record::Struct),
                _ => {
                    return self
                        .parse_error("'def' or 'struct'", "when parsing top level module records");
                }
            };
            match record {
                Some(record) => records.push(record),
                None => break,
            }
        }
        if self.cur() != Token::Eof {
            return self.parse_error("nothing", "at end of module");
        }
        Some(Module { records })
    }

    /// return ::= return ; | return expr ;
    fn parse_return(&mut self) -> Option<Expr> {
        let loc = self.lexer.location();
        self.next(); // eat return
        let mut expr = None;
        if !self.is(b';') {
            expr = Some(Box::new(self.parse_expression()?));
        }
        Some(Expr::Return { loc, expr })
    }

    /// type ::= < shape_list >
    /// shape_list ::= num | num , shape_list
    fn parse_type(&mut self) -> Option<VarType> {
        if !self.is(b'<') {
            return self.parse_error("<", "to begin type");
        }
        self.next(); // eat <
        let mut ty = VarType::default();
        while self.cur() == Token::Number {
            ty.shape.push(self.lexer.value() as i64);
            self.next();
            if self.is(b',') {
                self.next();
            }
        }
        if !self.is(b'>') {
            return self.parse_error(">", "to end type");
        }
        self.next(); // eat >
        Some(ty)
    }

    /// A statement starting with an identifier: a call, or a declaration
    /// `StructName name = expr`.
    fn parse_declaration_or_call_expr(&mut self) -> Option<Expr> {
        let loc = self.lexer.location();
        let id = self.lexer.identifier().to_string();
        self.next(); // eat identifier
        if self.is(b'(') {
            return self.parse_call_expr(id, loc);
        }
        self.parse_typed_declaration(id, true, loc)
            .map(Expr::VarDecl)
    }

    /// decl ::= identifier identifier (= expr)?, the type name read.
    fn parse_typed_declaration(
        &mut self,
        type_name: String,
        requires_initializer: bool,
        loc: Location,
    ) -> Option<VarDecl> {
        if self.cur() != Token::Identifier {
            return self.parse_error("name", "in variable declaration");
        }
        let name = self.lexer.identifier().to_string();
        self.next(); // eat id
        let mut init = None;
        if requires_initializer {
            if !self.is(b'=') {
                return self.parse_error("initializer", "in variable declaration");
            }
            self.next(); // eat =
            init = self.parse_expression().map(Box::new);
        }
        let ty = VarType {
            name: type_name,
            shape: Vec::new(),
        };
        Some(VarDecl {
            loc,
            name,
            ty,
            init,
        })
    }

    /// `decl ::= var identifier [ type ] (= expr)?`,
    /// `decl ::= identifier identifier (= expr)?`
    fn parse_declaration(&mut self, requires_initializer: bool) -> Option<VarDecl> {
        if self.cur() == Token::Var {
            return self.parse_var_declaration(requires_initializer);
        }
        if self.cur() != Token::Identifier {
            return self.parse_error("type name", "in variable declaration");
        }
        let loc = self.lexer.location();
        let type_name = self.lexer.identifier().to_string();
        self.next(); // eat id
        self.parse_typed_declaration(type_name, requires_initializer, loc)
    }

    /// `decl ::= var identifier [ type ] (= expr)?`
    fn parse_var_declaration(&mut self, requires_initializer: bool) -> Option<VarDecl> {
        if self.cur() != Token::Var {
            return self.parse_error("var", "to begin declaration");
        }
        let loc = self.lexer.location();
        self.next(); // eat var
        if self.cur() != Token::Identifier {
            return self.parse_error("identified", "after 'var' declaration");
        }
        let name = self.lexer.identifier().to_string();
        self.next(); // eat id
        let mut ty = VarType::default();
        if self.is(b'<') {
            ty = self.parse_type()?;
        }
        let mut init = None;
        if requires_initializer {
            // Upstream asserts here.
            if !self.is(b'=') {
                return self.parse_error("initializer", "in variable declaration");
            }
            self.next(); // eat =
            init = self.parse_expression().map(Box::new);
        }
        Some(VarDecl {
            loc,
            name,
            ty,
            init,
        })
    }

    /// block ::= { expression_list }
    /// expression_list ::= block_expr ; expression_list
    /// block_expr ::= decl | "return" | expr
    fn parse_block(&mut self) -> Option<Vec<Expr>> {
        if !self.is(b'{') {
            return self.parse_error("{", "to begin block");
        }
        self.next(); // eat {
        let mut list = Vec::new();
        while self.is(b';') {
            self.next();
        }
        while !self.is(b'}') && self.cur() != Token::Eof {
            let expr = match self.cur() {
                Token::Identifier => self.parse_declaration_or_call_expr()?,
                Token::Var => Expr::VarDecl(self.parse_declaration(true)?),
                Token::Return => self.parse_return()?,
                _ => self.parse_expression()?,
            };
            list.push(expr);
            if !self.is(b';') {
                return self.parse_error(";", "after expression");
            }
            while self.is(b';') {
                self.next();
            }
        }
        if !self.is(b'}') {
            return self.parse_error("}", "to close block");
        }
        self.next(); // eat }
        Some(list)
    }

    /// prototype ::= def id '(' decl_list ')'
    /// decl_list ::= param | param, decl_list
    /// param ::= identifier | identifier identifier
    fn parse_prototype(&mut self) -> Option<Prototype> {
        let loc = self.lexer.location();
        if self.cur() != Token::Def {
            return self.parse_error("def", "in prototype");
        }
        self.next(); // eat def
        if self.cur() != Token::Identifier {
            return self.parse_error("function name", "in prototype");
        }
        let name = self.lexer.identifier().to_string();
        self.next(); // eat id
        if !self.is(b'(') {
            return self.parse_error("(", "in prototype");
        }
        self.next(); // eat (

        let mut args = Vec::new();
        // Upstream asserts on a first parameter that is not an identifier;
        // this reports the missing ')' instead, as its chapter 1 does.
        while self.cur() == Token::Identifier {
            let name_or_type = self.lexer.identifier().to_string();
            let loc = self.lexer.location();
            self.next(); // eat id
            let (type_name, name) = if self.cur() == Token::Identifier {
                let name = self.lexer.identifier().to_string();
                self.next(); // eat id
                (name_or_type, name)
            } else {
                (String::new(), name_or_type)
            };
            let ty = VarType {
                name: type_name,
                shape: Vec::new(),
            };
            args.push(VarDecl {
                loc,
                name,
                ty,
                init: None,
            });
            if !self.is(b',') {
                break;
            }
            self.next(); // eat ,
            if self.cur() != Token::Identifier {
                return self.parse_error("identifier", "after ',' in function parameter list");
            }
        }
        if !self.is(b')') {
            return self.parse_error(")", "to end function prototype");
        }
        self.next(); // eat )
        Some(Prototype { loc, name, args })
    }

    /// definition ::= prototype block
    fn parse_definition(&mut self) -> Option<Function> {
        let proto = self.parse_prototype()?;
        let body = self.parse_block()?;
        Some(Function { proto, body })
    }

    /// struct ::= `struct` identifier `{` (decl `;`)+ `}`
    fn parse_struct(&mut self) -> Option<StructDef> {
        let loc = self.lexer.location();
        self.next(); // eat struct
        if self.cur() != Token::Identifier {
            return self.parse_error("name", "in struct definition");
        }
        let name = self.lexer.identifier().to_string();
        self.next(); // eat id
        if !self.is(b'{') {
            return self.parse_error("{", "in struct definition");
        }
        self.next(); // eat {
        let mut vars = Vec::new();
        loop {
            vars.push(self.parse_declaration(false)?);
            if !self.is(b';') {
                return self.parse_error(";", "after variable in struct definition");
            }
            self.next(); // eat ;
            if self.is(b'}') {
                break;
            }
        }
        self.next(); // eat }
        Some(StructDef { loc, name, vars })
    }
}

#[cfg(test)]
mod tests;
