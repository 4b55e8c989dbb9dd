//! The format parser and checker on plain strings.

use super::*;

/// `input`/`inputs` operands, an `output` result, a `value` attribute
/// and an optional `flag`, a `body` region.
fn shape() -> Shape {
    Shape {
        operands: vec![
            ("input".into(), Arity::Single),
            ("rest".into(), Arity::Variadic),
        ],
        results: vec![("output".into(), Arity::Single)],
        attributes: vec![("value".into(), false), ("flag".into(), true)],
        regions: vec![("body".into(), false)],
        successors: vec![],
        same_operands_and_result_type: false,
        buildable_operands: vec![],
        buildable_results: vec![],
        infers_result_types: false,
        type_matches: vec![],
    }
}

fn errors(source: &str) -> Vec<String> {
    parse(source, &shape()).expect_err(source)
}

fn one_error(source: &str) -> String {
    let errors = errors(source);
    assert_eq!(errors.len(), 1, "{errors:?}");
    errors.into_iter().next().unwrap()
}

#[test]
fn parses_a_full_format() {
    let elements = parse(
        "$input `,` $rest ($flag^ `flag`)? $value $body attr-dict `:` \
         functional-type(operands, results)",
        &shape(),
    )
    .unwrap();
    use Element::*;
    assert_eq!(
        elements,
        vec![
            Operand(0),
            Literal(",".into()),
            Operand(1),
            OptionalGroup { anchor: 0, len: 2 },
            Attribute(1),
            Literal("flag".into()),
            Attribute(0),
            Region(0),
            AttrDict,
            Literal(":".into()),
            FunctionalType(Target::Operands, Target::Results),
        ]
    );
}

#[test]
fn groups_are_flattened_with_their_anchor() {
    let elements = parse(
        "operands $body (`with` $flag^)? attr-dict `:` type($input) `,` type($rest) `->` \
         type($output)",
        &shape(),
    )
    .unwrap();
    assert_eq!(elements[2], Element::OptionalGroup { anchor: 1, len: 2 });
    assert_eq!(elements[3], Element::Literal("with".into()));
    assert_eq!(
        elements[7],
        Element::Type(Target::Operand(0)),
        "{elements:?}"
    );
}

#[test]
fn unknown_variables_suggest_a_name() {
    let e = one_error("$inptu $rest $body attr-dict `:` functional-type(operands, results)");
    assert!(e.contains("`$inptu` is not an operand"), "{e}");
    assert!(e.contains("did you mean `$input`?"), "{e}");
}

#[test]
fn every_operand_must_appear() {
    let e = one_error("$input $body attr-dict `:` functional-type(operands, results)");
    assert!(
        e.contains("operand `rest` does not appear in the format"),
        "{e}"
    );
}

#[test]
fn every_type_must_be_known() {
    let e = errors("operands $body attr-dict `:` type($input)");
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e[0].contains("the type of operand `rest` is not given"),
        "{e:?}"
    );
    assert!(
        e[1].contains(
            "the type of result `output` is not given by the format: add `type($output)` or \
             `type(results)`"
        ),
        "{e:?}"
    );
}

#[test]
fn same_operands_and_result_type_needs_one_type() {
    let mut shape = shape();
    shape.same_operands_and_result_type = true;
    assert!(parse("operands $body attr-dict `:` type($input)", &shape).is_ok());
    let e = parse("operands $body attr-dict", &shape).unwrap_err();
    assert_eq!(e.len(), 3, "{e:?}");
    assert!(e[0].contains("one type gives them all"), "{e:?}");
}

#[test]
fn attr_dict_exactly_once() {
    assert!(
        one_error("operands $body `:` functional-type(operands, results)")
            .contains("no `attr-dict`")
    );
    assert!(one_error(
        "operands $body attr-dict attr-dict-with-keyword `:` functional-type(operands, results)"
    )
    .contains("more than one `attr-dict`"));
}

#[test]
fn values_appear_once() {
    assert!(
        one_error("operands $input $body attr-dict `:` functional-type(operands, results)")
            .contains("`$input` is given twice: `operands` already gives it")
    );
    assert!(
        one_error("$input $rest $body $body attr-dict `:` functional-type(operands, results)")
            .contains("`$body` appears twice")
    );
    assert!(one_error(
        "operands $body attr-dict `:` type(operands) type($input) `->` type(results)"
    )
    .contains("`type($input)` is given twice"));
}

#[test]
fn regions_must_appear() {
    assert!(
        one_error("operands attr-dict `:` functional-type(operands, results)")
            .contains("region `body` does not appear")
    );
}

