//! The op-level type constraints (ODS's `PredOpTrait` family:
//! `AllTypesMatch`, `AllElementTypesMatch`, `AllShapesMatch`,
//! `AllRanksMatch`, `TypesMatchWith`), checked at the end of the op's
//! invariants as ODS's `verifyInvariantsImpl` checks them, in the order the
//! traits are listed, with ODS's words ("failed to verify that all of {lhs,
//! rhs, result} have same type").
//!
//! A named value that is absent (an empty optional group or attribute) is
//! left out of the comparison.

use mlir_sys as sys;

use super::{segment_sizes, OpDefinition, Trait};
use crate::{dialect::op::Arity, ffi::string_ref};

/// The first value of group `index` among `groups`: where it starts, or
/// `None` when the group is empty.
fn group_start(
    groups: impl Iterator<Item = Arity> + Clone,
    index: usize,
    total: usize,
    segments: Option<sys::MlirAttribute>,
) -> Option<usize> {
    let (start, len) = match segments {
        Some(sizes) => {
            // SAFETY: a dense i32 array with one element per group.
            let size = |i: usize| unsafe {
                sys::mlirDenseI32ArrayGetElement(sizes, i as isize).max(0) as usize
            };
            ((0..index).map(size).sum::<usize>(), size(index))
        }
        None => {
            let singles = groups.clone().filter(|a| *a == Arity::Single).count();
            let variable = total.saturating_sub(singles);
            let len = |a: Arity| if a == Arity::Single { 1 } else { variable };
            let mut all = groups.map(len);
            let start = all.by_ref().take(index).sum::<usize>();
            (start, all.next()?)
        }
    };
    (len > 0 && start < total).then_some(start)
}

/// The type of the value (or typed attribute) named `name`, if present.
fn type_of(def: &OpDefinition, op: sys::MlirOperation, name: &str) -> Option<sys::MlirType> {
    // SAFETY (whole function): `op` is a valid op of `def`'s kind.
    if let Some(index) = def.operands.iter().position(|o| o.name == name) {
        let total = unsafe { sys::mlirOperationGetNumOperands(op) } as usize;
        let segments = def
            .has_trait(Trait::AttrSizedOperandSegments)
            .then(|| segment_sizes(op, "operandSegmentSizes", def.operands.len()))
            .flatten();
        let at = group_start(def.operands.iter().map(|o| o.arity), index, total, segments)?;
        return Some(unsafe {
            sys::mlirValueGetType(sys::mlirOperationGetOperand(op, at as isize))
        });
    }
    if let Some(index) = def.results.iter().position(|r| r.name == name) {
        let total = unsafe { sys::mlirOperationGetNumResults(op) } as usize;
        let segments = def
            .has_trait(Trait::AttrSizedResultSegments)
            .then(|| segment_sizes(op, "resultSegmentSizes", def.results.len()))
            .flatten();
        let at = group_start(def.results.iter().map(|r| r.arity), index, total, segments)?;
        return Some(unsafe {
            sys::mlirValueGetType(sys::mlirOperationGetResult(op, at as isize))
        });
    }
    let attr = unsafe { sys::mlirOperationGetAttributeByName(op, string_ref(name)) };
    // An attribute without a type has `none`, as in ODS's `getType()`.
    (!attr.ptr.is_null()).then(|| unsafe { sys::mlirAttributeGetType(attr) })
}

/// A shaped type's dimensions, or `None` for an unranked or unshaped type.
fn shape(ty: sys::MlirType) -> Option<Vec<i64>> {
    // SAFETY: a valid type; dimensions are read only from a ranked one.
    unsafe {
        (sys::mlirTypeIsAShaped(ty) && sys::mlirShapedTypeHasRank(ty)).then(|| {
            (0..sys::mlirShapedTypeGetRank(ty))
                .map(|i| sys::mlirShapedTypeGetDimSize(ty, i as isize))
                .collect()
        })
    }
}

/// `getElementTypeOrSelf`.
fn element_or_self(ty: sys::MlirType) -> sys::MlirType {
    // SAFETY: a valid type.
    unsafe {
        if sys::mlirTypeIsAShaped(ty) {
            sys::mlirShapedTypeGetElementType(ty)
        } else {
            ty
        }
    }
}

/// Whether the values named `names` agree on what `same` compares.
fn all_match(
    def: &OpDefinition,
    op: sys::MlirOperation,
    names: &[&str],
    same: impl Fn(sys::MlirType, sys::MlirType) -> bool,
) -> bool {
    let mut types = names.iter().filter_map(|n| type_of(def, op, n));
    let Some(first) = types.next() else {
        return true;
    };
    types.all(|ty| same(first, ty))
}

/// Checks the op-level type constraints of `def` on `op`.
pub(super) fn verify(def: &OpDefinition, op: sys::MlirOperation) -> Result<(), String> {
    // SAFETY (closures): valid types.
    let equal = |a, b| unsafe { sys::mlirTypeEqual(a, b) };
    for t in def.traits {
        let (holds, names, what) = match *t {
            Trait::AllTypesMatch(names) => (all_match(def, op, names, equal), names, "type"),
            Trait::AllElementTypesMatch(names) => (
                all_match(def, op, names, |a, b| {
                    equal(element_or_self(a), element_or_self(b))
                }),
                names,
                "element type",
            ),
            Trait::AllShapesMatch(names) => (
                all_match(def, op, names, |a, b| shape(a) == shape(b)),
                names,
                "shape",
            ),
            Trait::AllRanksMatch(names) => (
                all_match(def, op, names, |a, b| {
                    shape(a).map(|s| s.len()) == shape(b).map(|s| s.len())
                }),
                names,
                "rank",
            ),
            Trait::TypesMatchWith {
                summary,
                lhs,
                rhs,
                transform,
            } => {
                let (Some(from), Some(to)) = (type_of(def, op, lhs), type_of(def, op, rhs)) else {
                    continue;
                };
                // SAFETY: a valid type; the bridge returns one or null.
                let derived = unsafe {
                    crate::ffi::bridge::mlirPassBridgeTransformType(transform.bridge(), from)
                };
                if derived.ptr.is_null() || !equal(derived, to) {
                    return Err(format!("failed to verify that {summary}"));
                }
                continue;
            }
            _ => continue,
        };
        if !holds {
            return Err(format!(
                "failed to verify that all of {{{}}} have same {what}",
                names.join(", ")
            ));
        }
    }
    Ok(())
}
