//! The AST dump, as upstream's `AST.cpp` (`toyc -emit=ast`), byte for byte.

use std::fmt::Write;

use super::ast::{
    Expr, Function, Location, Module, Prototype, Record, StructDef, VarDecl, VarType,
};

/// Formats `value` as C's `printf("%e")` does (as LLVM's `raw_ostream` prints
/// a `double`): `1.000000e+00`, `-2.500000e-01`; `nan`, `INF` and `-INF` as
/// LLVM's `write_double`.
pub fn format_e(value: f64) -> String {
    if value.is_nan() {
        return "nan".to_string();
    }
    if value.is_infinite() {
        return if value < 0.0 { "-INF" } else { "INF" }.to_string();
    }
    // Rust prints `1.000000e0`: C wants a sign and at least two digits.
    let text = format!("{value:.6e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exponent.unsigned_abs())
}

/// Dumps `module` as upstream's `toyc -emit=ast` does.
pub fn dump(module: &Module) -> String {
    let mut dumper = Dumper { out: String::new() };
    dumper.module(module);
    dumper.out
}

/// `@file:line:col`.
fn loc(loc: &Location) -> String {
    format!("@{}:{}:{}", loc.file, loc.line, loc.col)
}

fn join<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(", ")
}

/// Upstream's `printLitHelper`: `<2, 2>[ <2>[ 1, 2], <2>[ 3, 4]]`.
fn literal(expr: &Expr) -> String {
    match expr {
        Expr::Num { value, .. } => format_e(*value),
        Expr::Literal { dims, values, .. } => {
            format!(
                "<{}>[ {}]",
                join(dims, i64::to_string),
                join(values, literal)
            )
        }
        // Not produced by the parser (upstream would crash).
        _ => "<invalid literal element>".to_string(),
    }
}

/// Upstream's `dump(const VarType &)`.
fn var_type(ty: &VarType) -> String {
    if ty.name.is_empty() {
        format!("<{}>", join(&ty.shape, i64::to_string))
    } else {
        format!("<{}>", ty.name)
    }
}

/// The tree walk; `level` is the indentation (two spaces each) of the node
/// being printed, as upstream's `INDENT()`.
struct Dumper {
    out: String,
}

impl Dumper {
    fn indent(&mut self, level: usize) {
        for _ in 0..level {
            self.out.push_str("  ");
        }
    }

