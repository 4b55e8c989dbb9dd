//! The upstream type interfaces of a Rust dialect's types
//! (`#[mlir_type(interfaces = [...])]`), as ODS lists them on a `TypeDef`.
//! The bridge attaches each to the type's dynamic definition and answers
//! it from what is declared here, with no call into Rust.

use crate::ffi::bridge;

/// An upstream type interface a type of a Rust dialect implements,
/// declared with `#[mlir_type(interfaces = [...])]`.
///
/// ```
/// use mlir_pass::dialect::{mlir_dialect, mlir_type};
///
/// #[mlir_dialect(name = "fx")]
/// pub struct FxDialect;
///
/// /// A fixed-point number: memrefs and vectors may hold it, and its values
/// /// print as `%fx`, `%fx_0`...
/// #[mlir_type(
///     dialect = FxDialect,
///     name = "fixed",
///     format = "`<` $bits `>`",
///     interfaces = [
///         MemRefElementTypeInterface,
///         VectorElementTypeInterface,
///         OpAsmTypeInterface(asm_name = "fx"),
///     ]
/// )]
/// pub struct Fixed {
///     /// Its width.
///     #[param]
///     bits: u32,
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TypeInterface {
    /// `MemRefElementTypeInterface`, a marker: `memref<4x!fx.fixed<16>>`
    /// is a valid type (MLIR refuses a memref of a type without it).
    MemRefElement,
    /// `VectorElementTypeInterface`, a marker: `vector<4x!fx.fixed<16>>`
    /// is a valid type.
    VectorElement,
    /// `OpAsmTypeInterface` with `getAsmName`: the printer names the values
    /// of the type (an op's results when every one has such a type and the
    /// op names none; block arguments the op does not name) with this name,
    /// adding MLIR's `_N` suffixes.
    AsmName(&'static str),
}

/// One interface of one type of a Rust dialect. `#[mlir_type]` submits one
/// per entry of `interfaces = [...]`.
#[doc(hidden)]
pub struct TypeInterfaceRegistration {
    /// The type's definition (its address).
    pub definition: fn() -> *const (),
    /// The interface.
    pub interface: TypeInterface,
}

inventory::collect!(TypeInterfaceRegistration);

/// The interfaces the type of `definition` declares, in no set order.
pub fn type_interfaces(definition: &'static super::TypeDefinition) -> Vec<TypeInterface> {
    let address = (definition as *const super::TypeDefinition).cast::<()>();
    inventory::iter::<TypeInterfaceRegistration>
        .into_iter()
        .filter(|r| std::ptr::eq((r.definition)(), address))
        .map(|r| r.interface)
        .collect()
}

/// The bridge's description of the interfaces of `definition`: the
/// `MlirPassBridgeTypeInterface` bits and the values' name ("" for none).
pub(super) fn bridge_interfaces(definition: &'static super::TypeDefinition) -> (u32, &'static str) {
    use bridge::MlirPassBridgeTypeInterface as I;
    let mut bits = 0;
    let mut asm_name = "";
    for interface in type_interfaces(definition) {
        bits |= match interface {
            TypeInterface::MemRefElement => I::MlirPassBridgeTypeInterfaceMemRefElement.0,
            TypeInterface::VectorElement => I::MlirPassBridgeTypeInterfaceVectorElement.0,
            TypeInterface::AsmName(name) => {
                asm_name = name;
                I::MlirPassBridgeTypeInterfaceOpAsm.0
            }
        };
    }
    (bits, asm_name)
}
