//! The declarative format of a type's or an attribute's parameters (ODS's
//! `assemblyFormat` on a `TypeDef` or an `AttrDef`), parsed and checked at
//! compile time into the elements of the runtime's `ParamFormatElement`:
//!
//! ```text
//! format  ::= element*
//! element ::= literal | `$` param | `qualified` `(` `$` param `)` | params | struct | group
//! struct  ::= `struct` `(` (params | `$` param (`,` `$` param)*) `)`
//! group   ::= `(` element+ `)` (`:` `(` element* `)`)? `?`   (one `^` in either)
//! ```
//!
//! Each parameter appears at most once (`params` names them all), and
//! each that is not an `Option` exactly once, as ODS requires, so that
//! what is printed parses back.

use crate::{
    dialects::edit_distance,
    op::format::lex::{is_literal, lex, Token},
};

/// The parameters of `struct(...)`, after the keyword: `params` (every
/// parameter) or `$name`s, none variadic.
fn struct_members(
    tokens: &mut std::iter::Peekable<std::vec::IntoIter<Token>>,
    params: &[(String, bool)],
) -> Result<Vec<usize>, String> {
    const WRITE: &str = "write `struct($a, $b)` or `struct(params)`";
    if tokens.next() != Some(Token::Punct('(')) {
        return Err(format!(
            "`struct` takes its parameters in parentheses: {WRITE}"
        ));
    }
    let mut members = Vec::new();
    loop {
        match tokens.next() {
            Some(Token::Keyword(word)) if word == "params" && members.is_empty() => {
                members.extend(0..params.len());
            }
            Some(Token::Variable(name)) => {
                let index = params
                    .iter()
                    .position(|(p, _)| *p == name)
                    .ok_or_else(|| format!("`${name}` in `struct(...)` is not a parameter"))?;
                members.push(index);
            }
            Some(Token::Keyword(word)) if word == "qualified" => {
                return Err(format!(
                    "`qualified(...)` inside `struct(...)` is not supported yet: {WRITE}, \
                     or write the members with literals (`` `a` `=` qualified($a) ``)"
                ));
            }
            other => {
                let found = other.map_or("the end of the format".to_owned(), |t| format!("`{t}`"));
                return Err(format!(
                    "`struct(...)` lists parameters, but found {found}: {WRITE}"
                ));
            }
        }
        match tokens.next() {
            Some(Token::Punct(')')) => break,
            Some(Token::Punct(',')) => continue,
            other => {
                let found = other.map_or("the end of the format".to_owned(), |t| format!("`{t}`"));
                return Err(format!(
                    "expected `,` or `)` in `struct(...)`, found {found}: {WRITE}"
                ));
            }
        }
    }
    if let Some(&index) = members.iter().find(|&&i| params[i].1) {
        return Err(format!(
            "`${}` is variadic and cannot be a member of `struct(...)`, whose members are \
             separated by commas too: write the parameters with `params` instead",
            params[index].0
        ));
    }
    Ok(members)
}

/// One element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// Punctuation or a keyword.
    Literal(String),
    /// The parameter of this index.
    Param(usize),
    /// `qualified($name)`: the parameter with its name where `$name`
    /// leaves it out (ODS's `qualified`).
    Qualified(usize),
    /// Every parameter, separated by commas.
    Params,
    /// `struct($a, $b)` or `struct(params)`: these parameters as
    /// `a = ..., b = ...`.
    Struct(Vec<usize>),
    /// `( then ) : ( other )?`: the elements holding the anchor printed
    /// when a parameter of `anchor` is present, the others otherwise.
    OptionalGroup {
        /// The parameters of the element marked `^`.
        anchor: Vec<usize>,
        /// Whether the anchor is in `other` (ODS's "else anchor").
        anchor_in_else: bool,
        /// The group's elements.
        then: Vec<Element>,
        /// The alternative's (literals).
        other: Vec<Element>,
    },
}

/// A parameter as the format sees it.
#[derive(Clone, Debug)]
pub struct ParamInfo {
    /// Its name.
    pub name: String,
    /// `Variadic<T>`.
    pub variadic: bool,
    /// `Option<T>`.
    pub optional: bool,
}

/// Parses `source` for parameters `params`; the errors say what to write
/// instead.
pub fn parse(source: &str, params: &[ParamInfo]) -> Result<Vec<Element>, String> {
    let mut parser = Parser {
        tokens: lex(source)?.into_iter().peekable(),
        params,
        seen: vec![false; params.len()],
    };
    let (out, _) = parser.elements(Context::Top)?;
    if let Some(missing) = (0..params.len()).find(|&i| !parser.seen[i] && !params[i].optional) {
        return Err(format!(
            "the format does not write parameter `{0}`: add `${0}` (every parameter without \
             `Option` or a default appears once, so that what is printed parses back)",
            params[missing].name
        ));
    }
    check_struct_commas(&out, params)?;
    Ok(out)
}

