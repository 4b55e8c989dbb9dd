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
/// /// A fixed-point number: memrefs and vectors may hold it, its size is
/// /// its width, and its values print as `%fx`, `%fx_0`...
/// #[mlir_type(
///     dialect = FxDialect,
///     name = "fixed",
///     format = "`<` $bits `>`",
///     interfaces = [
///         MemRefElementTypeInterface,
///         VectorElementTypeInterface,
///         DataLayoutTypeInterface,
///         OpAsmTypeInterface(asm_name = "fx"),
///     ]
/// )]
/// pub struct Fixed {
///     /// Its width.
///     #[param]
///     bits: u32,
/// }
///
/// impl Fixed<'_> {
///     fn size_in_bits(&self) -> u64 {
///         self.bits().into()
///     }
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
    /// op names none; a region's block arguments when the op names none of
    /// them) with this name, adding MLIR's `_N` suffixes.
    AsmName(&'static str),
    /// `OpAsmTypeInterface` with `getAsmName` answered by the handle's
    /// `fn asm_name(&self) -> String` (`OpAsmTypeInterface(asm_name)`), for
    /// a name the parameters give (`%fx16` for `!fx.fixed<16>`); an empty
    /// name names nothing, and a panic is an error with no name.
    AsmNameMethod,
    /// `DataLayoutTypeInterface`: the type's size in bits is the handle's
    /// `fn size_in_bits(&self) -> u64`, its alignments an integer's of that
    /// size. MLIR asks the data layout for the size of memref and vector
    /// elements (`vector.bitcast`'s verifier, the lowerings) and aborts for
    /// a type without one, so `#[mlir_type]` requires it beside the two
    /// element markers.
    DataLayout,
}

/// The size in bits of a value of a type (`DataLayoutTypeInterface`).
pub type SizeInBitsHook = for<'c> fn(melior::ir::Type<'c>) -> u64;

/// The `size_in_bits` of one type of a Rust dialect that declares
/// `DataLayoutTypeInterface`. `#[mlir_type]` submits it.
#[doc(hidden)]
pub struct TypeSizeRegistration {
    /// The type's definition (its address).
    pub definition: fn() -> *const (),
    /// The hook.
    pub size_in_bits: SizeInBitsHook,
}

inventory::collect!(TypeSizeRegistration);

/// The bridge's `typeSizeInBits`: the type's hook, its panic an error.
pub(super) unsafe extern "C" fn type_size_in_bits(
    definition: *const std::ffi::c_void,
    ty: mlir_sys::MlirType,
    bits: *mut u64,
    on_error: mlir_sys::MlirStringCallback,
    user_data: *mut std::ffi::c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<super::TypeDefinition>() };
    let address = (def as *const super::TypeDefinition).cast::<()>();
    let Some(hook) = inventory::iter::<TypeSizeRegistration>
        .into_iter()
        .find(|r| std::ptr::eq((r.definition)(), address))
        .map(|r| r.size_in_bits)
    else {
        return false;
    };
    // SAFETY: a valid type, borrowed for the call.
    match crate::ffi::trap_hook(|| hook(unsafe { melior::ir::Type::from_raw(ty) })) {
        Ok(size) => {
            // SAFETY: the bridge's out parameter.
            unsafe { *bits = size };
            true
        }
        Err(panic) => {
            let message = format!(
                "`size_in_bits` (DataLayoutTypeInterface) of `{}` panicked: {panic}; its size \
                 is taken as 0",
                def.type_name
            );
            if let Some(on_error) = on_error {
                // SAFETY: the bridge's callback, with its user data.
                unsafe { on_error(crate::ffi::string_ref(&message), user_data) };
            }
            false
        }
    }
}

/// The name of the values of a type (`OpAsmTypeInterface::getAsmName`).
pub type AsmNameHook = for<'c> fn(melior::ir::Type<'c>) -> String;

/// The `asm_name` of one type of a Rust dialect that declares
/// `OpAsmTypeInterface(asm_name)`. `#[mlir_type]` submits it.
#[doc(hidden)]
pub struct TypeAsmNameRegistration {
    /// The type's definition (its address).
    pub definition: fn() -> *const (),
    /// The hook.
    pub asm_name: AsmNameHook,
}

inventory::collect!(TypeAsmNameRegistration);

/// The bridge's `typeAsmName`: the type's hook, its panic an error.
pub(super) unsafe extern "C" fn type_asm_name(
    definition: *const std::ffi::c_void,
    ty: mlir_sys::MlirType,
    on_name: mlir_sys::MlirStringCallback,
    name_data: *mut std::ffi::c_void,
    on_error: mlir_sys::MlirStringCallback,
    error_data: *mut std::ffi::c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<super::TypeDefinition>() };
    let address = (def as *const super::TypeDefinition).cast::<()>();
    let Some(hook) = inventory::iter::<TypeAsmNameRegistration>
        .into_iter()
        .find(|r| std::ptr::eq((r.definition)(), address))
        .map(|r| r.asm_name)
    else {
        return true;
    };
    // SAFETY: a valid type, borrowed for the call.
    match crate::ffi::trap_hook(|| hook(unsafe { melior::ir::Type::from_raw(ty) })) {
        Ok(name) => {
            if let Some(on_name) = on_name {
                // SAFETY: the bridge's callback, with its user data; it
                // copies the name.
                unsafe { on_name(crate::ffi::string_ref(&name), name_data) };
            }
            true
        }
        Err(panic) => {
            // Printing cannot fail: the values keep MLIR's names (the text
            // still parses back), and the count lets the tool fail, as for
            // a printer that panicked.
            super::asm::count_print_failure();
            let message = format!(
                "`asm_name` (OpAsmTypeInterface) of `{}` panicked: {panic}; its values keep \
                 MLIR's names",
                def.type_name
            );
            if let Some(on_error) = on_error {
                // SAFETY: the bridge's callback, with its user data.
                unsafe { on_error(crate::ffi::string_ref(&message), error_data) };
            }
            false
        }
    }
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
            TypeInterface::AsmNameMethod => I::MlirPassBridgeTypeInterfaceOpAsm.0,
            TypeInterface::DataLayout => I::MlirPassBridgeTypeInterfaceDataLayout.0,
        };
    }
    (bits, asm_name)
}
