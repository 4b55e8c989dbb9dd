//! The upstream interfaces of a Rust dialect's attributes
//! (`#[mlir_attr(interfaces = [...])]`), as ODS lists them on an `AttrDef`:
//! `VerifiableTensorEncoding`, whose `verifyEncoding` the bridge asks of
//! the attribute's `verify_encoding`. (An attribute is a `TypedAttr` when a
//! parameter is marked `#[param(self_type)]`.)

use std::ffi::c_void;

use melior::ir::{Attribute, Type};
use mlir_sys as sys;

use super::AttrDefinition;
use crate::ffi::{string_ref, trap_hook};

/// Whether an attribute may be the encoding of a tensor of this shape
/// (`i64::MIN`, MLIR's `ShapedType::kDynamic`, for a dynamic size) and
/// element type: `Err` is the message MLIR reports where the tensor type
/// is written.
pub type VerifyEncodingHook = for<'c> fn(Attribute<'c>, &[i64], Type<'c>) -> Result<(), String>;

/// An upstream attribute interface an attribute of a Rust dialect
/// implements, declared with `#[mlir_attr(interfaces = [...])]`.
///
/// ```
/// use mlir_pass::dialect::{mlir_attr, mlir_dialect};
/// use mlir_pass::melior::ir::Type;
///
/// #[mlir_dialect(name = "lay")]
/// pub struct LayDialect;
///
/// /// A layout for tensors of `rank` dimensions:
/// /// `tensor<4x4xf32, #lay.layout<2>>`.
/// #[mlir_attr(
///     dialect = LayDialect,
///     name = "layout",
///     format = "`<` $rank `>`",
///     interfaces = [VerifiableTensorEncoding]
/// )]
/// pub struct LayoutAttr {
///     /// The rank it lays out.
///     #[param]
///     rank: u32,
/// }
///
/// impl LayoutAttr<'_> {
///     fn verify_encoding(&self, shape: &[i64], _element_type: Type<'_>) -> Result<(), String> {
///         if shape.len() == self.rank() as usize {
///             Ok(())
///         } else {
///             Err(format!("a layout of rank {} encodes no tensor of rank {}", self.rank(), shape.len()))
///         }
///     }
/// }
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum AttrInterface {
    /// `VerifiableTensorEncoding`: MLIR asks the attribute whether it may
    /// encode a tensor type (`tensor<4x4xf32, #lay.layout<2>>`) when it
    /// builds or parses one; a refusal is an error at the type, and a panic
    /// in the hook is one too.
    VerifiableTensorEncoding(VerifyEncodingHook),
}

/// One interface of one attribute of a Rust dialect. `#[mlir_attr]`
/// submits one per entry of `interfaces = [...]`.
#[doc(hidden)]
pub struct AttrInterfaceRegistration {
    /// The attribute's definition (its address).
    pub definition: fn() -> *const (),
    /// The interface.
    pub interface: AttrInterface,
}

inventory::collect!(AttrInterfaceRegistration);

/// The interfaces the attribute of `definition` declares, in no set order.
pub fn attr_interfaces(definition: &'static AttrDefinition) -> Vec<AttrInterface> {
    interfaces_at((definition as *const AttrDefinition).cast())
}

fn interfaces_at(address: *const ()) -> Vec<AttrInterface> {
    inventory::iter::<AttrInterfaceRegistration>
        .into_iter()
        .filter(|r| std::ptr::eq((r.definition)(), address))
        .map(|r| r.interface)
        .collect()
}

/// The `verify_encoding` hook of the attribute of `definition`, if it
/// declares `VerifiableTensorEncoding`.
pub(super) fn verify_encoding_hook(
    definition: &'static AttrDefinition,
) -> Option<VerifyEncodingHook> {
    // The one interface there is: with another, this becomes a `find_map`.
    attr_interfaces(definition)
        .into_iter()
        .map(|i| match i {
            AttrInterface::VerifiableTensorEncoding(hook) => hook,
        })
        .next()
}

/// The bridge's `verifyEncoding`: the attribute's hook, its panic an
/// error.
pub(super) unsafe extern "C" fn verify_encoding(
    definition: *const c_void,
    attr: sys::MlirAttribute,
    shape: *const i64,
    rank: isize,
    element_type: sys::MlirType,
    on_error: sys::MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<AttrDefinition>() };
    let Some(hook) = verify_encoding_hook(def) else {
        return true;
    };
    let result = trap_hook(|| {
        // SAFETY: `rank` sizes, alive for the call (none: a null pointer).
        let shape = if rank <= 0 || shape.is_null() {
            &[][..]
        } else {
            unsafe { std::slice::from_raw_parts(shape, rank as usize) }
        };
        // SAFETY: a valid attribute and type, borrowed for the call.
        hook(unsafe { Attribute::from_raw(attr) }, shape, unsafe {
            Type::from_raw(element_type)
        })
    });
    let message = match result {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(panic) => format!(
            "`verify_encoding` (VerifiableTensorEncoding) of `{}` panicked: {panic}",
            def.type_name
        ),
    };
    if let Some(on_error) = on_error {
        // SAFETY: the bridge's callback, with its user data.
        unsafe { on_error(string_ref(&message), user_data) };
    }
    false
}
