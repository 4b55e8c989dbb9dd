//! A pass that runs a pipeline of its own (`rs-repeat`), and a pass
//! anchored on an op interface (`count-function-ops`).

use mlir_pass::{
    ir::{OperationExt, OperationMutExt, WalkOrder},
    melior::ir::operation::{OperationLike, OperationPrintingFlags, WalkResult},
    mlir_pass,
    running::{DynamicPipeline, RunningPass},
    ContextRef, OperationRef, Pass, PassError,
};

/// Runs a pipeline on its operation until the IR stops changing, or
/// `max-iterations` times.
///
/// The pipeline lists passes as a pass manager on any operation takes them
/// (`canonicalize,cse`, `func.func(cse)`); it is built in `initialize`, and
/// its passes show under `RsRepeat` in `--mlir-timing`, once per run. A
/// failure of one of its passes fails `rs-repeat`.
#[mlir_pass(name = "RsRepeat", argument = "rs-repeat")]
#[derive(Clone, Debug, Default)]
pub struct Repeat {
    /// The passes to run, as in `canonicalize,cse` (required).
    #[option]
    pub pipeline: String,
    /// The most times to run the pipeline.
    #[option(default = 10)]
    pub max_iterations: u32,
    /// `pipeline`, built by `initialize`.
    built: Option<DynamicPipeline>,
}

impl Pass for Repeat {
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        if self.pipeline.trim().is_empty() {
            return Err(PassError::new(
                "option pipeline must name the passes to repeat, as in \
                 rs-repeat{pipeline=canonicalize,cse}",
            ));
        }
        let pipeline = &self.pipeline;
        self.built = Some(DynamicPipeline::build(context, "any", |pm| {
            pm.add_pipeline(pipeline)
        })?);
        Ok(())
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let pass = RunningPass::of(op)?;
        let built = self
            .built
            .as_mut()
            .ok_or_else(|| PassError::new("rs-repeat ran without being initialized"))?;
        // The op alone, numbered on its own (the default numbers values
        // across the whole module: a cost per print that grows with it).
        let print = || {
            op.melior()
                .to_string_with_flags(OperationPrintingFlags::new().use_local_scope())
        };
        let mut before = print()?;
        for _ in 0..self.max_iterations {
            pass.run_pipeline(built, op)?;
            let after = print()?;
            if after == before {
                break;
            }
            before = after;
        }
        Ok(())
    }
}

/// Annotates every function-like operation (`FunctionOpInterface`:
/// `func.func`, `llvm.func`, Toy's `toy.func`, ...) with its number of
/// operations, in the `pass.op_count` attribute, as `annotate-op-count`
/// does for `func.func`.
///
/// Anchored on the interface (C++'s `InterfacePass<FunctionOpInterface>`):
/// it runs as `builtin.module(llvm.func(count-function-ops))` or
/// `builtin.module(toy.func(count-function-ops))` as well as under
/// `func.func`, and is refused under an operation that is not a
/// function.
#[mlir_pass(
    name = "CountFunctionOps",
    argument = "count-function-ops",
    interface = "FunctionOpInterface"
)]
#[derive(Clone, Debug, Default)]
pub struct CountFunctionOps;

impl Pass for CountFunctionOps {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut function = op.melior_mut();
        let mut count = 0i64;
        function.walk_ops(WalkOrder::PreOrder, |nested| {
            if nested != function {
                count += 1;
            }
            WalkResult::Advance
        });
        function.set_i64_attr(crate::OP_COUNT_ATTR, count);
        Ok(())
    }
}
