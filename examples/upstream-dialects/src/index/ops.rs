//! The `index` ops, as `IndexOps.td` declares them and `IndexOps.cpp`
//! folds and canonicalizes them.

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyInteger, AnyOf, BoolAttr, Index, IndexAttr, I1},
    FoldResult, InferTypeInput, Op, ValueNames,
};
use mlir_pass::ir::ValueExt;
use mlir_pass::melior::ir::{
    attribute::{AttributeLike, IntegerAttribute},
    r#type::IntegerType,
    Attribute, Type, TypeLike, ValueLike,
};
use mlir_pass::rewrite::PatternSetBuilder;

use super::canonicalize::{AssociativeCommutative, BinaryKind, BinaryOp, CmpOfSub};
use super::fold::{self, Bound, Calculation};
use super::{defined_by, index_attr, index_value, IndexCmpPredicateAttr, IndexDialect};

/// `[index]`: the result type of the ops that always make an `index`.
fn index_result<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
    Ok(vec![Type::index(input.context())])
}

/// Folds two constant operands with `fold` (`fold::checked` or
/// `fold::unchecked`) and `calculate`.
fn fold_constants<'a>(
    context: &'a mlir_pass::melior::Context,
    operands: &[Option<Attribute<'a>>],
    fold: fn(i64, i64, Calculation) -> Option<i64>,
    calculate: Calculation,
) -> Option<FoldResult<'a>> {
    let lhs = index_value(*operands.first()?)?;
    let rhs = index_value(*operands.get(1)?)?;
    fold(lhs, rhs, calculate).map(|v| FoldResult::Attribute(index_attr(context, v)))
}

/// Declares a binary op of `index` values (ODS's `IndexBinaryOp`: `index.add
/// %a, %b`), its `BinaryOp` handle methods and, with `fold(how, calc)`, a
/// folder computing `calc` through `fold::how`.
macro_rules! binary_op {
    (
        $(#[$doc:meta])*
        $name:ident = $mnemonic:literal,
        traits = [$($trait:ident),*]
        $(, $canonicalizer:ident)?
    ) => {
        $(#[$doc])*
        #[mlir_op(
            dialect = IndexDialect,
            name = $mnemonic,
            traits = [$($trait),*],
            format = "$lhs `,` $rhs attr-dict",
            interfaces = [InferTypeOpInterface],
            folder
            $(, $canonicalizer)?
        )]
        pub struct $name {
            /// The left operand.
            #[operand]
            lhs: Index,
            /// The right operand.
            #[operand]
            rhs: Index,
            /// The result.
            #[result]
            result: Index,
        }

        impl<'a> BinaryOp<'a> for $name<'a> {
            fn lhs_value(&self) -> mlir_pass::melior::ir::Value<'a, 'a> {
                self.lhs()
            }

            fn rhs_value(&self) -> mlir_pass::melior::ir::Value<'a, 'a> {
                self.rhs()
            }

            fn build_binary(
                location: mlir_pass::melior::ir::Location<'a>,
                lhs: mlir_pass::melior::ir::Value<'a, '_>,
                rhs: mlir_pass::melior::ir::Value<'a, '_>,
            ) -> mlir_pass::melior::ir::Operation<'a> {
                Self::build(location, lhs.r#type(), lhs, rhs)
            }
        }

        impl BinaryKind for $name<'static> {
            type Handle<'a> = $name<'a>;
        }

        impl $name<'_> {
            fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
                index_result(input)
            }
        }
    };
}

/// Folds an op whose two operands are constants, with `fold::$how` and
/// `fold::$calc`.
macro_rules! fold_with {
    ($name:ident, $how:ident, $calc:ident) => {
        impl<'a> $name<'a> {
            fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
                fold_constants(self.context(), operands, fold::$how, fold::$calc)
            }
        }
    };
}

/// The canonicalization pattern of the associative and commutative ops
/// (`canonicalizeAssociativeCommutativeBinaryOp`).
macro_rules! associative_commutative {
    ($($name:ident),*) => {$(
        impl $name<'_> {
            fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
                patterns.add(AssociativeCommutative::<$name<'static>>::new())
            }
        }
    )*};
}

