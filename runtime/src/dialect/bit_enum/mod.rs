//! Bit enums as attributes (ODS's `I32BitEnumAttr`/`I64BitEnumAttr`, with
//! `BitEnumAttrCaseBit`, `BitEnumAttrCaseGroup` and a "none" case): a Rust
//! enum declared with `#[mlir_enum(bit)]` names the flags, and
//! [`Flags<E>`] is a set of them, stored as a signless integer attribute
//! of the enum's width holding the bits.
//!
//! Written as ODS's generated `stringify`/`symbolize` write them: the
//! cases whose bits are all set, joined by the separator (`nnan,ninf`),
//! groups first when `print_primary_groups` is set (`fast`), and the none
//! case's keyword when no bit is set.
//!
//! - `mod.rs`: the definition, ODS's `stringify`/`symbolize`;
//! - `flags.rs`: [`Flags`], the set as a Rust value, and its attribute.

mod flags;

pub use flags::Flags;
#[doc(hidden)]
pub use flags::{bit_enum_from_attribute, bit_enum_to_attribute};

use std::fmt;

use melior::ir::{attribute::AttributeLike, Attribute};

use super::enums::EnumCase;

/// Everything a declared bit enum is: `#[mlir_enum(bit)]` writes one as a
/// `static`.
#[derive(Debug)]
#[non_exhaustive]
pub struct BitEnumDefinition {
    /// Its name in messages (the Rust name, or `name = "..."`).
    pub name: &'static str,
    /// One line (ODS's summary, the attribute constraint's description).
    pub summary: &'static str,
    /// The rest of the doc comment.
    pub description: &'static str,
    /// The storage's width: 32 (`I32BitEnumAttr`) or 64 (`I64BitEnumAttr`).
    pub width: u32,
    /// The cases, in declaration order: the none case (value 0), single
    /// bits and groups of bits. A value is its bits (`1 << 63` of a
    /// 64-bit enum is `i64::MIN`).
    pub cases: &'static [EnumCase],
    /// What joins the cases when printed (`|`, `,`, ` | `): ODS's
    /// `separator`. Its `|` or `,` separates them when parsed, with spaces
    /// around allowed.
    pub separator: &'static str,
    /// ODS's `printBitEnumPrimaryGroups`: print a group (the last declared
    /// first) instead of its bits when all of them are set.
    pub print_primary_groups: bool,
}

impl BitEnumDefinition {
    /// Builds a definition (what `#[mlir_enum(bit)]` writes).
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub const fn new(
        name: &'static str,
        summary: &'static str,
        description: &'static str,
        width: u32,
        cases: &'static [EnumCase],
        separator: &'static str,
        print_primary_groups: bool,
    ) -> Self {
        Self {
            name,
            summary,
            description,
            width,
            cases,
            separator,
            print_primary_groups,
        }
    }

    /// The bits any case sets (ODS's `validBits`).
    pub fn valid_bits(&self) -> u64 {
        self.cases.iter().fold(0, |bits, c| bits | c.value as u64)
    }

