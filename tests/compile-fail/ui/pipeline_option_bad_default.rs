// Pipeline options use the same #[option] machinery as passes.
use mlir_pass::{mlir_pipeline, OpPassManager, PassError, Pipeline};

#[mlir_pipeline(argument = "my-pipeline")]
#[derive(Default)]
struct MyPipeline {
    /// How hard to try.
    #[option(default = "high")]
    level: u32,
}

impl Pipeline for MyPipeline {
    fn build(&self, _pm: &OpPassManager<'_>) -> Result<(), PassError> {
        Ok(())
    }
}

fn main() {}
