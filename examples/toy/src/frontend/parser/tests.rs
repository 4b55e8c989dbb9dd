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
    let body =
        body("def main() {\n  var a<2, 3> = 1;\n  var b<> = 2;\n  S s = {1, 2};\n  var c = ;\n}");
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
        "def", "struct", "var", "return", "print", "a", "S", "1", "2.5", "1.2.3", "(", ")", "[",
        "]", "{", "}", "<", ">", ",", ";", "=", "+", "-", "*", ".", "/", "#", "\n", " ", "\u{e9}",
        "\u{ff}", "\0",
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
