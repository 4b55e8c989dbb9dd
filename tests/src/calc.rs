//! The `calc` dialect: enums, dialect attributes and parameter formats, as
//! a first dialect written from the docs needs them (a comparison
//! predicate, a parameterised type), each shaped after an upstream one so
//! that the tests compare the printed text with MLIR's own byte for byte:
//! `calc.cmp` is `index.cmp` (an `EnumAttr` of the dialect), `calc.cmpi`
//! is `arith.cmpi` (an `I64EnumAttr`), `!calc.fixed<16>` a type with a
//! format.

use mlir_pass::dialect::ods::{AnyAttr, AnyFloat, AnyType, FastMathFlagsAttr, TypeAttr, I1, I64};
use mlir_pass::dialect::{
    mlir_attr, mlir_dialect, mlir_enum, mlir_op, mlir_type, AsmParser, AsmPrinter, ParseError,
    TypeParam,
};
use mlir_pass::melior::ir::{
    attribute::{AttributeLike, FloatAttribute},
    Type, TypeLike,
};

/// A calculator dialect.
#[mlir_dialect(name = "calc")]
pub struct CalcDialect;

/// Comparison predicates, as `index.cmp`'s (`IndexCmpPredicate`).
#[mlir_enum(name = "::mlir::index::IndexCmpPredicate")]
#[derive(Debug)]
pub enum CmpPredicate {
    /// Equal.
    Eq,
    /// Not equal.
    Ne,
    /// Signed less than.
    Slt,
    /// Signed less than or equal.
    Sle,
    /// Signed greater than.
    Sgt,
    /// Signed greater than or equal.
    Sge,
    /// Unsigned less than.
    Ult,
    /// Unsigned less than or equal.
    Ule,
    /// Unsigned greater than.
    Ugt,
    /// Unsigned greater than or equal.
    Uge,
}

/// Integer comparison predicates, as `arith.cmpi`'s (`I64EnumAttr` with
/// no summary: ODS's default wording).
#[mlir_enum(width = 64, summary = "")]
#[derive(Debug)]
pub enum CmpIPredicate {
    /// Equal.
    #[case("eq")]
    Equal = 0,
    /// Not equal.
    #[case("ne")]
    NotEqual = 1,
    /// Signed less than.
    Slt = 2,
    /// Signed less than or equal.
    Sle = 3,
    /// Signed greater than.
    Sgt = 4,
    /// Signed greater than or equal.
    Sge = 5,
    /// Unsigned less than.
    Ult = 6,
    /// Unsigned less than or equal.
    Ule = 7,
    /// Unsigned greater than.
    Ugt = 8,
    /// Unsigned greater than or equal.
    Uge = 9,
}

/// A comparison predicate as an attribute of the dialect (ODS's
/// `EnumAttr`): `#calc<cmp_predicate slt>`.
#[mlir_attr(dialect = CalcDialect, name = "cmp_predicate", format = "$value")]
pub struct CmpPredicateAttr {
    /// The predicate.
    #[param]
    value: CmpPredicate,
}

/// A sliding window: `#calc.window<size = 4, stride = 2>`, its parameters
/// named (ODS's `struct(params)`; read in any order).
#[mlir_attr(dialect = CalcDialect, name = "window", format = "`<` struct(params) `>`")]
pub struct WindowAttr {
    /// How many elements it holds.
    #[param]
    size: i64,
    /// How far it moves.
    #[param]
    stride: i64,
}

/// A tile of elements: `!calc.tile<f32 : cols = 8, rows = 4>`, a parameter
/// and then two named (ODS's `struct($cols, $rows)`).
#[mlir_type(
    dialect = CalcDialect,
    name = "tile",
    format = "`<` $element `:` struct($cols, $rows) `>`"
)]
pub struct TileType {
    /// The element type.
    #[param]
    element: TypeAttr,
    /// Its rows.
    #[param]
    rows: u32,
    /// Its columns.
    #[param]
    cols: u32,
}

/// A layout of tensors of `rank` dimensions, a tensor's encoding:
/// `tensor<4x?xf32, #calc.layout<2>>` (ODS's `VerifiableTensorEncoding`).
/// A layout of rank 99 panics when asked.
#[mlir_attr(
    dialect = CalcDialect,
    name = "layout",
    format = "`<` $rank `>`",
    interfaces = [VerifiableTensorEncoding]
)]
pub struct LayoutAttr {
    /// The rank it lays out.
    #[param]
    rank: u32,
}

