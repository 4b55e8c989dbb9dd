//! Differential tests: each Rust port (`rs-strip-debuginfo`,
//! `rs-symbol-privatize`, `rs-symbol-dce`) and MLIR's own pass run on the same
//! inputs in the same process; the printed modules (with locations, in
//! generic form too) and the diagnostics must be identical, byte for byte.

use mlir_pass::{
    melior::ir::operation::{OperationLike, OperationPrintingFlags},
    Context, Module, PassManager,
};
use proptest::prelude::*;

/// What a pipeline did to an input: the module printed with debug
/// information in both forms, or the failure's diagnostics.
pub(crate) fn outcome(pipeline: &str, source: &str) -> Result<(String, String), Vec<String>> {
    mlir_pass::register_all().unwrap();
    let context = Context::new();
    context.allow_unregistered_dialects(true);
    let source = &format!("{source}\n");
    let mut module = Module::parse(&context, source, "input.mlir")
        .unwrap_or_else(|e| panic!("input does not parse: {e}\n{source}"));
    let mut pm = PassManager::parse(&context, pipeline)
        .unwrap_or_else(|e| panic!("pipeline does not parse: {e}"));
    if let Err(e) = pm.run(&mut module) {
        return Err(e.diagnostics.iter().map(ToString::to_string).collect());
    }
    let op = module.as_operation().melior();
    let pretty = op
        .to_string_with_flags(OperationPrintingFlags::new().enable_debug_info(true, false))
        .unwrap();
    let generic = op
        .to_string_with_flags(
            OperationPrintingFlags::new()
                .enable_debug_info(true, false)
                .print_generic_operation_form(),
        )
        .unwrap();
    Ok((pretty, generic))
}

/// Runs `ours` and `theirs` on `source`; they must agree exactly. Returns
/// whether the input was changed by the pass (to check inputs do something).
pub(crate) fn assert_same(ours: &str, theirs: &str, source: &str) -> bool {
    let expected = outcome(theirs, source);
    let actual = outcome(ours, source);
    assert_eq!(actual, expected, "{ours} and {theirs} differ on:\n{source}");
    let unchanged = outcome("builtin.module()", source);
    actual != unchanged
}

const SYMBOLS: &[&str] = &[
    // 1. public and private functions, calls
    "func.func @main() { call @used() : () -> () return }\nfunc.func private @used() { return }\nfunc.func private @dead() { return }",
    // 2. everything public
    "func.func @a() { return }\nfunc.func @b() { return }",
    // 3. a chain of private calls from a public root
    "func.func @root() { call @p1() : () -> () return }\nfunc.func private @p1() { call @p2() : () -> () return }\nfunc.func private @p2() { return }\nfunc.func private @p3() { call @p2() : () -> () return }",
    // 4. a private cycle nobody reaches
    "func.func private @x() { call @y() : () -> () return }\nfunc.func private @y() { call @x() : () -> () return }\nfunc.func @z() { return }",
    // 5. nested module, public
    "module @inner { func.func @f() { return } func.func private @g() { return } }\nfunc.func @main() { return }",
    // 6. nested module, private, referenced through a nested reference
    "module @inner attributes {sym_visibility = \"private\"} { func.func nested @f() { return } func.func private @g() { return } }\nfunc.func @main() attributes {ref = @inner::@f} { return }",
    // 7. nested module, private, unreferenced
    "module @lonely attributes {sym_visibility = \"private\"} { func.func @f() { return } }\nfunc.func @main() { return }",
    // 8. symbol uses in discardable attributes and arrays
    "func.func @main() attributes {refs = [@a, @b], one = {inner = @c}} { return }\nfunc.func private @a() { return }\nfunc.func private @b() { return }\nfunc.func private @c() { return }\nfunc.func private @d() { return }",
    // 9. func.constant references a symbol
    "func.func @main() -> (() -> ()) { %f = func.constant @target : () -> () return %f : () -> () }\nfunc.func private @target() { return }\nfunc.func private @other() { return }",
    // 10. nested visibility
    "module @m { func.func nested @n() { return } func.func @pub() { call @n() : () -> () return } }",
    // 11. declarations
    "func.func private @decl()\nfunc.func @main() { call @decl() : () -> () return }\nfunc.func private @unused_decl(i32) -> i32",
    // 12. memref globals
    "memref.global \"private\" @g0 : memref<4xi32> = dense<0>\nmemref.global \"private\" @g1 : memref<4xi32> = dense<1>\nfunc.func @main() -> memref<4xi32> { %m = memref.get_global @g0 : memref<4xi32> return %m : memref<4xi32> }",
    // 13. calls inside regions (scf)
    "func.func @main(%c: i1) { scf.if %c { func.call @in_if() : () -> () } return }\nfunc.func private @in_if() { return }\nfunc.func private @never() { return }",
    // 14. unregistered ops holding symbol references
    "func.func @main() { \"test.use\"() {callee = @kept} : () -> () return }\nfunc.func private @kept() { return }\nfunc.func private @gone() { return }",
    // 15. an unregistered op with a region (potentially unknown symbol table)
    "func.func @main() { \"test.region\"() ({ \"test.use\"() {callee = @p} : () -> () }) : () -> () return }\nfunc.func private @p() { return }",
    // 16. deep nesting of modules
    "module @l1 { module @l2 { module @l3 { func.func @deep() { return } func.func private @dead() { return } } } }",
    // 17. references to unknown symbols
    "func.func @main() attributes {ref = @nowhere, nested = @a::@b} { return }\nfunc.func private @p() { return }",
    // 18. a module with no symbols
    "func.func @only() { %c = arith.constant 1 : i32 return }",
    // 19. many private functions, some used
    "func.func @main() { call @u1() : () -> () call @u3() : () -> () return }\nfunc.func private @u1() { return }\nfunc.func private @u2() { return }\nfunc.func private @u3() { return }\nfunc.func private @u4() { return }",
    // 20. a private nested module using a symbol of its parent
    "module @child attributes {sym_visibility = \"private\"} { func.func @f() { return } }\nfunc.func private @helper() { return }\nfunc.func @main() { return }",
    // 21. symbols with the same name in different tables
    "module @a { func.func private @f() { return } func.func @g() { call @f() : () -> () return } }\nmodule @b { func.func private @f() { return } }\nfunc.func private @f() { return }",
    // 22. an llvm global and its address
    "llvm.mlir.global private @lg(0 : i32) : i32\nllvm.mlir.global private @unused(1 : i32) : i32\nfunc.func @main() -> !llvm.ptr { %p = llvm.mlir.addressof @lg : !llvm.ptr return %p : !llvm.ptr }",
    // 23. tables nested in an op that is no symbol, inside a live function
    // and inside a dead one (the port sweeps the tables its liveness walk
    // reached, upstream every table)
    "func.func @f() { scf.execute_region { builtin.module { func.func private @dead() { return } func.func private @used() { return } func.func @pub() { func.call @used() : () -> () return } } scf.yield } return }\nfunc.func private @deadouter() { scf.execute_region { builtin.module { func.func private @dead2() { return } } scf.yield } return }",
];

