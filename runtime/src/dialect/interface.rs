//! Op interfaces declared in Rust (Toy's `ShapeInference`): a trait that op
//! handles implement, which a pass asks an operation for, as C++ asks
//! `dyn_cast<ShapeInference>(op)`.
//!
//! ```ignore
//! mlir_pass::op_interface! {
//!     /// Infers the shapes of an op's results from its operands.
//!     pub trait ShapeInference {
//!         fn infer_shapes(&self);
//!     }
//! }
//! // an op lists it: #[mlir_op(..., interfaces = [ShapeInference])]
//! // and implements it: impl ShapeInference for MulOp<'_> { ... }
//! // a pass asks: if let Some(op) = <dyn ShapeInference>::get(&op) { op.infer_shapes() }
//! ```

use std::any::{Any, TypeId};

use melior::ir::operation::OperationLike;

use super::OpDefinition;
use crate::ffi::bridge;

/// One Rust interface an op implements: `#[mlir_op(interfaces = [...])]`
/// writes one per interface.
#[derive(Clone, Copy)]
pub struct InterfaceEntry {
    /// `TypeId::of::<dyn Interface>()`.
    pub id: fn() -> TypeId,
    /// The op's caster: a `for<'a> fn(OperationRef<'a>) -> Box<dyn
    /// Interface + 'a>`, as `Any`.
    pub caster: &'static (dyn Any + Send + Sync),
}

impl std::fmt::Debug for InterfaceEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InterfaceEntry")
            .field("id", &(self.id)())
            .finish()
    }
}

/// The definition of `op` if it belongs to a Rust dialect.
pub fn definition_of<'a>(op: &impl OperationLike<'a, 'a>) -> Option<&'static OpDefinition> {
    let mut definition: *const std::ffi::c_void = std::ptr::null();
    // SAFETY: a valid op; the bridge writes the op's registered definition,
    // a `&'static OpDefinition`.
    unsafe {
        bridge::mlirPassBridgeRustOpDefinition(op.to_raw(), &mut definition)
            .then(|| &*definition.cast::<OpDefinition>())
    }
}

/// The caster `op` registered for the interface `id`, if it implements it.
#[doc(hidden)]
pub fn find_interface<'a>(
    op: &impl OperationLike<'a, 'a>,
    id: TypeId,
) -> Option<&'static (dyn Any + Send + Sync)> {
    definition_of(op)?
        .interfaces
        .rust
        .iter()
        .find(|entry| (entry.id)() == id)
        .map(|entry| entry.caster)
}

/// Declares an op interface in Rust: a trait, plus `<dyn Trait>::get(&op)`,
/// which gives the op as the interface when its kind implements it (C++'s
/// `dyn_cast<Interface>(op)`). Ops list it in `#[mlir_op(interfaces =
/// [...])]` and implement the trait on their handle.
#[macro_export]
macro_rules! op_interface {
    ($(#[$meta:meta])* $vis:vis trait $name:ident { $($body:tt)* }) => {
        $(#[$meta])*
        $vis trait $name { $($body)* }

        impl dyn $name {
            /// `op` as this interface, if its kind implements it.
            #[allow(dead_code)]
            $vis fn get<'a>(
                op: &impl $crate::melior::ir::operation::OperationLike<'a, 'a>,
            ) -> ::core::option::Option<::std::boxed::Box<dyn $name + 'a>> {
                type Caster = for<'b> fn($crate::OperationRef<'b>) -> ::std::boxed::Box<dyn $name + 'b>;
                let caster = $crate::dialect::find_interface(op, ::core::any::TypeId::of::<dyn $name>())?;
                let caster = caster.downcast_ref::<Caster>()?;
                // SAFETY: a valid op borrowed for 'a, as OperationLike promises.
                let op = unsafe { $crate::OperationRef::from_raw(op.to_raw()) };
                ::core::option::Option::Some(caster(op))
            }
        }
    };
}
