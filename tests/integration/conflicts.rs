//! Registration conflicts are errors from `register_all`, never MLIR aborts.
//! A binary of its own: its passes conflict on purpose.

use mlir_pass::{
    mlir_pass, mlir_pipeline, Context, OpPassManager, OperationRef, Pass, PassError, PassManager,
    Pipeline,
};

macro_rules! noop_pass {
    ($ty:ident, $argument:literal) => {
        #[mlir_pass(argument = $argument)]
        #[derive(Clone, Default)]
        pub struct $ty;

        impl Pass for $ty {
            fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
                Ok(())
            }
        }
    };
}

noop_pass!(TakesCanonicalize, "canonicalize");
noop_pass!(First, "twice");
noop_pass!(Second, "twice");
noop_pass!(Fine, "conflict-free");
noop_pass!(ClashPass, "clash");

macro_rules! noop_pipeline {
    ($ty:ident, $argument:literal) => {
        #[mlir_pipeline(argument = $argument)]
        #[derive(Default)]
        pub struct $ty;

        impl Pipeline for $ty {
            fn build(&self, _pm: &OpPassManager<'_>) -> Result<(), PassError> {
                Ok(())
            }
        }
    };
}

noop_pipeline!(ClashPipeline, "clash");
noop_pipeline!(TakesCse, "cse");

#[test]
fn conflicts_are_reported_by_name_and_the_rest_is_registered() {
    let error = mlir_pass::register_all().unwrap_err();
    let conflicts = error.conflicts();
    assert_eq!(conflicts.len(), 4, "{error}");
    assert!(
        conflicts.iter().any(|c| c.contains(
            "Rust pass `conflicts::ClashPass`, pipeline `conflicts::ClashPipeline` all use the argument 'clash'"
        )),
        "{error}"
    );
    assert!(
        conflicts.iter().any(|c| c.contains(
            "Rust pipeline `conflicts::TakesCse` uses the argument 'cse', which MLIR already has as a pass"
        )),
        "{error}"
    );
    assert!(
        conflicts
            .iter()
            .any(|c| c.contains("`conflicts::TakesCanonicalize`")
                && c.contains("'canonicalize', which MLIR already has as a pass")),
        "{error}"
    );
    assert!(conflicts.iter().any(|c| c.contains("`conflicts::First`, `conflicts::Second`")
        && c.contains("'twice'")), "{error}");

    // Registering again reports the same conflicts and does not abort.
    assert_eq!(mlir_pass::register_all().unwrap_err(), error);

    // The conflict-free pass works, and `canonicalize` is still MLIR's.
    let context = Context::new();
    let pm = PassManager::parse(&context, "builtin.module(conflict-free, canonicalize)").unwrap();
    assert!(pm.to_string().contains("canonicalize{"), "{pm}");
    assert!(PassManager::parse(&context, "builtin.module(twice)").is_err());
    assert!(PassManager::parse(&context, "builtin.module(clash)").is_err());
    let pm = PassManager::parse(&context, "builtin.module(cse)").unwrap();
    assert_eq!(pm.to_string(), "builtin.module(cse)", "cse is still MLIR's");
}
