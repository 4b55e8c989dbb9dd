//! Bit enums (`#[mlir_enum(bit)]`, ODS's `I32BitEnumAttr`/`I64BitEnumAttr`)
//! on the `rbits` test dialect: `Flags<E>` as a Rust value (C++'s `|`,
//! `&`, `^`, `~`, `bitEnumContainsAll/Any`, `stringify`, `symbolize`), as
//! a parameter (`#rbits.fastmath<...>`, compared byte for byte with
//! `#arith.fastmath<...>` and `arith.addf`, parsed and printed in one
//! context) and as a plain op attribute (`rbits.access`).

use mlir_pass::dialect::{Flags, MlirBitEnum, Op};
use mlir_pass::melior::ir::{
    operation::{OperationLike, OperationPrintingFlags},
    r#type::IntegerType,
    Block, BlockLike, Location, Region, RegionLike,
};
use mlir_pass::{Context, Module};
use mlir_pass_tests::flags::{Access, AccessAttr, AccessOp, AddFOp, FastMath, FastMathAttr};

fn setup() -> Context {
    let _ = AddFOp::operation_name();
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// `source` parsed and printed (custom or generic form), or the error.
fn print(context: &Context, source: &str, generic: bool) -> Result<String, String> {
    Module::parse(context, source, "input.mlir")
        .map(|m| {
            if generic {
                m.as_operation()
                    .melior()
                    .to_string_with_flags(
                        OperationPrintingFlags::new().print_generic_operation_form(),
                    )
                    .unwrap()
            } else {
                m.to_string()
            }
        })
        .map_err(|e| e.to_string())
}

#[test]
fn flags_combine_as_cpp_s_operators_do() {
    let nnan_ninf = FastMath::Nnan | FastMath::Ninf;
    assert_eq!(nnan_ninf.bits(), 6);
    assert!(nnan_ninf.contains(FastMath::Nnan));
    assert!(!nnan_ninf.contains(FastMath::Nnan | FastMath::Afn));
    assert!(nnan_ninf.intersects(FastMath::Nnan | FastMath::Afn));
    assert!(!nnan_ninf.intersects(FastMath::Afn));
    assert_eq!((nnan_ninf & FastMath::Ninf), Flags::from(FastMath::Ninf));
    assert_eq!((nnan_ninf ^ FastMath::Ninf), Flags::from(FastMath::Nnan));
    // `~` keeps to the enum's bits, as C++'s does (`& 127`).
    assert_eq!((!nnan_ninf).bits(), 127 & !6);
    assert_eq!((!FastMath::Fast).bits(), 0);
    assert!((!FastMath::Fast).is_empty());
    assert_eq!(Flags::<FastMath>::all(), Flags::from(FastMath::Fast));
    let mut flags = Flags::<FastMath>::empty();
    flags |= FastMath::Afn;
    flags.insert(FastMath::Nsz);
    flags.set(FastMath::Afn, false);
    assert_eq!(flags, Flags::from(FastMath::Nsz));
    flags.remove(FastMath::Nsz);
    assert!(flags.is_empty());
    assert_eq!(Flags::<FastMath>::from_bits(128), None);
    assert_eq!(Flags::<FastMath>::from_bits_truncate(129).bits(), 1);
    let collected: Flags<FastMath> = [FastMath::Reassoc, FastMath::Arcp].into_iter().collect();
    assert_eq!(collected.bits(), 17);
    assert_eq!(FastMath::Fast.bits(), 127);
    assert_eq!(FastMath::from_bits(127), Some(FastMath::Fast));
    assert_eq!(Access::High.bits(), 1 << 63);
    assert_eq!(Access::ReadWrite.bits(), 3);
}

#[test]
fn display_and_from_str_are_ods_stringify_and_symbolize() {
    // With `print_primary_groups`, as arith's: the group first, taking its
    // bits; `none` for no flag.
    assert_eq!((FastMath::Nnan | FastMath::Ninf).to_string(), "nnan,ninf");
    assert_eq!(Flags::<FastMath>::all().to_string(), "fast");
    assert_eq!(Flags::<FastMath>::empty().to_string(), "none");
    assert_eq!(
        (FastMath::Afn | FastMath::Reassoc).to_string(),
        "reassoc,afn"
    );
    // Without it: every case whose bits are all set, in declaration order.
    assert_eq!(
        (Access::Read | Access::Write | Access::Execute).to_string(),
        "read|write|exec|rw"
    );
    // No none case: nothing.
    assert_eq!(Flags::<Access>::empty().to_string(), "");
    assert_eq!((Access::Execute | Access::High).to_string(), "exec|high");

    let parse = |s: &str| s.parse::<Flags<FastMath>>().map(|f| f.bits());
    assert_eq!(parse("nnan,ninf"), Ok(6));
    assert_eq!(parse(" nnan , ninf "), Ok(6));
    assert_eq!(parse("fast"), Ok(127));
    assert_eq!(parse("none"), Ok(0));
    // `none` is a case only alone, as in C++'s `symbolize`.
    assert!(parse("none,nnan").is_err());
    assert!(parse("nnan|ninf").is_err());
    assert!(parse("").is_err());
    let error = parse("nnan,bogus").unwrap_err();
    assert!(
        error.contains(
            "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, \
             arcp, contract, afn, fast"
        ),
        "{error}"
    );
    assert_eq!(
        "rw | exec".parse::<Flags<Access>>().map(|f| f.bits()),
        Ok(7)
    );
    assert_eq!("nnan".parse::<FastMath>(), Ok(FastMath::Nnan));
    assert!("nnan,ninf".parse::<FastMath>().is_err());
    assert_eq!(FastMath::Fast.to_string(), "fast");

    let cases: Vec<FastMath> = (FastMath::Fast | FastMath::Nnan).iter().collect();
    assert_eq!(cases, [FastMath::Fast]);
    let cases: Vec<Access> = (Access::Read | Access::Write).iter().collect();
    assert_eq!(cases, [Access::Read, Access::Write, Access::ReadWrite]);
}

/// `#rbits.fastmath<...>` and `rbits.addf` print and fail as
/// `#arith.fastmath<...>` and `arith.addf` do, in custom and generic form.
#[test]
fn a_bit_enum_parameter_is_arith_fastmath_byte_for_byte() {
    let context = setup();
    let inputs = [
        "module attributes {x.a = #arith.fastmath<nnan,ninf>, x.b = #arith.fastmath<fast>, \
         x.c = #arith.fastmath<none>, x.d = #arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>, \
         x.e = #arith.fastmath<\"nnan,ninf\", afn>, x.f = #arith.fastmath<contract , reassoc>} {}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b fastmath<nnan,ninf> : f32\n  \
         %1 = arith.addf %0, %b fastmath<fast> : f32\n  %2 = arith.addf %1, %b fastmath<none> : f32\n  \
         %3 = arith.addf %2, %b : f32\n  %4 = arith.addf %3, %b fastmath<fast,nsz> : f32\n  \
         return %4 : f32\n}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b fastmath<nnan,bogus> : f32\n  return %0 : f32\n}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b fastmath<none,nnan> : f32\n  return %0 : f32\n}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b fastmath<> : f32\n  return %0 : f32\n}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b fastmath<nnan|ninf> : f32\n  return %0 : f32\n}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b fastmath<\"nnan,bogus\"> : f32\n  return %0 : f32\n}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b fastmath<nnan,> : f32\n  return %0 : f32\n}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = \"arith.addf\"(%a, %b) {fastmath = 3 : i32} : (f32, f32) -> f32\n  return %0 : f32\n}",
        "func.func @f(%a: f32, %b: f32) -> f32 {\n  %0 = arith.addf %a, %b fastmath<5> : f32\n  return %0 : f32\n}",
    ];
    let swap = |text: &str| {
        text.replace("arith.addf", "rbits.addf")
            .replace("#arith.fastmath", "#rbits.fastmath")
    };
    for theirs in inputs {
        let ours = swap(theirs);
        for generic in [false, true] {
            let expected = match print(&context, theirs, generic) {
                Ok(text) => Ok(swap(&text)),
                // Our attribute's name in messages is its Rust name.
                Err(e) => Err(swap(&e).replace("Arith_FastMathAttr", "FastMathAttr")),
            };
            assert_eq!(print(&context, &ours, generic), expected, "{ours}");
        }
    }
}

#[test]
fn typed_handles_builders_and_accessors_take_flags() {
    let context = setup();
    let c = context.as_melior();
    mlir_pass::dialect::load::<mlir_pass_tests::flags::RBitsDialect>(context.as_ref()).unwrap();
    let attr = FastMathAttr::get(c, FastMath::Nnan | FastMath::Ninf).unwrap();
    assert_eq!(attr.value(), FastMath::Nnan | FastMath::Ninf);
    assert_eq!(attr.to_string(), "#rbits.fastmath<nnan,ninf>");
    let access = AccessAttr::get(c, Access::High.into()).unwrap();
    assert_eq!(access.to_string(), "#rbits.access<high>");

    let location = Location::unknown(c);
    let block = Block::new(&[]);
    let op = AccessOp::build(
        location,
        IntegerType::new(c, 64).into(),
        Access::Read | Access::Execute,
    );
    let op = block.append_operation(op);
    let typed = AccessOp::cast(&op).unwrap();
    assert_eq!(typed.rights(), Access::Read | Access::Execute);
    assert_eq!(op.attribute("rights").unwrap().to_string(), "5 : i64");
    assert!(op.to_string().contains("rbits.access \"read|exec\" : i64"));
    let region = Region::new();
    region.append_block(block);
    drop(region);
}

/// A plain bit enum op attribute prints as ODS's format does: one flag
/// bare, anything else quoted (ODS's generated printer), and parses back,
/// through the generic form too.
#[test]
fn a_bit_enum_op_attribute_prints_one_flag_bare_and_a_set_quoted() {
    let context = setup();
    let source = "%0 = rbits.access read : i64\n%1 = rbits.access \"read|write\" : i64\n\
                  %2 = rbits.access \"rw\" : i64\n%3 = rbits.access \"exec | high\" : i64\n\
                  %4 = rbits.access rw : i64";
    let text = print(&context, source, false).unwrap();
    assert_eq!(
        text,
        "module {\n  %0 = rbits.access read : i64\n  %1 = rbits.access \"read|write|rw\" : i64\n  \
         %2 = rbits.access \"read|write|rw\" : i64\n  %3 = rbits.access \"exec|high\" : i64\n  \
         %4 = rbits.access \"read|write|rw\" : i64\n}"
    );
    let generic = print(&context, source, true).unwrap();
    assert!(
        generic.contains("<{rights = -9223372036854775804 : i64}>"),
        "{generic}"
    );
    assert_eq!(print(&context, &generic, false).unwrap(), text);
    let error = print(&context, "%0 = rbits.access bogus : i64", false).unwrap_err();
    assert!(
        error.contains(
            "expected string or keyword containing one of the following enum values for \
             attribute 'rights' [read, write, exec, rw, high]"
        ),
        "{error}"
    );
    let error = print(&context, "%0 = rbits.access \"read|x\" : i64", false).unwrap_err();
    assert!(
        error.contains("invalid rights attribute specification: \"read|x\""),
        "{error}"
    );
    let error = print(
        &context,
        "%0 = \"rbits.access\"() <{rights = 8 : i64}> : () -> i64",
        false,
    )
    .unwrap_err();
    assert!(
        error.contains("attribute 'rights' failed to satisfy constraint: access rights"),
        "{error}"
    );
}
