/* Part of the C++ bridge's C interface: conversion patterns, their rewriter,
 * the apply functions and the populators (conversion_patterns.cpp). Included
 * by mlir_pass_bridge.h, inside its `extern "C"` block, after the parts
 * before it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_CONVERSION_PATTERNS_H
#define MLIR_PASS_BRIDGE_API_CONVERSION_PATTERNS_H

/// A conversion pattern rooted at ops named `root`, or at any op when
/// `anyOp` (`MatchAnyOpTypeTag`), using `converter` (may be null) for its
/// operands. Returns null on an exception (after calling `destroy`).
MlirRewritePattern mlirPassBridgeConversionPatternCreate(
    MlirContext context, MlirStringRef root, bool anyOp, unsigned benefit,
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeConversionPatternCallbacks callbacks, void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Declares that `pattern` (made by `mlirPassBridgeConversionPatternCreate`,
/// not yet added to a set) may apply to ops it created itself, and stops
/// (C++'s `setHasBoundedRewriteRecursion`). Without it, the conversion driver
/// does not apply a pattern to what that same pattern created.
void mlirPassBridgeConversionPatternSetBoundedRecursion(
    MlirRewritePattern pattern, bool bounded) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The rewriter as a `RewriterBase` (its virtual methods are the
/// conversion's: erasing defers, replacing records the mapping).
MlirRewriterBase mlirPassBridgeConversionRewriterAsBase(
    MlirPassBridgeConversionRewriter *rewriter) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `getRemappedValue`: what `value` has been replaced with so far (null
/// when it cannot be materialized).
MlirValue mlirPassBridgeConversionRewriterGetRemappedValue(
    MlirPassBridgeConversionRewriter *rewriter, MlirValue value)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `convertRegionTypes`: converts the block argument types of `region`
/// with `converter` (the entry block by `entryConversion` when it is not
/// null). Returns the new entry block, or null on failure (also for an
/// empty region, which has none).
MlirBlock mlirPassBridgeConversionRewriterConvertRegionTypes(
    MlirPassBridgeConversionRewriter *rewriter, MlirRegion region,
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeSignatureConversion *entryConversion)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `applySignatureConversion`: replaces `block` by a block with the
/// converted signature; returns the new block (null on an exception).
/// `converter` (may be null) materializes the values.
MlirBlock mlirPassBridgeConversionRewriterApplySignatureConversion(
    MlirPassBridgeConversionRewriter *rewriter, MlirBlock block,
    MlirPassBridgeSignatureConversion *conversion,
    MlirPassBridgeTypeConverter *converter) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `convertOpResultTypes`: a new op like `op`, with `operands` and the result
/// types `converter` gives, the same attributes and, where MLIR's function
/// would drop them, the same successors and `op`'s regions moved into it.
/// Null when `op` is already legal for `converter` or a result type does not
/// convert (the reason is given to `notifyMatchFailure`), or on an exception.
MlirOperation mlirPassBridgeConversionRewriterConvertOpResultTypes(
    MlirPassBridgeConversionRewriter *rewriter, MlirOperation op,
    intptr_t numOperands, const MlirValue *operands,
    MlirPassBridgeTypeConverter *converter) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `replaceOpWithMultiple`: replaces result `i` of `op` with the `sizes[i]`
/// values that follow in `values` (a 1:N replacement; `numResults` is the
/// op's result count, checked by the caller). Returns false on an exception.
bool mlirPassBridgeConversionRewriterReplaceOpWithMultiple(
    MlirPassBridgeConversionRewriter *rewriter, MlirOperation op,
    intptr_t numResults, const intptr_t *sizes, const MlirValue *values)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `notifyMatchFailure(location, reason)`: the reason shows in MLIR's
/// debug log of the conversion.
void mlirPassBridgeConversionRewriterNotifyMatchFailure(
    MlirPassBridgeConversionRewriter *rewriter, MlirLocation location,
    MlirStringRef reason) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Inserts the detached op `op` at the builder's insertion point (the
/// builder owns it afterwards) and notifies its listener.
void mlirPassBridgeBuilderInsert(MlirPassBridgeBuilder *builder,
                                 MlirOperation op) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The builder's context.
MlirContext mlirPassBridgeBuilderGetContext(MlirPassBridgeBuilder *builder)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// How an apply function ended.
typedef enum MlirPassBridgeConversionStatus {
  /// It succeeded.
  MlirPassBridgeConversionSucceeded = 0,
  /// It failed (MLIR has reported why at the op that failed).
  MlirPassBridgeConversionFailedStatus = 1,
  /// A C++ exception.
  MlirPassBridgeConversionException = 2,
} MlirPassBridgeConversionStatus;

/// Applies the frozen `patterns` to `op` and what it holds in `mode` with
/// `config`. `opCallback` (may be null) receives, in the analysis mode, each
/// op that would be legalized and, in the partial mode, each op left
/// illegal (`legalizableOps` / `unlegalizedOps`).
MlirPassBridgeConversionStatus mlirPassBridgeApplyConversion(
    MlirOperation op, MlirPassBridgeConversionTarget *target,
    MlirFrozenRewritePatternSet patterns, MlirPassBridgeConversionMode mode,
    MlirPassBridgeConversionConfig config,
    MlirPassBridgeOperationCallback opCallback, void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Upstream pattern populators.
typedef enum MlirPassBridgePopulator {
  /// `populateFunctionOpInterfaceTypeConversionPattern("func.func")`.
  MlirPassBridgePopulateFuncSignature = 0,
  /// `populateCallOpTypeConversionPattern`.
  MlirPassBridgePopulateCall = 1,
  /// `populateReturnOpTypeConversionPattern`.
  MlirPassBridgePopulateReturn = 2,
  /// `populateBranchOpInterfaceTypeConversionPattern`.
  MlirPassBridgePopulateBranch = 3,
  /// `scf::populateSCFStructuralTypeConversions` (with a target:
  /// `...AndLegality`).
  MlirPassBridgePopulateScfStructural = 4,
  /// `cf::populateCFStructuralTypeConversions` (with a target:
  /// `...AndLegality`).
  MlirPassBridgePopulateCfStructural = 5,
  /// `arith::populateArithToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateArithToLLVM = 6,
  /// `populateFuncToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateFuncToLLVM = 7,
  /// `cf::populateControlFlowToLLVMConversionPatterns` and
  /// `cf::populateAssertToLLVMConversionPattern` (LLVM converter).
  MlirPassBridgePopulateCfToLLVM = 8,
  /// `populateMathToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateMathToLLVM = 9,
  /// `index::populateIndexToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateIndexToLLVM = 10,
  /// `populateVectorToLLVMConversionPatterns` (LLVM converter).
  MlirPassBridgePopulateVectorToLLVM = 11,
  /// `populateMathToLibmConversionPatterns` (no converter).
  MlirPassBridgePopulateMathToLibm = 12,
  /// `populateAnyFunctionOpInterfaceTypeConversionPattern`.
  MlirPassBridgePopulateAnyFunctionSignature = 13,
} MlirPassBridgePopulator;

/// How a populator call ended.
typedef enum MlirPassBridgePopulateStatus {
  MlirPassBridgePopulated = 0,
  /// It needs a type converter and got none.
  MlirPassBridgePopulateNeedsConverter = 1,
  /// It needs an `LLVMTypeConverter` and got another.
  MlirPassBridgePopulateNeedsLLVMConverter = 2,
  /// A C++ exception, or an unknown populator.
  MlirPassBridgePopulateException = 3,
} MlirPassBridgePopulateStatus;

/// Adds upstream's patterns `which` to `patterns` with `converter` (may be
/// null where none is needed) and `benefit`; with a non-null `target`, a
/// structural populator also sets the target's legality for its ops.
MlirPassBridgePopulateStatus mlirPassBridgePopulate(
    MlirRewritePatternSet patterns, MlirPassBridgePopulator which,
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeConversionTarget *target, unsigned benefit)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `isLegalForReturnOpTypeConversionPattern(op, converter)`, true for ops
/// that are not returns.
bool mlirPassBridgeIsLegalReturnOp(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `isLegalForBranchOpInterfaceTypeConversionPattern(op, converter)`.
bool mlirPassBridgeIsLegalBranchOp(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `op` is a `FunctionOpInterface` op whose signature and body block
/// arguments `converter` finds legal (false for other ops).
bool mlirPassBridgeIsLegalFunction(MlirOperation op,
                                   MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_CONVERSION_PATTERNS_H */
