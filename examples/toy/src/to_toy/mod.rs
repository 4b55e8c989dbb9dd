//! `--mlir-to-toy`: Toy source from Toy IR (what `toyc -emit=mlir` prints,
//! with or without `-opt`), registered as a translation of
//! `toy-translate`. Reading the result back with `toyc` gives a program
//! that prints what the IR's program prints.
//!
//! Every value becomes a variable (`var v3 = v1 * v2;`), every parameter a
//! parameter (`a0`), every struct type a struct declaration (`Struct0`, its
//! members `f0`, `f1`, ... in order), every function a `def` written after
//! the functions it calls. IR that Toy cannot spell (another dialect's op,
//! a negative number, a struct member of a shaped type) is an error at the
//! op that has it.

mod literal;
mod structs;

use std::{collections::HashMap, fmt::Write as _, io::Write};

use mlir_pass::melior::ir::{
    attribute::{ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute},
    operation::OperationLike,
    BlockLike, OperationRef as MeliorOp, RegionLike, Type, Value, ValueLike,
};
use mlir_pass::translate_main::TranslationError;
use mlir_pass::{mlir_translation, OperationRef};

use crate::dialect::shape::ranked_shape;
use literal::{struct_literal, tensor_literal};
use structs::StructNames;

/// Print Toy source from Toy IR (the output of toyc -emit=mlir).
///
/// The translation `--mlir-to-toy`: `module` (Toy IR) as Toy source,
/// written to `out`.
#[mlir_translation(name = "mlir-to-toy")]
pub fn mlir_to_toy(module: OperationRef<'_>, out: &mut dyn Write) -> Result<(), TranslationError> {
    out.write_all(to_toy(module)?.as_bytes())?;
    Ok(())
}

/// An error at `op`, already reported.
fn fail(op: &MeliorOp<'_, '_>, message: impl AsRef<str>) -> TranslationError {
    OperationRef::from(*op).emit_error(message.as_ref());
    TranslationError::reported()
}

/// `module` as Toy source.
pub fn to_toy(module: OperationRef<'_>) -> Result<String, TranslationError> {
    let module = module.melior();
    if module.name().as_string_ref().as_str() != Ok("builtin.module") {
        return Err(fail(&module, "expected a builtin.module of Toy functions"));
    }
    let mut functions: Vec<MeliorOp<'_, '_>> = Vec::new();
    if let Some(body) = module.region(0).ok().and_then(|r| r.first_block()) {
        let mut next = body.first_operation();
        while let Some(op) = next {
            if op_name(&op) != "toy.func" {
                return Err(fail(
                    &op,
                    format!(
                        "'{}' is not a Toy function: --mlir-to-toy reads the Toy dialect (toyc \
                         -emit=mlir), whose modules hold toy.func ops only",
                        op_name(&op)
                    ),
                ));
            }
            functions.push(op);
            next = op.next_in_block();
        }
    }
    let mut structs = StructNames::default();
    let mut defs = Vec::new();
    for function in call_order(&functions)? {
        let mut def = String::new();
        write_function(&mut def, &function, &mut structs)?;
        defs.push(def);
    }
    let mut parts = structs.declarations();
    parts.extend(defs);
    Ok(parts.join("\n"))
}

/// An op's name.
fn op_name(op: &MeliorOp<'_, '_>) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_owned()
}

/// A function's symbol name.
fn symbol_name(function: &MeliorOp<'_, '_>) -> String {
    function
        .attribute("sym_name")
        .ok()
        .and_then(|a| mlir_pass::melior::ir::attribute::StringAttribute::try_from(a).ok())
        .map(|s| s.value().to_owned())
        .unwrap_or_default()
}

/// The callee a `toy.generic_call` names.
fn callee(call: &MeliorOp<'_, '_>) -> Result<String, TranslationError> {
    call.attribute("callee")
        .ok()
        .and_then(|a| FlatSymbolRefAttribute::try_from(a).ok())
        .map(|s| s.value().to_owned())
        .ok_or_else(|| fail(call, "expected a callee"))
}

/// The ops of a function's body, in order.
fn body_ops<'c, 'a>(function: &MeliorOp<'c, 'a>) -> Vec<MeliorOp<'c, 'a>> {
    let mut ops = Vec::new();
    let Some(block) = function.region(0).ok().and_then(|r| r.first_block()) else {
        return ops;
    };
    let mut next = block.first_operation();
    while let Some(op) = next {
        ops.push(op);
        next = op.next_in_block();
    }
    ops
}

/// The functions, each after those it calls: Toy resolves a call by the
/// functions defined before it.
fn call_order<'c, 'a>(
    functions: &[MeliorOp<'c, 'a>],
) -> Result<Vec<MeliorOp<'c, 'a>>, TranslationError> {
    let by_name: HashMap<String, usize> = functions
        .iter()
        .enumerate()
        .map(|(i, f)| (symbol_name(f), i))
        .collect();
    // 0: not seen, 1: being written (its callees first), 2: written.
    let mut state = vec![0u8; functions.len()];
    let mut order = Vec::new();
    fn visit<'c, 'a>(
        i: usize,
        functions: &[MeliorOp<'c, 'a>],
        by_name: &HashMap<String, usize>,
        state: &mut [u8],
        order: &mut Vec<MeliorOp<'c, 'a>>,
    ) -> Result<(), TranslationError> {
        state[i] = 1;
        for op in body_ops(&functions[i]) {
            if op_name(&op) != "toy.generic_call" {
                continue;
            }
            let name = callee(&op)?;
            let Some(&j) = by_name.get(&name) else {
                return Err(fail(&op, format!("no function is named '{name}'")));
            };
            match state[j] {
                0 => visit(j, functions, by_name, state, order)?,
                1 => {
                    return Err(fail(
                        &op,
                        format!("'{name}' is called recursively, which Toy cannot write"),
                    ))
                }
                _ => {}
            }
        }
        state[i] = 2;
        order.push(functions[i]);
        Ok(())
    }
    for i in 0..functions.len() {
        if state[i] == 0 {
            visit(i, functions, &by_name, &mut state, &mut order)?;
        }
    }
    Ok(order)
}

