//! Ops of the `rtest` dialect whose formats use ODS's `custom<Name>(...)`,
//! `ref(...)` and `oilist(...)`: `tensor.extract_slice`,
//! `pdl_interp.create_range` and `acc.init` again (to compare with MLIR's
//! own, byte for byte), and ops that give a custom directive a region, a
//! successor, an optional group to open, or a parser that misbehaves.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    mlir_op,
    ods::{
        AnyRankedTensor, AnyRegion, AnySuccessor, AnyType, DenseI64ArrayAttr, Index, Optional,
        StrAttr, UnitAttr, Variadic, I1, I64,
    },
    Delimiter, DetachedRegion, OpParser, OpPrinter, ParseError, Successor, UnresolvedOperand,
    ValueNames,
};
use mlir_pass::melior::ir::{
    attribute::{DenseI64ArrayAttribute, StringAttribute},
    Attribute, BlockRef, RegionRef, Type, Value,
};

use crate::test_dialect::RTestDialect;

/// `ShapedType::kDynamic`: a dynamic entry of a static list.
const DYNAMIC: i64 = i64::MIN;

/// `tensor.extract_slice` again, with MLIR's `DynamicIndexList` syntax
/// written in Rust: `%s = rtest.extract_slice %t[%a, 4] [2, %b] [1, 1] :
/// tensor<8x8xf32> to tensor<2x?xf32>`.
#[mlir_op(
    dialect = RTestDialect,
    name = "extract_slice",
    traits = [AttrSizedOperandSegments, Pure],
    interfaces = [OpAsmOpInterface(result_names)],
    format = "$source `` custom<DynamicIndexList>($offsets, $static_offsets)
              custom<DynamicIndexList>($sizes, $static_sizes)
              custom<DynamicIndexList>($strides, $static_strides)
              attr-dict `:` type($source) `to` type($result)"
)]
pub struct ExtractSliceOp {
    /// The tensor.
    #[operand]
    source: AnyRankedTensor,
    /// The dynamic offsets.
    #[operand]
    offsets: Variadic<Index>,
    /// The dynamic sizes.
    #[operand]
    sizes: Variadic<Index>,
    /// The dynamic strides.
    #[operand]
    strides: Variadic<Index>,
    /// The offsets, `i64::MIN` where dynamic.
    #[attr]
    static_offsets: DenseI64ArrayAttr,
    /// The sizes.
    #[attr]
    static_sizes: DenseI64ArrayAttr,
    /// The strides.
    #[attr]
    static_strides: DenseI64ArrayAttr,
    /// The slice.
    #[result]
    result: AnyRankedTensor,
}

impl<'a> ExtractSliceOp<'a> {
    /// MLIR's `parseDynamicIndexList`: `[` integers or values `]`.
    fn parse_dynamic_index_list<'c>(
        parser: &mut OpParser<'c>,
        values: &mut Vec<UnresolvedOperand>,
        integers: &mut Option<DenseI64ArrayAttribute<'c>>,
    ) -> Result<(), ParseError> {
        let mut list = Vec::new();
        let parsed =
            parser.comma_separated_list(Delimiter::Square, " in dynamic index list", |p| {
                if let Some(value) = p.optional_operand()? {
                    values.push(value);
                    list.push(DYNAMIC);
                } else {
                    list.push(p.integer()?);
                }
                Ok(())
            });
        if parsed.is_err() {
            let at = parser.name_location();
            return Err(parser.error_at(at, "expected SSA value or integer"));
        }
        *integers = Some(DenseI64ArrayAttribute::new(parser.context(), &list));
        Ok(())
    }

    /// MLIR's `printDynamicIndexList`.
    fn print_dynamic_index_list(
        &self,
        printer: &mut OpPrinter<'_>,
        values: &[Value<'_, '_>],
        integers: DenseI64ArrayAttribute<'_>,
    ) {
        printer.text("[");
        let mut dynamic = values.iter();
        for i in 0..integers.len() {
            if i > 0 {
                printer.text(", ");
            }
            match integers.element(i) {
                Ok(DYNAMIC) => match dynamic.next() {
                    Some(value) => printer.operand(*value),
                    None => printer.text("<<missing value>>"),
                },
                Ok(integer) => printer.text(&integer.to_string()),
                Err(_) => printer.text("<<bad index>>"),
            };
        }
        printer.text("]");
    }

    /// `%extracted_slice`, as `tensor.extract_slice` names it.
    fn result_names(&self, names: &mut ValueNames<'a>) {
        names.set(self.result(), "extracted_slice");
    }
}

