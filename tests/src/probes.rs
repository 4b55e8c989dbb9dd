//! Probe passes: they write what the `ir` queries answer onto the IR as
//! attributes, so that a test can compare the answers in `mlir-pass-opt`
//! and in the stock `mlir-opt` with a plugin (where a trait check compiled
//! into our code could answer differently from libMLIR).

use mlir_pass::{
    ir::{OperationExt, OperationMutExt, ValueExt, WalkOrder},
    melior::ir::{
        attribute::{FloatAttribute, IntegerAttribute},
        operation::{OperationLike, OperationMutLike, WalkResult},
        r#type::IntegerType,
        Type,
    },
    mlir_pass, OperationRef, Pass, PassError,
};

/// Annotates each op whose first result is a constant with what the
/// constant matchers say: `probe.constant` (the attribute), `probe.int`,
/// `probe.uint`, `probe.width`, `probe.splat`, `probe.float`, `probe.exact`.
#[mlir_pass(argument = "probe-constants", op = "func.func")]
#[derive(Clone, Default)]
pub struct ProbeConstants;

impl Pass for ProbeConstants {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let context = op.melior_context();
        op.melior_mut().walk_ops(WalkOrder::PreOrder, |mut nested| {
            let Ok(result) = nested.result(0) else {
                return WalkResult::Advance;
            };
            if let Some(attr) = result.constant() {
                nested.set_attribute("probe.constant", attr);
            }
            if let Some(int) = result.constant_int() {
                if let Some(v) = int.as_i64() {
                    nested.set_i64_attr("probe.int", v);
                }
                if let Some(v) = int.as_u64() {
                    let ty: Type = IntegerType::unsigned(context, 64).into();
                    nested.set_attribute("probe.uint", IntegerAttribute::new(ty, v as i64).into());
                }
                nested.set_i64_attr("probe.width", i64::from(int.width()));
                nested.set_bool_attr("probe.splat", int.is_splat());
            }
            if let Some(float) = result.constant_float() {
                let attr = FloatAttribute::new(context, Type::float64(context), float.value());
                nested.set_attribute("probe.float", attr.into());
                nested.set_i64_attr("probe.width", i64::from(float.width()));
                nested.set_bool_attr("probe.splat", float.is_splat());
                nested.set_bool_attr("probe.exact", float.is_exact());
            }
            WalkResult::Advance
        });
        Ok(())
    }
}
