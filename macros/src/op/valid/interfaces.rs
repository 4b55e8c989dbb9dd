//! The interfaces an op declares: each once, with the parts it names
//! (`CallOpInterface(callee = .., arguments = ..)`), of the role and
//! constraint the interface needs.

use syn::ext::IdentExt;

use super::super::{
    ast::{Arity, InterfaceKind, OpInput, OpInterface, Part},
    attr::Role,
};
use crate::{ctxt::Ctxt, dialects::edit_distance};

/// The attribute constraints of `mlir_pass::dialect::ods`, by name: an
/// interface that needs one kind of attribute refuses the others (a
/// constraint of the user's own cannot be checked here).
const ODS_ATTRS: &[&str] = &[
    "I32Attr",
    "I64Attr",
    "AnyIntegerAttr",
    "IndexAttr",
    "F32Attr",
    "F64Attr",
    "StrAttr",
    "BoolAttr",
    "TypeAttr",
    "FlatSymbolRefAttr",
    "ElementsAttr",
    "F64ElementsAttr",
    "ArrayAttr",
    "DictArrayAttr",
    "DictionaryAttr",
    "AnyAttr",
    "UnitAttr",
    "SymbolRefAttr",
];

/// The last segment's name of a constraint type (`FlatSymbolRefAttr`).
fn constraint_name(part: &Part) -> Option<String> {
    match &part.constraint {
        syn::Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// One field an interface names: the key, what it must be, and the names
/// users write for the key by habit.
#[derive(Clone, Copy)]
struct InterfaceField {
    key: &'static str,
    aliases: &'static [&'static str],
    role: Role,
    /// For an attribute, the ODS constraints it may have.
    constraints: &'static [&'static str],
    /// What the field is, for messages ("a symbol reference attribute").
    what: &'static str,
    /// A field declaration to show (`#[attr] callee: FlatSymbolRefAttr`).
    example: &'static str,
    /// Whether the key may be left out; its attribute is then optional
    /// (`Optional<ArrayAttr>`, as ODS's `OptionalAttr<DictArrayAttr>`).
    optional: bool,
}

/// The body and the type of a callable (and of a function).
const CALLABLE_FIELDS: [InterfaceField; 2] = [
    InterfaceField {
        key: "body",
        aliases: &["region", "callable_region", "function_body"],
        role: Role::Region,
        constraints: &[],
        what: "a region",
        example: "#[region] body: AnyRegion",
        optional: false,
    },
    InterfaceField {
        key: "type",
        aliases: &["function_type", "ty", "signature", "type_attr"],
        role: Role::Attr,
        constraints: &["TypeAttr"],
        what: "a type attribute holding the `FunctionType`",
        example: "#[attr] function_type: TypeAttr",
        optional: false,
    },
];

/// A function's: a callable's, and the optional attribute dictionaries of
/// its arguments and results.
const FUNCTION_FIELDS: [InterfaceField; 4] = [
    CALLABLE_FIELDS[0],
    CALLABLE_FIELDS[1],
    InterfaceField {
        key: "arg_attrs",
        aliases: &["arg_attributes", "argument_attrs", "args_attrs", "arg_attr"],
        role: Role::Attr,
        constraints: &["DictArrayAttr", "ArrayAttr"],
        what: "an optional array of the arguments' attribute dictionaries",
        example: "#[attr] arg_attrs: Optional<DictArrayAttr>",
        optional: true,
    },
    InterfaceField {
        key: "res_attrs",
        aliases: &[
            "result_attrs",
            "res_attributes",
            "results_attrs",
            "res_attr",
        ],
        role: Role::Attr,
        constraints: &["DictArrayAttr", "ArrayAttr"],
        what: "an optional array of the results' attribute dictionaries",
        example: "#[attr] res_attrs: Optional<DictArrayAttr>",
        optional: true,
    },
];

/// The fields `CallOpInterface`, `CallableOpInterface` and
/// `FunctionOpInterface` name.
fn interface_fields(kind: InterfaceKind) -> &'static [InterfaceField] {
    match kind {
        InterfaceKind::Call => &[
            InterfaceField {
                key: "callee",
                aliases: &["symbol", "function", "target", "callee_attr"],
                role: Role::Attr,
                constraints: &["FlatSymbolRefAttr", "SymbolRefAttr"],
                what: "a symbol reference attribute",
                example: "#[attr] callee: FlatSymbolRefAttr",
                optional: false,
            },
            InterfaceField {
                key: "arguments",
                aliases: &["args", "operands", "inputs", "arg_operands"],
                role: Role::Operand,
                constraints: &[],
                what: "an operand group",
                example: "#[operand] inputs: Variadic<AnyType>",
                optional: false,
            },
        ],
        InterfaceKind::Callable => &CALLABLE_FIELDS,
        InterfaceKind::Function => &FUNCTION_FIELDS,
        _ => &[],
    }
}

