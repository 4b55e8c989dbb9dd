//! Ops of the `rtest` dialect that name their values
//! (`OpAsmOpInterface`): constants named as `index.constant` and
//! `index.bool.constant` name theirs (`%idx42`, `%idx-1`, `%true`), an op
//! naming a result group, a region op naming its block arguments and
//! printing the ops inside without `rtest.`, and an op whose naming hook
//! panics or misuses `ValueNames` on request.

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyRegion, BoolAttr, Index, IndexAttr, StrAttr, Variadic, I1, I64},
    Op, ValueNames,
};
use mlir_pass::melior::ir::{operation::OperationLike, BlockLike, RegionLike, RegionRef};

use crate::test_dialect::RTestDialect;

/// `index.constant` again: `%idx42 = rtest.idx_constant 42`.
#[mlir_op(
    dialect = RTestDialect,
    name = "idx_constant",
    traits = [Pure],
    format = "attr-dict $value",
    interfaces = [OpAsmOpInterface(result_names)]
)]
pub struct IdxConstantOp {
    /// The value.
    #[attr]
    value: IndexAttr,
    /// The constant.
    #[result]
    result: Index,
}

impl IdxConstantOp<'_> {
    /// `idx` and the value, as `index.constant`'s `getAsmResultNames`.
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(self.result(), &format!("idx{}", self.value().value()));
    }
}

/// `index.bool.constant` again: `%true = rtest.idx_bool_constant true`.
#[mlir_op(
    dialect = RTestDialect,
    name = "idx_bool_constant",
    traits = [Pure],
    format = "attr-dict $value",
    interfaces = [OpAsmOpInterface(result_names)]
)]
pub struct IdxBoolConstantOp {
    /// The value.
    #[attr]
    value: BoolAttr,
    /// The constant.
    #[result]
    result: I1,
}

impl IdxBoolConstantOp<'_> {
    fn result_names(&self, names: &mut ValueNames<'_>) {
        let name = if self.value().value() {
            "true"
        } else {
            "false"
        };
        names.set(self.result(), name);
    }
}

/// Results in two groups, each named once: `%first, %rest:2 = ...`.
#[mlir_op(
    dialect = RTestDialect,
    name = "split",
    interfaces = [OpAsmOpInterface(result_names)]
)]
pub struct SplitOp {
    /// The first value.
    #[result]
    first: I64,
    /// The others.
    #[result]
    rest: Variadic<I64>,
}

impl SplitOp<'_> {
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(self.first(), "first");
        if let Some(rest) = self.rest().first() {
            names.set(*rest, "rest");
        }
    }
}

/// A region whose blocks' first two arguments are `%i` and `%acc`, and in
/// which `rtest` ops print without their namespace (`print %acc : i64`).
/// With the unit attribute `twice`, the hook names an argument twice.
#[mlir_op(
    dialect = RTestDialect,
    name = "scope",
    traits = [NoTerminator],
    format = "attr-dict-with-keyword $body",
    interfaces = [OpAsmOpInterface(block_arg_names, default_dialect = "rtest")]
)]
pub struct ScopeOp {
    /// The body.
    #[region]
    body: AnyRegion,
}

impl<'a> ScopeOp<'a> {
    fn block_arg_names(&self, region: RegionRef<'a, 'a>, names: &mut ValueNames<'a>) {
        let twice = self.operation().melior().has_attribute("twice");
        let mut block = region.first_block();
        while let Some(b) = block {
            for (index, name) in ["i", "acc"].into_iter().enumerate() {
                if let Ok(argument) = b.argument(index) {
                    names.set(argument, name);
                    if twice {
                        names.set(argument, "again");
                    }
                }
            }
            block = b.next_in_region();
        }
    }
}

/// Names its result `how`, except for four values of `how`: `"empty"`
/// gives the empty name (the default number), `"panic"` panics,
/// `"foreign"` names its operand (not its result), `"twice"` names its
/// result twice.
#[mlir_op(
    dialect = RTestDialect,
    name = "named",
    interfaces = [OpAsmOpInterface(result_names)]
)]
pub struct NamedOp {
    /// Any value.
    #[operand]
    input: I64,
    /// The name, or what to do wrong.
    #[attr]
    how: StrAttr,
    /// The result.
    #[result]
    output: I64,
}

impl NamedOp<'_> {
    fn result_names(&self, names: &mut ValueNames<'_>) {
        match self.how().value() {
            "empty" => names.set(self.output(), ""),
            "panic" => panic!("naming blew up"),
            "foreign" => names.set(self.input(), "stolen"),
            "twice" => {
                names.set(self.output(), "one");
                names.set(self.output(), "two");
            }
            how => names.set(self.output(), how),
        }
    }
}
