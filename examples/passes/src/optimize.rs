//! Rust ports of MLIR's `cse` and `loop-invariant-code-motion`, on the
//! analyses of `mlir_pass::analysis` (dominance, side effects, op
//! equivalence, loop interfaces). Each gives byte-identical output to the
//! upstream pass (see the differential tests in
//! `tests/integration/ir/optimize.rs`).

use std::{
    collections::{HashMap, HashSet, VecDeque},
    hash::{BuildHasherDefault, Hasher},
};

use mlir_pass::{
    analysis::{
        CseKey, DominanceInfo, EffectsExt, InterfacesExt, LoopLikeMutExt, PostDominanceInfo,
    },
    ir::{OperationExt, OperationMutExt, ValueExt, WalkOrder},
    melior::ir::{
        block::{BlockArgument, BlockLike},
        operation::{OperationLike, OperationMutLike, OperationRefMut, WalkResult},
        BlockRef, Location, RegionLike, RegionRef, Value,
    },
    mlir_pass,
    running::RunningPass,
    OperationRef, Pass, PassError,
};

/// An op's identity, for sets of ops.
fn key<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> usize {
    op.to_raw().ptr as usize
}

/// Eliminates common sub-expressions.
///
/// The port of MLIR's `cse`: walks every region of the op it runs on along
/// its dominator tree, with a scoped table of the ops seen so far (hashed
/// and compared as `OperationEquivalence` does, locations ignored), and
/// replaces an op equivalent to one that dominates it. Ops that only read
/// memory are merged when nothing between them, in their block, may write;
/// trivially dead ops are erased; graph regions are simplified block by
/// block; isolated ops start a fresh table. Replaced ops are erased at the
/// end, in the order they were found.
///
/// Its dominance comes from the pass's analysis manager, and it preserves
/// what upstream `cse` does: everything when it erased nothing, dominance
/// and post-dominance otherwise. So `func.func(rs-cse,cse)` computes
/// dominance once, under `RsCSE`, as `func.func(cse,cse)` does.
#[mlir_pass(name = "RsCSE", argument = "rs-cse")]
#[derive(Clone, Debug, Default)]
pub struct Cse;

impl Pass for Cse {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let dominance = DominanceInfo::new(&op);
        let root = op.melior_mut();
        let mut driver = CseDriver {
            dominance: &dominance,
            context: op.melior_context(),
            to_erase: Vec::new(),
        };
        let mut known = ScopedTable::default();
        for region in root.regions() {
            driver.simplify_region(&mut known, region);
        }
        // As upstream `cse`: a pass that erased nothing keeps every
        // analysis; otherwise dominance stays (no region op is removed).
        let pass = RunningPass::of(op)?;
        if driver.to_erase.is_empty() {
            pass.mark_unchanged();
            return Ok(());
        }
        for dead in driver.to_erase {
            dead.erase()?;
        }
        pass.mark_analyses_preserved::<(DominanceInfo, PostDominanceInfo)>();
        Ok(())
    }
}

/// Hashes a [`CseKey`] by its hash (MLIR's `OperationEquivalence` hash,
/// already well mixed), without hashing it again.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

/// Ops by equivalence, in nested scopes (LLVM's `ScopedHashTable`): an
/// insertion shadows an equivalent op inserted earlier until its scope ends.
#[derive(Default)]
struct ScopedTable<'c, 'a> {
    /// The latest entry of each key.
    map: HashMap<CseKey<OperationRefMut<'c, 'a>>, usize, BuildHasherDefault<KeyHasher>>,
    /// Every entry: the op and the entry it shadows.
    entries: Vec<(CseKey<OperationRefMut<'c, 'a>>, Option<usize>)>,
    /// Where each open scope starts in `entries`.
    scopes: Vec<usize>,
}

impl<'c: 'a, 'a> ScopedTable<'c, 'a> {
    fn open(&mut self) {
        self.scopes.push(self.entries.len());
    }

    fn close(&mut self) {
        let start = self.scopes.pop().expect("a scope is open");
        while self.entries.len() > start {
            let (key, shadowed) = self.entries.pop().expect("entries left");
            match shadowed {
                Some(previous) => {
                    self.map.insert(key, previous);
                }
                None => {
                    self.map.remove(&key);
                }
            }
        }
    }

    fn lookup(&self, key: &CseKey<OperationRefMut<'c, 'a>>) -> Option<OperationRefMut<'c, 'a>> {
        self.map.get(key).map(|&index| *self.entries[index].0.op())
    }

    fn insert(&mut self, key: CseKey<OperationRefMut<'c, 'a>>) {
        let index = self.entries.len();
        let shadowed = self.map.insert(key, index);
        // The map keeps the key it had (the first op of the class); the
        // entry remembers this op.
        self.entries.push((key, shadowed));
    }
}

struct CseDriver<'d, 'c, 'a> {
    dominance: &'d DominanceInfo<'d>,
    context: &'d mlir_pass::melior::Context,
    to_erase: Vec<OperationRefMut<'c, 'a>>,
}

