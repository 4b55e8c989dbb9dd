//! The declarative assembly format (`format = "..."`, ODS's
//! `assemblyFormat`): parsed here, at compile time, into the flat list of
//! elements the runtime's `dialect::format::FormatElement` holds, and
//! checked with ODS's rules, so that a format MLIR could not parse or print
//! with is a compile error rather than a failure at registration.
//!
//! ```text
//! format  ::= element*
//! element ::= literal | variable | directive | group
//! literal ::= `keyword` | `punctuation`            (in backticks)
//! variable ::= `$` name                             (operand, attribute, region, successor)
//! directive ::= attr-dict | attr-dict-with-keyword | operands | regions | successors
//!             | type(target) | functional-type(target, target)
//! target  ::= $operand | $result | operands | results
//! group   ::= `(` element* `)` `?`                  (one element marked `^`, its anchor)
//! ```
//!
//! The parser knows the op only through a [`Shape`] (names and arities), so
//! it runs on plain strings and is unit-tested without syn.

use std::fmt;

use crate::dialects::edit_distance;

use super::ast::Arity;

/// What a format can name: the op's parts, in declaration order.
#[derive(Default)]
pub struct Shape {
    /// Operand groups: name and arity.
    pub operands: Vec<(String, Arity)>,
    /// Result groups: name and arity.
    pub results: Vec<(String, Arity)>,
    /// Attributes: name and whether it may be absent (optional or with a
    /// default).
    pub attributes: Vec<(String, bool)>,
    /// Regions: name and whether it is variadic.
    pub regions: Vec<(String, bool)>,
    /// Successors: name and whether it is variadic.
    pub successors: Vec<(String, bool)>,
    /// The op has `SameOperandsAndResultType`: one known type gives all.
    pub same_operands_and_result_type: bool,
    /// Per operand group: a single value of a buildable type (ODS's
    /// `BuildableType`: `I64`, `F64`, `Index`...), which the format may
    /// leave out.
    pub buildable_operands: Vec<bool>,
    /// The same per result group.
    pub buildable_results: Vec<bool>,
    /// The op has `InferTypeOpInterface`: the format may give no result
    /// type at all (the parser infers them).
    pub infers_result_types: bool,
}

/// Which values a `type(...)` or `functional-type(...)` names
/// (`dialect::format::TypeTarget`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `$operand`: the operand group with this index.
    Operand(u32),
    /// `operands`.
    Operands,
    /// `$result`: the result group with this index.
    Result(u32),
    /// `results`.
    Results,
}

/// One element (`dialect::format::FormatElement`); an optional group is
/// followed by its `len` elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// `` `(` ``, `` `to` ``.
    Literal(String),
    /// `$input`.
    Operand(u32),
    /// `operands`.
    Operands,
    /// `$value`.
    Attribute(u32),
    /// `type(...)`.
    Type(Target),
    /// `functional-type(..., ...)`.
    FunctionalType(Target, Target),
    /// `attr-dict`.
    AttrDict,
    /// `attr-dict-with-keyword`.
    AttrDictWithKeyword,
    /// `$body`.
    Region(u32),
    /// `regions`.
    Regions,
    /// `$dest`.
    Successor(u32),
    /// `successors`.
    Successors,
    /// `( ... )?`.
    OptionalGroup {
        /// The anchor's index inside the group.
        anchor: u32,
        /// How many elements follow that belong to the group.
        len: u32,
    },
}

/// The punctuation ODS accepts as a literal.
const PUNCTUATION: &[&str] = &[
    "->", ":", ",", "=", "<", ">", "(", ")", "[", "]", "{", "}", "?", "+", "*", "...", "|", "_",
];

/// Every directive, for messages and "did you mean".
const DIRECTIVES: &[&str] = &[
    "attr-dict",
    "attr-dict-with-keyword",
    "operands",
    "results",
    "regions",
    "successors",
    "type",
    "functional-type",
];

/// ODS directives this format does not implement.
const UNSUPPORTED: &[&str] = &["custom", "oilist", "ref", "qualified", "prop-dict"];

