//! The syntax of the types and attributes of a Rust dialect (ODS's
//! `assemblyFormat` and `hasCustomAssemblyFormat` on a `TypeDef` or an
//! `AttrDef`): [`AsmParser`] and [`AsmPrinter`] are MLIR's `AsmParser` and
//! `AsmPrinter`, one call per element, positioned after the name (`fixed`
//! in `!calc.fixed<16>`, `cmp_predicate` in `#index<cmp_predicate slt>`).
//!
//! The same body is what an op's declarative format prints for an
//! attribute of a Rust dialect (`index.cmp slt(%a, %b)`: the attribute
//! without its name, as ODS's `printStrippedAttrOrType`).
//!
//! `format.rs` interprets a declarative format over them; `callbacks.rs` is
//! what the bridge calls.

pub(super) mod callbacks;
pub mod format;

use melior::ir::{attribute::AttributeLike, Attribute, Type, TypeLike};
use mlir_sys as sys;

use super::asm::{ParseError, ParseLocation};
use crate::ffi::{append_to_string, bridge, context_from_raw, string_ref};

/// Turns a bridge result into `Result`.
fn ok(success: bool) -> Result<(), ParseError> {
    if success {
        Ok(())
    } else {
        Err(ParseError)
    }
}

/// An integer a parser reads as MLIR's `parseInteger<T>` does: `i8` to
/// `i64`, `u8` to `u64` (out of range: `integer value too large`).
pub trait AsmInteger: Copy + Sized + sealed::Sealed {
    /// Its width in bits.
    const WIDTH: u32;
    /// Whether it is signed.
    const SIGNED: bool;
    /// The value of these bits (sign-extended for a signed one).
    fn from_bits(bits: u64) -> Self;
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! asm_integers {
    ($($t:ty, $width:expr, $signed:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl AsmInteger for $t {
            const WIDTH: u32 = $width;
            const SIGNED: bool = $signed;
            fn from_bits(bits: u64) -> Self {
                bits as $t
            }
        }
    )*};
}

asm_integers! {
    i8, 8, true; i16, 16, true; i32, 32, true; i64, 64, true;
    u8, 8, false; u16, 16, false; u32, 32, false; u64, 64, false;
}

/// Parses the body of a type or an attribute of a Rust dialect (C++'s
/// `AsmParser`), after its name. Every method reads one element; an error
/// has been reported by MLIR's parser (at its line and column) when one
/// returns [`ParseError`].
pub struct AsmParser<'a> {
    raw: *mut bridge::MlirPassBridgeAsmParser,
    /// Where the raw context is kept for 'a, so that melior's `&Context`
    /// can be lent for 'a.
    context: &'a sys::MlirContext,
}

impl<'a> AsmParser<'a> {
    /// # Safety
    /// `raw` is the bridge's parser, alive for 'a; `context` its context.
    pub(crate) unsafe fn from_raw(
        raw: *mut bridge::MlirPassBridgeAsmParser,
        context: &'a sys::MlirContext,
    ) -> Self {
        Self { raw, context }
    }

