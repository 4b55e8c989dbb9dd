//! Hand-written syntax for an op (ODS's `hasCustomAssemblyFormat` with
//! `parse` and `print`): [`OpParser`] and [`OpPrinter`] are MLIR's
//! `OpAsmParser` and `OpAsmPrinter`, one call per element. Prefer the
//! declarative `format`; this is the escape for syntax it cannot say.

use std::{
    marker::PhantomData,
    sync::atomic::{AtomicUsize, Ordering},
};

use melior::ir::{
    attribute::AttributeLike, operation::OperationLike, Attribute, RegionLike, Type, TypeLike,
    Value, ValueLike,
};
use mlir_sys as sys;

use crate::{
    ffi::{bridge, context_from_raw, string_ref},
    OperationRef,
};

/// MLIR's parser already reported the error (at its line and column):
/// return it from the parse hook with `?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError;

/// An operand read by [`OpParser::operand`], to resolve to a type with
/// [`OpParser::resolve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand(pub(super) isize);

/// A place in the text being parsed ([`OpParser::location`]), to report an
/// error there once what follows it turns out wrong
/// ([`OpParser::error_at`]): C++'s `parser.getCurrentLocation()` and
/// `parser.emitError(loc, ...)`. Valid during the parse it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseLocation(pub(super) *const std::ffi::c_char);

/// Parses one op in its custom form (C++'s `OpAsmParser` with the op's
/// `OperationState`). The op name has been read already.
pub struct OpParser<'a> {
    pub(super) raw: *mut bridge::MlirPassBridgeParse,
    /// Where the raw context is kept for 'a, so that melior's `&Context`
    /// can be lent for 'a.
    context: &'a sys::MlirContext,
}

/// Turns a bridge result into `Result`.
fn ok(success: bool) -> Result<(), ParseError> {
    if success {
        Ok(())
    } else {
        Err(ParseError)
    }
}

