//! Custom directives of op formats (ODS's `custom<Name>(...)`): the op's
//! `parse_<name>` and `print_<name>` methods read and write the directive's
//! arguments, as ODS calls `parseName(parser, ...)` and
//! `printName(printer, op, ...)`. Here: the values those methods exchange
//! that [`OpParser`] did not have (a region not yet the op's, a successor),
//! the callbacks the bridge calls, and what `#[mlir_op]`'s generated code
//! uses to hand arguments over.
//!
//! What a method receives for each argument of the directive:
//!
//! | argument | `parse_<name>` | `print_<name>` |
//! |---|---|---|
//! | `$operand` (single or optional) | `&mut Option<UnresolvedOperand>` | `Value` / `Option<Value>` |
//! | `$operand` (variadic) | `&mut Vec<UnresolvedOperand>` | `&[Value]` |
//! | `$attr` | `&mut Option<V>` | `V` / `Option<V>` (optional) |
//! | `type($x)` (single or optional) | `&mut Option<Type>` | `Type` / `Option<Type>` |
//! | `type($x)` (variadic) | `&mut Vec<Type>` | `&[Type]` |
//! | `$region` | `&mut Option<DetachedRegion>` | `RegionRef` |
//! | `$region` (variadic) | `&mut Vec<DetachedRegion>` | `&[RegionRef]` |
//! | `$successor` | `&mut Option<Successor>` | `BlockRef` |
//! | `$successor` (variadic) | `&mut Vec<Successor>` | `&[BlockRef]` |
//! | `ref($operand)` | `UnresolvedOperand` / `Option<..>` / `&[..]` | as `$operand` |
//! | `ref(type($x))` | `Type` / `Option<Type>` / `&[Type]` | as `type($x)` |
//! | `ref($attr)` | `Option<V>` | as `$attr` |
//!
//! `V` is the attribute's value type (its constraint's
//! [`AttrParameter::Value`](super::AttrParameter::Value), what the op's
//! accessor returns).

mod slots;

use std::ffi::c_void;

use melior::ir::{attribute::AttributeLike, operation::OperationLike, BlockRef, TypeLike};
use mlir_sys as sys;

use super::{OpDefinition, OpParser, OpPrinter, ParseError};
use crate::{
    ffi::{bridge, string_ref, trap_hook},
    OperationRef,
};

pub use slots::{CustomRef, CustomSlot};

/// A region read by [`OpParser::detached_region`], not yet the op's: give
/// it to a custom directive's region argument, or to the op with
/// [`OpParser::add_region`] (C++'s `std::unique_ptr<Region>` before
/// `OperationState::addRegion`). Valid during the parse it came from; it
/// can be given once.
#[derive(Debug, PartialEq, Eq)]
pub struct DetachedRegion(isize);

/// A successor read by [`OpParser::successor`] (`^bb1`): give it to a
/// custom directive's successor argument, or to the op with
/// [`OpParser::add_successor`]. Valid during the parse it came from.
#[derive(Clone, Copy, Debug)]
pub struct Successor(sys::MlirBlock);

impl PartialEq for Successor {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
}

impl Eq for Successor {}

/// Turns a bridge result into `Result`.
fn ok(success: bool) -> Result<(), ParseError> {
    if success {
        Ok(())
    } else {
        Err(ParseError)
    }
}

impl<'a> OpParser<'a> {
    fn detached_region_inner(
        &mut self,
        optional: bool,
    ) -> Result<Option<DetachedRegion>, ParseError> {
        let (mut present, mut index) = (false, 0);
        // SAFETY: a parse in progress.
        ok(unsafe {
            bridge::mlirPassBridgeParseDetachedRegion(self.raw, optional, &mut present, &mut index)
        })?;
        Ok(present.then_some(DetachedRegion(index)))
    }

    /// Reads a region (`{ ... }`), to give to a custom directive's region
    /// argument or to the op ([`add_region`](Self::add_region)).
    pub fn detached_region(&mut self) -> Result<DetachedRegion, ParseError> {
        self.detached_region_inner(false)?.ok_or(ParseError)
    }

    /// Reads a region if one is next.
    pub fn optional_detached_region(&mut self) -> Result<Option<DetachedRegion>, ParseError> {
        self.detached_region_inner(true)
    }