    /// The context, for building types and attributes.
    pub fn context(&self) -> &'a melior::Context {
        context_from_raw(self.context)
    }

    fn literal_inner(&mut self, text: &str, optional: bool) -> Result<bool, ParseError> {
        let mut present = false;
        // SAFETY: a parse in progress.
        ok(unsafe {
            bridge::mlirPassBridgeAsmParseLiteral(
                self.raw,
                string_ref(text),
                optional,
                &mut present,
            )
        })?;
        Ok(present)
    }

    /// Reads the punctuation or keyword `text` (`<`, `,`, `:`, `x`).
    pub fn literal(&mut self, text: &str) -> Result<(), ParseError> {
        self.literal_inner(text, false).map(drop)
    }

    /// Reads `text` if it is next; whether it was.
    pub fn optional_literal(&mut self, text: &str) -> Result<bool, ParseError> {
        self.literal_inner(text, true)
    }

    fn integer_inner<T: AsmInteger>(&mut self, optional: bool) -> Result<Option<T>, ParseError> {
        let (mut present, mut bits) = (false, 0u64);
        // SAFETY: a parse in progress.
        ok(unsafe {
            bridge::mlirPassBridgeAsmParseInteger(
                self.raw,
                T::SIGNED,
                T::WIDTH,
                optional,
                &mut present,
                &mut bits,
            )
        })?;
        Ok(present.then(|| T::from_bits(bits)))
    }

    /// Reads an integer (`16`, `-1`, `0x10`) of type `T`.
    pub fn integer<T: AsmInteger>(&mut self) -> Result<T, ParseError> {
        Ok(self.integer_inner(false)?.expect("present"))
    }

    /// Reads an integer if one is next.
    pub fn optional_integer<T: AsmInteger>(&mut self) -> Result<Option<T>, ParseError> {
        self.integer_inner(true)
    }

    /// Reads a float (`1.5`, `-2.0e3`, `0x7FF0000000000000`, or an integer).
    pub fn float(&mut self) -> Result<f64, ParseError> {
        let mut value = 0.0;
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeAsmParseFloat(self.raw, &mut value) })?;
        Ok(value)
    }

    fn string_inner(&mut self, optional: bool) -> Result<Option<String>, ParseError> {
        let (mut present, mut text) = (false, String::new());
        // SAFETY: a parse in progress; the callback appends to `text`.
        ok(unsafe {
            bridge::mlirPassBridgeAsmParseString(
                self.raw,
                optional,
                &mut present,
                Some(append_to_string),
                (&mut text as *mut String).cast(),
            )
        })?;
        Ok(present.then_some(text))
    }

    /// Reads a quoted string, escapes resolved.
    pub fn string(&mut self) -> Result<String, ParseError> {
        Ok(self.string_inner(false)?.expect("present"))
    }

    /// Reads a quoted string if one is next.
    pub fn optional_string(&mut self) -> Result<Option<String>, ParseError> {
        self.string_inner(true)
    }

    fn keyword_inner(
        &mut self,
        or_string: bool,
        optional: bool,
    ) -> Result<Option<String>, ParseError> {
        let (mut present, mut text) = (false, String::new());
        // SAFETY: a parse in progress; the callback appends to `text`.
        ok(unsafe {
            bridge::mlirPassBridgeAsmParseKeyword(
                self.raw,
                or_string,
                optional,
                &mut present,
                Some(append_to_string),
                (&mut text as *mut String).cast(),
            )
        })?;
        Ok(present.then_some(text))
    }

    /// Reads a bare keyword (`slt`, `nnan`).
    pub fn keyword(&mut self) -> Result<String, ParseError> {
        Ok(self.keyword_inner(false, false)?.expect("present"))
    }

    /// Reads a bare keyword if one is next.
    pub fn optional_keyword(&mut self) -> Result<Option<String>, ParseError> {
        self.keyword_inner(false, true)
    }

    /// Reads a bare keyword or a quoted string (what ODS's enum parsers
    /// accept).
    pub fn keyword_or_string(&mut self) -> Result<String, ParseError> {
        Ok(self.keyword_inner(true, false)?.expect("present"))
    }

    /// Reads a bare keyword or a quoted string if one is next.
    pub fn optional_keyword_or_string(&mut self) -> Result<Option<String>, ParseError> {
        self.keyword_inner(true, true)
    }

    fn type_inner(&mut self, optional: bool) -> Result<Option<Type<'a>>, ParseError> {
        let mut present = false;
        let mut ty = sys::MlirType {
            ptr: std::ptr::null_mut(),
        };
        // SAFETY: a parse in progress.
        ok(unsafe {
            bridge::mlirPassBridgeAsmParseType(self.raw, optional, &mut present, &mut ty)
        })?;
        // SAFETY: a type of the parse's context, which outlives 'a.
        Ok(present.then(|| unsafe { Type::from_raw(ty) }))
    }

    /// Reads a type.
    pub fn r#type(&mut self) -> Result<Type<'a>, ParseError> {
        Ok(self.type_inner(false)?.expect("present"))
    }

    /// Reads a type if one is next.
    pub fn optional_type(&mut self) -> Result<Option<Type<'a>>, ParseError> {
        self.type_inner(true)
    }

    fn attribute_inner(
        &mut self,
        ty: Option<Type<'a>>,
        optional: bool,
    ) -> Result<Option<Attribute<'a>>, ParseError> {
        let mut present = false;
        let mut attr = sys::MlirAttribute {
            ptr: std::ptr::null(),
        };
        let ty = ty.map_or(
            sys::MlirType {
                ptr: std::ptr::null(),
            },
            |t| t.to_raw(),
        );
        // SAFETY: a parse in progress; a null type or one of the context.
        ok(unsafe {
            bridge::mlirPassBridgeAsmParseAttribute(self.raw, ty, optional, &mut present, &mut attr)
        })?;
        // SAFETY: an attribute of the parse's context.
        Ok(present.then(|| unsafe { Attribute::from_raw(attr) }))
    }

    /// Reads an attribute; with `ty`, one of that type written without it
    /// (`5` for `5 : i64`).
    pub fn attribute(&mut self, ty: Option<Type<'a>>) -> Result<Attribute<'a>, ParseError> {
        Ok(self.attribute_inner(ty, false)?.expect("present"))
    }

    /// Reads an attribute if one is next.
    pub fn optional_attribute(
        &mut self,
        ty: Option<Type<'a>>,
    ) -> Result<Option<Attribute<'a>>, ParseError> {
        self.attribute_inner(ty, true)
    }

    /// The type written after the attribute being parsed (`: complex<f64>`
    /// after `#complex.number<...>`), if any: what a typed attribute's
    /// parser may take its type from.
    pub fn attribute_type(&self) -> Option<Type<'a>> {
        // SAFETY: a parse in progress.
        let ty = unsafe { bridge::mlirPassBridgeAsmParserSelfType(self.raw) };
        // SAFETY: a type of the parse's context, or null.
        (!ty.ptr.is_null()).then(|| unsafe { Type::from_raw(ty) })
    }

    /// Reads an attribute of a Rust dialect without its name (its body,
    /// as an op's format writes it), or any attribute written in full
    /// after `#`.
    pub fn rust_attribute(
        &mut self,
        definition: &'static crate::dialect::AttrDefinition,
    ) -> Result<Attribute<'a>, ParseError> {
        let mut attr = sys::MlirAttribute {
            ptr: std::ptr::null(),
        };
        // SAFETY: a parse in progress; the definition is 'static.
        ok(unsafe {
            bridge::mlirPassBridgeAsmParseRustAttr(
                self.raw,
                string_ref((definition.dialect)().namespace),
                (definition as *const crate::dialect::AttrDefinition).cast(),
                &mut attr,
            )
        })?;
        // SAFETY: an attribute of the parse's context.
        Ok(unsafe { Attribute::from_raw(attr) })
    }

    /// Where the parser is now: the start of the next element, for
    /// [`error_at`](Self::error_at) once what follows turns out wrong.
    pub fn location(&mut self) -> ParseLocation {
        // SAFETY: a parse in progress.
        ParseLocation(unsafe { bridge::mlirPassBridgeAsmParserLocation(self.raw) })
    }

    /// Emits `message` as an error where the parser is; return the result
    /// from the parse hook.
    pub fn error(&mut self, message: &str) -> ParseError {
        // SAFETY: a parse in progress; a null location is the current one.
        unsafe {
            bridge::mlirPassBridgeAsmParserErrorAt(self.raw, std::ptr::null(), string_ref(message))
        };
        ParseError
    }

    /// Emits `message` as an error at `location` (taken by
    /// [`location`](Self::location) during this parse).
    pub fn error_at(&mut self, location: ParseLocation, message: &str) -> ParseError {
        // SAFETY: a parse in progress; `location` points into its source.
        unsafe {
            bridge::mlirPassBridgeAsmParserErrorAt(self.raw, location.0, string_ref(message))
        };
        ParseError
    }
}

