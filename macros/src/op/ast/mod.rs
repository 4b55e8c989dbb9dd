//! The model of an op: the attribute's keys and the struct's fields, read
//! once into the op's parts (operands, results, attributes, regions,
//! successors, each with its constraint type) and traits. It keeps the
//! user's syn nodes so that later errors point at the user's tokens.
//!
//! Reading reports what cannot be modelled (a field with no role or two, a
//! variadic attribute, an unknown trait, an upstream interface it does not
//! implement; the trait and interface lists are read in `traits.rs`); the
//! rules across parts, traits and interfaces are `valid/`'s.

use proc_macro2::Span;
use quote::ToTokens;
use syn::{
    ext::IdentExt, Fields, GenericArgument, Ident, Item, ItemStruct, LitStr, Path, PathArguments,
    Type,
};

use super::attr::{self as op_attr, InterfaceParam, OpArgs, Role};

mod traits;
use crate::{
    attr::{keys, Key},
    ctxt::Ctxt,
    item_attrs,
};
use traits::{imply_symbol, read_interfaces, read_traits};

/// How many values (regions, successors) a part holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly one: `T`.
    Single,
    /// Zero or one: `Optional<T>`.
    Optional,
    /// Any number: `Variadic<T>`.
    Variadic,
}

/// One part of the op: a field of the struct, or one the `Symbol` trait
/// adds.
pub struct Part {
    /// The field's name, as written: the accessor's and the builder
    /// parameter's name.
    pub ident: Ident,
    /// The name in MLIR (the format's `$name`, the attribute's key).
    pub name: String,
    /// The field's type as written, where errors about it point.
    pub ty: Type,
    /// The constraint: the type inside `Variadic`/`Optional`.
    pub constraint: Type,
    /// How many it holds.
    pub arity: Arity,
    /// The field's doc comment.
    pub doc: String,
    /// An attribute's `#[attr(default = "...")]`.
    pub default: Option<LitStr>,
}

impl Part {
    /// An attribute that may be absent: `Optional<T>` or with a default.
    pub fn is_optional_attr(&self) -> bool {
        self.arity == Arity::Optional || self.default.is_some()
    }
}

keys! {
    /// A trait of `traits = [...]`: the runtime's `dialect::Trait`, with
    /// the names ODS users may write by habit.
    pub enum TraitKind {
        /// `Pure`.
        Pure = "Pure" | "NoSideEffect",
        /// `NoMemoryEffect`.
        NoMemoryEffect = "NoMemoryEffect" | "NoMemoryEffects" | "MemoryEffects",
        /// `AlwaysSpeculatable`.
        AlwaysSpeculatable = "AlwaysSpeculatable" | "AlwaysSpeculatableImplTrait",
        /// `IsTerminator`.
        IsTerminator = "IsTerminator" | "Terminator",
        /// `NoTerminator`.
        NoTerminator = "NoTerminator",
        /// `HasParent("toy.func")`.
        HasParent = "HasParent" | "ParentOneOf",
        /// `IsolatedFromAbove`.
        IsolatedFromAbove = "IsolatedFromAbove",
        /// `SameOperandsAndResultType`.
        SameOperandsAndResultType = "SameOperandsAndResultType",
        /// `SameOperandsAndResultShape`.
        SameOperandsAndResultShape = "SameOperandsAndResultShape",
        /// `SameTypeOperands`.
        SameTypeOperands = "SameTypeOperands",
        /// `Commutative`.
        Commutative = "Commutative",
        /// `ConstantLike`.
        ConstantLike = "ConstantLike",
        /// `SingleBlock`.
        SingleBlock = "SingleBlock" | "SingleBlockImplicitTerminator",
        /// `ZeroRegions`.
        ZeroRegions = "ZeroRegions" | "NoRegions",
        /// `Symbol`.
        Symbol = "Symbol" | "SymbolOpInterface",
        /// `SymbolTable`.
        SymbolTable = "SymbolTable",
        /// `AttrSizedOperandSegments`.
        AttrSizedOperandSegments = "AttrSizedOperandSegments",
        /// `AttrSizedResultSegments`.
        AttrSizedResultSegments = "AttrSizedResultSegments",
        /// `ReturnLike`.
        ReturnLike = "ReturnLike",
        /// `AllTypesMatch(lhs, rhs, result)`.
        AllTypesMatch = "AllTypesMatch",
        /// `AllElementTypesMatch(x, y)`.
        AllElementTypesMatch = "AllElementTypesMatch",
        /// `AllShapesMatch(x, y)`.
        AllShapesMatch = "AllShapesMatch",
        /// `AllRanksMatch(x, y)`.
        AllRanksMatch = "AllRanksMatch",
        /// `TypesMatchWith("summary", lhs, rhs, Transform)`.
        TypesMatchWith = "TypesMatchWith",
    }
}