impl<'a> OpParser<'a> {
    /// # Safety
    /// `raw` is the bridge's parse in progress, alive for 'a; `context` is
    /// its context.
    pub(crate) unsafe fn from_raw(
        raw: *mut bridge::MlirPassBridgeParse,
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
            bridge::mlirPassBridgeParseLiteral(self.raw, string_ref(text), optional, &mut present)
        })?;
        Ok(present)
    }

    /// Reads punctuation or a keyword: `(`, `:`, `->`, `to`.
    pub fn literal(&mut self, text: &str) -> Result<(), ParseError> {
        self.literal_inner(text, false).map(|_| ())
    }

    /// Reads punctuation or a keyword if it is next; whether it was.
    pub fn optional_literal(&mut self, text: &str) -> Result<bool, ParseError> {
        self.literal_inner(text, true)
    }

    fn operand_inner(&mut self, optional: bool) -> Result<Option<UnresolvedOperand>, ParseError> {
        let (mut present, mut index) = (false, 0);
        // SAFETY: a parse in progress.
        ok(unsafe {
            bridge::mlirPassBridgeParseOperand(self.raw, optional, &mut present, &mut index)
        })?;
        Ok(present.then_some(UnresolvedOperand(index)))
    }

    /// Reads an SSA value (`%x`).
    pub fn operand(&mut self) -> Result<UnresolvedOperand, ParseError> {
        self.operand_inner(false)?.ok_or(ParseError)
    }

    /// Reads an SSA value if one is next.
    pub fn optional_operand(&mut self) -> Result<Option<UnresolvedOperand>, ParseError> {
        self.operand_inner(true)
    }

    /// Reads zero or more comma-separated SSA values.
    pub fn operand_list(&mut self) -> Result<Vec<UnresolvedOperand>, ParseError> {
        let mut all = Vec::new();
        if let Some(first) = self.optional_operand()? {
            all.push(first);
            while self.optional_literal(",")? {
                all.push(self.operand()?);
            }
        }
        Ok(all)
    }

    fn type_inner(&mut self, optional: bool) -> Result<Option<Type<'a>>, ParseError> {
        let mut present = false;
        let mut ty = sys::MlirType {
            ptr: std::ptr::null(),
        };
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseType(self.raw, optional, &mut present, &mut ty) })?;
        // SAFETY: a type of the context.
        Ok(present.then(|| unsafe { Type::from_raw(ty) }))
    }

    /// Reads a type.
    pub fn r#type(&mut self) -> Result<Type<'a>, ParseError> {
        self.type_inner(false)?.ok_or(ParseError)
    }

    /// Reads a type if one is next.
    pub fn optional_type(&mut self) -> Result<Option<Type<'a>>, ParseError> {
        self.type_inner(true)
    }

    /// Reads an attribute; with `ty`, a typed attribute written without its
    /// type (`5` for `5 : i64`).
    pub fn attribute(&mut self, ty: Option<Type<'a>>) -> Result<Attribute<'a>, ParseError> {
        let mut attr = sys::MlirAttribute {
            ptr: std::ptr::null(),
        };
        let ty = ty.map_or(
            sys::MlirType {
                ptr: std::ptr::null(),
            },
            |t| t.to_raw(),
        );
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseAttribute(self.raw, ty, &mut attr) })?;
        // SAFETY: an attribute of the context.
        Ok(unsafe { Attribute::from_raw(attr) })
    }

    /// Reads a symbol name (`@name`) into the string attribute `attr_name`.
    pub fn symbol_name(&mut self, attr_name: &str) -> Result<(), ParseError> {
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseSymbolName(self.raw, string_ref(attr_name)) })
    }

    /// Reads an optional attribute dictionary into the op's attributes.
    pub fn attr_dict(&mut self) -> Result<(), ParseError> {
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseAttrDict(self.raw, false) })
    }

    /// Reads `attributes {...}` if it is next.
    pub fn attr_dict_with_keyword(&mut self) -> Result<(), ParseError> {
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseAttrDict(self.raw, true) })
    }

    /// Reads a region into the op's next region.
    pub fn region(&mut self) -> Result<(), ParseError> {
        let mut present = false;
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseRegion(self.raw, false, &mut present) })
    }

    /// Reads a region if one is next; whether it was.
    pub fn optional_region(&mut self) -> Result<bool, ParseError> {
        let mut present = false;
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseRegion(self.raw, true, &mut present) })?;
        Ok(present)
    }

    /// Reads a function-like op as `func.func` writes it: optional
    /// visibility, `@name` (into `sym_name`), the signature (its
    /// `FunctionType` into `type_attr`), `attributes {...}`, the body.
    pub fn function(&mut self, type_attr: &str) -> Result<(), ParseError> {
        // SAFETY: a parse in progress.
        ok(unsafe { bridge::mlirPassBridgeParseFunction(self.raw, string_ref(type_attr), false) })
    }

    /// Gives operands read earlier their types and adds them to the op,
    /// in order; MLIR reports a count mismatch or an undefined value.
    pub fn resolve(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type<'a>],
    ) -> Result<(), ParseError> {
        let indices: Vec<isize> = operands.iter().map(|o| o.0).collect();
        let types: Vec<sys::MlirType> = types.iter().map(|t| t.to_raw()).collect();
        // SAFETY: a parse in progress; the arrays live for the call.
        ok(unsafe {
            bridge::mlirPassBridgeParseResolve(
                self.raw,
                indices.as_ptr(),
                indices.len() as isize,
                types.as_ptr(),
                types.len() as isize,
            )
        })
    }

    /// Adds result types to the op.
    pub fn add_result_types(&mut self, types: &[Type<'a>]) {
        let types: Vec<sys::MlirType> = types.iter().map(|t| t.to_raw()).collect();
        // SAFETY: a parse in progress; the array lives for the call.
        unsafe {
            bridge::mlirPassBridgeParseAddTypes(self.raw, types.as_ptr(), types.len() as isize)
        }
    }

    /// Adds an attribute to the op.
    pub fn add_attribute(&mut self, name: &str, attr: Attribute<'a>) {
        // SAFETY: a parse in progress.
        unsafe {
            bridge::mlirPassBridgeParseAddAttribute(self.raw, string_ref(name), attr.to_raw())
        }
    }

    /// Reports an error at the current position (its line and column).
    pub fn error(&mut self, message: &str) -> ParseError {
        // SAFETY: a parse in progress.
        unsafe { bridge::mlirPassBridgeParseError(self.raw, string_ref(message)) };
        ParseError
    }

    /// Where the parser is now: the start of the next element.
    pub fn location(&mut self) -> ParseLocation {
        // SAFETY: a parse in progress.
        ParseLocation(unsafe { bridge::mlirPassBridgeParseLocation(self.raw) })
    }

    /// Emits `message` as an error at `location` (taken by
    /// [`location`](Self::location) during this parse), as C++'s
    /// `parser.emitError(loc, message)`: for an element found wrong once
    /// read, such as a type of the wrong kind. Return the result from the
    /// parse hook.
    pub fn error_at(&mut self, location: ParseLocation, message: &str) -> ParseError {
        // SAFETY: a parse in progress; `location` points into its source
        // (or is null, which the bridge replaces by the current place).
        unsafe { bridge::mlirPassBridgeParseErrorAt(self.raw, location.0, string_ref(message)) };
        ParseError
    }
}

