//! The directives that hold other elements: `custom<Name>(...)` with its
//! arguments (`ref(...)` among them) and `oilist(...)` with its clauses.

use super::parser::Parser;
use super::*;

impl Parser<'_> {
    /// `custom<Name>(args)`, after `custom`.
    pub(super) fn custom(&mut self) -> Result<Element, String> {
        self.expect(
            '<',
            "after `custom`: a custom directive is written `custom<Name>(...)`",
        )?;
        let name = match self.next() {
            Some(Token::Keyword(word))
                if !word.contains('-') && !word.starts_with(|c: char| c.is_ascii_digit()) =>
            {
                word
            }
            Some(other) => {
                return Err(format!(
                    "`custom<{other}>`: the directive's name is an identifier, as in \
                     `custom<DynamicIndexList>(...)`"
                ))
            }
            None => return Err("`custom<` is not closed".to_owned()),
        };
        self.expect('>', &format!("after `custom<{name}`"))?;
        self.expect(
            '(',
            &format!("after `custom<{name}>`: write its arguments in `(...)`"),
        )?;
        let mut args = Vec::new();
        let mut exprs = Vec::new();
        if self.peek() == Some(&Token::Punct(')')) {
            self.next();
            return Ok(Element::Custom { name, args, exprs });
        }
        loop {
            if let Some(Token::Str(text)) = self.peek() {
                let text = text.clone();
                self.next();
                if let Err(e) = syn::parse_str::<syn::Expr>(&text) {
                    return Err(format!(
                        "the string argument \"{text}\" of `custom<{name}>` is a Rust expression \
                         handed to its methods (ODS's C++ expression), but it does not parse \
                         as one: {e}"
                    ));
                }
                exprs.push((args.len() + exprs.len(), text));
            } else {
                args.push(self.custom_arg(&name, false)?);
            }
            match self.next() {
                Some(Token::Punct(',')) => continue,
                Some(Token::Punct(')')) => break,
                Some(other) => {
                    return Err(format!(
                        "expected `,` or `)` after an argument of `custom<{name}>`, found \
                         `{other}`"
                    ))
                }
                None => return Err(format!("`custom<{name}>(` is not closed")),
            }
        }
        Ok(Element::Custom { name, args, exprs })
    }

    /// One argument of `custom<name>(...)` (inside `ref(...)` with
    /// `by_ref`).
    fn custom_arg(&mut self, name: &str, by_ref: bool) -> Result<CustomArg, String> {
        let shape = self.shape;
        let unsupported = |what: &str| {
            format!(
                "{what} cannot be an argument of `custom<{name}>` in #[mlir_op]'s format: pass \
                 operands, attributes, regions, successors, `type($value)` and `ref(...)` of \
                 them"
            )
        };
        let target = match self.next() {
            Some(Token::Variable(var)) => {
                if let Some(i) = find(&shape.operands, &var) {
                    CustomTarget::Operand(i)
                } else if let Some(i) = find(&shape.attributes, &var) {
                    CustomTarget::Attribute(i)
                } else if let Some(i) = find(&shape.regions, &var) {
                    CustomTarget::Region(i)
                } else if let Some(i) = find(&shape.successors, &var) {
                    CustomTarget::Successor(i)
                } else if find(&shape.results, &var).is_some() {
                    return Err(format!(
                        "`${var}` is a result: a custom directive takes a result's type only, as \
                         in `custom<{name}>(type(${var}))`"
                    ));
                } else {
                    return Err(unknown_variable(&var, shape));
                }
            }
            Some(Token::Keyword(word)) if word == "type" => {
                self.expect('(', "after `type`")?;
                let target = self.target("type")?;
                self.expect(')', "to close `type(...)`")?;
                if matches!(target, Target::Operands | Target::Results) {
                    return Err(format!(
                        "`type(operands)` and `type(results)` cannot be arguments of \
                         `custom<{name}>`: type directives within a custom directive may only \
                         refer to variables, as in `type($input)`"
                    ));
                }
                CustomTarget::Type(target)
            }
            Some(Token::Keyword(word)) if word == "ref" => {
                if by_ref {
                    return Err("`ref(ref(...))`: write `ref(...)` once".to_owned());
                }
                self.expect('(', "after `ref`")?;
                let arg = self.custom_arg(name, true)?;
                self.expect(')', "to close `ref(...)`")?;
                if matches!(
                    arg.target,
                    CustomTarget::Region(_) | CustomTarget::Successor(_)
                ) {
                    return Err(unsupported("`ref` of a region or successor"));
                }
                return Ok(arg);
            }
            Some(Token::Keyword(word)) => return Err(unsupported(&format!("`{word}`"))),
            Some(Token::Literal(text)) => {
                return Err(unsupported(&format!("the literal `{text}`")))
            }
            Some(Token::Str(text)) => {
                return Err(format!(
                    "`ref(\"{text}\")`: a string argument is an expression of its own, not \
                     something the format read before; write it without `ref`"
                ))
            }
            Some(Token::Punct(c)) => return Err(unsupported(&format!("`{c}`"))),
            None => return Err(format!("`custom<{name}>(` is not closed")),
        };
        Ok(CustomArg { target, by_ref })
    }

    /// `oilist(clause | clause ...)`, after `oilist`: each clause a keyword
    /// literal and its elements.
    pub(super) fn oilist(&mut self) -> Result<(), String> {
        if self.group.is_some() {
            return Err(
                "`oilist` cannot be inside an optional group: put it at the top level \
                        (its clauses are optional already)"
                    .to_owned(),
            );
        }
        if self.in_oilist {
            return Err(
                "`oilist` cannot be inside another `oilist`: add its clauses to the \
                        outer one"
                    .to_owned(),
            );
        }
        self.expect(
            '(',
            "after `oilist`: write its clauses as `oilist(`kw` ... | `kw2` ...)`",
        )?;
        let header = self.out.len();
        self.out.push(Element::OIList { len: 0 });
        self.in_oilist = true;
        loop {
            let clause = self.out.len();
            match self.next() {
                Some(Token::Literal(text)) if is_keyword(&text) => {
                    self.out.push(Element::OIListClause { len: 0 });
                    self.out.push(Element::Literal(text));
                }
                Some(other) => {
                    return Err(format!(
                        "an `oilist` clause starts with its keyword, a literal such as \
                         `` `keyword` ``, not `{other}`"
                    ))
                }
                None => return Err("`oilist(` is not closed".to_owned()),
            }
            loop {
                match self.peek() {
                    Some(Token::Punct('|' | ')')) => break,
                    Some(_) => self.element()?,
                    None => return Err("`oilist(` is not closed".to_owned()),
                }
            }
            let len = (self.out.len() - clause - 1) as u32;
            self.out[clause] = Element::OIListClause { len };
            self.check_clause(clause)?;
            if self.next() == Some(Token::Punct(')')) {
                break;
            }
        }
        self.in_oilist = false;
        let len = (self.out.len() - header - 1) as u32;
        self.out[header] = Element::OIList { len };
        Ok(())
    }

    /// ODS's rules on a clause's elements: the values it names may be
    /// absent (optional attributes, variadic or optional operands).
    fn check_clause(&self, clause: usize) -> Result<(), String> {
        let shape = self.shape;
        let end = clause + self.out[clause].span();
        let check = |target: &CustomTarget| match *target {
            CustomTarget::Attribute(i) if !shape.attributes[i as usize].1 => Err(format!(
                "`${}` is always present, so it cannot be in an `oilist` clause: only optional \
                 attributes (`Optional<...>` or with a default) can",
                shape.attributes[i as usize].0
            )),
            CustomTarget::Operand(i) if shape.operands[i as usize].1 == Arity::Single => {
                Err(format!(
                    "`${}` is a single operand, so it cannot be in an `oilist` clause: only \
                     variable length operands (`Optional<...>`, `Variadic<...>`) can",
                    shape.operands[i as usize].0
                ))
            }
            CustomTarget::Successor(i) => Err(format!(
                "`${}`: successors cannot be in an `oilist` clause",
                shape.successors[i as usize].0
            )),
            _ => Ok(()),
        };
        for element in &self.out[clause + 2..end] {
            match element {
                Element::Attribute(i) => check(&CustomTarget::Attribute(*i))?,
                Element::Operand(i) => check(&CustomTarget::Operand(*i))?,
                Element::Successor(i) => check(&CustomTarget::Successor(*i))?,
                Element::Custom { args, .. } => {
                    for arg in args.iter().filter(|a| !a.by_ref) {
                        check(&arg.target)?;
                    }
                }
                Element::Operands
                | Element::Regions
                | Element::Successors
                | Element::AttrDict
                | Element::AttrDictWithKeyword
                | Element::PropDict => {
                    return Err(format!(
                        "{} cannot be in an `oilist` clause: only literals, types, variables and \
                         custom directives can",
                        quoted(element, shape)
                    ))
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Whether a literal is a keyword (`to`, `device_num`), as an `oilist`
/// clause starts with.
fn is_keyword(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}