impl<'d, 'c: 'a, 'a> CseDriver<'d, 'c, 'a> {
    fn simplify_region(&mut self, known: &mut ScopedTable<'c, 'a>, region: RegionRef<'c, 'a>) {
        let Some(entry) = region.first_block() else {
            return;
        };
        let ssa = self.dominance.has_ssa_dominance(&region);
        if entry.next_in_region().is_none() {
            known.open();
            self.simplify_block(known, entry, ssa);
            known.close();
            return;
        }
        // Several blocks: only along the dominator tree, and only where
        // values must dominate their uses.
        if !ssa {
            return;
        }
        known.open();
        self.simplify_block(known, entry, ssa);
        let mut stack: Vec<(Vec<BlockRef<'c, 'a>>, usize)> =
            vec![(self.dominance.children(&entry), 0)];
        while let Some((children, next)) = stack.last_mut() {
            if let Some(&child) = children.get(*next) {
                *next += 1;
                known.open();
                self.simplify_block(known, child, ssa);
                stack.push((self.dominance.children(&child), 0));
            } else {
                stack.pop();
                known.close();
            }
        }
    }

    fn simplify_block(
        &mut self,
        known: &mut ScopedTable<'c, 'a>,
        block: BlockRef<'c, 'a>,
        ssa: bool,
    ) {
        let mut next = block.first_operation_mut();
        while let Some(op) = next {
            next = op.next_in_block_mut();
            if op.region_count() != 0 {
                // An op isolated from above (or that may be: an unregistered
                // one) gets a table of its own, so nothing from outside is
                // captured.
                if !self.context.is_registered_operation(op.name_str())
                    || op.is_isolated_from_above()
                {
                    let mut nested = ScopedTable::default();
                    for region in op.regions() {
                        self.simplify_region(&mut nested, region);
                    }
                } else {
                    for region in op.regions() {
                        self.simplify_region(known, region);
                    }
                }
            }
            self.simplify_operation(known, op, ssa);
        }
    }

    /// Marks `op` for erasure when it is dead or redundant.
    fn simplify_operation(
        &mut self,
        known: &mut ScopedTable<'c, 'a>,
        op: OperationRefMut<'c, 'a>,
        ssa: bool,
    ) {
        if op.is_terminator() {
            return;
        }
        if op.is_trivially_dead() {
            self.to_erase.push(op);
            return;
        }
        // Ops with a region of several blocks are left alone.
        if op.regions().any(|r| {
            r.first_block()
                .is_some_and(|b| b.next_in_region().is_some())
        }) {
            return;
        }
        if !op.is_memory_effect_free() {
            // Of the ops with effects, only those that just read are merged,
            // with an equivalent op earlier in the same block when nothing
            // between them may write.
            if !op.only_reads() {
                return;
            }
            let key = CseKey::new(op);
            if let Some(existing) = known.lookup(&key) {
                if existing.block() == op.block() && !writes_between(existing, op) {
                    self.replace_and_erase(known, op, existing, ssa);
                    return;
                }
            }
            known.insert(key);
            return;
        }
        let key = CseKey::new(op);
        if let Some(existing) = known.lookup(&key) {
            self.replace_and_erase(known, op, existing, ssa);
            return;
        }
        known.insert(key);
    }

    fn replace_and_erase(
        &mut self,
        known: &ScopedTable<'c, 'a>,
        op: OperationRefMut<'c, 'a>,
        existing: OperationRefMut<'c, 'a>,
        ssa: bool,
    ) {
        if ssa {
            // No use of `op` has been visited yet: replace them all.
            for (from, to) in op.results().zip(existing.results()) {
                from.replace_all_uses_with(to);
            }
            self.to_erase.push(op);
        } else {
            // In a graph region, a use may come first: replace only uses by
            // ops not seen yet (no equivalent op in the table), and erase
            // `op` if none is left.
            for (from, to) in op.results().zip(existing.results()) {
                let uses: Vec<_> = from.uses().collect();
                for mut user in uses {
                    if known.map.contains_key(&CseKey::new(user.owner)) {
                        continue;
                    }
                    user.owner.set_operand(user.operand_number, Value::from(to));
                }
            }
            if !op.results().any(|r| r.has_uses()) {
                self.to_erase.push(op);
            }
        }
        // The survivor takes the location of the op it replaces when it
        // had none.
        let unknown = Location::unknown(self.context);
        let mut existing = existing;
        if existing.location() == unknown && op.location() != unknown {
            existing.set_location(op.location());
        }
    }
}

/// Whether an op strictly between `from` and `to` (in one block) may write
/// memory, itself or through the ops nested in it, or has effects MLIR does
/// not know.
fn writes_between<'c: 'a, 'a>(from: OperationRefMut<'c, 'a>, to: OperationRefMut<'c, 'a>) -> bool {
    let mut next = from.next_in_block_mut();
    while let Some(op) = next {
        if op == to {
            return false;
        }
        if op.may_write() {
            return true;
        }
        next = op.next_in_block_mut();
    }
    false
}