/// Parses and checks `source` against the op `shape`. The errors (all of
/// them, when the text parses) name the element at fault; the caller
/// points them at the format string.
pub fn parse(source: &str, shape: &Shape) -> Result<Vec<Element>, Vec<String>> {
    let tokens = lex(source).map_err(|e| vec![e])?;
    let mut parser = Parser {
        tokens,
        pos: 0,
        shape,
        out: Vec::new(),
        group: None,
    };
    parser.elements().map_err(|e| vec![e])?;
    let out = parser.out;
    let errors = check(&out, shape);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// A token of the format language.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// `` `text` ``.
    Literal(String),
    /// `$name`.
    Variable(String),
    /// `attr-dict`, `type`...
    Keyword(String),
    /// `(`, `)`, `?`, `^`, `,`, `:`, `<`, `>`.
    Punct(char),
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Literal(text) => write!(f, "`{text}`"),
            Token::Variable(name) => write!(f, "${name}"),
            Token::Keyword(word) => f.write_str(word),
            Token::Punct(c) => write!(f, "{c}"),
        }
    }
}

/// Splits the format into tokens.
fn lex(source: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut chars = source.char_indices().peekable();
    let word = |chars: &mut std::iter::Peekable<std::str::CharIndices>, dash: bool| {
        let mut word = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if c.is_ascii_alphanumeric() || c == '_' || (dash && c == '-') {
                word.push(c);
                chars.next();
            } else {
                break;
            }
        }
        word
    };
    while let Some(&(_, c)) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '`' => {
                chars.next();
                let mut text = String::new();
                loop {
                    match chars.next() {
                        Some((_, '`')) => break,
                        Some((_, c)) => text.push(c),
                        None => {
                            return Err(format!(
                                "the literal `{text}... has no closing backtick: write \
                                 literals as `(` or `to`"
                            ))
                        }
                    }
                }
                tokens.push(Token::Literal(text));
            }
            '$' => {
                chars.next();
                let name = word(&mut chars, false);
                if name.is_empty() {
                    return Err(
                        "`$` must be followed by the name of an operand, attribute, region or \
                         successor, as in `$input`"
                            .to_owned(),
                    );
                }
                tokens.push(Token::Variable(name));
            }
            '(' | ')' | '?' | '^' | ',' | ':' | '<' | '>' => {
                chars.next();
                tokens.push(Token::Punct(c));
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                tokens.push(Token::Keyword(word(&mut chars, true)));
            }
            other => {
                return Err(format!(
                    "unexpected `{other}`: punctuation is a literal, written between backticks \
                     (`` `{other}` ``)"
                ))
            }
        }
    }
    Ok(tokens)
}

/// Whether ODS accepts `text` as a literal: a keyword, punctuation, or
/// the spacing literals `` ` ` `` and `` `\n` `` (and the empty one).
fn is_literal(text: &str) -> bool {
    let keyword = text
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.');
    keyword || PUNCTUATION.contains(&text) || matches!(text, "" | " " | "\\n")
}