    /// Adds a region read by [`detached_region`](Self::detached_region) to
    /// the op, as its next region (a hand-written parser; a custom
    /// directive gives it to its region argument instead).
    pub fn add_region(&mut self, region: DetachedRegion) -> Result<(), ParseError> {
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseAddRegion(self.raw, region.0) })
    }

    fn successor_inner(&mut self, optional: bool) -> Result<Option<Successor>, ParseError> {
        let mut present = false;
        let mut block = sys::MlirBlock {
            ptr: std::ptr::null_mut(),
        };
        // SAFETY: a parse in progress.
        ok(unsafe {
            bridge::mlirPassBridgeParseSuccessor(self.raw, optional, &mut present, &mut block)
        })?;
        Ok(present.then_some(Successor(block)))
    }

    /// Reads a successor (`^bb1`).
    pub fn successor(&mut self) -> Result<Successor, ParseError> {
        self.successor_inner(false)?.ok_or(ParseError)
    }

    /// Reads a successor if one is next.
    pub fn optional_successor(&mut self) -> Result<Option<Successor>, ParseError> {
        self.successor_inner(true)
    }

    /// Adds a successor to the op (a hand-written parser; a custom
    /// directive gives it to its successor argument instead).
    pub fn add_successor(&mut self, successor: Successor) -> Result<(), ParseError> {
        // SAFETY: a parse in progress; a block of this parse.
        ok(unsafe { bridge::mlirPassBridgeParseAddSuccessor(self.raw, successor.0) })
    }
}

/// What surrounds a list (MLIR's `AsmParser::Delimiter`), for
/// [`OpParser::comma_separated_list`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delimiter {
    /// None: one element or more.
    None,
    /// `(...)`, zero elements or more.
    Paren,
    /// `[...]`.
    Square,
    /// `<...>`.
    LessGreater,
    /// `{...}`.
    Braces,
    /// `(...)` or nothing.
    OptionalParen,
    /// `[...]` or nothing.
    OptionalSquare,
    /// `<...>` or nothing.
    OptionalLessGreater,
    /// `{...}` or nothing.
    OptionalBraces,
}

impl<'a> OpParser<'a> {
    fn integer_inner(&mut self, optional: bool) -> Result<Option<i64>, ParseError> {
        let (mut present, mut value) = (false, 0);
        // SAFETY: a parse in progress.
        ok(unsafe {
            bridge::mlirPassBridgeParseInteger(self.raw, optional, &mut present, &mut value)
        })?;
        Ok(present.then_some(value))
    }

    /// Reads an integer (`-4`, `0x10`), as C++'s `parseInteger` (MLIR
    /// reports `expected integer value`).
    pub fn integer(&mut self) -> Result<i64, ParseError> {
        self.integer_inner(false)?.ok_or(ParseError)
    }

    /// Reads an integer if one is next.
    pub fn optional_integer(&mut self) -> Result<Option<i64>, ParseError> {
        self.integer_inner(true)
    }

    /// Where the op's name is (C++'s `parser.getNameLoc()`), for
    /// [`error_at`](Self::error_at): where ODS's parsers report an op-wide
    /// error.
    pub fn name_location(&mut self) -> super::ParseLocation {
        // SAFETY: a parse in progress.
        super::ParseLocation(unsafe { bridge::mlirPassBridgeParseNameLocation(self.raw) })
    }

