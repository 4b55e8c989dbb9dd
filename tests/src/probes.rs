//! Probe passes: they write what the `ir` queries answer onto the IR as
//! attributes, so that a test can compare the answers in `mlir-pass-opt`
//! and in the stock `mlir-opt` with a plugin (where a trait check compiled
//! into our code could answer differently from libMLIR).

use mlir_pass::{
    ir::{OperationExt, OperationMutExt, ValueExt, WalkOrder},
    melior::ir::{
        attribute::{FloatAttribute, IntegerAttribute},
        operation::{OperationLike, OperationMutLike, WalkResult},
        r#type::IntegerType,
        Type,
    },
    mlir_pass, OperationRef, Pass, PassError,
};

/// Annotates each op whose first result is a constant with what the
/// constant matchers say: `probe.constant` (the attribute), `probe.int`,
/// `probe.uint`, `probe.width`, `probe.splat`, `probe.float`, `probe.exact`.
#[mlir_pass(argument = "probe-constants", op = "func.func")]
#[derive(Clone, Default)]
pub struct ProbeConstants;

impl Pass for ProbeConstants {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let context = op.melior_context();
        op.melior_mut().walk_ops(WalkOrder::PreOrder, |mut nested| {
            let Ok(result) = nested.result(0) else {
                return WalkResult::Advance;
            };
            if let Some(attr) = result.constant() {
                nested.set_attribute("probe.constant", attr);
            }
            if let Some(int) = result.constant_int() {
                if let Some(v) = int.as_i64() {
                    nested.set_i64_attr("probe.int", v);
                }
                if let Some(v) = int.as_u64() {
                    let ty: Type = IntegerType::unsigned(context, 64).into();
                    nested.set_attribute("probe.uint", IntegerAttribute::new(ty, v as i64).into());
                }
                nested.set_i64_attr("probe.width", i64::from(int.width()));
                nested.set_bool_attr("probe.splat", int.is_splat());
            }
            if let Some(float) = result.constant_float() {
                let attr = FloatAttribute::new(context, Type::float64(context), float.value());
                nested.set_attribute("probe.float", attr.into());
                nested.set_i64_attr("probe.width", i64::from(float.width()));
                nested.set_bool_attr("probe.splat", float.is_splat());
                nested.set_bool_attr("probe.exact", float.is_exact());
            }
            WalkResult::Advance
        });
        Ok(())
    }
}

/// Annotates the module with what the `analysis` queries answer (see
/// `tests/inputs/analyses.mlir`): traits and interfaces (`probe.traits`),
/// effects (`probe.effects`, `probe.flags`, `probe.recursive`), dominance
/// between ops tagged `probe.id` (`probe.dominated_by`,
/// `probe.post_dominated_by`, `probe.operands_dominate`), dominator-tree
/// children of each function's blocks (`probe.dom_children`,
/// `probe.post_children`), SSA dominance (`probe.ssa`), loops
/// (`probe.loop_regions`, `probe.invariant`, `probe.all_invariant`), region successors
/// (`probe.entry_successors`, `probe.region_successors`), CSE equivalence in
/// functions marked `probe.cse` (`probe.equiv_first`, `probe.hash_first`),
/// symbols (`probe.declaration`, `probe.optional_symbol`); then moves ops
/// marked `probe.hoist` out of their loop.
#[mlir_pass(argument = "probe-analyses", op = "builtin.module")]
#[derive(Clone, Default)]
pub struct ProbeAnalyses;

impl Pass for ProbeAnalyses {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        use mlir_pass::analysis::{
            DominanceInfo, EffectKind, EffectsExt, EquivalenceExt, InterfacesExt, LoopLikeMutExt,
            PostDominanceInfo, RegionSuccessor,
        };
        use mlir_pass::melior::ir::{
            attribute::{ArrayAttribute, BoolAttribute, StringAttribute},
            block::BlockLike,
            operation::OperationRefMut,
            Attribute, BlockRef, RegionLike, ValueLike,
        };