binary_op! {
    /// Adds two `index` values: `index.add %a, %b`.
    AddOp = "add", traits = [Commutative, Pure], canonicalizer
}
binary_op! {
    /// Subtracts: `index.sub %a, %b`.
    SubOp = "sub", traits = [Pure]
}
binary_op! {
    /// Multiplies: `index.mul %a, %b`.
    MulOp = "mul", traits = [Commutative, Pure], canonicalizer
}
binary_op! {
    /// Signed division, rounding towards zero: `index.divs %a, %b`. Not
    /// speculatable (division by zero is undefined).
    DivSOp = "divs", traits = [NoMemoryEffect]
}
binary_op! {
    /// Unsigned division: `index.divu %a, %b`.
    DivUOp = "divu", traits = [NoMemoryEffect]
}
binary_op! {
    /// Signed division, rounding towards positive infinity: `index.ceildivs
    /// %a, %b`.
    CeilDivSOp = "ceildivs", traits = [NoMemoryEffect]
}
binary_op! {
    /// Unsigned division, rounding up: `index.ceildivu %a, %b`.
    CeilDivUOp = "ceildivu", traits = [NoMemoryEffect]
}
binary_op! {
    /// Signed division, rounding towards negative infinity:
    /// `index.floordivs %a, %b`.
    FloorDivSOp = "floordivs", traits = [NoMemoryEffect]
}
binary_op! {
    /// Signed remainder: `index.rems %a, %b`.
    RemSOp = "rems", traits = [NoMemoryEffect]
}
binary_op! {
    /// Unsigned remainder: `index.remu %a, %b`.
    RemUOp = "remu", traits = [NoMemoryEffect]
}
binary_op! {
    /// Signed maximum: `index.maxs %a, %b`.
    MaxSOp = "maxs", traits = [Commutative, Pure], canonicalizer
}
binary_op! {
    /// Unsigned maximum: `index.maxu %a, %b`.
    MaxUOp = "maxu", traits = [Commutative, Pure], canonicalizer
}
binary_op! {
    /// Signed minimum: `index.mins %a, %b`.
    MinSOp = "mins", traits = [Commutative, Pure], canonicalizer
}
binary_op! {
    /// Unsigned minimum: `index.minu %a, %b`.
    MinUOp = "minu", traits = [Commutative, Pure], canonicalizer
}
binary_op! {
    /// Shift left: `index.shl %a, %b`.
    ShlOp = "shl", traits = [Pure]
}
binary_op! {
    /// Arithmetic shift right: `index.shrs %a, %b`.
    ShrSOp = "shrs", traits = [Pure]
}
binary_op! {
    /// Logical shift right: `index.shru %a, %b`.
    ShrUOp = "shru", traits = [Pure]
}
binary_op! {
    /// Bitwise and: `index.and %a, %b`.
    AndOp = "and", traits = [Commutative, Pure], canonicalizer
}
binary_op! {
    /// Bitwise or: `index.or %a, %b`.
    OrOp = "or", traits = [Commutative, Pure], canonicalizer
}
binary_op! {
    /// Bitwise exclusive or: `index.xor %a, %b`.
    XOrOp = "xor", traits = [Commutative, Pure], canonicalizer
}

fold_with!(DivSOp, checked, divs);
fold_with!(DivUOp, checked, divu);
fold_with!(CeilDivSOp, checked, ceildivs);
fold_with!(CeilDivUOp, checked, ceildivu);
fold_with!(FloorDivSOp, checked, floordivs);
fold_with!(RemSOp, checked, rems);
fold_with!(RemUOp, checked, remu);
fold_with!(MaxSOp, checked, maxs);
fold_with!(MaxUOp, checked, maxu);
fold_with!(MinSOp, checked, mins);
fold_with!(MinUOp, checked, minu);
fold_with!(ShlOp, unchecked, shl);
fold_with!(ShrSOp, checked, shrs);
fold_with!(ShrUOp, checked, shru);
fold_with!(AndOp, unchecked, and);
fold_with!(OrOp, unchecked, or);
fold_with!(XOrOp, unchecked, xor);

associative_commutative!(AddOp, MulOp, MaxSOp, MaxUOp, MinSOp, MinUOp, AndOp, OrOp, XOrOp);