/// One trait as read.
pub struct OpTrait {
    /// Which trait.
    pub kind: TraitKind,
    /// Its name as written.
    pub ident: Ident,
    /// `HasParent`'s op names (and, for any other trait, arguments it
    /// should not have, reported by `valid.rs`).
    pub args: Option<Vec<LitStr>>,
    /// The arguments of the traits that name the op's parts, as written.
    pub exprs: Option<Vec<syn::Expr>>,
}

/// What an entry of `interfaces = [...]` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InterfaceKind {
    /// `CallOpInterface(callee = <attr>, arguments = <operand>)`.
    Call,
    /// `CallableOpInterface(body = <region>, type = <attr>)`.
    Callable,
    /// `FunctionOpInterface(body = <region>, type = <attr>, arg_attrs =
    /// <attr>, res_attrs = <attr>)`: a function, which is also a callable
    /// and a symbol (the `Symbol` trait is implied, as ODS implies it).
    Function,
    /// `CastOpInterface`, answered by the op's `are_cast_compatible`.
    Cast,
    /// `InferTypeOpInterface`, answered by the op's `infer_return_types`.
    InferType,
    /// `OpAsmOpInterface(result_names, block_arg_names, default_dialect =
    /// "...")`, answered by the op's `result_names` and `block_arg_names`.
    OpAsm,
    /// `InferIntRangeInterface` (or `(from_optional)`), answered by the
    /// op's `infer_result_ranges` (or `infer_result_ranges_from_optional`).
    InferIntRange,
    /// `MemoryEffectOpInterface`, answered by the op's `effects`.
    MemoryEffects,
    /// `ConditionallySpeculatable`, answered by the op's `speculatability`.
    Speculatable,
    /// `ArithFastMathInterface` (or `(attr = <field>)`): the op's fast-math
    /// flags attribute, `fastmath` unless named.
    ArithFastMath,
    /// `BranchOpInterface(dest = dest_operands, ...)`: the operand group
    /// each successor is given.
    Branch,
    /// `RegionBranchOpInterface(entry = [...], region = [...], ...)`: where
    /// control goes between the op and its regions.
    RegionBranch,
    /// A trait declared in Rust with `mlir_pass::op_interface!`, which the
    /// handle implements.
    Rust,
}

impl InterfaceKind {
    /// The upstream interfaces #[mlir_op] implements, by name.
    const UPSTREAM: &'static [(&'static str, InterfaceKind)] = &[
        ("CallOpInterface", InterfaceKind::Call),
        ("CallableOpInterface", InterfaceKind::Callable),
        ("FunctionOpInterface", InterfaceKind::Function),
        ("CastOpInterface", InterfaceKind::Cast),
        ("InferTypeOpInterface", InterfaceKind::InferType),
        ("OpAsmOpInterface", InterfaceKind::OpAsm),
        ("InferIntRangeInterface", InterfaceKind::InferIntRange),
        ("MemoryEffectOpInterface", InterfaceKind::MemoryEffects),
        ("ConditionallySpeculatable", InterfaceKind::Speculatable),
        ("ArithFastMathInterface", InterfaceKind::ArithFastMath),
        ("BranchOpInterface", InterfaceKind::Branch),
        ("RegionBranchOpInterface", InterfaceKind::RegionBranch),
    ];
}

/// One interface as read.
pub struct OpInterface {
    /// Which interface.
    pub kind: InterfaceKind,
    /// Its name or path as written, where errors about it point.
    pub path: Path,
    /// `(key = field, ...)` as written.
    pub params: Option<Vec<InterfaceParam>>,
}

impl OpInterface {
    /// The name or path as written, for messages (`CastOpInterface`,
    /// `crate::ShapeInference`).
    pub fn name(&self) -> String {
        self.path.to_token_stream().to_string().replace(' ', "")
    }
}

