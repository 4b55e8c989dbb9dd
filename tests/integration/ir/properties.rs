//! Properties of Rust ops (`tests/src/properties.rs`): inherent attributes
//! kept as MLIR 22's ODS keeps them, seen through melior's attribute API and
//! the C API's inherent-attribute functions, the typed accessors and
//! builders, clones, ops built with and without their attributes, `cse`,
//! and a result type inferred from a property.

use mlir_pass::dialect::{self, Op};
use mlir_pass::ir::{OperationExt, WalkOrder};
use mlir_pass::melior::ir::{
    attribute::{IntegerAttribute, StringAttribute},
    operation::{
        OperationBuilder, OperationLike, OperationMutLike, OperationPrintingFlags, WalkResult,
    },
    r#type::IntegerType,
    Attribute, Block, BlockLike, Identifier, Location, Type,
};
use mlir_pass::{Context, Module, PassManager};
use mlir_pass_tests::properties::{FlagsOp, TaggedOp};
use mlir_pass_tests::test_dialect::RTestDialect;

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

fn generic<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> String {
    op.to_string_with_flags(OperationPrintingFlags::new().print_generic_operation_form())
        .unwrap()
}

/// Parses `source`, runs `pipeline`, prints the module in generic form.
fn run_generic(pipeline: &str, source: &str) -> Result<String, String> {
    let context = setup();
    let mut module = Module::parse(&context, source, "input.mlir").map_err(|e| e.to_string())?;
    let mut pm = PassManager::parse(&context, pipeline).map_err(|e| e.to_string())?;
    pm.run(&mut module).map_err(|e| e.to_string())?;
    Ok(module
        .as_operation()
        .melior()
        .to_string_with_flags(OperationPrintingFlags::new().print_generic_operation_form())
        .unwrap())
}

const SOURCE: &str = r#"
func.func @f(%a: i64) -> i64 {
  %0 = rtest.flags %a <{level = 1 : i64, tag = "t"}> {note} : i64
  return %0 : i64
}
"#;

#[test]
fn melior_s_attribute_api_reads_and_writes_properties() {
    let context = setup();
    let module = Module::parse(&context, SOURCE, "input.mlir").unwrap();
    let int = |v: i64| -> Attribute {
        IntegerAttribute::new(IntegerType::new(context.as_melior(), 64).into(), v).into()
    };
    let mut seen = 0;
    module
        .as_operation()
        .melior_mut()
        .walk_ops(WalkOrder::PreOrder, |mut flags| {
            let Some(typed) = FlagsOp::cast(&flags) else {
                return WalkResult::Advance;
            };
            seen += 1;
            // Typed accessors read the properties.
            assert_eq!(typed.level().value(), 1);
            assert_eq!(typed.tag().map(|t| t.value().to_owned()), Some("t".to_owned()));

            // Inherent attributes are found by every accessor; the
            // discardable one is not inherent.
            assert_eq!(flags.attribute("level").unwrap(), int(1));
            assert_eq!(flags.inherent_attribute("level").unwrap(), int(1));
            assert!(flags.has_inherent_attribute("level"));
            assert!(flags.has_inherent_attribute("tag"));
            assert!(!flags.has_inherent_attribute("note"));
            assert!(flags.discardable_attribute("level").is_err());
            assert!(flags.discardable_attribute("note").is_ok());
            // The default was set on creation.
            assert_eq!(flags.attribute("scale").unwrap(), int(2));
            // `attributes()` lists both kinds.
            let names: Vec<String> = flags
                .attributes()
                .map(|(name, _)| name.as_string_ref().as_str().unwrap().to_owned())
                .collect();
            assert_eq!(names, ["level", "note", "scale", "tag"]);

            // Writing an inherent attribute writes the property; removing an
            // optional one unsets it; a discardable attribute goes to the
            // dictionary.
            flags.set_attribute("level", int(9));
            flags.remove_attribute("tag").unwrap();
            flags.set_attribute("extra", int(3));
            assert_eq!(
                generic(&flags),
                r#"%0 = "rtest.flags"(%arg0) <{level = 9 : i64, scale = 2 : i64}> {extra = 3 : i64, note} : (i64) -> i64"#
            );
            assert!(flags.has_inherent_attribute("tag"));
            assert!(flags.inherent_attribute("tag").is_err());
            assert!(flags.remove_attribute("tag").is_err());
            // A value of the wrong kind leaves the property unset, as ODS's
            // `setInherentAttr` does (the verifier then asks for it).
            flags.set_attribute(
                "level",
                StringAttribute::new(context.as_melior(), "nine").into(),
            );
            assert!(flags.attribute("level").is_err());
            WalkResult::Advance
        });
    assert_eq!(seen, 1);
    assert!(!module.as_operation().melior().verify());
}

