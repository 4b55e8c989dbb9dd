//! MLIRGen's member access (chapter 7): `a.b.c` to a chain of
//! `toy.struct_access`, each member's index found through the struct
//! declarations, as upstream's `getStructFor` and `getMemberIndex` do.
//!
//! Struct types are structural (two structs with the same element types
//! are one `!toy.struct<...>`), so a member's name can only be resolved
//! through a declaration: the struct a variable or parameter is declared
//! with (`Outer b = ...`), then, member by member, the struct a member is
//! declared with (`struct Outer { Inner v; }`), to any depth.

use std::collections::HashMap;

use mlir_pass::dialect::DialectType;
use mlir_pass::melior::ir::{Block, BlockLike, Value, ValueLike};

use super::{error, integer_attr, Gen, Result, Variable};
use crate::dialect::{StructAccessOp, StructType};
use crate::frontend::ast::{self, Expr, StructDef, VarDecl};

impl<'c, 'g> Gen<'c, 'g> {
    /// `lhs.rhs` (the access at `loc`): a `toy.struct_access` of `lhs`'s
    /// value.
    pub(super) fn member_access<'b>(
        &self,
        loc: &ast::Location,
        lhs: &'g Expr,
        rhs: &'g Expr,
        block: &'b Block<'c>,
        scope: &HashMap<String, Variable<'c, 'b, 'g>>,
    ) -> Result<Value<'c, 'b>> {
        self.access(loc, lhs, rhs, block, scope)
            .map(|(value, _)| value)
    }

    /// `lhs.rhs`'s value and the declaration of the member `rhs` names.
    fn access<'b>(
        &self,
        loc: &ast::Location,
        lhs: &'g Expr,
        rhs: &'g Expr,
        block: &'b Block<'c>,
        scope: &HashMap<String, Variable<'c, 'b, 'g>>,
    ) -> Result<(Value<'c, 'b>, &'g VarDecl)> {
        let Expr::Var {
            loc: member_loc,
            name: member,
        } = rhs
        else {
            return Err(error(
                rhs.loc(),
                "invalid access into struct expression: expected a member name after `.`",
            ));
        };
        let (value, def) = self.struct_value(lhs, member, member_loc, block, scope)?;
        let Some(index) = def.vars.iter().position(|v| &v.name == member) else {
            return Err(error(
                member_loc,
                format!("struct `{}` has no field `{member}`", def.name),
            ));
        };
        // The declaration gave the value its type: a struct of as many
        // elements as the declaration has members.
        let element = StructType::cast(value.r#type())
            .and_then(|st| st.element_types().get(index).copied())
            .ok_or_else(|| {
                error(
                    member_loc,
                    format!(
                        "cannot access member `{member}` of {}: its type {} is not struct `{}`",
                        describe(lhs),
                        value.r#type(),
                        def.name
                    ),
                )
            })?;
        let op = block.append_operation(StructAccessOp::build(
            self.loc(loc),
            element,
            value,
            integer_attr(self.context, index as i64),
        ));
        let value = op.result(0).expect("one result").into();
        Ok((value, &def.vars[index]))
    }

    /// The value of `expr`, whose member `member` (at `at`) is accessed,
    /// and the struct it is declared with: a variable or parameter declared
    /// with a struct type, or a member of struct type of one, at any depth.
    fn struct_value<'b>(
        &self,
        expr: &'g Expr,
        member: &str,
        at: &ast::Location,
        block: &'b Block<'c>,
        scope: &HashMap<String, Variable<'c, 'b, 'g>>,
    ) -> Result<(Value<'c, 'b>, &'g StructDef)> {
        let (value, struct_name) = match expr {
            Expr::Var { loc, name } => {
                let variable = scope
                    .get(name)
                    .ok_or_else(|| error(loc, format!("unknown variable '{name}'")))?;
                let Some(decl) = variable.decl else {
                    let why = if StructType::cast(variable.value.r#type()).is_some() {
                        format!(
                            "`{name}` holds a struct but is not declared with a struct type, so \
                             its members have no names (declare it as `StructName {name} = ...`)"
                        )
                    } else {
                        format!("`{name}` is a tensor, not a struct")
                    };
                    return Err(error(
                        at,
                        format!("cannot access member `{member}` of `{name}`: {why}"),
                    ));
                };
                (variable.value, &decl.ty.name)
            }
            Expr::BinOp {
                loc,
                op: '.',
                lhs,
                rhs,
            } => {
                let (value, field) = self.access(loc, lhs, rhs, block, scope)?;
                if field.ty.name.is_empty() {
                    return Err(error(
                        at,
                        format!(
                            "cannot access member `{member}` of {}: it is a tensor, not a struct",
                            describe(expr)
                        ),
                    ));
                }
                (value, &field.ty.name)
            }
            _ => {
                // Its own errors first, as upstream reports them.
                self.expr(expr, block, scope)?;
                return Err(error(
                    at,
                    format!(
                        "invalid access into struct expression: cannot access member `{member}` \
                         of {}, only of a struct variable or of a member of struct type",
                        describe(expr)
                    ),
                ));
            }
        };
        let (_, def) = self
            .structs
            .get(struct_name)
            .ok_or_else(|| error(at, format!("unknown struct type `{struct_name}`")))?;
        Ok((value, def))
    }
}

/// `expr` as an error names it: `a.b.c`, or what kind of expression it
/// is.
fn describe(expr: &Expr) -> String {
    if let Some(chain) = chain(expr) {
        return format!("`{chain}`");
    }
    match expr {
        Expr::Call { callee, .. } => format!("the result of `{callee}(...)`"),
        Expr::StructLiteral { .. } => "a struct literal".into(),
        Expr::Literal { .. } | Expr::Num { .. } => "a tensor literal".into(),
        Expr::BinOp { op, .. } => format!("the result of `{op}`"),
        _ => "an expression".into(),
    }
}

/// `a.b.c` for a variable and its members, else none.
fn chain(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Var { name, .. } => Some(name.clone()),
        Expr::BinOp {
            op: '.', lhs, rhs, ..
        } => Some(format!("{}.{}", chain(lhs)?, chain(rhs)?)),
        _ => None,
    }
}