/// Where elements are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Top,
    /// The elements of an optional group.
    Group,
    /// Its `: (...)` alternative (which may hold the anchor).
    Else,
}

struct Parser<'p> {
    tokens: std::iter::Peekable<std::vec::IntoIter<Token>>,
    params: &'p [ParamInfo],
    seen: Vec<bool>,
}

impl Parser<'_> {
    /// Reads elements up to the end (at the top) or the `)` closing a
    /// group; with the index of the element marked `^`, if any.
    fn elements(&mut self, context: Context) -> Result<(Vec<Element>, Option<usize>), String> {
        let mut out = Vec::new();
        let mut anchor = None;
        loop {
            let Some(token) = self.tokens.next() else {
                if context != Context::Top {
                    return Err("an optional group is not closed: end it with `)?`".to_owned());
                }
                return Ok((out, anchor));
            };
            match token {
                Token::Punct(')') if context != Context::Top => return Ok((out, anchor)),
                Token::Punct('^') => {
                    let Some(last) = out.last() else {
                        return Err("`^` marks the element before it: write it after a \
                                    parameter, as in `(`,` $b^)?`"
                            .to_owned());
                    };
                    if context == Context::Top {
                        return Err("`^` marks the anchor of an optional group: it goes inside \
                                    `( ... )?`, after the parameter whose presence prints the group"
                            .to_owned());
                    }
                    if matches!(last, Element::Literal(_)) {
                        return Err(
                            "the anchor of an optional group is a parameter, `params` or \
                                    `struct(...)`, not a literal"
                                .to_owned(),
                        );
                    }
                    if anchor.replace(out.len() - 1).is_some() {
                        return Err("an optional group has one anchor: keep one `^`".to_owned());
                    }
                }
                Token::Punct('(') => {
                    if context != Context::Top {
                        return Err("optional groups cannot be nested: write one group".to_owned());
                    }
                    out.push(self.group()?);
                }
                token => {
                    let element = self.element(token)?;
                    if context != Context::Top {
                        self.check_in_group(&element)?;
                    }
                    out.push(element);
                }
            }
        }
    }

    /// `( elements ) (: ( elements ))? ?`, after the `(`.
    fn group(&mut self) -> Result<Element, String> {
        let (then, then_anchor) = self.elements(Context::Group)?;
        if then.is_empty() {
            return Err(
                "an optional group is empty: write its elements, as in `(`,` $b^)?`".to_owned(),
            );
        }
        let mut other = Vec::new();
        let mut else_anchor = None;
        if self.tokens.peek() == Some(&Token::Punct(':')) {
            self.tokens.next();
            if self.tokens.next() != Some(Token::Punct('(')) {
                return Err("the alternative of an optional group is in parentheses: \
                            `(...) : (...)?`"
                    .to_owned());
            }
            (other, else_anchor) = self.elements(Context::Else)?;
        }
        if self.tokens.next() != Some(Token::Punct('?')) {
            return Err("an optional group ends with `?`: write `( ... )?`".to_owned());
        }
        let (anchor, anchor_in_else) = match (then_anchor, else_anchor) {
            (Some(a), None) => (&then[a], false),
            (None, Some(a)) => (&other[a], true),
            (Some(_), Some(_)) => {
                return Err("an optional group has one anchor: keep one `^`".to_owned())
            }
            (None, None) => {
                return Err(
                    "an optional group needs an anchor: mark with `^` the parameter \
                            whose presence prints it, as in `(`,` $b^)?`"
                        .to_owned(),
                )
            }
        };
        let anchor = match anchor {
            Element::Param(i) | Element::Qualified(i) => vec![*i],
            Element::Struct(members) => members.clone(),
            Element::Params => (0..self.params.len()).collect(),
            _ => unreachable!("the anchor is a parameter"),
        };
        Ok(Element::OptionalGroup {
            anchor,
            anchor_in_else,
            then,
            other,
        })
    }

    /// ODS's rules for the elements of a group.
    fn check_in_group(&self, element: &Element) -> Result<(), String> {
        let members: Vec<usize> = match element {
            Element::Literal(_) => return Ok(()),
            Element::Param(i) | Element::Qualified(i) => vec![*i],
            Element::Params => (0..self.params.len()).collect(),
            Element::Struct(members) => members.clone(),
            Element::OptionalGroup { .. } => Vec::new(),
        };
        if let Some(&i) = members.iter().find(|&&i| !self.params[i].optional) {
            return Err(format!(
                "parameters in an optional group must be optional: `${}` is always there \
                 (declare it `Option<T>` or give it `#[param(default = ...)]`, or move it out of \
                 the group)",
                self.params[i].name
            ));
        }
        Ok(())
    }

    /// Marks parameter `index` written, once.
    fn see(&mut self, index: usize) -> Result<(), String> {
        if std::mem::replace(&mut self.seen[index], true) {
            return Err(format!(
                "`${}` appears twice in the format: keep one",
                self.params[index].name
            ));
        }
        Ok(())
    }

    /// One element other than a group.
    fn element(&mut self, token: Token) -> Result<Element, String> {
        let params = self.params;
        let names: Vec<(String, bool)> = params
            .iter()
            .map(|p| (p.name.clone(), p.variadic))
            .collect();
        match token {
            Token::Keyword(word) if word == "struct" => {
                let members = struct_members(&mut self.tokens, &names)?;
                for &index in &members {
                    self.see(index)?;
                }
                Ok(Element::Struct(members))
            }
            Token::Literal(text) => {
                if matches!(text.as_str(), "" | " " | "\\n") {
                    return Err(format!(
                        "the spacing literal `{text}` is not supported in a parameter format: \
                         the spaces are ODS's (one before each parameter, none after `<`)"
                    ));
                }
                if !is_literal(&text) {
                    return Err(format!(
                        "`{text}` is not a literal MLIR's parser can read: write a keyword \
                         (`x`, `to`) or punctuation such as `<`, `>`, `,`, `:`, `=`"
                    ));
                }
                Ok(Element::Literal(text))
            }
            Token::Keyword(word) if word == "qualified" => {
                const WRITE: &str = "write `qualified($name)`";
                if self.tokens.next() != Some(Token::Punct('(')) {
                    return Err(format!(
                        "`qualified` takes one parameter in parentheses: {WRITE}"
                    ));
                }
                let Some(Token::Variable(name)) = self.tokens.next() else {
                    return Err(format!(
                        "`qualified(...)` takes one parameter (not `params` or \
                         `struct(...)`): {WRITE}"
                    ));
                };
                if self.tokens.next() != Some(Token::Punct(')')) {
                    return Err(format!(
                        "`qualified(...)` takes one parameter, closed by `)`: {WRITE}"
                    ));
                }
                let Element::Param(index) = self.element(Token::Variable(name))? else {
                    unreachable!("a variable is a parameter");
                };
                Ok(Element::Qualified(index))
            }
            Token::Variable(name) => {
                let Some(index) = params.iter().position(|p| p.name == name) else {
                    let all: Vec<String> = params.iter().map(|p| format!("${}", p.name)).collect();
                    let near = params
                        .iter()
                        .find(|p| edit_distance(&p.name, &name) <= 2)
                        .map(|p| format!("; did you mean `${}`?", p.name))
                        .unwrap_or_default();
                    return Err(format!(
                        "`${name}` is not a parameter (the parameters are: {}){near}",
                        if all.is_empty() {
                            "none".to_owned()
                        } else {
                            all.join(", ")
                        }
                    ));
                };
                if params[index].variadic {
                    return Err(format!(
                        "`${name}` is variadic: write `params`, which reads and writes every \
                         parameter separated by commas"
                    ));
                }
                self.see(index)?;
                Ok(Element::Param(index))
            }
            Token::Keyword(word) if word == "params" => {
                if self.seen.iter().any(|s| *s) {
                    return Err(
                        "`params` names every parameter, and some are named before it: write \
                         either `params` or each `$name`"
                            .to_owned(),
                    );
                }
                self.seen.iter_mut().for_each(|s| *s = true);
                Ok(Element::Params)
            }
            Token::Keyword(word) => Err(match word.as_str() {
                "custom" => format!(
                    "the directive `{word}` is not supported yet in a parameter format: \
                     write the parameters with `$name` and literals, or hand-write the \
                     syntax with `custom_assembly`"
                ),
                _ => format!(
                    "unknown directive `{word}`: a parameter format has literals in \
                     backticks (`` `<` ``), parameters (`$name`), `qualified($name)`, `params`, \
                     `struct(...)` and optional groups (`` (`,` $b^)? ``)"
                ),
            }),
            Token::Str(text) => Err(format!(
                "unexpected string \"{text}\": a literal is written between backticks \
                 (`` `{text}` ``)"
            )),
            Token::Punct(c) => Err(format!(
                "unexpected `{c}`: punctuation is a literal, written between backticks \
                 (`` `{c}` ``)"
            )),
        }
    }
}