/// `pdl_interp.create_range` again: `ref(type($arguments))` hands the
/// types read before to the directive, which infers the result type from
/// them or reads it: `rtest.create_range %v : !pdl.value`,
/// `rtest.create_range : !pdl.range<type>`.
#[mlir_op(
    dialect = RTestDialect,
    name = "create_range",
    traits = [Pure],
    format = "($arguments^ `:` type($arguments))?
              custom<RangeType>(ref(type($arguments)), type($result)) attr-dict"
)]
pub struct CreateRangeOp {
    /// The values and ranges to join.
    #[operand]
    arguments: Variadic<AnyType>,
    /// The range.
    #[result]
    result: AnyType,
}

impl CreateRangeOp<'_> {
    /// MLIR's `parseRangeType`: with arguments, `!pdl.range<T>` of the
    /// first's element type; without, `: type`.
    fn parse_range_type<'c>(
        parser: &mut OpParser<'c>,
        argument_types: &[Type<'c>],
        result_type: &mut Option<Type<'c>>,
    ) -> Result<(), ParseError> {
        if let Some(first) = argument_types.first() {
            let text = first.to_string();
            let element = text
                .strip_prefix("!pdl.range<")
                .and_then(|t| t.strip_suffix('>'))
                .map_or(text.as_str(), |inner| inner);
            let element = element.strip_prefix("!pdl.").unwrap_or(element);
            *result_type = Type::parse(parser.context(), &format!("!pdl.range<{element}>"));
            return Ok(());
        }
        parser.literal(":")?;
        *result_type = Some(parser.r#type()?);
        Ok(())
    }

    /// MLIR's `printRangeType`.
    fn print_range_type(
        &self,
        printer: &mut OpPrinter<'_>,
        argument_types: &[Type<'_>],
        result_type: Type<'_>,
    ) {
        if argument_types.is_empty() {
            printer.text(": ").r#type(result_type);
        }
    }
}

/// `acc.init` again: clauses in any order, each at most once:
/// `rtest.init if(%c) device_num(%d : i32)`.
#[mlir_op(
    dialect = RTestDialect,
    name = "init",
    traits = [AttrSizedOperandSegments],
    format = "oilist(`device_num` `(` $device_num `:` type($device_num) `)`
                   | `if` `(` $if_cond `)`)
              attr-dict-with-keyword"
)]
pub struct InitOp {
    /// The device.
    #[operand]
    device_num: Optional<AnyType>,
    /// The condition.
    #[operand]
    if_cond: Optional<I1>,
}

/// An `oilist` whose clauses are a unit attribute (its keyword alone), an
/// attribute and a custom directive: `rtest.tune %x level = 3 fast : i64`.
#[mlir_op(
    dialect = RTestDialect,
    name = "tune",
    format = "$input oilist(`fast` $fast | `level` `=` $level | `tag` custom<Tag>($tag))
              attr-dict `:` type($input)"
)]
pub struct TuneOp {
    /// The value.
    #[operand]
    input: I64,
    /// Set by `fast`.
    #[attr]
    fast: Optional<UnitAttr>,
    /// The level.
    #[attr]
    level: Optional<mlir_pass::dialect::ods::I64Attr>,
    /// A tag.
    #[attr]
    tag: Optional<StrAttr>,
}

impl TuneOp<'_> {
    fn parse_tag<'c>(
        parser: &mut OpParser<'c>,
        tag: &mut Option<StringAttribute<'c>>,
    ) -> Result<(), ParseError> {
        *tag = Some(tag_attribute(parser)?);
        Ok(())
    }

    fn print_tag(&self, printer: &mut OpPrinter<'_>, tag: Option<StringAttribute<'_>>) {
        if let Some(tag) = tag {
            printer.attribute(tag.into());
        }
    }
}

/// A string attribute, or an error at it. Its type is given (none, as ODS
/// gives a `StrAttr`), or a `: type` after it would be read as the string's.
fn tag_attribute<'c>(parser: &mut OpParser<'c>) -> Result<StringAttribute<'c>, ParseError> {
    let at = parser.location();
    let attr = parser.attribute(Some(Type::none(parser.context())))?;
    StringAttribute::try_from(attr).map_err(|_| parser.error_at(at, "expected a string tag"))
}

