//! The `rtest` dialect under the rest of MLIR's API: melior's operation
//! API (inherent attributes included, which abort on MLIR's own dynamic
//! ops), dialect conversion by dialect name with a typed conversion pattern
//! (`OpConversionPattern`), and `symbol-dce` on its symbols.

use mlir_pass::conversion::{
    apply_partial_conversion, ConversionConfig, ConversionPatternRewriter, ConversionPatternSet,
    ConversionTarget,
};
use mlir_pass::dialect::{Op, OpConversionPattern};
use mlir_pass::ir::{OperationExt, WalkOrder};
use mlir_pass::melior::ir::{
    operation::{OperationLike, OperationMutLike, WalkResult},
    Value, ValueLike,
};
use mlir_pass::rewrite::MatchResult;
use mlir_pass::{mlir_pass, Context, Module, OperationRef, Pass, PassError, PassManager};
use mlir_pass_tests::test_dialect::{AddOp, RTestDialect};

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

const SOURCE: &str = r#"
func.func @f(%a: i64, %b: i64) -> i64 {
  %c = rtest.constant 3
  %0 = rtest.add %a, %b : i64
  %1 = rtest.add %0, %c : i64
  return %1 : i64
}
"#;

#[test]
fn melior_s_operation_api_works_on_rust_ops() {
    let context = setup();
    let module = Module::parse(&context, SOURCE, "input.mlir").unwrap();
    let mut seen = 0;
    module
        .as_operation()
        .melior_mut()
        .walk_ops(WalkOrder::PreOrder, |mut op| {
            if op
                .name()
                .as_string_ref()
                .as_str()
                .unwrap()
                .starts_with("rtest.")
            {
                seen += 1;
                // Declared attributes are inherent (properties), others
                // not, and asking never aborts.
                let declared = op.name().as_string_ref().as_str() == Ok("rtest.constant");
                assert_eq!(op.has_inherent_attribute("value"), declared);
                assert_eq!(op.inherent_attribute("value").is_ok(), declared);
                assert!(!op.has_inherent_attribute("note"));
                assert_eq!(
                    op.attributes().count(),
                    usize::from(op.has_attribute("value"))
                );
                op.set_attribute(
                    "note",
                    mlir_pass::melior::ir::Attribute::unit(context.as_melior()),
                );
                assert!(op.has_attribute("note"));
                assert!(op.to_string().contains("note"), "{op}");
            }
            WalkResult::Advance
        });
    assert_eq!(seen, 3);
}

/// `rtest.add` to `arith.addi`, as C++'s `OpConversionPattern<AddOp>`.
struct AddToArith;

impl OpConversionPattern for AddToArith {
    type Op<'a> = AddOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: AddOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let ty = op.output().r#type();
        let location = op.operation().melior().location();
        let new_op = rewriter.create("arith.addi", location, operands, &[ty], &[])?;
        rewriter.replace_op_with_operation(op.operation().melior(), new_op);
        Ok(())
    }
}

/// Lowers `rtest.add` to `arith`, by dialect: every other `rtest` op is
/// illegal too, except constants.
/// With `by-adaptor`, the pattern reads its operands through the op's
/// adaptor (`AddToArithByAdaptor`).
#[mlir_pass(argument = "test-rtest-to-arith", op = "func.func", dialects = [arith, RTestDialect])]
#[derive(Clone, Default)]
pub struct RTestToArith {
    /// Use `AddToArithByAdaptor`.
    #[option]
    by_adaptor: bool,
}

impl Pass for RTestToArith {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut target = ConversionTarget::new(op.context());
        target
            .add_illegal_dialect("rtest")
            .add_legal_op("rtest.constant")
            .add_legal_dialect("arith");
        let patterns = ConversionPatternSet::builder(op.context());
        let patterns = if self.by_adaptor {
            patterns.add(AddToArithByAdaptor)
        } else {
            patterns.add(AddToArith)
        }
        .freeze();
        apply_partial_conversion(op, &target, &patterns, &ConversionConfig::default())
    }
}

#[test]
fn a_typed_conversion_pattern_lowers_by_dialect_name() {
    let context = setup();
    let mut module = Module::parse(&context, SOURCE, "input.mlir").unwrap();
    let mut pm =
        PassManager::parse(&context, "builtin.module(func.func(test-rtest-to-arith))").unwrap();
    pm.run(&mut module).unwrap();
    let printed = module.to_string();
    assert!(!printed.contains("rtest.add"), "{printed}");
    assert_eq!(printed.matches("arith.addi").count(), 2, "{printed}");
    assert!(printed.contains("rtest.constant 3"), "{printed}");
    assert_eq!(AddOp::operation_name(), "rtest.add");
    let _ = RTestDialect;
}

