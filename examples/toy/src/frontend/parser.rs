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

    /// numberexpr ::= number
    fn parse_number_expr(&mut self) -> Expr {
        let loc = self.lexer.location();
        let value = self.lexer.value();
        if let Some(text) = self.lexer.malformed().map(str::to_owned) {
            let (line, col) = self.lexer.line_col();
            let message = format!("malformed number '{text}'");
            self.diagnose(
                message.clone(),
                format!("Parse error ({line}, {col}): {message}"),
            );
        }
        self.next(); // eat number
        Expr::Num { loc, value }
    }

    /// `tensorLiteral ::= [ literalList ] | number`,
    /// `literalList ::= tensorLiteral | tensorLiteral, literalList`
    fn parse_tensor_literal_expr(&mut self) -> Option<Expr> {
        self.nested(Self::parse_tensor_literal_inner)
    }

    fn parse_tensor_literal_inner(&mut self) -> Option<Expr> {
        let loc = self.lexer.location();
        self.next(); // eat [
        let mut values = Vec::new();
        loop {
            if self.is(b'[') {
                values.push(self.parse_tensor_literal_expr()?);
            } else {
                if self.cur() != Token::Number {
                    return self.parse_error("<num> or [", "in literal expression");
                }
                values.push(self.parse_number_expr());
            }
            if self.is(b']') {
                break;
            }
            if !self.is(b',') {
                return self.parse_error("] or ,", "in literal expression");
            }
            self.next(); // eat ,
        }
        self.next(); // eat ]

        let mut dims = vec![values.len() as i64];
        if values.iter().any(|v| matches!(v, Expr::Literal { .. })) {
            let first_dims = match &values[0] {
                Expr::Literal { dims, .. } => dims.clone(),
                _ => {
                    return self.parse_error(
                        "uniform well-nested dimensions",
                        "inside literal expression",
                    )
                }
            };
            let uniform = values
                .iter()
                .all(|v| matches!(v, Expr::Literal { dims, .. } if *dims == first_dims));
            if !uniform {
                return self.parse_error(
                    "uniform well-nested dimensions",
                    "inside literal expression",
                );
            }
            dims.extend(first_dims);
        }
        Some(Expr::Literal { loc, dims, values })
    }

    /// structLiteral ::= { (structLiteral | tensorLiteral)+ }
    fn parse_struct_literal_expr(&mut self) -> Option<Expr> {
        self.nested(Self::parse_struct_literal_inner)
    }

    fn parse_struct_literal_inner(&mut self) -> Option<Expr> {
        let loc = self.lexer.location();
        self.next(); // eat {
        let mut values = Vec::new();
        loop {
            if self.is(b'[') {
                values.push(self.parse_tensor_literal_expr()?);
            } else if self.cur() == Token::Number {
                values.push(self.parse_number_expr());
            } else {
                if !self.is(b'{') {
                    return self.parse_error("{, [, or number", "in struct literal expression");
                }
                // Upstream does not stop on an error in a nested struct
                // literal (it has been reported: the result is an error).
                let value =
                    self.parse_struct_literal_expr()
                        .unwrap_or_else(|| Expr::StructLiteral {
                            loc: loc.clone(),
                            values: Vec::new(),
                        });
                values.push(value);
            }
            if self.is(b'}') {
                break;
            }
            if !self.is(b',') {
                return self.parse_error("} or ,", "in struct literal expression");
            }
            self.next(); // eat ,
        }
        self.next(); // eat }
        Some(Expr::StructLiteral { loc, values })
    }

    /// parenexpr ::= '(' expression ')'
    fn parse_paren_expr(&mut self) -> Option<Expr> {
        self.next(); // eat (
        let v = self.parse_expression()?;
        if !self.is(b')') {
            return self.parse_error(")", "to close expression with parentheses");
        }
        self.next(); // eat )
        Some(v)
    }

    /// call ::= identifier '(' (expression (',' expression)*)? ')', and the
    /// builtin `print(expression)`.
    fn parse_call_expr(&mut self, name: String, loc: Location) -> Option<Expr> {
        self.next(); // eat (
        let mut args = Vec::new();
        if !self.is(b')') {
            loop {
                args.push(self.parse_expression()?);
                if self.is(b')') {
                    break;
                }
                if !self.is(b',') {
                    return self.parse_error(", or )", "in argument list");
                }
                self.next(); // eat ,
            }
        }
        self.next(); // eat )

        if name == "print" {
            if args.len() != 1 {
                return self.parse_error("<single arg>", "as argument to print()");
            }
            let arg = Box::new(args.pop()?);
            return Some(Expr::Print { loc, arg });
        }
        Some(Expr::Call {
            loc,
            callee: name,
            args,
        })
    }

    /// identifierexpr ::= identifier | identifier '(' expression ')'
    fn parse_identifier_expr(&mut self) -> Option<Expr> {
        let name = self.lexer.identifier().to_string();
        let loc = self.lexer.location();
        self.next(); // eat identifier
        if !self.is(b'(') {
            return Some(Expr::Var { loc, name });
        }
        self.parse_call_expr(name, loc)
    }

    /// primary ::= identifierexpr | numberexpr | parenexpr | tensorliteral |
    /// structliteral
    fn parse_primary(&mut self) -> Option<Expr> {
        self.nested(|p| match p.cur() {
            Token::Identifier => p.parse_identifier_expr(),
            Token::Number => Some(p.parse_number_expr()),
            Token::Char(b'(') => p.parse_paren_expr(),
            Token::Char(b'[') => p.parse_tensor_literal_expr(),
            Token::Char(b'{') => p.parse_struct_literal_expr(),
            Token::Char(b';' | b'}') => None,
            tok => {
                let message = format!(
                    "unknown token '{}' when expecting an expression",
                    tok.code()
                );
                p.diagnose(message.clone(), message);
                None
            }
        })
    }

    /// The pending binary operator's precedence, -1 if none.
    fn tok_precedence(&self) -> i32 {
        match self.cur() {
            Token::Char(b'-' | b'+') => 20,
            Token::Char(b'*') => 40,
            Token::Char(b'.') => 60,
            _ => -1,
        }
    }

    /// binoprhs ::= (binop primary)*, for operators binding at least as
    /// tightly as `expr_prec`; `lhs_depth` is `lhs`'s depth.
    fn parse_bin_op_rhs(
        &mut self,
        expr_prec: i32,
        mut lhs: Expr,
        mut lhs_depth: usize,
    ) -> Option<(Expr, usize)> {
        loop {
            let tok_prec = self.tok_precedence();
            if tok_prec < expr_prec {
                return Some((lhs, lhs_depth));
            }
            let Token::Char(op) = self.cur() else {
                return Some((lhs, lhs_depth));
            };
            self.next(); // eat the operator
            let loc = self.lexer.location();

            let Some(mut rhs) = self.parse_primary() else {
                return self.parse_error("expression", "to complete binary operator");
            };
            let mut rhs_depth = depth(&rhs);
            if tok_prec < self.tok_precedence() {
                (rhs, rhs_depth) = self.parse_bin_op_rhs(tok_prec + 1, rhs, rhs_depth)?;
            }
            lhs_depth = lhs_depth.max(rhs_depth) + 1;
            if lhs_depth > MAX_DEPTH {
                return self.too_deep();
            }
            lhs = Expr::BinOp {
                loc,
                op: char::from(op),
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
        }
    }

    /// expression ::= primary binoprhs
    fn parse_expression(&mut self) -> Option<Expr> {
        let lhs = self.parse_primary()?;
        let lhs_depth = depth(&lhs);
        self.parse_bin_op_rhs(0, lhs, lhs_depth).map(|(e, _)| e)
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
mod tests {
    use super::*;

    fn error(source: &str) -> String {
        parse(source, "t.toy").unwrap_err().to_string()
    }

    fn body(source: &str) -> Vec<Expr> {
        let module = parse(source, "t.toy").unwrap();
        match module.records.into_iter().next() {
            Some(Record::Function(f)) => f.body,
            other => panic!("{other:?}"),
        }
    }

    fn loc(line: u32, col: u32) -> Location {
        Location {
            file: "t.toy".into(),
            line,
            col,
        }
    }

    fn var(line: u32, col: u32, name: &str) -> Expr {
        Expr::Var {
            loc: loc(line, col),
            name: name.into(),
        }
    }

    fn num(line: u32, col: u32, value: f64) -> Expr {
        Expr::Num {
            loc: loc(line, col),
            value,
        }
    }

    fn bin(line: u32, col: u32, op: char, lhs: Expr, rhs: Expr) -> Expr {
        Expr::BinOp {
            loc: loc(line, col),
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        }
    }

    #[test]
    fn empty_module() {
        assert_eq!(parse("", "t.toy"), Ok(Module::default()));
        assert_eq!(parse("# only a comment", "t.toy"), Ok(Module::default()));
    }

    #[test]
    fn functions_and_parameters() {
        let module = parse("def f(a, S b) {}\ndef g() { return; }", "dir/t.toy").unwrap();
        let [Record::Function(f), Record::Function(g)] = &module.records[..] else {
            panic!("{module:?}");
        };
        assert_eq!(f.proto.name, "f");
        assert_eq!(&*f.proto.loc.file, "dir/t.toy");
        assert_eq!((f.proto.loc.line, f.proto.loc.col), (1, 1));
        let args: Vec<_> = f
            .proto
            .args
            .iter()
            .map(|a| {
                (
                    a.name.as_str(),
                    a.ty.name.as_str(),
                    a.loc.col,
                    a.init.is_none(),
                )
            })
            .collect();
        assert_eq!(args, vec![("a", "", 7, true), ("b", "S", 10, true)]);
        assert!(f.body.is_empty());
        assert_eq!(g.proto.loc.line, 2);
        let [Expr::Return { loc: l, expr: None }] = &g.body[..] else {
            panic!("{:?}", g.body);
        };
        assert_eq!((&*l.file, l.line, l.col), ("dir/t.toy", 2, 11));
    }

    #[test]
    fn declarations() {
        let body = body(
            "def main() {\n  var a<2, 3> = 1;\n  var b<> = 2;\n  S s = {1, 2};\n  var c = ;\n}",
        );
        let decls: Vec<_> = body
            .iter()
            .map(|e| match e {
                Expr::VarDecl(d) => (
                    d.name.as_str(),
                    d.ty.clone(),
                    d.loc.clone(),
                    d.init.is_some(),
                ),
                other => panic!("{other:?}"),
            })
            .collect();
        let ty = |name: &str, shape: &[i64]| VarType {
            name: name.into(),
            shape: shape.to_vec(),
        };
        assert_eq!(
            decls,
            vec![
                ("a", ty("", &[2, 3]), loc(2, 3), true),
                ("b", ty("", &[]), loc(3, 3), true),
                ("s", ty("S", &[]), loc(4, 3), true),
                // Upstream accepts a missing initializer (MLIRGen rejects it).
                ("c", ty("", &[]), loc(5, 3), false),
            ]
        );
    }

    #[test]
    fn precedence_and_associativity() {
        // `+`, `-`: 20; `*`: 40; `.`: 60; all left-associative. A binary
        // operator's location is its right-hand side's.
        let body = body("def f() { return a - b - c * d . e + (f + g) * h; }");
        let a = var(1, 18, "a");
        let b = var(1, 22, "b");
        let c = var(1, 26, "c");
        let d = var(1, 30, "d");
        let e = var(1, 34, "e");
        let fg = bin(1, 43, '+', var(1, 39, "f"), var(1, 43, "g"));
        let h = var(1, 48, "h");
        let ab = bin(1, 22, '-', a, b);
        let de = bin(1, 34, '.', d, e);
        let cde = bin(1, 30, '*', c, de);
        let abcde = bin(1, 26, '-', ab, cde);
        let fgh = bin(1, 48, '*', fg, h);
        let expected = bin(1, 38, '+', abcde, fgh);
        assert_eq!(
            body,
            vec![Expr::Return {
                loc: loc(1, 11),
                expr: Some(Box::new(expected))
            }]
        );
    }

    #[test]
    fn calls_print_and_literals() {
        let body = body("def f() { g(1, [2]); print(x); h(); (1); {[1], {2}}; }");
        assert_eq!(
            body[0],
            Expr::Call {
                loc: loc(1, 11),
                callee: "g".into(),
                args: vec![
                    num(1, 13, 1.0),
                    Expr::Literal {
                        loc: loc(1, 16),
                        dims: vec![1],
                        values: vec![num(1, 17, 2.0)]
                    }
                ]
            }
        );
        assert_eq!(
            body[1],
            Expr::Print {
                loc: loc(1, 22),
                arg: Box::new(var(1, 28, "x"))
            }
        );
        assert_eq!(
            body[2],
            Expr::Call {
                loc: loc(1, 32),
                callee: "h".into(),
                args: vec![]
            }
        );
        assert_eq!(body[3], num(1, 38, 1.0));
        let Expr::StructLiteral { loc: l, values } = &body[4] else {
            panic!("{:?}", body[4]);
        };
        assert_eq!(*l, loc(1, 42));
        assert!(matches!(
            values[..],
            [Expr::Literal { .. }, Expr::StructLiteral { .. }]
        ));
    }

    #[test]
    fn tensor_literal_shapes() {
        let body = body("def f() { return [[[1], [2]], [[3], [4]], [[5], [6]]]; }");
        let Expr::Return {
            expr: Some(lit), ..
        } = &body[0]
        else {
            panic!();
        };
        let Expr::Literal { dims, values, .. } = &**lit else {
            panic!();
        };
        assert_eq!(dims, &vec![3, 2, 1]);
        assert!(matches!(&values[0], Expr::Literal { dims, .. } if *dims == vec![2, 1]));
    }

    #[test]
    fn structs() {
        let module = parse("struct S {\n  var a;\n  T b;\n  var c<2>;\n}", "t.toy").unwrap();
        let [Record::Struct(s)] = &module.records[..] else {
            panic!();
        };
        assert_eq!((s.name.as_str(), s.loc.clone()), ("S", loc(1, 1)));
        let vars: Vec<_> = s
            .vars
            .iter()
            .map(|v| {
                (
                    v.name.as_str(),
                    v.ty.name.as_str(),
                    v.ty.shape.clone(),
                    v.loc.clone(),
                )
            })
            .collect();
        assert_eq!(
            vars,
            vec![
                ("a", "", vec![], loc(2, 3)),
                ("b", "T", vec![], loc(3, 3)),
                ("c", "", vec![2], loc(4, 3)),
            ]
        );
    }

    #[test]
    fn empty_statements_are_skipped() {
        assert_eq!(body("def f() { ;; return;;; ; }").len(), 1);
    }

    /// Each input with the exact diagnostics upstream prints.
    #[test]
    fn parse_errors() {
        let cases: &[(&str, &str)] = &[
            (
                "var a;",
                "Parse error (1, 1): expected ''def' or 'struct'' when parsing top level module records but has Token -3",
            ),
            (
                "def main() { var a = 1 }",
                "Parse error (1, 24): expected ';' after expression but has Token 125 '}'\n\
                 Parse error (1, 24): expected 'nothing' at end of module but has Token 125 '}'",
            ),
            (
                "def main() { var a = [1, [2]]; }",
                "Parse error (1, 30): expected 'uniform well-nested dimensions' inside literal expression but has Token 59 ';'",
            ),
            (
                "def main() { var a = [[1, 2], [3]]; }",
                "Parse error (1, 35): expected 'uniform well-nested dimensions' inside literal expression but has Token 59 ';'",
            ),
            (
                "def main() { var a = [[1], 2]; }",
                "Parse error (1, 30): expected 'uniform well-nested dimensions' inside literal expression but has Token 59 ';'",
            ),
            (
                "def main() { print(1, 2); }",
                "Parse error (1, 25): expected '<single arg>' as argument to print() but has Token 59 ';'\n\
                 Parse error (1, 25): expected 'nothing' at end of module but has Token 59 ';'",
            ),
            (
                "def main() { var a = -1; }",
                "unknown token '45' when expecting an expression\n\
                 Parse error (1, 22): expected ';' after expression but has Token 45 '-'\n\
                 Parse error (1, 22): expected 'nothing' at end of module but has Token 45 '-'",
            ),
            (
                "def main() { return a + ; }",
                "Parse error (1, 25): expected 'expression' to complete binary operator but has Token 59 ';'\n\
                 Parse error (1, 25): expected 'nothing' at end of module but has Token 59 ';'",
            ),
            (
                "def f(a,) {}",
                "Parse error (1, 9): expected 'identifier' after ',' in function parameter list but has Token 41 ')'\n\
                 Parse error (1, 9): expected 'nothing' at end of module but has Token 41 ')'",
            ),
            (
                "def f(1) {}",
                "Parse error (1, 7): expected ')' to end function prototype but has Token -7\n\
                 Parse error (1, 7): expected 'nothing' at end of module but has Token -7",
            ),
            (
                "def (",
                "Parse error (1, 5): expected 'function name' in prototype but has Token 40 '('\n\
                 Parse error (1, 5): expected 'nothing' at end of module but has Token 40 '('",
            ),
            (
                "def f {",
                "Parse error (1, 7): expected '(' in prototype but has Token 123 '{'\n\
                 Parse error (1, 7): expected 'nothing' at end of module but has Token 123 '{'",
            ),
            ("def main()", "Parse error (1, 10): expected '{' to begin block but has Token -1"),
            ("def main() {\n", "Parse error (2, 0): expected '}' to close block but has Token -1"),
            (
                "def main() { [1] }",
                "Parse error (1, 18): expected ';' after expression but has Token 125 '}'\n\
                 Parse error (1, 18): expected 'nothing' at end of module but has Token 125 '}'",
            ),
            (
                "struct {",
                "Parse error (1, 8): expected 'name' in struct definition but has Token 123 '{'\n\
                 Parse error (1, 8): expected 'nothing' at end of module but has Token 123 '{'",
            ),
            (
                "struct S ;",
                "Parse error (1, 10): expected '{' in struct definition but has Token 59 ';'\n\
                 Parse error (1, 10): expected 'nothing' at end of module but has Token 59 ';'",
            ),
            (
                "struct S {}",
                "Parse error (1, 11): expected 'type name' in variable declaration but has Token 125 '}'\n\
                 Parse error (1, 11): expected 'nothing' at end of module but has Token 125 '}'",
            ),
            (
                "struct S { var a = 1; }",
                "Parse error (1, 18): expected ';' after variable in struct definition but has Token 61 '='\n\
                 Parse error (1, 18): expected 'nothing' at end of module but has Token 61 '='",
            ),
            (
                "def f() { var a<2, 3 = 1; }",
                "Parse error (1, 22): expected '>' to end type but has Token 61 '='\n\
                 Parse error (1, 22): expected 'nothing' at end of module but has Token 61 '='",
            ),
            (
                "def f() { var 1 = 2; }",
                "Parse error (1, 15): expected 'identified' after 'var' declaration but has Token -7\n\
                 Parse error (1, 15): expected 'nothing' at end of module but has Token -7",
            ),
            (
                "def f() { S 1; }",
                "Parse error (1, 13): expected 'name' in variable declaration but has Token -7\n\
                 Parse error (1, 13): expected 'nothing' at end of module but has Token -7",
            ),
            (
                "def f() { S a; }",
                "Parse error (1, 14): expected 'initializer' in variable declaration but has Token 59 ';'\n\
                 Parse error (1, 14): expected 'nothing' at end of module but has Token 59 ';'",
            ),
            (
                // Upstream asserts here.
                "def f() { var a 1; }",
                "Parse error (1, 17): expected 'initializer' in variable declaration but has Token -7\n\
                 Parse error (1, 17): expected 'nothing' at end of module but has Token -7",
            ),
            (
                // A statement starting with an identifier is a call or a
                // declaration.
                "def f() { a + b; }",
                "Parse error (1, 13): expected 'name' in variable declaration but has Token 43 '+'\n\
                 Parse error (1, 13): expected 'nothing' at end of module but has Token 43 '+'",
            ),
            (
                "def f() { g(1 2); }",
                "Parse error (1, 15): expected ', or )' in argument list but has Token -7\n\
                 Parse error (1, 15): expected 'nothing' at end of module but has Token -7",
            ),
            (
                // Upstream goes on after an error in an initializer.
                "def f() { var a = (1; }",
                "Parse error (1, 21): expected ')' to close expression with parentheses but has Token 59 ';'",
            ),
            (
                "def f() { var a = [1 2]; }",
                "Parse error (1, 22): expected '] or ,' in literal expression but has Token -7\n\
                 Parse error (1, 22): expected ';' after expression but has Token -7\n\
                 Parse error (1, 22): expected 'nothing' at end of module but has Token -7",
            ),
            (
                "def f() { var a = [x]; }",
                "Parse error (1, 20): expected '<num> or [' in literal expression but has Token -6\n\
                 Parse error (1, 20): expected ';' after expression but has Token -6\n\
                 Parse error (1, 20): expected 'nothing' at end of module but has Token -6",
            ),
            (
                "def f() { S a = {x}; }",
                "Parse error (1, 18): expected '{, [, or number' in struct literal expression but has Token -6\n\
                 Parse error (1, 18): expected ';' after expression but has Token -6\n\
                 Parse error (1, 18): expected 'nothing' at end of module but has Token -6",
            ),
            (
                "def f() { S a = {1 2}; }",
                "Parse error (1, 20): expected '} or ,' in struct literal expression but has Token -7\n\
                 Parse error (1, 20): expected ';' after expression but has Token -7\n\
                 Parse error (1, 20): expected 'nothing' at end of module but has Token -7",
            ),
            (
                // A nested struct literal's error does not stop the outer one.
                "def f() { S a = {{1 2}}; }",
                "Parse error (1, 21): expected '} or ,' in struct literal expression but has Token -7\n\
                 Parse error (1, 21): expected '} or ,' in struct literal expression but has Token -7\n\
                 Parse error (1, 21): expected ';' after expression but has Token -7\n\
                 Parse error (1, 21): expected 'nothing' at end of module but has Token -7",
            ),
            (
                // Bytes from 128 are tokens of their own, negative as C's char.
                "def f() { \u{e9} }",
                "unknown token '-61' when expecting an expression\n\
                 Parse error (1, 11): expected 'nothing' at end of module but has Token -61",
            ),
            (
                "def f() { return\n  }",
                "Parse error (2, 3): expected 'nothing' at end of module but has Token 125 '}'",
            ),
        ];
        for (source, expected) in cases {
            assert_eq!(error(source), *expected, "for {source:?}");
        }
    }

    #[test]
    fn parse_error_fields() {
        let e = parse("def main() {\n  var a = -1;\n}", "t.toy").unwrap_err();
        assert_eq!((e.line, e.col), (2, 11));
        assert_eq!(e.message, "unknown token '45' when expecting an expression");
        assert_eq!(e.diagnostics.len(), 3);
        let e = parse("def main() {\n  var a = 1\n}", "t.toy").unwrap_err();
        assert_eq!((e.line, e.col), (3, 1));
        assert_eq!(
            e.message,
            "expected ';' after expression but has Token 125 '}'"
        );
    }

    #[test]
    fn deep_nesting_is_an_error() {
        for source in [
            format!("def f() {{ return {}1; }}", "(".repeat(100_000)),
            format!("def f() {{ return {}1; }}", "[".repeat(100_000)),
            format!("def f() {{ S a = {}1; }}", "{".repeat(100_000)),
            format!("def f() {{ return g({}1; }}", "g(".repeat(100_000)),
            format!("def f() {{ return 1{}; }}", " + 1".repeat(100_000)),
            format!("def f() {{ return {}1; }}", "(1 + ".repeat(100_000)),
            format!(
                "def f() {{ return {}1{}; }}",
                "(".repeat(200),
                ") + 1 + 1".repeat(200)
            ),
        ] {
            let e = parse(&source, "t.toy").unwrap_err();
            assert!(e.to_string().contains("nested too deeply"), "{e}");
        }
        // Reasonable nesting is fine.
        let source = format!(
            "def f() {{ return {}1{}; }}",
            "(".repeat(100),
            ")".repeat(100)
        );
        assert!(parse(&source, "t.toy").is_ok());
        let source = format!("def f() {{ return 1{}; }}", " * 2".repeat(200));
        assert!(parse(&source, "t.toy").is_ok());
    }

    /// A tiny PRNG (xorshift), for the fuzz test.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    #[test]
    fn never_panics() {
        let program = "# A program.\nstruct S {\n  var a;\n  T b;\n}\ndef f(S s, x) {\n  return s.a * x + [[1, 2.5]] - {1, [2]};\n}\ndef main() {\n  var a<2, 3> = [[1, 2, 3], [4, 5, 6]];\n  S s = {a, {1}};\n  print(f(s, transpose(a)));\n  return;\n}\n";
        let check = |source: &str| {
            if let Ok(module) = parse(source, "t.toy") {
                let _ = super::super::dump(&module);
            }
        };
        // Every prefix and every single-byte deletion.
        for i in 0..=program.len() {
            check(&program[..i]);
            check(&format!(
                "{}{}",
                &program[..i],
                &program[(i + 1).min(program.len())..]
            ));
        }
        // Random token soups and random mutations.
        let pieces = [
            "def", "struct", "var", "return", "print", "a", "S", "1", "2.5", "1.2.3", "(", ")",
            "[", "]", "{", "}", "<", ">", ",", ";", "=", "+", "-", "*", ".", "/", "#", "\n", " ",
            "\u{e9}", "\u{ff}", "\0",
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..3000 {
            let n = rng.below(40);
            let source: String = (0..n)
                .map(|_| pieces[rng.below(pieces.len())])
                .collect::<Vec<_>>()
                .join(" ");
            check(&source);
            let mut bytes = program.as_bytes().to_vec();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(bytes.len());
                bytes[i] = program.as_bytes()[rng.below(program.len())];
            }
            check(&String::from_utf8_lossy(&bytes));
        }
    }
}