/// Hoists loop-invariant code out of loops.
///
/// The port of MLIR's `loop-invariant-code-motion`: visits every loop
/// (`LoopLikeOpInterface`: `scf.for`, `scf.while`, `scf.parallel`,
/// `affine.for`, ...) nested in the op it runs on, inner loops first, and
/// moves out of its body each op that is memory-effect free and
/// speculatable and whose operands (those of the ops nested in it too) are
/// defined outside the loop; the users of a moved op are then tried again.
#[mlir_pass(
    name = "RsLoopInvariantCodeMotion",
    argument = "rs-loop-invariant-code-motion"
)]
#[derive(Clone, Debug, Default)]
pub struct LoopInvariantCodeMotion;

impl Pass for LoopInvariantCodeMotion {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        // Post-order: inner loops first, so what leaves an inner loop may
        // leave the outer one too. (Moving ops out of a loop never changes
        // which loops a walk of the original IR visits, nor their order.)
        // The op a pass runs on is isolated from above: never a loop whose
        // ops could be moved before it.
        let mut loops = Vec::new();
        collect_loops(op.melior_mut(), &mut loops);
        let mut worklist = VecDeque::new();
        for loop_op in loops {
            move_loop_invariant_code(loop_op, &mut worklist)?;
        }
        Ok(())
    }
}

/// The loops nested in `op` (not `op`), in post-order. Only an op with
/// regions is asked whether it is a loop: one without has no body to move
/// ops out of.
fn collect_loops<'c: 'a, 'a>(
    op: OperationRefMut<'c, 'a>,
    loops: &mut Vec<OperationRefMut<'c, 'a>>,
) {
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation_mut();
            while let Some(nested) = next {
                next = nested.next_in_block_mut();
                if nested.region_count() > 0 {
                    collect_loops(nested, loops);
                    if nested.is_loop_like() {
                        loops.push(nested);
                    }
                }
            }
            block = b.next_in_region();
        }
    }
}

/// `moveLoopInvariantCode(loopLike)`: returns how many ops were moved.
fn move_loop_invariant_code<'c: 'a, 'a>(
    loop_op: OperationRefMut<'c, 'a>,
    worklist: &mut VecDeque<OperationRefMut<'c, 'a>>,
) -> Result<usize, PassError> {
    let mut moved = 0;
    for region in loop_op.loop_regions().unwrap_or_default() {
        worklist.clear();
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation_mut();
            while let Some(op) = next {
                worklist.push_back(op);
                next = op.next_in_block_mut();
            }
            block = b.next_in_region();
        }
        while let Some(op) = worklist.pop_front() {
            // Already moved out? (What the worklist holds is in `region` or
            // was moved out of the loop, so the loop as parent says it.)
            if op
                .parent_operation()
                .is_none_or(|parent| key(&parent) != key(&loop_op))
            {
                continue;
            }
            // Upstream asks `isMemoryEffectFree(op) && isSpeculatable(op)`:
            // `isPure` is the same two questions in one call into MLIR.
            if !(op.is_pure() && can_be_hoisted(op, loop_op)) {
                continue;
            }
            loop_op.move_out_of_loop(&op)?;
            moved += 1;
            // Its users in the loop body may be invariant now.
            for result in op.results() {
                for user in result.uses() {
                    if user.owner.block().and_then(|b| b.parent_region()) == Some(region) {
                        worklist.push_back(user.owner);
                    }
                }
            }
        }
    }
    Ok(moved)
}

/// Whether `op` (not a terminator) uses, itself or through the ops nested
/// in it, only values defined outside the loop or inside `op`.
fn can_be_hoisted<'c: 'a, 'a>(
    op: OperationRefMut<'c, 'a>,
    loop_op: OperationRefMut<'c, 'a>,
) -> bool {
    if op.is_terminator() {
        return false;
    }
    if op.region_count() == 0 {
        return loop_op.operands_defined_outside_of_loop(&op) == Some(true);
    }
    let invariant = |value: Value<'c, 'a>| loop_op.is_defined_outside_of_loop(value) == Some(true);
    // Ops with regions: a value defined in a region nested in `op` (whose
    // region's op was visited before its users, in pre-order) is fine.
    let mut inside: HashSet<usize> = HashSet::new();
    let result = op.walk_ops(WalkOrder::PreOrder, |child| {
        inside.insert(key(&child));
        for value in child.operands() {
            if defining_region_op(value).is_some_and(|parent| inside.contains(&parent)) {
                continue;
            }
            if !invariant(value) {
                return WalkResult::Interrupt;
            }
        }
        WalkResult::Advance
    });
    !matches!(result, WalkResult::Interrupt)
}

/// The op whose region defines `value` (`value.getParentRegion()->getParentOp()`),
/// as a key.
fn defining_region_op<'c: 'a, 'a>(value: Value<'c, 'a>) -> Option<usize> {
    if let Some(owner) = value.defining_op() {
        return owner.parent_operation().map(|p| key(&p));
    }
    let argument = BlockArgument::try_from(value).ok()?;
    argument.owner().parent_operation().map(|p| key(&p))
}