#[test]
fn optional_groups() {
    let rest = " operands $body attr-dict `:` functional-type(operands, results)";
    let check = |group: &str, expected: &str| {
        let e = one_error(&format!("{group}{rest}"));
        assert!(e.contains(expected), "{group}: {e}");
    };
    check("(`x` $flag)?", "has no anchor");
    check("(`x`^ $flag)?", "`x` cannot anchor");
    check("(`x` $value^)?", "`$value` cannot anchor");
    check("(`x` $flag^ $flag^)?", "two anchors");
    check("(`x` ($flag^)?)?", "cannot be nested");
    check("(type($input) $flag^)?", "cannot start with `type($input)`");
    check("(`x` $flag^ attr-dict)?", "`attr-dict` cannot be inside");
    check("(`x` $flag^)", "ends with `)?`");
    check("(`x` $flag^) : (`y`)?", "else-branch");
    check("$flag^", "only an element inside an optional group");
    check("`x` )", "unmatched `)`");
}

#[test]
fn lexical_errors() {
    assert!(one_error("`(").contains("no closing backtick"));
    assert!(one_error("$ input").contains("`$` must be followed"));
    assert!(one_error("{").contains("unexpected `{`"));
    assert!(one_error("`=>`").contains("not a literal ODS accepts"));
    assert!(one_error("$output").contains("is a result"));
    assert!(one_error("results").contains("`results` names the results' types only"));
    assert!(one_error("type($value)").contains("`$value` is neither"));
    assert!(one_error("attr-dic").contains("did you mean `attr-dict`?"));
    assert!(one_error("qualified($value)").contains("not supported"));
    assert!(one_error("\"x\"").contains("argument of a custom directive only"));
    assert!(one_error("type($input").contains("expected `)`"));
}

#[test]
fn literals() {
    for ok in ["to", "->", "(", "...", "x_1", "", " ", "\\n", "{", "_"] {
        assert!(is_literal(ok), "{ok:?}");
    }
    for bad in ["=>", "1x", "a b", ";"] {
        assert!(!is_literal(bad), "{bad:?}");
    }
}

#[test]
fn type_matches_derive_types_from_given_ones_only() {
    let shape = |matches: Vec<TypeMatch>| Shape {
        operands: vec![("lhs".into(), Arity::Single), ("rhs".into(), Arity::Single)],
        results: vec![("result".into(), Arity::Single)],
        attributes: vec![("value".into(), false)],
        type_matches: matches,
        ..Shape::default()
    };
    let all = || TypeMatch::All(vec!["lhs".into(), "rhs".into(), "result".into()]);
    // One given type gives the others.
    assert!(parse(
        "$lhs `,` $rhs attr-dict `:` type($result)",
        &shape(vec![all()])
    )
    .is_ok());
    assert!(parse(
        "$lhs `,` $rhs attr-dict `:` type($rhs)",
        &shape(vec![all()])
    )
    .is_ok());
    // A type given by `type(operands)` is not one value's (as in ODS).
    let errors = parse(
        "$lhs `,` $rhs attr-dict `:` type(operands)",
        &shape(vec![all()]),
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("result `result`"), "{errors:?}");
    // `TypesMatchWith` derives its second part from its first only.
    let with = |lhs: &str, rhs: &str| TypeMatch::With {
        lhs: lhs.into(),
        rhs: rhs.into(),
    };
    // A named attribute gives its type, but a derived type gives no other
    // (ODS resolves from given types only).
    let matches = vec![
        with("value", "result"),
        with("value", "lhs"),
        with("value", "rhs"),
    ];
    assert!(parse("$value $lhs `,` $rhs attr-dict", &shape(matches)).is_ok());
    let matches = vec![all(), with("value", "result")];
    assert_eq!(
        parse("$value $lhs `,` $rhs attr-dict", &shape(matches))
            .unwrap_err()
            .len(),
        2
    );
    let errors = parse(
        "$lhs `,` $rhs attr-dict `:` type($result)",
        &shape(vec![with("lhs", "result"), with("lhs", "rhs")]),
    )
    .unwrap_err();
    assert_eq!(errors.len(), 2, "{errors:?}");
}

#[test]
fn prop_dict_once_at_the_top_level() {
    let rest = " $rest $body attr-dict `:` functional-type(operands, results)";
    let parsed = parse(&format!("$input $value prop-dict{rest}"), &shape()).unwrap();
    assert_eq!(parsed[2], Element::PropDict);
    assert!(
        one_error(&format!("$input $value prop-dict prop-dict{rest}"))
            .contains("more than one `prop-dict`")
    );
    assert!(
        one_error(&format!("$input $value (`x` $flag^ prop-dict)?{rest}"))
            .contains("`prop-dict` cannot be inside")
    );
}

/// The full format of the directive tests, with `middle` in the middle.
fn with(middle: &str) -> Result<Vec<Element>, Vec<String>> {
    parse(
        &format!("$input {middle} $value $body attr-dict `:` type(operands) `->` type($output)"),
        &shape(),
    )
}

