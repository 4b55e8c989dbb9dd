//! The `rcf` dialect: control flow declared as data, each op shaped after an
//! upstream op so that the tests compare what MLIR's passes do with them
//! byte for byte. `rcf.br` and `rcf.cond_br` are `cf.br` and `cf.cond_br`
//! (`BranchOpInterface`, with `getSuccessorForOperands`); `rcf.if`,
//! `rcf.execute_region` and `rcf.yield` are `scf.if`, `scf.execute_region`
//! and `scf.yield` (`RegionBranchOpInterface`; the `ReturnLike` yield is a
//! region branch terminator); `rcf.bad_br` and `rcf.bad_if` misuse the
//! hooks on request.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    mlir_dialect, mlir_op,
    ods::{AnyRegion, AnySuccessor, AnyType, Variadic, I1},
    Op, RegionTarget,
};
use mlir_pass::ir::{OperationExt, ValueExt};
use mlir_pass::melior::ir::{attribute::IntegerAttribute, Attribute};

/// Control flow declared as data.
#[mlir_dialect(name = "rcf")]
pub struct RCfDialect;

/// Whether an `i1` operand is a constant, and if so whether it is true
/// (`IntegerAttr::getValue().isOne()`).
fn constant_is_one(operand: Option<&Option<Attribute<'_>>>) -> Option<bool> {
    let attr = IntegerAttribute::try_from((*operand?)?).ok()?;
    Some(attr.value() != 0)
}

/// `cf.br` again: always to `dest`, which is given `dest_operands`.
#[mlir_op(
    dialect = RCfDialect,
    name = "br",
    traits = [Pure, IsTerminator],
    interfaces = [BranchOpInterface(dest = dest_operands, successor_for_operands)],
    format = "$dest (`(` $dest_operands^ `:` type($dest_operands) `)`)? attr-dict"
)]
pub struct BrOp {
    /// The values the successor's arguments receive.
    #[operand]
    dest_operands: Variadic<AnyType>,
    /// The successor.
    #[successor]
    dest: AnySuccessor,
}

impl<'a> BrOp<'a> {
    fn successor_for_operands(&self, _operands: &[Option<Attribute<'a>>]) -> Option<usize> {
        Some(0)
    }
}

/// `cf.cond_br` again: to `true_dest` when `condition` holds, else to
/// `false_dest`, each given its operands.
#[mlir_op(
    dialect = RCfDialect,
    name = "cond_br",
    traits = [AttrSizedOperandSegments, Pure, IsTerminator],
    interfaces = [BranchOpInterface(
        true_dest = true_dest_operands,
        false_dest = false_dest_operands,
        successor_for_operands
    )],
    format = "$condition `,` $true_dest (`(` $true_dest_operands^ `:` type($true_dest_operands) `)`)? `,` $false_dest (`(` $false_dest_operands^ `:` type($false_dest_operands) `)`)? attr-dict"
)]
pub struct CondBrOp {
    /// The condition.
    #[operand]
    condition: I1,
    /// What `true_dest` receives.
    #[operand]
    true_dest_operands: Variadic<AnyType>,
    /// What `false_dest` receives.
    #[operand]
    false_dest_operands: Variadic<AnyType>,
    /// Where control goes when the condition holds.
    #[successor]
    true_dest: AnySuccessor,
    /// Where it goes otherwise.
    #[successor]
    false_dest: AnySuccessor,
}

impl<'a> CondBrOp<'a> {
    /// `cf.cond_br`'s: the successor a constant condition picks.
    fn successor_for_operands(&self, operands: &[Option<Attribute<'a>>]) -> Option<usize> {
        constant_is_one(operands.first()).map(|one| if one { 0 } else { 1 })
    }
}

/// `scf.if` with an `else` region, again: enters one of its regions, each
/// of which yields the op's results.
#[mlir_op(
    dialect = RCfDialect,
    name = "if",
    traits = [SingleBlock, NoMemoryEffect],
    interfaces = [RegionBranchOpInterface(
        entry = [then_region, else_region],
        then_region = [parent],
        else_region = [parent],
        entry_successors
    )]
)]
pub struct IfOp {
    /// The condition.
    #[operand]
    condition: I1,
    /// The results, yielded by the region run.
    #[result]
    results: Variadic<AnyType>,
    /// Run when the condition holds.
    #[region]
    then_region: AnyRegion,
    /// Run otherwise.
    #[region]
    else_region: AnyRegion,
}

impl<'a> IfOp<'a> {
    /// `scf.if`'s: the region a constant condition picks.
    fn entry_successor_regions(&self, operands: &[Option<Attribute<'a>>]) -> Vec<RegionTarget> {
        match constant_is_one(operands.first()) {
            Some(true) => vec![RegionTarget::Region(0)],
            Some(false) => vec![RegionTarget::Region(1)],
            None => vec![RegionTarget::Region(0), RegionTarget::Region(1)],
        }
    }
}

/// `scf.execute_region` again: runs its region once, which yields the
/// results.
#[mlir_op(
    dialect = RCfDialect,
    name = "execute_region",
    interfaces = [RegionBranchOpInterface(entry = [body], body = [parent])]
)]
pub struct ExecuteRegionOp {
    /// The results.
    #[result]
    results: Variadic<AnyType>,
    /// The code run.
    #[region]
    body: AnyRegion,
}

/// `scf.yield` again: ends a region of `rcf.if` or `rcf.execute_region`,
/// its operands going to the op's results (a `ReturnLike` terminator).
#[mlir_op(
    dialect = RCfDialect,
    name = "yield",
    traits = [Pure, ReturnLike, IsTerminator],
    format = "attr-dict ($results^ `:` type($results))?"
)]
pub struct YieldOp {
    /// The values yielded.
    #[operand]
    results: Variadic<AnyType>,
}

/// A branch whose `successor_for_operands` misbehaves as its `how` says:
/// `"panic"`, or `"past"` (a successor it does not have).
#[mlir_op(
    dialect = RCfDialect,
    name = "bad_br",
    traits = [IsTerminator],
    interfaces = [BranchOpInterface(dest = dest_operands, successor_for_operands)]
)]
pub struct BadBrOp {
    /// The values the successor receives.
    #[operand]
    dest_operands: Variadic<AnyType>,
    /// The successor.
    #[successor]
    dest: AnySuccessor,
}

impl<'a> BadBrOp<'a> {
    fn successor_for_operands(&self, _operands: &[Option<Attribute<'a>>]) -> Option<usize> {
        match self.operation().melior().str_attr("how") {
            Some("panic") => panic!("successor choice blew up"),
            Some("past") => Some(7),
            _ => Some(0),
        }
    }
}

/// An `rcf.if` whose `entry_successor_regions` misbehaves as its `how`
/// says: `"panic"`, or `"past"` (a region it does not have).
#[mlir_op(
    dialect = RCfDialect,
    name = "bad_if",
    interfaces = [RegionBranchOpInterface(entry = [body], body = [parent], entry_successors)]
)]
pub struct BadIfOp {
    /// The condition.
    #[operand]
    condition: I1,
    /// The results.
    #[result]
    results: Variadic<AnyType>,
    /// The code run.
    #[region]
    body: AnyRegion,
}

impl<'a> BadIfOp<'a> {
    fn entry_successor_regions(&self, _operands: &[Option<Attribute<'a>>]) -> Vec<RegionTarget> {
        let _ = self.condition().constant_int();
        match self.operation().melior().str_attr("how") {
            Some("panic") => panic!("region choice blew up"),
            Some("past") => vec![RegionTarget::Region(3)],
            _ => vec![RegionTarget::Region(0)],
        }
    }
}
