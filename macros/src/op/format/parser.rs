//! The parser from tokens to elements.

use super::*;

/// A recursive-descent parser writing flat elements to `out`.
pub(super) struct Parser<'s> {
    tokens: Vec<Token>,
    pos: usize,
    pub(super) shape: &'s Shape,
    pub(super) out: Vec<Element>,
    /// Inside an optional group: the index of its header in `out` and its
    /// anchor so far.
    pub(super) group: Option<(usize, Option<u32>)>,
    /// Inside an `oilist`.
    pub(super) in_oilist: bool,
}

/// The elements of a format's tokens, in order and flat (an optional group
/// followed by its elements), before ODS's rules are checked.
pub(super) fn elements(tokens: Vec<Token>, shape: &Shape) -> Result<Vec<Element>, String> {
    let mut parser = Parser {
        tokens,
        pos: 0,
        shape,
        out: Vec::new(),
        group: None,
        in_oilist: false,
    };
    parser.elements()?;
    Ok(parser.out)
}

impl Parser<'_> {
    pub(super) fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    pub(super) fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        token
    }

    pub(super) fn expect(&mut self, c: char, context: &str) -> Result<(), String> {
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
    pub(super) fn element(&mut self) -> Result<(), String> {
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
            Token::Keyword(word) if word == "oilist" => return self.oilist(),
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
            Token::Str(text) => {
                return Err(format!(
                    "the string \"{text}\" is an argument of a custom directive only, as in \
                     `custom<Name>($x, \"{text}\")`; a literal is written between backticks"
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
            "prop-dict" => Element::PropDict,
            "operands" => Element::Operands,
            "custom" => self.custom()?,
            "ref" => {
                return Err(
                    "`ref(...)` is an argument of a custom directive only, as in \
                     `custom<Name>($a, ref($b))`"
                        .to_owned(),
                )
            }
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
    pub(super) fn target(&mut self, directive: &str) -> Result<Target, String> {
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
            Element::Literal(_)
                | Element::Operand(_)
                | Element::Attribute(_)
                | Element::Region(_)
                | Element::Custom { .. }
        ) {
            return Err(format!(
                "an optional group cannot start with {}: its first element must be a literal, \
                 an operand, an attribute, a region or a custom directive, which the parser can \
                 see is there",
                quoted(first, self.shape)
            ));
        }
        if let Some(dict) = group.iter().find(|e| {
            matches!(
                e,
                Element::AttrDict | Element::AttrDictWithKeyword | Element::PropDict
            )
        }) {
            return Err(format!(
                "{} cannot be inside an optional group: put it at the top level",
                quoted(dict, self.shape)
            ));
        }
        self.out[header] = Element::OptionalGroup { anchor, len };
        Ok(())
    }
}
