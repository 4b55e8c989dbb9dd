//! The value of a bit enum's case (`#[mlir_enum(bit)]`): `None = 0`, one
//! bit (`Nnan = 1 << 1` or `Nnan = 2`), or a group of cases declared
//! before it (`Fast = Reassoc | Nnan`), as ODS's `BitEnumAttrCaseNone`,
//! `BitEnumAttrCaseBit` and `BitEnumAttrCaseGroup`.

use quote::ToTokens;
use syn::{BinOp, Expr, ExprBinary, ExprLit, Lit, Variant};

use super::Case;
use crate::ctxt::Ctxt;

/// What to write, in every message about a bit case's value.
const HOW: &str = "write `None = 0` (no flag), one bit (`Nnan = 1 << 1` or `Nnan = 2`) or a \
                   group of cases declared before it (`Fast = Reassoc | Nnan`)";

/// The case's value, or `None` (reported) if it is no bit enum case's.
pub fn case_value(ctxt: &Ctxt, variant: &Variant, cases: &[Case], width: u32) -> Option<i128> {
    let Some((_, expr)) = &variant.discriminant else {
        ctxt.spanned(
            &variant.ident,
            format!("a bit enum's case has its bits written: {HOW}"),
        );
        return None;
    };
    let value = match eval(expr, cases) {
        Ok(v) => v,
        Err((at, message)) => {
            ctxt.spanned(at, format!("{message}: {HOW}"));
            return None;
        }
    };
    let max = if width == 32 {
        u32::MAX as i128
    } else {
        u64::MAX as i128
    };
    if value < 0 || value > max {
        ctxt.spanned(
            expr,
            format!(
                "{value} does not fit the enum's {width} bits{}",
                if width == 32 {
                    ": write `width = 64` on #[mlir_enum]"
                } else {
                    ""
                }
            ),
        );
        return None;
    }
    let bits = value as u64;
    if bits != 0 && !bits.is_power_of_two() {
        let declared = cases
            .iter()
            .map(|c| c.value as u64)
            .filter(|v| v.is_power_of_two())
            .fold(0u64, |all, v| all | v);
        let missing = bits & !declared;
        if missing != 0 {
            ctxt.spanned(
                expr,
                format!(
                    "{value} ({value:#b}) is neither one bit nor a group of the bits declared \
                     before it (bit {} is no case's): {HOW}",
                    missing.trailing_zeros()
                ),
            );
            return None;
        }
    }
    Some(value)
}

/// Evaluates a literal, `1 << n`, `a | b` or an earlier case's name.
fn eval<'a>(expr: &'a Expr, cases: &[Case]) -> Result<i128, (&'a dyn ToTokens, String)> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(i), ..
        }) => i
            .base10_parse::<i128>()
            .map_err(|e| (expr as &dyn ToTokens, e.to_string())),
        Expr::Group(g) => eval(&g.expr, cases),
        Expr::Paren(p) => eval(&p.expr, cases),
        Expr::Binary(ExprBinary {
            left, op, right, ..
        }) => {
            let (l, r) = (eval(left, cases)?, eval(right, cases)?);
            match op {
                BinOp::BitOr(_) => Ok(l | r),
                BinOp::Shl(_) if (0..64).contains(&r) => Ok(l << r),
                BinOp::Shl(_) => Err((right.as_ref(), format!("a shift by {r} is no bit"))),
                _ => Err((
                    op as &dyn ToTokens,
                    "a bit case's value takes `|` and `<<` only".to_owned(),
                )),
            }
        }
        Expr::Path(path) => {
            let name = path.path.get_ident();
            match name.and_then(|n| cases.iter().find(|c| c.ident == *n)) {
                Some(case) => Ok(case.value as u64 as i128),
                None => Err((
                    expr as &dyn ToTokens,
                    "a group names cases of this enum declared before it".to_owned(),
                )),
            }
        }
        _ => Err((
            expr as &dyn ToTokens,
            "a bit case's value is a literal, `1 << n` or `A | B`".to_owned(),
        )),
    }
}
