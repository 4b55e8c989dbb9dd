//! The `#[mlir_pass]`, `#[mlir_pipeline]`, `#[mlir_dialect]`, `#[mlir_op]`
//! and `#[mlir_type]` attributes. Use them through the `mlir-pass` crate, which re-exports them
//! and documents them.
//!
//! Every attribute runs the same steps, one file (or folder) each, as
//! thiserror's do: `ast.rs` reads the attribute (with `attr.rs`; the
//! `#[option]` helpers, doc comments and derives with `item_attrs.rs`) and
//! the struct into one model, `valid.rs` checks it, `expand.rs` prints it. Every error is
//! collected in a `Ctxt` (`ctxt.rs`); after any, `fallback.rs` prints the
//! struct and stand-in impls beside the errors, so one mistake is one error.
//! `common.rs` runs these steps for every attribute, each of which names
//! its own by implementing `common::Attribute`.
//! The pass and pipeline attributes live at the top level; `dialect/`,
//! `op/` and `typedef/` hold the dialect, op and type attributes, laid out
//! the same way (with `op/format/` for the assembly format) and sharing
//! `attr.rs`'s key tables and readers, `valid.rs`'s name rules,
//! `handle.rs`'s code around the op and type handles, and `hook.rs`'s
//! check that a method a key asks for is written.

mod ast;
mod attr;
mod common;
mod ctxt;
mod dialect;
mod dialects;
mod enumdef;
mod expand;
mod fallback;
mod handle;
mod hook;
mod item_attrs;
mod op;
mod translation;
mod typedef;
mod valid;

use crate::{ast::Kind, ctxt::Ctxt};
use proc_macro::TokenStream;

/// Turns a struct into an MLIR pass.
///
/// ```text
/// #[mlir_pass(argument = "my-pass", name = "MyPass", description = "...", op = "func.func", dialects = [func, arith])]
/// ```
///
/// | key | meaning | default |
/// | --- | --- | --- |
/// | `argument` | the name pipelines use: lowercase `[a-z0-9]` words joined by `-` | required |
/// | `name` | the pass's name | the struct's name |
/// | `description` | the pass's description; its first paragraph is the summary | the struct's doc comment |
/// | `op` | the anchor operation, such as `"func.func"` | a pass that runs on any op |
/// | `interface` | the anchor op interface instead of an operation (C++'s `InterfacePass`): `"FunctionOpInterface"`, `"SymbolOpInterface"`, `"CallableOpInterface"`, `"CallOpInterface"`, `"LoopLikeOpInterface"` or `"RegionBranchOpInterface"`; the pass runs on every operation that implements it and MLIR refuses it elsewhere | none |
/// | `dialects` | dependent dialects: upstream namespaces (`func`, `arith`, `scf`, ...), dialects declared in Rust by type (`ToyDialect`, `crate::toy::ToyDialect`), or paths to handle getters (`my_dialect::handle`) | none |
///
/// The struct implements `mlir_pass::Pass`, is `Clone + Send + Default`, and
/// is not generic. Its fields marked `#[option]` (or
/// `#[option(name = "...", description = "...", default = ...)]`) are the
/// pass's options; with a `default`, the attribute implements `Default`
/// itself in place of `#[derive(Default)]`. Each pass is collected for
/// `mlir_pass::register_all()`.
#[proc_macro_attribute]
pub fn mlir_pass(args: TokenStream, input: TokenStream) -> TokenStream {
    common::run(Kind::Pass, args.into(), input.into()).into()
}

