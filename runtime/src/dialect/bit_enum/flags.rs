//! [`Flags<E>`]: a set of a bit enum's flags, as a Rust value (C++'s
//! enum class value with its `|`, `&`, `^`, `~`, `bitEnumContainsAll`/
//! `Any`, `stringify` and `symbolize`), and as an attribute or a
//! parameter.

use std::{
    fmt,
    hash::{Hash, Hasher},
    marker::PhantomData,
    ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not},
    str::FromStr,
};

use melior::{
    ir::{attribute::IntegerAttribute, r#type::IntegerType, Attribute},
    Context,
};

use super::MlirBitEnum;
use crate::dialect::{
    asm::ParseError,
    constraint::AttrConstraint,
    param::AttrParameter,
    syntax::{AsmParser, AsmPrinter},
};

/// A set of the flags of `E` (an enum declared with `#[mlir_enum(bit)]`):
/// the bits of the cases it holds, never a bit no case has.
///
/// `E::A | E::B` makes one; `|`, `&`, `^` and `!` (the complement within
/// the enum's bits) combine them; `Display` and `FromStr` are ODS's
/// `stringify` and `symbolize` (`"nnan,ninf"`, `"none"`, `"fast"`). As an
/// op's attribute or a parameter it is stored as a signless integer
/// attribute of the enum's width.
pub struct Flags<E> {
    bits: u64,
    marker: PhantomData<fn() -> E>,
}

impl<E: MlirBitEnum> Flags<E> {
    /// No flag (the none case).
    pub const fn empty() -> Self {
        Self::from_bits_unchecked(0)
    }

    const fn from_bits_unchecked(bits: u64) -> Self {
        Self {
            bits,
            marker: PhantomData,
        }
    }

    /// Every flag.
    pub fn all() -> Self {
        Self::from_bits_unchecked(E::DEFINITION.valid_bits())
    }

    /// The set of `bits`, or `None` if one is no case's (C++'s
    /// `symbolize` of an integer).
    pub fn from_bits(bits: u64) -> Option<Self> {
        E::DEFINITION
            .symbolize_bits(bits)
            .map(Self::from_bits_unchecked)
    }

    /// The set of `bits` without those that are no case's.
    pub fn from_bits_truncate(bits: u64) -> Self {
        Self::from_bits_unchecked(bits & E::DEFINITION.valid_bits())
    }

    /// The bits.
    pub const fn bits(self) -> u64 {
        self.bits
    }

    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// Whether every bit of `other` is set (C++'s `bitEnumContainsAll`).
    pub fn contains(self, other: impl Into<Self>) -> bool {
        let other = other.into().bits;
        self.bits & other == other
    }

    /// Whether a bit of `other` is set (C++'s `bitEnumContainsAny`).
    pub fn intersects(self, other: impl Into<Self>) -> bool {
        self.bits & other.into().bits != 0
    }

    /// Sets the bits of `other` (C++'s `bitEnumSet`).
    pub fn insert(&mut self, other: impl Into<Self>) {
        self.bits |= other.into().bits;
    }

    /// Clears the bits of `other` (C++'s `bitEnumClear`).
    pub fn remove(&mut self, other: impl Into<Self>) {
        self.bits &= !other.into().bits;
    }

    /// Sets or clears the bits of `other`.
    pub fn set(&mut self, other: impl Into<Self>, value: bool) {
        if value {
            self.insert(other);
        } else {
            self.remove(other);
        }
    }

    /// The cases `Display` writes, in its order (a group stands for its
    /// bits when printed so; the none case for the empty set).
    pub fn iter(self) -> impl Iterator<Item = E> {
        let text = self.to_string();
        let separator = E::DEFINITION.separator;
        let names: Vec<String> = if text.is_empty() {
            Vec::new()
        } else {
            text.split(separator).map(str::to_owned).collect()
        };
        names.into_iter().filter_map(|n| E::from_keyword(&n))
    }
}

impl<E> Clone for Flags<E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for Flags<E> {}

impl<E> PartialEq for Flags<E> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}

impl<E> Eq for Flags<E> {}

impl<E> Hash for Flags<E> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
    }
}

impl<E: MlirBitEnum> Default for Flags<E> {
    fn default() -> Self {
        Self::empty()
    }
}

impl<E: MlirBitEnum> From<E> for Flags<E> {
    fn from(flag: E) -> Self {
        Self::from_bits_unchecked(flag.bits())
    }
}

