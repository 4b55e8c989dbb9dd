//! The declarative format of a type's or an attribute's parameters (ODS's
//! `assemblyFormat` on a `TypeDef` or an `AttrDef`), parsed and checked at
//! compile time into the elements of the runtime's `ParamFormatElement`:
//!
//! ```text
//! format  ::= element*
//! element ::= literal | `$` param | params
//! ```
//!
//! Each parameter appears exactly once (`params` names them all), as ODS
//! requires, so that what is printed parses back.

use crate::{
    dialects::edit_distance,
    op::format::lex::{is_literal, lex, Token},
};

/// One element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// Punctuation or a keyword.
    Literal(String),
    /// The parameter of this index.
    Param(usize),
    /// Every parameter, separated by commas.
    Params,
}

/// Parses `source` for parameters `params` (name, variadic); the errors
/// say what to write instead.
pub fn parse(source: &str, params: &[(String, bool)]) -> Result<Vec<Element>, String> {
    let tokens = lex(source)?;
    let mut out = Vec::new();
    let mut seen = vec![false; params.len()];
    for token in tokens {
        match token {
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
                    "struct" | "custom" | "qualified" => format!(
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
        assert!(parse("struct(params)", &params(&["a"]))
            .unwrap_err()
            .contains("not supported yet"));
        assert!(parse("`<` $a ( `,` )? `>`", &params(&["a"])).is_err());
    }
}
