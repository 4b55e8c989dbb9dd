//! Attributes of a Rust dialect (ODS's `AttrDef`): `#index<cmp_predicate
//! slt>`, `#calc.range<0, 16>`.
//!
//! An attribute's parameters are stored as attributes, checked against the
//! declared parameters and by the attribute's own verifier; its syntax is
//! `#ns.name<param, ...>` or the declared format. The bridge registers
//! each as an MLIR dynamic attribute of the dialect, so attributes are
//! uniqued by MLIR and compare by identity, as C++ attributes do. An op's
//! attribute of this kind is printed in the op's format without its name,
//! as ODS prints it (`index.cmp slt(%a, %b)`).

use melior::ir::{attribute::AttributeLike, Attribute};
use mlir_sys as sys;

use super::{
    syntax::format::ParamSyntax,
    types::{check_params, TypeParamDef, TypeVerifyHook},
    DialectDefinition,
};
use crate::ffi::{append_to_string, bridge, string_ref};

/// Everything a declared attribute is: `#[mlir_attr]` writes one as a
/// `static`.
#[derive(Debug)]
pub struct AttrDefinition {
    /// The name without the namespace (`cmp_predicate`).
    pub name: &'static str,
    /// The Rust type that declared it.
    pub type_name: &'static str,
    /// One line, from the doc comment.
    pub summary: &'static str,
    /// The rest of the doc comment.
    pub description: &'static str,
    /// The parameters.
    pub params: &'static [TypeParamDef],
    /// The attribute's own verifier, after the parameters' constraints.
    pub verify: Option<TypeVerifyHook>,
    /// How it is written after its name.
    pub syntax: ParamSyntax,
    /// Its dialect.
    pub dialect: fn() -> &'static DialectDefinition,
    /// The parameter that is the attribute's type (a [`TypeParam`]
    /// marked `#[param(self_type)]`, ODS's `AttributeSelfTypeParameter`):
    /// the attribute is a `TypedAttr`, written with ` : type` after it
    /// (`#complex.number<:f64 1.0, 0.0> : complex<f64>`).
    ///
    /// [`TypeParam`]: super::TypeParam
    pub self_type: Option<u32>,
}

impl AttrDefinition {
    /// Checks `params` against the declared parameters, then the
    /// attribute's verifier.
    pub fn check(&self, params: &[Attribute<'_>]) -> Result<(), String> {
        check_params(self.name, self.params, self.verify, params)
    }
}

/// One attribute of a dialect in the global list. `#[mlir_attr]` submits
/// one.
#[doc(hidden)]
pub struct AttrRegistration {
    /// The attribute.
    pub attr: fn() -> &'static AttrDefinition,
}

inventory::collect!(AttrRegistration);

/// Every attribute of `dialect` linked into the program, sorted by name.
pub(crate) fn attrs_of(dialect: &'static DialectDefinition) -> Vec<&'static AttrDefinition> {
    let mut attrs: Vec<&'static AttrDefinition> = inventory::iter::<AttrRegistration>
        .into_iter()
        .map(|r| (r.attr)())
        .filter(|a| std::ptr::eq((a.dialect)(), dialect))
        .collect();
    attrs.sort_by(|a, b| a.name.cmp(b.name).then(a.type_name.cmp(b.type_name)));
    attrs
}

/// A typed handle on an attribute of a Rust dialect: `#[mlir_attr]`
/// implements it for the struct it turns into a handle.
pub trait DialectAttr<'c>: Copy + Sized {
    /// The attribute's definition.
    fn definition() -> &'static AttrDefinition;

    /// Wraps `attr` without checking what it is.
    ///
    /// # Safety
    /// `attr` is of this kind.
    unsafe fn from_attribute_unchecked(attr: Attribute<'c>) -> Self;

    /// The attribute.
    fn to_attribute(&self) -> Attribute<'c>;

    /// `attr` as this kind of attribute, if it is one.
    fn cast(attr: Attribute<'c>) -> Option<Self> {
        let def = Self::definition();
        // SAFETY: a valid attribute.
        let is = unsafe {
            bridge::mlirPassBridgeRustAttrIs(
                attr.to_raw(),
                string_ref((def.dialect)().namespace),
                string_ref(def.name),
            )
        };
        // SAFETY: checked.
        is.then(|| unsafe { Self::from_attribute_unchecked(attr) })
    }

    /// The attribute with these parameters, after its verifier. The
    /// dialect must be loaded in the context.
    fn get(context: &'c melior::Context, params: &[Attribute<'c>]) -> Result<Self, String> {
        let attr = get_attr(context, Self::definition(), params)?;
        // SAFETY: made as this kind.
        Ok(unsafe { Self::from_attribute_unchecked(attr) })
    }

    /// The parameters.
    fn params(&self) -> Vec<Attribute<'c>> {
        params(self.to_attribute())
    }
}

/// The parameters of an attribute of a Rust dialect (none for another
/// attribute).
pub fn params(attr: Attribute<'_>) -> Vec<Attribute<'_>> {
    let mut raw: *const sys::MlirAttribute = std::ptr::null();
    // SAFETY: a valid attribute; the parameters live in the context.
    let n = unsafe { bridge::mlirPassBridgeRustAttrParams(attr.to_raw(), &mut raw) };
    (0..n.max(0) as usize)
        // SAFETY: `n` attributes at `raw`.
        .map(|i| unsafe { Attribute::from_raw(*raw.add(i)) })
        .collect()
}

/// `#namespace.name<params>` in `context`.
pub(crate) fn get_attr<'c>(
    context: &'c melior::Context,
    definition: &AttrDefinition,
    params: &[Attribute<'c>],
) -> Result<Attribute<'c>, String> {
    definition.check(params)?;
    let raw: Vec<sys::MlirAttribute> = params.iter().map(|p| p.to_raw()).collect();
    let mut error = String::new();
    // SAFETY: a valid context and attributes; the callback appends to
    // `error`.
    let attr = unsafe {
        bridge::mlirPassBridgeRustAttrGet(
            context.to_raw(),
            string_ref((definition.dialect)().namespace),
            string_ref(definition.name),
            raw.as_ptr(),
            raw.len() as isize,
            Some(append_to_string),
            (&mut error as *mut String).cast(),
        )
    };
    if attr.ptr.is_null() {
        Err(error)
    } else {
        // SAFETY: an attribute of the context.
        Ok(unsafe { Attribute::from_raw(attr) })
    }
}

/// The definition of `attr` when it is an attribute of a Rust dialect.
pub fn definition_of_attr(attr: Attribute<'_>) -> Option<&'static AttrDefinition> {
    // SAFETY: a valid attribute.
    let def = unsafe { bridge::mlirPassBridgeRustAttrDefinition(attr.to_raw()) };
    // SAFETY: the bridge hands back the `&'static AttrDefinition` it was
    // given.
    (!def.is_null()).then(|| unsafe { &*def.cast::<AttrDefinition>() })
}