    /// The none case (value 0), if declared.
    pub fn none_case(&self) -> Option<&'static EnumCase> {
        self.cases.iter().find(|c| c.value == 0)
    }

    /// The case of `keyword`.
    pub fn case_of_keyword(&self, keyword: &str) -> Option<&'static EnumCase> {
        self.cases.iter().find(|c| c.keyword == keyword)
    }

    /// `bits` as ODS's `stringify` writes them: the none case's keyword
    /// for 0; otherwise, with `print_primary_groups`, the groups whose bits
    /// are all set (the last declared first, each taking its bits away)
    /// then the single bits left; without it, every case whose bits are
    /// all set, in declaration order; joined by the separator.
    pub fn stringify(&self, bits: u64) -> String {
        if bits == 0 {
            if let Some(none) = self.none_case() {
                return none.keyword.to_owned();
            }
        }
        let mut val = bits;
        let mut strs: Vec<&str> = Vec::new();
        let is_group = |c: &&EnumCase| c.value != 0 && !(c.value as u64).is_power_of_two();
        if self.print_primary_groups {
            for group in self.cases.iter().filter(is_group).rev() {
                let g = group.value as u64;
                if val & g == g {
                    strs.push(group.keyword);
                    val &= !g;
                }
            }
            for bit in self
                .cases
                .iter()
                .filter(|c| (c.value as u64).is_power_of_two())
            {
                let b = bit.value as u64;
                if val & b == b {
                    strs.push(bit.keyword);
                }
            }
        } else {
            for case in self.cases.iter().filter(|c| c.value != 0) {
                let v = case.value as u64;
                if val & v == v {
                    strs.push(case.keyword);
                }
            }
        }
        strs.join(self.separator)
    }

    /// The bits `text` names, as ODS's `symbolize` reads it: the none
    /// case's keyword alone, or cases (single bits or groups) separated by
    /// the separator's `|` or `,`, spaces around each allowed; `None` if
    /// one is not a case (the none case is only ever alone).
    pub fn symbolize(&self, text: &str) -> Option<u64> {
        if let Some(none) = self.none_case() {
            if text == none.keyword {
                return Some(0);
            }
        }
        let separator = self.parse_separator();
        let mut bits = 0u64;
        for symbol in text.split(separator) {
            let symbol = symbol.trim_matches(|c| " \t\n\x0b\x0c\r".contains(c));
            let case = self
                .cases
                .iter()
                .find(|c| c.value != 0 && c.keyword == symbol)?;
            bits |= case.value as u64;
        }
        Some(bits)
    }

    /// `bits` if every bit set is a case's (ODS's `symbolize` of an
    /// integer).
    pub fn symbolize_bits(&self, bits: u64) -> Option<u64> {
        (bits & !self.valid_bits() == 0).then_some(bits)
    }

    /// What separates cases when parsed: `|` if the separator has one,
    /// else `,` (ODS's `parseOptionalVerticalBar`/`parseOptionalComma`).
    pub fn parse_separator(&self) -> &'static str {
        if self.separator.contains('|') {
            "|"
        } else {
            ","
        }
    }

    /// The bits stored in `attr`, if it holds a set of this enum's flags
    /// (a signless integer attribute of the enum's width with no bit set
    /// that is not a case's).
    pub fn value_of(&self, attr: Attribute<'_>) -> Option<u64> {
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
            let mut bits = mlir_sys::mlirIntegerAttrGetValueInt(raw) as u64;
            if self.width < 64 {
                bits &= (1u64 << self.width) - 1;
            }
            self.symbolize_bits(bits)
        }
    }

    /// ODS's description of the attribute constraint: the summary.
    pub fn description(&self) -> String {
        self.summary.to_owned()
    }

    /// The error when a keyword is not a case, as ODS words it for a bit
    /// enum parameter: `expected Flags to be one of: none, a, b`.
    pub(crate) fn expected(&self) -> String {
        let keywords: Vec<&str> = self.cases.iter().map(|c| c.keyword).collect();
        format!(
            "expected {} to be one of: {}",
            self.name,
            keywords.join(", ")
        )
    }
}

impl fmt::Display for BitEnumDefinition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.summary)
    }
}

/// A Rust enum declared with `#[mlir_enum(bit)]`: its flags (single bits,
/// groups and the none case). Sets of them are [`Flags<Self>`].
pub trait MlirBitEnum: Copy + Eq + Sized + 'static {
    /// The enum's definition.
    const DEFINITION: &'static BitEnumDefinition;
    /// Its name in messages (the definition's `name`).
    const NAME: &'static str;

    /// The case's bits (0 for the none case).
    fn bits(self) -> u64;

    /// The case whose bits are exactly `bits`.
    fn from_bits(bits: u64) -> Option<Self>;

    /// The case's keyword (`nnan`).
    fn keyword(self) -> &'static str {
        let bits = self.bits();
        Self::DEFINITION
            .cases
            .iter()
            .find(|c| c.value as u64 == bits)
            .map_or("", |c| c.keyword)
    }

    /// The case of `keyword` (one keyword; a list is [`Flags`]'s
    /// `FromStr`).
    fn from_keyword(keyword: &str) -> Option<Self> {
        Self::DEFINITION
            .case_of_keyword(keyword)
            .and_then(|c| Self::from_bits(c.value as u64))
    }
}
