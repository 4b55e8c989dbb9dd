//! Optional parameters (ODS's `OptionalParameter`): `Option<T>` fields of
//! the `ropt` dialect's types, written in optional groups (anchored in the
//! group or in its alternative), in `struct(...)` and in `params`. Each
//! type has the parameters and the format of one of MLIR's test dialect
//! (`!test.optional_params`, `!test.else_anchor`...), which the stock
//! `mlir-opt` registers, so that the tests compare the two byte for byte;
//! `#ropt.span` is an attribute of the same kind.

use mlir_pass::dialect::ods::AnyAttr;
use mlir_pass::dialect::{mlir_attr, mlir_dialect, mlir_type, TypeParam};
use mlir_pass::melior::ir::r#type::IntegerType;

/// Types with optional parameters.
#[mlir_dialect(name = "ropt")]
pub struct ROptDialect;

/// `!ropt.optional_param<1, 2, "x">`: an optional integer outside a group,
/// and an optional attribute in one.
#[mlir_type(
    dialect = ROptDialect,
    name = "optional_param",
    format = "`<` $a `,` $b ( `,` $c^)? `>`"
)]
pub struct OptionalParamType {
    /// Read if there.
    #[param]
    a: Option<i32>,
    /// Always there.
    #[param]
    b: i32,
    /// Printed after a comma when there.
    #[param]
    c: Option<AnyAttr>,
}

/// `!ropt.optional_params<4, "a">`, `!ropt.optional_params<"a">`.
#[mlir_type(dialect = ROptDialect, name = "optional_params", format = "`<` params `>`")]
pub struct OptionalParamsType {
    /// Optional.
    #[param]
    a: Option<i32>,
    /// Always there.
    #[param]
    b: String,
}

/// `!ropt.optional_params_after<"a", 4>`, `!ropt.optional_params_after<"a">`.
#[mlir_type(dialect = ROptDialect, name = "optional_params_after", format = "`<` params `>`")]
pub struct OptionalParamsAfterType {
    /// Always there.
    #[param]
    a: String,
    /// Optional.
    #[param]
    b: Option<i32>,
}

/// `!ropt.optional_struct<a = 1, b = "x">`, `!ropt.optional_struct<b = "x">`.
#[mlir_type(dialect = ROptDialect, name = "optional_struct", format = "`<` struct(params) `>`")]
pub struct OptionalStructType {
    /// Optional.
    #[param]
    a: Option<i32>,
    /// Always there.
    #[param]
    b: String,
}

/// `!ropt.all_optional_params<>`, `!ropt.all_optional_params<1, 2>`.
#[mlir_type(dialect = ROptDialect, name = "all_optional_params", format = "`<` params `>`")]
pub struct AllOptionalParamsType {
    /// Optional.
    #[param]
    a: Option<i32>,
    /// Optional.
    #[param]
    b: Option<i32>,
}

/// `!ropt.all_optional_struct<>`, `!ropt.all_optional_struct<b = 2>`.
#[mlir_type(
    dialect = ROptDialect,
    name = "all_optional_struct",
    format = "`<` struct(params) `>`"
)]
pub struct AllOptionalStructType {
    /// Optional.
    #[param]
    a: Option<i32>,
    /// Optional.
    #[param]
    b: Option<i32>,
}

/// `!ropt.optional_group<(5) 6>`, `!ropt.optional_group<x 6>`.
#[mlir_type(
    dialect = ROptDialect,
    name = "optional_group",
    format = "`<` (`(` $b^ `)`) : (`x`)? $a `>`"
)]
pub struct OptionalGroupType {
    /// Always there.
    #[param]
    a: i32,
    /// In parentheses when there, `x` when not.
    #[param]
    b: Option<i32>,
}

/// `!ropt.optional_group_struct<(a = 1)>`, `!ropt.optional_group_struct<x>`.
#[mlir_type(
    dialect = ROptDialect,
    name = "optional_group_struct",
    format = "`<` (`(` struct(params)^ `)`) : (`x`)? `>`"
)]
pub struct OptionalGroupStructType {
    /// Optional.
    #[param]
    a: Option<i32>,
    /// Optional.
    #[param]
    b: Option<i32>,
}

/// `!ropt.optional_group_params<(4, 5)>`, `!ropt.optional_group_params<x>`:
/// a parameter with a default (ODS's `DefaultValuedParameter`, not written
/// when it has that value) and an optional one, anchored by `params`.
#[mlir_type(
    dialect = ROptDialect,
    name = "optional_group_params",
    format = "`<` (`(` params^ `)`) : (`x`)? `>`"
)]
pub struct OptionalGroupParamsType {
    /// 10 unless written.
    #[param(default = 10)]
    a: i32,
    /// Optional.
    #[param]
    b: Option<i32>,
}

/// `!ropt.default_valued_type<(i64)>`, `!ropt.default_valued_type<>`
/// (`i32`): a type parameter whose default is built in the context.
#[mlir_type(
    dialect = ROptDialect,
    name = "default_valued_type",
    format = "`<` (`(` $ty^ `)`)? `>`"
)]
pub struct DefaultValuedType {
    /// `i32` unless written.
    #[param(default = IntegerType::new(context, 32).into())]
    ty: TypeParam,
}

/// `!ropt.optional_value_type<3>`, `!ropt.optional_value_type`.
#[mlir_type(
    dialect = ROptDialect,
    name = "optional_value_type",
    format = "(`<` $value^ `>`)?"
)]
pub struct OptionalValueType {
    /// Optional.
    #[param]
    value: Option<i32>,
}

/// `!ropt.else_anchor<5>`, `!ropt.else_anchor<?>`: the anchor in the
/// alternative.
#[mlir_type(dialect = ROptDialect, name = "else_anchor", format = "`<` (`?`) : ($a^)? `>`")]
pub struct ElseAnchorType {
    /// Optional.
    #[param]
    a: Option<i32>,
}

/// `!ropt.else_anchor_struct<a = 1>`, `!ropt.else_anchor_struct<?>`.
#[mlir_type(
    dialect = ROptDialect,
    name = "else_anchor_struct",
    format = "`<` (`?`) : (struct($a, $b)^)? `>`"
)]
pub struct ElseAnchorStructType {
    /// Optional.
    #[param]
    a: Option<i32>,
    /// Optional.
    #[param]
    b: Option<i32>,
}

/// A span of integers: `#ropt.span<1 to 5>`, or `#ropt.span<1>` without an
/// end.
#[mlir_attr(dialect = ROptDialect, name = "span", format = "`<` $low (`to` $high^)? `>`")]
pub struct SpanAttr {
    /// Where it starts.
    #[param]
    low: i64,
    /// Where it ends, if it does.
    #[param]
    high: Option<i64>,
}
