//! Prints a valid op model: the typed handle that replaces the struct, the
//! `static OpDefinition`, the `Op` impl, the registration, one accessor per
//! part, the builder, `Display`/`Debug`, the hooks that call the user's
//! `verify`/`verify_regions`/`fold`/`canonicalization_patterns`/`parse`/
//! `print`/`are_cast_compatible`, and the interfaces (the parts the call
//! interfaces name, a caster per Rust interface). Nothing is
//! checked here (`valid.rs` did); constraint types and hook methods are
//! used with the user's spans, so the compiler's errors about them point at
//! the field type or the key.
//!
//! Everything but the handle (and a marker that makes two ops of one name
//! in a module collide) goes inside `const _: () = { ... };`, with absolute
//! paths and `__`-prefixed aliases, so nothing leaks into the user's
//! namespace and nothing there shadows the user's names.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::{ext::IdentExt, spanned::Spanned, Ident};

use super::{
    ast::{Arity, InterfaceKind, OpInput, Part, TraitKind},
    format::{self, Element, Target},
    valid,
};
use crate::{
    attr::{self, Key},
    handle,
    hook::missing_method,
};

/// The handle and everything generated for it.
pub fn expand(input: &OpInput) -> TokenStream {
    let dialect = input
        .args
        .dialect
        .as_ref()
        .expect("valid.rs requires `dialect`");
    let marker = input.args.name.as_ref().and_then(|name| {
        handle::name_marker("op", dialect, name, &name.value().replace('.', "__"))
    });
    let definition = definition(input);
    let hooks = hook_fns(input);
    let op_impl = op_impl(
        input,
        quote!(&__MLIR_OP_DEFINITION),
        quote!(__dialect_definition().namespace),
    );
    let methods = methods(input, false);
    let common = common_impls(input);
    let builder_helpers = builder_helpers();
    let field_types = handle::field_types(input.item);

    let items = quote! {
        #hooks
        #builder_helpers
        #field_types

        static __MLIR_OP_DEFINITION: __dialect::OpDefinition = #definition;

        fn __op_definition() -> &'static __dialect::OpDefinition {
            &__MLIR_OP_DEFINITION
        }

        #op_impl
        #common
        #methods

        __mp::inventory::submit! {
            __dialect::OpRegistration {
                dialect: __dialect_definition,
                op: __op_definition,
            }
        }
    };
    handle::expand(handle_struct(input), marker, dialect, items)
}

/// `Op` for the handle, with these bodies for `definition` and
/// `namespace` (the fallback's are `unimplemented!()`).
pub fn op_impl(input: &OpInput, definition: TokenStream, namespace: TokenStream) -> TokenStream {
    let ident = input.ident();
    quote! {
        impl<'a> __dialect::Op<'a> for #ident<'a> {
            fn definition() -> &'static __dialect::OpDefinition {
                #definition
            }

            fn namespace() -> &'static str {
                #namespace
            }

            unsafe fn from_operation_unchecked(op: ::mlir_pass::OperationRef<'a>) -> Self {
                Self { op }
            }

            fn operation(&self) -> ::mlir_pass::OperationRef<'a> {
                self.op
            }
        }
    }
}

/// The struct as a handle: the user's attributes (doc comments included)
/// less derives, the user's visibility and name, one field.
pub fn handle_struct(input: &OpInput) -> TokenStream {
    let item = input.item;
    let attrs = item.attrs.iter().filter(|a| !a.path().is_ident("derive"));
    let vis = &item.vis;
    let ident = &item.ident;
    let adaptor = adaptor_struct(input);
    quote! {
        #(#attrs)*
        #[derive(::core::clone::Clone, ::core::marker::Copy)]
        #vis struct #ident<'a> {
            op: ::mlir_pass::OperationRef<'a>,
        }

        #adaptor
    }
}

/// The name of the op's adaptor: `AddOpAdaptor` for `AddOp`.
fn adaptor_ident(input: &OpInput) -> Ident {
    format_ident!("{}Adaptor", input.ident().unraw())
}

/// `AddOpAdaptor<'o, 'c, 'a>`, ODS's `AddOp::Adaptor`: the op's operand
/// groups read from a list of values given apart from the op (a conversion
/// pattern's remapped operands), with the group bounds found when it is
/// made (`AddOp::adaptor`).
fn adaptor_struct(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let adaptor = adaptor_ident(input);
    let vis = &input.item.vis;
    let n = input.operands.len();
    let doc = format!(
        "The operands of a `{ident}` by name, read from a list of values given apart from \
         the op, such as a conversion pattern's remapped operands (ODS's `{ident}::Adaptor`). \
         Made by `{ident}::adaptor`."
    );
    quote! {
        #[doc = #doc]
        #[derive(::core::clone::Clone, ::core::marker::Copy)]
        #vis struct #adaptor<'o, 'c, 'a> {
            operands: &'o [::mlir_pass::melior::ir::Value<'c, 'a>],
            groups: [(usize, usize); #n],
        }
    }
}