/// Turns a struct into a named MLIR pass pipeline, as C++'s
/// `PassPipelineRegistration`.
///
/// ```text
/// #[mlir_pipeline(argument = "my-pipeline", name = "MyPipeline", description = "...")]
/// ```
///
/// The keys are those of `#[mlir_pass]` without `op`, `interface` and `dialects`. The
/// struct implements `mlir_pass::Pipeline` (whose `build` adds passes to a
/// pass manager), is `Default`, and is not generic; its `#[option]` fields
/// are the pipeline's options, read and printed as a pass's are. Each
/// pipeline is collected for `mlir_pass::register_all()`.
#[proc_macro_attribute]
pub fn mlir_pipeline(args: TokenStream, input: TokenStream) -> TokenStream {
    common::run(Kind::Pipeline, args.into(), input.into()).into()
}

/// Turns a unit struct into an MLIR dialect declared in Rust.
///
/// ```text
/// #[mlir_dialect(name = "toy", dependent_dialects = [func, arith], materialize_constant = materialize)]
/// ```
///
/// | key | meaning | default |
/// | --- | --- | --- |
/// | `name` | the namespace, which starts every op name: one lowercase word of `[a-z0-9_]`, not an upstream dialect's | required |
/// | `summary` | one line | the doc comment's first paragraph |
/// | `description` | the dialect's description | the rest of the doc comment |
/// | `dependent_dialects` | upstream dialects loaded with it, by namespace (`func`, `arith`, ...) | none |
/// | `materialize_constant` | a function of type `mlir_pass::dialect::MaterializeHook` that builds the op holding a folded constant (C++'s `materializeConstant`) | none |
/// | `alias` | a function of type `mlir_pass::dialect::AliasHook` (C++'s `OpAsmDialectInterface::getAlias`): the alias of a type or an attribute the printer meets, any dialect's, as `Alias::Overridable(name)` or `Alias::Final(name)` (`!fixed = !calc.fixed<16>` at the top); a panic or a name MLIR cannot read back is an error diagnostic and no alias | none |
///
/// The struct stays as written and implements `mlir_pass::dialect::Dialect`.
/// Its ops are the structs `#[mlir_op(dialect = ToyDialect, ...)]` names it
/// in; a pass loads it by naming the type in `dialects = [ToyDialect]`.
/// Each dialect (with its ops) is collected for registration.
///
/// ```rust,ignore
/// use mlir_pass::dialect::ods::{AnyType, F64Attr, F64Tensor, I64Attr, Optional, SizedRegion1, Variadic};
/// use mlir_pass::dialect::{mlir_dialect, mlir_op, FoldResult};
/// use mlir_pass::melior::ir::Attribute;
///
/// /// The Toy language's dialect.
/// ///
/// /// Ops on tensors of `f64`, from the MLIR tutorial.
/// #[mlir_dialect(name = "toy", dependent_dialects = [func])]
/// pub struct ToyDialect;
///
/// /// Transposes a tensor.
/// #[mlir_op(dialect = ToyDialect, name = "transpose", traits = [Pure],
///           format = "`(` $input `:` type($input) `)` attr-dict `to` type($output)",
///           verifier, folder)]
/// pub struct TransposeOp {
///     /// The tensor to transpose.
///     #[operand]
///     input: F64Tensor,
///     #[result]
///     output: F64Tensor,
/// }
///
/// impl<'a> TransposeOp<'a> {
///     fn verify(&self) -> Result<(), String> {
///         Ok(())
///     }
///
///     // One single result: `Option`; otherwise `Vec<FoldResult<'a>>`.
///     fn fold(&self, _operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>> {
///         None
///     }
/// }
///
/// /// Adds tensors; the sizes of the two groups are stored in the op.
/// #[mlir_op(dialect = ToyDialect, name = "add_all", traits = [Pure, AttrSizedOperandSegments])]
/// pub struct AddAllOp {
///     #[operand]
///     lhs: Variadic<F64Tensor>,
///     #[operand]
///     rhs: Variadic<F64Tensor>,
///     #[operand]
///     bias: Optional<AnyType>,
///     #[attr(default = "1 : i64")]
///     scale: I64Attr,
///     #[attr]
///     factor: Optional<F64Attr>,
///     #[result]
///     sum: F64Tensor,
/// }
///
/// /// A function of the dialect.
/// #[mlir_op(dialect = ToyDialect, name = "func", traits = [Symbol, IsolatedFromAbove])]
/// pub struct FuncOp {
///     #[region]
///     body: SizedRegion1,
/// }
///
/// // In a pass: `if let Some(t) = TransposeOp::cast(&op) { t.input() }`,
/// // `FuncOp::build(location, sym_name, None, region)` builds one.
/// ```
#[proc_macro_attribute]
pub fn mlir_dialect(args: TokenStream, input: TokenStream) -> TokenStream {
    common::run(dialect::DialectAttribute, args.into(), input.into()).into()
}

