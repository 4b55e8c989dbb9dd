//! Pass options: MLIR's syntax, round-trip printing, errors, docs, and a
//! property test. Checked against how MLIR itself reads upstream options,
//! and (in `options/grammar.rs`) differentially against a C++ twin pass.

#[path = "options/grammar.rs"]
mod grammar;

use mlir_pass::{options, Context, Module, PassManager};
use mlir_pass_example_passes::AnnotateOpCount;
use mlir_pass_tests::{AllOptions, Mode};

fn setup() -> Context {
    mlir_pass_tests::link_cpp_twins();
    mlir_pass::register_all().expect("no conflicts");
    Context::new()
}

/// The text between the braces of `argument{...}` in a printed pipeline.
fn printed_options<'a>(pipeline: &'a str, argument: &str) -> &'a str {
    let start = pipeline
        .find(&format!("{argument}{{"))
        .unwrap_or_else(|| panic!("{argument} in {pipeline}"));
    let text = &pipeline[start + argument.len() + 1..];
    // As MLIR's pipeline parser finds it: the '}' that balances the opening
    // brace, quotes not considered.
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return &text[..i],
            '}' => depth -= 1,
            _ => {}
        }
    }
    panic!("unterminated options in {pipeline}")
}

#[test]
fn defaults_come_from_the_option_attributes() {
    let pass = AllOptions::default();
    assert_eq!((pass.small, pass.byte, pass.scale), (-3, 7, 0.5));
    assert_eq!(pass.label, "hello");
    assert_eq!(pass.names, ["a", "b"]);
    assert_eq!((pass.verbose, pass.big, pass.mode), (false, 0, Mode::Fast));
    let example = AnnotateOpCount::default();
    assert_eq!(example.attr_name, "pass.op_count");
    assert!(example.skip.is_empty());
}

#[test]
fn every_option_type_parses_prints_and_parses_back_through_mlir() {
    let context = setup();
    let text = "verbose small=-128 byte=255 big=18446744073709551615 offset=-9223372036854775808 \
                max-size=0x10 ratio=0.25 scale=-1.5e10 label=\"a b, {c}\" names=x,\"y z\",{w,v} \
                counts=1,-2,0b11 mode=thorough modes=fast,thorough";
    let expected = AllOptions {
        verbose: true,
        small: -128,
        byte: 255,
        big: u64::MAX,
        offset: i64::MIN,
        size_limit: 16,
        ratio: 0.25,
        scale: -1.5e10,
        label: "a b, {c}".into(),
        names: vec!["x".into(), "y z".into(), "w,v".into()],
        counts: vec![1, -2, 3],
        mode: Mode::Thorough,
        modes: vec![Mode::Fast, Mode::Thorough],
        runs: 0,
    };
    assert_eq!(options::parse::<AllOptions>(text).unwrap(), expected);

    // Through MLIR: parse the pipeline, print it, parse the printed text.
    let pm = PassManager::parse(
        &context,
        &format!("builtin.module(test-all-options{{{text}}})"),
    )
    .unwrap();
    let printed = pm.to_string();
    let printed_text = printed_options(&printed, "test-all-options");
    assert_eq!(
        options::parse::<AllOptions>(printed_text).unwrap(),
        expected,
        "{printed}"
    );
    let again = PassManager::parse(&context, &printed).unwrap();
    assert_eq!(again.to_string(), printed, "printing is a fixed point");
    assert_eq!(
        printed_text,
        "big=18446744073709551615 byte=255 counts={1,-2,3} label={a b, {c}} max-size=16 mode=thorough \
         modes={fast,thorough} names={x,{y z},\"w,v\"} offset=-9223372036854775808 ratio=0.25 \
         scale=-15000000000 \
         small=-128 verbose=true",
        "as MLIR prints, except the element holding a comma (MLIR: w,v)"
    );
}

