// Malformed `#complex.number`s: the parser's errors.

// expected-error @below {{unexpected decimal integer literal for a floating point value}}
// expected-note @below {{add a trailing dot to make the literal a float}}
func.func @f() attributes {a = #complex.number<:f32 1, 2>} { return }

// -----

// expected-error @below {{expected ':'}}
func.func @f() attributes {a = #complex.number<f64 1.0, 0.0>} { return }

// -----

// expected-error @below {{expected ','}}
func.func @f() attributes {a = #complex.number<:f64 1.0 0.0>} { return }

// -----

// expected-error @below {{hexadecimal float literal should not have a leading minus}}
func.func @f() attributes {a = #complex.number<:f64 -0x7FF0000000000000, 1.0>} { return }

// -----

// expected-error @below {{expected floating point literal}}
func.func @f() attributes {a = #complex.number<:f64 +1.0, 2.0>} { return }

// -----

// expected-error @below {{unknown attribute `numbr` in dialect `complex`}}
func.func @f() attributes {a = #complex.numbr<:f64 1.0, 2.0>} { return }
