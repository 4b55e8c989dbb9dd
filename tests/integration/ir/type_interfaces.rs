//! Upstream type interfaces on Rust types (`tests/src/type_interfaces.rs`):
//! what each type declares, read back, and MLIR acting on it: memrefs and
//! vectors of the types that declare themselves elements, refused in
//! MLIR's words for the others, and values named after their type.

use mlir_pass::{
    dialect::{type_interfaces, DialectType, TypeInterface},
    Context, Module,
};
use mlir_pass_tests::type_interfaces::{FixedType, PlainType, TokenType};

fn setup() -> Context {
    let _ = mlir_pass_tests::type_interfaces::RTyIfDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

#[test]
fn the_declared_interfaces_are_read_back() {
    let mut fixed = type_interfaces(FixedType::definition());
    fixed.sort_by_key(|i| format!("{i:?}"));
    assert_eq!(
        fixed,
        [
            TypeInterface::AsmName("fx"),
            TypeInterface::DataLayout,
            TypeInterface::MemRefElement,
            TypeInterface::VectorElement
        ]
    );
    assert_eq!(
        type_interfaces(TokenType::definition()),
        [TypeInterface::AsmName("tok")]
    );
    assert!(type_interfaces(PlainType::definition()).is_empty());
}

#[test]
fn memrefs_and_vectors_hold_the_element_types_and_values_are_named() {
    let context = setup();
    let module = Module::parse(
        &context,
        "func.func @f(%a: !rtyif.fixed<8>, %m: memref<2x!rtyif.fixed<8>>, \
         %v: vector<4x!rtyif.fixed<8>>, %t: !rtyif.token) {\n\
           %0 = builtin.unrealized_conversion_cast %a : !rtyif.fixed<8> to !rtyif.token\n\
           return\n\
         }\n",
        "input.mlir",
    )
    .expect("memrefs and vectors of !rtyif.fixed parse");
    let printed = module.as_operation().melior().to_string();
    assert!(
        printed.contains(
            "(%fx: !rtyif.fixed<8>, %arg0: memref<2x!rtyif.fixed<8>>, \
             %arg1: vector<4x!rtyif.fixed<8>>, %tok: !rtyif.token)"
        ),
        "{printed}"
    );
    assert!(
        printed.contains("%tok_0 = builtin.unrealized_conversion_cast %fx"),
        "{printed}"
    );

    for (ty, expected) in [
        (
            "memref<4x!rtyif.plain>",
            "1:27: error: invalid memref element type",
        ),
        (
            "memref<4x!rtyif.token>",
            "1:27: error: invalid memref element type",
        ),
        (
            "vector<4x!rtyif.plain>",
            "1:18: error: failed to verify 'elementType': VectorElementTypeInterface instance",
        ),
    ] {
        let source = format!("func.func @g(%x: {ty}) {{\n  return\n}}\n");
        let error = Module::parse(&context, &source, "wrong.mlir")
            .err()
            .unwrap_or_else(|| panic!("{ty} is refused"))
            .to_string();
        assert!(error.contains(expected), "{expected}\n{error}");
    }
}