/// A recursive-descent parser writing flat elements to `out`.
struct Parser<'s> {
    tokens: Vec<Token>,
    pos: usize,
    shape: &'s Shape,
    out: Vec<Element>,
    /// Inside an optional group: the index of its header in `out` and its
    /// anchor so far.
    group: Option<(usize, Option<u32>)>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        token
    }

    fn expect(&mut self, c: char, context: &str) -> Result<(), String> {
        match self.next() {
            Some(Token::Punct(p)) if p == c => Ok(()),
            Some(other) => Err(format!("expected `{c}` {context}, found `{other}`")),
            None => Err(format!(
                "expected `{c}` {context}, found the end of the format"
            )),
        }
    }

    /// Elements up to the end, or up to the `)` of the current group.
    fn elements(&mut self) -> Result<(), String> {
        while let Some(token) = self.peek() {
            if *token == Token::Punct(')') {
                if self.group.is_some() {
                    return Ok(());
                }
                return Err(
                    "unmatched `)`: an optional group is written `(...)?`; a `)` \
                            literal is written in backticks"
                        .to_owned(),
                );
            }
            self.element()?;
        }
        if self.group.is_some() {
            return Err("an optional group has no closing `)?`".to_owned());
        }
        Ok(())
    }

    /// One element, and its `^` if it has one.
    fn element(&mut self) -> Result<(), String> {
        let token = self.next().expect("called with a token left");
        let at = self.out.len();
        let element = match token {
            Token::Literal(text) => {
                if !is_literal(&text) {
                    return Err(format!(
                        "`{text}` is not a literal ODS accepts: write a keyword (`to`) or one \
                         punctuation token ({})",
                        PUNCTUATION.join(" ")
                    ));
                }
                Element::Literal(text)
            }
            Token::Variable(name) => self.variable(&name)?,
            Token::Keyword(word) => self.directive(&word)?,
            Token::Punct('(') => return self.group(),
            Token::Punct('^') => {
                return Err(
                    "`^` marks the anchor of an optional group and follows it, as in \
                            `($input^ `:` type($input))?`"
                        .to_owned(),
                )
            }
            Token::Punct(c) => {
                return Err(format!(
                    "unexpected `{c}`: punctuation is a literal, written between backticks \
                     (`` `{c}` ``)"
                ))
            }
        };
        self.out.push(element);
        if self.peek() == Some(&Token::Punct('^')) {
            self.next();
            let Some((header, anchor)) = &mut self.group else {
                return Err(format!(
                    "`{}^`: only an element inside an optional group `(...)?` can be an anchor",
                    written(&self.out[at], self.shape)
                ));
            };
            if anchor.is_some() {
                return Err(
                    "an optional group has two anchors (`^`): mark only the element whose \
                     presence decides whether the group is printed"
                        .to_owned(),
                );
            }
            *anchor = Some((at - *header - 1) as u32);
        }
        Ok(())
    }

    /// `$name`: an operand, attribute, region or successor.
    fn variable(&self, name: &str) -> Result<Element, String> {
        let shape = self.shape;
        if let Some(i) = find(&shape.operands, name) {
            return Ok(Element::Operand(i));
        }
        if let Some(i) = find(&shape.attributes, name) {
            return Ok(Element::Attribute(i));
        }
        if let Some(i) = find(&shape.regions, name) {
            return Ok(Element::Region(i));
        }
        if let Some(i) = find(&shape.successors, name) {
            return Ok(Element::Successor(i));
        }
        if find(&shape.results, name).is_some() {
            return Err(format!(
                "`${name}` is a result: a format prints results' types only, as in \
                 `type(${name})`"
            ));
        }
        Err(unknown_variable(name, shape))
    }

    /// `attr-dict`, `operands`, `type(...)`...
    fn directive(&mut self, word: &str) -> Result<Element, String> {
        Ok(match word {
            "attr-dict" => Element::AttrDict,
            "attr-dict-with-keyword" => Element::AttrDictWithKeyword,
            "operands" => Element::Operands,
            "regions" => Element::Regions,
            "successors" => Element::Successors,
            "results" => {
                return Err(
                    "`results` names the results' types only: write `type(results)` or \
                     `functional-type(operands, results)`"
                        .to_owned(),
                )
            }
            "type" => {
                self.expect('(', "after `type`")?;
                let target = self.target("type")?;
                self.expect(')', "to close `type(...)`")?;
                Element::Type(target)
            }
            "functional-type" => {
                self.expect('(', "after `functional-type`")?;
                let inputs = self.target("functional-type")?;
                self.expect(',', "between the two arguments of `functional-type(...)`")?;
                let outputs = self.target("functional-type")?;
                self.expect(')', "to close `functional-type(...)`")?;
                Element::FunctionalType(inputs, outputs)
            }
            other if UNSUPPORTED.contains(&other) => {
                return Err(format!(
                    "the `{other}` directive is not supported by #[mlir_op]'s format (supported: \
                     {})",
                    DIRECTIVES.join(", ")
                ))
            }
            other => {
                let hint = closest(other, DIRECTIVES.iter().copied())
                    .map(|d| format!("did you mean `{d}`? "))
                    .unwrap_or_default();
                return Err(format!(
                    "unknown directive `{other}`: {hint}write a directive ({}), a variable \
                     such as `$input`, or a literal between backticks (`` `{other}` ``)",
                    DIRECTIVES.join(", ")
                ));
            }
        })
    }

    /// The argument of `type(...)`: `$operand`, `$result`, `operands`,
    /// `results`.
    fn target(&mut self, directive: &str) -> Result<Target, String> {
        let shape = self.shape;
        match self.next() {
            Some(Token::Variable(name)) => {
                if let Some(i) = find(&shape.operands, &name) {
                    Ok(Target::Operand(i))
                } else if let Some(i) = find(&shape.results, &name) {
                    Ok(Target::Result(i))
                } else if find(&shape.attributes, &name).is_some()
                    || find(&shape.regions, &name).is_some()
                    || find(&shape.successors, &name).is_some()
                {
                    Err(format!(
                        "`{directive}(...)` takes an operand or a result (`$input`, `operands`, \
                         `results`): `${name}` is neither"
                    ))
                } else {
                    Err(unknown_variable(&name, shape))
                }
            }
            Some(Token::Keyword(word)) if word == "operands" => Ok(Target::Operands),
            Some(Token::Keyword(word)) if word == "results" => Ok(Target::Results),
            Some(other) => Err(format!(
                "`{directive}(...)` takes an operand or a result (`$input`, `operands`, \
                 `results`), not `{other}`"
            )),
            None => Err(format!("`{directive}(` is not closed")),
        }
    }

    /// `( ... )?`, after its `(`.
    fn group(&mut self) -> Result<(), String> {
        if self.group.is_some() {
            return Err(
                "optional groups cannot be nested: flatten the inner group into the \
                        outer one, or make it a group of its own after it"
                    .to_owned(),
            );
        }
        let header = self.out.len();
        self.out.push(Element::OptionalGroup { anchor: 0, len: 0 });
        self.group = Some((header, None));
        self.elements()?;
        let (_, anchor) = self.group.take().expect("set above");
        self.expect(')', "to close the optional group")?;
        match self.next() {
            Some(Token::Punct('?')) => {}
            Some(Token::Punct(':')) => {
                return Err("an optional group's else-branch (`(...) : (...)?`) is not \
                            supported by #[mlir_op]'s format"
                    .to_owned())
            }
            _ => {
                return Err(
                    "a group is optional and ends with `)?`: write `(...)?`; a `(` \
                            literal is written in backticks"
                        .to_owned(),
                )
            }
        }
        let len = (self.out.len() - header - 1) as u32;
        if len == 0 {
            return Err("an optional group is empty: remove `()?`".to_owned());
        }
        let group = &self.out[header + 1..];
        let Some(anchor) = anchor else {
            return Err(format!(
                "the optional group `({})?` has no anchor: mark the element whose presence \
                 decides whether the group is printed with `^`, as in `($input^ `:` \
                 type($input))?`",
                group
                    .iter()
                    .map(|e| written(e, self.shape))
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        };
        let anchor_element = &group[anchor as usize];
        if !can_anchor(anchor_element, self.shape) {
            return Err(format!(
                "{} cannot anchor an optional group: it is always present; the anchor must \
                 be an Optional or Variadic operand, an optional attribute (`Optional<...>` \
                 or with a default), or a variadic region or successor",
                quoted(anchor_element, self.shape)
            ));
        }
        let first = &group[0];
        if !matches!(
            first,
            Element::Literal(_) | Element::Operand(_) | Element::Attribute(_) | Element::Region(_)
        ) {
            return Err(format!(
                "an optional group cannot start with {}: its first element must be a literal, \
                 an operand, an attribute or a region, which the parser can see is there",
                quoted(first, self.shape)
            ));
        }
        if let Some(dict) = group
            .iter()
            .find(|e| matches!(e, Element::AttrDict | Element::AttrDictWithKeyword))
        {
            return Err(format!(
                "{} cannot be inside an optional group: put it at the top level",
                quoted(dict, self.shape)
            ));
        }
        self.out[header] = Element::OptionalGroup { anchor, len };
        Ok(())
    }
}

/// The index of `name` in a list of parts.
fn find<T>(list: &[(String, T)], name: &str) -> Option<u32> {
    list.iter().position(|(n, _)| n == name).map(|i| i as u32)
}

/// The closest of `candidates` to `word`, if close enough to suggest.
fn closest<'c>(word: &str, candidates: impl Iterator<Item = &'c str>) -> Option<&'c str> {
    candidates
        .map(|c| (edit_distance(word, c), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min()
        .map(|(_, c)| c)
}

/// "`$x` is not ... did you mean ...".
fn unknown_variable(name: &str, shape: &Shape) -> String {
    let names = shape
        .operands
        .iter()
        .map(|(n, _)| n)
        .chain(shape.results.iter().map(|(n, _)| n))
        .chain(shape.attributes.iter().map(|(n, _)| n))
        .chain(shape.regions.iter().map(|(n, _)| n))
        .chain(shape.successors.iter().map(|(n, _)| n))
        .map(String::as_str);
    let all: Vec<String> = names.clone().map(|n| format!("${n}")).collect();
    let hint = closest(name, names)
        .map(|n| format!("did you mean `${n}`? "))
        .unwrap_or_default();
    let known = if all.is_empty() {
        "the op has no operands, results, attributes, regions or successors".to_owned()
    } else {
        format!("the op's are {}", all.join(", "))
    };
    format!(
        "`${name}` is not an operand, result, attribute, region or successor of the op: \
         {hint}({known})"
    )
}

/// Whether `element` may be an optional group's anchor.
fn can_anchor(element: &Element, shape: &Shape) -> bool {
    match *element {
        Element::Operand(i) => shape.operands[i as usize].1 != Arity::Single,
        Element::Attribute(i) => shape.attributes[i as usize].1,
        Element::Region(i) => shape.regions[i as usize].1,
        Element::Successor(i) => shape.successors[i as usize].1,
        _ => false,
    }
}

/// An element quoted for a message: `` `$x` ``, or a literal in its own
/// backticks.
fn quoted(element: &Element, shape: &Shape) -> String {
    match element {
        Element::Literal(_) => written(element, shape),
        other => format!("`{}`", written(other, shape)),
    }
}

/// An element as the user wrote it.
fn written(element: &Element, shape: &Shape) -> String {
    let target = |t: &Target| match *t {
        Target::Operand(i) => format!("${}", shape.operands[i as usize].0),
        Target::Operands => "operands".to_owned(),
        Target::Result(i) => format!("${}", shape.results[i as usize].0),
        Target::Results => "results".to_owned(),
    };
    match element {
        Element::Literal(text) => format!("`{text}`"),
        Element::Operand(i) => format!("${}", shape.operands[*i as usize].0),
        Element::Operands => "operands".to_owned(),
        Element::Attribute(i) => format!("${}", shape.attributes[*i as usize].0),
        Element::Type(t) => format!("type({})", target(t)),
        Element::FunctionalType(a, b) => format!("functional-type({}, {})", target(a), target(b)),
        Element::AttrDict => "attr-dict".to_owned(),
        Element::AttrDictWithKeyword => "attr-dict-with-keyword".to_owned(),
        Element::Region(i) => format!("${}", shape.regions[*i as usize].0),
        Element::Regions => "regions".to_owned(),
        Element::Successor(i) => format!("${}", shape.successors[*i as usize].0),
        Element::Successors => "successors".to_owned(),
        Element::OptionalGroup { .. } => "(...)?".to_owned(),
    }
}

/// What the elements leave out or give twice, as ODS's format checker
/// reports it: every operand, region and successor appears once, every
/// operand and result type is known, one attribute dictionary.
fn check(elements: &[Element], shape: &Shape) -> Vec<String> {
    let mut errors = Vec::new();
    let mut seen = Seen::new(shape);
    for element in elements {
        seen.visit(element, shape, &mut errors);
    }

    // Values.
    for (kind, names, used, all) in [
        (
            "operand",
            &shape.operands.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            &seen.operands,
            seen.all_operands,
        ),
        (
            "region",
            &shape.regions.iter().map(|(n, _)| n).collect(),
            &seen.regions,
            seen.all_regions,
        ),
        (
            "successor",
            &shape.successors.iter().map(|(n, _)| n).collect(),
            &seen.successors,
            seen.all_successors,
        ),
    ] {
        if all {
            continue;
        }
        let directive = format!("{kind}s");
        for (name, used) in names.iter().zip(used) {
            if !used {
                errors.push(format!(
                    "{kind} `{name}` does not appear in the format: add `${name}` (or \
                     `{directive}` for all of them)"
                ));
            }
        }
    }

    // Attribute dictionary.
    match seen.attr_dicts {
        0 => errors.push(
            "the format has no `attr-dict`: add `attr-dict` (it prints the attributes the \
             format does not name)"
                .to_owned(),
        ),
        1 => {}
        _ => errors.push("the format has more than one `attr-dict`: keep one".to_owned()),
    }

    // Types.
    let any_type_known = seen.all_operand_types
        || seen.all_result_types
        || seen.operand_types.iter().any(|t| *t)
        || seen.result_types.iter().any(|t| *t);
    if !(shape.same_operands_and_result_type && any_type_known) {
        let hint = if shape.same_operands_and_result_type {
            " (with SameOperandsAndResultType, one type gives them all)"
        } else {
            ""
        };
        if !seen.all_operand_types {
            for (((name, _), known), buildable) in
                shape.operands.iter().zip(&seen.operand_types).zip(
                    shape
                        .buildable_operands
                        .iter()
                        .chain(std::iter::repeat(&false)),
                )
            {
                if !known && !buildable {
                    errors.push(format!(
                        "the type of operand `{name}` is not given by the format: add \
                         `type(${name})` or `type(operands)`{hint}"
                    ));
                }
            }
        }
        let none_given = !seen.result_types.iter().any(|t| *t);
        let inferred = shape.infers_result_types && none_given;
        if !(seen.all_result_types || inferred) {
            for (((name, _), known), buildable) in shape.results.iter().zip(&seen.result_types).zip(
                shape
                    .buildable_results
                    .iter()
                    .chain(std::iter::repeat(&false)),
            ) {
                if !known && !buildable {
                    errors.push(format!(
                        "the type of result `{name}` is not given by the format: add \
                         `type(${name})` or `type(results)`{hint}"
                    ));
                }
            }
        }
    }
    errors
}

/// What the format names, for [`check`].
struct Seen {
    operands: Vec<bool>,
    all_operands: bool,
    attributes: Vec<bool>,
    regions: Vec<bool>,
    all_regions: bool,
    successors: Vec<bool>,
    all_successors: bool,
    operand_types: Vec<bool>,
    all_operand_types: bool,
    result_types: Vec<bool>,
    all_result_types: bool,
    attr_dicts: usize,
}

impl Seen {
    fn new(shape: &Shape) -> Self {
        Seen {
            operands: vec![false; shape.operands.len()],
            all_operands: false,
            attributes: vec![false; shape.attributes.len()],
            regions: vec![false; shape.regions.len()],
            all_regions: false,
            successors: vec![false; shape.successors.len()],
            all_successors: false,
            operand_types: vec![false; shape.operands.len()],
            all_operand_types: false,
            result_types: vec![false; shape.results.len()],
            all_result_types: false,
            attr_dicts: 0,
        }
    }

    fn visit(&mut self, element: &Element, shape: &Shape, errors: &mut Vec<String>) {
        match *element {
            Element::Operand(i) => mark_one(
                &mut self.operands,
                self.all_operands,
                i,
                &format!("${}", shape.operands[i as usize].0),
                "operands",
                errors,
            ),
            Element::Operands => mark_all(
                &mut self.operands,
                &mut self.all_operands,
                "operands",
                |i| format!("${}", shape.operands[i].0),
                errors,
            ),
            Element::Attribute(i) => {
                let seen = &mut self.attributes[i as usize];
                if *seen {
                    errors.push(format!(
                        "`${}` appears twice in the format: keep one",
                        shape.attributes[i as usize].0
                    ));
                }
                *seen = true;
            }
            Element::Region(i) => mark_one(
                &mut self.regions,
                self.all_regions,
                i,
                &format!("${}", shape.regions[i as usize].0),
                "regions",
                errors,
            ),
            Element::Regions => mark_all(
                &mut self.regions,
                &mut self.all_regions,
                "regions",
                |i| format!("${}", shape.regions[i].0),
                errors,
            ),
            Element::Successor(i) => mark_one(
                &mut self.successors,
                self.all_successors,
                i,
                &format!("${}", shape.successors[i as usize].0),
                "successors",
                errors,
            ),
            Element::Successors => mark_all(
                &mut self.successors,
                &mut self.all_successors,
                "successors",
                |i| format!("${}", shape.successors[i].0),
                errors,
            ),
            Element::Type(t) => self.type_of(t, shape, errors),
            Element::FunctionalType(a, b) => {
                self.type_of(a, shape, errors);
                self.type_of(b, shape, errors);
            }
            Element::AttrDict | Element::AttrDictWithKeyword => self.attr_dicts += 1,
            Element::Literal(_) | Element::OptionalGroup { .. } => {}
        }
    }

    /// A type directive's target: its types are now known, once.
    fn type_of(&mut self, target: Target, shape: &Shape, errors: &mut Vec<String>) {
        let name = |t: Target| match t {
            Target::Operand(i) => format!("type(${})", shape.operands[i as usize].0),
            Target::Result(i) => format!("type(${})", shape.results[i as usize].0),
            Target::Operands => "type(operands)".to_owned(),
            Target::Results => "type(results)".to_owned(),
        };
        match target {
            Target::Operand(i) => mark_one(
                &mut self.operand_types,
                self.all_operand_types,
                i,
                &name(target),
                "type(operands)",
                errors,
            ),
            Target::Result(i) => mark_one(
                &mut self.result_types,
                self.all_result_types,
                i,
                &name(target),
                "type(results)",
                errors,
            ),
            Target::Operands => mark_all(
                &mut self.operand_types,
                &mut self.all_operand_types,
                "type(operands)",
                |i| format!("type(${})", shape.operands[i].0),
                errors,
            ),
            Target::Results => mark_all(
                &mut self.result_types,
                &mut self.all_result_types,
                "type(results)",
                |i| format!("type(${})", shape.results[i].0),
                errors,
            ),
        }
    }
}

/// Marks one value (or type) as given, reporting a second time.
fn mark_one(
    seen: &mut [bool],
    all: bool,
    i: u32,
    what: &str,
    all_directive: &str,
    errors: &mut Vec<String>,
) {
    if all {
        errors.push(format!(
            "`{what}` is given twice: `{all_directive}` already gives it; keep one"
        ));
    } else if seen[i as usize] {
        errors.push(format!("`{what}` appears twice in the format: keep one"));
    }
    seen[i as usize] = true;
}

/// Marks every value (or type) as given by `directive`, reporting those
/// given already.
fn mark_all(
    seen: &mut [bool],
    all: &mut bool,
    directive: &str,
    what: impl Fn(usize) -> String,
    errors: &mut Vec<String>,
) {
    if *all {
        errors.push(format!(
            "`{directive}` appears twice in the format: keep one"
        ));
    } else if let Some(i) = seen.iter().position(|s| *s) {
        errors.push(format!(
            "`{directive}` gives `{}` a second time: keep one of them",
            what(i)
        ));
    }
    *all = true;
    seen.iter_mut().for_each(|s| *s = true);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `input`/`inputs` operands, an `output` result, a `value` attribute
    /// and an optional `flag`, a `body` region.
    fn shape() -> Shape {
        Shape {
            operands: vec![
                ("input".into(), Arity::Single),
                ("rest".into(), Arity::Variadic),
            ],
            results: vec![("output".into(), Arity::Single)],
            attributes: vec![("value".into(), false), ("flag".into(), true)],
            regions: vec![("body".into(), false)],
            successors: vec![],
            same_operands_and_result_type: false,
            buildable_operands: vec![],
            buildable_results: vec![],
            infers_result_types: false,
        }
    }

    fn errors(source: &str) -> Vec<String> {
        parse(source, &shape()).expect_err(source)
    }

    fn one_error(source: &str) -> String {
        let errors = errors(source);
        assert_eq!(errors.len(), 1, "{errors:?}");
        errors.into_iter().next().unwrap()
    }

    #[test]
    fn parses_a_full_format() {
        let elements = parse(
            "$input `,` $rest ($flag^ `flag`)? $value $body attr-dict `:` \
             functional-type(operands, results)",
            &shape(),
        )
        .unwrap();
        use Element::*;
        assert_eq!(
            elements,
            vec![
                Operand(0),
                Literal(",".into()),
                Operand(1),
                OptionalGroup { anchor: 0, len: 2 },
                Attribute(1),
                Literal("flag".into()),
                Attribute(0),
                Region(0),
                AttrDict,
                Literal(":".into()),
                FunctionalType(Target::Operands, Target::Results),
            ]
        );
    }

    #[test]
    fn groups_are_flattened_with_their_anchor() {
        let elements = parse(
            "operands $body (`with` $flag^)? attr-dict `:` type($input) `,` type($rest) `->` \
             type($output)",
            &shape(),
        )
        .unwrap();
        assert_eq!(elements[2], Element::OptionalGroup { anchor: 1, len: 2 });
        assert_eq!(elements[3], Element::Literal("with".into()));
        assert_eq!(
            elements[7],
            Element::Type(Target::Operand(0)),
            "{elements:?}"
        );
    }

    #[test]
    fn unknown_variables_suggest_a_name() {
        let e = one_error("$inptu $rest $body attr-dict `:` functional-type(operands, results)");
        assert!(e.contains("`$inptu` is not an operand"), "{e}");
        assert!(e.contains("did you mean `$input`?"), "{e}");
    }

    #[test]
    fn every_operand_must_appear() {
        let e = one_error("$input $body attr-dict `:` functional-type(operands, results)");
        assert!(
            e.contains("operand `rest` does not appear in the format"),
            "{e}"
        );
    }

    #[test]
    fn every_type_must_be_known() {
        let e = errors("operands $body attr-dict `:` type($input)");
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(
            e[0].contains("the type of operand `rest` is not given"),
            "{e:?}"
        );
        assert!(
            e[1].contains(
                "the type of result `output` is not given by the format: add `type($output)` or \
                 `type(results)`"
            ),
            "{e:?}"
        );
    }

    #[test]
    fn same_operands_and_result_type_needs_one_type() {
        let mut shape = shape();
        shape.same_operands_and_result_type = true;
        assert!(parse("operands $body attr-dict `:` type($input)", &shape).is_ok());
        let e = parse("operands $body attr-dict", &shape).unwrap_err();
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(e[0].contains("one type gives them all"), "{e:?}");
    }

    #[test]
    fn attr_dict_exactly_once() {
        assert!(
            one_error("operands $body `:` functional-type(operands, results)")
                .contains("no `attr-dict`")
        );
        assert!(
            one_error("operands $body attr-dict attr-dict-with-keyword `:` functional-type(operands, results)")
                .contains("more than one `attr-dict`")
        );
    }

    #[test]
    fn values_appear_once() {
        assert!(one_error(
            "operands $input $body attr-dict `:` functional-type(operands, results)"
        )
        .contains("`$input` is given twice: `operands` already gives it"));
        assert!(one_error(
            "$input $rest $body $body attr-dict `:` functional-type(operands, results)"
        )
        .contains("`$body` appears twice"));
        assert!(one_error(
            "operands $body attr-dict `:` type(operands) type($input) `->` type(results)"
        )
        .contains("`type($input)` is given twice"));
    }

    #[test]
    fn regions_must_appear() {
        assert!(
            one_error("operands attr-dict `:` functional-type(operands, results)")
                .contains("region `body` does not appear")
        );
    }

    #[test]
    fn optional_groups() {
        let rest = " operands $body attr-dict `:` functional-type(operands, results)";
        let check = |group: &str, expected: &str| {
            let e = one_error(&format!("{group}{rest}"));
            assert!(e.contains(expected), "{group}: {e}");
        };
        check("(`x` $flag)?", "has no anchor");
        check("(`x`^ $flag)?", "`x` cannot anchor");
        check("(`x` $value^)?", "`$value` cannot anchor");
        check("(`x` $flag^ $flag^)?", "two anchors");
        check("(`x` ($flag^)?)?", "cannot be nested");
        check("(type($input) $flag^)?", "cannot start with `type($input)`");
        check("(`x` $flag^ attr-dict)?", "`attr-dict` cannot be inside");
        check("(`x` $flag^)", "ends with `)?`");
        check("(`x` $flag^) : (`y`)?", "else-branch");
        check("$flag^", "only an element inside an optional group");
        check("`x` )", "unmatched `)`");
    }

    #[test]
    fn lexical_errors() {
        assert!(one_error("`(").contains("no closing backtick"));
        assert!(one_error("$ input").contains("`$` must be followed"));
        assert!(one_error("{").contains("unexpected `{`"));
        assert!(one_error("`=>`").contains("not a literal ODS accepts"));
        assert!(one_error("$output").contains("is a result"));
        assert!(one_error("results").contains("`results` names the results' types only"));
        assert!(one_error("type($value)").contains("`$value` is neither"));
        assert!(one_error("attr-dic").contains("did you mean `attr-dict`?"));
        assert!(one_error("custom<Foo>($input)").contains("not supported"));
        assert!(one_error("type($input").contains("expected `)`"));
    }

    #[test]
    fn literals() {
        for ok in ["to", "->", "(", "...", "x_1", "", " ", "\\n", "{", "_"] {
            assert!(is_literal(ok), "{ok:?}");
        }
        for bad in ["=>", "1x", "a b", ";"] {
            assert!(!is_literal(bad), "{bad:?}");
        }
    }
}
