//! The `OpInterfaces` literal and the Rust interfaces' getters and
//! casters.

use super::*;

/// The `OpInterfaces` literal: the indices of the parts the call
/// interfaces name, the cast hook, one `InterfaceEntry` per Rust interface
/// (their functions are `rust_interfaces`').
pub(super) fn interfaces(input: &OpInput) -> TokenStream {
    let field_index = |kind: InterfaceKind, key: &str| -> Option<u32> {
        let iface = input.interface(kind)?;
        let field = iface
            .params
            .iter()
            .flatten()
            .find(|p| p.key.unraw() == key)
            .and_then(|p| p.field.as_ref())?;
        let (_, index, _) = input
            .part(&field.unraw().to_string())
            .expect("valid.rs checked the fields");
        Some(index as u32)
    };
    let index = |kind: InterfaceKind, key: &str| -> u32 {
        field_index(kind, key).expect("valid.rs checked the keys")
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
    // `FunctionOpInterface` gives `CallableOpInterface` from the same
    // body and type.
    let callable_kind = [InterfaceKind::Callable, InterfaceKind::Function]
        .into_iter()
        .find(|k| input.interface(*k).is_some());
    let callable = option(
        callable_kind
            .map(|kind| (index(kind, "body"), index(kind, "type")))
            .map(|(r, t)| quote!((#r, #t))),
    );
    let function = option(input.interface(InterfaceKind::Function).map(|_| {
        let attrs = |key| option(field_index(InterfaceKind::Function, key).map(|i| quote!(#i)));
        let (arg_attrs, res_attrs) = (attrs("arg_attrs"), attrs("res_attrs"));
        quote!(__dialect::FunctionInterface {
            arg_attrs: #arg_attrs,
            res_attrs: #res_attrs,
        })
    }));
    let cast = option(
        input
            .interface(InterfaceKind::Cast)
            .map(|_| quote!(__are_cast_compatible)),
    );
    let infer_from_constraints = input
        .interface(InterfaceKind::InferType)
        .is_some_and(crate::op::valid::infer_type::is_from_constraints);
    let infer_types = option(
        input
            .interface(InterfaceKind::InferType)
            .filter(|_| !infer_from_constraints)
            .map(|_| quote!(__infer_return_types)),
    );
    let rust = rust_interface_indices(input).map(|n| {
        let id = format_ident!("__interface_id_{}", n);
        let caster = format_ident!("__INTERFACE_CASTER_{}", n);
        quote!(__dialect::InterfaceEntry { id: #id, caster: &#caster })
    });
    let asm = asm_interface(input);
    let int_ranges = int_range_interface(input);
    let (effects, speculatability) = effect_interfaces(input);
    let (branch, region_branch) = control_flow::control_flow_interfaces(input);
    let fast_math = option(input.interface(InterfaceKind::ArithFastMath).map(|iface| {
        let name = crate::op::valid::fast_math::fast_math_attr(iface);
        let (_, index, _) = input.part(&name).expect("valid.rs checked the attribute");
        let index = index as u32;
        quote!(#index)
    }));
    quote! {
        __dialect::OpInterfaces {
            call: #call,
            callable: #callable,
            function: #function,
            cast: #cast,
            infer_types: #infer_types,
            infer_types_from_constraints: #infer_from_constraints,
            rust: &[#(#rust),*],
            asm: #asm,
            int_ranges: #int_ranges,
            effects: #effects,
            speculatability: #speculatability,
            fast_math: #fast_math,
            branch: #branch,
            region_branch: #region_branch,
        }
    }
}

/// The positions of the Rust interfaces in `interfaces = [...]`, which
/// name their generated items.
pub(super) fn rust_interface_indices<'i>(input: &'i OpInput) -> impl Iterator<Item = usize> + 'i {
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
pub(super) fn rust_interfaces(input: &OpInput) -> TokenStream {
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
        let call = quote_spanned! {Span::call_site().located_at(path.span())=>
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
