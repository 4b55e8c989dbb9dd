//! `rcf.labeled`: an op of the `rcf` dialect that names the blocks of its
//! region (`OpAsmOpInterface(block_names)`, C++'s `getAsmBlockNames`) as
//! its `how` says: `"labels"` names them `entry`, `loop`, `exit`; the
//! other values misuse `BlockNames` on request (`"same"`, `"numbered"`,
//! `"twice"`, `"spaced"`, `"outer"`) or panic (`"panic"`).

#![deny(unsafe_code)]

use mlir_pass::dialect::{
    mlir_op,
    ods::{AnyRegion, StrAttr},
    BlockNames, Op,
};
use mlir_pass::melior::ir::{operation::OperationLike, BlockLike, RegionLike};

use crate::control_flow::RCfDialect;

/// A region whose blocks the op names.
#[mlir_op(
    dialect = RCfDialect,
    name = "labeled",
    format = "$how attr-dict-with-keyword $body",
    interfaces = [OpAsmOpInterface(block_names)]
)]
pub struct LabeledOp {
    /// What to name the blocks, or what to do wrong.
    #[attr]
    how: StrAttr,
    /// The blocks.
    #[region]
    body: AnyRegion,
}

impl LabeledOp<'_> {
    fn block_names(&self, names: &mut BlockNames<'_>) {
        let mut blocks = Vec::new();
        let mut next = self.body().first_block();
        while let Some(block) = next {
            blocks.push(block);
            next = block.next_in_region();
        }
        match self.how().value() {
            "labels" => {
                for (block, name) in blocks.into_iter().zip(["entry", "loop", "exit"]) {
                    names.set(block, name);
                }
            }
            "same" => {
                names.set(blocks[0], "same");
                names.set(blocks[1], "same");
            }
            "numbered" => names.set(blocks[1], "bb7"),
            "twice" => {
                names.set(blocks[1], "one");
                names.set(blocks[1], "two");
            }
            "spaced" => names.set(blocks[1], "a b"),
            "outer" => {
                let outer = self.operation().melior().block().expect("in a block");
                names.set(outer, "outer");
            }
            "panic" => panic!("labelling blew up"),
            _ => {}
        }
    }
}
