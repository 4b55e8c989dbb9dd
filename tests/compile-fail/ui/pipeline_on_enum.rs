use mlir_pass::mlir_pipeline;

#[mlir_pipeline(argument = "my-pipeline")]
enum MyPipeline {
    A,
}

fn main() {}
