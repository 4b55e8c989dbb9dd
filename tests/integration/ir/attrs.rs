//! Enums, dialect attributes and parameter formats (`#[mlir_enum]`,
//! `#[mlir_attr]`, `format = "..."` on `#[mlir_type]`) on the `calc` test
//! dialect, compared byte for byte with the upstream ops they copy:
//! `calc.cmp` is `index.cmp` (an `EnumAttr` of the dialect), `calc.cmpi`
//! is `arith.cmpi` (an `I64EnumAttr`). Both are parsed and printed in one
//! context; the upstream text, with its names swapped, must equal ours.

use mlir_pass::dialect::{DialectAttr, DialectType, MlirEnum, Op};
use mlir_pass::melior::ir::{
    operation::OperationLike, r#type::IntegerType, Attribute, Block, BlockLike, Location, Region,
    RegionLike, Type,
};
use mlir_pass::{Context, Module};
use mlir_pass_tests::calc::{
    CalcDialect, CmpIOp, CmpIPredicate, CmpPredicate, CmpPredicateAttr, FixedType, PointAttr,
    RangeAttr,
};

fn setup() -> Context {
    let _ = CmpIOp::operation_name();
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// `source` parsed and printed (custom form), or the parse error.
fn round_trip(context: &Context, source: &str) -> Result<String, String> {
    Module::parse(context, source, "input.mlir")
        .map(|m| m.to_string())
        .map_err(|e| e.to_string())
}

/// Parses `upstream`, prints it, and swaps the upstream names for ours:
/// what our dialect must print for the same input with the names swapped.
fn upstream(context: &Context, source: &str, swaps: &[(&str, &str)]) -> String {
    let mut text = round_trip(context, source).expect("upstream parses");
    for (from, to) in swaps {
        text = text.replace(from, to);
    }
    text
}

const INDEX_SWAPS: &[(&str, &str)] = &[("index.cmp", "calc.cmp"), ("#index<", "#calc<")];

#[test]
fn an_enum_attribute_of_the_dialect_prints_as_index_cmp_does() {
    let context = setup();
    for pred in [
        "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
    ] {
        let theirs = format!(
            "func.func @f(%a: index, %b: index) -> i1 {{\n  %0 = index.cmp {pred}(%a, %b)\n  \
             %1 = index.cmp {pred}(%a, %b) {{note = #index<cmp_predicate {pred}>}}\n  \
             return %0 : i1\n}}"
        );
        let ours = theirs
            .replace("index.cmp", "calc.cmp")
            .replace("#index<", "#calc<")
            .replace(": index", ": i64");
        let expected = upstream(&context, &theirs, INDEX_SWAPS).replace(": index", ": i64");
        assert_eq!(round_trip(&context, &ours).unwrap(), expected, "{pred}");
        assert!(expected.contains(&format!("calc.cmp {pred}(%arg0, %arg1)")));
        assert!(expected.contains(&format!("#calc<cmp_predicate {pred}>")));
    }
}

#[test]
fn an_enum_attribute_accepts_a_string_and_the_full_attribute_as_upstream() {
    let context = setup();
    // ODS's enum parser takes a keyword or a string; an op's format takes
    // the attribute written in full too (`parseCustomAttributeWithFallback`).
    for form in ["\"slt\"", "#index<cmp_predicate slt>"] {
        let theirs = format!(
            "func.func @f(%a: index, %b: index) -> i1 {{\n  %0 = index.cmp {form}(%a, %b)\n  \
             return %0 : i1\n}}"
        );
        let ours = theirs
            .replace("index.cmp", "calc.cmp")
            .replace("#index<", "#calc<")
            .replace(": index", ": i64");
        let expected = upstream(&context, &theirs, INDEX_SWAPS).replace(": index", ": i64");
        assert_eq!(round_trip(&context, &ours).unwrap(), expected, "{form}");
    }
}

#[test]
fn bad_enum_cases_are_errors_in_upstream_s_words() {
    let context = setup();
    let theirs = round_trip(
        &context,
        "func.func @f(%a: index, %b: index) -> i1 {\n  %0 = index.cmp slx(%a, %b)\n  return %0 : i1\n}",
    )
    .unwrap_err();
    // One more space: `calc.cmp` is one character shorter than `index.cmp`,
    // so the columns match.
    let ours = round_trip(
        &context,
        "func.func @f(%a: i64, %b: i64) -> i1 {\n  %0 =  calc.cmp slx(%a, %b)\n  return %0 : i1\n}",
    )
    .unwrap_err();
    // `expected ::mlir::index::IndexCmpPredicate to be one of: ...` at the
    // keyword, then ODS's `failed to parse ... parameter 'value'`.
    assert_eq!(
        ours.replace("calc.cmp", "index.cmp")
            .replace("CmpPredicateAttr", "IndexCmpPredicateAttr"),
        theirs,
        "ours:\n{ours}\ntheirs:\n{theirs}"
    );
    let theirs = round_trip(
        &context,
        "module attributes {x = #index<cmp_predicate 3>} {}",
    )
    .unwrap_err();
    let ours = round_trip(
        &context,
        "module attributes {x =  #calc<cmp_predicate 3>} {}",
    )
    .unwrap_err();
    assert_eq!(
        ours.replace("CmpPredicateAttr", "IndexCmpPredicateAttr"),
        theirs
    );
}

#[test]
fn an_integer_enum_attribute_prints_as_arith_cmpi_does() {
    let context = setup();
    for pred in [
        "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
    ] {
        let theirs = format!(
            "func.func @f(%a: i64, %b: i64) -> i1 {{\n  %0 = arith.cmpi {pred}, %a, %b : i64\n  \
             %1 = arith.cmpi \"{pred}\", %a, %b {{note}} : i64\n  return %0 : i1\n}}"
        );
        let ours = theirs.replace("arith.cmpi", "calc.cmpi");
        let expected = upstream(&context, &theirs, &[("arith.cmpi", "calc.cmpi")]);
        assert_eq!(round_trip(&context, &ours).unwrap(), expected, "{pred}");
    }
    // The errors of a bad keyword and a bad string, as ODS words them.
    for bad in ["slx", "\"slx\"", "3"] {
        let theirs = round_trip(
            &context,
            &format!("func.func @f(%a: i64) -> i1 {{\n  %0 = arith.cmpi {bad}, %a, %a : i64\n  return %0 : i1\n}}"),
        )
        .unwrap_err();
        // One more space, for the shorter name.
        let ours = round_trip(
            &context,
            &format!("func.func @f(%a: i64) -> i1 {{\n  %0 =  calc.cmpi {bad}, %a, %a : i64\n  return %0 : i1\n}}"),
        )
        .unwrap_err();
        assert_eq!(ours, theirs.replace("arith.cmpi", "calc.cmpi"), "{bad}");
    }
}

#[test]
fn an_integer_enum_attribute_out_of_its_cases_fails_as_ods_says() {
    let context = setup();
    let source = |name: &str| {
        format!(
            "func.func @f(%a: i64) -> i1 {{\n  %0 = \"{name}\"(%a, %a) {{predicate = 12 : i64}} : (i64, i64) -> i1\n  return %0 : i1\n}}"
        )
    };
    let theirs = round_trip(&context, &source("arith.cmpi")).unwrap_err();
    let ours = round_trip(&context, &source("calc.cmpi")).unwrap_err();
    // arith's CmpIPredicate has 10 cases as ours: the same message, but the
    // op's name and the generic form's properties (`<{...}>`, arith's).
    let line = |s: &str| {
        s.lines()
            .next()
            .unwrap_or("")
            .replace("arith.cmpi", "calc.cmpi")
    };
    assert_eq!(line(&ours), line(&theirs));
    assert!(ours.contains(
        "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer \
         cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"
    ));
}

#[test]
fn typed_handles_take_and_give_rust_values() {
    let context = setup();
    mlir_pass::dialect::load::<CalcDialect>(context.as_ref()).unwrap();
    let c = context.as_melior();
    let slt = CmpPredicateAttr::get(c, CmpPredicate::Slt).unwrap();
    assert_eq!(slt.value(), CmpPredicate::Slt);
    assert_eq!(slt.to_string(), "#calc<cmp_predicate slt>");
    assert_eq!(CmpPredicateAttr::cast(slt.to_attribute()), Some(slt));
    assert_eq!(CmpPredicate::Slt.to_string(), "slt");
    assert_eq!("uge".parse::<CmpPredicate>(), Ok(CmpPredicate::Uge));
    assert!("sl"
        .parse::<CmpPredicate>()
        .unwrap_err()
        .contains("eq, ne, slt"));
    assert_eq!(CmpIPredicate::Equal.keyword(), "eq");
    assert_eq!(CmpIPredicate::from_value(8), Some(CmpIPredicate::Ugt));
    assert_eq!(CmpIPredicate::from_value(10), None);

    let range = RangeAttr::get(c, -3, 16).unwrap();
    assert_eq!((range.low(), range.high()), (-3, 16));
    assert_eq!(range.to_string(), "#calc.range<-3, 16>");
    assert_eq!(
        RangeAttr::get(c, 2, 1).unwrap_err(),
        "an empty range: 2 is greater than 1"
    );
    assert_ne!(
        RangeAttr::cast(slt.to_attribute()).map(|r| r.to_attribute()),
        Some(slt.to_attribute())
    );

    let point = PointAttr::get(c, "origin \"0\"".to_owned(), 1.5, -2.0).unwrap();
    assert_eq!(point.label(), "origin \"0\"");
    assert_eq!(
        point.to_string(),
        "#calc.point<\"origin \\220\\22\" at 1.500000e+00, -2.000000e+00>"
    );
    let parsed = Attribute::parse(c, &point.to_string()).unwrap();
    assert_eq!(parsed, point.to_attribute());

    let fixed = FixedType::get(c, 16).unwrap();
    assert_eq!(fixed.width(), 16);
    assert_eq!(fixed.to_string(), "!calc.fixed<16>");
    assert_eq!(Type::parse(c, "!calc.fixed<16>"), Some(fixed.to_type()));
    assert_eq!(
        FixedType::get(c, 0).unwrap_err(),
        "a fixed-point width is 1 to 128 bits, but got 0"
    );

    // An op's enum attribute: the builder takes the enum, the accessor
    // gives it back; the attribute is an `i64` integer.
    let location = Location::unknown(c);
    let i64_type: Type = IntegerType::new(c, 64).into();
    let block = Block::new(&[(i64_type, location), (i64_type, location)]);
    let op = CmpIOp::build(
        location,
        IntegerType::new(c, 1).into(),
        block.argument(0).unwrap().into(),
        block.argument(1).unwrap().into(),
        CmpIPredicate::Sge,
    );
    let op = block.append_operation(op);
    let typed = CmpIOp::cast(&op).unwrap();
    assert_eq!(typed.predicate(), CmpIPredicate::Sge);
    assert_eq!(op.attribute("predicate").unwrap().to_string(), "5 : i64");
    let region = Region::new();
    region.append_block(block);
    drop(region);
}

#[test]
fn dialect_attributes_and_type_formats_round_trip() {
    let context = setup();
    let source = r#"module attributes {calc.a = #calc<cmp_predicate uge>, calc.b = #calc.range<0, 16>, calc.c = #calc.point<"p" at 2.5, 0x7FF0000000000000>} {
  func.func @f(%a: i64, %x: !calc.fixed<8>) -> i1 {
    %0 = calc.within %a in <-1, 1> : i64
    %1 = calc.within %a in <2, 3> {note = #calc.range<2, 3>} : i64
    return %0 : i1
  }
}"#;
    let printed = round_trip(&context, source).unwrap();
    assert_eq!(
        printed,
        r#"module attributes {calc.a = #calc<cmp_predicate uge>, calc.b = #calc.range<0, 16>, calc.c = #calc.point<"p" at 2.500000e+00, 0x7FF0000000000000>} {
  func.func @f(%arg0: i64, %arg1: !calc.fixed<8>) -> i1 {
    %0 = calc.within %arg0 in <-1, 1> : i64
    %1 = calc.within %arg0 in <2, 3> {note = #calc.range<2, 3>} : i64
    return %0 : i1
  }
}"#
    );
    // What is printed parses back to the same text.
    assert_eq!(round_trip(&context, &printed).unwrap(), printed);
}

#[test]
fn malformed_attribute_and_type_syntax_is_a_parse_error_at_its_place() {
    let context = setup();
    let cases = [
        (
            "module attributes {x = #calc.range<16, 0>} {}",
            "input.mlir:1:30: error: an empty range: 16 is greater than 0",
        ),
        (
            "module attributes {x = #calc.range<16>} {}",
            "input.mlir:1:38: error: expected ','",
        ),
        (
            "module attributes {x = #calc.range<a, 1>} {}",
            "error: failed to parse RangeAttr parameter 'low' which is to be a `i64`",
        ),
        (
            "module attributes {x = #calc.nope<1>} {}",
            "input.mlir:1:30: error: unknown attribute `nope` in dialect `calc`",
        ),
        (
            "func.func private @f(!calc.fixed<0>)",
            "error: a fixed-point width is 1 to 128 bits, but got 0",
        ),
        (
            // As ODS's `parseInteger<unsigned>`: -1 reads as its bits.
            "func.func private @f(!calc.fixed<-1>)",
            "error: a fixed-point width is 1 to 128 bits, but got 4294967295",
        ),
        (
            "func.func private @f(!calc.fixed<x>)",
            "error: failed to parse FixedType parameter 'width' which is to be a `u32`",
        ),
        (
            "func.func private @f(!calc.fixed<4294967296>)",
            "integer value too large",
        ),
        (
            "module attributes {x = #calc.point<\"p\" 1.0, 2.0>} {}",
            "error: expected 'at'",
        ),
        (
            "func.func @f(%a: i64) -> i1 {\n  %0 = calc.within %a in <3, 1> : i64\n  return %0 : i1\n}",
            "input.mlir:2:26: error: custom op 'calc.within' an empty range: 3 is greater than 1",
        ),
    ];
    for (source, expected) in cases {
        let error = round_trip(&context, source).expect_err(source);
        assert!(
            error.contains(expected),
            "for {source}:\nexpected `{expected}` in:\n{error}"
        );
    }
}

#[test]
fn a_panicking_attribute_parser_or_printer_is_an_error_not_an_abort() {
    let context = setup();
    let error = round_trip(
        &context,
        "module attributes {x = #calc.point<\"panic\" at 1.0, 2.0>} {}",
    )
    .unwrap_err();
    assert!(
        error.contains(
            "input.mlir:1:44: error: the parser of `PointAttr` ('point') panicked: \
                        assertion `left != right` failed: the point parser blew up"
        ),
        "{error}"
    );
    // A printer cannot fail: the text gets a marker that does not parse
    // back, and the failure is counted (`opt_main` and the plugin exit 1).
    let before = mlir_pass::dialect::print_failures();
    let printed = round_trip(
        &context,
        "module attributes {calc.x = #calc.point<\"panic-print\" at 1.0, 2.0>} {}",
    )
    .unwrap();
    assert!(
        printed.contains("#calc.point<<the printer of `PointAttr` ('point') panicked: "),
        "{printed}"
    );
    assert!(mlir_pass::dialect::print_failures() > before);
    assert!(round_trip(&context, &printed).is_err());
}

#[test]
fn the_dialect_docs_list_attributes_and_formats() {
    let _ = setup();
    let docs = mlir_pass::dialect::dialect_docs();
    for expected in [
        "### `#calc.range` (RangeAttr)",
        "Syntax: `#calc.range (format: `<` $low `,` $high `>`)`",
        "Syntax: `#calc.cmp_predicate (format: $value)`",
        "Syntax: `#calc.point (hand-written syntax)`",
        "Syntax: `!calc.fixed (format: `<` $width `>`)`",
        "| `width` | 32-bit signless integer attribute (`u32`) |",
        "| `value` | Comparison predicates, as `index.cmp`'s (`IndexCmpPredicate`). (`::mlir::index::IndexCmpPredicate`) |",
    ] {
        assert!(docs.contains(expected), "`{expected}` in:\n{docs}");
    }
}

#[test]
fn a_typed_attribute_prints_and_parses_as_complex_number_does() {
    let context = setup();
    for (values, element) in [
        ("1.0, 0.0", "f64"),
        ("0.1, 123456789.0", "f64"),
        ("0.33333333333333331, 9.9999999999999995E-8", "f64"),
        ("1.0e39, -0.0", "f32"),
        ("0.1, 0.5", "f128"),
        ("0x7FF8000000000000, 2.5", "f16"),
    ] {
        let theirs = format!(
            "module attributes {{a.x = #complex.number<:{element} {values}>, a.y = \
             #complex.number<:{element} {values}> : complex<{element}>}} {{}}"
        );
        let ours = theirs.replace("#complex.", "#calc.");
        let expected = upstream(&context, &theirs, &[("#complex.", "#calc.")]);
        assert_eq!(round_trip(&context, &ours).unwrap(), expected, "{values}");
        assert!(
            expected.contains(&format!(": complex<{element}>")),
            "{expected}"
        );
    }
    // Errors, as upstream's where it has one (a non-float element type
    // crashes the stock mlir-opt 22; ours is an error).
    let error = round_trip(
        &context,
        "module attributes {a.x = #calc.number<:i32 1.0, 0.0>} {}",
    )
    .unwrap_err();
    assert!(
        error.contains("error: element type of the complex attribute must be float like type."),
        "{error}"
    );
    // The type of a typed attribute with a format is the one written after
    // it (none when there is none).
    let printed = round_trip(
        &context,
        "module attributes {a.x = #calc.imm<5> : i32, a.y = #calc.imm<-1>} {}",
    )
    .unwrap();
    assert_eq!(
        printed,
        "module attributes {a.x = #calc.imm<5> : i32, a.y = #calc.imm<-1>} {\n}"
    );
}

#[test]
fn upstream_attributes_print_without_their_name_as_arith_addf_does() {
    let context = setup();
    let theirs = "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b : f32\n  \
                  %1 = arith.addf %0, %b fastmath<fast> : f32\n  \
                  %2 = arith.addf %1, %b fastmath<nnan,ninf> {note} : f32\n  \
                  %3 = arith.addf %2, %b fastmath<none> : f32\n  \
                  %4 = arith.addf %3, %b fastmath<reassoc,contract> : f32\n  return %4 : f32\n}";
    let ours = theirs.replace("arith.addf", "calc.addf");
    let expected = upstream(&context, theirs, &[("arith.addf", "calc.addf")]);
    assert_eq!(round_trip(&context, &ours).unwrap(), expected);
    assert!(expected.contains("calc.addf %0, %arg1 fastmath<fast> : f32"));
    assert!(
        expected.contains("%3 = calc.addf %2, %arg1 : f32"),
        "{expected}"
    );
    // A bad flag is upstream's error.
    let bad = "func.func @f(%a: f32) -> f32 {\n  %0 =  calc.addf %a, %a fastmath<bogus> : f32\n  return %0 : f32\n}";
    let theirs = round_trip(&context, &bad.replace(" calc.addf", "arith.addf")).unwrap_err();
    let ours = round_trip(&context, bad).unwrap_err();
    assert_eq!(ours.replace("calc.addf", "arith.addf"), theirs);
}
