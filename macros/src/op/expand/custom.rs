//! The format's custom directives (`custom<Name>(...)`): per directive, the
//! functions that call the op's `parse_<name>` and `print_<name>` methods
//! with its arguments (as ODS calls `parseName` and `printName`), and the
//! `CustomDirective` literals.

use super::*;
use crate::hook::missing_method_asked;
use crate::valid::snake_case;
use format::{CustomArg, CustomTarget};

/// A directive as the format names it, with where it stands.
struct Directive {
    name: String,
    args: Vec<CustomArg>,
    /// The string arguments (Rust expressions), by position among all.
    exprs: Vec<(usize, syn::Expr)>,
    /// It opens an optional group: its parser says whether it is there.
    opens_group: bool,
}

/// The format's custom directives, in order.
fn directives(input: &OpInput) -> Vec<Directive> {
    let Some(lit) = &input.args.format else {
        return Vec::new();
    };
    let elements =
        format::parse(&lit.value(), &valid::shape(input)).expect("valid.rs checked the format");
    let mut out = Vec::new();
    for (i, element) in elements.iter().enumerate() {
        if let Element::Custom { name, args, exprs } = element {
            let opens_group = i > 0 && matches!(elements[i - 1], Element::OptionalGroup { .. });
            out.push(Directive {
                name: name.clone(),
                args: args.clone(),
                exprs: exprs
                    .iter()
                    .map(|(at, text)| {
                        (
                            *at,
                            syn::parse_str(text).expect("the format parser checked it"),
                        )
                    })
                    .collect(),
                opens_group,
            });
        }
    }
    out
}

/// The types a parse method takes and a print method receives for one
/// argument, as tokens and as the user reads them.
struct ArgTypes {
    parse: TokenStream,
    parse_written: String,
    print: TokenStream,
    print_written: String,
    /// The parse method receives it by reference (`&mut`, or `&` for a
    /// `ref` of a list).
    parse_by_ref: Option<TokenStream>,
}

