//! `example-cleanup`: a named pipeline declared in Rust.

use mlir_pass::{mlir_pipeline, OpPassManager, PassError, Pipeline};

use crate::SymbolDce;

/// Cleans a module up: folds identities and canonicalizes every function,
/// then erases dead symbols.
///
/// Adds `func.func(fold-arith-identities, canonicalize)` (left out with
/// `fold=false`), then `rs-symbol-dce` (left out with `dce=false`).
#[mlir_pipeline(name = "ExampleCleanup", argument = "example-cleanup")]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExampleCleanup {
    /// Fold arithmetic identities and canonicalize each function.
    #[option(default = true)]
    pub fold: bool,
    /// Erase dead private symbols.
    #[option(default = true)]
    pub dce: bool,
}

impl Pipeline for ExampleCleanup {
    fn build(&self, pm: &OpPassManager<'_>) -> Result<(), PassError> {
        if self.fold {
            pm.add_pipeline("func.func(fold-arith-identities, canonicalize)")?;
        }
        if self.dce {
            pm.add_pass(SymbolDce)?;
        }
        Ok(())
    }
}
