//! Rust control flow declared as data (`tests/src/control_flow.rs`):
//! `rcf.br`/`rcf.cond_br` (`BranchOpInterface`) and `rcf.if`,
//! `rcf.execute_region`, `rcf.yield` (`RegionBranchOpInterface`, a
//! `ReturnLike` terminator) go through `sccp`, `canonicalize`'s region
//! simplification, `remove-dead-values` and `cse` in this process as
//! `cf.br`/`cf.cond_br` and `scf.if`/`scf.execute_region`/`scf.yield` go
//! through them in the stock `mlir-opt`, byte for byte; hooks that panic or
//! answer what the op does not have are errors at the op that fail the
//! pass.

use mlir_pass::{
    analysis::{InterfacesExt, RegionSuccessor},
    melior::ir::{
        operation::{OperationLike, OperationPrintingFlags},
        BlockLike, RegionLike,
    },
    Context, Module, PassManager,
};

const BRANCHES: &str = include_str!("../../inputs/branches.mlir");
const REGIONS: &str = include_str!("../../inputs/region_branches.mlir");

fn setup() -> Context {
    let _ = mlir_pass_tests::control_flow::RCfDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// Parses `source`, runs `pipeline` and prints (`generic`: in the generic
/// form): the text or the error.
fn run(pipeline: &str, source: &str, generic: bool) -> Result<String, String> {
    let context = setup();
    let mut module = Module::parse(&context, source, "input.mlir").map_err(|e| e.to_string())?;
    let mut pm = PassManager::parse(&context, pipeline).map_err(|e| e.to_string())?;
    pm.run(&mut module).map_err(|e| e.to_string())?;
    Ok(if generic {
        module
            .as_operation()
            .melior()
            .to_string_with_flags(OperationPrintingFlags::new().print_generic_operation_form())
            .map_err(|e| e.to_string())?
    } else {
        module.to_string()
    })
}

/// The stock `mlir-opt` on `source` with `args` (its stdout).
fn stock(source: &str, args: &[&str]) -> String {
    let (ok, stdout, stderr) = stock_output(source, args);
    assert!(ok, "{stderr}");
    stdout
}

/// The stock `mlir-opt` on `source` with `args`: success, stdout, stderr.
fn stock_output(source: &str, args: &[&str]) -> (bool, String, String) {
    let (output, _) = crate::common::stock_mlir_opt(source, args);
    (
        output.status.success(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The messages of the `error:` lines of `text`, without their locations'
/// file names.
fn errors(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let (at, message) = l.split_once(": error: ")?;
            let position = at.rsplitn(3, ':').take(2).collect::<Vec<_>>().join(":");
            Some(format!("{position}: {message}"))
        })
        .collect()
}

/// The Rust twins renamed to upstream's names.
fn as_upstream(text: &str) -> String {
    text.replace("rcf.br", "cf.br")
        .replace("rcf.cond_br", "cf.cond_br")
        .replace("rcf.if", "scf.if")
        .replace("rcf.execute_region", "scf.execute_region")
        .replace("rcf.yield", "scf.yield")
}

#[test]
fn branches_go_through_passes_as_cf_branches() {
    for (pipeline, flag) in [
        ("builtin.module(sccp)", "--sccp"),
        ("builtin.module(cse)", "--cse"),
    ] {
        let ours = run(pipeline, BRANCHES, false).unwrap();
        let upstream = stock(&as_upstream(BRANCHES), &[flag]);
        assert_eq!(as_upstream(&ours).trim_end(), upstream.trim_end(), "{flag}");
    }
    // MLIR 22's `remove-dead-values` leaves `cf.br` and `cf.cond_br` of
    // this input with operands their blocks no longer take; it does the
    // same to ours, error for error.
    let ours = run("builtin.module(remove-dead-values)", BRANCHES, false).unwrap_err();
    let (ok, _, upstream) = stock_output(&as_upstream(BRANCHES), &["--remove-dead-values"]);
    assert!(!ok);
    assert_eq!(errors(&ours), errors(&upstream));
    assert_eq!(errors(&ours).len(), 2, "{ours}");
    // `cf.cond_br` of a constant has patterns of its own: canonicalize is
    // compared on the rest, in the generic form too (the operand segments
    // of `rcf.cond_br` follow the erased block arguments).
    let rest = &BRANCHES[BRANCHES.find("func.func @dce").unwrap()..];
    for generic in [false, true] {
        let ours = run("builtin.module(canonicalize)", rest, generic).unwrap();
        let args: &[&str] = if generic {
            &["--canonicalize", "--mlir-print-op-generic"]
        } else {
            &["--canonicalize"]
        };
        let upstream = stock(&as_upstream(rest), args);
        assert_eq!(as_upstream(&ours).trim_end(), upstream.trim_end());
        assert!(
            ours.contains("operandSegmentSizes = array<i32: 1, 1, 1>") || !generic,
            "{ours}"
        );
    }
    // What the comparisons cover: sccp takes the constant branch only and
    // carries constants through block arguments and around a loop; region
    // simplification drops a dead loop-carried argument.
    let sccp = run("builtin.module(sccp)", BRANCHES, false).unwrap();
    assert!(
        sccp.contains("rcf.br ^bb3(%c1_i32, %arg1 : i32, i32)"),
        "{sccp}"
    );
    assert!(sccp.contains("rcf.br ^bb3(%1, %arg1 : i32, i32)"), "{sccp}");
    assert!(sccp.contains("return %c1_i32 : i32"), "{sccp}");
    let canonical = run("builtin.module(canonicalize)", rest, false).unwrap();
    assert!(canonical.contains("^bb1(%0: i32):"), "{canonical}");
}

#[test]
fn region_branches_go_through_passes_as_scf_ops() {
    for (pipeline, flag) in [
        ("builtin.module(sccp)", "--sccp"),
        ("builtin.module(cse)", "--cse"),
    ] {
        let ours = run(pipeline, REGIONS, true).unwrap();
        let upstream = stock(&as_upstream(REGIONS), &[flag, "--mlir-print-op-generic"]);
        assert_eq!(as_upstream(&ours).trim_end(), upstream.trim_end(), "{flag}");
    }
    let sccp = run("builtin.module(sccp)", REGIONS, true).unwrap();
    // The constant condition's region only: `%r` is 1; both regions yield 7.
    assert!(sccp.contains("\"arith.addi\"(%"), "{sccp}");
    assert_eq!(sccp.matches("value = 1 : i32").count(), 1, "{sccp}");
    assert!(
        sccp.contains("\"func.return\"(%0, %r#1)") || sccp.contains("value = 7"),
        "{sccp}"
    );
}

#[test]
fn region_successors_are_the_declared_ones() {
    let context = setup();
    let module = Module::parse(&context, REGIONS, "input.mlir").unwrap();
    let body = module
        .as_operation()
        .region(0)
        .unwrap()
        .first_block()
        .unwrap();
    let func = body.first_operation().unwrap();
    let block = func.region(0).unwrap().first_block().unwrap();
    let mut op = block.first_operation();
    while let Some(o) = op {
        if o.name().as_string_ref().as_str() == Ok("rcf.if") {
            break;
        }
        op = o.next_in_block();
    }
    let rcf_if = op.expect("an rcf.if");
    assert!(rcf_if.is_region_branch());
    assert_eq!(
        rcf_if.region_successors(None).unwrap(),
        [
            RegionSuccessor::Region {
                index: 0,
                inputs: 0
            },
            RegionSuccessor::Region {
                index: 1,
                inputs: 0
            }
        ]
    );
    assert_eq!(
        rcf_if.region_successors(Some(1)).unwrap(),
        [RegionSuccessor::Parent { inputs: 1 }]
    );
}

#[test]
fn misbehaving_control_flow_hooks_are_errors_at_the_op() {
    for (how, said) in [
        (
            "panic",
            "'rcf.bad_br' op `successor_for_operands` (BranchOpInterface) of `BadBrOp` \
             panicked: successor choice blew up",
        ),
        (
            "past",
            "'rcf.bad_br' op `successor_for_operands` (BranchOpInterface) of `BadBrOp` \
             panicked: `successor_for_operands` chose successor #7, but the op has 1",
        ),
    ] {
        let source = format!(
            r#"func.func @f(%x: i32) -> i32 {{
              "rcf.bad_br"(%x)[^b] {{how = "{how}"}} : (i32) -> ()
            ^b(%y: i32):
              return %y : i32
            }}"#
        );
        let error = run("builtin.module(sccp)", &source, false).unwrap_err();
        assert!(error.contains(said), "{how}: {error}");
    }
    for (how, said) in [
        (
            "panic",
            "'rcf.bad_if' op `entry_successor_regions` (RegionBranchOpInterface) of `BadIfOp` \
             panicked: region choice blew up",
        ),
        (
            "past",
            "'rcf.bad_if' op `entry_successor_regions` (RegionBranchOpInterface) of `BadIfOp` \
             panicked: `entry_successor_regions` named region #3, but the op has 1",
        ),
    ] {
        let source = format!(
            r#"func.func @f(%c: i1, %x: i32) -> i32 {{
              %r = "rcf.bad_if"(%c) ({{
                "rcf.yield"(%x) : (i32) -> ()
              }}) {{how = "{how}"}} : (i1) -> i32
              return %r : i32
            }}"#
        );
        let error = run("builtin.module(sccp)", &source, false).unwrap_err();
        assert!(error.contains(said), "{how}: {error}");
    }
    // A branch's operands must match its successor's arguments, as
    // BranchOpInterface's verifier says.
    let error = run(
        "builtin.module(cse)",
        r#"func.func @f(%x: i32) -> i32 {
          rcf.br ^b
        ^b(%y: i32):
          return %y : i32
        }"#,
        false,
    )
    .unwrap_err();
    assert!(
        error.contains("input.mlir:2:11: error: branch has 0 operands for successor #0, but target block has 1"),
        "{error}"
    );
}