/// Turns a struct whose fields are an op's parts into a typed handle on
/// that op, as ODS turns a TableGen record into `TransposeOp`.
///
/// ```text
/// #[mlir_op(dialect = ToyDialect, name = "transpose", traits = [Pure, HasParent("toy.func")],
///           format = "$input attr-dict `:` type($input) `to` type($output)",
///           verifier, region_verifier, folder, canonicalizer)]
/// ```
///
/// | key | meaning | default |
/// | --- | --- | --- |
/// | `dialect` | the dialect's type, declared with `#[mlir_dialect]` | required |
/// | `name` | the op's name without the namespace: lowercase `[a-z0-9_]` words, dots allowed between them | required |
/// | `traits` | MLIR traits: `Pure`, `NoMemoryEffect`, `AlwaysSpeculatable`, `IsTerminator`, `NoTerminator`, `HasParent("toy.func", ...)`, `IsolatedFromAbove`, `SameOperandsAndResultType`, `SameOperandsAndResultShape`, `SameTypeOperands`, `Commutative`, `ConstantLike`, `SingleBlock`, `ZeroRegions`, `Symbol`, `SymbolTable`, `AttrSizedOperandSegments`, `AttrSizedResultSegments`, `ReturnLike` | none |
/// | `format` | the declarative assembly format, in ODS's language, checked at compile time | the generic form |
/// | `summary` | one line | the doc comment's first paragraph |
/// | `description` | the op's description | the rest of the doc comment |
/// | `verifier` | the op has `fn verify(&self) -> Result<(), String>` | none |
/// | `region_verifier` | the op has `fn verify_regions(&self) -> Result<(), String>`, run once its regions are verified | none |
/// | `folder` | the op has `fn fold(&self, operands: &[Option<Attribute<'a>>]) -> Option<FoldResult<'a>>` (one single result) or `-> Vec<FoldResult<'a>>` | none |
/// | `canonicalizer` | the op has `fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder` | none |
/// | `canonicalize_method` | the op has `fn canonicalize(op: Self, rewriter: &PatternRewriter<'_>) -> MatchResult` (ODS's `hasCanonicalizeMethod`), one canonicalization pattern of benefit 1, added before those of `canonicalizer` | none |
/// | `custom_assembly` | hand-written syntax (ODS's `hasCustomAssemblyFormat`): the op has `fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError>` and `fn print(&self, printer: &mut OpPrinter<'_>)`; not with `format` | the generic form |
/// | `interfaces` | op interfaces, see below | none |
///
/// `interfaces = [...]` lists:
/// - `CallOpInterface(callee = <#[attr] field>, arguments = <#[operand] field>)`:
///   a call; the callee is a `FlatSymbolRefAttr` (or `SymbolRefAttr`), the
///   arguments an operand group (typically `Variadic<AnyType>`);
/// - `CallableOpInterface(body = <#[region] field>, type = <#[attr] field>)`:
///   a callable (with the dialect's `inliner`, `inline` inlines calls to
///   it); the type is a `TypeAttr` holding a `FunctionType`;
/// - `FunctionOpInterface(body = <#[region] field>, type = <#[attr] field>,
///   arg_attrs = <#[attr] field>, res_attrs = <#[attr] field>)`: a function
///   (`func.func`'s interface), which is also a callable and a symbol (it
///   gives `CallableOpInterface` from the same body and type, and implies
///   the `Symbol` trait, as ODS does); the body is the op's first region;
///   `arg_attrs` and `res_attrs`, optional keys, name
///   `Optional<DictArrayAttr>` attributes (ODS's
///   `OptionalAttr<DictArrayAttr>`), without which the dictionaries are
///   kept in discardable `arg_attrs`/`res_attrs` attributes. MLIR's function
///   verifier runs on the op, a pass anchored on the interface
///   (`#[mlir_pass(interface = "FunctionOpInterface")]`) runs on it, and a
///   hand-written printer's `printer.function(..)` prints the argument and
///   result attributes as `func.func` does;
/// - `CastOpInterface`: the op has `fn are_cast_compatible(inputs: &[Type<'_>],
///   outputs: &[Type<'_>]) -> bool`;
/// - `InferTypeOpInterface`: the op has `fn infer_return_types<'c>(input:
///   &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String>`; a format may
///   then leave the result types out, and MLIR's verifier checks them
///   against the inferred ones;
/// - `InferTypeOpInterface(from_constraints)`: the same without a method,
///   each result's type following from the op's constraints as in the
///   `inferReturnTypes` ODS generates: a buildable type (`Index`, `I1`,
///   `I32`, `F32`...), the first operand's under `SameOperandsAndResultType`,
///   or an operand's, typed attribute's or other result's through
///   `AllTypesMatch` and `TypesMatchWith` (with its transform); answered in
///   C++. Every result must be a single value whose type these give;
/// - `ArithFastMathInterface` (or `(attr = <#[attr] field>)`): the op's
///   fast-math flags, a `FastMathFlagsAttr` named `fastmath` unless named;
/// - the path of any other trait, declared with `mlir_pass::op_interface!`
///   and implemented by the handle (`impl ShapeInference for
///   TransposeOp<'_>`): `<dyn ShapeInference>::get(&op)` gives the op as
///   the interface.
///
/// `SymbolOpInterface` comes with the `Symbol` trait, and the side-effect
/// and speculation interfaces with `Pure`, `NoMemoryEffect` and
/// `AlwaysSpeculatable`.
///
/// Each field is one part, marked with its role; its type is the
/// constraint (`mlir_pass::dialect::ods`), its doc comment the accessor's:
///
/// | field | type | accessor | builder parameter |
/// | --- | --- | --- | --- |
/// | `#[operand] x: T` | `T`, `Optional<T>`, `Variadic<T>` (`T: TypeConstraintDef`) | `Value<'a, 'a>`, `Option<..>`, `Vec<..>` | `Value<'c, '_>`, `Option<..>`, `&[..]` |
/// | `#[result] x: T` | as operands | as operands | `Type<'c>`, `Option<..>`, `Vec<..>` |
/// | `#[attr] x: T` | `T`, `Optional<T>` (`T: AttrConstraintDef`) | `T::Value<'a>`, `Option<..>` | `T::Value<'c>`, `Option<..>` |
/// | `#[attr(default = "0 : i64")] x: T` | `T` | `Option<T::Value<'a>>` | `Option<T::Value<'c>>` (`None`: the default) |
/// | `#[region] x: T` | `T`, `Variadic<T>` (`T: RegionConstraintDef`), variadic last | `RegionRef<'a, 'a>`, `Vec<..>` | `Region<'c>`, `Vec<..>` |
/// | `#[successor] x: T` | `T`, `Variadic<T>` (`T: SuccessorConstraintDef`), variadic last | `BlockRef<'a, 'a>`, `Vec<..>` | `&Block<'c>`, `&[&Block<'c>]` |
///
/// A default is the attribute in MLIR's syntax, as `mlir-opt` would read
/// it: `"7"` or `"7 : i64"` for an `I64Attr`, `"7 : i32"` for an `I32Attr`
/// (MLIR reads a bare integer as an `i64`), `"1.0"` for an `F64Attr`,
/// `"1.0 : f32"`, `"true"`, `"\"text\""` for a `StrAttr`. For the `ods`
/// kinds whose syntax is small (integers, floats, bools, strings, `unit`,
/// symbol references, arrays, dictionaries), a default MLIR would refuse
/// is a compile error at the string. Any other (a `TypeAttr`, dense
/// elements, `AnyAttr`, a constraint of your own) is parsed when the
/// dialect is loaded into a context; if it does not parse, the dialect is
/// not loaded: `mlir_pass::dialect::load` returns an error naming the op,
/// the attribute, the text and MLIR's message (a diagnostic says the same
/// when IR loads the dialect by name), and the op refuses to verify.
///
/// An op name is unique in its dialect: a second op of the same name in
/// the module is a compile error at its `name`, naming both ops; in
/// another module, the dialect is not registered, with an error naming
/// both.
///
/// The struct becomes `#[derive(Clone, Copy)] struct TransposeOp<'a>`, a
/// handle on one operation that keeps the struct's doc comment, visibility
/// and attributes, but not its derives. It implements
/// `mlir_pass::dialect::Op<'a>` (`TransposeOp::cast(&op)`,
/// `.operation()`), `Display` (the op in MLIR's syntax) and `Debug`, and
/// has:
/// - one accessor per field, named after it; accessors assume verified IR
///   and panic, naming the op and the part, when a part is missing;
/// - `TransposeOp::build(location, results..., operands..., attributes...,
///   regions..., successors...) -> Operation<'c>`, which does not verify
///   the op (MLIR's verifier does), sets the segment sizes the
///   `AttrSized*Segments` traits ask for, and with
///   `SameOperandsAndResultType` and a single operand takes the result
///   types from it (no result parameters);
/// - `TransposeOp::adaptor(&self, operands: &'o [Value<'c, 'a>]) ->
///   TransposeOpAdaptor<'o, 'c, 'a>`, ODS's `Adaptor`: the operand groups
///   by name, read from a list given apart from the op, such as an
///   `OpConversionPattern`'s remapped operands (`adaptor.input()` is a
///   `Value<'c, 'a>`, `Option<..>` for `Optional`, `&'o [..]` for
///   `Variadic`; `operands()` the whole list unless a group is named so).
///   The group bounds come from the length of the list, or with
///   `AttrSizedOperandSegments` from the op's `operandSegmentSizes`. The
///   adaptor struct has the op's visibility.
///
/// With the `Symbol` trait, the `sym_name` string attribute and the
/// optional `sym_visibility` are declared unless fields declare them. A
/// verifier, folder or canonicalizer is a method on the handle, checked
/// where its key is written. Each op is collected for registration with its
/// dialect. See [`macro@mlir_dialect`] for an example.
#[proc_macro_attribute]
pub fn mlir_op(args: TokenStream, input: TokenStream) -> TokenStream {
    common::run(op::OpAttribute, args.into(), input.into()).into()
}