#[test]
fn a_pass_built_in_code_prints_its_values() {
    let context = setup();
    let mut pm = PassManager::new(&context);
    pm.nest("func.func")
        .add_pass(AnnotateOpCount {
            attr_name: "n".into(),
            skip: vec!["func.return".into(), "arith.addi".into()],
        })
        .unwrap();
    assert_eq!(
        pm.to_string(),
        "builtin.module(func.func(annotate-op-count{attr-name=n skip={func.return,arith.addi}}))"
    );
    // And the printed pipeline parses back to a pass that does the same.
    let mut module = Module::parse(
        &context,
        "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.muli %0, %0 : i32\n  return %1 : i32\n}\n",
        "f.mlir",
    )
    .unwrap();
    PassManager::parse(&context, &pm.to_string())
        .unwrap()
        .run(&mut module)
        .unwrap();
    assert!(
        module.to_string().contains("attributes {n = 1 : i64}"),
        "{module}"
    );
}

#[test]
fn option_errors_name_the_pass_the_option_and_the_text() {
    let cases = [
        ("nope=1", "pass 'test-all-options' has no option 'nope'; its options are: big, byte, counts, label, max-size, mode, modes, names, offset, ratio, scale, small, verbose"),
        ("byte=300", "pass 'test-all-options': invalid value '300' for option 'byte' (u8): 300 is out of range for u8 (0..=255)"),
        ("small=-129", "pass 'test-all-options': invalid value '-129' for option 'small' (i8): -129 is out of range for i8 (-128..=127)"),
        ("big=ten", "pass 'test-all-options': invalid value 'ten' for option 'big' (u64): 'ten' is not an integer"),
        ("ratio=fast", "pass 'test-all-options': invalid value 'fast' for option 'ratio' (f32): invalid float literal"),
        ("verbose=yes", "pass 'test-all-options': invalid value 'yes' for option 'verbose' (bool): expected true or false"),
        ("mode=slow", "pass 'test-all-options': invalid value 'slow' for option 'mode' (Mode): expected fast or thorough"),
        ("counts=1,x,3", "pass 'test-all-options': invalid value '1,x,3' for option 'counts' (Vec<i32>): element 2 ('x'): 'x' is not an integer"),
        ("label", "pass 'test-all-options': option 'label' needs a value, as in label=<String>"),
        ("names", "pass 'test-all-options': option 'names' needs a value, as in names=<Vec<String>>"),
        // Spaces around '=' make three options of one, for MLIR too.
        (" label = x ", "pass 'test-all-options': option 'label' needs a value, as in label=<String> \
                         (a space ends an option: write label=<value>, without spaces)"),
        ("verbose = false", "pass 'test-all-options' has no option 'false'; its options are: big, byte, \
                             counts, label, max-size, mode, modes, names, offset, ratio, scale, small, \
                             verbose (a space ends an option: write verbose=<value>, without spaces)"),
        // Every occurrence is read, the ones that a later one replaces too.
        ("byte=300 byte=2", "pass 'test-all-options': invalid value '300' for option 'byte' (u8): 300 is out of range for u8 (0..=255)"),
        ("max-size=+1", "pass 'test-all-options': invalid value '+1' for option 'max-size' (usize): '+1' is not an integer"),
    ];
    for (text, expected) in cases {
        assert_eq!(
            options::parse::<AllOptions>(text).unwrap_err(),
            expected,
            "for {text:?}"
        );
    }
    // Through a pipeline the same message fails the parse; nothing aborts.
    let context = setup();
    let error =
        PassManager::parse(&context, "builtin.module(test-all-options{byte=300})").unwrap_err();
    assert!(
        error
            .message
            .contains("300 is out of range for u8 (0..=255)"),
        "{error}"
    );
}

#[test]
fn what_mlir_accepts_we_accept_with_the_same_values() {
    let parse = |text: &str| options::parse::<AllOptions>(text).unwrap();
    let default = AllOptions::default;
    // A repeated scalar: the last value wins; a repeated list appends, its
    // first occurrence replacing the default.
    assert_eq!(parse("byte=1 byte=2").byte, 2);
    assert_eq!(parse("names=x names=y,z").names, ["x", "y", "z"]);
    assert_eq!(parse("names=x names=").names, ["x"]);
    assert_eq!(parse("names= names=x").names, ["x"]);
    assert_eq!(
        parse("names=\"a,b\" names={\"c,d\"}").names,
        ["a", "b", "c,d"]
    );
    // A quote without a partner is a character.
    assert_eq!(parse("names=keep1\"").names, ["keep1\""]);
    assert_eq!(parse("names=keep1,\"keep2").names, ["keep1", "\"keep2"]);
    assert_eq!(parse("label=q\"uote").label, "q\"uote");
    assert_eq!(parse("label={abc").label, "{abc");
    // An empty value is true for a flag; an `=` without a name is skipped.
    assert!(parse("verbose=").verbose);
    assert_eq!(parse("=5 \"byte\"=9").byte, 9);
    assert_eq!(parse(""), default());
    // LLVM's integers: 0X and 0B prefixes too.
    assert_eq!(parse("max-size=0X1f").size_limit, 31);
}

