//! Types of a Rust dialect (ODS's `TypeDef`): `!toy.struct<f64, tensor<2xf64>>`.
//!
//! A type's parameters are attributes (a type parameter is a `TypeAttr`,
//! printed as the type itself), checked against the declared parameters and
//! by the type's own verifier; its syntax is `!ns.name<param, ...>`. The
//! bridge registers each as an MLIR dynamic type of the dialect, so types
//! are uniqued by MLIR and compare by identity, as C++ types do.

use melior::ir::{attribute::AttributeLike, Attribute, Type, TypeLike};
use mlir_sys as sys;

use super::{
    asm::ParseError,
    constraint::AttrConstraint,
    param::AttrParameter,
    syntax::{format::ParamSyntax, AsmParser, AsmPrinter},
    DialectDefinition,
};
use crate::ffi::{append_to_string, bridge, string_ref};

/// A parameter of a type or an attribute of a Rust dialect.
#[derive(Clone, Copy, Debug)]
pub struct TypeParamDef {
    /// Its name in the accessors and the docs.
    pub name: &'static str,
    /// The attributes it accepts (`TypeAttr` for a type).
    pub constraint: AttrConstraint,
    /// Any number of parameters (only the last may be variadic).
    pub variadic: bool,
    /// Its Rust type's name in parse errors (`u32`).
    pub type_name: &'static str,
    /// Reads it in a format ([`AttrParameter::parse`]).
    pub parse: ParamParseHook,
    /// Writes it in a format ([`AttrParameter::print`]).
    pub print: ParamPrintHook,
    /// Writes it where a format writes `qualified($name)`
    /// ([`AttrParameter::print_qualified`]).
    pub print_qualified: ParamPrintHook,
    /// Whether a format may leave it out: an `Option<T>`
    /// ([`AttrParameter::OPTIONAL`]) or a parameter with a default.
    pub optional: bool,
    /// What a format that leaves it out gives it, and the value a format
    /// does not print: the default of `#[param(default = ...)]` (ODS's
    /// `DefaultValuedParameter`), or an `Option`'s `None`.
    pub default: Option<ParamDefaultHook>,
}

/// Reads one parameter and returns the attribute storing it.
pub type ParamParseHook = for<'c> fn(&mut AsmParser<'c>) -> Result<Attribute<'c>, ParseError>;
/// The attribute storing a parameter's default value.
pub type ParamDefaultHook = for<'c> fn(&'c melior::Context) -> Attribute<'c>;
/// Writes the parameter stored in an attribute.
pub type ParamPrintHook = for<'c, 'p> fn(Attribute<'c>, &mut AsmPrinter<'p>);

/// The parameter `name` of type `P`, as `#[mlir_type]` and `#[mlir_attr]`
/// declare it.
pub const fn param_def<P: AttrParameter>(name: &'static str, variadic: bool) -> TypeParamDef {
    TypeParamDef {
        name,
        constraint: P::CONSTRAINT,
        variadic,
        type_name: P::TYPE_NAME,
        parse: P::parse,
        print: P::print,
        print_qualified: P::print_qualified,
        optional: P::OPTIONAL,
        default: if P::OPTIONAL {
            Some(super::param::absent_option)
        } else {
            None
        },
    }
}

/// The parameter `name` of type `P` with a default value (stored by
/// `default`), as `#[param(default = ...)]` declares it: a format may
/// leave it out, and leaves it out when it has that value.
pub const fn param_def_with_default<P: AttrParameter>(
    name: &'static str,
    default: ParamDefaultHook,
) -> TypeParamDef {
    TypeParamDef {
        optional: true,
        default: Some(default),
        ..param_def::<P>(name, false)
    }
}

/// Verifies a type's parameters beyond their constraints.
pub type TypeVerifyHook = for<'c> fn(&[Attribute<'c>]) -> Result<(), String>;