        let context = op.melior_context();
        let string = |s: &str| -> Attribute { StringAttribute::new(context, s).into() };
        let strings = |v: &[String]| -> Attribute {
            let items: Vec<Attribute> = v.iter().map(|s| string(s)).collect();
            ArrayAttribute::new(context, &items).into()
        };
        let boolean = |b: bool| -> Attribute { BoolAttribute::new(context, b).into() };
        let int = |i: i64| -> Attribute { IntegerAttribute::new(Type::index(context), i).into() };
        let ints = |v: &[i64]| -> Attribute {
            let items: Vec<Attribute> = v.iter().map(|&i| int(i)).collect();
            ArrayAttribute::new(context, &items).into()
        };

        let module = op.melior_mut();
        let mut ops: Vec<OperationRefMut> = Vec::new();
        module.walk_ops(WalkOrder::PreOrder, |nested| {
            ops.push(nested);
            WalkResult::Advance
        });
        let dominance = DominanceInfo::new(&op);
        let post = PostDominanceInfo::new(&op);
        let mut answers: Vec<(usize, &str, Attribute)> = Vec::new();
        let tagged: Vec<(i64, usize)> = ops
            .iter()
            .enumerate()
            .filter_map(|(i, o)| o.int_attr("probe.id").map(|id| (id, i)))
            .collect();
        fn blocks_of<'c, 'a>(
            region: mlir_pass::melior::ir::RegionRef<'c, 'a>,
        ) -> Vec<BlockRef<'c, 'a>> {
            let mut blocks = Vec::new();
            let mut block = region.first_block();
            while let Some(b) = block {
                block = b.next_in_region();
                blocks.push(b);
            }
            blocks
        }
        let describe = |o: &OperationRefMut, value: mlir_pass::melior::ir::Value| -> String {
            for i in 0..o.operand_count() {
                if o.operand(i).unwrap().to_raw().ptr == value.to_raw().ptr {
                    return format!("operand {i}");
                }
            }
            for i in 0..o.result_count() {
                if o.result(i).unwrap().to_raw().ptr == value.to_raw().ptr {
                    return format!("result {i}");
                }
            }
            "value".into()
        };
        let effect_strings =
            |o: &OperationRefMut, effects: Option<Vec<mlir_pass::analysis::MemoryEffect>>| {
                match effects {
                    None => string("unknown"),
                    Some(effects) => strings(
                        &effects
                            .iter()
                            .map(|e| {
                                let kind = match e.kind {
                                    EffectKind::Allocate => "allocate",
                                    EffectKind::Free => "free",
                                    EffectKind::Read => "read",
                                    EffectKind::Write => "write",
                                };
                                let on = match (e.value, e.symbol) {
                                    (Some(v), _) => format!(" {}", describe(o, v)),
                                    (None, Some(s)) => format!(" {s}"),
                                    (None, None) => String::new(),
                                };
                                format!("{kind}{on} {}", e.resource)
                            })
                            .collect::<Vec<_>>(),
                    ),
                }
            };

