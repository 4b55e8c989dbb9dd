//! The typed builder (`build` and `create`) and its helpers.

use super::*;

/// `pub fn build<'c>(location, results..., operands..., attributes...,
/// regions..., successors...) -> Operation<'c>`.
pub(super) fn builder(input: &OpInput, stub: bool) -> TokenStream {
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
        // SAFETY: as above.
        #[allow(unused_variables)]
        let __context_ref: &'c __melior::Context = unsafe { __mp::context_ref(__context) };
        let mut __attributes: ::std::vec::Vec<(#melior::Identifier<'c>, #melior::Attribute<'c>)> =
            ::std::vec::Vec::new();
    });
    for part in &input.attributes {
        let ident = &part.ident;
        let name = &part.name;
        let c = &part.constraint;
        let value = quote_spanned!(c.span()=> <#c as __dialect::AttrParameter>::Value<'c>);
        let into = quote_spanned! {c.span()=>
            (|__value| <#c as __dialect::AttrParameter>::to_attribute(__context_ref, __value))
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
pub(super) fn builder_helpers() -> TokenStream {
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
