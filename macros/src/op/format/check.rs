//! ODS's rules on a parsed format, and the messages that name what was
//! wrong.

use super::*;

/// The index of `name` in a list of parts.
pub(super) fn find<T>(list: &[(String, T)], name: &str) -> Option<u32> {
    list.iter().position(|(n, _)| n == name).map(|i| i as u32)
}

/// The closest of `candidates` to `word`, if close enough to suggest.
pub(super) fn closest<'c>(
    word: &str,
    candidates: impl Iterator<Item = &'c str>,
) -> Option<&'c str> {
    candidates
        .map(|c| (edit_distance(word, c), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min()
        .map(|(_, c)| c)
}

/// "`$x` is not ... did you mean ...".
pub(super) fn unknown_variable(name: &str, shape: &Shape) -> String {
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
pub(super) fn can_anchor(element: &Element, shape: &Shape) -> bool {
    match *element {
        Element::Operand(i) => shape.operands[i as usize].1 != Arity::Single,
        Element::Attribute(i) => shape.attributes[i as usize].1,
        Element::Region(i) => shape.regions[i as usize].1,
        Element::Successor(i) => shape.successors[i as usize].1,
        // ODS: every argument could be the anchor.
        Element::Custom { ref args, .. } => {
            args.iter().filter(|a| !a.by_ref).all(|a| match a.target {
                CustomTarget::Operand(i) | CustomTarget::Type(Target::Operand(i)) => {
                    shape.operands[i as usize].1 != Arity::Single
                }
                CustomTarget::Type(Target::Result(i)) => {
                    shape.results[i as usize].1 != Arity::Single
                }
                CustomTarget::Attribute(i) => shape.attributes[i as usize].1,
                CustomTarget::Region(_) => true,
                _ => false,
            })
        }
        _ => false,
    }
}

/// An element quoted for a message: `` `$x` ``, or a literal in its own
/// backticks.
pub(super) fn quoted(element: &Element, shape: &Shape) -> String {
    match element {
        Element::Literal(_) => written(element, shape),
        other => format!("`{}`", written(other, shape)),
    }
}

/// An element as the user wrote it.
pub(super) fn written(element: &Element, shape: &Shape) -> String {
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
        Element::PropDict => "prop-dict".to_owned(),
        Element::Region(i) => format!("${}", shape.regions[*i as usize].0),
        Element::Regions => "regions".to_owned(),
        Element::Successor(i) => format!("${}", shape.successors[*i as usize].0),
        Element::Successors => "successors".to_owned(),
        Element::OptionalGroup { .. } => "(...)?".to_owned(),
        Element::Custom { name, args, exprs } => {
            let mut args: Vec<String> = args.iter().map(|a| custom_arg(a, shape)).collect();
            for (at, text) in exprs {
                args.insert((*at).min(args.len()), format!("\"{text}\""));
            }
            format!("custom<{name}>({})", args.join(", "))
        }
        Element::OIList { .. } => "oilist(...)".to_owned(),
        Element::OIListClause { .. } => "an oilist clause".to_owned(),
    }
}

/// A custom directive's argument as the user wrote it.
pub(super) fn custom_arg(arg: &CustomArg, shape: &Shape) -> String {
    let written = match arg.target {
        CustomTarget::Operand(i) => format!("${}", shape.operands[i as usize].0),
        CustomTarget::Attribute(i) => format!("${}", shape.attributes[i as usize].0),
        CustomTarget::Type(Target::Operand(i)) => {
            format!("type(${})", shape.operands[i as usize].0)
        }
        CustomTarget::Type(Target::Result(i)) => format!("type(${})", shape.results[i as usize].0),
        CustomTarget::Type(Target::Operands) => "type(operands)".to_owned(),
        CustomTarget::Type(Target::Results) => "type(results)".to_owned(),
        CustomTarget::Region(i) => format!("${}", shape.regions[i as usize].0),
        CustomTarget::Successor(i) => format!("${}", shape.successors[i as usize].0),
    };
    if arg.by_ref {
        format!("ref({written})")
    } else {
        written
    }
}

/// ODS's rule on `oilist`s: a clause's keyword may not also be the literal
/// right after the list, or a keyword of the list right after it (which
/// would read as this list's).
fn check_oilists(elements: &[Element], errors: &mut Vec<String>) {
    let mut prohibited: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < elements.len() {
        match &elements[i] {
            Element::OIList { .. } => {
                let keywords = oilist_keywords(&elements[i..i + elements[i].span()]);
                for k in &keywords {
                    if prohibited.contains(k) {
                        errors.push(format!(
                            "format ambiguity: `{k}` is a clause of two adjacent `oilist`s"
                        ));
                    }
                }
                prohibited.extend(keywords);
            }
            Element::Literal(text) => {
                if prohibited.contains(&text.as_str()) {
                    errors.push(format!(
                        "format ambiguity: `{text}` is a clause of the `oilist` before it and \
                         the literal after it"
                    ));
                }
                prohibited.clear();
            }
            _ => prohibited.clear(),
        }
        i += elements[i].span();
    }
}

/// The keywords of an `oilist` (its elements, header included).
pub(super) fn oilist_keywords(list: &[Element]) -> Vec<&str> {
    let mut out = Vec::new();
    let mut i = 1;
    while i < list.len() {
        if let Some(Element::Literal(k)) = list.get(i + 1) {
            out.push(k.as_str());
        }
        i += list[i].span();
    }
    out
}

/// What the elements leave out or give twice, as ODS's format checker
/// reports it: every operand, region and successor appears once, every
/// operand and result type is known, one attribute dictionary.
pub(super) fn check(elements: &[Element], shape: &Shape) -> Vec<String> {
    let mut errors = Vec::new();
    let mut seen = Seen::new(shape);
    for element in elements {
        seen.visit(element, shape, &mut errors);
    }
    check_oilists(elements, &mut errors);

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
    if seen.prop_dicts > 1 {
        errors.push("the format has more than one `prop-dict`: keep one".to_owned());
    }

    // Types: given, or derived through a type match from one given.
    let resolved = seen.resolved(shape);
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
                // ODS builds the types of a variadic group but not when
                // `operands` reads it (its length is then unknown).
                let arity = find(&shape.operands, name).map(|i| shape.operands[i as usize].1);
                let buildable = *buildable && !(seen.all_operands && arity != Some(Arity::Single));
                if !known && !buildable && !resolved.contains(&name) {
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
                if !known && !buildable && !resolved.contains(&name) {
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
pub(super) struct Seen {
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
    prop_dicts: usize,
}

impl Seen {
    /// The operands and results whose type a type match derives from a
    /// type the format gives, or from an attribute it names (ODS's
    /// `findSeenArg`: only a type given directly counts).
    fn resolved<'s>(&self, shape: &'s Shape) -> Vec<&'s String> {
        let given = |name: &str| {
            find(&shape.operands, name).map_or_else(
                || {
                    find(&shape.results, name).map_or_else(
                        || {
                            find(&shape.attributes, name)
                                .is_some_and(|i| self.attributes[i as usize])
                        },
                        |i| self.result_types[i as usize] && !self.all_result_types,
                    )
                },
                |i| self.operand_types[i as usize] && !self.all_operand_types,
            )
        };
        let mut out = Vec::new();
        for m in &shape.type_matches {
            match m {
                TypeMatch::All(names) => {
                    if names.iter().any(|n| given(n)) {
                        out.extend(names);
                    }
                }
                TypeMatch::With { lhs, rhs } => {
                    if given(lhs) {
                        out.push(rhs);
                    }
                }
            }
        }
        out
    }

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
            prop_dicts: 0,
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
            Element::PropDict => self.prop_dicts += 1,
            Element::Custom {
                ref name, ref args, ..
            } => {
                for arg in args {
                    if arg.by_ref {
                        self.referenced(name, arg, shape, errors);
                        continue;
                    }
                    let element = match arg.target {
                        CustomTarget::Operand(i) => Element::Operand(i),
                        CustomTarget::Attribute(i) => Element::Attribute(i),
                        CustomTarget::Type(t) => Element::Type(t),
                        CustomTarget::Region(i) => Element::Region(i),
                        CustomTarget::Successor(i) => Element::Successor(i),
                    };
                    self.visit(&element, shape, errors);
                }
            }
            Element::Literal(_)
            | Element::OptionalGroup { .. }
            | Element::OIList { .. }
            | Element::OIListClause { .. } => {}
        }
    }

    /// `ref(...)`: what it names must be bound by an element before it.
    fn referenced(&self, name: &str, arg: &CustomArg, shape: &Shape, errors: &mut Vec<String>) {
        let bound = match arg.target {
            CustomTarget::Operand(i) => self.operands[i as usize] && !self.all_operands,
            CustomTarget::Attribute(i) => self.attributes[i as usize],
            CustomTarget::Type(Target::Operand(i)) => {
                self.operand_types[i as usize] && !self.all_operand_types
            }
            CustomTarget::Type(Target::Result(i)) => {
                self.result_types[i as usize] && !self.all_result_types
            }
            _ => true,
        };
        if !bound {
            let written = custom_arg(arg, shape);
            let target = &written["ref(".len()..written.len() - 1];
            errors.push(format!(
                "`{written}` in `custom<{name}>` refers to `{target}` before the format gives it \
                 (by itself, not through `operands`, `type(operands)` or `type(results)`): \
                 write `{target}` earlier in the format"
            ));
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
pub(super) fn mark_one(
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
pub(super) fn mark_all(
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
