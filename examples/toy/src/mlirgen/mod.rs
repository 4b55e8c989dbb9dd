//! MLIRGen (chapters 2 and 7): the Toy AST to the Toy dialect, with a
//! `file:line:col` location on every op, as upstream's `MLIRGen.cpp` emits
//! it (literals in `literals.rs`, member access in `access.rs`).

use std::collections::HashMap;

use mlir_pass::dialect::DialectType;
use mlir_pass::melior::{
    ir::{
        attribute::{AttributeLike, FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        r#type::FunctionType,
        Block, BlockLike, Location, Module, Operation, Region, RegionLike, Type, TypeLike, Value,
        ValueLike,
    },
    Context,
};

use crate::dialect::{
    shape::{f64_tensor, unranked_f64_tensor},
    AddOp, ConstantOp, FuncOp, GenericCallOp, MulOp, PrintOp, ReshapeOp, ReturnOp,
    StructConstantOp, StructType, TransposeOp,
};
use crate::frontend::ast::{self, Expr, Record, VarDecl, VarType};

mod access;
mod literals;
use literals::dense;

/// An error of MLIRGen, at a place in the Toy source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenError {
    /// `file:line:col`.
    pub location: String,
    /// What was wrong.
    pub message: String,
}

impl std::fmt::Display for GenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: error: {}", self.location, self.message)
    }
}

impl std::error::Error for GenError {}

/// A variable in scope: its value and, for a struct, its declaration.
#[derive(Clone, Copy)]
struct Variable<'c, 'a, 'g> {
    value: Value<'c, 'a>,
    decl: Option<&'g VarDecl>,
}

/// The generator's state for one module.
struct Gen<'c, 'g> {
    context: &'c Context,
    /// Functions generated so far: their signatures.
    functions: HashMap<String, FunctionType<'c>>,
    /// Structs declared so far: their type and declaration.
    structs: HashMap<String, (Type<'c>, &'g ast::StructDef)>,
}

type Result<T> = std::result::Result<T, GenError>;

fn error(loc: &ast::Location, message: impl Into<String>) -> GenError {
    GenError {
        location: format!("{}:{}:{}", loc.file, loc.line, loc.col),
        message: message.into(),
    }
}

/// Generates the Toy dialect for `module` in `context` (the Toy dialect
/// must be registered: `mlir_pass::Context::new()` registers it). The
/// module is not verified here.
///
/// # Errors
/// The first error, at its place in the source: an unknown variable,
/// function or struct field, a member access into what is not a struct, a
/// call with the wrong number of arguments, a binary operator Toy does not
/// have.
pub fn mlir_gen<'c>(context: &'c Context, module: &ast::Module) -> Result<Module<'c>> {
    // The dialect must be loaded before its types and ops are made.
    let _ = context.get_or_load_dialect("toy");
    let mut gen = Gen {
        context,
        functions: HashMap::new(),
        structs: HashMap::new(),
    };
    let out = Module::new(Location::unknown(context));
    for record in &module.records {
        match record {
            Record::Struct(s) => gen.declare_struct(s)?,
            Record::Function(f) => {
                let func = gen.function(f)?;
                out.body().append_operation(func);
            }
        }
    }
    Ok(out)
}