#[test]
fn string_arguments_of_custom_directives() {
    let elements = with(r#"custom<List>("Delimiter::Paren", $rest, "1 + 1")"#).unwrap();
    let Element::Custom { args, exprs, .. } = &elements[1] else {
        panic!("{elements:?}");
    };
    assert_eq!(args.len(), 1);
    assert_eq!(
        exprs,
        &vec![(0, "Delimiter::Paren".to_owned()), (2, "1 + 1".to_owned())]
    );
    assert!(one_error_of(with(r#"custom<List>("1 +")"#)).contains("does not parse"));
    assert!(one_error_of(with(r#"custom<List>(ref("x"))"#)).contains("without `ref`"));
}

#[test]
fn custom_directives() {
    use Element::*;
    let elements = with("custom<List>($rest, ref($input), $flag)").unwrap();
    assert_eq!(
        elements[1],
        Custom {
            name: "List".into(),
            args: vec![
                CustomArg {
                    target: CustomTarget::Operand(1),
                    by_ref: false
                },
                CustomArg {
                    target: CustomTarget::Operand(0),
                    by_ref: true
                },
                CustomArg {
                    target: CustomTarget::Attribute(1),
                    by_ref: false
                },
            ],
            exprs: vec![],
        }
    );
    // Arguments bind what they name: twice is an error, none is one too.
    assert!(one_error_of(with("custom<List>($rest) $rest")).contains("`$rest` appears twice"));
    assert!(one_error_of(with("custom<Empty>()")).contains("operand `rest` does not appear"));
    // `ref` needs what it names bound before, by itself.
    let e = one_error_of(parse(
        "custom<A>(ref($input)) $input $rest $body attr-dict `:` type(operands) `->` \
         type($output)",
        &shape(),
    ));
    assert!(
        e.contains("refers to `$input` before the format gives it"),
        "{e}"
    );
    let e = one_error_of(with("$rest custom<A>(ref(type($input)))"));
    assert!(e.contains("refers to `type($input)`"), "{e}");
    // What an argument cannot be.
    for (arg, message) in [
        ("$output", "is a result"),
        ("type(operands)", "only refer to variables"),
        ("attr-dict", "cannot be an argument"),
        ("`x`", "cannot be an argument"),
        ("ref(ref($input))", "`ref(ref(...))`"),
        ("ref($body)", "`ref` of a region"),
    ] {
        let e = one_error_of(with(&format!("$rest custom<A>({arg})")));
        assert!(e.contains(message), "{arg}: {e}");
    }
    assert!(one_error_of(with("custom<a-b>($rest)")).contains("is an identifier"));
    assert!(one_error_of(with("ref($rest)")).contains("argument of a custom directive only"));
}

#[test]
fn custom_directives_in_optional_groups() {
    use Element::*;
    let elements = with("(custom<Rest>($rest)^ `x`)?").unwrap();
    assert_eq!(elements[1], OptionalGroup { anchor: 0, len: 2 });
    // The anchor: every argument could be absent.
    let e = one_error_of(with("$rest (custom<Flag>($flag, $value)^)?"));
    assert!(e.contains("cannot anchor"), "{e}");
}

#[test]
fn oilists() {
    use Element::*;
    let elements = with("oilist(`rest` `(` $rest `)` | `flag` $flag)").unwrap();
    assert_eq!(
        &elements[1..10],
        &[
            OIList { len: 8 },
            OIListClause { len: 4 },
            Literal("rest".into()),
            Literal("(".into()),
            Operand(1),
            Literal(")".into()),
            OIListClause { len: 2 },
            Literal("flag".into()),
            Attribute(1),
        ]
    );
    for (list, message) in [
        ("oilist(`a` $value) $rest", "always present"),
        ("oilist(`a` $input) $rest", "single operand"),
        ("oilist(`(` $rest)", "starts with its keyword"),
        ("oilist(`a` $rest", "not closed"),
        (
            "oilist(`a` $rest) oilist(`a` $flag)",
            "two adjacent `oilist`s",
        ),
        ("oilist(`a` $rest) `a` $flag", "and the literal after it"),
        ("($rest^ oilist(`a` $flag))?", "inside an optional group"),
        (
            "oilist(`a` $rest attr-dict)",
            "cannot be in an `oilist` clause",
        ),
    ] {
        let e = one_error_of(with(list));
        assert!(e.contains(message), "{list}: {e}");
    }
}

fn one_error_of(result: Result<Vec<Element>, Vec<String>>) -> String {
    let errors = result.expect_err("an error");
    assert_eq!(errors.len(), 1, "{errors:?}");
    errors.into_iter().next().unwrap()
}
