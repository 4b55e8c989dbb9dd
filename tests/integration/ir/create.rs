//! Ops made in a conversion pattern by name and by typed builder: an
//! inherent attribute (kept in the op's properties) and a discardable one
//! each land where MLIR's own builders put them.

use super::run;

const SOURCE: &str = r#"
func.func @f(%a: i32, %b: i32) -> i32 {
  %d = arith.subi %a, %b : i32
  return %d : i32
}
"#;

#[test]
fn inherent_and_discardable_attributes_of_a_created_op_land_as_mlir_puts_them() {
    let out = run("builtin.module(func.func(test-create-attributes))", SOURCE).unwrap();
    assert!(
        out.contains(r#"%c7_i32 = arith.constant {test.tag = "c"} 7 : i32"#),
        "{out}"
    );
    assert!(
        out.contains(r#"arith.addi %arg0, %c7_i32 overflow<nsw> {test.made = "s"} : i32"#),
        "{out}"
    );
    // The inherent attributes are properties, not discardable attributes
    // under the same names.
    let generic = out.replace(' ', "");
    assert!(!generic.contains("{value="), "{out}");
    assert!(!generic.contains("overflowFlags="), "{out}");

    let out = run(
        "builtin.module(func.func(test-create-attributes{typed=true}))",
        SOURCE,
    )
    .unwrap();
    assert!(out.contains("%c-1_i32 = arith.constant -1 : i32"), "{out}");
    assert!(
        out.contains("arith.muli %arg1, %c-1_i32 overflow<nsw> : i32"),
        "{out}"
    );
}