/// An op struct with its attribute.
pub struct OpInput<'a> {
    /// The attribute's keys.
    pub args: OpArgs,
    /// The struct as written.
    pub item: &'a ItemStruct,
    /// Operand groups, in order.
    pub operands: Vec<Part>,
    /// Result groups, in order.
    pub results: Vec<Part>,
    /// Attributes: the fields', then those the `Symbol` trait adds.
    pub attributes: Vec<Part>,
    /// Regions, in order.
    pub regions: Vec<Part>,
    /// Successors, in order.
    pub successors: Vec<Part>,
    /// The known traits, in the order written.
    pub traits: Vec<OpTrait>,
    /// The known interfaces, in the order written.
    pub interfaces: Vec<OpInterface>,
    /// Every field's name, in order (for duplicates and reserved names).
    pub fields: Vec<Ident>,
}

impl OpInput<'_> {
    /// The trait `kind`, if the op has it.
    pub fn has(&self, kind: TraitKind) -> Option<&OpTrait> {
        self.traits.iter().find(|t| t.kind == kind)
    }

    /// The struct's name.
    pub fn ident(&self) -> &Ident {
        &self.item.ident
    }

    /// The interface `kind`, if the op lists it.
    pub fn interface(&self, kind: InterfaceKind) -> Option<&OpInterface> {
        self.interfaces.iter().find(|i| i.kind == kind)
    }

    /// The part named `name` (a field's name without `r#`), with the role
    /// it has and its index among the parts of that role.
    pub fn part(&self, name: &str) -> Option<(Role, usize, &Part)> {
        [
            (Role::Operand, &self.operands),
            (Role::Result, &self.results),
            (Role::Attr, &self.attributes),
            (Role::Region, &self.regions),
            (Role::Successor, &self.successors),
        ]
        .into_iter()
        .find_map(|(role, parts)| {
            let (index, part) = parts.iter().enumerate().find(|(_, p)| p.name == name)?;
            Some((role, index, part))
        })
    }
}

impl<'a> OpInput<'a> {
    /// The model of `item`, or `None` (reported) when it is not a struct.
    pub fn from_syn(ctxt: &Ctxt, args: OpArgs, item: &'a Item) -> Option<Self> {
        let item = struct_item(ctxt, item)?;
        let traits = read_traits(ctxt, &args);
        let interfaces = read_interfaces(ctxt, &args);
        let mut input = OpInput {
            args,
            item,
            operands: Vec::new(),
            results: Vec::new(),
            attributes: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            traits,
            interfaces,
            fields: Vec::new(),
        };
        imply_symbol(&mut input.traits, &input.interfaces);
        input.read_fields(ctxt);
        input.add_symbol_attributes();
        Some(input)
    }

    /// Reads each field into the list of its role.
    fn read_fields(&mut self, ctxt: &Ctxt) {
        if let Fields::Unnamed(fields) = &self.item.fields {
            ctxt.spanned(
                fields,
                "#[mlir_op] needs named fields, one per operand, result, attribute, region or \
                 successor, as in `struct TransposeOp { #[operand] input: F64Tensor }`",
            );
            return;
        }
        for field in &self.item.fields {
            let ident = field.ident.clone().expect("named fields");
            self.fields.push(ident.clone());
            let roles = op_attr::field_roles(ctxt, &field.attrs);
            let Some(first) = roles.first() else {
                ctxt.spanned(
                    &ident,
                    format!(
                        "field `{ident}` has no role: mark it with one of {}, as in \
                         `#[operand] {ident}: AnyType`",
                        Role::list()
                    ),
                );
                continue;
            };
            for extra in &roles[1..] {
                ctxt.spanned(
                    extra.attr,
                    format!(
                        "field `{ident}` has two roles (#[{}] and #[{}]): a field is one part of \
                         the op; keep one",
                        first.role.name(),
                        extra.role.name()
                    ),
                );
            }
            let Some((arity, constraint)) = classify(ctxt, &field.ty) else {
                continue;
            };
            let name = ident.unraw().to_string();
            let what = match first.role {
                Role::Attr if arity == Arity::Variadic => Some(
                    "an attribute is not variadic: use `Optional<T>` for one that may be absent, \
                     or an array attribute (`ArrayAttr`) for many values",
                ),
                Role::Attr if arity == Arity::Optional && first.default.is_some() => Some(
                    "an attribute with a default is optional already: write `T`, not \
                     `Optional<T>`",
                ),
                Role::Region if arity == Arity::Optional => Some(
                    "a region is not optional: use `Variadic<T>` for any number of regions \
                     (ODS's VariadicRegion)",
                ),
                Role::Successor if arity == Arity::Optional => Some(
                    "a successor is not optional: use `Variadic<T>` for any number of \
                     successors (ODS's VariadicSuccessor)",
                ),
                _ => None,
            };
            if let Some(message) = what {
                ctxt.spanned(&field.ty, message);
                continue;
            }
            let part = Part {
                ident,
                name,
                ty: field.ty.clone(),
                constraint,
                arity,
                doc: item_attrs::doc_comment(&field.attrs),
                default: first.default.clone(),
            };
            match first.role {
                Role::Operand => self.operands.push(part),
                Role::Result => self.results.push(part),
                Role::Attr => self.attributes.push(part),
                Role::Region => self.regions.push(part),
                Role::Successor => self.successors.push(part),
            }
        }
    }

