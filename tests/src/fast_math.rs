//! The `rfast` dialect: ops with fast-math flags (`ArithFastMathInterface`),
//! shaped after `arith.addf` so that the tests compare what MLIR answers for
//! them with what it answers for upstream's, byte for byte: `rfast.addf`
//! reads `fastmath` as ODS's default methods do; `rfast.mulf` keeps its
//! flags in `flags` and names it. The `probe-fast-math` pass writes what the
//! interface answers for each op onto it.

#![deny(unsafe_code)]

use mlir_pass::{
    analysis::InterfacesExt,
    dialect::{
        mlir_dialect, mlir_op,
        ods::{AnyFloat, FastMathFlagsAttr},
    },
    ir::{OperationExt, WalkOrder},
    melior::ir::{
        attribute::StringAttribute,
        operation::{OperationLike, OperationMutLike, WalkResult},
    },
    mlir_pass, OperationRef, Pass, PassError,
};

/// Ops with fast-math flags.
#[mlir_dialect(name = "rfast", dependent_dialects = [arith])]
pub struct RFastDialect;

/// `arith.addf` again: its flags in `fastmath`, the attribute
/// `ArithFastMathInterface` reads unless told otherwise.
#[mlir_op(
    dialect = RFastDialect,
    name = "addf",
    traits = [Pure, SameOperandsAndResultType],
    interfaces = [ArithFastMathInterface],
    format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
)]
pub struct AddFOp {
    /// The left operand.
    #[operand]
    lhs: AnyFloat,
    /// The right operand.
    #[operand]
    rhs: AnyFloat,
    /// The fast-math flags.
    #[attr(default = "#arith.fastmath<none>")]
    fastmath: FastMathFlagsAttr,
    /// The sum.
    #[result]
    result: AnyFloat,
}

/// A multiplication whose flags are in `flags`, named to the interface.
#[mlir_op(
    dialect = RFastDialect,
    name = "mulf",
    traits = [Pure, SameOperandsAndResultType],
    interfaces = [ArithFastMathInterface(attr = flags)],
    format = "$lhs `,` $rhs (`flags` `` $flags^)? attr-dict `:` type($result)"
)]
pub struct MulFOp {
    /// The left operand.
    #[operand]
    lhs: AnyFloat,
    /// The right operand.
    #[operand]
    rhs: AnyFloat,
    /// The fast-math flags.
    #[attr(default = "#arith.fastmath<none>")]
    flags: FastMathFlagsAttr,
    /// The product.
    #[result]
    result: AnyFloat,
}

/// Writes what `ArithFastMathInterface` answers onto each op implementing
/// it: `probe.fastmath_name` (`getFastMathAttrName`) and `probe.fastmath`
/// (`getFastMathFlagsAttr`). An op marked `probe.drop` first loses its
/// flags attribute (IR no verifier has seen), which the interface reports.
#[mlir_pass(argument = "probe-fast-math", op = "func.func")]
#[derive(Clone, Default)]
pub struct ProbeFastMath;

impl Pass for ProbeFastMath {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let context = op.melior_context();
        op.melior_mut().walk_ops(WalkOrder::PreOrder, |mut nested| {
            if nested.has_attribute("probe.drop") {
                if let Some(fast_math) = nested.fast_math() {
                    let _ = nested.remove_attribute(fast_math.attr_name);
                }
            }
            if let Some(fast_math) = nested.fast_math() {
                let name = StringAttribute::new(context, fast_math.attr_name);
                nested.set_attribute("probe.fastmath_name", name.into());
                if let Some(flags) = fast_math.flags {
                    nested.set_attribute("probe.fastmath", flags);
                }
            }
            WalkResult::Advance
        });
        Ok(())
    }
}
