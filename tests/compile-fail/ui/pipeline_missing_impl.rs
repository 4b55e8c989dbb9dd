// A pipeline struct must implement `Pipeline`.
use mlir_pass::mlir_pipeline;

#[mlir_pipeline(argument = "my-pipeline")]
#[derive(Default)]
struct MyPipeline;

fn main() {}
