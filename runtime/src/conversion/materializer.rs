//! [`Materializer`]: what a materialization builds with.

use std::fmt;

use melior::{
    ir::{operation::OperationBuilder, Attribute, Location, Operation, Type, Value},
    Context,
};
use mlir_sys as sys;

use crate::{
    ffi::{bridge, context_from_raw},
    rewrite::driver::parse_attribute,
};

/// The builder a materialization builds with (in a conversion, MLIR's
/// `ConversionPatternRewriter`, so what it builds is undone on rollback).
pub struct Materializer<'a> {
    pub(super) raw: *mut bridge::MlirPassBridgeBuilder,
    pub(super) context: &'a sys::MlirContext,
}

impl<'a> Materializer<'a> {
    /// The context, for melior's builders.
    pub fn context(&self) -> &'a Context {
        context_from_raw(self.context)
    }

    /// Inserts `op`, built detached (melior's `OperationBuilder::build`), at
    /// the builder's insertion point, and returns it.
    pub fn insert(&self, op: Operation<'a>) -> melior::ir::OperationRef<'a, 'a> {
        let raw = op.into_raw();
        // SAFETY: a valid builder during the callback; it takes the op.
        unsafe {
            bridge::mlirPassBridgeBuilderInsert(self.raw, raw);
            melior::ir::OperationRef::from_raw(raw)
        }
    }
}

impl<'a> Materializer<'a> {
    /// Builds and inserts an op named `name` (a cast such as
    /// `"arith.extsi"`) of `inputs` with one result of type `to`, and
    /// returns that result: C++'s `builder.create<CastOp>(loc, to, inputs)`.
    /// `None` when MLIR refuses to build it (no such op registered).
    pub fn create(
        &self,
        name: &str,
        to: Type<'a>,
        inputs: &[Value<'a, 'a>],
        location: Location<'a>,
    ) -> Option<Value<'a, 'a>> {
        let op = OperationBuilder::new(name, location)
            .add_operands(inputs)
            .add_results(&[to])
            .build()
            .ok()?;
        self.insert(op).result(0).ok().map(Into::into)
    }
}

impl<'a> Materializer<'a> {
    /// Parses `text` as an attribute (such as `"#arith.fastmath<contract>"`),
    /// once per conversion, as
    /// [`ConversionPatternRewriter::parse_attribute`](super::ConversionPatternRewriter::parse_attribute)
    /// does (the two share what they parsed). `None` when `text` is not an
    /// attribute.
    pub fn parse_attribute(&self, text: &str) -> Option<Attribute<'a>> {
        let raw = parse_attribute(*self.context, text);
        // SAFETY: an attribute of the builder's context when not null.
        (!raw.ptr.is_null()).then(|| unsafe { Attribute::from_raw(raw) })
    }
}

impl fmt::Debug for Materializer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Materializer").finish_non_exhaustive()
    }
}
