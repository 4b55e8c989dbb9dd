//! Rust ports of two upstream dialect conversions, under `rs-` arguments,
//! on MLIR's conversion driver through [`mlir_pass::conversion`]. Each gives
//! byte-identical output to the upstream pass (see the differential tests in
//! `tests/integration/ir/conversions.rs`): `convert-math-to-libm`
//! (`libm.rs`) and `math-extend-to-supported-types` (`extend.rs`).

mod extend;
mod libm;

pub use extend::MathExtendToSupportedTypes;
pub use libm::{ConvertMathToLibm, LIBM_FUNCTIONS};
