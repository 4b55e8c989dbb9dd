//! The checks against what MLIR 22's `parseAttribute` was seen to do with
//! each text (and whether the result satisfies the constraint): every
//! default MLIR takes must pass, and each refused one must be reported.

use proc_macro2::Span;
use syn::Ident;

use super::*;
use crate::op::ast::Arity;

fn part(constraint: &str) -> Part {
    let ty: Type = syn::parse_str(constraint).unwrap();
    Part {
        ident: Ident::new("x", Span::call_site()),
        name: "x".into(),
        ty: ty.clone(),
        constraint: ty,
        arity: Arity::Single,
        doc: String::new(),
        default: None,
    }
}

#[track_caller]
fn accepted(constraint: &str, texts: &[&str]) {
    let part = part(constraint);
    for text in texts {
        if let Some(p) = check(&part, text) {
            panic!(
                "{constraint} {text:?} refused: {} (instead {:?})",
                p.why, p.instead
            );
        }
    }
}

/// Each text refused, with the default suggested instead.
#[track_caller]
fn refused(constraint: &str, cases: &[(&str, &str)]) {
    let part = part(constraint);
    for (text, instead) in cases {
        match check(&part, text) {
            Some(p) => assert_eq!(p.instead, *instead, "{constraint} {text:?}: {}", p.why),
            None => panic!("{constraint} {text:?} accepted"),
        }
    }
}

#[test]
fn integers() {
    accepted(
        "I64Attr",
        &[
            "5",
            "-5",
            "- 5",
            "0x10",
            "-0x10",
            "05",
            "5 : i64",
            "5:i64",
            "5 :i64",
            "5 ",
            "5 : i64 // c",
            "9223372036854775808 : i64",
            "18446744073709551615 : i64",
            "-9223372036854775808",
            "0xFFFFFFFFFFFFFFFF : i64",
            "-0x8000000000000000 : i64",
        ],
    );
    refused(
        "I64Attr",
        &[
            ("abc", "0"),
            ("+5", "0"),
            ("1.5", "1"),
            ("true", "0"),
            ("5 : i32", "5"),
            ("5 : index", "5"),
            ("5 : si64", "5"),
            ("5 : i 64", "5"),
            ("5_000", "5"),
            ("0b101", "0"),
            ("5 abc", "5"),
            (" 5", "5"),
            ("18446744073709551616", "0"),
            ("-9223372036854775809 : i64", "0"),
            ("-0xFFFFFFFFFFFFFFFF : i64", "0"),
            ("99999999999999999999999999999999999999999", "0"),
        ],
    );
    accepted(
        "ods::I32Attr",
        &["5 : i32", "-2147483648 : i32", "4294967295 : i32"],
    );
    refused(
        "::mlir_pass::dialect::ods::I32Attr",
        &[
            ("5", "5 : i32"),
            ("5 : i64", "5 : i32"),
            ("-2147483649 : i32", "0 : i32"),
        ],
    );
    accepted(
        "AnyIntegerAttr",
        &[
            "5", "1 : i1", "-1 : i1", "0 : i0", "5 : i7", "-64 : i7", "1 : i300",
        ],
    );
    refused(
        "AnyIntegerAttr",
        &[
            ("5 : index", "5"),
            ("5 : ui8", "5"),
            ("128 : i7", "0"),
            ("1 : i0", "0"),
        ],
    );
    accepted("IndexAttr", &["5 : index", "-9223372036854775808 : index"]);
    refused(
        "IndexAttr",
        &[
            ("5", "5 : index"),
            ("18446744073709551615 : index", "0 : index"),
        ],
    );
}

#[test]
fn floats() {
    accepted(
        "F64Attr",
        &[
            "1.5",
            "1.",
            "1.e3",
            "-1.5e-3",
            "1.0e+3",
            "1.0E3",
            "-0.0",
            "- 1.5",
            "1.5 : f64",
            "1.5 // c",
            "1.5e400",
            "0x3FF0000000000000 : f64",
        ],
    );
    refused(
        "F64Attr",
        &[
            ("1", "1.0"),
            ("1e3", "1.0"),
            ("+1.5", "1.0"),
            (".5", "1.0"),
            ("inf", "0x7FF0000000000000 : f64"),
            ("nan", "0x7FF8000000000000 : f64"),
            ("1.5 : f32", "1.5 : f64"),
            ("0x3FF0000000000000", "0x3FF0000000000000 : f64"),
            ("1.5e", "1.5"),
        ],
    );
    accepted(
        "F32Attr",
        &["1.5 : f32", "1.5:f32", "0x3F800000 : f32", "0x0 : f32"],
    );
    refused(
        "F32Attr",
        &[
            ("1.5", "1.5 : f32"),
            ("1 : f32", "1.0 : f32"),
            ("1.5 : bf16", "1.5 : f32"),
            ("-0x3F800000 : f32", "-1.0 : f32"),
            ("abc", "1.0 : f32"),
        ],
    );
}

#[test]
fn bools_units_strings_and_the_rest() {
    accepted(
        "BoolAttr",
        &[
            "true", "false", "true ", "false//x", "1 : i1", "0 : i1", "-1 : i1",
        ],
    );
    refused(
        "BoolAttr",
        &[
            ("True", "true"),
            ("FALSE", "false"),
            ("1", "true"),
            ("0", "false"),
            ("2 : i1", "true"),
            ("yes", "false"),
        ],
    );
    accepted("UnitAttr", &["unit", "unit "]);
    refused("UnitAttr", &[("true", "unit"), ("unit : i1", "unit")]);
    accepted(
        "StrAttr",
        &[
            r#""abc""#,
            r#""a\"b""#,
            r#""a\41b""#,
            r#""a\nb\t\\""#,
            r#""abc" : i32"#,
            r#""abc"  "#,
            r#""abc"//x"#,
            "\"é\"",
            r#""""#,
        ],
    );
    refused(
        "StrAttr",
        &[
            ("abc", r#""abc""#),
            (r#"say "hi""#, r#""say \"hi\"""#),
            (r#""a\qb""#, r#""a\\qb""#),
            (r#""ab"c""#, r#""ab\"c\"""#),
            (r#""abc"#, r#""abc""#),
            ("\"a\nb\"", r#""a\nb""#),
        ],
    );
    accepted("FlatSymbolRefAttr", &["@sym", "@\"s y\"", "@a.b$c", "@_x"]);
    refused(
        "FlatSymbolRefAttr",
        &[
            ("sym", "@sym"),
            ("@1", "@name"),
            ("@", "@name"),
            ("@a::@b", "@b"),
        ],
    );
    accepted("SymbolRefAttr", &["@a::@b", "@a"]);
    accepted("ArrayAttr", &["[]", "[1, 2]", "[] "]);
    refused("ArrayAttr", &[("1, 2", "[1, 2]")]);
    accepted("DictionaryAttr", &["{}", "{a = 1}"]);
    refused("DictionaryAttr", &[("a = 1", "{}")]);
}

#[test]
fn other_kinds_are_left_to_the_runtime_but_for_a_leading_space() {
    for constraint in [
        "TypeAttr",
        "AnyAttr",
        "ElementsAttr",
        "MyAttr",
        "Optional<I64Attr>",
    ] {
        accepted(constraint, &["abc", "5 : tensor<2xi32>", "!x.y"]);
        refused(constraint, &[(" i32", "i32")]);
    }
}
