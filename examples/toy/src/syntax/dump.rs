//! `-emit=ast`: the AST printed as upstream's `ASTDumper` prints it.

use std::fmt::Write;

use super::ast::{Expr, Function, Location, Module, Record, StructDef, VarDecl, VarType};

/// The AST as upstream's toyc prints it with `-emit=ast`.
pub fn dump(module: &Module) -> String {
    let mut d = Dumper {
        out: String::new(),
        indent: 0,
    };
    d.module(module);
    d.out
}

/// A number as C's `printf("%e")` prints it: `1.000000e+00`.
pub fn format_e(value: f64) -> String {
    if value.is_nan() {
        return "nan".into();
    }
    if value.is_infinite() {
        return if value < 0.0 { "-inf" } else { "inf" }.into();
    }
    // Rust's `{:.6e}` gives `1.000000e0`; C pads the exponent to two
    // digits with its sign.
    let text = format!("{value:.6e}");
    let (mantissa, exponent) = text.split_once('e').expect("an exponent");
    let exponent: i32 = exponent.parse().expect("a number");
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exponent.abs())
}

struct Dumper {
    out: String,
    indent: usize,
}

fn loc(l: &Location) -> String {
    format!("@{}:{}:{}", l.file, l.line, l.col)
}

impl Dumper {
    /// Upstream's `INDENT()`: one level deeper for the rest of the node,
    /// and the new level's spaces.
    fn enter(&mut self) {
        self.indent += 1;
        self.spaces();
    }

    fn leave(&mut self) {
        self.indent -= 1;
    }

    fn spaces(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn module(&mut self, module: &Module) {
        self.enter();
        self.out.push_str("Module:\n");
        for record in &module.records {
            match record {
                Record::Function(f) => self.function(f),
                Record::Struct(s) => self.struct_def(s),
            }
        }
        self.leave();
    }

    fn function(&mut self, f: &Function) {
        self.enter();
        self.out.push_str("Function \n");
        self.enter();
        let _ = writeln!(self.out, "Proto '{}' {}", f.proto.name, loc(&f.proto.loc));
        self.spaces();
        let params: Vec<&str> = f.proto.args.iter().map(|a| a.name.as_str()).collect();
        let _ = writeln!(self.out, "Params: [{}]", params.join(", "));
        self.leave();
        self.enter();
        self.out.push_str("Block {\n");
        for e in &f.body {
            self.expr(e);
        }
        self.spaces();
        self.out.push_str("} // Block\n");
        self.leave();
        self.leave();
    }

    fn struct_def(&mut self, s: &StructDef) {
        self.enter();
        let _ = writeln!(self.out, "Struct: {} {}", s.name, loc(&s.loc));
        self.enter();
        self.out.push_str("Variables: [\n");
        for v in &s.vars {
            self.var_decl(v);
        }
        self.spaces();
        self.out.push_str("]\n");
        self.leave();
        self.leave();
    }

    fn var_type(&mut self, ty: &VarType) {
        self.out.push('<');
        if !ty.name.is_empty() {
            self.out.push_str(&ty.name);
        } else {
            let dims: Vec<String> = ty.shape.iter().map(|d| d.to_string()).collect();
            self.out.push_str(&dims.join(", "));
        }
        self.out.push('>');
    }

    fn var_decl(&mut self, v: &VarDecl) {
        self.enter();
        let _ = write!(self.out, "VarDecl {}", v.name);
        self.var_type(&v.ty);
        let _ = writeln!(self.out, " {}", loc(&v.loc));
        if let Some(init) = &v.init {
            self.expr(init);
        }
        self.leave();
    }

    fn literal(&mut self, e: &Expr) {
        match e {
            Expr::Num { value, .. } => self.out.push_str(&format_e(*value)),
            Expr::Literal { dims, values, .. } => {
                let dims: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
                let _ = write!(self.out, "<{}>[ ", dims.join(", "));
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.literal(v);
                }
                self.out.push(']');
            }
            _ => {}
        }
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::VarDecl(v) => return self.var_decl(v),
            _ => self.enter(),
        }
        match e {
            Expr::Num { loc: l, value } => {
                let _ = writeln!(self.out, "{} {}", format_e(*value), loc(l));
            }
            Expr::Literal { loc: l, .. } => {
                self.out.push_str("Literal: ");
                self.literal(e);
                let _ = writeln!(self.out, " {}", loc(l));
            }
            Expr::StructLiteral { loc: l, values } => {
                self.out.push_str("Struct Literal: ");
                for v in values {
                    self.expr(v);
                }
                self.spaces();
                let _ = writeln!(self.out, " {}", loc(l));
            }
            Expr::Var { loc: l, name } => {
                let _ = writeln!(self.out, "var: {name} {}", loc(l));
            }
            Expr::Return { expr, .. } => {
                self.out.push_str("Return\n");
                match expr {
                    Some(x) => self.expr(x),
                    None => {
                        self.enter();
                        self.out.push_str("(void)\n");
                        self.leave();
                    }
                }
            }
            Expr::BinOp {
                loc: l,
                op,
                lhs,
                rhs,
            } => {
                let _ = writeln!(self.out, "BinOp: {op} {}", loc(l));
                self.expr(lhs);
                self.expr(rhs);
            }
            Expr::Call {
                loc: l,
                callee,
                args,
            } => {
                let _ = writeln!(self.out, "Call '{callee}' [ {}", loc(l));
                for a in args {
                    self.expr(a);
                }
                self.spaces();
                self.out.push_str("]\n");
            }
            Expr::Print { loc: l, arg } => {
                let _ = writeln!(self.out, "Print [ {}", loc(l));
                self.expr(arg);
                self.spaces();
                self.out.push_str("]\n");
            }
            Expr::VarDecl(_) => {}
        }
        self.leave();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_printf_e() {
        assert_eq!(format_e(1.0), "1.000000e+00");
        assert_eq!(format_e(-0.25), "-2.500000e-01");
        assert_eq!(format_e(0.0), "0.000000e+00");
        assert_eq!(format_e(123456.0), "1.234560e+05");
        assert_eq!(format_e(1e-100), "1.000000e-100");
    }

    #[test]
    fn a_function_dumps_as_upstream_dumps_it() {
        let m = super::super::parse(
            "def f(a, b) {\n  var c<2> = [1, 2];\n  return a * b;\n}\n",
            "x.toy",
        )
        .unwrap();
        assert_eq!(
            dump(&m),
            "  Module:
    Function 
      Proto 'f' @x.toy:1:1
      Params: [a, b]
      Block {
        VarDecl c<2> @x.toy:2:3
          Literal: <2>[ 1.000000e+00, 2.000000e+00] @x.toy:2:14
        Return
          BinOp: * @x.toy:3:14
            var: a @x.toy:3:10
            var: b @x.toy:3:14
      } // Block
"
        );
    }
}
