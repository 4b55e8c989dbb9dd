//! Every safe entry point that hands Rust text to an MLIR parser sees that
//! text and nothing after it: MLIR's lexer reads up to a NUL, which a Rust
//! `&str` does not have. Subslices parse as themselves, and truncations,
//! embedded NULs and random text are errors or values, never a crash or a
//! read past the end (`make valgrind` runs these under valgrind).

use mlir_pass::ir::{parse_attribute, parse_module, parse_type};
use mlir_pass::{Context, Module, PassManager};

const WHOLE: &str = "func.func private @first()\nfunc.func private @second()";

fn functions(text: &str) -> usize {
    text.matches("func.func").count()
}

#[test]
fn a_subslice_parses_as_itself() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let first = &WHOLE[..WHOLE.find('\n').unwrap()];
    let module = Module::parse(&context, first, "first.mlir").unwrap();
    assert_eq!(functions(&module.to_string()), 1, "{module}");
    let module = parse_module(context.as_melior(), first).unwrap();
    assert_eq!(functions(&module.as_operation().to_string()), 1);
    // A prefix that ends inside a token is an error, whatever follows it.
    let cut = &WHOLE[..WHOLE.find("@second").unwrap() + 3];
    assert!(Module::parse(&context, cut, "cut.mlir").is_err());
    let types = "tensor<2xf32>, i64";
    let ty = parse_type(context.as_melior(), &types[..13]).unwrap();
    assert_eq!(ty.to_string(), "tensor<2xf32>");
    let attrs = "[1, 2], 3";
    assert_eq!(
        parse_attribute(context.as_melior(), &attrs[..6])
            .unwrap()
            .to_string(),
        "[1, 2]"
    );
    // A pipeline's text: the prefix lacks its closing parenthesis.
    let pipeline = "builtin.module(canonicalize),cse)";
    assert!(PassManager::parse(&context, &pipeline[..27]).is_err());
    let parsed = PassManager::parse(&context, &pipeline[..28]).map(|_| ());
    parsed.unwrap();
}

/// A module with a bit of everything the lexer reads: strings with escapes,
/// numbers, attributes, types, block labels, comments.
const SAMPLE: &str = r#"// a comment
module attributes {test.name = "x\"y\0A"} {
  func.func @f(%a: i64, %t: tensor<2x?xf32>) -> (i64, f32) {
    %c = arith.constant 0x7FF0000000000000 : f64
    %0 = arith.addi %a, %a : i64
    cf.br ^bb1(%0 : i64)
  ^bb1(%x: i64):
    %f = arith.constant -1.5e-3 : f32
    return %x, %f : i64, f32
  }
}"#;

#[test]
fn every_truncation_is_an_error_or_a_module() {
    let context = Context::new();
    context.allow_unregistered_dialects(true);
    let mut parsed = 0;
    for end in (0..=SAMPLE.len()).filter(|&i| SAMPLE.is_char_boundary(i)) {
        let text = &SAMPLE[..end];
        if Module::parse(&context, text, "truncated.mlir").is_ok() {
            parsed += 1;
        }
        let _ = parse_module(context.as_melior(), text);
        context.take_diagnostics();
    }
    // The empty text, the comment alone, and the whole sample parse.
    assert!(parsed >= 3, "{parsed}");
}

/// A small deterministic generator (no dependency, same text every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn random_text_and_embedded_nuls_never_crash_a_parser() {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    let context = Context::new();
    let alphabet: Vec<char> = "%@^#!{}()<>[]:=,.\"\\0123456789 abcfiuxz_-\n\t\0é→"
        .chars()
        .collect();
    let pieces = [
        "func.func",
        "@f",
        "(",
        ")",
        "{",
        "}",
        "i64",
        "tensor<",
        "x",
        ">",
        "\"",
        "\\",
        "%0",
        "=",
        "arith.constant",
        "dense<",
        "0x",
        "^bb0",
        ":",
        "->",
        "builtin.module",
        "cse",
        "canonicalize",
        "{max-iterations=",
        "\0",
        "//",
        "\n",
    ];
    let mut rng = Lcg(0x5eed);
    for _ in 0..300 {
        let mut text = String::new();
        for _ in 0..rng.next() % 24 {
            if rng.next().is_multiple_of(2) {
                text.push(alphabet[rng.next() as usize % alphabet.len()]);
            } else {
                text.push_str(pieces[rng.next() as usize % pieces.len()]);
            }
        }
        // The text, and a subslice of it that ends before its last char.
        let end = text.char_indices().map(|(i, _)| i).next_back().unwrap_or(0);
        for text in [text.as_str(), &text[..end]] {
            let _ = Module::parse(&context, text, "random.mlir");
            let _ = parse_module(context.as_melior(), text);
            let _ = parse_type(context.as_melior(), text);
            let _ = parse_attribute(context.as_melior(), text);
            let _ = PassManager::parse(&context, text);
            context.take_diagnostics();
        }
    }
    // A NUL inside the text ends nothing early: MLIR's lexer skips it as it
    // does in a file, and reads the rest.
    let module = Module::parse(
        &context,
        "func.func private @f()\0func.func private @g()",
        "nul.mlir",
    )
    .unwrap();
    assert_eq!(functions(&module.to_string()), 2, "{module}");
}
