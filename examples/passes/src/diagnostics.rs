//! `warn-large-functions`: warnings, remarks and notes, which do not fail
//! the pass.

use std::collections::BTreeMap;

use mlir_pass::{
    ir::{OperationExt, WalkOrder},
    melior::ir::operation::{OperationLike, WalkResult},
    mlir_pass, OperationRef, Pass, PassError,
};

/// Warns about functions with more than `max-ops` operations.
///
/// The warning is at the function and says how many operations it has (at
/// any depth, terminators included, the function itself excluded); a note
/// at the first operation of the most frequent kind names that kind and its
/// count, and, when the function has nested regions, a note at the op with
/// the largest one says how many operations it holds. With `remarks=true`,
/// every function within the limit gets a remark with its count. The pass
/// never fails: a warning is not an error.
#[mlir_pass(
    name = "WarnLargeFunctions",
    argument = "warn-large-functions",
    op = "func.func",
    dialects = [func]
)]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WarnLargeFunctions {
    /// Most operations a function may have without a warning.
    #[option(default = 100)]
    pub max_ops: u64,
    /// Also remark on functions within the limit, with their count.
    #[option(default = false)]
    pub remarks: bool,
}

impl Pass for WarnLargeFunctions {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let func = op.melior();
        let name = func.symbol_name().unwrap_or("");
        let mut count = 0u64;
        // Per op name: how many, and the first one (in walk order).
        let mut kinds: BTreeMap<&str, (u64, OperationRef<'_>)> = BTreeMap::new();
        // The op whose regions hold the most operations, below the function.
        let mut largest: Option<(u64, OperationRef<'_>)> = None;
        func.walk_ops(WalkOrder::PreOrder, |nested| {
            let nested = OperationRef::from(nested);
            if nested.raw().ptr == op.raw().ptr {
                return WalkResult::Advance;
            }
            count += 1;
            kinds.entry(nested.name_str()).or_insert((0, nested)).0 += 1;
            if nested.region_count() > 0 {
                let inside = crate::count_ops(nested) - 1;
                if largest.is_none_or(|(most, _)| inside > most) {
                    largest = Some((inside, nested));
                }
            }
            WalkResult::Advance
        });
        if count <= self.max_ops {
            if self.remarks {
                op.emit_remark(format!("function '@{name}' has {count} operations"));
            }
            return Ok(());
        }
        let mut warning = op.emit_warning(format!(
            "function '@{name}' has {count} operations, more than max-ops={}",
            self.max_ops
        ));
        // The most frequent kind; the first name in order on a tie.
        let most_frequent = kinds
            .iter()
            .max_by(|a, b| a.1 .0.cmp(&b.1 .0).then(b.0.cmp(a.0)));
        if let Some((kind, (n, first))) = most_frequent {
            warning =
                warning.attach_note_at(*first, format!("{n} of them are '{kind}', the first here"));
        }
        if let Some((inside, holder)) = largest {
            warning = warning.attach_note_at(
                holder,
                format!("the largest nested region op holds {inside} operations"),
            );
        }
        warning.report();
        Ok(())
    }
}