/// Prints one op in its custom form (C++'s `OpAsmPrinter`), after its name.
pub struct OpPrinter<'a> {
    pub(super) raw: *mut bridge::MlirPassBridgePrinter,
    _borrow: PhantomData<&'a mut ()>,
}

impl<'a> OpPrinter<'a> {
    /// # Safety
    /// `raw` is the bridge's printer, alive for 'a.
    pub(crate) unsafe fn from_raw(raw: *mut bridge::MlirPassBridgePrinter) -> Self {
        Self {
            raw,
            _borrow: PhantomData,
        }
    }

    /// Prints `text` as it is (spaces included).
    pub fn text(&mut self, text: &str) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgePrintText(self.raw, string_ref(text)) };
        self
    }

    /// Prints an SSA value's name (`%0`).
    pub fn operand(&mut self, value: Value<'_, '_>) -> &mut Self {
        // SAFETY: a printer in use; a value of the op being printed.
        unsafe { bridge::mlirPassBridgePrintOperand(self.raw, value.to_raw()) };
        self
    }

    /// Prints SSA values separated by `, `.
    pub fn operands(&mut self, values: &[Value<'_, '_>]) -> &mut Self {
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.text(", ");
            }
            self.operand(*v);
        }
        self
    }

    /// Prints a type.
    pub fn r#type(&mut self, ty: Type<'_>) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgePrintType(self.raw, ty.to_raw()) };
        self
    }

    /// Prints an attribute.
    pub fn attribute(&mut self, attr: Attribute<'_>) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgePrintAttribute(self.raw, attr.to_raw(), false) };
        self
    }

    /// Prints a typed attribute without its type (`5`, not `5 : i64`).
    pub fn attribute_without_type(&mut self, attr: Attribute<'_>) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe { bridge::mlirPassBridgePrintAttribute(self.raw, attr.to_raw(), true) };
        self
    }

    fn attr_dict_inner(
        &mut self,
        op: OperationRef<'_>,
        elided: &[&str],
        keyword: bool,
    ) -> &mut Self {
        let names: Vec<sys::MlirStringRef> = elided.iter().map(|n| string_ref(n)).collect();
        // SAFETY: a printer in use; the array lives for the call.
        unsafe {
            bridge::mlirPassBridgePrintAttrDict(
                self.raw,
                op.raw(),
                names.as_ptr(),
                names.len() as isize,
                keyword,
            )
        };
        self
    }

    /// Prints the op's attributes but `elided`, as ` {a = 1}` (nothing when
    /// there are none).
    pub fn attr_dict(&mut self, op: OperationRef<'_>, elided: &[&str]) -> &mut Self {
        self.attr_dict_inner(op, elided, false)
    }

    /// Prints ` attributes {a = 1}` (nothing when there are none).
    pub fn attr_dict_with_keyword(&mut self, op: OperationRef<'_>, elided: &[&str]) -> &mut Self {
        self.attr_dict_inner(op, elided, true)
    }

    /// Prints a region of the op (`entry_args`: with the entry block's
    /// arguments; `terminators`: with block terminators).
    pub fn region(
        &mut self,
        region: melior::ir::RegionRef<'_, '_>,
        entry_args: bool,
        terminators: bool,
    ) -> &mut Self {
        // SAFETY: a printer in use; a region of the op being printed.
        unsafe {
            bridge::mlirPassBridgePrintRegion(self.raw, region.to_raw(), entry_args, terminators)
        };
        self
    }

    /// Prints a function-like op as `func.func` prints: visibility,
    /// `@name`, the signature with the body's arguments, `attributes
    /// {...}`, the body. `type_attr` holds its `FunctionType`.
    pub fn function(&mut self, op: OperationRef<'_>, type_attr: &str) -> &mut Self {
        // SAFETY: a printer in use.
        unsafe {
            bridge::mlirPassBridgePrintFunction(self.raw, op.to_raw(), string_ref(type_attr))
        };
        self
    }
}

