//! The `traits = [...]` and `interfaces = [...]` lists of `#[mlir_op]`:
//! each word read into a known trait or upstream interface, an unknown one
//! reported with a "did you mean" and the list.

use syn::ext::IdentExt;

use super::super::attr::OpArgs;
use super::{InterfaceKind, OpInterface, OpTrait, TraitKind};
use crate::{
    attr::{self, Key},
    ctxt::Ctxt,
    dialects::edit_distance,
};

/// The known traits of `traits = [...]`; unknown ones are reported with a
/// "did you mean" and the list.
pub(super) fn read_traits(ctxt: &Ctxt, args: &OpArgs) -> Vec<OpTrait> {
    let mut out = Vec::new();
    for arg in &args.traits {
        let word = arg.ident.unraw().to_string();
        let Some(kind) = TraitKind::lookup(&word) else {
            let guess = TraitKind::ALL
                .iter()
                .find(|k| k.aliases().contains(&word.as_str()))
                .or_else(|| {
                    TraitKind::ALL
                        .iter()
                        .map(|k| (edit_distance(&word, k.name()), k))
                        .filter(|(d, k)| *d <= 2.max(k.name().len() / 4))
                        .min_by_key(|(d, _)| *d)
                        .map(|(_, k)| k)
                });
            let hint = guess
                .map(|k| format!("did you mean `{}`? ", k.name()))
                .unwrap_or_default();
            ctxt.spanned(
                &arg.ident,
                format!(
                    "unknown trait `{word}`: {hint}(accepted traits: {})",
                    attr::list(TraitKind::ALL)
                ),
            );
            continue;
        };
        out.push(OpTrait {
            kind,
            ident: arg.ident.clone(),
            args: arg.args.clone(),
            exprs: arg.exprs.clone(),
        });
    }
    out
}

/// `FunctionOpInterface` implies the `Symbol` trait (its base
/// `SymbolOpInterface`), as ODS does: added, at the interface's name, when
/// not listed.
pub(super) fn imply_symbol(traits: &mut Vec<OpTrait>, interfaces: &[OpInterface]) {
    let Some(function) = interfaces
        .iter()
        .find(|i| i.kind == InterfaceKind::Function)
    else {
        return;
    };
    if traits.iter().any(|t| t.kind == TraitKind::Symbol) {
        return;
    }
    traits.push(OpTrait {
        kind: TraitKind::Symbol,
        ident: syn::Ident::new("Symbol", function.path.segments[0].ident.span()),
        args: None,
        exprs: None,
    });
}

/// The interfaces of `interfaces = [...]`: the upstream ones #[mlir_op]
/// implements, by name, and any other path as a Rust interface. Names of
/// other upstream interfaces, of traits, and near misses of the upstream
/// names are reported with what to write instead.
pub(super) fn read_interfaces(ctxt: &Ctxt, args: &OpArgs) -> Vec<OpInterface> {
    let mut out = Vec::new();
    for arg in &args.interfaces {
        // A path (`crate::ShapeInference`, `self::CastOpInterfce`) always
        // names a Rust interface; only a single name may be MLIR's.
        let kind = match arg.path.get_ident() {
            Some(ident) => match upstream_interface(&ident.unraw().to_string()) {
                Ok(kind) => kind,
                Err(message) => {
                    ctxt.spanned(ident, message);
                    continue;
                }
            },
            None => InterfaceKind::Rust,
        };
        out.push(OpInterface {
            kind,
            path: arg.path.clone(),
            params: arg.params.clone(),
        });
    }
    out
}