/// ODS's rule: a `struct` with optional members, which ends at no
/// delimiter of its own, cannot be followed by a `,` literal.
fn check_struct_commas(elements: &[Element], params: &[ParamInfo]) -> Result<(), String> {
    for pair in elements.windows(2) {
        if let [Element::Struct(members), Element::Literal(text)] = pair {
            if text == "," && members.iter().any(|&i| params[i].optional) {
                return Err(
                    "`struct` directive with optional parameters cannot be followed by a \
                            comma literal: its own commas would be read as the struct's"
                        .to_owned(),
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(names: &[&str]) -> Vec<ParamInfo> {
        names
            .iter()
            .map(|n| ParamInfo {
                name: n.trim_end_matches('?').to_owned(),
                variadic: false,
                optional: n.ends_with('?'),
            })
            .collect()
    }

    #[test]
    fn optional_groups() {
        assert_eq!(
            parse("`<` $a (`,` $b^)? `>`", &params(&["a", "b?"])).unwrap()[2],
            Element::OptionalGroup {
                anchor: vec![1],
                anchor_in_else: false,
                then: vec![Element::Literal(",".into()), Element::Param(1)],
                other: vec![],
            }
        );
        assert_eq!(
            parse("(`(` $a^ `)`) : (`x`)?", &params(&["a?"])).unwrap()[0],
            Element::OptionalGroup {
                anchor: vec![0],
                anchor_in_else: false,
                then: vec![
                    Element::Literal("(".into()),
                    Element::Param(0),
                    Element::Literal(")".into())
                ],
                other: vec![Element::Literal("x".into())],
            }
        );
        assert!(matches!(
            parse("`<` (`?`) : ($b^)? `>`", &params(&["b?"])).unwrap()[1],
            Element::OptionalGroup {
                anchor_in_else: true,
                ..
            }
        ));
        // An optional parameter may be left out of the format, as in ODS.
        assert!(parse("`<` $a `>`", &params(&["a", "b?"])).is_ok());
        for (format, error) in [
            ("$a (`,` $b)?", "needs an anchor"),
            ("$a (`,` $b^ $b^)?", "twice"),
            ("(`,` $a^)?", "must be optional"),
            ("$a (`,` $b^", "not closed"),
            ("$a (`,` $b^)", "ends with `?`"),
            ("$a ((`,` $b^)?)?", "cannot be nested"),
            ("$a $b^", "inside"),
            ("$a (`,`^ $b)?", "not a literal"),
            ("$a (`,` $b^) : ($c^)?", "one anchor"),
            ("(`,` $b^) : ($a)?", "must be optional"),
            ("`<` struct($a, $b) `,` `>`", "comma literal"),
        ] {
            let result = parse(format, &params(&["a", "b?", "c?"]));
            assert!(
                result.as_ref().is_err_and(|e| e.contains(error)),
                "{format}: {result:?}"
            );
        }
    }

    #[test]
    fn formats() {
        assert_eq!(
            parse("`<` $width `>`", &params(&["width"])).unwrap(),
            vec![
                Element::Literal("<".into()),
                Element::Param(0),
                Element::Literal(">".into())
            ]
        );
        assert_eq!(
            parse("$value", &params(&["value"])).unwrap(),
            vec![Element::Param(0)]
        );
        assert_eq!(
            parse("`<` params `>`", &params(&["a", "b"])).unwrap()[1],
            Element::Params
        );
        assert!(parse("`<` $widht `>`", &params(&["width"]))
            .unwrap_err()
            .contains("did you mean `$width`"));
        assert!(parse("`<` `>`", &params(&["width"]))
            .unwrap_err()
            .contains("does not write parameter `width`"));
        assert!(parse("$a $a", &params(&["a"]))
            .unwrap_err()
            .contains("twice"));
        assert_eq!(
            parse("`<` struct(params) `>`", &params(&["a", "b"])).unwrap()[1],
            Element::Struct(vec![0, 1])
        );
        assert_eq!(
            parse("`<` $a `:` struct($c, $b) `>`", &params(&["a", "b", "c"])).unwrap()[3],
            Element::Struct(vec![2, 1])
        );
        assert!(parse("struct($a) $a", &params(&["a"]))
            .unwrap_err()
            .contains("twice"));
        assert!(parse("struct $a", &params(&["a"]))
            .unwrap_err()
            .contains("in parentheses"));
        assert!(parse("struct($a $b)", &params(&["a", "b"]))
            .unwrap_err()
            .contains("expected `,` or `)`"));
        assert!(parse("custom<X>($a)", &params(&["a"]))
            .unwrap_err()
            .contains("not supported yet"));
        assert!(parse("`<` $a ( `,` )? `>`", &params(&["a"])).is_err());
        assert!(parse("`<` $a ( `,` $b^ )? `>`", &params(&["a", "b"])).is_err());
    }
}