impl<E: MlirBitEnum> FromIterator<E> for Flags<E> {
    fn from_iter<I: IntoIterator<Item = E>>(iter: I) -> Self {
        iter.into_iter().fold(Self::empty(), |set, flag| set | flag)
    }
}

impl<E: MlirBitEnum> fmt::Display for Flags<E> {
    /// ODS's `stringify`: `nnan,ninf`, `fast`, `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&E::DEFINITION.stringify(self.bits))
    }
}

impl<E: MlirBitEnum> fmt::Debug for Flags<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Flags<{}>({:?})", E::DEFINITION.name, self.to_string())
    }
}

impl<E: MlirBitEnum> FromStr for Flags<E> {
    type Err = String;

    /// ODS's `symbolize`: `"nnan,ninf"`, `"fast"`, `"none"`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        E::DEFINITION
            .symbolize(s)
            .map(Self::from_bits_unchecked)
            .ok_or_else(|| {
                format!(
                    "{s:?} is not a set of {}: {}",
                    E::DEFINITION.name,
                    E::DEFINITION.expected()
                )
            })
    }
}

macro_rules! binary_ops {
    ($($trait:ident $method:ident $assign:ident $assign_method:ident $op:tt;)*) => {$(
        impl<E: MlirBitEnum, R: Into<Flags<E>>> $trait<R> for Flags<E> {
            type Output = Self;

            fn $method(self, rhs: R) -> Self {
                Self::from_bits_unchecked(self.bits $op rhs.into().bits)
            }
        }

        impl<E: MlirBitEnum, R: Into<Flags<E>>> $assign<R> for Flags<E> {
            fn $assign_method(&mut self, rhs: R) {
                self.bits = self.bits $op rhs.into().bits;
            }
        }
    )*};
}

binary_ops! {
    BitOr bitor BitOrAssign bitor_assign |;
    BitAnd bitand BitAndAssign bitand_assign &;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl<E: MlirBitEnum> Not for Flags<E> {
    type Output = Self;

    /// The complement within the enum's bits (C++'s `~`).
    fn not(self) -> Self {
        Self::from_bits_unchecked(!self.bits & E::DEFINITION.valid_bits())
    }
}

/// A set of flags as an op's attribute or a parameter: a signless integer
/// attribute of the enum's width. A parameter is written as ODS writes a
/// bit enum parameter (`nnan,ninf`, each case a keyword or a string); an
/// op's format writes one flag bare and a set as a string (`"a|b"`), as
/// ODS does.
impl<E: MlirBitEnum> AttrParameter for Flags<E> {
    const CONSTRAINT: AttrConstraint = AttrConstraint::BitEnum(E::DEFINITION);
    const TYPE_NAME: &'static str = E::NAME;
    type Value<'c> = Flags<E>;

    fn from_attribute(attr: Attribute<'_>) -> Option<Self> {
        bit_enum_from_attribute::<E>(attr)
    }

    fn to_attribute<'c>(context: &'c Context, value: Self) -> Attribute<'c> {
        bit_enum_to_attribute(context, value)
    }

    fn parse<'c>(parser: &mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError> {
        let definition = E::DEFINITION;
        let at = parser.location();
        let mut bits = 0u64;
        loop {
            let keyword = parser.keyword_or_string()?;
            match definition.symbolize(&keyword) {
                Some(b) => bits |= b,
                None => return Err(parser.error_at(at, &definition.expected())),
            }
            if !parser.optional_literal(definition.parse_separator())? {
                break;
            }
        }
        Ok(bit_enum_to_attribute(
            parser.context(),
            Self::from_bits_unchecked(bits),
        ))
    }

    fn print(attr: Attribute<'_>, printer: &mut AsmPrinter<'_>) {
        match bit_enum_from_attribute::<E>(attr) {
            Some(flags) => printer.text(&flags.to_string()),
            None => printer.attribute(attr),
        };
    }
}

/// The set stored in `attr`.
#[doc(hidden)]
pub fn bit_enum_from_attribute<E: MlirBitEnum>(attr: Attribute<'_>) -> Option<Flags<E>> {
    E::DEFINITION
        .value_of(attr)
        .map(Flags::<E>::from_bits_unchecked)
}

/// The attribute storing `flags`.
#[doc(hidden)]
pub fn bit_enum_to_attribute<E: MlirBitEnum>(context: &Context, flags: Flags<E>) -> Attribute<'_> {
    let width = E::DEFINITION.width;
    IntegerAttribute::new(IntegerType::new(context, width).into(), flags.bits() as i64).into()
}