/// A custom directive that opens an optional group, so its parser says
/// whether it is there: `rtest.maybe %x tag "a" + : i64`.
#[mlir_op(
    dialect = RTestDialect,
    name = "maybe",
    format = "$input (custom<MaybeTag>($tag)^ `+`)? attr-dict `:` type($input)"
)]
pub struct MaybeOp {
    /// The value.
    #[operand]
    input: I64,
    /// The tag.
    #[attr]
    tag: Optional<StrAttr>,
}

impl MaybeOp<'_> {
    fn parse_maybe_tag<'c>(
        parser: &mut OpParser<'c>,
        tag: &mut Option<StringAttribute<'c>>,
    ) -> Result<bool, ParseError> {
        if !parser.optional_literal("tag")? {
            return Ok(false);
        }
        *tag = Some(tag_attribute(parser)?);
        Ok(true)
    }

    fn print_maybe_tag(&self, printer: &mut OpPrinter<'_>, tag: Option<StringAttribute<'_>>) {
        if let Some(tag) = tag {
            printer.text("tag ").attribute(tag.into());
        }
    }
}

/// Operands, a region and types through one directive:
/// `rtest.guarded when %c, %x : i64 { ... }`.
#[mlir_op(
    dialect = RTestDialect,
    name = "guarded",
    traits = [NoTerminator],
    format = "custom<Guard>($cond, $values, type($values), $body) attr-dict"
)]
pub struct GuardedOp {
    /// The condition.
    #[operand]
    cond: I1,
    /// Values.
    #[operand]
    values: Variadic<AnyType>,
    /// The body.
    #[region]
    body: AnyRegion,
}

impl GuardedOp<'_> {
    fn parse_guard<'c>(
        parser: &mut OpParser<'c>,
        cond: &mut Option<UnresolvedOperand>,
        values: &mut Vec<UnresolvedOperand>,
        types: &mut Vec<Type<'c>>,
        body: &mut Option<DetachedRegion>,
    ) -> Result<(), ParseError> {
        parser.literal("when")?;
        *cond = Some(parser.operand()?);
        while parser.optional_literal(",")? {
            values.push(parser.operand()?);
        }
        if !values.is_empty() {
            parser.literal(":")?;
            for i in 0..values.len() {
                if i > 0 {
                    parser.literal(",")?;
                }
                types.push(parser.r#type()?);
            }
        }
        *body = Some(parser.detached_region()?);
        Ok(())
    }

    fn print_guard(
        &self,
        printer: &mut OpPrinter<'_>,
        cond: Value<'_, '_>,
        values: &[Value<'_, '_>],
        types: &[Type<'_>],
        body: RegionRef<'_, '_>,
    ) {
        printer.text("when ").operand(cond);
        for value in values {
            printer.text(", ").operand(*value);
        }
        if !types.is_empty() {
            printer.text(" :");
            for (i, ty) in types.iter().enumerate() {
                printer.text(if i == 0 { " " } else { ", " }).r#type(*ty);
            }
        }
        printer.text(" ").region(body, true, true);
    }
}

/// A successor through a directive: `rtest.goto to ^bb1`.
#[mlir_op(
    dialect = RTestDialect,
    name = "goto",
    traits = [IsTerminator],
    format = "custom<Target>($dest) attr-dict"
)]
pub struct GotoOp {
    /// Where to go.
    #[successor]
    dest: AnySuccessor,
}

impl GotoOp<'_> {
    fn parse_target(
        parser: &mut OpParser<'_>,
        dest: &mut Option<Successor>,
    ) -> Result<(), ParseError> {
        parser.literal("to")?;
        *dest = Some(parser.successor()?);
        Ok(())
    }

    fn print_target(&self, printer: &mut OpPrinter<'_>, dest: BlockRef<'_, '_>) {
        printer.text("to ").successor(dest);
    }
}

/// A directive whose methods misbehave on request: `rtest.custom_panic
/// "panic"` panics in the parser, `"misuse"` adds an attribute to the op
/// from it (refused), `"unset"` gives its operand nothing, and an op whose
/// `how` is `"panic"` panics in the printer.
#[mlir_op(
    dialect = RTestDialect,
    name = "custom_panic",
    format = "custom<Boom>($input, $how) attr-dict `:` type($input)"
)]
pub struct CustomPanicOp {
    /// A value.
    #[operand]
    input: I64,
    /// What to do.
    #[attr]
    how: StrAttr,
}