#[test]
fn clones_and_ops_built_from_attributes_have_the_same_properties() {
    let context = setup();
    dialect::load::<RTestDialect>(context.as_ref()).unwrap();
    let ctx = context.as_melior();
    let location = Location::unknown(ctx);
    let i64_type: Type = IntegerType::new(ctx, 64).into();
    let block = Block::new(&[(i64_type, location)]);
    let input = block.argument(0).unwrap().into();
    let typed_int = |v: i64| IntegerAttribute::new(i64_type, v);
    let int = |v: i64| -> Attribute { typed_int(v).into() };

    // The typed builder, and the generic builder with the attributes given
    // as a dictionary: the same op.
    let built = FlagsOp::build(location, input, typed_int(4), None, None);
    let generic_built = OperationBuilder::new("rtest.flags", location)
        .add_operands(&[input])
        .add_results(&[i64_type])
        .add_attributes(&[
            (Identifier::new(ctx, "level"), int(4)),
            (Identifier::new(ctx, "other"), int(5)),
        ])
        .build()
        .unwrap();
    let expected = r#""rtest.flags"(<<UNKNOWN SSA VALUE>>) <{level = 4 : i64, scale = 2 : i64}>"#;
    assert!(generic(&built).contains(expected), "{}", generic(&built));
    assert!(
        generic(&generic_built).contains(&format!("{expected} {{other = 5 : i64}}")),
        "{}",
        generic(&generic_built)
    );
    // Without the required attribute: no properties set but the default.
    let bare = OperationBuilder::new("rtest.flags", location)
        .add_operands(&[input])
        .add_results(&[i64_type])
        .build()
        .unwrap();
    assert!(
        generic(&bare).contains("<{scale = 2 : i64}>"),
        "{}",
        generic(&bare)
    );

    // A clone copies the properties; changing one leaves the other.
    let mut copy = built.clone();
    assert_eq!(generic(&copy), generic(&built));
    copy.set_attribute("level", int(8));
    assert!(generic(&copy).contains("level = 8"));
    assert!(generic(&built).contains("level = 4"));
    drop(built);
    assert!(generic(&copy).contains("level = 8"));

    // An op whose format names one attribute prints the other in its
    // dictionary, as ODS does (`func.call`'s `no_inline`).
    let tagged = TaggedOp::build(
        location,
        input,
        typed_int(3),
        Some(StringAttribute::new(ctx, "x")),
    );
    assert!(
        tagged
            .to_string()
            .contains(r#"rtest.tagged <<UNKNOWN SSA VALUE>> by 3 {tag = "x"} : i64"#),
        "{tagged}"
    );
}

#[test]
fn cse_compares_properties() {
    let source = r#"
    func.func @f(%a: i64) -> (i64, i64, i64, i64) {
      %0 = rtest.flags %a <{level = 1 : i64}> : i64
      %1 = rtest.flags %a <{level = 1 : i64, scale = 2 : i64}> : i64
      %2 = rtest.flags %a <{level = 2 : i64}> : i64
      %3 = "rtest.flags"(%a) {level = 1 : i64, tag = "t"} : (i64) -> i64
      return %0, %1, %2, %3 : i64, i64, i64, i64
    }
    "#;
    let printed = run_generic("builtin.module(func.func(cse))", source).unwrap();
    // %0 and %1 are the same op (the default is a property); %2 and %3
    // differ from it by a property.
    assert_eq!(printed.matches("\"rtest.flags\"").count(), 3, "{printed}");
    assert!(
        printed.contains(r#""func.return"(%0, %0, %1, %2)"#),
        "{printed}"
    );
}

#[test]
fn a_result_type_is_inferred_from_a_property() {
    let printed = run_generic(
        "builtin.module()",
        "func.func @f() { %0 = rtest.make_int 8  return }",
    )
    .unwrap();
    assert!(
        printed.contains(r#"%0 = "rtest.make_int"() <{width = 8 : i64}> : () -> i8"#),
        "{printed}"
    );
    // The verifier infers it again, from the property, and compares.
    let error = run_generic(
        "builtin.module()",
        r#"func.func @f() { %0 = "rtest.make_int"() <{width = 8 : i64}> : () -> i16  return }"#,
    )
    .unwrap_err();
    assert!(
        error.contains("'rtest.make_int' op inferred type(s) 'i8' are incompatible with return type(s) of operation 'i16'"),
        "{error}"
    );
}
