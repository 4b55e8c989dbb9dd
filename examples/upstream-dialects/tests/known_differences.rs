//! Where `upstream-dialects-opt` and the stock `mlir-opt` differ today on
//! the `complex` dialect, and why. Each test asserts the difference (so
//! that it fails, to be turned into an equality, when the feature lands)
//! and that nothing else differs.
//!
//! - `#complex.number` of a non-float element type: upstream crashes
//!   (`cast<FloatType>` in `NumberAttr::get`); ours is a parse error.
//!
//! Not observable on these dialects, so not tested: `complex.powi` does
//! not declare `ArithFastMathInterface` (its flags are optional, which
//! mlir-pass's interface does not take yet; no upstream pass asks it of a
//! complex op; the other ops with flags declare it), nor do complex ops
//! have the `Elementwise` trait (mlir-pass has none; it concerns vector and
//! tensor operands, which no complex op takes).

use crate::common::both;

#[test]
fn a_number_of_integer_parts_is_an_error_where_upstream_crashes() {
    let (ours, stock) = both(&["complex/number-crash.mlir"]);
    // Killed by a signal (SIGSEGV): no exit code.
    assert_eq!(stock.code, None, "upstream no longer crashes: compare");
    assert_eq!(ours.code, Some(1));
    assert_eq!(
        ours.stderr,
        format!(
            "complex/number-crash.mlir:4:49: error: element type of the complex attribute must \
             be float like type.\nfunc.func @f() attributes {{a = #complex.number<:i32 1.0, \
             0.0>}} {{\n{}^\n",
            " ".repeat(48)
        )
    );
    assert_eq!(ours.stdout, "");
}
