//! Enums as attributes (ODS's `I32EnumAttr`/`I64EnumAttr` and their cases):
//! a Rust enum declared with `#[mlir_enum]` is stored as a signless
//! integer attribute of its width holding the case's value, and written as
//! the case's keyword (`slt`).
//!
//! As an op's attribute, it is ODS's integer enum attribute (`arith.cmpi
//! slt, ...`, generic `{predicate = 2 : i64}`); as the parameter of an
//! attribute of a Rust dialect, it makes ODS's `EnumAttr`
//! (`#index<cmp_predicate slt>`, `index.cmp slt(...)`).

use std::fmt;

use melior::{
    ir::{
        attribute::{AttributeLike, IntegerAttribute},
        r#type::IntegerType,
        Attribute,
    },
    Context,
};

use super::{
    asm::ParseError,
    syntax::{AsmParser, AsmPrinter},
};

/// One case of an enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnumCase {
    /// Its keyword (`slt`).
    pub keyword: &'static str,
    /// Its value (`2`).
    pub value: i64,
    /// Its doc comment's first line.
    pub summary: &'static str,
}

/// Everything a declared enum is: `#[mlir_enum]` writes one as a `static`.
#[derive(Debug)]
pub struct EnumDefinition {
    /// Its name in messages (the Rust name, or `name = "..."`).
    pub name: &'static str,
    /// One line (ODS's enum summary); empty for ODS's default wording.
    pub summary: &'static str,
    /// The rest of the doc comment.
    pub description: &'static str,
    /// The storage's width: 32 (`I32EnumAttr`) or 64 (`I64EnumAttr`).
    pub width: u32,
    /// The cases, in declaration order.
    pub cases: &'static [EnumCase],
}

impl EnumDefinition {
    /// The case of `value`.
    pub fn case_of_value(&self, value: i64) -> Option<&'static EnumCase> {
        self.cases.iter().find(|c| c.value == value)
    }

    /// The case of `keyword`.
    pub fn case_of_keyword(&self, keyword: &str) -> Option<&'static EnumCase> {
        self.cases.iter().find(|c| c.keyword == keyword)
    }

    /// The value stored in `attr`, if it is a case's (a signless integer
    /// attribute of the enum's width).
    pub fn value_of(&self, attr: Attribute<'_>) -> Option<i64> {
        let raw = attr.to_raw();
        // SAFETY: inspecting a valid attribute.
        unsafe {
            if !mlir_sys::mlirAttributeIsAInteger(raw) {
                return None;
            }
            let ty = mlir_sys::mlirAttributeGetType(raw);
            if !mlir_sys::mlirTypeIsAInteger(ty)
                || !mlir_sys::mlirIntegerTypeIsSignless(ty)
                || mlir_sys::mlirIntegerTypeGetWidth(ty) != self.width
            {
                return None;
            }
            let value = mlir_sys::mlirIntegerAttrGetValueInt(raw);
            self.case_of_value(value).map(|c| c.value)
        }
    }

    /// ODS's description of the attribute constraint: the summary, or
    /// `allowed 64-bit signless integer cases: 0, 1, 2`.
    pub fn description(&self) -> String {
        if !self.summary.is_empty() {
            return self.summary.to_owned();
        }
        let values: Vec<String> = self.cases.iter().map(|c| c.value.to_string()).collect();
        format!(
            "allowed {}-bit signless integer cases: {}",
            self.width,
            values.join(", ")
        )
    }

    /// The error when `keyword` is not a case, as ODS words it for an
    /// enum parameter: `expected ::ns::Kind to be one of: eq, ne`.
    fn expected(&self) -> String {
        let keywords: Vec<&str> = self.cases.iter().map(|c| c.keyword).collect();
        format!(
            "expected {} to be one of: {}",
            self.name,
            keywords.join(", ")
        )
    }
}

impl fmt::Display for EnumDefinition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description())
    }
}

/// A Rust enum declared with `#[mlir_enum]`: its cases, their keywords
/// and values.
pub trait MlirEnum: Copy + Eq + Sized + 'static {
    /// The enum's definition.
    const DEFINITION: &'static EnumDefinition;

    /// The case's value.
    fn value(self) -> i64;

    /// The case of `value`.
    fn from_value(value: i64) -> Option<Self>;

    /// The case's keyword (`slt`): C++'s `stringifyEnum`.
    fn keyword(self) -> &'static str {
        Self::DEFINITION
            .case_of_value(self.value())
            .map_or("", |c| c.keyword)
    }

    /// The case of `keyword`: C++'s `symbolizeEnum`.
    fn from_keyword(keyword: &str) -> Option<Self> {
        Self::DEFINITION
            .case_of_keyword(keyword)
            .and_then(|c| Self::from_value(c.value))
    }
}

// What `#[mlir_enum]`'s `AttrParameter` impl calls.

/// The case stored in `attr`.
#[doc(hidden)]
pub fn enum_from_attribute<E: MlirEnum>(attr: Attribute<'_>) -> Option<E> {
    E::DEFINITION.value_of(attr).and_then(E::from_value)
}

/// The attribute storing `value`.
#[doc(hidden)]
pub fn enum_to_attribute<E: MlirEnum>(context: &Context, value: E) -> Attribute<'_> {
    let width = E::DEFINITION.width;
    let bits = if width >= 64 {
        value.value()
    } else {
        // Zero-extended: MLIR builds a signless attribute's value unsigned.
        value.value() & ((1i64 << width) - 1)
    };
    IntegerAttribute::new(IntegerType::new(context, width).into(), bits).into()
}

/// Reads a case's keyword (or a string holding one).
#[doc(hidden)]
pub fn enum_parse<'c, E: MlirEnum>(
    parser: &mut AsmParser<'c>,
) -> Result<Attribute<'c>, ParseError> {
    let at = parser.location();
    let keyword = parser.keyword_or_string()?;
    match E::from_keyword(&keyword) {
        Some(value) => Ok(enum_to_attribute(parser.context(), value)),
        None => Err(parser.error_at(at, &E::DEFINITION.expected())),
    }
}

/// Writes the case's keyword.
#[doc(hidden)]
pub fn enum_print<E: MlirEnum>(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
    match enum_from_attribute::<E>(attr) {
        Some(value) => printer.text(value.keyword()),
        None => printer.attribute(attr),
    };
}