/// Turns a struct whose fields are a type's parameters into a typed handle
/// on that type of a dialect declared in Rust, as ODS turns a `TypeDef`
/// into `StructType`: `!toy.pair<i64, f64>`.
///
/// ```text
/// #[mlir_type(dialect = ToyDialect, name = "pair", verifier)]
/// ```
///
/// | key | meaning | default |
/// | --- | --- | --- |
/// | `dialect` | the dialect's type, declared with `#[mlir_dialect]` | required |
/// | `name` | the type's name without `!` and the namespace: one lowercase word of `[a-z0-9_]` | required |
/// | `summary` | one line | the doc comment's first paragraph |
/// | `description` | the type's description | the rest of the doc comment |
/// | `alias` | the alias of every value (ODS's `genMnemonicAlias`): `alias = "fixed"` prints `!fixed = !calc.fixed<16>` at the top and `!fixed` (`!fixed1`, ...) wherever the type is; `alias` alone is the name; an overridable alias, asked after the dialect's `alias` hook | none |
/// | `verifier` | the type has `fn verify(params: PairTypeParams<'_>) -> Result<(), String>` (the generated `{Type}Params`, one public field per `#[param]`, typed as its accessor returns it; `&[Attribute<'_>]` is accepted too), run after the parameters' constraints whenever MLIR makes the type | none |
///
/// Every field is a parameter, marked `#[param]`, whose type is an
/// attribute constraint of `mlir_pass::dialect::ods` (`TypeAttr` for a type,
/// printed as the type itself; `I64Attr`, `StrAttr`...) or
/// `Variadic<T>` for any number of them (the last field only). The syntax
/// is `!namespace.name<param, ...>`.
///
/// The struct becomes `#[derive(Clone, Copy, PartialEq, Eq, Hash)] struct
/// PairType<'c>`, a handle on one MLIR type that keeps the struct's doc
/// comment, visibility and attributes, but not its derives. It implements
/// `mlir_pass::dialect::DialectType<'c>` (`PairType::cast(ty)`,
/// `.to_type()`), `Display` (the type in MLIR's syntax), `Debug` and
/// `From<PairType<'c>> for Type<'c>`, and has:
/// - one accessor per parameter, named after its field: `T::Value<'c>`
///   (melior's typed attribute: `TypeAttribute<'c>` for a `TypeAttr`), or
///   `Vec<T::Value<'c>>` for a variadic one;
/// - `PairType::get(context, first, second) -> Result<PairType<'c>, String>`,
///   taking `T::Value<'c>` (or `&[T::Value<'c>]`) per parameter, checked
///   by the constraints and the verifier (the error is their message).
///
/// Each type is collected for registration with its dialect (as an MLIR
/// dynamic type of it: types are uniqued and compare by identity).
///
/// ```rust,ignore
/// use mlir_pass::dialect::ods::{TypeAttr, Variadic};
/// use mlir_pass::dialect::{mlir_type, DialectType};
/// use mlir_pass::melior::ir::{attribute::TypeAttribute, Attribute};
///
/// /// A pair of values: `!toy.pair<i64, f64>`.
/// #[mlir_type(dialect = ToyDialect, name = "pair", verifier)]
/// pub struct PairType {
///     /// The first element's type.
///     #[param]
///     first: TypeAttr,
///     /// The second element's type.
///     #[param]
///     second: TypeAttr,
/// }
///
/// impl PairType<'_> {
///     /// No function types: `params.first` and `params.second` are
///     /// `TypeAttribute`s, as `first()` and `second()` return them.
///     fn verify(params: PairTypeParams<'_>) -> Result<(), String> {
///         match [params.first, params.second].iter().find(|t| t.value().is_function()) {
///             Some(f) => Err(format!("a pair holds values, not functions, but got {f}")),
///             None => Ok(()),
///         }
///     }
/// }
///
/// /// Any number of values: `!toy.tuple<i64, f64, i1>`.
/// #[mlir_type(dialect = ToyDialect, name = "tuple")]
/// pub struct TupleType {
///     #[param]
///     elements: Variadic<TypeAttr>,
/// }
///
/// // let pair = PairType::get(context, TypeAttribute::new(i64), TypeAttribute::new(f64))?;
/// // pair.first().value() is i64; PairType::cast(ty) is the checked cast.
/// ```
#[proc_macro_attribute]
pub fn mlir_type(args: TokenStream, input: TokenStream) -> TokenStream {
    common::run(typedef::TypeAttribute, args.into(), input.into()).into()
}

