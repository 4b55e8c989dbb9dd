//! Aliases of types and attributes (C++'s `OpAsmDialectInterface::getAlias`
//! and ODS's `genMnemonicAlias`): the printer writes `!fixed = !calc.fixed<16>`
//! at the top of its output and `!fixed` wherever the type appears.
//!
//! A dialect gets an alias hook with `#[mlir_dialect(alias = f)]` (asked
//! for every type and attribute the printer meets, its own and others', as
//! C++'s dialect interfaces are), and a type or an attribute of its own an
//! alias of every value with `#[mlir_type(alias = "fixed")]` (an
//! overridable alias, as ODS's `genMnemonicAlias`; the hook is asked
//! first). MLIR makes names unique (`!fixed`, `!fixed1`) and adds `_` to a
//! name that ends in a digit.

use std::ffi::{c_void, CString};

use melior::ir::{Attribute, Type};
use mlir_sys as sys;

use super::DialectDefinition;
use crate::ffi::bridge;

/// An alias a hook gives (C++'s `AliasResult` with the name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Alias {
    /// C++'s `OverridableAlias`: a dialect asked after this one may give
    /// another.
    Overridable(String),
    /// C++'s `FinalAlias`: no dialect is asked after this one.
    Final(String),
}

impl Alias {
    /// The name.
    pub fn name(&self) -> &str {
        match self {
            Alias::Overridable(name) | Alias::Final(name) => name,
        }
    }
}

/// What the printer asks an alias for.
#[derive(Clone, Copy, Debug)]
pub enum AliasTarget<'c> {
    /// A type (`!alias = ...`).
    Type(Type<'c>),
    /// An attribute (`#alias = ...`).
    Attribute(Attribute<'c>),
}

/// A dialect's alias hook (`#[mlir_dialect(alias = f)]`): the alias of a
/// type or an attribute, or `None`.
pub type AliasHook = for<'c> fn(AliasTarget<'c>) -> Option<Alias>;

/// A dialect's alias hook in the global list. `#[mlir_dialect(alias =
/// f)]` submits one.
#[doc(hidden)]
pub struct AliasHookRegistration {
    /// The dialect.
    pub dialect: fn() -> &'static DialectDefinition,
    /// The hook.
    pub hook: AliasHook,
}

inventory::collect!(AliasHookRegistration);

/// The alias of every value of a type or an attribute of a Rust dialect
/// (`#[mlir_type(alias = "...")]`).
#[doc(hidden)]
pub struct DefAliasRegistration {
    /// The dialect.
    pub dialect: fn() -> &'static DialectDefinition,
    /// The type's or the attribute's definition (its address).
    pub definition: fn() -> *const (),
    /// The alias.
    pub name: &'static str,
}

inventory::collect!(DefAliasRegistration);

/// Whether `dialect` has aliases: a hook or an aliased type or attribute.
pub(super) fn has_aliases(dialect: &'static DialectDefinition) -> bool {
    inventory::iter::<AliasHookRegistration>
        .into_iter()
        .any(|r| std::ptr::eq((r.dialect)(), dialect))
        || inventory::iter::<DefAliasRegistration>
            .into_iter()
            .any(|r| std::ptr::eq((r.dialect)(), dialect))
}

/// Why `name` cannot be an alias, if it cannot: MLIR reads an alias as
/// `#name` or `!name`, a letter or `_` then letters, digits, `_`, `$` or
/// `-` (MLIR would silently rewrite other characters, and asserts on an
/// empty name).
pub fn check_alias_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if first_ok && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '-')) {
        Ok(())
    } else {
        Err(format!(
            "{name:?} is not an alias name: an alias starts with a letter or `_`, then \
             letters, digits, `_`, `$` or `-`"
        ))
    }
}

/// The bridge's alias hook: asks the dialect's Rust hook, then the alias
/// of the dialect's own type or attribute. A panic or a bad name is an
/// error diagnostic (and a counted print failure), and no alias.
pub(super) unsafe extern "C" fn alias_hook(
    user_data: *const c_void,
    attr: sys::MlirAttribute,
    ty: sys::MlirType,
    definition: *const c_void,
    write: sys::MlirStringCallback,
    write_data: *mut c_void,
) -> bridge::MlirPassBridgeAliasKind {
    use bridge::MlirPassBridgeAliasKind as K;
    // SAFETY: the bridge hands back the `&'static DialectDefinition` it was
    // given.
    let dialect = unsafe { &*user_data.cast::<DialectDefinition>() };
    // SAFETY: one of the two is a valid handle of a live context.
    let (target, context) = unsafe {
        if attr.ptr.is_null() {
            (
                AliasTarget::Type(Type::from_raw(ty)),
                sys::mlirTypeGetContext(ty),
            )
        } else {
            (
                AliasTarget::Attribute(Attribute::from_raw(attr)),
                sys::mlirAttributeGetContext(attr),
            )
        }
    };
    let report = |message: String| {
        super::asm::count_print_failure();
        let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
        // SAFETY: a live context; MLIR copies the message.
        unsafe {
            sys::mlirEmitError(sys::mlirLocationUnknownGet(context), message.as_ptr());
        }
    };
    let mut answer = None;
    for registration in inventory::iter::<AliasHookRegistration> {
        if !std::ptr::eq((registration.dialect)(), dialect) {
            continue;
        }
        match crate::ffi::trap_hook(|| (registration.hook)(target)) {
            Ok(Some(alias)) => {
                answer = Some(alias);
                break;
            }
            Ok(None) => {}
            Err(panic) => {
                report(format!(
                    "the alias hook of dialect '{}' panicked: {panic}",
                    dialect.namespace
                ));
                return K::MlirPassBridgeAliasNone;
            }
        }
    }
    if answer.is_none() && !definition.is_null() {
        answer = inventory::iter::<DefAliasRegistration>
            .into_iter()
            .find(|r| std::ptr::eq((r.definition)(), definition.cast()))
            .map(|r| Alias::Overridable(r.name.to_owned()));
    }
    let Some(alias) = answer else {
        return K::MlirPassBridgeAliasNone;
    };
    if let Err(error) = check_alias_name(alias.name()) {
        report(format!(
            "the alias hook of dialect '{}' gave no alias: {error}",
            dialect.namespace
        ));
        return K::MlirPassBridgeAliasNone;
    }
    if let Some(write) = write {
        // SAFETY: the bridge's callback and data, alive for the call.
        unsafe { write(crate::ffi::string_ref(alias.name()), write_data) };
    }
    match alias {
        Alias::Overridable(_) => K::MlirPassBridgeAliasOverridable,
        Alias::Final(_) => K::MlirPassBridgeAliasFinal,
    }
}
