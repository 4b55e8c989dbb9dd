// End-to-end program: func calls, arith (int + float), a cf.br/cf.cond_br loop,
// math (sqrt, exp, erf on f64; sqrt on vector<4xf64>), index ops and 1-D vector
// ops (broadcast, arith on vectors, vector.extract, vector.reduction).
// @main returns 45 + 62 + 12 + 100 + 30 + 6 - 42 = 213 (the process exit code).
// Constants go through @id so the conversion driver's folding cannot remove
// the math ops: erf/exp/sqrt really end up as libm calls.
//
// Verified with Debian LLVM 22.1.8 (exit code 213):
// PIPELINE: builtin.module(convert-math-to-libm, convert-vector-to-llvm, convert-math-to-llvm, convert-arith-to-llvm, convert-index-to-llvm, convert-cf-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts)
//   mlir-opt --pass-pipeline='<PIPELINE>' program.mlir | mlir-translate --mlir-to-llvmir | lli ; echo $?   -> 213
// Also 213: builtin.module(convert-math-to-libm, convert-to-llvm, reconcile-unrealized-casts)
// Also 213: builtin.module(convert-math-to-llvm, convert-math-to-libm, convert-vector-to-llvm, convert-arith-to-llvm,
//           convert-index-to-llvm, convert-cf-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts)
//           (sqrt/exp become llvm.intr.* and only erf goes to libm).
// Without convert-math-to-libm (e.g. convert-to-llvm alone) math.erf stays and translation fails.
// lli needs no -load: erf/exp/sqrt resolve from the lli process (lli links libm.so.6).
// 2*x + 1 on f64
func.func @poly(%x: f64) -> f64 {
  %c2 = arith.constant 2.0 : f64
  %c1 = arith.constant 1.0 : f64
  %m = arith.mulf %x, %c2 : f64
  %r = arith.addf %m, %c1 : f64
  return %r : f64
}

// identity on f64: hides constants from the folders so libm really gets called
func.func @id(%x: f64) -> f64 {
  return %x : f64
}

// sum of 0..n-1 with an explicit cf loop
func.func @sum_to(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c0, %c0 : i32, i32)
^loop(%i: i32, %acc: i32):
  %cond = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cond, ^body, ^exit
^body:
  %acc2 = arith.addi %acc, %i : i32
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^loop(%i2, %acc2 : i32, i32)
^exit:
  return %acc : i32
}

func.func @main() -> i32 {
  // calls + cf loop: 0+1+...+9 = 45
  %n = arith.constant 10 : i32
  %s = call @sum_to(%n) : (i32) -> i32
  // float: sqrt(16) = 4, poly(4) = 9, exp(0) = 1, erf(0.5)*100 = 52.05
  %x0 = arith.constant 16.0 : f64
  %x = call @id(%x0) : (f64) -> f64
  %sq = math.sqrt %x : f64
  %p = call @poly(%sq) : (f64) -> f64
  %zero0 = arith.constant 0.0 : f64
  %zero = call @id(%zero0) : (f64) -> f64
  %e = math.exp %zero : f64
  %half0 = arith.constant 0.5 : f64
  %half = call @id(%half0) : (f64) -> f64
  %erf = math.erf %half : f64
  %hundred = arith.constant 100.0 : f64
  %erf100 = arith.mulf %erf, %hundred : f64
  %f1 = arith.addf %p, %e : f64
  %f2 = arith.addf %f1, %erf100 : f64
  // fptosi(62.05) = 62
  %fi = arith.fptosi %f2 : f64 to i32
  // index: 3 * 4 = 12
  %i3 = index.constant 3
  %i4 = index.constant 4
  %i12 = index.mul %i3, %i4
  %ii = index.casts %i12 : index to i32
  // vectors: broadcast(10) * [1,2,3,4] = [10,20,30,40]; reduction = 100; element 2 = 30
  %v = vector.broadcast %n : i32 to vector<4xi32>
  %cv = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %vv = arith.muli %v, %cv : vector<4xi32>
  %red = vector.reduction <add>, %vv : vector<4xi32> into i32
  %el = vector.extract %vv[2] : i32 from vector<4xi32>
  // float vector: splat(2.25), sqrt -> 1.5 each, sum = 6.0 -> 6
  %fq0 = arith.constant 2.25 : f64
  %fq = call @id(%fq0) : (f64) -> f64
  %fv = vector.broadcast %fq : f64 to vector<4xf64>
  %fs = math.sqrt %fv : vector<4xf64>
  %fr = vector.reduction <add>, %fs : vector<4xf64> into f64
  %fri = arith.fptosi %fr : f64 to i32
  // 45 + 62 + 12 + 100 + 30 + 6 = 255
  %t1 = arith.addi %s, %fi : i32
  %t2 = arith.addi %t1, %ii : i32
  %t3 = arith.addi %t2, %red : i32
  %t4 = arith.addi %t3, %el : i32
  %t5 = arith.addi %t4, %fri : i32
  // minus 42 = 213, then keep it in 0..255
  %c42 = arith.constant 42 : i32
  %t6 = arith.subi %t5, %c42 : i32
  %c256 = arith.constant 256 : i32
  %code = arith.remsi %t6, %c256 : i32
  return %code : i32
}
