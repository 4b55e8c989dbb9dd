//! Rust ports of three upstream MLIR passes, under `rs-` arguments. Each
//! gives byte-identical output to the upstream pass (see the differential
//! tests in `tests/integration/ports.rs`).

use rustc_hash::FxHashSet;

use mlir_pass::{
    ir::{
        BlockArgumentExt, OperationExt, OperationMutExt, SymbolTableCollection, Visibility,
        WalkOrder,
    },
    melior::ir::{
        attribute::StringAttribute,
        block::BlockLike,
        operation::{OperationLike, OperationMutLike, OperationRefMut, WalkResult},
        AttributeLike, Location, RegionLike,
    },
    mlir_pass, OperationRef, Pass, PassError,
};

/// Strips debug information: every location becomes `loc(unknown)`.
///
/// The port of MLIR's `strip-debuginfo`: the location of every operation
/// nested in (and including) the one it runs on, and of every block argument
/// in their regions, is replaced by the unknown location.
#[mlir_pass(name = "RsStripDebugInfo", argument = "rs-strip-debuginfo")]
#[derive(Clone, Debug, Default)]
pub struct StripDebugInfo;

impl Pass for StripDebugInfo {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let unknown = Location::unknown(op.melior_context());
        op.melior().walk_ops(WalkOrder::PostOrder, |mut nested| {
            nested.set_location(unknown);
            for region in nested.child_regions() {
                let mut block = region.first_block();
                while let Some(b) = block {
                    for index in 0..b.argument_count() {
                        if let Ok(argument) = b.argument(index) {
                            argument.set_location(unknown);
                        }
                    }
                    block = b.next_in_region();
                }
            }
            WalkResult::Advance
        });
        Ok(())
    }
}

/// Marks every symbol private, except those excluded.
///
/// The port of MLIR's `symbol-privatize`: each symbol directly in the
/// regions of the op it runs on (typically `builtin.module`) gets private
/// visibility, unless its name is listed in `exclude`.
#[mlir_pass(name = "RsSymbolPrivatize", argument = "rs-symbol-privatize")]
#[derive(Clone, Debug, Default)]
pub struct SymbolPrivatize {
    /// Comma separated list of symbols that should not be marked private.
    #[option]
    pub exclude: Vec<String>,
}

impl Pass for SymbolPrivatize {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        // The excluded names as the context's interned attributes, compared
        // by identity as upstream's `DenseSet<StringAttr>` compares them (a
        // symbol's name string is never read).
        let context = op.melior_context();
        let excluded: FxHashSet<usize> = self
            .exclude
            .iter()
            .map(|name| StringAttribute::new(context, name).to_raw().ptr as usize)
            .collect();
        // One interface lookup per op, as upstream's `dyn_cast` does.
        for child in op.melior().child_ops() {
            let Some(mut symbol) = child.as_symbol() else {
                continue;
            };
            let name = symbol.name_attribute().map(|a| a.to_raw().ptr as usize);
            if !name.is_some_and(|name| excluded.contains(&name)) {
                symbol.set_visibility(Visibility::Private)?;
            }
        }
        Ok(())
    }
}

/// Erases dead private symbols.
///
/// The port of MLIR's `symbol-dce`: runs on an op that defines a symbol
/// table; a symbol is live when it is public (and its table is visible from
/// outside) or cannot be discarded, or when a live op references it;
/// nested symbol tables are handled recursively. Every symbol found dead is
/// erased.
#[mlir_pass(name = "RsSymbolDCE", argument = "rs-symbol-dce")]
#[derive(Clone, Debug, Default)]
pub struct SymbolDce;

/// An op's identity, for sets of ops.
fn key<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> usize {
    op.to_raw().ptr as usize
}

impl Pass for SymbolDce {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let table = op.melior_mut();
        if !table.is_symbol_table() {
            table.emit_op_error(
                " was scheduled to run under SymbolDCE, but does not define a symbol table",
            );
            return Err(PassError::reported());
        }
        // A table nested in another op is hidden unless it is a public symbol.
        let hidden = match table.symbol_visibility() {
            Some(visibility) if table.parent_operation().is_some() => {
                visibility == Visibility::Private
            }
            _ => true,
        };
        // Ops by address, as upstream's `DenseSet<Operation *>`: a hasher
        // for small keys, not std's SipHash (which resists crafted keys).
        let mut live = FxHashSet::default();
        let mut tables = SymbolTableCollection::new();
        let mut visited = Vec::new();
        compute_liveness(table, &mut tables, hidden, &mut live, &mut visited)?;

        // Erase what is not live, in every symbol table that survives.
        // Upstream walks every op for the tables; the liveness walk above
        // already went through each table that is not inside a dead symbol
        // (those go with the symbol), so this asks only them, innermost
        // first as upstream's post-order walk does.
        for nested in visited.into_iter().rev() {
            // A symbol table has one region.
            for candidate in nested.child_ops() {
                if candidate.is_symbol() && !live.contains(&key(&candidate)) {
                    candidate.erase()?;
                }
            }
        }
        Ok(())
    }
}

/// Marks the live symbols of `table` and of the tables nested in it.
fn compute_liveness<'c, 'a>(
    table: OperationRefMut<'c, 'a>,
    tables: &mut SymbolTableCollection,
    hidden: bool,
    live: &mut FxHashSet<usize>,
    visited: &mut Vec<OperationRefMut<'c, 'a>>,
) -> Result<(), PassError> {
    visited.push(table);
    let mut worklist: Vec<OperationRefMut<'c, 'a>> = Vec::new();
    // Every op that is not a symbol, and every symbol that cannot be
    // discarded, starts live.
    // (A symbol table has one region.)
    for op in table.child_ops() {
        let Some(visibility) = op.symbol_visibility() else {
            worklist.push(op);
            continue;
        };
        let discardable =
            (hidden || visibility == Visibility::Private) && op.can_discard_on_use_empty();
        if !discardable && live.insert(key(&op)) {
            worklist.push(op);
        }
    }

    while let Some(op) = worklist.pop() {
        if op.is_symbol_table() {
            // A nested table is hidden if its parent is, if it is no symbol,
            // or if it is a private one.
            let nested_hidden = hidden
                || op
                    .symbol_visibility()
                    .is_none_or(|v| v == Visibility::Private);
            compute_liveness(op, tables, nested_hidden, live, visited)?;
        } else {
            // Not a table: look for uses in every op with regions inside it,
            // as if they were at the top level.
            worklist.extend(op.child_ops().filter(|nested| nested.region_count() > 0));
        }

        let Some(parent) = op.parent_operation() else {
            continue;
        };
        if !parent.is_symbol_table() {
            continue;
        }
        let Some(uses) = op.symbol_uses() else {
            op.emit_error(
                "operation contains potentially unknown symbol table, meaning that we \
                 can't reliable compute symbol uses",
            );
            return Err(PassError::reported());
        };
        for symbol_use in uses {
            // References to unknown symbols are ignored.
            let Some(resolved) = tables.lookup_in(&parent, symbol_use.symbol_ref) else {
                continue;
            };
            for symbol in resolved {
                if live.insert(key(&symbol)) {
                    worklist.push(symbol);
                }
            }
        }
    }
    Ok(())
}