    /// With `Symbol`: the `sym_name` string attribute and the optional
    /// `sym_visibility` every symbol has, unless fields declare them.
    fn add_symbol_attributes(&mut self) {
        if self.has(TraitKind::Symbol).is_none() {
            return;
        }
        let str_attr: Type = syn::parse_quote!(::mlir_pass::dialect::ods::StrAttr);
        let mut added = Vec::new();
        for (name, arity, doc) in [
            (
                "sym_name",
                Arity::Single,
                "The symbol's name (the `Symbol` trait).",
            ),
            (
                "sym_visibility",
                Arity::Optional,
                "The symbol's visibility: `\"private\"`, `\"nested\"`, or public when absent \
                 (the `Symbol` trait).",
            ),
        ] {
            if self.fields.iter().any(|f| f.unraw() == name) {
                continue;
            }
            let ty: Type = match arity {
                Arity::Single => str_attr.clone(),
                _ => syn::parse_quote!(::mlir_pass::dialect::ods::Optional<#str_attr>),
            };
            added.push(Part {
                ident: Ident::new(name, Span::call_site()),
                name: name.to_owned(),
                ty,
                constraint: str_attr.clone(),
                arity,
                doc: doc.to_owned(),
                default: None,
            });
        }
        self.attributes.append(&mut added);
    }
}

/// The struct, or `None` (reported) for any other item.
fn struct_item<'a>(ctxt: &Ctxt, item: &'a Item) -> Option<&'a ItemStruct> {
    match item {
        Item::Struct(item) => return Some(item),
        Item::Enum(item) => ctxt.spanned(
            item.enum_token,
            "#[mlir_op] goes on a struct whose fields are the op's parts, not an enum",
        ),
        other => ctxt.spanned(
            other,
            "#[mlir_op] goes on a struct whose fields are the op's parts, such as `pub struct \
             TransposeOp { #[operand] input: F64Tensor, #[result] output: F64Tensor }`",
        ),
    }
    None
}

/// `Variadic<T>`, `Optional<T>` (by the last segment's name, as
/// clap_derive classifies `Option<T>`), or `T`.
pub fn classify(ctxt: &Ctxt, ty: &Type) -> Option<(Arity, Type)> {
    let Some((arity, inner)) = wrapper(ty) else {
        return Some((Arity::Single, ty.clone()));
    };
    let Some(inner) = inner else {
        ctxt.spanned(
            ty,
            format!(
                "`{}` takes one constraint type, as in `{}<AnyType>`",
                wrapper_name(arity),
                wrapper_name(arity)
            ),
        );
        return None;
    };
    if let Some((nested, _)) = wrapper(inner) {
        ctxt.spanned(
            ty,
            format!(
                "`{}<{}<...>>` cannot be nested: a part is `T`, `Optional<T>` or `Variadic<T>`",
                wrapper_name(arity),
                wrapper_name(nested)
            ),
        );
        return None;
    }
    Some((arity, inner.clone()))
}

/// `Variadic` or `Optional`.
fn wrapper_name(arity: Arity) -> &'static str {
    match arity {
        Arity::Variadic => "Variadic",
        _ => "Optional",
    }
}

/// `Some((arity, Some(T)))` for `Variadic<T>` or `Optional<T>`;
/// `Some((arity, None))` for one without a single type argument.
fn wrapper(ty: &Type) -> Option<(Arity, Option<&Type>)> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let arity = match last.ident.to_string().as_str() {
        "Variadic" => Arity::Variadic,
        "Optional" => Arity::Optional,
        _ => return None,
    };
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return Some((arity, None));
    };
    match args.args.iter().collect::<Vec<_>>()[..] {
        [GenericArgument::Type(inner)] => Some((arity, Some(inner))),
        _ => Some((arity, None)),
    }
}