/// What a type's `verify` can take: the typed parameters that
/// `#[mlir_type(..., verifier)]` generates (`PairTypeParams<'_>`, one field
/// per `#[param]`, typed as the accessors return them), or the parameters
/// as attributes (`&[Attribute<'_>]`, the form before the typed one).
#[diagnostic::on_unimplemented(
    message = "a type's `verify` cannot take `{Self}`",
    label = "`verify` takes the parameters, with no `self`",
    note = "write `fn verify(params: MyTypeParams<'_>) -> Result<(), String>` (the `{{Type}}Params` that `#[mlir_type(..., verifier)]` generates) or `fn verify(params: &[Attribute<'_>]) -> Result<(), String>`"
)]
pub trait TypeVerifyParams<'c>: Sized {
    /// The parameters in this form; `None` when one does not read as its
    /// constraint's value (the constraints were checked before, so only a
    /// constraint whose `from_attribute` refuses what it accepts).
    fn from_params(params: &'c [Attribute<'c>]) -> Option<Self>;
}

impl<'c> TypeVerifyParams<'c> for &'c [Attribute<'c>] {
    fn from_params(params: &'c [Attribute<'c>]) -> Option<Self> {
        Some(params)
    }
}

/// Calls a type's `verify` with its parameters in the form it takes.
#[doc(hidden)]
pub fn call_type_verifier<'c, P: TypeVerifyParams<'c>>(
    verify: fn(P) -> Result<(), String>,
    params: &'c [Attribute<'c>],
) -> Result<(), String> {
    match P::from_params(params) {
        Some(params) => verify(params),
        None => Err(
            "the type's parameters do not read as their constraints' values (a constraint's \
             `from_attribute` refuses what its `CONSTRAINT` accepts)"
                .to_owned(),
        ),
    }
}

/// Everything a declared type is: `#[mlir_type]` writes one as a `static`.
#[derive(Debug)]
pub struct TypeDefinition {
    /// The name without the namespace (`struct`).
    pub name: &'static str,
    /// The Rust type that declared it.
    pub type_name: &'static str,
    /// One line, from the doc comment.
    pub summary: &'static str,
    /// The rest of the doc comment.
    pub description: &'static str,
    /// The parameters.
    pub params: &'static [TypeParamDef],
    /// The type's own verifier, after the constraints.
    pub verify: Option<TypeVerifyHook>,
    /// How it is written after its name.
    pub syntax: ParamSyntax,
}

/// One type of a dialect in the global list. `#[mlir_type]` submits one.
#[doc(hidden)]
pub struct TypeRegistration {
    /// The dialect.
    pub dialect: fn() -> &'static DialectDefinition,
    /// The type.
    pub ty: fn() -> &'static TypeDefinition,
}

inventory::collect!(TypeRegistration);