const LOCATIONS: &[&str] = &[
    // 1. file locations
    "func.func @f(%a: i32 loc(\"a.c\":1:2)) -> i32 { return %a : i32 loc(\"a.c\":3:4) } loc(\"a.c\":1:1)",
    // 2. unknown locations already
    "func.func @f() { return loc(unknown) } loc(unknown)",
    // 3. named locations
    "func.func @f() { return loc(\"ret\") } loc(\"fn\"(\"x.c\":1:1))",
    // 4. call-site locations
    "func.func @f() { return loc(callsite(\"callee\" at \"caller.c\":5:6)) }",
    // 5. fused locations
    "func.func @f() { return loc(fused[\"a.c\":1:1, \"b.c\":2:2]) }",
    // 6. fused with metadata
    "func.func @f() { return loc(fused<\"meta\">[\"a.c\":1:1, \"b.c\":2:2]) }",
    // 7. block arguments of nested blocks
    "func.func @f(%c: i1) { cf.cond_br %c, ^b1(%c : i1), ^b2 loc(\"br\":1:1)\n^b1(%x: i1 loc(\"arg\":2:2)):\n  return\n^b2:\n  return }",
    // 8. regions (scf.for induction variables)
    "func.func @f(%n: index) { %c0 = arith.constant 0 : index %c1 = arith.constant 1 : index scf.for %i = %c0 to %n step %c1 { %x = arith.addi %i, %i : index loc(\"body\":9:9) } loc(\"for\":8:8) return }",
    // 9. location aliases
    "#loc = loc(\"alias.c\":7:7)\nfunc.func @f() { return loc(#loc) }",
    // 10. nested modules
    "module @m { func.func @f() { return loc(\"inner\":1:1) } loc(\"fn\":1:1) } loc(\"mod\":1:1)",
];

#[test]
fn rs_symbol_dce_matches_symbol_dce_on_every_input() {
    let mut changed = 0;
    for source in SYMBOLS {
        if assert_same(
            "builtin.module(rs-symbol-dce)",
            "builtin.module(symbol-dce)",
            source,
        ) {
            changed += 1;
        }
    }
    assert!(changed >= 12, "only {changed} inputs had dead symbols");
    // Nested modules as the anchor.
    for source in &SYMBOLS[4..7] {
        assert_same(
            "builtin.module(builtin.module(rs-symbol-dce))",
            "builtin.module(builtin.module(symbol-dce))",
            source,
        );
    }
}