    fn line(&mut self, level: usize, text: &str) {
        self.indent(level);
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn var_decl(&mut self, decl: &VarDecl, level: usize) {
        let text = format!(
            "VarDecl {}{} {}",
            decl.name,
            var_type(&decl.ty),
            loc(&decl.loc)
        );
        self.line(level, &text);
        if let Some(init) = &decl.init {
            self.expr(init, level + 1);
        }
    }

    fn expr(&mut self, expr: &Expr, level: usize) {
        match expr {
            Expr::Num { loc: l, value } => {
                self.line(level, &format!("{} {}", format_e(*value), loc(l)));
            }
            Expr::Literal { loc: l, .. } => {
                self.line(level, &format!("Literal: {} {}", literal(expr), loc(l)));
            }
            Expr::StructLiteral { loc: l, values } => {
                self.indent(level);
                self.out.push_str("Struct Literal: ");
                for value in values {
                    self.expr(value, level + 1);
                }
                self.indent(level);
                let _ = writeln!(self.out, " {}", loc(l));
            }
            Expr::Var { loc: l, name } => {
                self.line(level, &format!("var: {name} {}", loc(l)));
            }
            Expr::VarDecl(decl) => self.var_decl(decl, level),
            Expr::Return { expr, .. } => {
                self.line(level, "Return");
                match expr {
                    Some(expr) => self.expr(expr, level + 1),
                    None => self.line(level + 1, "(void)"),
                }
            }
            Expr::BinOp {
                loc: l,
                op,
                lhs,
                rhs,
            } => {
                self.line(level, &format!("BinOp: {op} {}", loc(l)));
                self.expr(lhs, level + 1);
                self.expr(rhs, level + 1);
            }
            Expr::Call {
                loc: l,
                callee,
                args,
            } => {
                self.line(level, &format!("Call '{callee}' [ {}", loc(l)));
                for arg in args {
                    self.expr(arg, level + 1);
                }
                self.line(level, "]");
            }
            Expr::Print { loc: l, arg } => {
                self.line(level, &format!("Print [ {}", loc(l)));
                self.expr(arg, level + 1);
                self.line(level, "]");
            }
        }
    }

    fn block(&mut self, body: &[Expr], level: usize) {
        self.line(level, "Block {");
        for expr in body {
            self.expr(expr, level + 1);
        }
        self.line(level, "} // Block");
    }

    fn prototype(&mut self, proto: &Prototype, level: usize) {
        self.line(
            level,
            &format!("Proto '{}' {}", proto.name, loc(&proto.loc)),
        );
        let params = join(&proto.args, |arg| arg.name.clone());
        self.line(level, &format!("Params: [{params}]"));
    }

    fn function(&mut self, function: &Function, level: usize) {
        self.line(level, "Function ");
        self.prototype(&function.proto, level + 1);
        self.block(&function.body, level + 1);
    }

    fn struct_def(&mut self, def: &StructDef, level: usize) {
        self.line(level, &format!("Struct: {} {}", def.name, loc(&def.loc)));
        self.line(level + 1, "Variables: [");
        for var in &def.vars {
            self.var_decl(var, level + 2);
        }
        self.line(level + 1, "]");
    }

    fn module(&mut self, module: &Module) {
        self.line(1, "Module:");
        for record in &module.records {
            match record {
                Record::Function(function) => self.function(function, 2),
                Record::Struct(def) => self.struct_def(def, 2),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    fn dump_of(source: &str) -> String {
        dump(&parse(source, "t.toy").unwrap())
    }

    fn lines(lines: &[&str]) -> String {
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    #[test]
    fn format_e_is_printf() {
        let cases = [
            (0.0, "0.000000e+00"),
            (-0.0, "-0.000000e+00"),
            (1.0, "1.000000e+00"),
            (-0.25, "-2.500000e-01"),
            (123456789.0, "1.234568e+08"),
            (1e100, "1.000000e+100"),
            (1.5e-7, "1.500000e-07"),
            (5e-324, "4.940656e-324"),
            (f64::MAX, "1.797693e+308"),
            // A tie: rounded to even, as glibc's printf.
            (8388609.5, "8.388610e+06"),
            (0.125, "1.250000e-01"),
            (9.9999996, "1.000000e+01"),
            (f64::INFINITY, "INF"),
            (f64::NEG_INFINITY, "-INF"),
            (f64::NAN, "nan"),
        ];
        for (value, text) in cases {
            assert_eq!(format_e(value), text, "for {value:?}");
        }
    }

    #[test]
    fn empty_module() {
        assert_eq!(dump_of(""), "  Module:\n");
    }

    #[test]
    fn every_node() {
        let source = "struct Pair {
  var a;
  Inner b;
  var c<2>;
}
def f(Pair p, x) {
  return;
}
def main() {
  var a<2, 2> = [[1, 2], [3.5, 4]];
  Pair p = {[1], {2, [3]}, 4};
  var b = a + p.a * (3 - x) - f(a, b);
  print(b);
  g();
  return 0.25;
}
";
        let expected = lines(&[
            "  Module:",
            "    Struct: Pair @t.toy:1:1",
            "      Variables: [",
            "        VarDecl a<> @t.toy:2:3",
            "        VarDecl b<Inner> @t.toy:3:3",
            "        VarDecl c<2> @t.toy:4:3",
            "      ]",
            "    Function ",
            "      Proto 'f' @t.toy:6:1",
            "      Params: [p, x]",
            "      Block {",
            "        Return",
            "          (void)",
            "      } // Block",
            "    Function ",
            "      Proto 'main' @t.toy:9:1",
            "      Params: []",
            "      Block {",
            "        VarDecl a<2, 2> @t.toy:10:3",
            "          Literal: <2, 2>[ <2>[ 1.000000e+00, 2.000000e+00], <2>[ 3.500000e+00, 4.000000e+00]] @t.toy:10:17",
            "        VarDecl p<Pair> @t.toy:11:3",
            "          Struct Literal:             Literal: <1>[ 1.000000e+00] @t.toy:11:13",
            "            Struct Literal:               2.000000e+00 @t.toy:11:19",
            "              Literal: <1>[ 3.000000e+00] @t.toy:11:22",
            "             @t.toy:11:18",
            "            4.000000e+00 @t.toy:11:28",
            "           @t.toy:11:12",
            "        VarDecl b<> @t.toy:12:3",
            "          BinOp: - @t.toy:12:31",
            "            BinOp: + @t.toy:12:15",
            "              var: a @t.toy:12:11",
            "              BinOp: * @t.toy:12:21",
            "                BinOp: . @t.toy:12:17",
            "                  var: p @t.toy:12:15",
            "                  var: a @t.toy:12:17",
            "                BinOp: - @t.toy:12:26",
            "                  3.000000e+00 @t.toy:12:22",
            "                  var: x @t.toy:12:26",
            "            Call 'f' [ @t.toy:12:31",
            "              var: a @t.toy:12:33",
            "              var: b @t.toy:12:36",
            "            ]",
            "        Print [ @t.toy:13:3",
            "          var: b @t.toy:13:9",
            "        ]",
            "        Call 'g' [ @t.toy:14:3",
            "        ]",
            "        Return",
            "          2.500000e-01 @t.toy:15:10",
            "      } // Block",
        ]);
        assert_eq!(dump_of(source), expected);
    }

    #[test]
    fn declaration_without_initializer_and_paths() {
        // Upstream accepts `var c = ;` (MLIRGen rejects it); locations carry
        // the file name as given.
        let module = parse("def main() {\n\tvar c = ;\n  1;\n}", "../x/y.toy").unwrap();
        let expected = lines(&[
            "  Module:",
            "    Function ",
            "      Proto 'main' @../x/y.toy:1:1",
            "      Params: []",
            "      Block {",
            "        VarDecl c<> @../x/y.toy:2:2",
            "        1.000000e+00 @../x/y.toy:3:3",
            "      } // Block",
        ]);
        assert_eq!(dump(&module), expected);
    }

    #[test]
    fn deep_literal() {
        let text = dump_of("def f() { return [[[1, 2]], [[3, 4]]]; }");
        assert!(
            text.contains(
                "Literal: <2, 1, 2>[ <1, 2>[ <2>[ 1.000000e+00, 2.000000e+00]], \
                 <1, 2>[ <2>[ 3.000000e+00, 4.000000e+00]]] @t.toy:1:18\n"
            ),
            "{text}"
        );
    }
}
