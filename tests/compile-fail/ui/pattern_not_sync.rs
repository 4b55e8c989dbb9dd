// A rewrite pattern is shared by every thread: it must be `Send + Sync`.
use std::cell::Cell;

use mlir_pass::rewrite::{MatchResult, NoMatch, PatternRewriter, PatternSet, RewritePattern};
use mlir_pass::{ContextRef, OperationRef};

struct Counting {
    seen: Cell<u32>,
}

impl RewritePattern for Counting {
    fn root(&self) -> &str {
        "arith.addi"
    }

    fn match_and_rewrite(&self, _op: OperationRef<'_>, _rewriter: &PatternRewriter<'_>) -> MatchResult {
        self.seen.set(self.seen.get() + 1);
        Err(NoMatch)
    }
}

fn build(context: ContextRef<'_>) -> PatternSet {
    PatternSet::builder(context).add(Counting { seen: Cell::new(0) }).freeze()
}

fn main() {}
