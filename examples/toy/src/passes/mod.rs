//! The Toy passes: shape inference (chapter 4), the partial lowering to
//! `affine` (chapter 5) and the lowering to `llvm` (chapter 6).

mod shape_inference;
mod to_affine;
mod to_llvm;

pub use shape_inference::ShapeInferencePass;
pub use to_affine::ToyToAffine;
pub use to_llvm::{PrintToLlvm, ToyToLlvm};