/// What a single name in `interfaces = [...]` is: an upstream interface
/// #[mlir_op] implements, a Rust interface, or (the error) an upstream
/// interface it does not implement, a trait, or a near miss.
fn upstream_interface(word: &str) -> Result<InterfaceKind, String> {
    const ACCEPTED: &str = "`CallOpInterface(callee = <attr>, arguments = <operand>)`, \
                            `CallableOpInterface(body = <region>, type = <attr>)`, \
                            `FunctionOpInterface(body = <region>, type = <attr>, ...)`, \
                            `CastOpInterface`, `InferTypeOpInterface`, \
                            `OpAsmOpInterface(result_names, ...)`, `InferIntRangeInterface`, \
                            `MemoryEffectOpInterface`, `ConditionallySpeculatable`, \
                            `ArithFastMathInterface`, \
                            `BranchOpInterface(<successor> = <operands>, ...)`, \
                            `RegionBranchOpInterface(entry = [...], <region> = [...])`, or a trait declared with \
                            `mlir_pass::op_interface!`";
    /// Upstream interfaces no key of #[mlir_op] implements.
    const UNSUPPORTED: &[&str] = &[
        "SymbolUserOpInterface",
        "LoopLikeOpInterface",
        "InferShapedTypeOpInterface",
        "RegionKindInterface",
        "DestinationStyleOpInterface",
        "ViewLikeOpInterface",
        "BytecodeOpInterface",
        "ShapedDimOpInterface",
        "ReifyRankedShapedTypeOpInterface",
        "TilingInterface",
        "VectorUnrollOpInterface",
        "SelectLikeOpInterface",
        "DataLayoutOpInterface",
        "MemorySlotOpInterface",
        "PromotableOpInterface",
        "DestructurableAccessorOpInterface",
        "ArithIntegerOverflowFlagsInterface",
        "ArithRoundingModeInterface",
    ];
    if let Some((_, kind)) = InterfaceKind::UPSTREAM.iter().find(|(n, _)| *n == word) {
        return Ok(*kind);
    }
    let given_by = match word {
        "SymbolOpInterface" => Some("the `Symbol` trait: write `traits = [Symbol]`"),
        "MemoryEffectsOpInterface" | "SideEffectInterface" => Some(
            "the `effects = [MemRead(input), ...]` key (effects as data), \
             `interfaces = [MemoryEffectOpInterface]` (effects said by `fn effects(&self, \
             effects: &mut Effects<'_>)`), or the `Pure` and `NoMemoryEffect` traits",
        ),
        "RegionBranchTerminatorOpInterface" => Some(
            "the `ReturnLike` trait, as in ODS (every operand goes to the region successor): \
             write `traits = [ReturnLike, IsTerminator]`",
        ),
        "ArgAndResultAttrsOpInterface" => Some(
            "`CallOpInterface`, `CallableOpInterface` (`arg_attrs` and `res_attrs` in the \
             attribute dictionary) and `FunctionOpInterface(..., arg_attrs = <attr>, res_attrs = \
             <attr>)`: list one of them",
        ),
        _ => None,
    };
    if let Some(given_by) = given_by {
        return Err(format!("`{word}` is given by {given_by}"));
    }
    if UNSUPPORTED.contains(&word) {
        return Err(format!(
            "`{word}` is an upstream MLIR interface that #[mlir_op] does not implement; \
             accepted: {ACCEPTED}"
        ));
    }
    if let Some(kind) = TraitKind::lookup(word).or_else(|| {
        TraitKind::ALL
            .iter()
            .copied()
            .find(|k| k.aliases().contains(&word))
    }) {
        return Err(format!(
            "`{word}` is a trait, not an interface: list it in `traits = [{}]`",
            kind.name()
        ));
    }
    let near = InterfaceKind::UPSTREAM
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word) || edit_distance(word, name) <= 2);
    if let Some((name, _)) = near {
        return Err(format!(
            "unknown interface `{word}`: did you mean `{name}`? (a Rust interface of that name \
             is written as a path, `self::{word}`); accepted: {ACCEPTED}"
        ));
    }
    Ok(InterfaceKind::Rust)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interface_names() {
        assert_eq!(
            upstream_interface("CallOpInterface"),
            Ok(InterfaceKind::Call)
        );
        assert_eq!(
            upstream_interface("CallableOpInterface"),
            Ok(InterfaceKind::Callable)
        );
        assert_eq!(
            upstream_interface("FunctionOpInterface"),
            Ok(InterfaceKind::Function)
        );
        assert_eq!(
            upstream_interface("CastOpInterface"),
            Ok(InterfaceKind::Cast)
        );
        assert_eq!(
            upstream_interface("InferIntRangeInterface"),
            Ok(InterfaceKind::InferIntRange)
        );
        assert_eq!(
            upstream_interface("ShapeInference"),
            Ok(InterfaceKind::Rust)
        );
        // Not every name ending in `Interface` is MLIR's.
        assert_eq!(upstream_interface("MyOpInterface"), Ok(InterfaceKind::Rust));
        let error = |word| upstream_interface(word).unwrap_err();
        assert!(error("SymbolOpInterface").contains("`Symbol` trait"));
        assert!(error("MemoryEffectsOpInterface").contains("`Pure` and `NoMemoryEffect`"));
        assert_eq!(
            upstream_interface("MemoryEffectOpInterface"),
            Ok(InterfaceKind::MemoryEffects)
        );
        assert_eq!(
            upstream_interface("ConditionallySpeculatable"),
            Ok(InterfaceKind::Speculatable)
        );
        assert_eq!(
            upstream_interface("ArithFastMathInterface"),
            Ok(InterfaceKind::ArithFastMath)
        );
        assert!(error("ArithRoundingModeInterface").contains("does not implement"));
        assert!(error("LoopLikeOpInterface").contains("does not implement"));
        assert!(error("Pure").contains("is a trait"));
        assert!(error("castOpInterface").contains("did you mean `CastOpInterface`?"));
        assert!(error("CallOpInterfce").contains("did you mean `CallOpInterface`?"));
    }
}
