// RUN: %rtest-opt %s --sccp | FileCheck %s --check-prefix=SCCP
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --sccp | FileCheck %s --check-prefix=SCCP
// RUN: %rtest-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: %mlir-opt --load-dialect-plugin=%probe-plugin %s --canonicalize | FileCheck %s --check-prefix=CANON
// REQUIRES: rtest

// Control flow of Rust ops declared as data: rcf.cond_br and rcf.br
// (BranchOpInterface) carry constants into blocks and take the branch a
// constant condition picks under sccp; canonicalize drops a dead
// loop-carried block argument and the operands that fed it; rcf.if
// (RegionBranchOpInterface) runs only the region its constant condition
// picks, so its result is that region's constant.

// SCCP-LABEL: func.func @branch
// SCCP: rcf.br ^bb3(%c1_i32 : i32)
// SCCP: return %c1_i32 : i32
// CANON-LABEL: func.func @branch
func.func @branch() -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  rcf.cond_br %true, ^a(%c1 : i32), ^b(%c2 : i32)
^a(%a: i32):
  rcf.br ^join(%a : i32)
^b(%b: i32):
  rcf.br ^join(%b : i32)
^join(%j: i32):
  return %j : i32
}

// CANON-LABEL: func.func @dead_argument
// CANON: rcf.cond_br %arg0, ^bb1(%arg2 : i32), ^bb2(%arg3 : i32)
// CANON: ^bb1(%0: i32):
// CANON: rcf.cond_br %arg1, ^bb1(%1 : i32), ^bb2(%0 : i32)
func.func @dead_argument(%c: i1, %d: i1, %x: i32, %y: i32) -> i32 {
  rcf.cond_br %c, ^a(%x, %y : i32, i32), ^b(%y : i32)
^a(%a: i32, %dead: i32):
  %n = arith.addi %a, %x : i32
  rcf.cond_br %d, ^a(%n, %dead : i32, i32), ^b(%a : i32)
^b(%b: i32):
  return %b : i32
}

// SCCP-LABEL: func.func @if_const
// SCCP: %[[ONE:.*]] = arith.constant 1 : i32
// SCCP: arith.addi %[[ONE]], %arg0
func.func @if_const(%x: i32) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = "rcf.if"(%true) ({
    "rcf.yield"(%c1) : (i32) -> ()
  }, {
    "rcf.yield"(%c2) : (i32) -> ()
  }) : (i1) -> i32
  %s = arith.addi %r, %x : i32
  return %s : i32
}
