//! `toy-shape-inference` (chapter 4): gives every unshaped tensor in a
//! function its shape, op by op, through the [`ShapeInference`] interface.

use mlir_pass::melior::ir::{operation::OperationLike, BlockLike, RegionLike, ValueLike};
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
        // Toy ops have no regions: the function's block holds them all.
        let function = func.melior();
        let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) else {
            return Ok(());
        };
        // The ops that return an unshaped tensor, in order.
        let mut worklist: Vec<_> =
            std::iter::successors(body.first_operation(), |op| op.next_in_block())
                .filter(|op| {
                    (0..op.result_count())
                        .any(|i| op.result(i).is_ok_and(|r| is_unranked_tensor(r.r#type())))
                })
                .collect();
        // An op is ready once none of its operands is an unshaped tensor.
        let ready = |op: &mlir_pass::melior::ir::OperationRef<'_, '_>| {
            (0..op.operand_count())
                .all(|i| op.operand(i).is_ok_and(|v| !is_unranked_tensor(v.r#type())))
        };
        while let Some(position) = worklist.iter().position(ready) {
            let op = worklist.remove(position);
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
