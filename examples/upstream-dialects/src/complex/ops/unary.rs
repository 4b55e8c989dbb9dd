//! The unary ops (ODS's `ComplexUnaryOp`): a complex operand, fast-math
//! flags (`#arith.fastmath<none>` by default), and a result of the
//! operand's type or, for `abs`, `angle`, `re` and `im`, of its element
//! type.

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyFloat, FastMathFlagsAttr},
    FoldResult,
};
use mlir_pass::melior::ir::Attribute;
use mlir_pass::rewrite::PatternSetBuilder;

use super::super::canonicalize::FoldComponentNeg;
use super::super::{fold, ComplexDialect, ComplexOfFloat};

/// Declares a unary op whose result has the operand's type.
macro_rules! unary_op {
    (
        $(#[$doc:meta])*
        $name:ident = $mnemonic:literal $(, $folder:ident)?
    ) => {
        $(#[$doc])*
        #[mlir_op(
            dialect = ComplexDialect,
            name = $mnemonic,
            traits = [Pure, SameOperandsAndResultType],
            format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)",
            interfaces = [InferTypeOpInterface(from_constraints), ArithFastMathInterface]
            $(, $folder)?
        )]
        pub struct $name {
            /// The number.
            #[operand]
            complex: ComplexOfFloat,
            /// The fast-math flags.
            #[attr(default = "#arith.fastmath<none>")]
            fastmath: FastMathFlagsAttr,
            /// The result.
            #[result]
            result: ComplexOfFloat,
        }

    };
}

/// Declares a unary op whose result is a float of the operand's element
/// type (`TypesMatchWith<"complex element type matches result type">`).
macro_rules! part_op {
    (
        $(#[$doc:meta])*
        $name:ident = $mnemonic:literal, $result:ident $(, $extra:ident)*
    ) => {
        $(#[$doc])*
        #[mlir_op(
            dialect = ComplexDialect,
            name = $mnemonic,
            traits = [
                Pure,
                TypesMatchWith(
                    "complex element type matches result type",
                    complex,
                    $result,
                    ElementType
                ),
            ],
            format = "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)",
            interfaces = [InferTypeOpInterface(from_constraints), ArithFastMathInterface]
            $(, $extra)*
        )]
        pub struct $name {
            /// The number.
            #[operand]
            complex: ComplexOfFloat,
            /// The fast-math flags.
            #[attr(default = "#arith.fastmath<none>")]
            fastmath: FastMathFlagsAttr,
            /// The result.
            #[result]
            $result: AnyFloat,
        }

    };
}

part_op! {
    /// The absolute value: `complex.abs %a : complex<f32>` (an `f32`).
    AbsOp = "abs", result
}
part_op! {
    /// The argument: `complex.angle %a : complex<f32>`.
    AngleOp = "angle", result
}
part_op! {
    /// The real part: `complex.re %a : complex<f32>`.
    ReOp = "re", real, folder, canonicalizer
}
part_op! {
    /// The imaginary part: `complex.im %a : complex<f32>`.
    ImOp = "im", imaginary, folder, canonicalizer
}
unary_op! {
    /// The conjugate: `complex.conj %a : complex<f32>`.
    ConjOp = "conj", folder
}
unary_op! {
    /// The cosine: `complex.cos %a : complex<f32>`.
    CosOp = "cos"
}
unary_op! {
    /// The exponential: `complex.exp %a : complex<f32>`.
    ExpOp = "exp", folder
}
unary_op! {
    /// `exp(z) - 1`: `complex.expm1 %a : complex<f32>`.
    Expm1Op = "expm1"
}
unary_op! {
    /// The natural logarithm: `complex.log %a : complex<f32>`.
    LogOp = "log", folder
}
unary_op! {
    /// `log(1 + z)`: `complex.log1p %a : complex<f32>`.
    Log1pOp = "log1p"
}
unary_op! {
    /// The negation: `complex.neg %a : complex<f32>`.
    NegOp = "neg", folder
}
unary_op! {
    /// The reciprocal of the square root: `complex.rsqrt %a : complex<f32>`.
    RsqrtOp = "rsqrt"
}
unary_op! {
    /// `z / abs(z)`, 0 for 0: `complex.sign %a : complex<f32>`.
    SignOp = "sign"
}
unary_op! {
    /// The sine: `complex.sin %a : complex<f32>`.
    SinOp = "sin"
}
unary_op! {
    /// The square root: `complex.sqrt %a : complex<f32>`.
    SqrtOp = "sqrt"
}
unary_op! {
    /// The tangent: `complex.tan %a : complex<f32>`.
    TanOp = "tan"
}
unary_op! {
    /// The hyperbolic tangent: `complex.tanh %a : complex<f32>`.
    TanhOp = "tanh"
}

impl<'a> ReOp<'a> {
    /// The first part of a constant, or `x` of `re(create(x, y))`.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold::part(self.complex(), operands.first().copied().flatten(), 0)
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(FoldComponentNeg::<ReOp<'static>>::new())
    }
}

impl<'a> ImOp<'a> {
    /// The second part of a constant, or `y` of `im(create(x, y))`.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold::part(self.complex(), operands.first().copied().flatten(), 1)
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(FoldComponentNeg::<ImOp<'static>>::new())
    }
}

/// The folders of the ops that undo another: `neg(neg(a))`, `log(exp(a))`,
/// `exp(log(a))` and `conj(conj(a))` are `a`.
macro_rules! inverse_fold {
    ($($name:ident undoes $inverse:ident;)*) => {$(
        impl<'a> $name<'a> {
            fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
                fold::inverse::<$inverse<'a>>(self.complex(), |op| op.complex())
                    .map(FoldResult::Value)
            }
        }
    )*};
}

inverse_fold! {
    NegOp undoes NegOp;
    LogOp undoes ExpOp;
    ExpOp undoes LogOp;
    ConjOp undoes ConjOp;
}