impl CustomPanicOp<'_> {
    fn parse_boom<'c>(
        parser: &mut OpParser<'c>,
        input: &mut Option<UnresolvedOperand>,
        how: &mut Option<StringAttribute<'c>>,
    ) -> Result<(), ParseError> {
        let tag = tag_attribute(parser)?;
        match tag.value() {
            "panic" => panic!("custom parser blew up"),
            "misuse" => {
                let attr = Attribute::from(tag);
                parser.add_attribute("stolen", attr);
            }
            "unset" => {
                *how = Some(tag);
                return Ok(());
            }
            _ => {}
        }
        *input = Some(parser.operand()?);
        *how = Some(tag);
        Ok(())
    }

    fn print_boom(
        &self,
        printer: &mut OpPrinter<'_>,
        input: Value<'_, '_>,
        how: StringAttribute<'_>,
    ) {
        if how.value() == "panic" {
            panic!("custom printer blew up");
        }
        printer.attribute(how.into()).text(" ").operand(input);
    }
}

/// Integers in the delimiters a string argument of the directive gives
/// (ODS's string arguments, C++ expressions there, Rust ones here): one
/// parser and printer for `rtest.paren_list (1, 2)` and `rtest.square_list
/// [1, 2]`.
fn parse_int_list<'c>(
    parser: &mut OpParser<'c>,
    integers: &mut Option<DenseI64ArrayAttribute<'c>>,
    delimiter: Delimiter,
) -> Result<(), ParseError> {
    let mut list = Vec::new();
    parser.comma_separated_list(delimiter, " in integer list", |p| {
        list.push(p.integer()?);
        Ok(())
    })?;
    *integers = Some(DenseI64ArrayAttribute::new(parser.context(), &list));
    Ok(())
}

/// Prints what [`parse_int_list`] reads.
fn print_int_list(printer: &mut OpPrinter<'_>, integers: DenseI64ArrayAttribute<'_>, open: &str) {
    let close = if open == "(" { ")" } else { "]" };
    printer.text(open);
    for i in 0..integers.len() {
        if i > 0 {
            printer.text(", ");
        }
        if let Ok(integer) = integers.element(i) {
            printer.text(&integer.to_string());
        }
    }
    printer.text(close);
}

/// `rtest.paren_list (1, 2)`: `custom<IntList>($values, "Delimiter::Paren", "(")`.
#[mlir_op(
    dialect = RTestDialect,
    name = "paren_list",
    format = "custom<IntList>($values, \"Delimiter::Paren\", \"\\\"(\\\"\") attr-dict"
)]
pub struct ParenListOp {
    /// The integers.
    #[attr]
    values: DenseI64ArrayAttr,
}

impl ParenListOp<'_> {
    fn parse_int_list<'c>(
        parser: &mut OpParser<'c>,
        values: &mut Option<DenseI64ArrayAttribute<'c>>,
        delimiter: Delimiter,
        _open: &str,
    ) -> Result<(), ParseError> {
        parse_int_list(parser, values, delimiter)
    }

    fn print_int_list(
        &self,
        printer: &mut OpPrinter<'_>,
        values: DenseI64ArrayAttribute<'_>,
        _delimiter: Delimiter,
        open: &str,
    ) {
        print_int_list(printer, values, open);
    }
}

/// `rtest.square_list [1, 2]`: the same directive with `Delimiter::Square`
/// and `"["`, the string arguments before the attribute.
#[mlir_op(
    dialect = RTestDialect,
    name = "square_list",
    format = r#"custom<IntList>("Delimiter::Square", "\"[\"", $values) attr-dict"#
)]
pub struct SquareListOp {
    /// The integers.
    #[attr]
    values: DenseI64ArrayAttr,
}

impl SquareListOp<'_> {
    fn parse_int_list<'c>(
        parser: &mut OpParser<'c>,
        delimiter: Delimiter,
        _open: &str,
        values: &mut Option<DenseI64ArrayAttribute<'c>>,
    ) -> Result<(), ParseError> {
        parse_int_list(parser, values, delimiter)
    }

    fn print_int_list(
        &self,
        printer: &mut OpPrinter<'_>,
        _delimiter: Delimiter,
        open: &str,
        values: DenseI64ArrayAttribute<'_>,
    ) {
        print_int_list(printer, values, open);
    }
}
