//! `toy-shape-inference` (chapter 4): gives every unshaped tensor in a
//! function its shape, op by op, through the [`ShapeInference`] interface.

use mlir_pass::ir::{OperationExt, WalkOrder};
use mlir_pass::melior::ir::operation::WalkResult;
use mlir_pass::melior::ir::{operation::OperationLike, TypeLike, ValueLike};
use mlir_pass::{mlir_pass, OperationRef, Pass, PassError};

use crate::dialect::shape::{is_unranked_tensor, ShapeInference};
use crate::dialect::ToyDialect;

/// Infers the shape of every unshaped tensor in a `toy.func`, from the
/// shaped constants and arguments: each op whose operands all have ranked
/// types computes its result's shape ([`ShapeInference`]), until none is
/// left. Run it after inlining, when `main` holds the whole program.
///
/// Fails at the op when an unshaped result comes from an op without the
/// interface, and at the function when some shapes cannot be inferred.
#[mlir_pass(
    argument = "toy-shape-inference",
    op = "toy.func",
    dialects = [ToyDialect]
)]
#[derive(Clone, Debug, Default)]
pub struct ShapeInferencePass;

impl Pass for ShapeInferencePass {
    fn run(&mut self, func: OperationRef<'_>) -> Result<(), PassError> {
        // The ops that return an unshaped tensor, in order.
        let mut worklist = Vec::new();
        func.melior().walk_ops(WalkOrder::PreOrder, |op| {
            if (0..op.result_count()).any(|i| {
                op.result(i)
                    .map(|r| is_unranked_tensor(r.r#type()))
                    .unwrap_or(false)
            }) {
                worklist.push(op.to_raw());
            }
            WalkResult::Advance
        });
        let ready = |raw| {
            // SAFETY: an op of the function this pass holds; shape
            // inference changes types only, never erases ops.
            let op = unsafe { mlir_pass::melior::ir::OperationRef::from_raw(raw) };
            (0..op.operand_count()).all(|i| {
                op.operand(i)
                    .map(|v| {
                        !is_unranked_tensor(v.r#type()) && v.r#type().is_tensor()
                            || !v.r#type().is_tensor()
                    })
                    .unwrap_or(true)
            })
        };
        while let Some(position) = worklist.iter().position(|raw| ready(*raw)) {
            let raw = worklist.remove(position);
            // SAFETY: as above.
            let op = unsafe { mlir_pass::melior::ir::OperationRef::from_raw(raw) };
            match <dyn ShapeInference>::get(&op) {
                Some(shaped) => shaped.infer_shapes(),
                None => {
                    OperationRef::from(op).emit_error(
                        "unable to infer shape of operation without shape inference interface",
                    );
                    return Err(PassError::reported());
                }
            }
        }
        if !worklist.is_empty() {
            func.emit_error(&format!(
                "Shape inference failed, {} operations couldn't be inferred",
                worklist.len()
            ));
            return Err(PassError::reported());
        }
        Ok(())
    }
}