        for (i, o) in ops.iter().enumerate() {
            let mut traits = Vec::new();
            for (yes, name) in [
                (o.is_terminator(), "terminator"),
                (o.is_isolated_from_above(), "isolated"),
                (o.is_constant_like(), "constant_like"),
                (o.is_commutative(), "commutative"),
                (o.has_recursive_memory_effects(), "recursive_effects"),
                (o.is_loop_like(), "loop_like"),
                (o.is_region_branch(), "region_branch"),
            ] {
                if yes {
                    traits.push(name.to_string());
                }
            }
            if !traits.is_empty() {
                answers.push((i, "probe.traits", strings(&traits)));
            }
            answers.push((i, "probe.effects", effect_strings(o, o.memory_effects())));
            if o.has_recursive_memory_effects() {
                answers.push((
                    i,
                    "probe.recursive",
                    effect_strings(o, o.memory_effects_recursively()),
                ));
            }
            let mut flags = Vec::new();
            for (yes, name) in [
                (o.is_memory_effect_free(), "free"),
                (o.is_speculatable(), "speculatable"),
                (o.is_pure(), "pure"),
                (o.would_be_trivially_dead(), "would_be_dead"),
                (o.is_trivially_dead(), "dead"),
            ] {
                if yes {
                    flags.push(name);
                }
            }
            answers.push((i, "probe.flags", string(&flags.join(","))));
            let mut access = Vec::new();
            for (yes, name) in [(o.only_reads(), "only_reads"), (o.may_write(), "may_write")] {
                if yes {
                    access.push(name);
                }
            }
            answers.push((i, "probe.access", string(&access.join(","))));

            if let Some(id) = o.int_attr("probe.id") {
                let by = |post_dom: bool| -> Vec<i64> {
                    tagged
                        .iter()
                        .filter(|&&(_, j)| {
                            if post_dom {
                                post.properly_post_dominates(&ops[j], o)
                            } else {
                                dominance.properly_dominates(&ops[j], o)
                            }
                        })
                        .map(|&(other, _)| other)
                        .collect()
                };
                let _ = id;
                answers.push((i, "probe.dominated_by", ints(&by(false))));
                answers.push((i, "probe.post_dominated_by", ints(&by(true))));
                let operands: Vec<Attribute> = o
                    .operands()
                    .map(|v| boolean(dominance.value_properly_dominates(v, o)))
                    .collect();
                answers.push((
                    i,
                    "probe.operands_dominate",
                    ArrayAttribute::new(context, &operands).into(),
                ));
            }
            if o.int_attr("probe.id").is_some() && o.region_count() > 0 {
                let region = o.region(0).unwrap();
                answers.push((
                    i,
                    "probe.ssa",
                    boolean(dominance.has_ssa_dominance(&region)),
                ));
            }
            if o.name_str() == "func.func" || o.name_str() == "builtin.module" {
                let region = o.region(0).unwrap();
                answers.push((
                    i,
                    "probe.ssa",
                    boolean(dominance.has_ssa_dominance(&region)),
                ));
                answers.push((i, "probe.declaration", boolean(o.is_symbol_declaration())));
                answers.push((i, "probe.optional_symbol", boolean(o.is_optional_symbol())));
                let blocks = blocks_of(region);
                if blocks.len() > 1 {
                    let index = |b: &BlockRef| blocks.iter().position(|x| x == b).unwrap() as i64;
                    let trees = |post_dom: bool| -> Attribute {
                        let per_block: Vec<Attribute> = blocks
                            .iter()
                            .map(|b| {
                                let children = if post_dom {
                                    post.children(b)
                                } else {
                                    dominance.children(b)
                                };
                                ints(&children.iter().map(index).collect::<Vec<_>>())
                            })
                            .collect();
                        ArrayAttribute::new(context, &per_block).into()
                    };
                    answers.push((i, "probe.dom_children", trees(false)));
                    answers.push((i, "probe.post_children", trees(true)));
                }
            }
            if let Some(regions) = o.loop_regions() {
                answers.push((i, "probe.loop_regions", int(regions.len() as i64)));
            }
            if let Some(parent) = o.parent_operation() {
                if parent.is_loop_like() {
                    let invariant: Vec<Attribute> = o
                        .operands()
                        .map(|v| boolean(parent.is_defined_outside_of_loop(v).unwrap()))
                        .collect();
                    answers.push((
                        i,
                        "probe.invariant",
                        ArrayAttribute::new(context, &invariant).into(),
                    ));
                    let all = parent.operands_defined_outside_of_loop(o).unwrap();
                    answers.push((i, "probe.all_invariant", boolean(all)));
                }
            }
            let successor = |s: &RegionSuccessor| match s {
                RegionSuccessor::Parent { inputs } => format!("parent({inputs})"),
                RegionSuccessor::Region { index, inputs } => format!("region{index}({inputs})"),
            };
            if let Some(entry) = o.region_successors(None) {
                answers.push((
                    i,
                    "probe.entry_successors",
                    strings(&entry.iter().map(successor).collect::<Vec<_>>()),
                ));
                let per_region: Vec<Attribute> = (0..o.region_count())
                    .map(|r| {
                        strings(
                            &o.region_successors(Some(r))
                                .unwrap()
                                .iter()
                                .map(successor)
                                .collect::<Vec<_>>(),
                        )
                    })
                    .collect();
                answers.push((
                    i,
                    "probe.region_successors",
                    ArrayAttribute::new(context, &per_region).into(),
                ));
                assert!(o.region_successors(Some(o.region_count())).is_none());
            }
            if o.attribute("probe.cse").is_ok() {
                let body: Vec<_> = o
                    .region(0)
                    .unwrap()
                    .first_block()
                    .unwrap()
                    .first_operation_mut()
                    .into_iter()
                    .collect();
                let mut body = body;
                while let Some(next) = body.last().unwrap().next_in_block_mut() {
                    body.push(next);
                }
                for (k, b) in body.iter().enumerate() {
                    let j = ops
                        .iter()
                        .position(|x| x.to_raw().ptr == b.to_raw().ptr)
                        .unwrap();
                    let equiv = body.iter().position(|x| x.is_equivalent_to(b)).unwrap();
                    let hash = body
                        .iter()
                        .position(|x| x.operation_hash() == b.operation_hash())
                        .unwrap();
                    assert!(hash <= equiv && equiv <= k);
                    answers.push((j, "probe.equiv_first", int(equiv as i64)));
                    answers.push((j, "probe.hash_first", int(hash as i64)));
                }
            }
        }
        drop(dominance);
        drop(post);
        for (i, name, attr) in answers {
            let mut target = ops[i];
            target.set_attribute(name, attr);
        }
        for mut o in ops {
            if o.attribute("probe.hoist").is_ok() {
                let parent = o.parent_operation_mut().unwrap();
                parent.move_out_of_loop(&o)?;
            }
        }
        Ok(())
    }
}

