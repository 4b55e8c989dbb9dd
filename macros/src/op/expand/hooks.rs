//! The hook functions the definition points to, each calling the user's
//! method through the handle.

use super::*;

/// The hook functions the definition points to, each calling the user's
/// method through the handle. The call is spanned at the key, so a missing
/// or mistyped method is reported there.
pub(super) fn hook_fns(input: &OpInput) -> TokenStream {
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
        let call = quote_spanned! {Span::call_site().located_at(key.span())=>
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
        let call = quote_spanned! {Span::call_site().located_at(key.span())=>
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
        out.extend(quote_spanned! {Span::call_site().located_at(key.span())=>
            const __canonicalize: __dialect::CanonicalizeHook =
                <#at_key<'static>>::#method;
        });
    }
    if let Some(key) = &args.canonicalize_method {
        let rewriter = quote!(::mlir_pass::rewrite::PatternRewriter);
        let result = quote!(::mlir_pass::rewrite::MatchResult);
        out.extend(missing_method(
            ident,
            key,
            "canonicalize",
            "fn canonicalize(op: Self, rewriter: &PatternRewriter<'_>) -> MatchResult",
            quote!((op: Self, rewriter: &#rewriter<'_>) -> #result),
        ));
        let method = Ident::new("canonicalize", key.span());
        let at_key = Ident::new(&ident.to_string(), key.span());
        // Coerced at the key: a `canonicalize` of another type is a type
        // error there.
        let call = quote_spanned! {key.span()=>
            let method: fn(#at_key<'a>, &#rewriter<'r>) -> #result = <#at_key<'a>>::#method;
            method(op, rewriter)
        };
        out.extend(quote! {
            fn __canonicalize_method<'a, 'r>(
                op: ::mlir_pass::OperationRef<'a>,
                rewriter: &#rewriter<'r>,
            ) -> #result {
                // SAFETY: the runtime calls the hook on ops of this kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
            }
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
        out.extend(quote_spanned! {Span::call_site().located_at(key.span())=>
            const __parse: __dialect::ParseHook = <#at_key<'static>>::#parse;
        });
        // Coerced at the key: a `print` of another type is a type error
        // there.
        let call = quote_spanned! {Span::call_site().located_at(key.span())=>
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
        out.extend(quote_spanned! {Span::call_site().located_at(key.span())=>
            const __are_cast_compatible: __dialect::CastCompatibleHook =
                <#at_key<'static>>::#method;
        });
    }
    if let Some(key) = input
        .interface(InterfaceKind::InferType)
        .filter(|i| !crate::op::valid::infer_type::is_from_constraints(i))
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
        out.extend(quote_spanned! {Span::call_site().located_at(key.span())=>
            const __infer_return_types: __dialect::InferTypesHook =
                <#at_key<'static>>::#method;
        });
    }
    out.extend(custom_directives(input).0);
    out.extend(asm_hooks(input));
    out.extend(int_range_hooks(input));
    out.extend(effect_hooks(input));
    out.extend(super::control_flow::control_flow_hooks(input));
    out.extend(rust_interfaces(input));
    out
}
