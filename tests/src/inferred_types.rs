//! The `rinfer` dialect: ops whose result types follow from their
//! constraints (`InferTypeOpInterface(from_constraints)`), one per way ODS's
//! generated `inferReturnTypes` finds a type: a buildable type, the
//! operand's under `SameOperandsAndResultType`, an operand's through
//! `AllTypesMatch` and through `TypesMatchWith` with a transform, a typed
//! attribute's, and another result's. No op has a Rust hook: the bridge
//! answers in C++.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    mlir_dialect, mlir_op,
    ods::{AnyFloat, AnyInteger, AnyIntegerAttr, AnyTensor, AnyType, Index, Optional, I1, I32},
};

/// Ops with inferred result types.
#[mlir_dialect(name = "rinfer")]
pub struct RInferDialect;

/// `%0 = rinfer.index`: a buildable `index`.
#[mlir_op(
    dialect = RInferDialect,
    name = "index",
    traits = [Pure],
    interfaces = [InferTypeOpInterface(from_constraints)],
    format = "attr-dict"
)]
pub struct IndexOp {
    /// The index.
    #[result]
    result: Index,
}

/// `%0 = rinfer.same %x : i32`: the operand's type.
#[mlir_op(
    dialect = RInferDialect,
    name = "same",
    traits = [Pure, SameOperandsAndResultType],
    interfaces = [InferTypeOpInterface(from_constraints)],
    format = "$x attr-dict `:` type($x)"
)]
pub struct SameOp {
    /// The operand.
    #[operand]
    x: AnyInteger,
    /// Of its type.
    #[result]
    result: AnyInteger,
}

/// `%0:2 = rinfer.match %a, %n : f32, i64`: `a`'s type, and an `i1`.
#[mlir_op(
    dialect = RInferDialect,
    name = "match",
    traits = [Pure, AllTypesMatch(a, result)],
    interfaces = [InferTypeOpInterface(from_constraints)],
    format = "$a `,` $n attr-dict `:` type($a) `,` type($n)"
)]
pub struct MatchOp {
    /// A float.
    #[operand]
    a: AnyFloat,
    /// An integer.
    #[operand]
    n: AnyInteger,
    /// Of `a`'s type.
    #[result]
    result: AnyFloat,
    /// A flag.
    #[result]
    ok: I1,
}

/// `%0 = rinfer.element %t : tensor<4xf16>`: the tensor's element type.
#[mlir_op(
    dialect = RInferDialect,
    name = "element",
    traits = [
        Pure,
        TypesMatchWith("result type matches element type of 'input'", input, result, ElementType)
    ],
    interfaces = [InferTypeOpInterface(from_constraints)],
    format = "$input attr-dict `:` type($input)"
)]
pub struct ElementOp {
    /// A tensor.
    #[operand]
    input: AnyTensor,
    /// An element of it.
    #[result]
    result: AnyType,
}

/// `%0 = rinfer.typed 7 : i16`: the attribute's type.
#[mlir_op(
    dialect = RInferDialect,
    name = "typed",
    traits = [Pure, AllTypesMatch(value, result)],
    interfaces = [InferTypeOpInterface(from_constraints)],
    format = "$value attr-dict"
)]
pub struct TypedOp {
    /// An integer.
    #[attr]
    value: AnyIntegerAttr,
    /// Of its type.
    #[result]
    result: AnyInteger,
}

/// `%0:2 = rinfer.chain`: an `i32`, and a second value of the first's type.
#[mlir_op(
    dialect = RInferDialect,
    name = "chain",
    traits = [Pure, AllTypesMatch(first, second)],
    interfaces = [InferTypeOpInterface(from_constraints)],
    format = "attr-dict"
)]
pub struct ChainOp {
    /// An `i32`.
    #[result]
    first: I32,
    /// Of the first's type.
    #[result]
    second: AnyInteger,
}

/// `%0:3 = rinfer.relay %t : tensor<4xf32>`: three results each of the
/// next one's type, the last the tensor's element type: a chain that runs
/// against the order of the results, resolved link by link.
#[mlir_op(
    dialect = RInferDialect,
    name = "relay",
    traits = [
        Pure,
        AllTypesMatch(second, third),
        AllTypesMatch(first, second),
        TypesMatchWith("first matches element type of 'input'", input, first, ElementType)
    ],
    interfaces = [InferTypeOpInterface(from_constraints)],
    format = "$input attr-dict `:` type($input)"
)]
pub struct RelayOp {
    /// A tensor.
    #[operand]
    input: AnyTensor,
    /// Of `second`'s type.
    #[result]
    third: AnyType,
    /// Of `first`'s type.
    #[result]
    second: AnyType,
    /// An element of the tensor.
    #[result]
    first: AnyType,
}

/// `%0 = rinfer.pick %x : i32`: `x`'s type, though an optional attribute
/// of the same type is listed first: a value always has its type, an
/// optional attribute may be absent.
#[mlir_op(
    dialect = RInferDialect,
    name = "pick",
    traits = [Pure, AllTypesMatch(init, x, result)],
    interfaces = [InferTypeOpInterface(from_constraints)],
    format = "$x attr-dict `:` type($x)"
)]
pub struct PickOp {
    /// A starting value.
    #[attr]
    init: Optional<AnyIntegerAttr>,
    /// The operand.
    #[operand]
    x: AnyInteger,
    /// Of its type.
    #[result]
    result: AnyInteger,
}