#[test]
fn rs_symbol_dce_fails_like_symbol_dce_on_an_op_without_a_symbol_table() {
    let source = SYMBOLS[0];
    let ours = outcome("builtin.module(func.func(rs-symbol-dce))", source);
    let theirs = outcome("builtin.module(func.func(symbol-dce))", source);
    assert!(theirs.is_err());
    assert_eq!(ours, theirs);
}

#[test]
fn rs_symbol_privatize_matches_symbol_privatize_on_every_input() {
    let mut changed = 0;
    for source in SYMBOLS.iter().chain(LOCATIONS) {
        for exclude in [
            "",
            "{exclude=main}",
            "{exclude=main,a,used}",
            "{exclude=inner,m}",
            // A longer list, with names the input does not have.
            "{exclude=x1,x2,x3,x4,x5,x6,x7,main,a,used}",
        ] {
            if assert_same(
                &format!("builtin.module(rs-symbol-privatize{exclude})"),
                &format!("builtin.module(symbol-privatize{exclude})"),
                source,
            ) {
                changed += 1;
            }
        }
        assert_same(
            "builtin.module(builtin.module(rs-symbol-privatize))",
            "builtin.module(builtin.module(symbol-privatize))",
            source,
        );
    }
    assert!(changed >= 40, "only {changed} runs changed anything");
}

#[test]
fn rs_strip_debuginfo_matches_strip_debuginfo_on_every_input() {
    let mut changed = 0;
    for source in LOCATIONS.iter().chain(SYMBOLS) {
        if assert_same(
            "builtin.module(rs-strip-debuginfo)",
            "builtin.module(strip-debuginfo)",
            source,
        ) {
            changed += 1;
        }
        assert_same(
            "builtin.module(func.func(rs-strip-debuginfo))",
            "builtin.module(func.func(strip-debuginfo))",
            source,
        );
    }
    assert!(
        changed >= 30,
        "only {changed} inputs had locations to strip"
    );
}

/// A random module: functions of random visibility calling each other,
/// referencing each other in attributes, some in nested modules, with random
/// locations.
fn module_source() -> impl Strategy<Value = String> {
    let func = (
        0..3u8,
        proptest::collection::vec(0..12usize, 0..3),
        proptest::option::of(0..12usize),
        0..4u8,
        any::<bool>(),
    );
    (proptest::collection::vec(func, 1..12), proptest::collection::vec(0..3u8, 0..3)).prop_map(
        |(funcs, modules)| {
            let n = funcs.len();
            let loc = |kind: u8, i: usize| match kind {
                0 => String::new(),
                1 => format!(" loc(\"f{i}.c\":{i}:1)"),
                2 => format!(" loc(\"name{i}\"(\"g.c\":1:{i}))"),
                _ => format!(" loc(fused[\"a.c\":{i}:1, callsite(\"x\" at \"y.c\":2:2)])"),
            };
            let mut out = String::new();
            for (i, (vis, calls, attr_ref, loc_kind, _)) in funcs.iter().enumerate() {
                let vis = ["", "private ", "nested "][*vis as usize % 2];
                let calls: String = calls
                    .iter()
                    .map(|c| format!("call @f{}() : () -> (){} ", c % n, loc(*loc_kind, *c)))
                    .collect();
                let attrs = attr_ref
                    .map(|r| format!(" attributes {{ref = [@f{}]}}", r % n))
                    .unwrap_or_default();
                out.push_str(&format!(
                    "func.func {vis}@f{i}(){attrs} {{ {calls}return{} }}{}\n",
                    loc(*loc_kind, i),
                    loc((*loc_kind + 1) % 4, i)
                ));
            }
            for (m, vis) in modules.iter().enumerate() {
                let vis_attr = if *vis == 1 {
                    " attributes {sym_visibility = \"private\"}"
                } else {
                    ""
                };
                let inner_vis = if *vis == 2 { "private " } else { "" };
                out.push_str(&format!(
                    "module @m{m}{vis_attr} {{ func.func {inner_vis}@g() {{ return }} func.func @h() {{ call @g() : () -> () return }} }}\n"
                ));
            }
            out
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(mlir_pass_tests::proptest_cases(64)))]

    #[test]
    fn the_ports_match_upstream_on_generated_modules(source in module_source()) {
        assert_same("builtin.module(rs-symbol-dce)", "builtin.module(symbol-dce)", &source);
        assert_same("builtin.module(rs-symbol-privatize{exclude=f0})", "builtin.module(symbol-privatize{exclude=f0})", &source);
        assert_same("builtin.module(rs-strip-debuginfo)", "builtin.module(strip-debuginfo)", &source);
    }
}
