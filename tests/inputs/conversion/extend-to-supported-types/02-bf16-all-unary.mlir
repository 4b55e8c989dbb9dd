// Every unary float math op kind on bf16 is extended to f32.
// PIPELINE: builtin.module(func.func(math-extend-to-supported-types))
func.func @all(%x: bf16) -> (bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16) {
  %0 = math.absf %x : bf16
  %1 = math.acos %x : bf16
  %2 = math.acosh %x : bf16
  %3 = math.asin %x : bf16
  %4 = math.asinh %x : bf16
  %5 = math.atan %x : bf16
  %6 = math.atanh %x : bf16
  %7 = math.cbrt %x : bf16
  %8 = math.ceil %x : bf16
  %9 = math.cos %x : bf16
  %10 = math.cosh %x : bf16
  %11 = math.erf %x : bf16
  %12 = math.erfc %x : bf16
  %13 = math.exp %x : bf16
  %14 = math.exp2 %x : bf16
  %15 = math.expm1 %x : bf16
  %16 = math.floor %x : bf16
  %17 = math.log %x : bf16
  %18 = math.log10 %x : bf16
  %19 = math.log1p %x : bf16
  %20 = math.log2 %x : bf16
  %21 = math.rsqrt %x : bf16
  %22 = math.sinh %x : bf16
  %23 = math.tan %x : bf16
  %24 = math.tanh %x : bf16
  %25 = math.roundeven %x : bf16
  %26 = math.round %x : bf16
  %27 = math.trunc %x : bf16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27 : bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16
}