impl LayoutAttr<'_> {
    fn verify_encoding(&self, shape: &[i64], element_type: Type<'_>) -> Result<(), String> {
        if self.rank() == 99 {
            panic!("layout 99 blew up");
        }
        if shape.len() != self.rank() as usize {
            return Err(format!(
                "a layout of rank {} encodes no tensor of rank {} (of {element_type})",
                self.rank(),
                shape.len()
            ));
        }
        if shape.contains(&i64::MIN) && !element_type.is_float() {
            return Err("a layout encodes dynamic sizes of floats only".to_owned());
        }
        Ok(())
    }
}

/// A closed range of integers: `#calc.range<0, 16>`.
#[mlir_attr(dialect = CalcDialect, name = "range", format = "`<` $low `,` $high `>`", verifier)]
pub struct RangeAttr {
    /// The least value.
    #[param]
    low: i64,
    /// The greatest value.
    #[param]
    high: i64,
}

impl RangeAttr<'_> {
    fn verify(params: RangeAttrParams<'_>) -> Result<(), String> {
        if params.low <= params.high {
            Ok(())
        } else {
            Err(format!(
                "an empty range: {} is greater than {}",
                params.low, params.high
            ))
        }
    }
}

/// A named point, written by hand: `#calc.point<"origin" at 1.5, -2.0>`.
///
/// For the tests of panicking hooks, its parser panics on the label
/// `"panic"` and its printer on `"panic-print"`.
#[mlir_attr(dialect = CalcDialect, name = "point", custom_assembly)]
pub struct PointAttr {
    /// Its name.
    #[param]
    label: String,
    /// Its abscissa.
    #[param]
    x: f64,
    /// Its ordinate.
    #[param]
    y: f64,
}

impl<'c> PointAttr<'c> {
    fn parse(parser: &mut AsmParser<'c>) -> Result<Self, ParseError> {
        parser.literal("<")?;
        let label = parser.string()?;
        assert_ne!(label, "panic", "the point parser blew up");
        parser.literal("at")?;
        let x = parser.float()?;
        parser.literal(",")?;
        let y = parser.float()?;
        parser.literal(">")?;
        Self::get(parser.context(), label, x, y).map_err(|e| parser.error(&e))
    }

    fn print(&self, printer: &mut AsmPrinter<'_>) {
        assert_ne!(self.label(), "panic-print", "the point printer blew up");
        printer
            .text("<")
            .string(&self.label())
            .text(" at ")
            .float(self.x())
            .text(", ")
            .float(self.y())
            .text(">");
    }
}

/// A fixed-point number type of a width: `!calc.fixed<16>`.
#[mlir_type(dialect = CalcDialect, name = "fixed", format = "`<` $width `>`", verifier)]
pub struct FixedType {
    /// Its width in bits.
    #[param]
    width: u32,
}

impl FixedType<'_> {
    fn verify(params: FixedTypeParams<'_>) -> Result<(), String> {
        if (1..=128).contains(&params.width) {
            Ok(())
        } else {
            Err(format!(
                "a fixed-point width is 1 to 128 bits, but got {}",
                params.width
            ))
        }
    }
}

/// Compares two integers, as `index.cmp` does (`calc.cmp slt(%a, %b)`).
#[mlir_op(
    dialect = CalcDialect,
    name = "cmp",
    traits = [Pure],
    format = "`` $pred `(` $lhs `,` $rhs `)` attr-dict"
)]
pub struct CmpOp {
    /// The predicate.
    #[attr]
    pred: CmpPredicateAttr,
    /// The left operand.
    #[operand]
    lhs: I64,
    /// The right operand.
    #[operand]
    rhs: I64,
    /// The comparison's result.
    #[result]
    result: I1,
}

/// Compares two integers, as `arith.cmpi` does (`calc.cmpi slt, %a, %b :
/// i64`).
#[mlir_op(
    dialect = CalcDialect,
    name = "cmpi",
    traits = [Pure],
    format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)"
)]
pub struct CmpIOp {
    /// The predicate.
    #[attr]
    predicate: CmpIPredicate,
    /// The left operand.
    #[operand]
    lhs: I64,
    /// The right operand.
    #[operand]
    rhs: I64,
    /// The comparison's result.
    #[result]
    result: I1,
}

