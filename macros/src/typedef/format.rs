//! The declarative format of a type's or an attribute's parameters (ODS's
//! `assemblyFormat` on a `TypeDef` or an `AttrDef`), parsed and checked at
//! compile time into the elements of the runtime's `ParamFormatElement`:
//!
//! ```text
//! format  ::= element*
//! element ::= literal | `$` param | params | struct
//! struct  ::= `struct` `(` (params | `$` param (`,` `$` param)*) `)`
//! ```
//!
//! Each parameter appears exactly once (`params` names them all), as ODS
//! requires, so that what is printed parses back.

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
    /// Every parameter, separated by commas.
    Params,
    /// `struct($a, $b)` or `struct(params)`: these parameters as
    /// `a = ..., b = ...`.
    Struct(Vec<usize>),
}

/// Parses `source` for parameters `params` (name, variadic); the errors
/// say what to write instead.
pub fn parse(source: &str, params: &[(String, bool)]) -> Result<Vec<Element>, String> {
    let tokens = lex(source)?;
    let mut out = Vec::new();
    let mut seen = vec![false; params.len()];
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        match token {
            Token::Keyword(word) if word == "struct" => {
                let members = struct_members(&mut tokens, params)?;
                for &index in &members {
                    if std::mem::replace(&mut seen[index], true) {
                        return Err(format!(
                            "`${}` appears twice in the format: keep one",
                            params[index].0
                        ));
                    }
                }
                out.push(Element::Struct(members));
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
                out.push(Element::Literal(text));
            }
            Token::Variable(name) => {
                let Some(index) = params.iter().position(|(p, _)| *p == name) else {
                    let names: Vec<String> = params.iter().map(|(p, _)| format!("${p}")).collect();
                    let near = params
                        .iter()
                        .find(|(p, _)| edit_distance(p, &name) <= 2)
                        .map(|(p, _)| format!("; did you mean `${p}`?"))
                        .unwrap_or_default();
                    return Err(format!(
                        "`${name}` is not a parameter (the parameters are: {}){near}",
                        if names.is_empty() {
                            "none".to_owned()
                        } else {
                            names.join(", ")
                        }
                    ));
                };
                if params[index].1 {
                    return Err(format!(
                        "`${name}` is variadic: write `params`, which reads and writes every \
                         parameter separated by commas"
                    ));
                }
                if std::mem::replace(&mut seen[index], true) {
                    return Err(format!("`${name}` appears twice in the format: keep one"));
                }
                out.push(Element::Param(index));
            }
            Token::Keyword(word) if word == "params" => {
                if seen.iter().any(|s| *s) {
                    return Err(
                        "`params` names every parameter, and some are named before it: write \
                         either `params` or each `$name`"
                            .to_owned(),
                    );
                }
                seen.iter_mut().for_each(|s| *s = true);
                out.push(Element::Params);
            }
            Token::Keyword(word) => {
                let what = match word.as_str() {
                    "custom" | "qualified" => format!(
                        "the directive `{word}` is not supported yet in a parameter format: \
                         write the parameters with `$name` and literals, or hand-write the \
                         syntax with `custom_assembly`"
                    ),
                    _ => format!(
                        "unknown directive `{word}`: a parameter format has literals in \
                         backticks (`` `<` ``), parameters (`$name`) and `params`"
                    ),
                };
                return Err(what);
            }
            Token::Punct(c) => {
                return Err(format!(
                    "unexpected `{c}`: punctuation is a literal, written between backticks \
                     (`` `{c}` ``); optional groups are not supported in a parameter format"
                ));
            }
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(format!(
            "the format does not write parameter `{0}`: add `${0}` (every parameter appears \
             once, so that what is printed parses back)",
            params[missing].0
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(names: &[&str]) -> Vec<(String, bool)> {
        names.iter().map(|n| ((*n).to_owned(), false)).collect()
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
    }
}
