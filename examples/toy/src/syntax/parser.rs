//! The Toy parser (upstream's `Parser.h`, chapter 7): a recursive descent
//! parser with upstream's grammar, precedences and error messages.

use std::fmt;

use super::ast::{
    Expr, Function, Location, Module, Prototype, Record, StructDef, VarDecl, VarType,
};
use super::lexer::{Lexer, Token};

/// A syntax error, worded as upstream's toyc words it: `Parse error
/// (line, col): expected '...' ... but has Token ...`. Some errors print
/// more than one line, as upstream's do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line of the token the error is at.
    pub line: u32,
    /// Its column.
    pub col: u32,
    /// The lines upstream prints.
    pub lines: Vec<String>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines.join("\n"))
    }
}

impl std::error::Error for ParseError {}

type Result<T> = std::result::Result<T, ParseError>;

/// Parses a Toy file named `file` (the name locations carry).
///
/// # Errors
/// The first syntax error, at its line and column.
pub fn parse(source: &str, file: &str) -> Result<Module> {
    let mut parser = Parser {
        lexer: Lexer::new(source, file),
    };
    parser.module()
}

struct Parser<'s> {
    lexer: Lexer<'s>,
}

impl Parser<'_> {
    fn token(&self) -> &Token {
        self.lexer.token()
    }

    fn is(&self, c: char) -> bool {
        self.lexer.token().is(c)
    }

    /// Upstream's `parseError`.
    fn error<T>(&self, expected: &str, context: &str) -> Result<T> {
        let token = self.token();
        let location = self.lexer.location();
        let mut line = format!(
            "Parse error ({}, {}): expected '{expected}' {context} but has Token {}",
            location.line,
            location.col,
            token.code()
        );
        if let Token::Char(c) = token {
            if c.is_ascii_graphic() || *c == ' ' {
                line.push_str(&format!(" '{c}'"));
            }
        }
        Err(ParseError {
            line: location.line,
            col: location.col,
            lines: vec![line],
        })
    }

    /// Moves past `c`, which must be the current token.
    fn consume(&mut self, c: char, context: &str) -> Result<()> {
        if !self.is(c) {
            return self.error(&c.to_string(), context);
        }
        self.lexer.next_token();
        Ok(())
    }

    fn module(&mut self) -> Result<Module> {
        let mut records = Vec::new();
        loop {
            match self.token() {
                Token::Eof => break,
                Token::Def => records.push(Record::Function(self.definition()?)),
                Token::Struct => records.push(Record::Struct(self.struct_def()?)),
                _ => {
                    return self.error("'def' or 'struct'", "when parsing top level module records")
                }
            }
        }
        Ok(Module { records })
    }

    /// `return ;` or `return expr ;`.
    fn return_expr(&mut self) -> Result<Expr> {
        let loc = self.lexer.location();
        self.lexer.next_token();
        let expr = if self.is(';') {
            None
        } else {
            Some(Box::new(self.expression()?))
        };
        Ok(Expr::Return { loc, expr })
    }

    fn number(&mut self) -> Result<Expr> {
        let loc = self.lexer.location();
        let Token::Number(value) = *self.token() else {
            return self.error("<num>", "in number expression");
        };
        self.lexer.next_token();
        Ok(Expr::Num { loc, value })
    }

    /// `[ literal, ... ]` with uniform nested dimensions.
    fn tensor_literal(&mut self) -> Result<Expr> {
        let loc = self.lexer.location();
        self.consume('[', "to begin literal expression")?;
        let mut values = Vec::new();
        loop {
            if self.is('[') {
                values.push(self.tensor_literal()?);
            } else {
                if !matches!(self.token(), Token::Number(_)) {
                    return self.error("<num> or [", "in literal expression");
                }
                values.push(self.number()?);
            }
            if self.is(']') {
                break;
            }
            if !self.is(',') {
                return self.error("] or ,", "in literal expression");
            }
            self.lexer.next_token();
        }
        self.lexer.next_token();
        let mut dims = vec![values.len() as i64];
        if values.iter().any(|v| matches!(v, Expr::Literal { .. })) {
            let Some(Expr::Literal { dims: first, .. }) = values.first() else {
                return self.error(
                    "uniform well-nested dimensions",
                    "inside literal expression",
                );
            };
            let first = first.clone();
            for v in &values {
                match v {
                    Expr::Literal { dims, .. } if *dims == first => {}
                    _ => {
                        return self.error(
                            "uniform well-nested dimensions",
                            "inside literal expression",
                        )
                    }
                }
            }
            dims.extend(first);
        }
        Ok(Expr::Literal { loc, dims, values })
    }

    /// `{ value, ... }`.
    fn struct_literal(&mut self) -> Result<Expr> {
        let loc = self.lexer.location();
        self.consume('{', "to begin struct literal expression")?;
        let mut values = Vec::new();
        loop {
            if self.is('[') {
                values.push(self.tensor_literal()?);
            } else if matches!(self.token(), Token::Number(_)) {
                values.push(self.number()?);
            } else if self.is('{') {
                values.push(self.struct_literal()?);
            } else {
                return self.error("{, [, or number", "in struct literal expression");
            }
            if self.is('}') {
                break;
            }
            if !self.is(',') {
                return self.error("} or ,", "in struct literal expression");
            }
            self.lexer.next_token();
        }
        self.lexer.next_token();
        Ok(Expr::StructLiteral { loc, values })
    }

    /// `( expression )`.
    fn paren(&mut self) -> Result<Expr> {
        self.lexer.next_token();
        let expr = self.expression()?;
        if !self.is(')') {
            return self.error(")", "to close expression with parentheses");
        }
        self.lexer.next_token();
        Ok(expr)
    }

    /// The arguments of a call of `name` at `loc`, `(` being current.
    fn call(&mut self, name: String, loc: Location) -> Result<Expr> {
        self.consume('(', "to begin argument list")?;
        let mut args = Vec::new();
        if !self.is(')') {
            loop {
                args.push(self.expression()?);
                if self.is(')') {
                    break;
                }
                if !self.is(',') {
                    return self.error(", or )", "in argument list");
                }
                self.lexer.next_token();
            }
        }
        self.lexer.next_token();
        if name == "print" {
            if args.len() != 1 {
                return self.error("<single arg>", "as argument to print()");
            }
            let arg = Box::new(args.remove(0));
            return Ok(Expr::Print { loc, arg });
        }
        Ok(Expr::Call {
            loc,
            callee: name,
            args,
        })
    }

    /// A name, or a call when `(` follows.
    fn identifier_expr(&mut self) -> Result<Expr> {
        let Token::Identifier(name) = self.token().clone() else {
            return self.error("identifier", "in expression");
        };
        let loc = self.lexer.location();
        self.lexer.next_token();
        if !self.is('(') {
            return Ok(Expr::Var { loc, name });
        }
        self.call(name, loc)
    }

    fn primary(&mut self) -> Result<Expr> {
        match self.token() {
            Token::Identifier(_) => self.identifier_expr(),
            Token::Number(_) => self.number(),
            Token::Char('(') => self.paren(),
            Token::Char('[') => self.tensor_literal(),
            Token::Char('{') => self.struct_literal(),
            _ => self.error("expression", "when expecting an expression"),
        }
    }

    /// The precedence of the current token as a binary operator.
    fn precedence(&self) -> i32 {
        match self.token() {
            Token::Char('-') | Token::Char('+') => 20,
            Token::Char('*') => 40,
            Token::Char('.') => 60,
            _ => -1,
        }
    }

    fn bin_op_rhs(&mut self, min: i32, mut lhs: Expr) -> Result<Expr> {
        loop {
            let precedence = self.precedence();
            if precedence < min {
                return Ok(lhs);
            }
            let Token::Char(op) = *self.token() else {
                return Ok(lhs);
            };
            self.lexer.next_token();
            let loc = self.lexer.location();
            let mut rhs = match self.primary() {
                Ok(rhs) => rhs,
                Err(mut e) => {
                    let Err(more) = self.error::<()>("expression", "to complete binary operator")
                    else {
                        unreachable!()
                    };
                    e.lines.extend(more.lines);
                    return Err(e);
                }
            };
            if precedence < self.precedence() {
                rhs = self.bin_op_rhs(precedence + 1, rhs)?;
            }
            lhs = Expr::BinOp {
                loc,
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
        }
    }

    fn expression(&mut self) -> Result<Expr> {
        let lhs = self.primary()?;
        self.bin_op_rhs(0, lhs)
    }

    /// `< 2, 3 >`.
    fn shape(&mut self) -> Result<VarType> {
        self.consume('<', "to begin type")?;
        let mut shape = Vec::new();
        while let Token::Number(n) = *self.token() {
            if n < 0.0 || n.fract() != 0.0 || n > i64::MAX as f64 {
                return self.error("a whole number", "as a dimension");
            }
            shape.push(n as i64);
            self.lexer.next_token();
            if self.is(',') {
                self.lexer.next_token();
            }
        }
        if !self.is('>') {
            return self.error(">", "to end type");
        }
        self.lexer.next_token();
        Ok(VarType {
            name: String::new(),
            shape,
        })
    }

    /// `Type name = init` (a struct variable) or a call, the identifier
    /// being current.
    fn declaration_or_call(&mut self) -> Result<Expr> {
        let loc = self.lexer.location();
        let Token::Identifier(id) = self.token().clone() else {
            return self.error("identifier", "in expression");
        };
        self.lexer.next_token();
        if self.is('(') {
            return self.call(id, loc);
        }
        Ok(Expr::VarDecl(self.typed_declaration(id, true, loc)?))
    }

    /// The rest of `Type name (= init)?`, the type name read.
    fn typed_declaration(
        &mut self,
        type_name: String,
        init: bool,
        loc: Location,
    ) -> Result<VarDecl> {
        let Token::Identifier(name) = self.token().clone() else {
            return self.error("name", "in variable declaration");
        };
        self.lexer.next_token();
        let init = if init {
            if !self.is('=') {
                return self.error("initializer", "in variable declaration");
            }
            self.lexer.next_token();
            Some(Box::new(self.expression()?))
        } else {
            None
        };
        Ok(VarDecl {
            loc,
            name,
            ty: VarType {
                name: type_name,
                shape: Vec::new(),
            },
            init,
        })
    }

    /// `var name<shape>? (= init)?` or `Type name (= init)?`.
    fn declaration(&mut self, init: bool) -> Result<VarDecl> {
        if *self.token() == Token::Var {
            return self.var_declaration(init);
        }
        let Token::Identifier(type_name) = self.token().clone() else {
            return self.error("type name", "in variable declaration");
        };
        let loc = self.lexer.location();
        self.lexer.next_token();
        self.typed_declaration(type_name, init, loc)
    }

    fn var_declaration(&mut self, init: bool) -> Result<VarDecl> {
        let loc = self.lexer.location();
        self.lexer.next_token();
        let Token::Identifier(name) = self.token().clone() else {
            return self.error("identified", "after 'var' declaration");
        };
        self.lexer.next_token();
        let ty = if self.is('<') {
            self.shape()?
        } else {
            VarType::default()
        };
        let init = if init {
            self.consume('=', "in variable declaration")?;
            Some(Box::new(self.expression()?))
        } else {
            None
        };
        Ok(VarDecl {
            loc,
            name,
            ty,
            init,
        })
    }

    /// `{ statement ; ... }`.
    fn block(&mut self) -> Result<Vec<Expr>> {
        if !self.is('{') {
            return self.error("{", "to begin block");
        }
        self.lexer.next_token();
        let mut body = Vec::new();
        while self.is(';') {
            self.lexer.next_token();
        }
        while !self.is('}') && *self.token() != Token::Eof {
            let expr = match self.token() {
                Token::Identifier(_) => self.declaration_or_call()?,
                Token::Var => Expr::VarDecl(self.declaration(true)?),
                Token::Return => self.return_expr()?,
                _ => self.expression()?,
            };
            body.push(expr);
            if !self.is(';') {
                return self.error(";", "after expression");
            }
            while self.is(';') {
                self.lexer.next_token();
            }
        }
        if !self.is('}') {
            return self.error("}", "to close block");
        }
        self.lexer.next_token();
        Ok(body)
    }

    /// `def name ( params )`.
    fn prototype(&mut self) -> Result<Prototype> {
        let loc = self.lexer.location();
        if *self.token() != Token::Def {
            return self.error("def", "in prototype");
        }
        self.lexer.next_token();
        let Token::Identifier(name) = self.token().clone() else {
            return self.error("function name", "in prototype");
        };
        self.lexer.next_token();
        if !self.is('(') {
            return self.error("(", "in prototype");
        }
        self.lexer.next_token();
        let mut args = Vec::new();
        if !self.is(')') {
            loop {
                let loc = self.lexer.location();
                let Token::Identifier(first) = self.token().clone() else {
                    return self.error("identifier", "in function parameter list");
                };
                self.lexer.next_token();
                let (name, type_name) = if let Token::Identifier(name) = self.token().clone() {
                    self.lexer.next_token();
                    (name, first)
                } else {
                    (first, String::new())
                };
                args.push(VarDecl {
                    loc,
                    name,
                    ty: VarType {
                        name: type_name,
                        shape: Vec::new(),
                    },
                    init: None,
                });
                if !self.is(',') {
                    break;
                }
                self.lexer.next_token();
                if !matches!(self.token(), Token::Identifier(_)) {
                    return self.error("identifier", "after ',' in function parameter list");
                }
            }
        }
        if !self.is(')') {
            return self.error(")", "to end function prototype");
        }
        self.lexer.next_token();
        Ok(Prototype { loc, name, args })
    }

    fn definition(&mut self) -> Result<Function> {
        let proto = self.prototype()?;
        let body = self.block()?;
        Ok(Function { proto, body })
    }

    /// `struct Name { decl ; ... }`.
    fn struct_def(&mut self) -> Result<StructDef> {
        let loc = self.lexer.location();
        self.lexer.next_token();
        let Token::Identifier(name) = self.token().clone() else {
            return self.error("name", "in struct definition");
        };
        self.lexer.next_token();
        if !self.is('{') {
            return self.error("{", "in struct definition");
        }
        self.lexer.next_token();
        let mut vars = Vec::new();
        loop {
            vars.push(self.declaration(false)?);
            if !self.is(';') {
                return self.error(";", "after variable in struct definition");
            }
            self.lexer.next_token();
            if self.is('}') {
                break;
            }
        }
        self.lexer.next_token();
        Ok(StructDef { loc, name, vars })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(source: &str) -> String {
        parse(source, "t.toy").unwrap_err().to_string()
    }

    #[test]
    fn precedence_binds_products_before_sums_and_fields_first() {
        let m = parse("def main() { return a + b * c.x; }", "t").unwrap();
        let Record::Function(f) = &m.records[0] else {
            panic!()
        };
        let Expr::Return { expr: Some(e), .. } = &f.body[0] else {
            panic!()
        };
        let Expr::BinOp { op: '+', rhs, .. } = &**e else {
            panic!("{e:?}")
        };
        let Expr::BinOp { op: '*', rhs, .. } = &**rhs else {
            panic!()
        };
        assert!(matches!(&**rhs, Expr::BinOp { op: '.', .. }));
    }

    #[test]
    fn literals_get_their_nested_shape() {
        let m = parse("def main() { var a = [[1, 2, 3], [4, 5, 6]]; }", "t").unwrap();
        let Record::Function(f) = &m.records[0] else {
            panic!()
        };
        let Expr::VarDecl(d) = &f.body[0] else {
            panic!()
        };
        let Some(init) = &d.init else { panic!() };
        let Expr::Literal { dims, .. } = &**init else {
            panic!()
        };
        assert_eq!(dims, &[2, 3]);
    }

    #[test]
    fn errors_are_worded_as_upstream_words_them() {
        assert_eq!(
            error("def main() { var a = [1, 2] }"),
            "Parse error (1, 29): expected ';' after expression but has Token 125 '}'"
        );
        assert_eq!(
            error("def main() {\n  var a = [[1, 2], [3]];\n}"),
            "Parse error (2, 24): expected 'uniform well-nested dimensions' inside literal expression but has Token 59 ';'"
        );
        assert_eq!(
            error("var x;"),
            "Parse error (1, 1): expected ''def' or 'struct'' when parsing top level module records but has Token -3"
        );
        assert_eq!(
            error("def main() {\n  print(a, b);\n}"),
            "Parse error (2, 14): expected '<single arg>' as argument to print() but has Token 59 ';'"
        );
        assert!(error("def main() { return 1 + ; }").contains("to complete binary operator"));
        assert!(error("def main() {").contains("expected '}' to close block but has Token -1"));
    }

    #[test]
    fn structs_parse_with_typed_variables_and_parameters() {
        let m = parse(
            "struct S { var a; var b; }\ndef f(S s) { return s.a; }\ndef main() { S s = {[1], 2}; print(f(s)); }",
            "t",
        )
        .unwrap();
        assert_eq!(m.records.len(), 3);
        let Record::Function(f) = &m.records[1] else {
            panic!()
        };
        assert_eq!(f.proto.args[0].ty.name, "S");
    }

    #[test]
    fn no_input_makes_the_parser_panic() {
        let source = "struct S { var a; }\ndef main() { S s = {[1, 2], {3}}; var b<2> = [1, 2]; print(s.a + b * (b - b)); return; }\n";
        for end in 0..source.len() {
            let _ = parse(&source[..end], "t");
        }
        for bad in [
            "def",
            "def f(",
            "def f(a,",
            "def f(a, 1)",
            "struct",
            "struct S {",
            "def f() { var a<2",
            "def f() { var a<1.5> = 1; }",
            "{",
            "[",
            "def f() { [1, [2]]; }",
        ] {
            assert!(parse(bad, "t").is_err(), "{bad}");
        }
    }
}