fn arg_types<'i>(input: &'i OpInput, arg: &CustomArg) -> (ArgTypes, &'i Part) {
    let value = quote!(__melior::ir::Value<'a, 'a>);
    let ty = quote!(__melior::ir::Type<'a>);
    let operand = quote!(__dialect::UnresolvedOperand);
    let list = |arity: Arity, single: &TokenStream, name: &str| match arity {
        Arity::Single => (single.clone(), name.to_owned()),
        Arity::Optional => (
            quote!(::core::option::Option<#single>),
            format!("Option<{name}>"),
        ),
        Arity::Variadic => (quote!(&[#single]), format!("&[{name}]")),
    };
    let slot = |arity: Arity, single: &TokenStream, name: &str| match arity {
        Arity::Variadic => (quote!(::std::vec::Vec<#single>), format!("Vec<{name}>")),
        _ => (
            quote!(::core::option::Option<#single>),
            format!("Option<{name}>"),
        ),
    };
    let (part, arity, single_parse, parse_name, single_print, print_name) = match arg.target {
        CustomTarget::Operand(i) => {
            let p = &input.operands[i as usize];
            (
                p,
                p.arity,
                operand.clone(),
                "UnresolvedOperand",
                value.clone(),
                "Value<'_, '_>",
            )
        }
        CustomTarget::Type(Target::Operand(i)) => {
            let p = &input.operands[i as usize];
            (p, p.arity, ty.clone(), "Type<'_>", ty.clone(), "Type<'_>")
        }
        CustomTarget::Type(_) => {
            let i = match arg.target {
                CustomTarget::Type(Target::Result(i)) => i,
                _ => unreachable!("the format parser refuses type(operands) and type(results)"),
            };
            let p = &input.results[i as usize];
            (p, p.arity, ty.clone(), "Type<'_>", ty.clone(), "Type<'_>")
        }
        CustomTarget::Region(i) => {
            let p = &input.regions[i as usize];
            (
                p,
                p.arity,
                quote!(__dialect::DetachedRegion),
                "DetachedRegion",
                quote!(__melior::ir::RegionRef<'a, 'a>),
                "RegionRef<'_, '_>",
            )
        }
        CustomTarget::Successor(i) => {
            let p = &input.successors[i as usize];
            (
                p,
                p.arity,
                quote!(__dialect::Successor),
                "Successor",
                quote!(__melior::ir::BlockRef<'a, 'a>),
                "BlockRef<'_, '_>",
            )
        }
        CustomTarget::Attribute(i) => {
            let p = &input.attributes[i as usize];
            let c = &p.constraint;
            let v = quote!(<#c as __dialect::AttrParameter>::Value<'a>);
            let written = format!(
                "<{} as AttrParameter>::Value<'_>",
                c.to_token_stream().to_string().replace(' ', "")
            );
            let optional = quote!(::core::option::Option<#v>);
            let (print, print_written) = if p.is_optional_attr() {
                (optional.clone(), format!("Option<{written}>"))
            } else {
                (v.clone(), written.clone())
            };
            let types = if arg.by_ref {
                ArgTypes {
                    parse: optional.clone(),
                    parse_written: format!("Option<{written}>"),
                    print,
                    print_written,
                    parse_by_ref: None,
                }
            } else {
                ArgTypes {
                    parse: quote!(&mut #optional),
                    parse_written: format!("&mut Option<{written}>"),
                    print,
                    print_written,
                    parse_by_ref: Some(quote!(&mut)),
                }
            };
            return (types, p);
        }
    };
    let (print, print_written) = list(arity, &single_print, print_name);
    let types = if arg.by_ref {
        let (parse, parse_written) = list(arity, &single_parse, parse_name);
        ArgTypes {
            parse,
            parse_written,
            print,
            print_written,
            parse_by_ref: (arity == Arity::Variadic).then(|| quote!(&)),
        }
    } else {
        let (slot, written) = slot(arity, &single_parse, parse_name);
        ArgTypes {
            parse: quote!(&mut #slot),
            parse_written: format!("&mut {written}"),
            print,
            print_written,
            parse_by_ref: Some(quote!(&mut)),
        }
    };
    (types, part)
}

/// What the parse thunk holds for one argument before the call: a slot,
/// or the `ref` value (a `Vec` for a list, passed as a slice).
fn parse_local(input: &OpInput, arg: &CustomArg, index: usize) -> TokenStream {
    let local = format_ident!("__a{}", index);
    if !arg.by_ref {
        return quote! {
            let mut #local = ::core::default::Default::default();
        };
    }
    let (_, part) = arg_types(input, arg);
    let ty = match (arg.target, part.arity) {
        (CustomTarget::Attribute(_), _) => {
            let c = &part.constraint;
            return quote! {
                let #local = <::core::option::Option<__melior::ir::Attribute<'a>> as
                    __dialect::CustomRef<'a>>::take(parser, #index)
                    .and_then(<#c as __dialect::AttrParameter>::from_attribute);
            };
        }
        (CustomTarget::Operand(_), Arity::Single) => quote!(__dialect::UnresolvedOperand),
        (CustomTarget::Operand(_), Arity::Optional) => {
            quote!(::core::option::Option<__dialect::UnresolvedOperand>)
        }
        (CustomTarget::Operand(_), Arity::Variadic) => {
            quote!(::std::vec::Vec<__dialect::UnresolvedOperand>)
        }
        (_, Arity::Single) => quote!(__melior::ir::Type<'a>),
        (_, Arity::Optional) => quote!(::core::option::Option<__melior::ir::Type<'a>>),
        (_, Arity::Variadic) => quote!(::std::vec::Vec<__melior::ir::Type<'a>>),
    };
    quote! {
        let #local = <#ty as __dialect::CustomRef<'a>>::take(parser, #index);
    }
}

/// The expression a print thunk passes for one argument.
fn print_value(part: &Part, arg: &CustomArg) -> TokenStream {
    let get = &part.ident;
    let ty = quote!(__melior::ir::ValueLike::r#type);
    match (arg.target, part.arity) {
        (CustomTarget::Type(_), Arity::Single) => quote!(#ty(&op.#get())),
        (CustomTarget::Type(_), Arity::Optional) => quote!(op.#get().map(|__v| #ty(&__v))),
        (CustomTarget::Type(_), Arity::Variadic) => quote! {
            &op.#get().iter().map(#ty).collect::<::std::vec::Vec<_>>()
        },
        (CustomTarget::Attribute(_), _) => quote!(op.#get()),
        (_, Arity::Variadic) => quote!(&op.#get()),
        _ => quote!(op.#get()),
    }
}

/// The thunks and the missing-method errors; and the `&[CustomDirective]`
/// literal.
pub(super) fn custom_directives(input: &OpInput) -> (TokenStream, TokenStream) {
    let ident = input.ident();
    let span = input
        .args
        .format
        .as_ref()
        .map_or_else(Span::call_site, |lit| lit.span());
    let mut items = TokenStream::new();
    let mut literals = Vec::new();
    let mut asked: Vec<String> = Vec::new();
    for (d, directive) in directives(input).iter().enumerate() {
        let snake = snake_case(&directive.name);
        let parse = format_ident!("parse_{}", snake, span = span);
        let print = format_ident!("print_{}", snake, span = span);
        let at = Ident::new(&ident.to_string(), span);
        let types: Vec<ArgTypes> = directive
            .args
            .iter()
            .map(|a| arg_types(input, a).0)
            .collect();
        let names: Vec<String> = directive
            .args
            .iter()
            .map(|a| {
                let (_, part) = arg_types(input, a);
                match a.target {
                    CustomTarget::Type(_) => format!("{}_type", part.name),
                    _ => part.name.clone(),
                }
            })
            .collect();
        let returns = if directive.opens_group {
            (quote!(bool), "bool")
        } else {
            (quote!(()), "()")
        };
        let (ret, ret_written) = returns;
        let result = quote!(::core::result::Result<#ret, __dialect::ParseError>);

        // The methods the directive needs, reported at the format when
        // missing (once per name).
        let key = format!("`custom<{}>` in the format", directive.name);
        // Every argument in order: the op's parts, and the string
        // arguments (whose type is their expression's, a generic in the
        // stand-in and inferred in the call).
        let mut parse_written: Vec<String> = names
            .iter()
            .zip(&types)
            .map(|(n, t)| format!(", {n}: {}", t.parse_written))
            .collect();
        let mut print_written: Vec<String> = names
            .iter()
            .zip(&types)
            .map(|(n, t)| format!(", {n}: {}", t.print_written))
            .collect();
        let mut parse_params: Vec<TokenStream> = types.iter().map(|t| t.parse.clone()).collect();
        let mut print_params: Vec<TokenStream> = types.iter().map(|t| t.print.clone()).collect();
        let mut stand_in_parse = parse_params.clone();
        let mut stand_in_print = print_params.clone();
        let mut generics = Vec::new();
        for (k, (at, expr)) in directive.exprs.iter().enumerate() {
            let written = format!(", arg{at}: /* the type of `{}` */", expr.to_token_stream());
            parse_written.insert(*at, written.clone());
            print_written.insert(*at, written);
            parse_params.insert(*at, quote!(_));
            print_params.insert(*at, quote!(_));
            let generic = format_ident!("__E{}", k);
            stand_in_parse.insert(*at, quote!(#generic));
            stand_in_print.insert(*at, quote!(#generic));
            generics.push(generic);
        }
        let parse_sig = format!(
            "fn {parse}(parser: &mut OpParser<'_>{}) -> Result<{ret_written}, ParseError>",
            parse_written.concat()
        );
        let print_sig = format!(
            "fn {print}(&self, printer: &mut OpPrinter<'_>{})",
            print_written.concat()
        );
        if !asked.contains(&parse.to_string()) {
            asked.push(parse.to_string());
            items.extend(missing_method_asked(
                ident,
                &key,
                &parse.to_string(),
                &parse_sig,
                quote!(<'a #(, #generics)*>(parser: &mut __dialect::OpParser<'a> #(, _: #stand_in_parse)*) -> #result),
            ));
        }
        if !asked.contains(&print.to_string()) {
            asked.push(print.to_string());
            items.extend(missing_method_asked(
                ident,
                &key,
                &print.to_string(),
                &print_sig,
                quote!(<'a #(, #generics)*>(&self, printer: &mut __dialect::OpPrinter<'a> #(, _: #stand_in_print)*)),
            ));
        }

        // Parse: the slots and `ref` values, the call, then the slots
        // handed to the format.
        let locals = directive
            .args
            .iter()
            .enumerate()
            .map(|(i, a)| parse_local(input, a, i));
        let mut passed: Vec<TokenStream> = types
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let local = format_ident!("__a{}", i);
                let by = &t.parse_by_ref;
                quote!(#by #local)
            })
            .collect();
        for (at, expr) in &directive.exprs {
            passed.insert(*at, quote!(#expr));
        }
        let given = directive.args.iter().enumerate().filter(|(_, a)| !a.by_ref).map(|(i, a)| {
            let local = format_ident!("__a{}", i);
            match a.target {
                CustomTarget::Attribute(_) => {
                    let (_, part) = arg_types(input, a);
                    let c = &part.constraint;
                    quote! {
                        let __attr = #local.map(|__v| {
                            <#c as __dialect::AttrParameter>::to_attribute(parser.context(), __v)
                        });
                        __dialect::CustomSlot::give(__attr, parser, #i);
                    }
                }
                _ => quote!(__dialect::CustomSlot::give(#local, parser, #i);),
            }
        });
        let present = if directive.opens_group {
            quote!(__result?)
        } else {
            quote!({
                __result?;
                true
            })
        };
        let parse_fn = format_ident!("__custom_parse_{}", d);
        let call = quote_spanned! {span=>
            let __method: fn(&mut __dialect::OpParser<'a> #(, #parse_params)*) -> #result =
                <#at<'a>>::#parse;
        };
        items.extend(quote! {
            fn #parse_fn<'a>(
                parser: &mut __dialect::OpParser<'a>,
                _optional: bool,
            ) -> ::core::result::Result<bool, __dialect::ParseError> {
                #(#locals)*
                #call
                let __result = __method(parser #(, #passed)*);
                let __there: bool = #present;
                if !__there {
                    return ::core::result::Result::Ok(false);
                }
                #(#given)*
                ::core::result::Result::Ok(true)
            }
        });

        // Print: the op's accessors, as ODS passes its getters.
        let mut values: Vec<TokenStream> = directive
            .args
            .iter()
            .map(|a| {
                let (_, part) = arg_types(input, a);
                print_value(part, a)
            })
            .collect();
        for (at, expr) in &directive.exprs {
            values.insert(*at, quote!(#expr));
        }
        let print_fn = format_ident!("__custom_print_{}", d);
        let call = quote_spanned! {span=>
            let __method: fn(&#at<'a>, &mut __dialect::OpPrinter<'a> #(, #print_params)*) =
                <#at<'a>>::#print;
        };
        items.extend(quote! {
            fn #print_fn<'a>(
                op: ::mlir_pass::OperationRef<'a>,
                printer: &mut __dialect::OpPrinter<'a>,
            ) {
                // SAFETY: MLIR calls an op's hooks on ops of that kind only.
                let op = unsafe { <#ident<'a> as __dialect::Op<'a>>::from_operation_unchecked(op) };
                #call
                __method(&op, printer #(, #values)*);
            }
        });

        let name = &directive.name;
        let args = directive.args.iter().map(|a| {
            let target = match a.target {
                CustomTarget::Operand(i) => quote!(Operand(#i)),
                CustomTarget::Attribute(i) => quote!(Attribute(#i)),
                CustomTarget::Type(Target::Operand(i)) => {
                    quote!(Type(__dialect::format::TypeTarget::Operand(#i)))
                }
                CustomTarget::Type(_) => {
                    let CustomTarget::Type(Target::Result(i)) = a.target else {
                        unreachable!("the format parser refuses type(operands) and type(results)")
                    };
                    quote!(Type(__dialect::format::TypeTarget::Result(#i)))
                }
                CustomTarget::Region(i) => quote!(Region(#i)),
                CustomTarget::Successor(i) => quote!(Successor(#i)),
            };
            let by_ref = a.by_ref;
            quote! {
                __dialect::format::CustomArg {
                    target: __dialect::format::CustomTarget::#target,
                    by_ref: #by_ref,
                }
            }
        });
        literals.push(quote! {
            __dialect::format::CustomDirective {
                name: #name,
                args: &[#(#args),*],
                parse: #parse_fn,
                print: #print_fn,
            }
        });
    }
    (items, quote!(&[#(#literals),*]))
}
