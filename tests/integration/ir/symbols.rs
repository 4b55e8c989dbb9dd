//! `ir::Symbol`, an op seen through `SymbolOpInterface` with the interface
//! looked up once: which ops are symbols (optional symbols only when named),
//! their names and visibilities, and visibility set through the handle, on
//! parsed IR from an outside crate.

use mlir_pass::ir::{OperationExt, OperationMutExt, Visibility};
use mlir_pass::melior::ir::{attribute::StringAttribute, operation::OperationLike, AttributeLike};
use mlir_pass::{Context, Module};

const SOURCE: &str = r#"
func.func @pub_fn() { return }
func.func private @priv_fn()
func.func nested @nested_fn() { return }
memref.global "private" @g : memref<2xf32>
module @named {}
module {}
"unregistered.op"() {sym_name = "not_a_symbol"} : () -> ()
"#;

#[test]
fn a_symbol_handle_reads_and_sets_what_symbol_op_interface_does() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    context.allow_unregistered_dialects(true);
    let module = Module::parse(&context, SOURCE, "input.mlir").unwrap();
    let top = module.as_operation().melior();

    let seen: Vec<_> = top
        .child_ops()
        .map(|op| {
            let symbol = op.as_symbol();
            // The handle agrees with the per-call queries.
            assert_eq!(symbol.is_some(), op.is_symbol(), "{}", op.name_str());
            assert_eq!(symbol.and_then(|s| s.name()), op.symbol_name());
            assert_eq!(symbol.map(|s| s.visibility()), op.symbol_visibility());
            // The name attribute is the context's interned StringAttr of
            // the name: the same attribute as one made from the string.
            if let Some(name) = symbol.and_then(|s| s.name()) {
                let interned = StringAttribute::new(context.as_melior(), name);
                let attribute = symbol.and_then(|s| s.name_attribute()).unwrap();
                assert_eq!(attribute.to_raw().ptr, interned.to_raw().ptr);
            }
            symbol.map(|s| (s.operation().name_str(), s.name(), s.visibility()))
        })
        .collect();
    assert_eq!(
        seen,
        [
            Some(("func.func", Some("pub_fn"), Visibility::Public)),
            Some(("func.func", Some("priv_fn"), Visibility::Private)),
            Some(("func.func", Some("nested_fn"), Visibility::Nested)),
            Some(("memref.global", Some("g"), Visibility::Private)),
            // `builtin.module` is an optional symbol: one only when named.
            Some(("builtin.module", Some("named"), Visibility::Public)),
            None,
            // An unregistered op implements no interface, whatever its
            // attributes say.
            None,
        ]
    );

    // Set through the handle: every symbol becomes private, then `pub_fn`
    // public again; what MLIR prints is what `setVisibility` wrote.
    for op in top.child_ops() {
        if let Some(mut symbol) = op.as_symbol() {
            symbol.set_visibility(Visibility::Private).unwrap();
            if symbol.name() == Some("pub_fn") {
                symbol.set_visibility(Visibility::Public).unwrap();
            }
            assert_eq!(op.symbol_visibility(), Some(symbol.visibility()));
        }
    }
    let text = module.as_operation().to_string();
    for expected in [
        "func.func @pub_fn()",
        "func.func private @priv_fn()",
        "func.func private @nested_fn()",
        "memref.global \"private\" @g",
        "module @named attributes {sym_visibility = \"private\"}",
    ] {
        assert!(text.contains(expected), "{expected} in\n{text}");
    }
    assert!(top.verify(), "{text}");
    let debug = format!("{:?}", top.child_ops().next().unwrap().as_symbol().unwrap());
    assert_eq!(
        debug,
        r#"Symbol { op: "func.func", name: Some("pub_fn"), visibility: Public }"#
    );
}