/// The elements of the one list option in `text`, read with our grammar.
fn list_value(text: &str) -> Vec<String> {
    let entries = options::split_options(text).unwrap();
    let value = entries.first().and_then(|(_, v)| *v).unwrap_or("");
    options::split_list(value)
        .unwrap()
        .into_iter()
        .map(str::to_owned)
        .collect()
}

#[test]
fn our_reading_matches_mlirs_own_for_upstream_options() {
    // MLIR parses the upstream pass's options and prints them; our grammar
    // must read the same text to the same values. `symbol-privatize` has a
    // list-of-strings option, `canonicalize` integer, bool and enum options.
    let context = setup();
    // (An element holding a comma is left out: MLIR reads `{x,y},z` as two
    // elements, as we do, but prints them unescaped as `{x,y,z}`. So is a
    // stray quote, `keep1"`: MLIR prints `{keep1"}`, which reads back as
    // `{keep1"}`. options/grammar.rs compares such values with MLIR's own.)
    let lists = ["a,b", "\"a b\",c", "\"a,b\"", "'q r',s", "{p q}", ""];
    for list in lists {
        let pm = PassManager::parse(
            &context,
            &format!("builtin.module(symbol-privatize{{exclude={list}}})"),
        )
        .unwrap();
        let printed = pm.to_string();
        let mlir_text = printed_options(&printed, "symbol-privatize");
        let theirs = list_value(mlir_text);
        let ours = list_value(&format!("exclude={list}"));
        assert_eq!(ours, theirs, "exclude={list:?}: MLIR printed {printed:?}");
    }
    let ints = [
        ("7", 7i64),
        ("0x10", 16),
        ("010", 8),
        ("-1", -1),
        ("0b11", 3),
    ];
    for (text, value) in ints {
        let pm = PassManager::parse(
            &context,
            &format!("builtin.module(canonicalize{{max-iterations={text}}})"),
        )
        .unwrap();
        assert!(
            pm.to_string().contains(&format!("max-iterations={value} ")),
            "{text}: {pm}"
        );
        assert_eq!(options::parse_int::<i64>(text), Ok(value));
    }
    for (text, value) in [
        ("", true),
        ("=true", true),
        ("=1", true),
        ("=false", false),
        ("=0", false),
    ] {
        let pm = PassManager::parse(
            &context,
            &format!("builtin.module(canonicalize{{test-convergence{text}}})"),
        )
        .unwrap();
        assert!(
            pm.to_string()
                .contains(&format!("test-convergence={value} ")),
            "{text}: {pm}"
        );
        let ours = options::parse::<AllOptions>(&format!("verbose{text}")).unwrap();
        assert_eq!(ours.verbose, value);
    }
    // Where MLIR refuses a value, so do we.
    assert!(
        PassManager::parse(&context, "builtin.module(canonicalize{max-iterations=abc})").is_err()
    );
    assert!(options::parse_int::<i64>("abc").is_err());
    // A space ends a value: `exclude= a , b` gives `exclude` an empty value
    // and makes `a`, `,` and `b` option names, for MLIR and for us.
    let error = PassManager::parse(
        &context,
        "builtin.module(symbol-privatize{exclude= a , b })",
    )
    .unwrap_err();
    assert!(error.message.contains("no such option a"), "{error}");
    let ours = options::parse::<AllOptions>("names= a , b").unwrap_err();
    assert!(ours.contains("has no option 'a'"), "{ours}");
}

