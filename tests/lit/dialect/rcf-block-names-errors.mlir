// A block-naming hook (OpAsmOpInterface(block_names)) that misuses
// BlockNames or panics: each is an error at the op, its blocks print with
// MLIR's numbers (the output still parses), and the tool fails, on both
// hosts. Two blocks of one region with one name, or a name of the form
// bbN, or a name MLIR would rewrite, would print IR that does not parse
// back: refused.
// RUN: not %rtest-opt %s 2>&1 | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s 2>&1 | FileCheck %s
// RUN: not %rtest-opt %s 2>/dev/null | not %rtest-opt 2>/dev/null | FileCheck %s --check-prefix=OUT
// REQUIRES: rtest

// CHECK-DAG: rcf-block-names-errors.mlir:[[@LINE+11]]:3: error: 'rcf.labeled' op `block_names` (OpAsmOpInterface) of `LabeledOp` panicked: `BlockNames::set` gave two blocks of one region the name `same`: block names must be unique in their region (at
// CHECK-DAG: rcf-block-names-errors.mlir:[[@LINE+15]]:3: error: 'rcf.labeled' op `block_names` (OpAsmOpInterface) of `LabeledOp` panicked: `BlockNames::set` was given `bb7`, a name the printer gives the blocks it numbers: choose another (at
// CHECK-DAG: rcf-block-names-errors.mlir:[[@LINE+19]]:3: error: 'rcf.labeled' op `block_names` (OpAsmOpInterface) of `LabeledOp` panicked: `BlockNames::set` named a block twice (`one`, then `two`) (at
// CHECK-DAG: rcf-block-names-errors.mlir:[[@LINE+23]]:3: error: 'rcf.labeled' op `block_names` (OpAsmOpInterface) of `LabeledOp` panicked: `BlockNames::set` was given a block that is not in a region of this op (at
// CHECK-DAG: rcf-block-names-errors.mlir:[[@LINE+27]]:3: error: 'rcf.labeled' op `block_names` (OpAsmOpInterface) of `LabeledOp` panicked: labelling blew up (at
// CHECK-DAG: rcf-block-names-errors.mlir:[[@LINE+31]]:3: error: 'rcf.labeled' op `block_names` (OpAsmOpInterface) of `LabeledOp` panicked: `BlockNames::set` was given `a b`, which MLIR would rewrite: a block name is ASCII letters, digits, `$`, `.`, `_` and `-`, not starting with a digit (at
// OUT-COUNT-6: cf.br ^bb1
// OUT-NOT: ^same
// OUT-NOT: ^bb7
// OUT-NOT: ^outer
func.func @misuse() {
  rcf.labeled "same" {
    cf.br ^bb1
  ^bb1:
    rcf.yield
  }
  rcf.labeled "numbered" {
    cf.br ^bb1
  ^bb1:
    rcf.yield
  }
  rcf.labeled "twice" {
    cf.br ^bb1
  ^bb1:
    rcf.yield
  }
  rcf.labeled "outer" {
    cf.br ^bb1
  ^bb1:
    rcf.yield
  }
  rcf.labeled "panic" {
    cf.br ^bb1
  ^bb1:
    rcf.yield
  }
  rcf.labeled "spaced" {
    cf.br ^bb1
  ^bb1:
    rcf.yield
  }
  return
}