/// Parses an op with its hand-written parser.
pub type ParseHook = for<'a> fn(&mut OpParser<'a>) -> Result<(), ParseError>;
/// Prints an op with its hand-written printer.
pub type PrintHook = for<'a> fn(OperationRef<'a>, &mut OpPrinter<'a>);

pub(super) unsafe extern "C" fn parse(
    definition: *const std::ffi::c_void,
    raw: *mut bridge::MlirPassBridgeParse,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<super::OpDefinition>() };
    let Some(hook) = def.hooks.parse else {
        return false;
    };
    // SAFETY: the bridge's parse, alive for the call.
    let context = unsafe { bridge::mlirPassBridgeParseContext(raw) };
    // SAFETY: as above; `context` outlives the parser.
    let mut parser = unsafe { OpParser::from_raw(raw, &context) };
    match crate::ffi::trap_hook(|| hook(&mut parser)) {
        Ok(result) => result.is_ok(),
        Err(panic) => {
            parser.error(&format!(
                "the parser of `{}` panicked: {panic}",
                def.type_name
            ));
            false
        }
    }
}

pub(super) unsafe extern "C" fn print(
    definition: *const std::ffi::c_void,
    op: sys::MlirOperation,
    raw: *mut bridge::MlirPassBridgePrinter,
) {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<super::OpDefinition>() };
    let Some(hook) = def.hooks.print else {
        return;
    };
    // SAFETY: the bridge's printer and a valid op, alive for the call.
    let mut printer = unsafe { OpPrinter::from_raw(raw) };
    // SAFETY: as above.
    let op = unsafe { OperationRef::from_raw(op) };
    if let Err(panic) = crate::ffi::trap_hook(|| hook(op, &mut printer)) {
        // MLIR's printing cannot fail, and what the hook printed cannot be
        // taken back: the error goes to the context's diagnostics (stderr
        // in a tool), a marker that does not parse back ends the op's text,
        // and the count lets the tool fail (`opt_main`, the plugin).
        let message = format!("the printer of `{}` panicked: {panic}", def.type_name);
        // MLIR prints each op twice, first into nothing (to collect
        // aliases): the real print reports.
        // SAFETY: the bridge's printer, alive for the call.
        if !unsafe { bridge::mlirPassBridgePrinterIsDryRun(raw) } {
            count_print_failure();
            // SAFETY: a valid op; MLIR copies the message. Its note prints
            // the op in the generic form, which does not call this printer.
            unsafe { bridge::mlirPassBridgeEmitOpError(op.to_raw(), string_ref(&message)) };
        }
        printer.text(&format!(" <<{message}>>"));
    }
}

/// How many ops' printers (or naming hooks) have panicked in this process.
static PRINT_FAILURES: AtomicUsize = AtomicUsize::new(0);

/// Counts a print that went wrong (see [`print_failures`]).
pub(super) fn count_print_failure() {
    PRINT_FAILURES.fetch_add(1, Ordering::SeqCst);
}

/// How many times a printer of a Rust dialect (an op's, a type's, an
/// attribute's), or a hook that names values
/// (`OpAsmOpInterface`'s `result_names`, `block_arg_names`, a type's
/// `asm_name`), has panicked
/// in this process: for a printer, the op's text in the output is
/// incomplete (it ends in a marker that does not parse back); for a naming
/// hook, its values print with default names. Either way an error
/// diagnostic names the op and the hook. Printing itself cannot fail in
/// MLIR; `opt_main` and the plugin compare this count before and after
/// their work and exit with an error when it grew. A program that prints IR
/// of Rust dialects can do the same.
pub fn print_failures() -> usize {
    PRINT_FAILURES.load(Ordering::SeqCst)
}

// The accessors above take melior's handles; keep the traits in scope.
#[allow(unused_imports)]
use {AttributeLike as _, OperationLike as _, RegionLike as _, TypeLike as _, ValueLike as _};
