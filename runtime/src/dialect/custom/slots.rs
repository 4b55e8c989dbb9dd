//! What `#[mlir_op]`'s generated code hands a custom directive's methods:
//! [`CustomSlot`], what a parse method fills for each argument, and
//! [`CustomRef`], what a `ref(...)` argument gives it.

use melior::ir::{attribute::AttributeLike, Attribute, Type, TypeLike};
use mlir_sys as sys;

use super::{DetachedRegion, Successor};
use crate::{
    dialect::{asm::UnresolvedOperand, OpParser},
    ffi::bridge,
};

/// What a custom directive's parse method gives one of its arguments
/// (generated code only).
#[doc(hidden)]
pub trait CustomSlot<'a>: Default {
    /// Hands the value to the format, as argument `arg`.
    fn give(self, parser: &mut OpParser<'a>, arg: usize);
}

impl<'a> CustomSlot<'a> for Vec<UnresolvedOperand> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        let indices: Vec<isize> = self.iter().map(|o| o.0).collect();
        // SAFETY: a directive's parse; the array lives for the call.
        unsafe {
            bridge::mlirPassBridgeCustomSetOperands(
                parser.raw,
                arg as isize,
                indices.as_ptr(),
                indices.len() as isize,
            )
        }
    }
}

impl<'a> CustomSlot<'a> for Option<UnresolvedOperand> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        self.into_iter().collect::<Vec<_>>().give(parser, arg)
    }
}

impl<'a> CustomSlot<'a> for Vec<Type<'a>> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        let types: Vec<sys::MlirType> = self.iter().map(|t| t.to_raw()).collect();
        // SAFETY: a directive's parse; the array lives for the call.
        unsafe {
            bridge::mlirPassBridgeCustomSetTypes(
                parser.raw,
                arg as isize,
                types.as_ptr(),
                types.len() as isize,
            )
        }
    }
}

impl<'a> CustomSlot<'a> for Option<Type<'a>> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        self.into_iter().collect::<Vec<_>>().give(parser, arg)
    }
}

impl<'a> CustomSlot<'a> for Option<Attribute<'a>> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        let attr = self.map_or(
            sys::MlirAttribute {
                ptr: std::ptr::null(),
            },
            |a| a.to_raw(),
        );
        // SAFETY: a directive's parse.
        unsafe { bridge::mlirPassBridgeCustomSetAttribute(parser.raw, arg as isize, attr) }
    }
}

impl<'a> CustomSlot<'a> for Vec<DetachedRegion> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        let indices: Vec<isize> = self.iter().map(|r| r.0).collect();
        // SAFETY: a directive's parse; the array lives for the call.
        unsafe {
            bridge::mlirPassBridgeCustomSetRegions(
                parser.raw,
                arg as isize,
                indices.as_ptr(),
                indices.len() as isize,
            )
        }
    }
}

impl<'a> CustomSlot<'a> for Option<DetachedRegion> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        self.into_iter().collect::<Vec<_>>().give(parser, arg)
    }
}

impl<'a> CustomSlot<'a> for Vec<Successor> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        let blocks: Vec<sys::MlirBlock> = self.iter().map(|s| s.0).collect();
        // SAFETY: a directive's parse; the array lives for the call.
        unsafe {
            bridge::mlirPassBridgeCustomSetSuccessors(
                parser.raw,
                arg as isize,
                blocks.as_ptr(),
                blocks.len() as isize,
            )
        }
    }
}

impl<'a> CustomSlot<'a> for Option<Successor> {
    fn give(self, parser: &mut OpParser<'a>, arg: usize) {
        self.into_iter().collect::<Vec<_>>().give(parser, arg)
    }
}

/// What a `ref(...)` argument hands a custom directive's parse method
/// (generated code only).
#[doc(hidden)]
pub trait CustomRef<'a>: Sized {
    /// The value of argument `arg`, as the format read it before.
    fn take(parser: &mut OpParser<'a>, arg: usize) -> Self;
}

impl<'a> CustomRef<'a> for Vec<UnresolvedOperand> {
    fn take(parser: &mut OpParser<'a>, arg: usize) -> Self {
        let mut indices: *const isize = std::ptr::null();
        // SAFETY: a directive's parse; the array lives as long as the
        // parse, and is read here.
        let count = unsafe {
            bridge::mlirPassBridgeCustomRefOperands(parser.raw, arg as isize, &mut indices)
        };
        (0..count as usize)
            // SAFETY: `count` elements.
            .map(|i| UnresolvedOperand(unsafe { *indices.add(i) }))
            .collect()
    }
}

impl<'a> CustomRef<'a> for Option<UnresolvedOperand> {
    fn take(parser: &mut OpParser<'a>, arg: usize) -> Self {
        Vec::<UnresolvedOperand>::take(parser, arg)
            .into_iter()
            .next()
    }
}

impl<'a> CustomRef<'a> for UnresolvedOperand {
    fn take(parser: &mut OpParser<'a>, arg: usize) -> Self {
        // A single operand is always there once bound; an index that was
        // not parsed is reported by `resolve`.
        <Option<UnresolvedOperand> as CustomRef>::take(parser, arg).unwrap_or(UnresolvedOperand(-1))
    }
}

impl<'a> CustomRef<'a> for Vec<Type<'a>> {
    fn take(parser: &mut OpParser<'a>, arg: usize) -> Self {
        let mut types: *const sys::MlirType = std::ptr::null();
        // SAFETY: a directive's parse; the array is read here.
        let count =
            unsafe { bridge::mlirPassBridgeCustomRefTypes(parser.raw, arg as isize, &mut types) };
        (0..count as usize)
            // SAFETY: `count` types of the parse's context.
            .map(|i| unsafe { Type::from_raw(*types.add(i)) })
            .collect()
    }
}

impl<'a> CustomRef<'a> for Option<Type<'a>> {
    fn take(parser: &mut OpParser<'a>, arg: usize) -> Self {
        Vec::<Type<'a>>::take(parser, arg).into_iter().next()
    }
}

impl<'a> CustomRef<'a> for Type<'a> {
    fn take(parser: &mut OpParser<'a>, arg: usize) -> Self {
        // A single value's type is always there once bound.
        <Option<Type<'a>> as CustomRef>::take(parser, arg)
            .unwrap_or_else(|| Type::none(parser.context()))
    }
}

impl<'a> CustomRef<'a> for Option<Attribute<'a>> {
    fn take(parser: &mut OpParser<'a>, arg: usize) -> Self {
        // SAFETY: a directive's parse.
        let attr = unsafe { bridge::mlirPassBridgeCustomRefAttribute(parser.raw, arg as isize) };
        // SAFETY: null, or an attribute of the parse's context.
        (!attr.ptr.is_null()).then(|| unsafe { Attribute::from_raw(attr) })
    }
}
