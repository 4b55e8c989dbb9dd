//! MLIRGen's literals: a tensor literal to dense elements of its shape, a
//! struct literal to an array of its elements and the struct type.

use mlir_pass::dialect::DialectType;
use mlir_pass::melior::ir::{
    attribute::{ArrayAttribute, DenseElementsAttribute},
    Attribute, Type,
};

use super::{error, Gen, Result};
use crate::dialect::{
    shape::{f64_tensor, unranked_f64_tensor},
    StructType,
};
use crate::frontend::ast::Expr;

impl<'c, 'g> Gen<'c, 'g> {
    /// A tensor literal's elements, flattened, with its shape.
    pub(super) fn literal(&self, expr: &Expr) -> Result<DenseElementsAttribute<'c>> {
        let Expr::Literal { dims, .. } = expr else {
            return Err(error(expr.loc(), "expected a tensor literal"));
        };
        let mut values = Vec::new();
        collect(expr, &mut values);
        let count: i64 = dims.iter().product();
        if count as usize != values.len() {
            return Err(error(
                expr.loc(),
                format!("literal of shape {dims:?} has {} elements", values.len()),
            ));
        }
        Ok(dense(f64_tensor(self.context, dims), &values))
    }

    /// A struct literal's value (an array of elements) and type.
    pub(super) fn struct_literal(&self, expr: &Expr) -> Result<(ArrayAttribute<'c>, Type<'c>)> {
        let Expr::StructLiteral { values, loc } = expr else {
            return Err(error(expr.loc(), "expected a struct literal"));
        };
        let mut attrs: Vec<Attribute<'c>> = Vec::new();
        let mut types = Vec::new();
        for v in values {
            match v {
                // A tensor element is typed unshaped, as a struct's field
                // (`var a;`) is: the value has the shape.
                Expr::Literal { .. } => {
                    attrs.push(self.literal(v)?.into());
                    types.push(unranked_f64_tensor(self.context));
                }
                Expr::Num { value, .. } => {
                    attrs.push(dense(f64_tensor(self.context, &[]), &[*value]).into());
                    types.push(unranked_f64_tensor(self.context));
                }
                Expr::StructLiteral { .. } => {
                    let (a, t) = self.struct_literal(v)?;
                    types.push(t);
                    attrs.push(a.into());
                }
                other => {
                    return Err(error(other.loc(), "a struct literal holds literals only"));
                }
            }
        }
        let ty = StructType::of(self.context, &types).map_err(|e| error(loc, e))?;
        Ok((ArrayAttribute::new(self.context, &attrs), ty.to_type()))
    }
}

/// The numbers of a (nested) literal, in row-major order.
fn collect(expr: &Expr, out: &mut Vec<f64>) {
    match expr {
        Expr::Num { value, .. } => out.push(*value),
        Expr::Literal { values, .. } => values.iter().for_each(|v| collect(v, out)),
        _ => {}
    }
}

/// A dense `f64` elements attribute of `ty` (whose element count the
/// callers checked).
pub(super) fn dense<'c>(ty: Type<'c>, values: &[f64]) -> DenseElementsAttribute<'c> {
    DenseElementsAttribute::f64_values(ty, values)
}