/// `#[mlir_pass]`'s and `#[mlir_pipeline]`'s steps, for [`common::run`].
impl common::Attribute for Kind {
    type Args = attr::Args;
    type Model<'i> = ast::Input<'i>;

    fn parse_args(&self, ctxt: &Ctxt, args: proc_macro2::TokenStream) -> Self::Args {
        attr::parse_args(ctxt, *self, args)
    }

    fn read_item<'i>(
        &self,
        ctxt: &Ctxt,
        args: Self::Args,
        item: &'i syn::Item,
    ) -> Option<Self::Model<'i>> {
        ast::Input::from_syn(ctxt, *self, args, item)
    }

    fn check(&self, ctxt: &Ctxt, model: &Self::Model<'_>) {
        valid::check(ctxt, model)
    }

    fn expand(&self, model: &Self::Model<'_>) -> proc_macro2::TokenStream {
        expand::expand(model)
    }

    fn fallback(
        &self,
        item: &syn::Item,
        model: Option<&Self::Model<'_>>,
        error: &syn::Error,
    ) -> proc_macro2::TokenStream {
        fallback::expand(*self, item, model, error)
    }
}

/// Turns a struct whose fields are an attribute's parameters into a typed
/// handle on that attribute of a dialect declared in Rust, as ODS turns an
/// `AttrDef` into a C++ attribute class: `#calc.range<0, 16>`.
///
/// ```text
/// #[mlir_attr(dialect = CalcDialect, name = "range", format = "`<` $low `,` $high `>`", verifier)]
/// ```
///
/// The keys are `#[mlir_type]`'s (`dialect`, `name`, `summary`,
/// `description`, `verifier`, `format`, `custom_assembly`, `alias`), and so are the
/// fields: each a `#[param]` whose type implements
/// `mlir_pass::dialect::AttrParameter` (an attribute constraint of
/// `mlir_pass::dialect::ods`, an integer, `bool`, `f64`, `String`,
/// `TypeParam`, an enum declared with `#[mlir_enum]`, another
/// `#[mlir_attr]`), or `Variadic<T>` (the last field only).
///
/// - `format = "..."` is ODS's declarative `assemblyFormat` of the
///   parameters: literals in backticks, `$param`, and `params` (every
///   parameter, comma-separated), each parameter exactly once, spaced as
///   ODS spaces it. `"$value"` gives `#index<cmp_predicate slt>`; `` "`<`
///   $low `,` $high `>`" `` gives `#calc.range<0, 16>`.
/// - `custom_assembly` calls `fn parse(parser: &mut AsmParser<'c>) ->
///   Result<Self, ParseError>` and `fn print(&self, printer: &mut
///   AsmPrinter<'_>)` that you write on the handle, after the name.
/// - Without either, the syntax is `#ns.name<param, ...>` with each
///   parameter written as an attribute.
///
/// The struct becomes `RangeAttr<'c>`, a `Copy` handle implementing
/// `mlir_pass::dialect::DialectAttr<'c>` (`RangeAttr::cast(attr)`,
/// `.to_attribute()`), `Display`, `Debug` and `From<RangeAttr<'c>> for
/// Attribute<'c>`, with an accessor per parameter and `RangeAttr::get(context,
/// low, high)`. It is also an `AttrParameter`: an op's attribute of this
/// type has typed accessors and builders, and an op's format writes it
/// without its name, as ODS does (`index.cmp slt(%a, %b)`).
#[proc_macro_attribute]
pub fn mlir_attr(args: TokenStream, input: TokenStream) -> TokenStream {
    common::run(typedef::AttrAttribute, args.into(), input.into()).into()
}