/// Checks a value against a range: `calc.within %x in <0, 16> : i64`.
#[mlir_op(
    dialect = CalcDialect,
    name = "within",
    format = "$value `in` $range attr-dict `:` type($value)"
)]
pub struct WithinOp {
    /// The value.
    #[operand]
    value: AnyType,
    /// The range.
    #[attr]
    range: RangeAttr,
    /// Whether the value is in the range.
    #[result]
    result: I1,
}

/// A complex number, written by hand as `#complex.number` is:
/// `#calc.number<:f64 1.0, 0.0> : complex<f64>`, a typed attribute whose
/// type is `complex<T>`.
#[mlir_attr(dialect = CalcDialect, name = "number", custom_assembly)]
pub struct NumberAttr {
    /// The real part, a float attribute of the element type.
    #[param]
    real: AnyAttr,
    /// The imaginary part.
    #[param]
    imag: AnyAttr,
    /// `complex<T>`.
    #[param(self_type)]
    ty: TypeParam,
}

impl<'c> NumberAttr<'c> {
    fn parse(parser: &mut AsmParser<'c>) -> Result<Self, ParseError> {
        parser.literal("<")?;
        parser.literal(":")?;
        let at = parser.location();
        let element = parser.r#type()?;
        let real = parser.float()?;
        parser.literal(",")?;
        let imag = parser.float()?;
        parser.literal(">")?;
        let context = parser.context();
        if !element.is_float() {
            return Err(parser.error_at(
                at,
                "element type of the complex attribute must be float like type.",
            ));
        }
        let complex = mlir_pass::ir::parse_type(context, &format!("complex<{element}>"))
            .map_err(|e| parser.error_at(at, &e.to_string()))?;
        Self::get(
            context,
            FloatAttribute::new(context, element, real).into(),
            FloatAttribute::new(context, element, imag).into(),
            complex,
        )
        .map_err(|e| parser.error(&e))
    }

    fn print(&self, printer: &mut AsmPrinter<'_>) {
        printer
            .text("<:")
            .r#type(self.real().r#type())
            .text(" ")
            .attribute_without_type(self.real())
            .text(", ")
            .attribute_without_type(self.imag())
            .text(">");
    }
}

/// An integer of a type given after it: `#calc.imm<5> : i32` (a typed
/// attribute with a declarative format; its type is not in the format).
#[mlir_attr(dialect = CalcDialect, name = "imm", format = "`<` $value `>`")]
pub struct ImmAttr {
    /// The value.
    #[param]
    value: i64,
    /// Its type.
    #[param(self_type)]
    ty: TypeParam,
}

/// Adds floats with fast-math flags, as `arith.addf` does (`calc.addf %a,
/// %b fastmath<fast> : f32`; the flags left out when they are the default).
#[mlir_op(
    dialect = CalcDialect,
    name = "addf",
    traits = [Pure, SameOperandsAndResultType],
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

/// Declares a unary op from inside a `macro_rules!`, its hook keys passed
/// as the macro's arguments (as a dialect declaring many ops alike does):
/// the code generated for the hooks must not take the local names it
/// declares from the keys' hygiene.
macro_rules! unary_op {
    ($(#[$doc:meta])* $name:ident = $mnemonic:literal, $($key:ident),*) => {
        $(#[$doc])*
        #[mlir_op(
            dialect = CalcDialect,
            name = $mnemonic,
            traits = [Pure, SameOperandsAndResultType],
            format = "$input attr-dict `:` type($input)",
            $($key),*
        )]
        pub struct $name {
            /// The input.
            #[operand]
            input: AnyFloat,
            /// The result.
            #[result]
            result: AnyFloat,
        }
    };
}

unary_op! {
    /// Negates a float (`calc.negf %x : f32`); a negation of a negation
    /// folds to its input.
    NegFOp = "negf", folder, verifier
}

impl<'a> NegFOp<'a> {
    fn fold(
        &self,
        _operands: &[Option<mlir_pass::melior::ir::Attribute<'a>>],
    ) -> Option<mlir_pass::dialect::FoldResult<'a>> {
        let inner = mlir_pass::ir::ValueExt::defining_op(&self.input())?;
        let inner = <NegFOp<'a> as mlir_pass::dialect::Op<'a>>::cast(&inner)?;
        Some(mlir_pass::dialect::FoldResult::Value(inner.input()))
    }

    fn verify(&self) -> Result<(), String> {
        Ok(())
    }
}
