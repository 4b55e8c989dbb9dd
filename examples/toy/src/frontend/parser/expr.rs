//! The expression half of the Toy parser: primaries (numbers, tensor and
//! struct literals, parenthesized expressions, identifiers and calls) and
//! binary operators by upstream's precedences.

use super::super::ast::{Expr, Location};
use super::super::lexer::Token;
use super::{depth, Parser, MAX_DEPTH};

impl Parser<'_> {
    /// numberexpr ::= number
    pub(super) fn parse_number_expr(&mut self) -> Expr {
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
    pub(super) fn parse_tensor_literal_expr(&mut self) -> Option<Expr> {
        self.nested(Self::parse_tensor_literal_inner)
    }

    pub(super) fn parse_tensor_literal_inner(&mut self) -> Option<Expr> {
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
    pub(super) fn parse_struct_literal_expr(&mut self) -> Option<Expr> {
        self.nested(Self::parse_struct_literal_inner)
    }

    pub(super) fn parse_struct_literal_inner(&mut self) -> Option<Expr> {
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
    pub(super) fn parse_paren_expr(&mut self) -> Option<Expr> {
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
    pub(super) fn parse_call_expr(&mut self, name: String, loc: Location) -> Option<Expr> {
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
    pub(super) fn parse_identifier_expr(&mut self) -> Option<Expr> {
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
    pub(super) fn parse_primary(&mut self) -> Option<Expr> {
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
    pub(super) fn tok_precedence(&self) -> i32 {
        match self.cur() {
            Token::Char(b'-' | b'+') => 20,
            Token::Char(b'*') => 40,
            Token::Char(b'.') => 60,
            _ => -1,
        }
    }

    /// binoprhs ::= (binop primary)*, for operators binding at least as
    /// tightly as `expr_prec`; `lhs_depth` is `lhs`'s depth.
    pub(super) fn parse_bin_op_rhs(
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
    pub(super) fn parse_expression(&mut self) -> Option<Expr> {
        let lhs = self.parse_primary()?;
        let lhs_depth = depth(&lhs);
        self.parse_bin_op_rhs(0, lhs, lhs_depth).map(|(e, _)| e)
    }
}
