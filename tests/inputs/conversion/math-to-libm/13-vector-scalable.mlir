// A scalable vector (vector<[2]xf32>): what does the unrolling do with the scalable dimension?
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @vecs(%v: vector<[2]xf32>) -> vector<[2]xf32> {
  %0 = math.cos %v : vector<[2]xf32>
  return %0 : vector<[2]xf32>
}