/// Whether `name` can be a Toy function's name: an identifier that is not
/// a keyword or a builtin.
fn is_toy_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !matches!(
            name,
            "def" | "var" | "return" | "struct" | "print" | "transpose"
        )
}

/// The key of a value in the names of a function's values.
fn key(value: Value<'_, '_>) -> usize {
    value.to_raw().ptr as usize
}

/// One function, as a `def`.
fn write_function(
    out: &mut String,
    function: &MeliorOp<'_, '_>,
    structs: &mut StructNames,
) -> Result<(), TranslationError> {
    let name = symbol_name(function);
    if !is_toy_identifier(&name) {
        return Err(fail(
            function,
            format!("'{name}' cannot be a Toy function's name (a letter, then letters, digits and '_'; not a keyword or builtin)"),
        ));
    }
    let block = function
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| fail(function, "a Toy function has a body"))?;
    let mut names: HashMap<usize, String> = HashMap::new();
    let mut params = Vec::new();
    for i in 0..block.argument_count() {
        let argument = block
            .argument(i)
            .map_err(|e| fail(function, e.to_string()))?;
        let param = format!("a{i}");
        let ty: Type<'_> = argument.r#type();
        params.push(match structs.name_of(ty, function)? {
            Some(st) => format!("{st} {param}"),
            None => param.clone(),
        });
        names.insert(key(argument.into()), param);
    }
    let _ = writeln!(out, "def {name}({}) {{", params.join(", "));
    let mut count = 0;
    for op in body_ops(function) {
        write_op(out, &op, &mut names, &mut count, structs)?;
    }
    out.push_str("}\n");
    Ok(())
}

/// The name of `op`'s operand `index`.
fn operand(
    op: &MeliorOp<'_, '_>,
    index: usize,
    names: &HashMap<usize, String>,
) -> Result<String, TranslationError> {
    let value = op
        .operand(index)
        .map_err(|_| fail(op, format!("expected operand #{index}")))?;
    names.get(&key(value)).cloned().ok_or_else(|| {
        fail(
            op,
            format!("operand #{index} is not defined in this function before its use"),
        )
    })
}

/// One op of a function's body, as a statement (none for a cast).
fn write_op(
    out: &mut String,
    op: &MeliorOp<'_, '_>,
    names: &mut HashMap<usize, String>,
    count: &mut usize,
    structs: &mut StructNames,
) -> Result<(), TranslationError> {
    let name = op_name(op);
    let result = op.result(0).ok();
    // The statement's value, for ops that have one.
    let value = match name.as_str() {
        "toy.constant" => tensor_literal(op)?,
        "toy.struct_constant" => {
            let value = op
                .attribute("value")
                .ok()
                .and_then(|a| ArrayAttribute::try_from(a).ok())
                .ok_or_else(|| fail(op, "expected an array attribute `value`"))?;
            struct_literal(op, value.into())?
        }
        "toy.add" | "toy.mul" => {
            let sign = if name == "toy.add" { '+' } else { '*' };
            format!(
                "{} {sign} {}",
                operand(op, 0, names)?,
                operand(op, 1, names)?
            )
        }
        "toy.transpose" => format!("transpose({})", operand(op, 0, names)?),
        "toy.reshape" => operand(op, 0, names)?,
        "toy.struct_access" => {
            let index = op
                .attribute("index")
                .ok()
                .and_then(|a| IntegerAttribute::try_from(a).ok())
                .map(|i| i.value())
                .ok_or_else(|| fail(op, "expected an integer attribute `index`"))?;
            format!("{}.f{index}", operand(op, 0, names)?)
        }
        "toy.generic_call" => {
            let args = (0..op.operand_count())
                .map(|i| operand(op, i, names))
                .collect::<Result<Vec<_>, _>>()?;
            format!("{}({})", callee(op)?, args.join(", "))
        }
        "toy.cast" => {
            // Toy's variables have no declared type: a cast is the value.
            let input = operand(op, 0, names)?;
            if let Some(result) = result {
                names.insert(key(result.into()), input);
            }
            return Ok(());
        }
        "toy.print" => {
            let _ = writeln!(out, "  print({});", operand(op, 0, names)?);
            return Ok(());
        }
        "toy.return" => {
            if op.operand_count() > 0 {
                let _ = writeln!(out, "  return {};", operand(op, 0, names)?);
            }
            return Ok(());
        }
        _ => {
            return Err(fail(
                op,
                format!("'{name}' is not an op of Toy's functions, which --mlir-to-toy reads"),
            ))
        }
    };
    let result = result.ok_or_else(|| fail(op, "expected a result"))?;
    let variable = format!("v{count}");
    *count += 1;
    let ty = result.r#type();
    let declaration = match structs.name_of(ty, op)? {
        Some(st) => format!("{st} {variable}"),
        None if name == "toy.reshape" => {
            let shape = ranked_shape(ty).filter(|s| !s.is_empty()).ok_or_else(|| {
                fail(
                    op,
                    format!(
                        "Toy cannot reshape to {ty}: a declared shape has at least one dimension"
                    ),
                )
            })?;
            let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
            format!("var {variable}<{}>", dims.join(", "))
        }
        None => format!("var {variable}"),
    };
    let _ = writeln!(out, "  {declaration} = {value};");
    names.insert(key(result.into()), variable);
    Ok(())
}
