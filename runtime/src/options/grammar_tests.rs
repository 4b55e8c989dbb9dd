//! Unit tests of the option grammar (`grammar.rs`).

use super::*;
use crate::options::*;

#[test]
fn splits_like_mlir() {
    assert_eq!(
        split_options(" a=1  b c=\"x y\" d={p q} e='r s',t f= =g h=q\"uote i={x").unwrap(),
        vec![
            ("a", Some("1")),
            ("b", None),
            ("c", Some("x y")),
            ("d", Some("p q")),
            ("e", Some("'r s',t")),
            ("f", Some("")),
            ("h", Some("q\"uote")),
            ("i", Some("{x")),
        ]
    );
    // Repeats stay; a quoted name loses its quotes; only ' ' separates.
    assert_eq!(
        split_options("a=1 a=2 \"b\"=3 c=4\td=5").unwrap(),
        vec![
            ("a", Some("1")),
            ("a", Some("2")),
            ("b", Some("3")),
            ("c", Some("4\td=5"))
        ]
    );
    // `{...}` is unwrapped only when its brace closes the value.
    assert_eq!(
        split_options("a={x},{y} b={\"a,b\"}").unwrap(),
        vec![("a", Some("{x},{y}")), ("b", Some("\"a,b\""))]
    );
    assert_eq!(
        split_list("a,\"b,c\",{d,e}, f ,(g,h),[i,j]").unwrap(),
        vec!["a", "b,c", "d,e", "f", "(g,h)", "[i,j]"]
    );
    assert_eq!(
        split_list("keep1,\"keep2").unwrap(),
        vec!["keep1", "\"keep2"]
    );
    assert_eq!(split_list("a\"b,c\"d,e").unwrap(), vec!["a\"b,c\"d", "e"]);
    assert_eq!(split_list("\"a,b").unwrap(), vec!["\"a,b"]);
    assert_eq!(split_list("").unwrap(), Vec::<&str>::new());
    assert_eq!(split_list(",").unwrap(), vec!["", ""]);
}

#[test]
fn deep_nesting_is_no_stack_overflow() {
    let deep = format!("k={}{}", "{".repeat(100_000), "}".repeat(100_000));
    assert_eq!(split_options(&deep).unwrap().len(), 1);
    let value = format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000));
    assert_eq!(split_list(&value).unwrap().len(), 1);
}

#[test]
fn integers_like_llvm() {
    assert_eq!(parse_int::<u8>("255"), Ok(255));
    assert_eq!(parse_int::<i8>("-128"), Ok(-128));
    assert_eq!(parse_int::<u32>("0x1F"), Ok(31));
    assert_eq!(parse_int::<u32>("0X1f"), Ok(31));
    assert_eq!(parse_int::<u32>("010"), Ok(8));
    assert_eq!(parse_int::<u32>("0b101"), Ok(5));
    assert_eq!(parse_int::<u32>("0B101"), Ok(5));
    assert_eq!(parse_int::<u32>("0o17"), Ok(15));
    assert_eq!(parse_int::<i32>("-0x10"), Ok(-16));
    assert_eq!(
        parse_int::<u8>("300"),
        Err("300 is out of range for u8 (0..=255)".into())
    );
    assert_eq!(
        parse_int::<u8>("-1"),
        Err("-1 is out of range for u8 (0..=255)".into())
    );
    assert_eq!(
        parse_int::<u128>("340282366920938463463374607431768211455"),
        Ok(u128::MAX)
    );
    assert_eq!(
        parse_int::<i128>("-170141183460469231731687303715884105728"),
        Ok(i128::MIN)
    );
    for not_an_integer in ["abc", "", "--1", "+1", "0O17", "0x", "08", "1 "] {
        assert_eq!(
            parse_int::<u32>(not_an_integer),
            Err(format!("'{not_an_integer}' is not an integer")),
        );
    }
}

#[test]
fn bools_like_llvm() {
    for t in ["true", "TRUE", "True", "1", ""] {
        assert_eq!(parse_bool(t), Ok(true), "{t:?}");
    }
    for f in ["false", "FALSE", "False", "0"] {
        assert_eq!(parse_bool(f), Ok(false), "{f:?}");
    }
    assert!(parse_bool("yes").is_err());
}

#[test]
fn prints_like_mlir_where_that_reads_back() {
    for (value, printed) in [
        ("plain", "plain"),
        ("a b", "{a b}"),
        ("a,b", "a,b"),
        ("a(b", "a(b"),
        // A stray quote would pair with a quote of the next option.
        ("q\"uote", "'q\"uote'"),
        ("it's", "\"it's\""),
        ("", ""),
        // MLIR would print these as is (and read back something else).
        ("{x}", "\"{x}\""),
        ("a'b c", "\"a'b c\""),
        ("\"x\"", "'\"x\"'"),
    ] {
        assert_eq!(escape(value), printed, "{value:?}");
    }
    for s in [
        "plain",
        "a b",
        "a,b",
        "{x}",
        "say \"hi\"",
        "it's",
        "{a b} 'c'",
        "",
        "\"a\"'b'",
        "{",
    ] {
        let printed = escape(s);
        let text = format!("k={printed}");
        let parsed = split_options(&text).unwrap();
        assert_eq!(parsed, vec![("k", Some(s))], "{s:?} printed as {printed:?}");
    }
}

#[test]
fn lists_print_like_mlir_where_that_reads_back() {
    let cases: [(&[&str], &str); 7] = [
        (&["aap", "kat"], "aap,kat"),
        (&["a b", "c"], "{a b},c"),
        (&[], ""),
        (&["a", ""], "a,"),
        (&[""], "\"\""),
        (&["a,b", "c"], "\"a,b\",c"),
        (&["q\"uote", "x"], "'q\"uote',x"),
    ];
    for (elements, joined) in cases {
        assert_eq!(join_list(elements).as_deref(), Some(joined), "{elements:?}");
    }
    assert_eq!(join_list(&["a\"b'c", "x"]), None);
}
