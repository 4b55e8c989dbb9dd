// A range inference hook that panics or misuses ResultRanges: an error at
// the op naming the hook and the misuse, and the pass fails, on both hosts.
// RUN: not %rtest-opt %s --int-range-optimizations -split-input-file 2>&1 | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%probe-plugin %s --int-range-optimizations -split-input-file 2>&1 | FileCheck %s
// REQUIRES: rtest

// CHECK: rrange-int-ranges-errors.mlir:[[@LINE+2]]:8: error: 'rrange.bad' op `infer_result_ranges` (InferIntRangeInterface) of `BadOp` panicked: range inference blew up (at
func.func @panics(%x: i64) -> i64 {
  %a = "rrange.bad"(%x) {how = "panic"} : (i64) -> i64
  return %a : i64
}

// -----

// CHECK: error: 'rrange.bad' op `infer_result_ranges` (InferIntRangeInterface) of `BadOp` panicked: `ResultRanges::set` was given a range of 32 bits for a value of type `i64`, whose ranges have 64 bits
func.func @width(%x: i64) -> i64 {
  %a = "rrange.bad"(%x) {how = "width"} : (i64) -> i64
  return %a : i64
}

// -----

// CHECK: error: 'rrange.bad' op `infer_result_ranges` (InferIntRangeInterface) of `BadOp` panicked: `ResultRanges::set` was given a value that is neither a result of this op nor an argument of a block of its regions
func.func @foreign(%x: i64) -> i64 {
  %a = "rrange.bad"(%x) {how = "foreign"} : (i64) -> i64
  return %a : i64
}