/// Declares a Rust enum of unit variants as an enum MLIR stores in an
/// attribute (ODS's `I32EnumAttr`/`I64EnumAttr` with its cases).
///
/// ```text
/// #[mlir_enum(width = 64, name = "CmpIPredicate", summary = "")]
/// ```
///
/// | key | meaning | default |
/// | --- | --- | --- |
/// | `width` | the storage: a 32-bit or a 64-bit signless integer | 32 |
/// | `name` | the enum's name in messages | the Rust name |
/// | `summary` | ODS's summary, the attribute constraint's description (empty: `allowed 32-bit signless integer cases: 0, 1, ...`) | the doc comment's first paragraph |
/// | `description` | the description | the rest of the doc comment |
/// | `bit` | a bit enum (ODS's `I32BitEnumAttr`/`I64BitEnumAttr`), below | off |
/// | `separator` | a bit enum's separator: what joins its cases when printed; its `\|` or `,` separates them when parsed | `"\|"` |
/// | `print_primary_groups` | ODS's `printBitEnumPrimaryGroups`: a bit enum prints a group (the last declared first) instead of its bits | off |
///
/// Each variant is a case: its value is its discriminant (`Slt = 2`, or
/// one more than the previous, from 0), its keyword `#[case("slt")]` or
/// the variant's name in snake_case. The enum gets `Clone`, `Copy`,
/// `PartialEq` and `Eq` if it does not derive them, `Display` (the
/// keyword), `FromStr`, `mlir_pass::dialect::MlirEnum` (`value`,
/// `from_value`, `keyword`, `from_keyword`: C++'s `stringifyEnum` and
/// `symbolizeEnum`) and `AttrParameter`:
/// - as an op's attribute (`#[attr] predicate: CmpPredicate`), it is an
///   integer attribute holding the value (generic form `{predicate = 2 :
///   i64}`), the accessor returns the enum, the builder takes it, and a
///   format writes the keyword (`arith.cmpi slt, ...`);
/// - as the parameter of an `#[mlir_attr]` with `format = "$value"`, it
///   makes ODS's `EnumAttr` (`#index<cmp_predicate slt>`).
///
/// With `bit`, the enum names flags (ODS's bit enum cases): each variant
/// is the none case (`None = 0`), one bit (`Nnan = 1 << 1` or `Nnan =
/// 2`) or a group of cases declared before it (`Fast = Reassoc | Nnan`);
/// the discriminants are removed (the bits are `MlirBitEnum::bits`). A
/// set of flags is `mlir_pass::dialect::Flags<E>` (`E::A | E::B`, `&`,
/// `^`, `!`, `contains`, `iter`), whose `Display` and `FromStr` are ODS's
/// `stringify` and `symbolize`; it is the op's attribute or the parameter
/// (`#[param] value: Flags<FastMath>` with `` format = "`<` $value `>`" ``
/// prints `#arith.fastmath<nnan,ninf>`'s way). The enum itself gets
/// `MlirBitEnum`, `Display` and `FromStr` of one case.
#[proc_macro_attribute]
pub fn mlir_enum(args: TokenStream, input: TokenStream) -> TokenStream {
    enumdef::run(args.into(), input.into()).into()
}

/// Registers a function as a translation of `mlir_pass::translate_main`,
/// as C++'s `TranslateFromMLIRRegistration` and
/// `TranslateToMLIRRegistration` do.
///
/// ```text
/// /// Print my format from MLIR.
/// #[mlir_translation(name = "mlir-to-my-format")]
/// fn to_my_format(op: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> { ... }
///
/// #[mlir_translation(name = "my-format-to-mlir", description = "...")]
/// fn from_my_format<'c>(input: &str, context: &'c Context) -> Result<Module<'c>, TranslationError> { ... }
/// ```
///
/// | key | meaning | default |
/// | --- | --- | --- |
/// | `name` | the flag's name, without dashes | required |
/// | `description` | what `--help` shows beside the flag | the first paragraph of the function's doc comment |
///
/// A function whose first parameter is `&str` translates text to MLIR;
/// any other, MLIR to text or bytes. The function stays as written.
#[proc_macro_attribute]
pub fn mlir_translation(args: TokenStream, input: TokenStream) -> TokenStream {
    translation::expand(args.into(), input.into()).into()
}