/// `CallOpInterface(callee = callee, arguments = inputs)`, as an example.
fn interface_example(kind: InterfaceKind) -> &'static str {
    match kind {
        InterfaceKind::Call => "CallOpInterface(callee = callee, arguments = inputs)",
        InterfaceKind::Function => {
            "FunctionOpInterface(body = body, type = function_type, arg_attrs = arg_attrs, \
             res_attrs = res_attrs)"
        }
        _ => "CallableOpInterface(body = body, type = function_type)",
    }
}

/// Each interface once, with the parts it names, of the right role and
/// constraint.
pub(super) fn check_interfaces(ctxt: &Ctxt, input: &OpInput) {
    for (i, iface) in input.interfaces.iter().enumerate() {
        let name = iface.name();
        let again = input.interfaces[..i]
            .iter()
            .any(|o| o.kind == iface.kind && (o.kind != InterfaceKind::Rust || o.name() == name));
        if again {
            ctxt.spanned(&iface.path, format!("interface `{name}` is listed twice"));
            continue;
        }
        match iface.kind {
            InterfaceKind::Call | InterfaceKind::Callable => {
                check_interface_fields(ctxt, input, iface)
            }
            InterfaceKind::Function => {
                check_interface_fields(ctxt, input, iface);
                check_function(ctxt, input, iface);
            }
            InterfaceKind::Cast => {
                if iface.params.is_some() {
                    ctxt.spanned(
                        &iface.path,
                        "`CastOpInterface` takes no arguments: write `CastOpInterface`, and \
                         `fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> \
                         bool` on the op",
                    );
                }
            }
            InterfaceKind::InferType => super::infer_type::check_infer_type(ctxt, input, iface),
            InterfaceKind::OpAsm => super::asm::check_op_asm(ctxt, input, iface),
            InterfaceKind::InferIntRange => super::int_range::check_int_range(ctxt, input, iface),
            InterfaceKind::MemoryEffects | InterfaceKind::Speculatable => {
                super::effects::check_effect_interface(ctxt, input, iface)
            }
            InterfaceKind::ArithFastMath => super::fast_math::check_fast_math(ctxt, input, iface),
            InterfaceKind::Branch => super::control_flow::check_branch(ctxt, input, iface),
            InterfaceKind::RegionBranch => {
                super::control_flow::check_region_branch(ctxt, input, iface)
            }
            InterfaceKind::Rust => {
                if iface.params.is_some() {
                    ctxt.spanned(
                        &iface.path,
                        format!(
                            "`{name}` is an interface declared in Rust, and takes no arguments: \
                             write `{name}`, and `impl {name} for {}<'_> {{ ... }}`",
                            input.ident()
                        ),
                    );
                }
            }
        }
    }
}

/// The `key = field` list of a call or callable interface.
fn check_interface_fields(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    let name = iface.name();
    let fields = interface_fields(iface.kind);
    let example = interface_example(iface.kind);
    let Some(params) = &iface.params else {
        ctxt.spanned(
            &iface.path,
            format!("`{name}` names the op's parts it uses: write `{example}`"),
        );
        return;
    };
    let keys = fields
        .iter()
        .map(|f| format!("`{}`", f.key))
        .collect::<Vec<_>>()
        .join(", ");
    let mut seen: Vec<&'static str> = Vec::new();
    for param in params {
        let word = param.key.unraw().to_string();
        let Some(field) = fields.iter().find(|f| f.key == word) else {
            let guess = fields
                .iter()
                .find(|f| f.aliases.contains(&word.as_str()))
                .or_else(|| fields.iter().find(|f| edit_distance(&word, f.key) <= 2));
            let hint = guess
                .map(|f| format!("; did you mean `{}`?", f.key))
                .unwrap_or_default();
            ctxt.spanned(
                &param.key,
                format!("unknown key `{word}` in `{name}(...)`{hint} (keys: {keys})"),
            );
            // The key meant is not also missing.
            seen.extend(guess.map(|f| f.key));
            continue;
        };
        if seen.contains(&field.key) {
            ctxt.spanned(&param.key, format!("duplicate key `{word}`: give it once"));
            continue;
        }
        seen.push(field.key);
        let Some(value) = &param.field else {
            ctxt.spanned(
                &param.key,
                format!(
                    "`{word}` names {} field of the op, as in `{example}`",
                    field.what_article()
                ),
            );
            continue;
        };
        check_interface_field(ctxt, input, &name, field, value);
    }
    for field in fields
        .iter()
        .filter(|f| !f.optional && !seen.contains(&f.key))
    {
        ctxt.spanned(
            &iface.path,
            format!(
                "`{name}` needs `{} = <field>`, {}: write `{example}`",
                field.key,
                field.described()
            ),
        );
    }
}