/// Writes on each function why `move_out_of_loop` refused two bad calls:
/// `probe.not_a_loop` (the function's first op is no loop) and
/// `probe.not_nested` (the first loop asked to move an op that is not in it).
#[mlir_pass(argument = "probe-loop-refusals", op = "func.func")]
#[derive(Clone, Default)]
pub struct ProbeLoopRefusals;

impl Pass for ProbeLoopRefusals {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        use mlir_pass::analysis::{InterfacesExt, LoopLikeMutExt};
        let children: Vec<_> = op.melior().child_ops().collect();
        let mut function = op.melior_mut();
        if let Some(first) = children.first() {
            let error = first.move_out_of_loop(first).unwrap_err();
            function.set_str_attr("probe.not_a_loop", &error.to_string());
        }
        if let Some(lp) = children.iter().find(|o| o.is_loop_like()) {
            let error = lp.move_out_of_loop(&children[0]).unwrap_err();
            function.set_str_attr("probe.not_nested", &error.to_string());
        }
        Ok(())
    }
}

/// Asks the dominance analysis of its function about the parent module,
/// which is outside it: the query panics, and the pass fails.
#[mlir_pass(argument = "probe-dominance-outside", op = "func.func")]
#[derive(Clone, Default)]
pub struct ProbeDominanceOutside;

impl Pass for ProbeDominanceOutside {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        use mlir_pass::analysis::DominanceInfo;
        let dominance = DominanceInfo::new(&op);
        let module = op.melior().parent_operation().expect("a module");
        let first = op.melior().child_ops().next().expect("an op");
        dominance.properly_dominates(&first, &module);
        Ok(())
    }
}

/// Asks the dominance analysis of its function about two neighbouring ops
/// of another function of the module: they share a block, as the fast path
/// of the bridge's query expects, but that block is not in this function,
/// so the query panics (without MLIR building a tree for the other one).
#[mlir_pass(argument = "probe-dominance-sibling", op = "func.func")]
#[derive(Clone, Default)]
pub struct ProbeDominanceSibling;

impl Pass for ProbeDominanceSibling {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        use mlir_pass::analysis::DominanceInfo;
        let dominance = DominanceInfo::new(&op);
        let module = op.melior().parent_operation().expect("a module");
        let other = module
            .child_ops()
            .find(|f| f.to_raw().ptr != op.raw().ptr)
            .expect("a second function");
        let mut pair = other.child_ops();
        let (a, b) = (pair.next().expect("an op"), pair.next().expect("two ops"));
        dominance.properly_dominates(&a, &b);
        Ok(())
    }
}