/// `adaptor` on the handle and the adaptor's accessors; with `stub`,
/// their bodies are `unimplemented!()` (for the fallback).
fn adaptor_methods(input: &OpInput, stub: bool) -> (TokenStream, TokenStream) {
    let adaptor = adaptor_ident(input);
    let parts = &input.operands;
    let layout = layout(
        parts,
        input
            .has(TraitKind::AttrSizedOperandSegments)
            .map(|_| "operandSegmentSizes"),
    );
    let count = quote!(__count);
    let ranges = (0..parts.len()).map(|i| range(&layout, parts, i, &count));
    let value = quote!(__melior::ir::Value<'c, 'a>);
    let stubbed = |body: TokenStream| {
        if stub {
            quote!(::core::unimplemented!())
        } else {
            body
        }
    };
    let body = stubbed(quote! {
        let #count = operands.len();
        #adaptor { operands, groups: [#(#ranges),*] }
    });
    let doc = format!(
        "The operands of this op's kind by name, read from `operands` rather than from the op \
         (a conversion pattern's remapped operands): `{adaptor}`. The group bounds are the \
         op's{}.",
        if matches!(layout, Layout::Segments(_)) {
            " (its `operandSegmentSizes`)"
        } else {
            ", found from the length of `operands`"
        }
    );
    let constructor = quote! {
        #[doc = #doc]
        #[allow(unused_variables)]
        pub fn adaptor<'o, 'c, 'v>(
            &self,
            operands: &'o [__melior::ir::Value<'c, 'v>],
        ) -> #adaptor<'o, 'c, 'v> {
            #body
        }
    };
    let mut accessors = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if stub && stub_skips(input, part) {
            continue;
        }
        let (ty, body) = match part.arity {
            Arity::Single => (value.clone(), quote!(self.operands[self.groups[#i].0])),
            Arity::Optional => (
                quote!(::core::option::Option<#value>),
                quote! {
                    let (__start, __len) = self.groups[#i];
                    if __len == 0 { ::core::option::Option::None } else { ::core::option::Option::Some(self.operands[__start]) }
                },
            ),
            Arity::Variadic => (
                quote!(&'o [#value]),
                quote! {
                    let (__start, __len) = self.groups[#i];
                    &self.operands[__start..__start + __len]
                },
            ),
        };
        let ty = quote!(#ty);
        let accessor = accessor(part, "operand", ty, body, stub);
        accessors.push(accessor);
    }
    // A group named `operands` keeps its name; the whole list is then
    // that group's or the caller's own.
    let all = (!parts.iter().any(|p| p.name == "operands")).then(|| {
        quote! {
            /// Every operand, as given to `adaptor`.
            pub fn operands(&self) -> &'o [#value] {
                self.operands
            }
        }
    });
    let allow = stub.then(|| quote!(#[allow(unused_variables, clippy::all)]));
    let adaptor_impl = quote! {
        #allow
        impl<'o, 'c, 'a> #adaptor<'o, 'c, 'a> {
            #(#accessors)*
            #all
        }
    };
    (constructor, adaptor_impl)
}

/// The `OpDefinition` literal.
fn definition(input: &OpInput) -> TokenStream {
    let args = &input.args;
    let name = args
        .name
        .as_ref()
        .expect("valid.rs requires `name`")
        .value();
    let type_name = input.ident().to_string();
    let (summary, description) = attr::summary_and_description(
        &input.item.attrs,
        args.summary.as_ref(),
        args.description.as_ref(),
    );

    let operands = input.operands.iter().map(|p| {
        let (name, arity) = (&p.name, arity(p.arity));
        let constraint = type_constraint(p);
        quote!(__dialect::OperandDef { name: #name, arity: #arity, constraint: #constraint })
    });
    let results = input.results.iter().map(|p| {
        let (name, arity) = (&p.name, arity(p.arity));
        let constraint = type_constraint(p);
        quote!(__dialect::ResultDef { name: #name, arity: #arity, constraint: #constraint })
    });
    let attributes = input.attributes.iter().map(|p| {
        let name = &p.name;
        let c = &p.constraint;
        let constraint = quote_spanned! {c.span()=>
            <#c as __dialect::ods::AttrConstraintDef>::CONSTRAINT
        };
        let optional = p.is_optional_attr();
        let default = option(p.default.as_ref().map(|d| d.value()));
        quote! {
            __dialect::AttributeDef {
                name: #name,
                constraint: #constraint,
                optional: #optional,
                default: #default,
            }
        }
    });
    let regions = input.regions.iter().map(|p| {
        let name = &p.name;
        let c = &p.constraint;
        let max_blocks = quote_spanned! {c.span()=>
            <#c as __dialect::ods::RegionConstraintDef>::MAX_BLOCKS
        };
        let variadic = p.arity == Arity::Variadic;
        quote!(__dialect::RegionDef { name: #name, max_blocks: #max_blocks, variadic: #variadic })
    });
    let successors = input.successors.iter().map(|p| {
        let name = &p.name;
        let c = &p.constraint;
        // The kind has no data; the block checks the bound at the type.
        let variadic = p.arity == Arity::Variadic;
        quote_spanned! {c.span()=>
            __dialect::SuccessorDef {
                name: {
                    const fn __successor<T: __dialect::ods::SuccessorConstraintDef>() {}
                    __successor::<#c>();
                    #name
                },
                variadic: #variadic,
            }
        }
    });
    let traits = input.traits.iter().map(|t| {
        let variant = Ident::new(t.kind.name(), t.ident.span());
        match &t.args {
            Some(parents) if t.kind == TraitKind::HasParent => {
                quote!(__dialect::Trait::#variant(&[#(#parents),*]))
            }
            _ => quote!(__dialect::Trait::#variant),
        }
    });
    let (format, format_source) = match &args.format {
        Some(lit) => {
            let elements = format::parse(&lit.value(), &valid::shape(input))
                .expect("valid.rs checked the format");
            let elements = elements.iter().map(format_element);
            let source = lit.value();
            (
                quote!(::core::option::Option::Some(&[#(#elements),*])),
                quote!(::core::option::Option::Some(#source)),
            )
        }
        None => (
            quote!(::core::option::Option::None),
            quote!(::core::option::Option::None),
        ),
    };
    let hook = |key: &Option<Ident>, f: &str| match key {
        Some(_) => {
            let f = Ident::new(f, Span::call_site());
            quote!(::core::option::Option::Some(#f))
        }
        None => quote!(::core::option::Option::None),
    };
    let verify = hook(&args.verifier, "__verify");
    let verify_regions = hook(&args.region_verifier, "__verify_regions");
    let fold = hook(&args.folder, "__fold");
    let canonicalize = hook(&args.canonicalizer, "__canonicalize");
    let parse = hook(&args.custom_assembly, "__parse");
    let print = hook(&args.custom_assembly, "__print");
    let interfaces = interfaces(input);

    quote! {
        __dialect::OpDefinition {
            name: #name,
            type_name: #type_name,
            summary: #summary,
            description: #description,
            operands: &[#(#operands),*],
            results: &[#(#results),*],
            attributes: &[#(#attributes),*],
            regions: &[#(#regions),*],
            successors: &[#(#successors),*],
            traits: &[#(#traits),*],
            format: #format,
            format_source: #format_source,
            hooks: __dialect::OpHooks {
                verify: #verify,
                verify_regions: #verify_regions,
                fold: #fold,
                canonicalize: #canonicalize,
                parse: #parse,
                print: #print,
            },
            interfaces: #interfaces,
        }
    }
}

/// The `OpInterfaces` literal: the indices of the parts the call
/// interfaces name, the cast hook, one `InterfaceEntry` per Rust interface
/// (their functions are `rust_interfaces`').
fn interfaces(input: &OpInput) -> TokenStream {
    let index = |kind: InterfaceKind, key: &str| -> u32 {
        let iface = input.interface(kind).expect("listed");
        let field = iface
            .params
            .iter()
            .flatten()
            .find(|p| p.key.unraw() == key)
            .and_then(|p| p.field.as_ref())
            .expect("valid.rs checked the keys");
        let (_, index, _) = input
            .part(&field.unraw().to_string())
            .expect("valid.rs checked the fields");
        index as u32
    };
    let call = option(
        input
            .interface(InterfaceKind::Call)
            .map(|_| {
                (
                    index(InterfaceKind::Call, "callee"),
                    index(InterfaceKind::Call, "arguments"),
                )
            })
            .map(|(c, a)| quote!((#c, #a))),
    );
    let callable = option(
        input
            .interface(InterfaceKind::Callable)
            .map(|_| {
                (
                    index(InterfaceKind::Callable, "body"),
                    index(InterfaceKind::Callable, "type"),
                )
            })
            .map(|(r, t)| quote!((#r, #t))),
    );
    let cast = option(
        input
            .interface(InterfaceKind::Cast)
            .map(|_| quote!(__are_cast_compatible)),
    );
    let infer_types = option(
        input
            .interface(InterfaceKind::InferType)
            .map(|_| quote!(__infer_return_types)),
    );
    let rust = rust_interface_indices(input).map(|n| {
        let id = format_ident!("__interface_id_{}", n);
        let caster = format_ident!("__INTERFACE_CASTER_{}", n);
        quote!(__dialect::InterfaceEntry { id: #id, caster: &#caster })
    });
    quote! {
        __dialect::OpInterfaces {
            call: #call,
            callable: #callable,
            cast: #cast,
            infer_types: #infer_types,
            rust: &[#(#rust),*],
        }
    }
}

/// The positions of the Rust interfaces in `interfaces = [...]`, which
/// name their generated items.
fn rust_interface_indices<'i>(input: &'i OpInput) -> impl Iterator<Item = usize> + 'i {
    input
        .interfaces
        .iter()
        .enumerate()
        .filter(|(_, i)| i.kind == InterfaceKind::Rust)
        .map(|(n, _)| n)
}

/// For each Rust interface `P`: its `TypeId` getter, and its caster (the
/// op wrapped in the handle, boxed as `dyn P`), behind a bound that is an
/// error at `P`, saying what to write, when the handle does not implement
/// it.
fn rust_interfaces(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let mut out = TokenStream::new();
    for n in rust_interface_indices(input) {
        let iface = &input.interfaces[n];
        let path = &iface.path;
        let name = iface.name();
        let implements = format_ident!("__Implements{}", n);
        let boxed = format_ident!("__boxed_{}", n);
        let caster = format_ident!("__interface_caster_{}", n);
        let caster_static = format_ident!("__INTERFACE_CASTER_{}", n);
        let id = format_ident!("__interface_id_{}", n);
        let message = format!("`{ident}` lists the interface `{name}` but does not implement it");
        let label = format!("`{ident}<'_>` does not implement `{name}`");
        let note = format!(
            "write `impl {name} for {ident}<'_> {{ ... }}`, or remove `{name}` from `interfaces`"
        );
        let at_path = Ident::new(&ident.to_string(), path.span());
        let call = quote_spanned! {path.span()=>
            #boxed::<#at_path<'b>>(op)
        };
        out.extend(quote! {
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            trait #implements: #path {}

            impl<T: ?::core::marker::Sized + #path> #implements for T {}

            fn #boxed<'b, T: #implements + 'b>(op: T) -> ::std::boxed::Box<dyn #path + 'b> {
                ::std::boxed::Box::new(op)
            }

            fn #caster<'b>(op: ::mlir_pass::OperationRef<'b>) -> ::std::boxed::Box<dyn #path + 'b> {
                // SAFETY: the runtime hands an op only the casters its own
                // definition registered.
                let op = unsafe { <#ident<'b> as __dialect::Op<'b>>::from_operation_unchecked(op) };
                #call
            }

            static #caster_static: for<'b> fn(
                ::mlir_pass::OperationRef<'b>,
            ) -> ::std::boxed::Box<dyn #path + 'b> = #caster;

            fn #id() -> ::core::any::TypeId {
                ::core::any::TypeId::of::<dyn #path>()
            }
        });
    }
    out
}

/// `<T as TypeConstraintDef>::CONSTRAINT`, at the type.
fn type_constraint(part: &Part) -> TokenStream {
    let c = &part.constraint;
    quote_spanned! {c.span()=>
        <#c as __dialect::ods::TypeConstraintDef>::CONSTRAINT
    }
}

/// `Arity::Single`...
fn arity(arity: Arity) -> TokenStream {
    match arity {
        Arity::Single => quote!(__dialect::Arity::Single),
        Arity::Optional => quote!(__dialect::Arity::Optional),
        Arity::Variadic => quote!(__dialect::Arity::Variadic),
    }
}

/// `Some(value)` or `None`.
fn option(value: Option<impl ToTokens>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

/// One `FormatElement`.
fn format_element(element: &Element) -> TokenStream {
    let target = |t: &Target| match *t {
        Target::Operand(i) => quote!(__dialect::format::TypeTarget::Operand(#i)),
        Target::Operands => quote!(__dialect::format::TypeTarget::Operands),
        Target::Result(i) => quote!(__dialect::format::TypeTarget::Result(#i)),
        Target::Results => quote!(__dialect::format::TypeTarget::Results),
    };
    let e = quote!(__dialect::format::FormatElement);
    match element {
        Element::Literal(text) => quote!(#e::Literal(#text)),
        Element::Operand(i) => quote!(#e::Operand(#i)),
        Element::Operands => quote!(#e::Operands),
        Element::Attribute(i) => quote!(#e::Attribute(#i)),
        Element::Type(t) => {
            let t = target(t);
            quote!(#e::Type(#t))
        }
        Element::FunctionalType(a, b) => {
            let (a, b) = (target(a), target(b));
            quote!(#e::FunctionalType(#a, #b))
        }
        Element::AttrDict => quote!(#e::AttrDict),
        Element::AttrDictWithKeyword => quote!(#e::AttrDictWithKeyword),
        Element::Region(i) => quote!(#e::Region(#i)),
        Element::Regions => quote!(#e::Regions),
        Element::Successor(i) => quote!(#e::Successor(#i)),
        Element::Successors => quote!(#e::Successors),
        Element::OptionalGroup { anchor, len } => {
            quote!(#e::OptionalGroup { anchor: #anchor, len: #len })
        }
    }
}

/// The hook functions the definition points to, each calling the user's
/// method through the handle. The call is spanned at the key, so a missing
/// or mistyped method is reported there.
fn hook_fns(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let args = &input.args;
    let cast = quote! {
        // SAFETY: MLIR calls an op's hooks on ops of that kind only.
        let op = unsafe { <#ident<'_> as __dialect::Op<'_>>::from_operation_unchecked(op) };
    };
    let result = quote!(::core::result::Result<(), ::std::string::String>);
    let mut out = TokenStream::new();
    for (key, hook, method) in [
        (&args.verifier, "__verify", "verify"),
        (&args.region_verifier, "__verify_regions", "verify_regions"),
    ] {
        let Some(key) = key else { continue };
        out.extend(missing_method(
            ident,
            key,
            method,
            &format!("fn {method}(&self) -> Result<(), String>"),
            quote!((&self) -> #result),
        ));
        let hook = Ident::new(hook, Span::call_site());
        let method = Ident::new(method, key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        let call = quote_spanned! {key.span()=>
            let result: #result = <#at_key<'_>>::#method(&op);
        };
        out.extend(quote! {
            fn #hook(op: ::mlir_pass::OperationRef<'_>) -> #result {
                #cast
                #call
                result
            }
        });
    }
    if let Some(key) = &args.folder {
        let (folded, written) = if single_result(input) {
            (
                quote!(::core::option::Option<__dialect::FoldResult<'a>>),
                "Option<FoldResult<'a>>",
            )
        } else {
            (
                quote!(::std::vec::Vec<__dialect::FoldResult<'a>>),
                "Vec<FoldResult<'a>>",
            )
        };
        out.extend(missing_method(
            ident,
            key,
            "fold",
            &format!("fn fold(&self, operands: &[Option<Attribute<'a>>]) -> {written}"),
            quote! {
                <'a>(
                    &self,
                    operands: &[::core::option::Option<__melior::ir::Attribute<'a>>],
                ) -> #folded
            },
        ));
        let method = Ident::new("fold", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        let call = quote_spanned! {key.span()=>
            let folded: #folded = <#at_key<'a>>::#method(&op, operands);
        };
        out.extend(quote! {
            fn __fold<'a>(
                op: ::mlir_pass::OperationRef<'a>,
                operands: &[::core::option::Option<__melior::ir::Attribute<'a>>],
            ) -> ::std::vec::Vec<__dialect::FoldResult<'a>> {
                // SAFETY: MLIR calls an op's hooks on ops of that kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
                ::core::iter::Iterator::collect(::core::iter::IntoIterator::into_iter(folded))
            }
        });
    }
    if let Some(key) = &args.canonicalizer {
        let builder = quote!(::mlir_pass::rewrite::PatternSetBuilder);
        out.extend(missing_method(
            ident,
            key,
            "canonicalization_patterns",
            "fn canonicalization_patterns(patterns: PatternSetBuilder) -> PatternSetBuilder",
            quote!((patterns: #builder) -> #builder),
        ));
        let method = Ident::new("canonicalization_patterns", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        out.extend(quote_spanned! {key.span()=>
            const __canonicalize: __dialect::CanonicalizeHook =
                <#at_key<'static>>::#method;
        });
    }
    if let Some(key) = &args.custom_assembly {
        let parser = quote!(__dialect::OpParser);
        let printer = quote!(__dialect::OpPrinter);
        out.extend(missing_method(
            ident,
            key,
            "parse",
            "fn parse(parser: &mut OpParser<'_>) -> Result<(), ParseError>",
            quote! {
                (parser: &mut #parser<'_>) -> ::core::result::Result<(), __dialect::ParseError>
            },
        ));
        out.extend(missing_method(
            ident,
            key,
            "print",
            "fn print(&self, printer: &mut OpPrinter<'_>)",
            quote!((&self, printer: &mut #printer<'_>)),
        ));
        let parse = Ident::new("parse", key.span());
        let print = Ident::new("print", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        out.extend(quote_spanned! {key.span()=>
            const __parse: __dialect::ParseHook = <#at_key<'static>>::#parse;
        });
        // Coerced at the key: a `print` of another type is a type error
        // there.
        let call = quote_spanned! {key.span()=>
            let print: fn(&#at_key<'a>, &mut #printer<'a>) = <#at_key<'a>>::#print;
            print(&op, printer);
        };
        out.extend(quote! {
            fn __print<'a>(op: ::mlir_pass::OperationRef<'a>, printer: &mut #printer<'a>) {
                // SAFETY: MLIR calls an op's hooks on ops of that kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
            }
        });
    }
    if let Some(key) = input
        .interface(InterfaceKind::Cast)
        .and_then(|i| i.path.get_ident())
    {
        let ty = quote!(__melior::ir::Type);
        out.extend(missing_method(
            ident,
            key,
            "are_cast_compatible",
            "fn are_cast_compatible(inputs: &[Type<'_>], outputs: &[Type<'_>]) -> bool",
            quote!((inputs: &[#ty<'_>], outputs: &[#ty<'_>]) -> bool),
        ));
        let method = Ident::new("are_cast_compatible", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        out.extend(quote_spanned! {key.span()=>
            const __are_cast_compatible: __dialect::CastCompatibleHook =
                <#at_key<'static>>::#method;
        });
    }
    if let Some(key) = input
        .interface(InterfaceKind::InferType)
        .and_then(|i| i.path.get_ident())
    {
        let ty = quote!(__melior::ir::Type);
        out.extend(missing_method(
            ident,
            key,
            "infer_return_types",
            "fn infer_return_types<'c>(input: &InferTypeInput<'c>) -> Result<Vec<Type<'c>>, String>",
            quote!(<'c>(input: &__dialect::InferTypeInput<'c>) -> ::core::result::Result<::std::vec::Vec<#ty<'c>>, ::std::string::String>),
        ));
        let method = Ident::new("infer_return_types", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        out.extend(quote_spanned! {key.span()=>
            const __infer_return_types: __dialect::InferTypesHook =
                <#at_key<'static>>::#method;
        });
    }
    out.extend(rust_interfaces(input));
    out
}

/// Whether the op has exactly one result, a single one (its folder
/// returns `Option<FoldResult>`).
pub fn single_result(input: &OpInput) -> bool {
    matches!(&input.results[..], [r] if r.arity == Arity::Single)
}

/// `Display` (the op in MLIR's syntax) and `Debug`.
pub fn common_impls(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    handle::display_debug(
        ident,
        "op",
        " The operation in MLIR's textual form.",
        &ident.to_string(),
    )
}

/// How the values of a list of groups are found in the operation.
enum Layout {
    /// Every group is single: group `i` is value `i`.
    Fixed,
    /// One group is optional or variadic: its size is what the others
    /// leave.
    OneSized(usize),
    /// The sizes are in this attribute (`operandSegmentSizes`).
    Segments(&'static str),
}

fn layout(parts: &[Part], segments: Option<&'static str>) -> Layout {
    if let Some(attribute) = segments {
        return Layout::Segments(attribute);
    }
    match parts.iter().position(|p| p.arity != Arity::Single) {
        Some(v) => Layout::OneSized(v),
        None => Layout::Fixed,
    }
}

/// `(start, len)` of group `i` of `parts`, as an expression; `count` is
/// the operation's number of values.
fn range(layout: &Layout, parts: &[Part], i: usize, count: &TokenStream) -> TokenStream {
    let n = parts.len();
    match *layout {
        Layout::Fixed => quote!((#i, 1usize)),
        Layout::OneSized(v) if i < v => quote!((#i, 1usize)),
        Layout::OneSized(v) if i == v => {
            let others = n - 1;
            quote!((#i, #count.saturating_sub(#others)))
        }
        Layout::OneSized(_) => {
            let after = n - i;
            quote!((#count.saturating_sub(#after), 1usize))
        }
        Layout::Segments(attribute) => quote!(self.__mlir_segment(#attribute, #i)),
    }
}

/// The accessors and the builder, in one inherent impl; with `stub`,
/// their bodies are `unimplemented!()` (for the fallback).
pub fn methods(input: &OpInput, stub: bool) -> TokenStream {
    let ident = input.ident();
    let mut accessors = Vec::new();
    let skip = |p: &Part| stub && stub_skips(input, p);

    let value_groups = [
        (
            &input.operands,
            "operand",
            quote!(__OperationLike::operand_count(&self.op)),
            TraitKind::AttrSizedOperandSegments,
            "operandSegmentSizes",
        ),
        (
            &input.results,
            "result",
            quote!(__OperationLike::result_count(&self.op)),
            TraitKind::AttrSizedResultSegments,
            "resultSegmentSizes",
        ),
    ];
    for (parts, noun, count, sized, attribute) in value_groups {
        let layout = layout(parts, input.has(sized).map(|_| attribute));
        for (i, part) in parts.iter().enumerate() {
            if skip(part) {
                continue;
            }
            let get = |index: TokenStream| {
                let what = format!("{noun} `{}`", part.name);
                if noun == "operand" {
                    quote! {
                        __OperationLike::operand(&self.op, #index)
                            .unwrap_or_else(|_| self.__mlir_missing(#what))
                    }
                } else {
                    quote! {
                        __melior::ir::Value::from(
                            __OperationLike::result(&self.op, #index)
                                .unwrap_or_else(|_| self.__mlir_missing(#what)),
                        )
                    }
                }
            };
            let range = range(&layout, parts, i, &count);
            let value = quote!(__melior::ir::Value<'a, 'a>);
            let (ty, body) = match part.arity {
                Arity::Single => {
                    let get = get(quote!(__start));
                    (value, quote! { let (__start, _) = #range; #get })
                }
                Arity::Optional => {
                    let get = get(quote!(__start));
                    (
                        quote!(::core::option::Option<#value>),
                        quote! {
                            let (__start, __len) = #range;
                            if __len == 0 { ::core::option::Option::None } else { ::core::option::Option::Some(#get) }
                        },
                    )
                }
                Arity::Variadic => {
                    let get = get(quote!(__i));
                    (
                        quote!(::std::vec::Vec<#value>),
                        quote! {
                            let (__start, __len) = #range;
                            (__start..__start + __len).map(|__i| #get).collect()
                        },
                    )
                }
            };
            accessors.push(accessor(part, noun, ty, body, stub));
        }
    }

    for part in &input.attributes {
        if skip(part) {
            continue;
        }
        let c = &part.constraint;
        let value = quote_spanned!(c.span()=> <#c as __dialect::ods::AttrConstraintDef>::Value<'a>);
        let from =
            quote_spanned!(c.span()=> <#c as __dialect::ods::AttrConstraintDef>::from_attribute);
        let name = &part.name;
        let found = quote! {
            __OperationLike::attribute(&self.op, #name).ok().and_then(#from)
        };
        let (ty, body) = if part.is_optional_attr() {
            (quote!(::core::option::Option<#value>), found)
        } else {
            let what = format!("valid attribute `{name}`");
            (
                value,
                quote!(#found.unwrap_or_else(|| self.__mlir_missing(#what))),
            )
        };
        accessors.push(accessor(part, "attribute", ty, body, stub));
    }

    for (parts, noun, count) in [
        (
            &input.regions,
            "region",
            quote!(__OperationLike::region_count(&self.op)),
        ),
        (
            &input.successors,
            "successor",
            quote!(__OperationLike::successor_count(&self.op)),
        ),
    ] {
        for (i, part) in parts.iter().enumerate() {
            if skip(part) {
                continue;
            }
            let what = format!("{noun} `{}`", part.name);
            let (single, method) = if noun == "region" {
                (
                    quote!(__melior::ir::RegionRef<'a, 'a>),
                    quote!(__OperationLike::region),
                )
            } else {
                (
                    quote!(__melior::ir::BlockRef<'a, 'a>),
                    quote!(__OperationLike::successor),
                )
            };
            let (ty, body) = match part.arity {
                Arity::Variadic => (
                    quote!(::std::vec::Vec<#single>),
                    quote! {
                        (#i..#count)
                            .map(|__i| #method(&self.op, __i).unwrap_or_else(|_| self.__mlir_missing(#what)))
                            .collect()
                    },
                ),
                _ => (
                    single,
                    quote!(#method(&self.op, #i).unwrap_or_else(|_| self.__mlir_missing(#what))),
                ),
            };
            accessors.push(accessor(part, noun, ty, body, stub));
        }
    }

    let helpers = (!stub).then(|| helpers(input));
    let builder = builder(input, stub);
    let (adaptor, adaptor_impl) = adaptor_methods(input, stub);
    let allow = stub.then(|| quote!(#[allow(unused_variables, clippy::all)]));
    // In a block of their own: MLIR's `OperationLike` (whose `verify` would
    // be suggested for a missing hook method) is in scope only here.
    quote! {
        const _: () = {
            use __melior::ir::operation::OperationLike as __OperationLike;
            use __melior::ir::ValueLike as __ValueLike;

            #allow
            impl<'a> #ident<'a> {
                #(#accessors)*
                #builder
                #adaptor
                #helpers
            }

            #adaptor_impl
        };
    }
}

/// In the fallback, the parts whose accessor would clash (a reserved or
/// repeated name, already reported).
fn stub_skips(input: &OpInput, part: &Part) -> bool {
    let again = input
        .fields
        .iter()
        .filter(|f| f.unraw() == part.name)
        .count()
        > 1;
    again || valid::is_reserved(&part.name)
}

/// One accessor: `pub fn input(&self) -> Value<'a, 'a>`, documented with
/// the field's doc comment.
fn accessor(
    part: &Part,
    noun: &str,
    ty: TokenStream,
    body: TokenStream,
    stub: bool,
) -> TokenStream {
    let ident = &part.ident;
    let mut doc = if part.doc.is_empty() {
        format!("The {noun} `{}`.", part.name)
    } else {
        part.doc.clone()
    };
    match (part.arity, noun) {
        (Arity::Optional, _) => doc.push_str("\n\n`None` when the op has none."),
        (_, "attribute") if part.default.is_some() => {
            doc.push_str("\n\n`None` when absent (the parser and the builder set the default).")
        }
        (Arity::Variadic, _) => doc.push_str("\n\nEvery one of the group, in order."),
        _ => {}
    }
    let body = if stub {
        quote!(::core::unimplemented!())
    } else {
        body
    };
    quote! {
        #[doc = #doc]
        pub fn #ident(&self) -> #ty {
            #body
        }
    }
}

/// The private helpers the accessors share.
fn helpers(input: &OpInput) -> TokenStream {
    let ident = input.ident();
    let segments = (input.has(TraitKind::AttrSizedOperandSegments).is_some()
        || input.has(TraitKind::AttrSizedResultSegments).is_some())
    .then(|| {
        quote! {
            /// `(start, len)` of group `group` by the sizes in `attribute`.
            #[doc(hidden)]
            fn __mlir_segment(&self, attribute: &str, group: usize) -> (usize, usize) {
                let sizes = __OperationLike::attribute(&self.op, attribute)
                    .ok()
                    .and_then(|a| __melior::ir::attribute::DenseI32ArrayAttribute::try_from(a).ok())
                    .unwrap_or_else(|| self.__mlir_missing(attribute));
                let size = |i: usize| sizes.element(i).map_or(0, |s| s.max(0) as usize);
                ((0..group).map(size).sum(), size(group))
            }
        }
    });
    quote! {
        /// Panics on an op that lacks a part (only unverified IR can).
        #[doc(hidden)]
        #[allow(dead_code)]
        #[cold]
        fn __mlir_missing(&self, what: &str) -> ! {
            ::core::panic!(
                "`{}` ({}) has no {}: the op did not pass verification, and the accessors \
                 assume verified IR",
                <Self as __dialect::Op<'a>>::operation_name(),
                ::core::stringify!(#ident),
                what,
            )
        }

        #segments
    }
}

/// `pub fn build<'c>(location, results..., operands..., attributes...,
/// regions..., successors...) -> Operation<'c>`.
fn builder(input: &OpInput, stub: bool) -> TokenStream {
    let parts = || {
        input
            .operands
            .iter()
            .chain(&input.results)
            .chain(&input.attributes)
            .chain(&input.regions)
            .chain(&input.successors)
    };
    let location = if parts().any(|p| p.name == "location") {
        format_ident!("op_location")
    } else {
        format_ident!("location")
    };
    let melior = quote!(__melior::ir);

    // With SameOperandsAndResultType and a single operand, the results
    // take its type.
    let inferred = input.has(TraitKind::SameOperandsAndResultType).is_some()
        && !input.results.is_empty()
        && input.results.iter().all(|r| r.arity == Arity::Single);
    let typed_by = inferred
        .then(|| input.operands.iter().find(|o| o.arity == Arity::Single))
        .flatten();

    let mut params = Vec::new();
    let mut docs = Vec::new();
    let mut body = Vec::new();
    let mut doc_param = |part: &Part, what: &str| {
        let first = part.doc.lines().next().unwrap_or("").trim().to_owned();
        let line = if first.is_empty() {
            format!("- `{}`: the {what}", part.name)
        } else {
            format!("- `{}`: {first}", part.name)
        };
        docs.push(line);
    };

    // Segment sizes, read from the parameters before they move.
    let mut sizes_first = Vec::new();
    let mut segments = Vec::new();
    for (parts, sized, attribute) in [
        (
            &input.operands,
            TraitKind::AttrSizedOperandSegments,
            "operandSegmentSizes",
        ),
        (
            &input.results,
            TraitKind::AttrSizedResultSegments,
            "resultSegmentSizes",
        ),
    ] {
        if input.has(sized).is_none() {
            continue;
        }
        let sizes = parts.iter().map(|p| {
            let ident = &p.ident;
            match p.arity {
                Arity::Single => quote!(1i32),
                Arity::Optional => quote!(i32::from(#ident.is_some())),
                Arity::Variadic => quote!(#ident.len() as i32),
            }
        });
        let local = format_ident!(
            "__{}",
            if attribute.starts_with("operand") {
                "operand_sizes"
            } else {
                "result_sizes"
            }
        );
        sizes_first.push(quote!(let #local = [#(#sizes),*];));
        segments.push(quote! {
            __attributes.push((
                __identifier(__context, #attribute),
                __dense_i32_array(__context, &#local),
            ));
        });
    }
    body.extend(sizes_first);

    // Results.
    if let Some(operand) = typed_by {
        // One type per result group, each single.
        let operand = &operand.ident;
        let n = input.results.len();
        body.push(quote! {
            let __type = __ValueLike::r#type(&#operand);
            let __results: ::std::vec::Vec<#melior::Type<'c>> = ::std::vec![__type; #n];
        });
    } else {
        body.push(quote! {
            let mut __results: ::std::vec::Vec<#melior::Type<'c>> = ::std::vec::Vec::new();
        });
        for part in &input.results {
            let ident = &part.ident;
            let ty = match part.arity {
                Arity::Single => {
                    body.push(quote!(__results.push(#ident);));
                    quote!(#melior::Type<'c>)
                }
                Arity::Optional => {
                    body.push(quote!(__results.extend(#ident);));
                    quote!(::core::option::Option<#melior::Type<'c>>)
                }
                Arity::Variadic => {
                    body.push(quote!(__results.extend(#ident);));
                    quote!(::std::vec::Vec<#melior::Type<'c>>)
                }
            };
            params.push(quote!(#ident: #ty));
            doc_param(part, "result's type");
        }
    }

    // Operands.
    body.push(quote! {
        let mut __operands: ::std::vec::Vec<#melior::Value<'c, '_>> = ::std::vec::Vec::new();
    });
    for part in &input.operands {
        let ident = &part.ident;
        let ty = match part.arity {
            Arity::Single => {
                body.push(quote!(__operands.push(#ident);));
                quote!(#melior::Value<'c, '_>)
            }
            Arity::Optional => {
                body.push(quote!(__operands.extend(#ident);));
                quote!(::core::option::Option<#melior::Value<'c, '_>>)
            }
            Arity::Variadic => {
                body.push(quote!(__operands.extend_from_slice(#ident);));
                quote!(&[#melior::Value<'c, '_>])
            }
        };
        params.push(quote!(#ident: #ty));
        doc_param(part, "operand");
    }

    // Attributes.
    body.push(quote! {
        // SAFETY: the location's context outlives 'c.
        let __context = unsafe { __mp::sys::mlirLocationGetContext(#location.to_raw()) };
        let mut __attributes: ::std::vec::Vec<(#melior::Identifier<'c>, #melior::Attribute<'c>)> =
            ::std::vec::Vec::new();
    });
    for part in &input.attributes {
        let ident = &part.ident;
        let name = &part.name;
        let c = &part.constraint;
        let value = quote_spanned!(c.span()=> <#c as __dialect::ods::AttrConstraintDef>::Value<'c>);
        let into = quote_spanned! {c.span()=>
            ::core::convert::Into::<#melior::Attribute<'c>>::into
        };
        let key = quote!(__identifier(__context, #name));
        let ty = if let Some(default) = &part.default {
            let default = default.value();
            let what = format!("attribute `{name}` of `{{}}`");
            body.push(quote! {
                __attributes.push((#key, match #ident {
                    ::core::option::Option::Some(__value) => #into(__value),
                    ::core::option::Option::None => __parse_attribute(
                        __context,
                        #default,
                        &::std::format!(#what, <Self as __dialect::Op<'a>>::operation_name()),
                    ),
                }));
            });
            quote!(::core::option::Option<#value>)
        } else if part.arity == Arity::Optional {
            body.push(quote! {
                if let ::core::option::Option::Some(__value) = #ident {
                    __attributes.push((#key, #into(__value)));
                }
            });
            quote!(::core::option::Option<#value>)
        } else {
            body.push(quote!(__attributes.push((#key, #into(#ident)));));
            value
        };
        params.push(quote!(#ident: #ty));
        doc_param(part, "attribute");
    }

    body.extend(segments);

    // Regions.
    body.push(quote! {
        let mut __regions: ::std::vec::Vec<#melior::Region<'c>> = ::std::vec::Vec::new();
    });
    for part in &input.regions {
        let ident = &part.ident;
        let ty = if part.arity == Arity::Variadic {
            body.push(quote!(__regions.extend(#ident);));
            quote!(::std::vec::Vec<#melior::Region<'c>>)
        } else {
            body.push(quote!(__regions.push(#ident);));
            quote!(#melior::Region<'c>)
        };
        params.push(quote!(#ident: #ty));
        doc_param(part, "region");
    }

    // Successors.
    body.push(quote! {
        let mut __successors: ::std::vec::Vec<&#melior::Block<'c>> = ::std::vec::Vec::new();
    });
    for part in &input.successors {
        let ident = &part.ident;
        let ty = if part.arity == Arity::Variadic {
            body.push(quote!(__successors.extend_from_slice(#ident);));
            quote!(&[&#melior::Block<'c>])
        } else {
            body.push(quote!(__successors.push(#ident);));
            quote!(&#melior::Block<'c>)
        };
        params.push(quote!(#ident: #ty));
        doc_param(part, "successor");
    }

    let ident = input.ident();
    let mut doc = format!(
        "Builds a new `{}` op at `{location}` (melior's location or the pass's, such as \
         `op.location()`), not inserted anywhere.\n\n\
         It is not verified: MLIR's verifier checks the constraints and traits when the op \
         is verified (`Operation::verify`, or a pass manager's run).",
        ident
    );
    if typed_by.is_some() {
        doc.push_str(" The results take the first operand's type (`SameOperandsAndResultType`).");
    }
    if !docs.is_empty() {
        doc.push_str("\n\n");
        doc.push_str(&docs.join("\n"));
    }
    let body = if stub {
        quote!(::core::unimplemented!())
    } else {
        let op_name = ident.to_string();
        quote! {
            let #location: #melior::Location<'c> = ::core::convert::Into::into(#location);
            #(#body)*
            __melior::ir::operation::OperationBuilder::new(
                &<Self as __dialect::Op<'a>>::operation_name(),
                #location,
            )
            .add_results(&__results)
            .add_operands(&__operands)
            .add_attributes(&__attributes)
            .add_regions_vec(__regions)
            .add_successors(&__successors)
            .build()
            .unwrap_or_else(|e| ::core::panic!("MLIR could not create a `{}` op: {}", #op_name, e))
        }
    };
    quote! {
        #[doc = #doc]
        #[allow(clippy::too_many_arguments)]
        pub fn build<'c>(
            #location: impl ::core::convert::Into<#melior::Location<'c>>,
            #(#params,)*
        ) -> #melior::Operation<'c> {
            #body
        }
    }
}

/// The helpers the builder uses, in the `const _` block.
fn builder_helpers() -> TokenStream {
    quote! {
        /// An identifier of `context`.
        #[allow(dead_code)]
        fn __identifier<'c>(
            context: __mp::sys::MlirContext,
            name: &str,
        ) -> __melior::ir::Identifier<'c> {
            // SAFETY: `context` is live for 'c (the builder's location's);
            // MLIR copies the name.
            unsafe {
                __melior::ir::Identifier::from_raw(__mp::sys::mlirIdentifierGet(
                    context,
                    __melior::StringRef::new(name).to_raw(),
                ))
            }
        }

        /// A `DenseI32ArrayAttr` of `context`.
        #[allow(dead_code)]
        fn __dense_i32_array<'c>(
            context: __mp::sys::MlirContext,
            values: &[i32],
        ) -> __melior::ir::Attribute<'c> {
            // SAFETY: as above; MLIR copies the values.
            unsafe {
                __melior::ir::Attribute::from_raw(__mp::sys::mlirDenseI32ArrayGet(
                    context,
                    values.len() as isize,
                    values.as_ptr(),
                ))
            }
        }

        /// An attribute's default, parsed in `context`.
        #[allow(dead_code)]
        fn __parse_attribute<'c>(
            context: __mp::sys::MlirContext,
            source: &str,
            what: &str,
        ) -> __melior::ir::Attribute<'c> {
            // SAFETY: as above; the text is only read.
            let raw = unsafe {
                __mp::sys::mlirAttributeParseGet(context, __melior::StringRef::new(source).to_raw())
            };
            if raw.ptr.is_null() {
                ::core::panic!("the default of {} is not MLIR attribute syntax: {:?}", what, source);
            }
            // SAFETY: a valid attribute of `context`.
            unsafe { __melior::ir::Attribute::from_raw(raw) }
        }
    }
}