#[test]
fn a_port_prints_its_options_as_the_upstream_pass_does() {
    let context = setup();
    for options in [
        "exclude=aap,kat",
        "exclude=aap exclude=kat",
        "exclude=\"a b\",c",
        "exclude=",
        "exclude=a exclude=",
    ] {
        let print = |argument: &str| {
            let pm = PassManager::parse(
                &context,
                &format!("builtin.module({argument}{{{options}}})"),
            )
            .unwrap();
            pm.to_string()
        };
        let theirs = print("symbol-privatize");
        assert_eq!(
            print("rs-symbol-privatize"),
            theirs.replace("symbol-privatize", "rs-symbol-privatize"),
            "{options}"
        );
    }
    // Where MLIR's form would not read back (it prints `{keep1,"keep2}`, and
    // the stray quote would take the rest of the line with it), ours differs.
    let pm = PassManager::parse(
        &context,
        "builtin.module(rs-symbol-privatize{exclude=keep1,\"keep2})",
    )
    .unwrap();
    assert_eq!(
        pm.to_string(),
        "builtin.module(rs-symbol-privatize{exclude={keep1,'\"keep2'}})"
    );
}

#[test]
fn pass_docs_describe_every_pass_with_its_options() {
    let docs = mlir_pass::pass_docs();
    assert!(docs.starts_with("# Rust passes\n"));
    assert!(docs.contains("## `-annotate-op-count`\n\n_Annotates every function with the number of operations in its body._\n"), "{docs}");
    assert!(docs.contains("| Runs on | `func.func` |"));
    assert!(docs.contains("| Dependent dialects | `func` |"));
    assert!(
        docs.contains(
            "| `attr-name` | `String` | `pass.op_count` | Name of the attribute to set. |"
        ),
        "{docs}"
    );
    assert!(
        docs.contains("| `skip` | `Vec<String>` | `{}` | Operations not to count, by name. |"),
        "{docs}"
    );
    assert!(
        docs.contains("| `mode` | `Mode` | `fast` | How hard to try. |"),
        "{docs}"
    );
    assert!(
        docs.contains("| `max-size` | `usize` | `0` | A size. |"),
        "{docs}"
    );
    assert!(docs.contains("| Runs on | any operation |"));
    let pos = |a: &str| docs.find(&format!("## `-{a}`")).unwrap();
    assert!(
        pos("annotate-op-count") < pos("test-all-options"),
        "sorted by argument"
    );
}

mod property {
    use super::*;
    use proptest::prelude::*;

    /// Strings MLIR's grammar can carry: no leading or trailing whitespace,
    /// not both kinds of quote.
    fn representable() -> impl Strategy<Value = String> {
        "[a-zA-Z0-9 ,{}=._'\"-]{0,12}".prop_filter("representable", |s| {
            s.trim() == s && !(s.contains('"') && s.contains('\'')) && balanced(s)
        })
    }

