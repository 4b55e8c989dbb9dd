//! `complex.add`, `sub`, `mul`, `div`, `pow` and `atan2` (ODS's
//! `ComplexArithmeticOp`): two complex operands of one type, fast-math
//! flags (`#arith.fastmath<none>` by default, left out of the custom form
//! then), and the result of the operands' type.

use mlir_pass::dialect::{mlir_op, ods::FastMathFlagsAttr, FoldResult};
use mlir_pass::melior::ir::Attribute;

use super::super::{fold, ComplexDialect, ComplexOfFloat};

/// Declares a binary op of `ComplexArithmeticOp`, with a folder when
/// `folder` is given (`hasFolder`).
macro_rules! arithmetic_op {
    (
        $(#[$doc:meta])*
        $name:ident = $mnemonic:literal $(, $folder:ident)?
    ) => {
        $(#[$doc])*
        #[mlir_op(
            dialect = ComplexDialect,
            name = $mnemonic,
            traits = [Pure, SameOperandsAndResultType],
            format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
            interfaces = [InferTypeOpInterface(from_constraints), ArithFastMathInterface]
            $(, $folder)?
        )]
        pub struct $name {
            /// The left operand.
            #[operand]
            lhs: ComplexOfFloat,
            /// The right operand.
            #[operand]
            rhs: ComplexOfFloat,
            /// The fast-math flags.
            #[attr(default = "#arith.fastmath<none>")]
            fastmath: FastMathFlagsAttr,
            /// The result.
            #[result]
            result: ComplexOfFloat,
        }

    };
}

arithmetic_op! {
    /// Adds two complex numbers: `complex.add %a, %b : complex<f32>`.
    AddOp = "add", folder
}
arithmetic_op! {
    /// Subtracts: `complex.sub %a, %b : complex<f32>`.
    SubOp = "sub", folder
}
arithmetic_op! {
    /// Multiplies: `complex.mul %a, %b : complex<f32>`.
    MulOp = "mul", folder
}
arithmetic_op! {
    /// Divides: `complex.div %a, %b : complex<f32>`.
    DivOp = "div", folder
}
arithmetic_op! {
    /// Raises to a complex power: `complex.pow %a, %b : complex<f32>`.
    PowOp = "pow"
}
arithmetic_op! {
    /// The two-argument arctangent: `complex.atan2 %a, %b : complex<f32>`.
    Atan2Op = "atan2"
}

impl<'a> AddOp<'a> {
    /// `add(sub(a, b), b)` and `add(b, sub(a, b))` are `a`; `add(x, 0)` is
    /// `x`.
    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold::add(self.lhs(), self.rhs()).map(FoldResult::Value)
    }
}

impl<'a> SubOp<'a> {
    /// `sub(add(a, b), b)` is `a`; `sub(x, 0)` is `x`.
    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold::sub(self.lhs(), self.rhs()).map(FoldResult::Value)
    }
}

impl<'a> MulOp<'a> {
    /// `mul(x, 1)` is `x`, the 1 a `complex.constant`.
    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold::mul(self.lhs(), self.rhs()).map(FoldResult::Value)
    }
}

impl<'a> DivOp<'a> {
    /// `div(x, 1)` is `x`, the 1 any constant.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold::div(self.lhs(), operands.get(1).copied().flatten()).map(FoldResult::Value)
    }
}
