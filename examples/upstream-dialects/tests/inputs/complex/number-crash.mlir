// A `#complex.number` of integer parts: upstream's `NumberAttr::get` casts
// the element type to a float type and crashes; ours says why it cannot be.

func.func @f() attributes {a = #complex.number<:i32 1.0, 0.0>} {
  return
}