/// Prints the body of a type or an attribute of a Rust dialect (C++'s
/// `AsmPrinter`), after its name.
pub struct AsmPrinter<'a> {
    raw: *mut bridge::MlirPassBridgeAsmPrinter,
    _printer: std::marker::PhantomData<&'a mut ()>,
}

impl AsmPrinter<'_> {
    /// # Safety
    /// `raw` is the bridge's printer, alive for the printer's lifetime.
    pub(crate) unsafe fn from_raw(raw: *mut bridge::MlirPassBridgeAsmPrinter) -> Self {
        Self {
            raw,
            _printer: std::marker::PhantomData,
        }
    }

    /// Whether this is MLIR's dry run (printing into nothing to collect
    /// aliases, before the real print).
    pub(crate) fn is_dry_run(&self) -> bool {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrinterIsDryRun(self.raw) }
    }

    /// Prints `text` as it is (spaces included).
    pub fn text(&mut self, text: &str) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrintText(self.raw, string_ref(text)) };
        self
    }

    /// Prints `text` quoted, escaped as MLIR escapes strings.
    pub fn string(&mut self, text: &str) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrintString(self.raw, string_ref(text)) };
        self
    }

    /// Prints `text` bare when it is a keyword, quoted otherwise.
    pub fn keyword_or_string(&mut self, text: &str) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrintKeywordOrString(self.raw, string_ref(text)) };
        self
    }

    /// Prints an integer.
    pub fn integer(&mut self, value: impl std::fmt::Display) -> &mut Self {
        self.text(&value.to_string())
    }

    /// Prints a float as MLIR prints an `f64` attribute's value (`1.000000e+00`,
    /// `0x7FF0000000000000` for a NaN).
    pub fn float(&mut self, value: f64) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrintFloat(self.raw, value) };
        self
    }

    /// Prints a type.
    pub fn r#type(&mut self, ty: Type<'_>) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrintType(self.raw, ty.to_raw()) };
        self
    }

    /// Prints an attribute.
    pub fn attribute(&mut self, attr: Attribute<'_>) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrintAttribute(self.raw, attr.to_raw(), false) };
        self
    }

    /// Prints an attribute of a Rust dialect without its name (as an op's
    /// format writes it); any other attribute in full.
    pub fn rust_attribute(&mut self, attr: Attribute<'_>) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrintRustAttr(self.raw, attr.to_raw()) };
        self
    }

    /// Prints a typed attribute without its type (`5`, not `5 : i64`).
    pub fn attribute_without_type(&mut self, attr: Attribute<'_>) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgeAsmPrintAttribute(self.raw, attr.to_raw(), true) };
        self
    }
}