impl<'a> AddOp<'a> {
    /// Constants fold; `add(x, 0)` is `x`.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_constants(self.context(), operands, fold::unchecked, fold::add)
            .or_else(|| (index_value(operands[1])? == 0).then(|| FoldResult::Value(self.lhs())))
    }
}

impl<'a> SubOp<'a> {
    /// Constants fold; `sub(x, 0)` is `x`.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_constants(self.context(), operands, fold::unchecked, fold::sub)
            .or_else(|| (index_value(operands[1])? == 0).then(|| FoldResult::Value(self.lhs())))
    }
}

impl<'a> MulOp<'a> {
    /// Constants fold; `mul(x, 1)` is `x`, `mul(x, 0)` is 0.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_constants(self.context(), operands, fold::unchecked, fold::mul).or_else(|| {
            match index_value(operands[1])? {
                1 => Some(FoldResult::Value(self.lhs())),
                0 => operands[1].map(FoldResult::Attribute),
                _ => None,
            }
        })
    }
}

/// Converts between `index` and an integer type, sign-extending or
/// truncating: `index.casts %a : index to i64`. One side is `index`, the
/// other an integer.
#[mlir_op(
    dialect = IndexDialect,
    name = "casts",
    traits = [Pure],
    format = "$input attr-dict `:` type($input) `to` type($output)",
    interfaces = [CastOpInterface],
    folder
)]
pub struct CastSOp {
    /// The value.
    #[operand]
    input: AnyOf<(AnyInteger, Index)>,
    /// The value converted.
    #[result]
    output: AnyOf<(AnyInteger, Index)>,
}

/// Converts between `index` and an integer type, zero-extending or
/// truncating: `index.castu %a : i32 to index`.
#[mlir_op(
    dialect = IndexDialect,
    name = "castu",
    traits = [Pure],
    format = "$input attr-dict `:` type($input) `to` type($output)",
    interfaces = [CastOpInterface],
    folder
)]
pub struct CastUOp {
    /// The value.
    #[operand]
    input: AnyOf<(AnyInteger, Index)>,
    /// The value converted.
    #[result]
    output: AnyOf<(AnyInteger, Index)>,
}

/// One of the two types is `index`, the other not.
fn cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
    match (inputs.first(), outputs.first()) {
        (Some(input), Some(output)) => input.is_index() != output.is_index(),
        _ => false,
    }
}

/// `foldCastOp`: a constant input becomes a constant of the result type,
/// when the 32-bit and 64-bit targets agree on it.
fn fold_cast<'a>(
    input: Option<Attribute<'a>>,
    result: Type<'a>,
    signed: bool,
) -> Option<FoldResult<'a>> {
    let input = IntegerAttribute::try_from(input?).ok()?;
    let from = integer_width(input.r#type())?;
    let to = if result.is_index() {
        None
    } else {
        Some(integer_width(result)?)
    };
    let value = fold::cast(input.value(), from, to, signed)?;
    Some(FoldResult::Attribute(
        IntegerAttribute::new(result, value).into(),
    ))
}

/// The width of an integer type (64 for `index`, as it is stored).
fn integer_width(ty: Type<'_>) -> Option<u32> {
    if ty.is_index() {
        return Some(64);
    }
    IntegerType::try_from(ty).ok().map(|t| t.width())
}

impl<'a> CastSOp<'a> {
    fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
        cast_compatible(inputs, outputs)
    }

    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_cast(*operands.first()?, self.output().r#type(), true)
    }
}

impl<'a> CastUOp<'a> {
    fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool {
        cast_compatible(inputs, outputs)
    }

    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        fold_cast(*operands.first()?, self.output().r#type(), false)
    }
}

/// Compares two `index` values: `index.cmp slt(%a, %b)`.
#[mlir_op(
    dialect = IndexDialect,
    name = "cmp",
    traits = [Pure],
    format = "`` $pred `(` $lhs `,` $rhs `)` attr-dict",
    interfaces = [InferTypeOpInterface],
    folder,
    canonicalizer
)]
pub struct CmpOp {
    /// The comparison.
    #[attr]
    pred: IndexCmpPredicateAttr,
    /// The left operand.
    #[operand]
    lhs: Index,
    /// The right operand.
    #[operand]
    rhs: Index,
    /// Whether the comparison holds.
    #[result]
    result: I1,
}

