//! Passes for the dynamic-pipeline and interface-pass tests
//! (tests/integration/pipelines.rs), and the C++ twins of `rs-repeat` and
//! `count-function-ops` (`cpp/pipeline_twin.cpp`).

use mlir_pass::{
    ir::{OperationExt, OperationMutExt, WalkOrder},
    melior::ir::{
        operation::{OperationLike, WalkResult},
        BlockLike, RegionLike,
    },
    mlir_pass,
    running::{DynamicPipeline, RunningPass},
    ContextRef, OperationRef, Pass, PassError,
};

/// Sets `pass.op_count` on every operation that implements
/// `CallableOpInterface` (`func.func`, `rtest.function`, ...).
#[mlir_pass(
    argument = "test-count-callable-ops",
    interface = "CallableOpInterface"
)]
#[derive(Clone, Debug, Default)]
pub struct CountCallableOps;

impl Pass for CountCallableOps {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut callable = op.melior_mut();
        let mut count = 0i64;
        callable.walk_ops(WalkOrder::PreOrder, |nested| {
            if nested != callable {
                count += 1;
            }
            WalkResult::Advance
        });
        callable.set_i64_attr("pass.op_count", count);
        Ok(())
    }
}

/// Runs pipelines the ways MLIR forbids (and one it allows), chosen by
/// `mode`:
/// - `parent`: a `builtin.module` pipeline on the parent of its operation;
/// - `build-in-run`: builds its pipeline in `run`;
/// - `wrong-anchor`: a `builtin.module` pipeline on its `func.func`;
/// - `not-isolated`: an op-agnostic pipeline on the first operation inside
///   its function (not isolated from above);
/// - `each-function`: on a module, `func.func(canonicalize)` on each
///   function in it (allowed).
#[mlir_pass(argument = "test-pipeline-misuse")]
#[derive(Clone, Debug, Default)]
pub struct PipelineMisuse {
    /// Which misuse.
    #[option]
    pub mode: String,
    built: Option<DynamicPipeline>,
}

impl Pass for PipelineMisuse {
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        let text = match self.mode.as_str() {
            "parent" | "wrong-anchor" => "builtin.module(canonicalize)",
            "not-isolated" => "any(canonicalize)",
            "each-function" => "func.func(canonicalize)",
            _ => return Ok(()),
        };
        self.built = Some(DynamicPipeline::parse(context, text)?);
        Ok(())
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let pass = RunningPass::of(op)?;
        if self.mode == "build-in-run" {
            DynamicPipeline::parse(op.context(), "any(canonicalize)")?;
            return Ok(());
        }
        let built = self.built.as_mut().expect("built in initialize");
        let melior = op.melior();
        match self.mode.as_str() {
            "parent" => {
                let parent = melior.parent_operation().expect("a function has a parent");
                pass.run_pipeline(built, parent.into())
            }
            "wrong-anchor" => pass.run_pipeline(built, op),
            "not-isolated" => {
                let body = melior.region(0)?;
                let first = body
                    .first_block()
                    .and_then(|b| b.first_operation())
                    .expect("a function with a body");
                pass.run_pipeline(built, first.into())
            }
            "each-function" => {
                let body = melior.region(0)?;
                let block = body.first_block().expect("a module has a body");
                let mut next = block.first_operation();
                while let Some(nested) = next {
                    if nested.name().as_string_ref().as_str() == Ok("func.func") {
                        pass.run_pipeline(built, nested.into())?;
                    }
                    next = nested.next_in_block();
                }
                Ok(())
            }
            other => Err(PassError::new(format!("unknown mode {other:?}"))),
        }
    }
}
