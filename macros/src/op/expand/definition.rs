//! The `OpDefinition` literal, and its format's elements.

use super::super::valid::type_match::PartTrait;
use super::*;
use crate::item_attrs;

/// The `OpDefinition` literal.
pub(super) fn definition(input: &OpInput) -> TokenStream {
    let args = &input.args;
    let name = args
        .name
        .as_ref()
        .expect("valid.rs requires `name`")
        .value();
    let type_name = input.ident().to_string();
    let (summary, description) = item_attrs::summary_and_description(
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
            <#c as __dialect::AttrParameter>::CONSTRAINT
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
        let unraw = |i: &Ident| i.unraw().to_string();
        match (&t.args, valid::type_match::read(t)) {
            (_, Some(PartTrait::Names(names))) => {
                let names = names.into_iter().map(unraw);
                quote!(__dialect::Trait::#variant(&[#(#names),*]))
            }
            (
                _,
                Some(PartTrait::With {
                    summary,
                    lhs,
                    rhs,
                    transform,
                }),
            ) => {
                let (lhs, rhs) = (unraw(lhs), unraw(rhs));
                quote! {
                    __dialect::Trait::TypesMatchWith {
                        summary: #summary,
                        lhs: #lhs,
                        rhs: #rhs,
                        transform: __dialect::TypeTransform::#transform,
                    }
                }
            }
            (Some(parents), None) if t.kind == TraitKind::HasParent => {
                quote!(__dialect::Trait::#variant(&[#(#parents),*]))
            }
            _ => quote!(__dialect::Trait::#variant),
        }
    });
    let (format, format_source) = match &args.format {
        Some(lit) => {
            let elements = format::parse(&lit.value(), &valid::shape(input))
                .expect("valid.rs checked the format");
            let mut customs = 0u32;
            let elements = elements.iter().map(|e| format_element(e, &mut customs));
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
    let canonicalize_method = hook(&args.canonicalize_method, "__canonicalize_method");
    let parse = hook(&args.custom_assembly, "__parse");
    let print = hook(&args.custom_assembly, "__print");
    let interfaces = interfaces(input);
    let (_, custom_directives) = custom_directives(input);

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
                canonicalize_method: #canonicalize_method,
                parse: #parse,
                print: #print,
                custom_directives: #custom_directives,
            },
            interfaces: #interfaces,
        }
    }
}

/// One `FormatElement`; `customs` counts the custom directives so far.
pub(super) fn format_element(element: &Element, customs: &mut u32) -> TokenStream {
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
        Element::PropDict => quote!(#e::PropDict),
        Element::Region(i) => quote!(#e::Region(#i)),
        Element::Regions => quote!(#e::Regions),
        Element::Successor(i) => quote!(#e::Successor(#i)),
        Element::Successors => quote!(#e::Successors),
        Element::OptionalGroup { anchor, len } => {
            quote!(#e::OptionalGroup { anchor: #anchor, len: #len })
        }
        Element::Custom { .. } => {
            let d = *customs;
            *customs += 1;
            quote!(#e::Custom(#d))
        }
        Element::OIList { len } => quote!(#e::OIList { len: #len }),
        Element::OIListClause { len } => quote!(#e::OIListClause { len: #len }),
    }
}