    /// Reads a comma-separated list in `delimiter`, calling `element` for
    /// each element (C++'s `parseCommaSeparatedList`): MLIR reports a
    /// missing closing delimiter as `expected ']'` followed by `context`
    /// (`" in dynamic index list"`).
    pub fn comma_separated_list<F>(
        &mut self,
        delimiter: Delimiter,
        context: &str,
        mut element: F,
    ) -> Result<(), ParseError>
    where
        F: FnMut(&mut OpParser<'a>) -> Result<(), ParseError>,
    {
        struct Call<'p, 'a, F> {
            parser: &'p mut OpParser<'a>,
            element: &'p mut F,
            panic: Option<Box<dyn std::any::Any + Send>>,
        }
        unsafe extern "C" fn each<'a, F: FnMut(&mut OpParser<'a>) -> Result<(), ParseError>>(
            data: *mut c_void,
        ) -> bool {
            // SAFETY: the `Call` below, alive for the list.
            let call = unsafe { &mut *data.cast::<Call<'_, 'a, F>>() };
            // A panic may not unwind through MLIR's frames: it is carried
            // over them and resumed once the list is done.
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                (call.element)(call.parser)
            })) {
                Ok(result) => result.is_ok(),
                Err(panic) => {
                    call.panic = Some(panic);
                    false
                }
            }
        }
        use bridge::MlirPassBridgeDelimiter as D;
        let delimiter = match delimiter {
            Delimiter::None => D::MlirPassBridgeDelimiterNone,
            Delimiter::Paren => D::MlirPassBridgeDelimiterParen,
            Delimiter::Square => D::MlirPassBridgeDelimiterSquare,
            Delimiter::LessGreater => D::MlirPassBridgeDelimiterLessGreater,
            Delimiter::Braces => D::MlirPassBridgeDelimiterBraces,
            Delimiter::OptionalParen => D::MlirPassBridgeDelimiterOptionalParen,
            Delimiter::OptionalSquare => D::MlirPassBridgeDelimiterOptionalSquare,
            Delimiter::OptionalLessGreater => D::MlirPassBridgeDelimiterOptionalLessGreater,
            Delimiter::OptionalBraces => D::MlirPassBridgeDelimiterOptionalBraces,
        };
        let raw = self.raw;
        let mut call = Call {
            parser: self,
            element: &mut element,
            panic: None,
        };
        // SAFETY: a parse in progress; `call` outlives the list.
        let success = unsafe {
            bridge::mlirPassBridgeParseCommaSeparatedList(
                raw,
                delimiter,
                Some(each::<'a, F>),
                (&mut call as *mut Call<'_, 'a, _>).cast(),
                string_ref(context),
            )
        };
        if let Some(panic) = call.panic {
            std::panic::resume_unwind(panic);
        }
        ok(success)
    }
}

impl OpPrinter<'_> {
    /// Prints a successor (`^bb1`).
    pub fn successor(&mut self, block: BlockRef<'_, '_>) -> &mut Self {
        // SAFETY: a printer in use; a successor of the op being printed.
        unsafe { bridge::mlirPassBridgePrintSuccessor(self.raw, block.to_raw()) };
        self
    }
}

pub(super) unsafe extern "C" fn parse_custom(
    definition: *const c_void,
    directive: u32,
    raw: *mut bridge::MlirPassBridgeParse,
    optional: bool,
    present: *mut bool,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<OpDefinition>() };
    let Some(custom) = def.hooks.custom_directives.get(directive as usize) else {
        return false;
    };
    // SAFETY: the bridge's parse, alive for the call.
    let context = unsafe { bridge::mlirPassBridgeParseContext(raw) };
    // SAFETY: as above; `context` outlives the parser.
    let mut parser = unsafe { OpParser::from_raw(raw, &context) };
    match trap_hook(|| (custom.parse)(&mut parser, optional)) {
        Ok(Ok(there)) => {
            // SAFETY: the bridge's out-parameter.
            unsafe { *present = there };
            true
        }
        Ok(Err(ParseError)) => false,
        Err(panic) => {
            parser.error(&format!(
                "the parser of custom<{}> of `{}` panicked: {panic}",
                custom.name, def.type_name
            ));
            false
        }
    }
}

pub(super) unsafe extern "C" fn print_custom(
    definition: *const c_void,
    directive: u32,
    op: sys::MlirOperation,
    raw: *mut bridge::MlirPassBridgePrinter,
) {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<OpDefinition>() };
    let Some(custom) = def.hooks.custom_directives.get(directive as usize) else {
        return;
    };
    // SAFETY: the bridge's printer and a valid op, alive for the call.
    let mut printer = unsafe { OpPrinter::from_raw(raw) };
    // SAFETY: as above.
    let op = unsafe { OperationRef::from_raw(op) };
    if let Err(panic) = trap_hook(|| (custom.print)(op, &mut printer)) {
        let message = format!(
            "the printer of custom<{}> of `{}` panicked: {panic}",
            custom.name, def.type_name
        );
        // As a hand-written printer's panic (asm.rs): reported by the real
        // print, counted, and a marker that does not parse back.
        // SAFETY: the bridge's printer, alive for the call.
        if !unsafe { bridge::mlirPassBridgePrinterIsDryRun(raw) } {
            super::asm::count_print_failure();
            // SAFETY: a valid op; MLIR copies the message.
            unsafe { bridge::mlirPassBridgeEmitOpError(op.to_raw(), string_ref(&message)) };
        }
        printer.text(&format!(" <<{message}>>"));
    }
}

// The handles' methods come from melior's traits.
#[allow(unused_imports)]
use {AttributeLike as _, OperationLike as _, TypeLike as _};
