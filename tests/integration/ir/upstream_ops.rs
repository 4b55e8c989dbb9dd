//! `mlir_pass::ops`, the typed handles of upstream ops, from an outside
//! crate: accessors on parsed IR (plain, optional, variadic and
//! segment-sized groups, enum and unit attributes), builders whose ops
//! verify and print as MLIR's own, and the generated files in step with the
//! installed MLIR.

use std::process::Command;

use mlir_pass::dialect::Op;
use mlir_pass::melior::ir::{
    operation::OperationLike, Block, BlockLike, Location, Module as MeliorModule,
    OperationRef as MeliorOperationRef, Region, RegionLike, Type, ValueLike,
};
use mlir_pass::ops::{arith, func, llvm, memref, scf, EnumAttribute};
use mlir_pass::{Context, Module, OperationRef};

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

const SOURCE: &str = r#"
func.func @f(%a: i32, %b: i32, %x: f32, %m: memref<4x4xf32>, %i: index) -> f32 {
  %lt = arith.cmpi slt, %a, %b : i32
  %s = arith.addi %a, %b overflow<nsw> : i32
  %y = arith.mulf %x, %x fastmath<nnan,ninf> : f32
  %v = memref.load %m[%i, %i] {nontemporal = true} : memref<4x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %i step %c1 iter_args(%acc = %y) -> (f32) {
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %r : f32
}
llvm.func @g(%p: i64) -> i64 {
  %0 = llvm.add %p, %p overflow<nsw> : i64
  llvm.return %0 : i64
}
"#;

/// Every op of `module` that is a `T`, in pre-order.
fn find<'a, T: Op<'a>>(module: &'a Module<'_>) -> Vec<T> {
    fn visit<'a, T: Op<'a>>(op: MeliorOperationRef<'a, 'a>, found: &mut Vec<T>) {
        if let Some(typed) = T::cast(&op) {
            found.push(typed);
        }
        for region in op.regions() {
            let mut block = region.first_block();
            while let Some(b) = block {
                let mut child = b.first_operation();
                while let Some(c) = child {
                    visit(c, found);
                    child = c.next_in_block();
                }
                block = b.next_in_region();
            }
        }
    }
    let mut found = Vec::new();
    visit(module.as_operation().melior(), &mut found);
    found
}

#[test]
fn accessors_read_parsed_upstream_ops() {
    let context = setup();
    let module = Module::parse(&context, SOURCE, "input.mlir").unwrap();

    let [cmp] = find::<arith::CmpIOp>(&module)[..] else {
        panic!("one cmpi")
    };
    assert_eq!(cmp.predicate(), Some(arith::CmpIPredicate::Slt));
    assert_eq!(cmp.lhs().r#type().to_string(), "i32");
    assert_eq!(cmp.result().r#type().to_string(), "i1");
    assert_eq!(cmp.location().to_string(), "loc(\"input.mlir\":3:9)");

    let [add] = find::<arith::AddIOp>(&module)[..] else {
        panic!("one addi")
    };
    assert_eq!(add.overflow_flags(), Some(arith::IntegerOverflowFlags::NSW));

    let [mul] = find::<arith::MulFOp>(&module)[..] else {
        panic!("one mulf")
    };
    let flags = mul.fastmath().unwrap();
    assert!(flags.contains(arith::FastMathFlags::NNAN | arith::FastMathFlags::NINF));
    assert!(!flags.contains(arith::FastMathFlags::CONTRACT));
    assert_eq!(flags.keywords(), "nnan,ninf");

    // A variadic group after a single one, and an attribute.
    let [load] = find::<memref::LoadOp>(&module)[..] else {
        panic!("one load")
    };
    assert_eq!(load.memref().r#type().to_string(), "memref<4x4xf32>");
    assert_eq!(load.indices().len(), 2);
    assert!(load.nontemporal().is_some());

    // Three single groups, a variadic one, a variadic result, a region.
    let [for_op] = find::<scf::ForOp>(&module)[..] else {
        panic!("one for")
    };
    assert_eq!(for_op.init_args().len(), 1);
    assert_eq!(for_op.init_args()[0], mul.result());
    assert_eq!(for_op.results().len(), 1);
    assert_eq!(for_op.region().first_block().unwrap().argument_count(), 2);
    let adaptor_values = [cmp.lhs(), cmp.rhs(), add.result(), mul.result()];
    let adaptor = for_op.adaptor(&adaptor_values);
    assert_eq!(adaptor.lower_bound(), cmp.lhs());
    assert_eq!(adaptor.init_args(), &[mul.result()]);

    // An optional operand (`llvm.return`).
    let [ret] = find::<llvm::ReturnOp>(&module)[..] else {
        panic!("one llvm.return")
    };
    assert!(ret.arg().is_some());
    let [llvm_add] = find::<llvm::AddOp>(&module)[..] else {
        panic!("one llvm.add")
    };
    assert_eq!(llvm_add.lhs(), llvm_add.rhs());

    // The casts refuse other kinds.
    assert!(arith::AddFOp::cast(&cmp.operation()).is_none());
    assert_eq!(arith::CmpIOp::operation_name(), "arith.cmpi");
    assert_eq!(arith::CmpIOp::definition().operands.len(), 2);
}

#[test]
fn builders_make_ops_that_verify_and_print_as_mlir_s_own() {
    let context = setup();
    let melior = context.as_melior();
    melior.load_all_available_dialects();
    let location = Location::unknown(melior);
    let i32 = Type::parse(melior, "i32").unwrap();
    let f32 = Type::float32(melior);
    let module = MeliorModule::new(location);
    let function_type = Type::parse(melior, "(i32, i32, f32) -> f32").unwrap();
    let body = Block::new(&[(i32, location), (i32, location), (f32, location)]);
    let (a, b, x) = (
        body.argument(0).unwrap().into(),
        body.argument(1).unwrap().into(),
        body.argument(2).unwrap().into(),
    );
    let i1 = Type::parse(melior, "i1").unwrap();
    let cmp = body.append_operation(arith::CmpIOp::build(
        location,
        i1,
        arith::CmpIPredicate::Sge,
        a,
        b,
    ));
    let sum = body.append_operation(arith::AddIOp::build(
        location,
        a,
        b,
        Some(arith::IntegerOverflowFlags::NSW | arith::IntegerOverflowFlags::NUW),
    ));
    let fast = arith::FastMathFlags::NNAN | arith::FastMathFlags::CONTRACT;
    let product = body.append_operation(arith::MulFOp::build(location, x, x, Some(fast)));
    let select = body.append_operation(arith::SelectOp::build(
        location,
        f32,
        cmp.result(0).unwrap().into(),
        product.result(0).unwrap().into(),
        x,
    ));
    let _ = sum;
    body.append_operation(func::ReturnOp::build(
        location,
        &[select.result(0).unwrap().into()],
    ));
    let region = Region::new();
    region.append_block(body);
    module.body().append_operation(func::FuncOp::build(
        location,
        "built",
        function_type,
        Some("private"),
        None,
        None,
        false,
        region,
    ));
    assert!(module.as_operation().verify(), "{}", module.as_operation());
    let text = module.as_operation().to_string();
    for expected in [
        "func.func private @built(%arg0: i32, %arg1: i32, %arg2: f32) -> f32",
        "arith.cmpi sge, %arg0, %arg1 : i32",
        "arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32",
        "arith.mulf %arg2, %arg2 fastmath<nnan,contract> : f32",
        "arith.select %0, %2, %arg2 : f32",
        "return %3 : f32",
    ] {
        assert!(text.contains(expected), "{expected:?} not in\n{text}");
    }
    // An enum built on its own reads back.
    let attribute = arith::CmpIPredicate::Ugt.attribute(melior);
    assert_eq!(attribute.to_string(), "8 : i64");
    assert_eq!(
        arith::CmpIPredicate::from_attribute(attribute),
        Some(arith::CmpIPredicate::Ugt)
    );
}

#[test]
fn a_builder_of_the_wrong_types_gives_an_op_mlir_s_verifier_rejects() {
    let context = setup();
    let melior = context.as_melior();
    melior.load_all_available_dialects();
    let location = Location::unknown(melior);
    let f32 = Type::float32(melior);
    let i64 = Type::parse(melior, "i64").unwrap();
    let block = Block::new(&[(f32, location), (i64, location)]);
    let op = arith::AddFOp::build(
        location,
        block.argument(0).unwrap().into(),
        block.argument(1).unwrap().into(),
        None,
    );
    let op = block.append_operation(op);
    assert!(!op.verify());
    let _ = OperationRef::from(op);
}

/// Building an op of a dialect the context has not loaded is refused with
/// a message (C++ asserts; MLIR would make an unregistered op, and corrupt
/// it when the dialect loads).
#[test]
fn a_builder_refuses_a_dialect_that_is_not_loaded() {
    let context = setup();
    let melior = context.as_melior();
    let location = Location::unknown(melior);
    let f32 = Type::float32(melior);
    let block = Block::new(&[(f32, location)]);
    let x = block.argument(0).unwrap().into();
    let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        arith::MulFOp::build(location, x, x, None)
    }))
    .unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(
        message.starts_with("cannot build 'arith.mulf': the 'arith' dialect is not loaded"),
        "{message}"
    );
}

/// A typed `create` in a pattern of a pass that does not load the op's
/// dialect fails the pass with an error naming the op and the dialect.
#[test]
fn create_refuses_an_op_whose_dialect_the_pass_did_not_load() {
    let context = setup();
    let mut module = Module::parse(
        &context,
        "func.func @f(%a: i32) -> i32 {\n  %s = arith.addi %a, %a : i32\n  return %s : i32\n}",
        "input.mlir",
    )
    .unwrap();
    let mut pm =
        mlir_pass::PassManager::parse(&context, "builtin.module(func.func(test-create-unloaded))")
            .unwrap();
    let error = pm.run(&mut module).unwrap_err();
    assert!(
        error.diagnostics.iter().any(|d| d
            .to_string()
            .contains("cannot build 'math.absi': the 'math' dialect is not loaded")),
        "{error}"
    );
}

/// The committed files are what the generator makes from the installed
/// MLIR's `.td` files.
#[test]
fn generated_handles_are_in_step_with_the_installed_mlir() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/gen-upstream-ops.py"
    );
    let output = Command::new("python3")
        .arg(script)
        .arg("--check")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