impl<'a> CmpOp<'a> {
    fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
        Ok(vec![IntegerType::new(input.context(), 1).into()])
    }

    /// Constants compare when both widths agree; so does `max/min(x, a)`
    /// against a constant `b` when the bound decides; `cmp(x, x)` is known.
    fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        let predicate = self.pred().value().predicate();
        let lhs = index_value(operands[0]);
        let rhs = index_value(operands[1]);
        let known = |value: bool| {
            let attr = mlir_pass::melior::ir::attribute::BoolAttribute::new(self.context(), value);
            Some(FoldResult::Attribute(attr.into()))
        };
        if let (Some(lhs), Some(rhs)) = (lhs, rhs) {
            if let Some(value) = fold::compare(predicate, lhs, rhs) {
                return known(value);
            }
        }
        if let (Some((bound, a)), Some(b)) = (self.lhs().defining_op_bound(), rhs) {
            if let Some(a) = index_value(a.constant()) {
                if let Some(value) = fold::compare_bound(predicate, bound, a, b) {
                    return known(value);
                }
            }
        }
        if self.lhs() == self.rhs() {
            return known(predicate.same_operands());
        }
        None
    }

    fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder {
        patterns.add(CmpOfSub)
    }
}

/// Which bound op defines a value, and that op's right operand.
trait DefiningBound<'a> {
    fn defining_op_bound(self) -> Option<(Bound, mlir_pass::melior::ir::Value<'a, 'a>)>;
}

impl<'a> DefiningBound<'a> for mlir_pass::melior::ir::Value<'a, 'a> {
    fn defining_op_bound(self) -> Option<(Bound, mlir_pass::melior::ir::Value<'a, 'a>)> {
        if let Some(op) = defined_by::<MaxSOp>(self) {
            return Some((Bound::MaxS, op.rhs()));
        }
        if let Some(op) = defined_by::<MaxUOp>(self) {
            return Some((Bound::MaxU, op.rhs()));
        }
        if let Some(op) = defined_by::<MinSOp>(self) {
            return Some((Bound::MinS, op.rhs()));
        }
        defined_by::<MinUOp>(self).map(|op| (Bound::MinU, op.rhs()))
    }
}

/// The size of an `index` on the target, in bits: `%0 = index.sizeof`.
#[mlir_op(
    dialect = IndexDialect,
    name = "sizeof",
    traits = [Pure],
    format = "attr-dict",
    interfaces = [InferTypeOpInterface]
)]
pub struct SizeOfOp {
    /// The size.
    #[result]
    result: Index,
}

impl SizeOfOp<'_> {
    fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
        index_result(input)
    }
}

/// An `index` constant: `%idx42 = index.constant 42`.
#[mlir_op(
    dialect = IndexDialect,
    name = "constant",
    traits = [ConstantLike, Pure],
    format = "attr-dict $value",
    interfaces = [OpAsmOpInterface(result_names), InferTypeOpInterface],
    folder
)]
pub struct ConstantOp {
    /// The value.
    #[attr]
    value: IndexAttr,
    /// The constant.
    #[result]
    result: Index,
}

impl<'a> ConstantOp<'a> {
    fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
        index_result(input)
    }

    /// `idx` and the value, signed (`%idx-1`).
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(self.result(), &format!("idx{}", self.value().value()));
    }

    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Attribute(self.value().into()))
    }
}

/// An `i1` constant: `%true = index.bool.constant true`.
#[mlir_op(
    dialect = IndexDialect,
    name = "bool.constant",
    traits = [ConstantLike, Pure],
    format = "attr-dict $value",
    interfaces = [OpAsmOpInterface(result_names), InferTypeOpInterface],
    folder
)]
pub struct BoolConstantOp {
    /// The value.
    #[attr]
    value: BoolAttr,
    /// The constant.
    #[result]
    result: I1,
}

impl<'a> BoolConstantOp<'a> {
    fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String> {
        Ok(vec![IntegerType::new(input.context(), 1).into()])
    }

    /// `true` or `false`.
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(
            self.result(),
            if self.value().value() {
                "true"
            } else {
                "false"
            },
        );
    }

    fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
        Some(FoldResult::Attribute(self.value().into()))
    }
}