impl InterfaceField {
    /// "an #[attr]", for "names an #[attr] field".
    fn what_article(&self) -> String {
        let article = if self.role == Role::Attr || self.role == Role::Operand {
            "an"
        } else {
            "a"
        };
        format!("{article} #[{}]", self.role.name())
    }

    /// "a symbol reference attribute (`#[attr] callee: FlatSymbolRefAttr`)".
    fn described(&self) -> String {
        format!("{} (`{}`)", self.what, self.example)
    }
}

/// `value` names a part of `field`'s role and constraint.
fn check_interface_field(
    ctxt: &Ctxt,
    input: &OpInput,
    iface: &str,
    field: &InterfaceField,
    value: &syn::Ident,
) {
    let wanted = value.unraw().to_string();
    let key = field.key;
    let Some((role, _, part)) = input.part(&wanted) else {
        let same_role: Vec<&Part> = match field.role {
            Role::Attr => input.attributes.iter().collect(),
            Role::Operand => input.operands.iter().collect(),
            _ => input.regions.iter().collect(),
        };
        let guess = same_role
            .iter()
            .map(|p| (edit_distance(&wanted, &p.name), p))
            .filter(|(d, _)| *d <= 2)
            .min_by_key(|(d, _)| *d)
            .map(|(_, p)| format!("did you mean `{}`? ", p.name))
            .or_else(|| match &same_role[..] {
                [only] => Some(format!("did you mean `{}`? ", only.name)),
                _ => None,
            })
            .unwrap_or_default();
        ctxt.spanned(
            value,
            format!(
                "`{key} = {wanted}` in `{iface}`: the op has no field `{wanted}`; {guess}`{key}` \
                 names {}",
                field.described()
            ),
        );
        return;
    };
    if role != field.role {
        ctxt.spanned(
            value,
            format!(
                "`{key} = {wanted}` in `{iface}` names the #[{}] `{wanted}`, but `{key}` is {}",
                role.name(),
                field.described()
            ),
        );
        return;
    }
    match field.role {
        Role::Attr => {
            // An attribute with a default is set on creation: always there.
            if field.optional && part.arity != Arity::Optional {
                ctxt.spanned(
                    value,
                    format!(
                        "`{key} = {wanted}` in `{iface}`: the attribute must be optional (a \
                         function without its dictionaries has none); declare it as `{}`",
                        field.example
                    ),
                );
            } else if !field.optional && part.arity == Arity::Optional {
                ctxt.spanned(
                    value,
                    format!(
                        "`{key} = {wanted}` in `{iface}`: the attribute is optional, and \
                         `{key}` must always be there; declare it as `{}`",
                        field.example
                    ),
                );
            } else if let Some(c) = constraint_name(part).filter(|c| {
                ODS_ATTRS.contains(&c.as_str()) && !field.constraints.contains(&c.as_str())
            }) {
                ctxt.spanned(
                    value,
                    format!(
                        "`{key} = {wanted}` in `{iface}` names a `{c}`, but `{key}` is {}",
                        field.described()
                    ),
                );
            }
        }
        Role::Region if part.arity == Arity::Variadic => ctxt.spanned(
            value,
            format!(
                "`{key} = {wanted}` in `{iface}` names a variadic region; the body is one \
                 region, as in `{}`",
                field.example
            ),
        ),
        _ => {}
    }
}

/// `FunctionOpInterface`: MLIR's function helpers take the body as the
/// op's first region (`getFunctionBody` is region 0), and the interface
/// gives `CallableOpInterface`, which is then not listed again.
fn check_function(ctxt: &Ctxt, input: &OpInput, iface: &OpInterface) {
    if let Some(callable) = input.interface(InterfaceKind::Callable) {
        ctxt.spanned(
            &callable.path,
            "`CallableOpInterface` is given by `FunctionOpInterface` (the same body and type): \
             remove it from `interfaces`",
        );
    }
    let body = iface
        .params
        .iter()
        .flatten()
        .find(|p| p.key.unraw() == "body")
        .and_then(|p| p.field.as_ref());
    let Some(body) = body else {
        return;
    };
    let name = body.unraw().to_string();
    if let Some((Role::Region, index, _)) = input.part(&name) {
        if index != 0 {
            ctxt.spanned(
                body,
                format!(
                    "`body = {name}` in `FunctionOpInterface`: a function's body is its first \
                     region (MLIR's `getFunctionBody` is region 0); declare `{name}` before \
                     `{}`",
                    input.regions[0].name
                ),
            );
        }
    }
}