    fn balanced(s: &str) -> bool {
        // Braces outside quotes must balance for a braced value to be read back.
        let mut depth = 0i32;
        for c in s.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth < 0 {
                return false;
            }
        }
        depth == 0
    }

    fn all_options() -> impl Strategy<Value = AllOptions> {
        (
            (
                any::<bool>(),
                any::<i8>(),
                any::<u8>(),
                any::<u64>(),
                any::<i64>(),
                any::<usize>(),
            ),
            (
                any::<f32>().prop_filter("finite", |f| f.is_finite()),
                any::<f64>().prop_filter("finite", |f| f.is_finite()),
            ),
            (
                representable(),
                prop::collection::vec(representable(), 0..4),
                prop::collection::vec(any::<i32>(), 0..4),
            ),
            (any::<bool>(), prop::collection::vec(any::<bool>(), 0..3)),
        )
            .prop_map(
                |(
                    (verbose, small, byte, big, offset, size_limit),
                    (ratio, scale),
                    (label, names, counts),
                    (thorough, modes),
                )| {
                    let mode = |t: bool| if t { Mode::Thorough } else { Mode::Fast };
                    AllOptions {
                        verbose,
                        small,
                        byte,
                        big,
                        offset,
                        size_limit,
                        ratio,
                        scale,
                        label,
                        names,
                        counts,
                        mode: mode(thorough),
                        modes: modes.into_iter().map(mode).collect(),
                        runs: 0,
                    }
                },
            )
    }

    proptest! {
        // A thousand cases a run: each run draws new ones (none is
        // persisted), so runs add up; `PROPTEST_CASES` asks for more.
        #![proptest_config(ProptestConfig {
            cases: mlir_pass_tests::proptest_cases(1000),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn printing_then_parsing_returns_the_same_values(pass in all_options()) {
            let printed = options::print(&pass);
            let parsed = options::parse::<AllOptions>(&printed);
            prop_assert_eq!(parsed.as_ref(), Ok(&pass), "printed as {}", printed);
        }

        #[test]
        fn printing_then_parsing_through_mlir_returns_the_same_values(pass in all_options()) {
            let context = setup();
            let mut pm = PassManager::new(&context);
            pm.add_pass(pass.clone()).unwrap();
            let pipeline = pm.to_string();
            let reparsed = PassManager::parse(&context, &pipeline).map(|pm| pm.to_string());
            prop_assert_eq!(reparsed, Ok(pipeline.clone()));
            let text = printed_options(&pipeline, "test-all-options");
            prop_assert_eq!(options::parse::<AllOptions>(text), Ok(pass));
        }

        #[test]
        fn strings_with_braces_round_trip_or_are_refused_by_name(label in "[a-z{}\"]([a-z{} \"]{0,10}[a-z{}\"])?") {
            let context = setup();
            let mut pm = PassManager::new(&context);
            let pass = AllOptions { label: label.clone(), ..AllOptions::default() };
            match pm.add_pass(pass.clone()) {
                Ok(()) => {
                    // Balanced, or unbalanced in a way that its printed form
                    // balances (`a "}{"` prints as `{a "}{"}`): it round-trips.
                    let pipeline = pm.to_string();
                    let reparsed = PassManager::parse(&context, &pipeline).map(|pm| pm.to_string());
                    prop_assert_eq!(reparsed, Ok(pipeline.clone()));
                    let text = printed_options(&pipeline, "test-all-options");
                    prop_assert_eq!(options::parse::<AllOptions>(text), Ok(pass));
                }
                Err(e) => {
                    prop_assert!(!balanced(&label), "{} was refused: {}", label, e.message);
                    prop_assert!(
                        e.message.starts_with("option 'label' of pass 'test-all-options' holds an unbalanced '"),
                        "{}", e.message
                    );
                }
            }
        }

        #[test]
        fn random_option_text_never_panics(text in "[a-z =,{}\"'0-9x.-]{0,40}") {
            match options::parse::<AllOptions>(&text) {
                Ok(_) => {}
                Err(message) => prop_assert!(message.starts_with("pass 'test-all-options'"), "{}", message),
            }
            let context = setup();
            let parsed = PassManager::parse(&context, &format!("builtin.module(test-all-options{{{text}}})"));
            if let Err(e) = parsed {
                prop_assert!(!e.message.is_empty());
            }
        }
    }
}

/// `with_<option>` setters build a pass in code with its options, even a
/// pass with private fields (which a struct literal cannot fill), and the
/// values reach the pipeline.
#[test]
fn generated_setters_build_a_pass_in_code_with_its_options() {
    let pass = AnnotateOpCount::default()
        .with_attr_name("n".to_owned())
        .with_skip(vec!["func.return".to_owned()]);
    assert_eq!(options::print(&pass), "attr-name=n skip={func.return}");
    let context = setup();
    let mut module = Module::parse(&context, "func.func @f() { return }", "f.mlir").unwrap();
    let mut pm = PassManager::new(&context);
    pm.nest("func.func").add_pass(pass).unwrap();
    pm.run(&mut module).unwrap();
    assert!(module.to_string().contains("n = 0 : i64"), "{module}");
    // A pass with a private field: only the setters configure it.
    let private = mlir_pass_tests::ir_passes::TestPatternRoot::default()
        .with_root("arith.muli".to_owned())
        .with_walk(true);
    assert_eq!(options::print(&private), "root=arith.muli walk=true");
}