impl<'c, 'g> Gen<'c, 'g> {
    fn loc(&self, loc: &ast::Location) -> Location<'c> {
        Location::new(self.context, &loc.file, loc.line as usize, loc.col as usize)
    }

    fn declare_struct(&mut self, def: &'g ast::StructDef) -> Result<()> {
        if self.structs.contains_key(&def.name) {
            return Err(error(
                &def.loc,
                format!("struct type with name `{}` already exists", def.name),
            ));
        }
        let mut elements = Vec::new();
        for var in &def.vars {
            if var.init.is_some() {
                return Err(error(
                    &var.loc,
                    "variables within a struct definition must not have initializers",
                ));
            }
            if !var.ty.shape.is_empty() {
                return Err(error(
                    &var.loc,
                    "variables within a struct definition must not have a shape",
                ));
            }
            elements.push(self.var_type(&var.ty, &var.loc)?);
        }
        let ty = StructType::of(self.context, &elements)
            .map_err(|e| error(&def.loc, e))?
            .to_type();
        self.structs.insert(def.name.clone(), (ty, def));
        Ok(())
    }

    /// The type of a declared variable: a struct by name, a shaped tensor,
    /// or the unranked tensor.
    fn var_type(&self, ty: &VarType, loc: &ast::Location) -> Result<Type<'c>> {
        if !ty.name.is_empty() {
            return self
                .structs
                .get(&ty.name)
                .map(|(t, _)| *t)
                .ok_or_else(|| error(loc, format!("unknown struct type `{}`", ty.name)));
        }
        Ok(if ty.shape.is_empty() {
            unranked_f64_tensor(self.context)
        } else {
            f64_tensor(self.context, &ty.shape)
        })
    }

    fn function(&mut self, function: &'g ast::Function) -> Result<Operation<'c>> {
        let proto = &function.proto;
        let location = self.loc(&proto.loc);
        let mut inputs = Vec::new();
        for arg in &proto.args {
            inputs.push(self.var_type(&arg.ty, &arg.loc)?);
        }
        if self.functions.contains_key(&proto.name) {
            return Err(error(
                &proto.loc,
                format!("function `{}` is defined twice", proto.name),
            ));
        }
        let block = Block::new(&inputs.iter().map(|t| (*t, location)).collect::<Vec<_>>());
        // The body, in a scope of its own.
        let mut scope: HashMap<String, Variable<'c, '_, 'g>> = HashMap::new();
        for (i, arg) in proto.args.iter().enumerate() {
            let value = block.argument(i).expect("an argument per parameter").into();
            let decl = (!arg.ty.name.is_empty()).then_some(arg);
            if scope
                .insert(arg.name.clone(), Variable { value, decl })
                .is_some()
            {
                return Err(error(
                    &arg.loc,
                    format!("parameter `{}` is declared twice", arg.name),
                ));
            }
        }
        // The signature, known before the body for recursive calls... Toy
        // has none; the result is set from the return below.
        let mut result_type: Option<Type<'c>> = None;
        let mut has_return = false;
        for expr in &function.body {
            if has_return {
                break;
            }
            match expr {
                Expr::Return { loc, expr } => {
                    let location = self.loc(loc);
                    let operands = match expr {
                        Some(e) => vec![self.expr(e, &block, &scope)?],
                        None => vec![],
                    };
                    result_type = operands.first().map(|v| v.r#type());
                    block.append_operation(ReturnOp::build(location, &operands));
                    has_return = true;
                }
                _ => self.statement(expr, &block, &mut scope)?,
            }
        }
        if !has_return {
            block.append_operation(ReturnOp::build(location, &[]));
        }
        let signature = FunctionType::new(
            self.context,
            &inputs,
            &result_type.into_iter().collect::<Vec<_>>(),
        );
        self.functions.insert(proto.name.clone(), signature);
        let region = Region::new();
        region.append_block(block);
        // Every function but `main` is private: the inliner erases it once
        // inlined.
        let visibility =
            (proto.name != "main").then(|| StringAttribute::new(self.context, "private"));
        let func = FuncOp::build(
            location,
            StringAttribute::new(self.context, &proto.name),
            TypeAttribute::new(signature.into()),
            None,
            None,
            visibility,
            region,
        );
        Ok(func)
    }

    fn statement<'b>(
        &self,
        expr: &'g Expr,
        block: &'b Block<'c>,
        scope: &mut HashMap<String, Variable<'c, 'b, 'g>>,
    ) -> Result<()> {
        match expr {
            Expr::VarDecl(decl) => {
                let Some(init) = &decl.init else {
                    return Err(error(
                        &decl.loc,
                        format!(
                            "missing initializer in variable declaration `{}`",
                            decl.name
                        ),
                    ));
                };
                let mut value = self.expr(init, block, scope)?;
                if !decl.ty.name.is_empty() {
                    let want = self.var_type(&decl.ty, &decl.loc)?;
                    if value.r#type() != want {
                        return Err(error(&decl.loc, format!(
                            "struct type of initializer is different than the variable declaration. Got {}, but expected {want}",
                            value.r#type()
                        )));
                    }
                } else if !decl.ty.shape.is_empty() {
                    let ty = f64_tensor(self.context, &decl.ty.shape);
                    let op =
                        block.append_operation(ReshapeOp::build(self.loc(&decl.loc), ty, value));
                    value = op.result(0).expect("one result").into();
                }
                let decl_ref = (!decl.ty.name.is_empty()).then_some(decl);
                if scope.contains_key(&decl.name) {
                    return Err(error(
                        &decl.loc,
                        format!("variable `{}` is declared twice", decl.name),
                    ));
                }
                scope.insert(
                    decl.name.clone(),
                    Variable {
                        value,
                        decl: decl_ref,
                    },
                );
                Ok(())
            }
            Expr::Print { loc, arg } => {
                let value = self.expr(arg, block, scope)?;
                block.append_operation(PrintOp::build(self.loc(loc), value));
                Ok(())
            }
            other => self.expr(other, block, scope).map(|_| ()),
        }
    }

    fn expr<'b>(
        &self,
        expr: &'g Expr,
        block: &'b Block<'c>,
        scope: &HashMap<String, Variable<'c, 'b, 'g>>,
    ) -> Result<Value<'c, 'b>> {
        let one = |op: Operation<'c>| -> Value<'c, 'b> {
            block
                .append_operation(op)
                .result(0)
                .expect("one result")
                .into()
        };
        match expr {
            Expr::Num { loc, value } => {
                let attr = dense(f64_tensor(self.context, &[]), &[*value]);
                Ok(one(ConstantOp::build(self.loc(loc), attr.r#type(), attr)))
            }
            Expr::Literal { loc, .. } => {
                let attr = self.literal(expr)?;
                Ok(one(ConstantOp::build(self.loc(loc), attr.r#type(), attr)))
            }
            Expr::StructLiteral { loc, .. } => {
                let (attr, ty) = self.struct_literal(expr)?;
                Ok(one(StructConstantOp::build(self.loc(loc), ty, attr)))
            }
            Expr::Var { loc, name } => scope
                .get(name)
                .map(|v| v.value)
                .ok_or_else(|| error(loc, format!("unknown variable '{name}'"))),
            Expr::BinOp {
                loc,
                op: '.',
                lhs,
                rhs,
            } => self.member_access(loc, lhs, rhs, block, scope),
            Expr::BinOp { loc, op, lhs, rhs } => {
                let l = self.expr(lhs, block, scope)?;
                let r = self.expr(rhs, block, scope)?;
                let location = self.loc(loc);
                let ty = unranked_f64_tensor(self.context);
                for (side, v) in [(lhs, l), (rhs, r)] {
                    if !v.r#type().is_tensor() {
                        return Err(error(
                            side.loc(),
                            format!("operands of '{op}' must be tensors, but got {}", v.r#type()),
                        ));
                    }
                }
                match op {
                    '+' => Ok(one(AddOp::build(location, ty, l, r))),
                    '*' => Ok(one(MulOp::build(location, ty, l, r))),
                    _ => Err(error(loc, format!("invalid binary operator '{op}'"))),
                }
            }
            Expr::Call { loc, callee, args } => {
                let mut operands = Vec::new();
                for a in args {
                    operands.push(self.expr(a, block, scope)?);
                }
                let location = self.loc(loc);
                if callee == "transpose" {
                    if operands.len() != 1 {
                        return Err(error(
                            loc,
                            format!(
                                "the builtin transpose takes 1 argument, but got {}",
                                operands.len()
                            ),
                        ));
                    }
                    let ty = unranked_f64_tensor(self.context);
                    return Ok(one(TransposeOp::build(location, ty, operands[0])));
                }
                let signature = self.functions.get(callee).ok_or_else(|| {
                    error(loc, format!("no defined function found for '{callee}'"))
                })?;
                if signature.input_count() != operands.len() {
                    return Err(error(
                        loc,
                        format!(
                            "'{callee}' takes {} argument(s), but the call gives {}",
                            signature.input_count(),
                            operands.len()
                        ),
                    ));
                }
                for (i, v) in operands.iter().enumerate() {
                    let want = signature.input(i).expect("counted");
                    let struct_mismatch = (StructType::cast(want).is_some()
                        || StructType::cast(v.r#type()).is_some())
                        && want != v.r#type();
                    if struct_mismatch {
                        return Err(error(
                            args[i].loc(),
                            format!(
                                "argument {} of '{callee}' must be {want}, but got {}",
                                i + 1,
                                v.r#type()
                            ),
                        ));
                    }
                }
                if signature.result_count() != 1 {
                    return Err(error(
                        loc,
                        format!("'{callee}' returns no value, so its call cannot be used as one"),
                    ));
                }
                let result = signature.result(0).expect("counted");
                Ok(one(GenericCallOp::build(
                    location,
                    result,
                    &operands,
                    FlatSymbolRefAttribute::new(self.context, callee),
                )))
            }
            Expr::Print { loc, .. } => Err(error(loc, "print has no value")),
            Expr::Return { loc, .. } => Err(error(loc, "return has no value")),
            Expr::VarDecl(decl) => Err(error(&decl.loc, "a declaration has no value")),
        }
    }
}

/// An `i64` integer attribute.
fn integer_attr(
    context: &Context,
    value: i64,
) -> mlir_pass::melior::ir::attribute::IntegerAttribute<'_> {
    mlir_pass::melior::ir::attribute::IntegerAttribute::new(
        mlir_pass::melior::ir::r#type::IntegerType::new(context, 64).into(),
        value,
    )
}