/// Every type of `dialect` linked into the program, sorted by name.
pub(crate) fn types_of(dialect: &'static DialectDefinition) -> Vec<&'static TypeDefinition> {
    let mut types: Vec<&'static TypeDefinition> = inventory::iter::<TypeRegistration>
        .into_iter()
        .filter(|r| std::ptr::eq((r.dialect)(), dialect))
        .map(|r| (r.ty)())
        .collect();
    types.sort_by(|a, b| a.name.cmp(b.name).then(a.type_name.cmp(b.type_name)));
    types
}

/// Checks `params` against the parameters `defs` of the type or attribute
/// `name`, then its verifier: ODS's wording for a refused parameter.
pub(crate) fn check_params(
    name: &str,
    defs: &[TypeParamDef],
    verify: Option<TypeVerifyHook>,
    params: &[Attribute<'_>],
) -> Result<(), String> {
    let fixed = defs.iter().filter(|p| !p.variadic).count();
    let variadic = defs.last().is_some_and(|p| p.variadic);
    if params.len() < fixed || (!variadic && params.len() != fixed) {
        return Err(format!(
            "'{}' takes {}{} parameter{}, but got {}",
            name,
            if variadic { "at least " } else { "" },
            fixed,
            if fixed == 1 { "" } else { "s" },
            params.len()
        ));
    }
    for (index, value) in params.iter().enumerate() {
        let def = &defs[index.min(defs.len() - 1)];
        if !def.constraint.accepts(value.to_raw()) {
            return Err(format!(
                "parameter #{index} ('{}') of '{}' must be {}, but got {value}",
                def.name, name, def.constraint
            ));
        }
    }
    match verify {
        Some(verify) => verify(params),
        None => Ok(()),
    }
}

impl TypeDefinition {
    /// Checks `params` against the declared parameters, then the type's
    /// verifier: ODS's wording for a refused parameter.
    pub fn check(&self, params: &[Attribute<'_>]) -> Result<(), String> {
        check_params(self.name, self.params, self.verify, params)
    }
}

/// A typed handle on a type of a Rust dialect: `#[mlir_type]` implements
/// it for the struct it turns into a handle (`StructType<'c>`).
pub trait DialectType<'c>: Copy + Sized {
    /// The type's definition.
    fn definition() -> &'static TypeDefinition;

    /// The dialect's namespace.
    fn namespace() -> &'static str;

    /// Wraps `ty` without checking what it is.
    ///
    /// # Safety
    /// `ty` is of this kind.
    unsafe fn from_type_unchecked(ty: Type<'c>) -> Self;

    /// The type.
    fn to_type(&self) -> Type<'c>;

    /// `ty` as this kind of type, if it is one.
    fn cast(ty: Type<'c>) -> Option<Self> {
        // SAFETY: a valid type.
        let is = unsafe {
            bridge::mlirPassBridgeRustTypeIs(
                ty.to_raw(),
                string_ref(Self::namespace()),
                string_ref(Self::definition().name),
            )
        };
        // SAFETY: checked.
        is.then(|| unsafe { Self::from_type_unchecked(ty) })
    }

    /// The type with these parameters, after its verifier. The dialect must
    /// be loaded in the context (a pass that names it in `dialects = [...]`
    /// has it).
    fn get(context: &'c melior::Context, params: &[Attribute<'c>]) -> Result<Self, String> {
        let ty = get_type(context, Self::namespace(), Self::definition(), params)?;
        // SAFETY: made as this kind.
        Ok(unsafe { Self::from_type_unchecked(ty) })
    }

    /// The parameters.
    fn params(&self) -> Vec<Attribute<'c>> {
        params(self.to_type())
    }
}

/// The parameters of a type of a Rust dialect (none for another type).
pub fn params(ty: Type<'_>) -> Vec<Attribute<'_>> {
    let mut raw: *const sys::MlirAttribute = std::ptr::null();
    // SAFETY: a valid type; the parameters live in the context.
    let n = unsafe { bridge::mlirPassBridgeRustTypeParams(ty.to_raw(), &mut raw) };
    (0..n.max(0) as usize)
        // SAFETY: `n` attributes at `raw`.
        .map(|i| unsafe { Attribute::from_raw(*raw.add(i)) })
        .collect()
}

/// `!namespace.name<params>` in `context`.
pub(crate) fn get_type<'c>(
    context: &'c melior::Context,
    namespace: &str,
    definition: &TypeDefinition,
    params: &[Attribute<'c>],
) -> Result<Type<'c>, String> {
    definition.check(params)?;
    let raw: Vec<sys::MlirAttribute> = params.iter().map(|p| p.to_raw()).collect();
    let mut error = String::new();
    // SAFETY: a valid context and attributes; the callback appends to
    // `error`.
    let ty = unsafe {
        bridge::mlirPassBridgeRustTypeGet(
            context.to_raw(),
            string_ref(namespace),
            string_ref(definition.name),
            raw.as_ptr(),
            raw.len() as isize,
            Some(append_to_string),
            (&mut error as *mut String).cast(),
        )
    };
    if ty.ptr.is_null() {
        Err(error)
    } else {
        // SAFETY: a type of the context.
        Ok(unsafe { Type::from_raw(ty) })
    }
}

/// The bridge's `verifyType` callback.
pub(super) unsafe extern "C" fn verify_type(
    definition: *const std::ffi::c_void,
    params: *const sys::MlirAttribute,
    num_params: isize,
    on_error: sys::MlirStringCallback,
    user_data: *mut std::ffi::c_void,
) -> bool {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<TypeDefinition>() };
    let result = crate::ffi::trap_hook(|| {
        // SAFETY: `num_params` valid attributes, alive for the call.
        let params: Vec<Attribute<'_>> = (0..num_params.max(0) as usize)
            .map(|i| unsafe { Attribute::from_raw(*params.add(i)) })
            .collect();
        def.check(&params)
    });
    let message = match result {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(panic) => format!("the verifier of type `{}` panicked: {panic}", def.type_name),
    };
    if let Some(on_error) = on_error {
        // SAFETY: the bridge's callback, with its user data.
        unsafe { on_error(string_ref(&message), user_data) };
    }
    false
}