#[test]
fn symbol_dce_removes_unused_private_rust_symbols() {
    let source = r#"
    rtest.func "used" attributes {sym_visibility = "private"} {
      %c = rtest.constant 1
      rtest.return %c : i64
    }
    rtest.func "unused" attributes {sym_visibility = "private"} {
      rtest.return
    }
    rtest.func "public" {
      %0 = rtest.call @used() : () -> i64
      rtest.return
    }
    "#;
    let context = setup();
    let mut module = Module::parse(&context, source, "input.mlir").unwrap();
    let mut pm = PassManager::parse(&context, "builtin.module(symbol-dce)").unwrap();
    pm.run(&mut module).unwrap();
    let printed = module.to_string();
    assert!(printed.contains("rtest.func \"used\""), "{printed}");
    assert!(printed.contains("rtest.func \"public\""), "{printed}");
    assert!(!printed.contains("\"unused\""), "{printed}");
}

/// `InferTypeOpInterface`: the format leaves the result type out and the
/// parser infers it; a result type other than the inferred one is refused
/// by MLIR's own verifier of the interface.
#[test]
fn result_types_are_inferred_by_the_op() {
    let source = r#"func.func @f(%a: i32, %b: i32) -> i32 {
      %0 = rtest.mul %a, %b : i32, i32
      return %0 : i32
    }"#;
    let context = setup();
    let module = Module::parse(&context, source, "input.mlir").unwrap();
    let printed = module.to_string();
    assert!(
        printed.contains("%0 = rtest.mul %arg0, %arg1 : i32, i32"),
        "{printed}"
    );
    let wrong = r#"func.func @f(%a: i32, %b: i32) -> i64 {
      %0 = "rtest.mul"(%a, %b) : (i32, i32) -> i64
      return %0 : i64
    }"#;
    let error = Module::parse(&context, wrong, "input.mlir")
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("'rtest.mul' op inferred type(s) 'i32' are incompatible with return type(s) of operation 'i64'"),
        "{error}"
    );
}

/// `AddToArith` through the op's adaptor: the remapped operands by name.
struct AddToArithByAdaptor;

impl OpConversionPattern for AddToArithByAdaptor {
    type Op<'a> = AddOp<'a>;

    fn match_and_rewrite<'a>(
        &self,
        op: AddOp<'a>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let adaptor = op.adaptor(operands);
        assert_eq!(adaptor.operands().len(), 2);
        assert!(adaptor.lhs() == operands[0] && adaptor.rhs() == operands[1]);
        let ty = op.output().r#type();
        let location = op.operation().melior().location();
        let new_op = rewriter.create(
            "arith.addi",
            location,
            &[adaptor.lhs(), adaptor.rhs()],
            &[ty],
            &[],
        )?;
        rewriter.replace_op_with_operation(op.operation().melior(), new_op);
        Ok(())
    }
}

#[test]
fn a_conversion_pattern_reads_remapped_operands_through_the_adaptor() {
    // The option as a pass built in code prints it.
    let in_code = RTestToArith::default().with_by_adaptor(true);
    assert!(mlir_pass::options::print(&in_code).contains("by-adaptor=true"));
    let context = setup();
    let mut module = Module::parse(&context, SOURCE, "input.mlir").unwrap();
    let mut pm = PassManager::parse(
        &context,
        "builtin.module(func.func(test-rtest-to-arith{by-adaptor=true}))",
    )
    .unwrap();
    pm.run(&mut module).unwrap();
    let printed = module.to_string();
    assert!(!printed.contains("rtest.add"), "{printed}");
    assert_eq!(printed.matches("arith.addi").count(), 2, "{printed}");
}

#[test]
fn the_adaptor_takes_group_bounds_from_the_segment_sizes_or_the_length() {
    use mlir_pass_tests::test_dialect::{CallOp, SegmentedOp};
    let source = r#"
    func.func @f(%a: i64, %b: i64, %c: i64) {
      "rtest.segmented"(%a, %b, %c) {operandSegmentSizes = array<i32: 2, 0, 1>} : (i64, i64, i64) -> ()
      %0 = rtest.call @g(%a, %b) : (i64, i64) -> i64
      return
    }
    "#;
    let context = setup();
    let module = Module::parse(&context, source, "input.mlir").unwrap();
    let (mut segmented, mut calls) = (0, 0);
    module
        .as_operation()
        .melior()
        .walk_ops(WalkOrder::PreOrder, |op| {
            let operands: Vec<Value<'_, '_>> = op.operands().collect();
            if let Some(s) = SegmentedOp::cast(&op) {
                segmented += 1;
                let adaptor = s.adaptor(&operands);
                assert_eq!(adaptor.first(), &operands[..2]);
                assert!(adaptor.maybe().is_none());
                assert_eq!(adaptor.rest(), &operands[2..]);
                assert_eq!(adaptor.operands().len(), 3);
            }
            if let Some(call) = CallOp::cast(&op) {
                calls += 1;
                assert_eq!(call.adaptor(&operands).inputs(), &operands[..]);
            }
            WalkResult::Advance
        });
    assert_eq!((segmented, calls), (1, 1));
}
