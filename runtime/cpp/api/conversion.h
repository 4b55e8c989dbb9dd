/* Part of the C++ bridge's C interface: dialect conversion: target, type
 * converter, signature conversion (conversion.cpp). Included by
 * mlir_pass_bridge.h, inside its `extern "C"` block, after the parts before
 * it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_CONVERSION_H
#define MLIR_PASS_BRIDGE_API_CONVERSION_H

/*===------------------------------------------------------------------===*
 * Dialect conversion: `ConversionTarget`, `TypeConverter` and
 * `SignatureConversion` (conversion.cpp); `ConversionPattern`,
 * `ConversionPatternRewriter`, the apply functions and upstream pattern
 * populators (conversion_patterns.cpp).
 *
 * Ownership: a target, a type converter and a signature conversion are
 * created by their `Create` function and owned by the caller until its
 * `Destroy`. A Rust callback's `userData` belongs to the object it is given
 * to, which calls its `destroy` (never null) exactly once, when the object
 * (and every copy MLIR made of the callback) is gone; `destroy` is called
 * even when the `Add`/`Set` function fails. A conversion pattern made by
 * `mlirPassBridgeConversionPatternCreate` is owned by the caller until it is
 * added to a pattern set (`mlirRewritePatternSetAdd`), which then owns it.
 * A pattern or populator that uses a type converter keeps a pointer to it:
 * the converter must outlive every frozen set holding such a pattern.
 *===------------------------------------------------------------------===*/

/// `mlir::ConversionTarget`.
typedef struct MlirPassBridgeConversionTarget MlirPassBridgeConversionTarget;
/// `mlir::TypeConverter` (or `mlir::LLVMTypeConverter`).
typedef struct MlirPassBridgeTypeConverter MlirPassBridgeTypeConverter;
/// `mlir::TypeConverter::SignatureConversion`.
typedef struct MlirPassBridgeSignatureConversion
    MlirPassBridgeSignatureConversion;
/// A list of types a conversion callback appends to
/// (`SmallVectorImpl<Type>`), valid during the callback.
typedef struct MlirPassBridgeTypeList MlirPassBridgeTypeList;
/// The builder a materialization builds with (`mlir::OpBuilder`, in a
/// conversion the `ConversionPatternRewriter`), valid during the callback.
typedef struct MlirPassBridgeBuilder MlirPassBridgeBuilder;
/// `mlir::ConversionPatternRewriter`, valid during a pattern's call.
typedef struct MlirPassBridgeConversionRewriter
    MlirPassBridgeConversionRewriter;

/// Releases a callback's user data.
typedef void (*MlirPassBridgeDestroy)(void *userData);
/// Receives one type.
typedef void (*MlirPassBridgeTypeCallback)(MlirType type, void *userData);

/// `ConversionTarget::LegalizationAction`.
typedef enum MlirPassBridgeLegality {
  MlirPassBridgeLegal = 0,
  MlirPassBridgeDynamicallyLegal = 1,
  MlirPassBridgeIllegal = 2,
} MlirPassBridgeLegality;

/// A legality callback's answer (`std::optional<bool>`).
typedef enum MlirPassBridgeLegalityAnswer {
  /// `true`: the op is legal.
  MlirPassBridgeAnswerLegal = 0,
  /// `false`: the op is illegal.
  MlirPassBridgeAnswerIllegal = 1,
  /// `std::nullopt`: this callback does not decide (for a dialect callback:
  /// the op's own rule, or the unknown-op rule, decides).
  MlirPassBridgeAnswerUndecided = 2,
} MlirPassBridgeLegalityAnswer;

/// Decides the legality of `op`.
typedef MlirPassBridgeLegalityAnswer (*MlirPassBridgeLegalityCallback)(
    MlirOperation op, void *userData);

/// A conversion callback's outcome (`std::optional<LogicalResult>`).
typedef enum MlirPassBridgeConversionOutcome {
  /// `success()`: the types appended to the list replace the type (none:
  /// the type is dropped; several: a 1:N conversion).
  MlirPassBridgeConverted = 0,
  /// `std::nullopt`: this callback does not apply; the ones added before
  /// it are tried.
  MlirPassBridgeNotApplicable = 1,
  /// `failure()`: the type cannot be converted; no other callback is tried.
  MlirPassBridgeConversionFailed = 2,
} MlirPassBridgeConversionOutcome;

/// Converts `type`, appending the results to `results`
/// (`mlirPassBridgeTypeListAppend`).
typedef MlirPassBridgeConversionOutcome (*MlirPassBridgeTypeConversion)(
    MlirType type, MlirPassBridgeTypeList *results, void *userData);

/// Builds, with `builder`, ops that turn `inputs` into one value of
/// `resultType` at `location`; returns that value, or a null value when it
/// does not apply (the materializations added before it are tried).
typedef MlirValue (*MlirPassBridgeMaterialization)(
    MlirPassBridgeBuilder *builder, MlirType resultType, intptr_t numInputs,
    const MlirValue *inputs, MlirLocation location, void *userData);

/// Which materialization.
typedef enum MlirPassBridgeMaterializationKind {
  /// Back to the original type, for uses the conversion did not convert.
  MlirPassBridgeSourceMaterialization = 0,
  /// To a converted type, for a pattern's converted operands.
  MlirPassBridgeTargetMaterialization = 1,
} MlirPassBridgeMaterializationKind;

/// A Rust conversion pattern's callbacks.
typedef struct MlirPassBridgeConversionPatternCallbacks {
  /// Matches `op` and rewrites it through `rewriter`; `operands` are its
  /// operands as converted so far (`numOperands` of them). Never null.
  MlirLogicalResult (*matchAndRewrite)(MlirOperation op, intptr_t numOperands,
                                       const MlirValue *operands,
                                       MlirPassBridgeConversionRewriter *rewriter,
                                       void *userData);
  /// As `matchAndRewrite`, when an operand was converted to zero or several
  /// values (1:N): operand `i` became `sizes[i]` values, consecutive in
  /// `values`. Never null.
  MlirLogicalResult (*matchAndRewriteOneToN)(
      MlirOperation op, intptr_t numOperands, const intptr_t *sizes,
      const MlirValue *values, MlirPassBridgeConversionRewriter *rewriter,
      void *userData);
  /// Releases `userData` when the pattern is destroyed. Never null.
  MlirPassBridgeDestroy destroy;
} MlirPassBridgeConversionPatternCallbacks;

/// Which apply function.
typedef enum MlirPassBridgeConversionMode {
  /// `applyPartialConversion`.
  MlirPassBridgeConversionPartial = 0,
  /// `applyFullConversion`.
  MlirPassBridgeConversionFull = 1,
  /// `applyAnalysisConversion`: nothing is changed.
  MlirPassBridgeConversionAnalysis = 2,
} MlirPassBridgeConversionMode;

/// `DialectConversionFoldingMode`.
typedef enum MlirPassBridgeFoldingMode {
  MlirPassBridgeFoldNever = 0,
  MlirPassBridgeFoldBeforePatterns = 1,
  MlirPassBridgeFoldAfterPatterns = 2,
} MlirPassBridgeFoldingMode;

/// `ConversionConfig`'s settings.
typedef struct MlirPassBridgeConversionConfig {
  bool buildMaterializations;
  bool allowPatternRollback;
  MlirPassBridgeFoldingMode foldingMode;
  bool attachDebugMaterializationKind;
} MlirPassBridgeConversionConfig;

/// MLIR's default `ConversionConfig`.
MlirPassBridgeConversionConfig
mlirPassBridgeConversionConfigDefault(void) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A new, empty target for `context` (null on an exception).
MlirPassBridgeConversionTarget *
mlirPassBridgeConversionTargetCreate(MlirContext context)
    MLIR_PASS_BRIDGE_NOEXCEPT;

void mlirPassBridgeConversionTargetDestroy(
    MlirPassBridgeConversionTarget *target) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Sets the action of the op named `name` (registered or not); with a
/// non-null `callback` (and `MlirPassBridgeDynamicallyLegal`), the callback
/// decides. Returns false on an exception.
bool mlirPassBridgeConversionTargetSetOpAction(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegality action, MlirPassBridgeLegalityCallback callback,
    void *userData, MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Sets the action of the dialect with namespace `name`, as for ops.
bool mlirPassBridgeConversionTargetSetDialectAction(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegality action, MlirPassBridgeLegalityCallback callback,
    void *userData, MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Makes ops with no action legal when `callback` says so
/// (`markUnknownOpDynamicallyLegal`). Returns false on an exception.
bool mlirPassBridgeConversionTargetSetUnknownOpCallback(
    MlirPassBridgeConversionTarget *target,
    MlirPassBridgeLegalityCallback callback, void *userData,
    MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Marks the (legal or dynamically legal) op named `name` recursively legal:
/// what it holds is legal too; with a callback, only when it answers legal.
bool mlirPassBridgeConversionTargetMarkRecursivelyLegal(
    MlirPassBridgeConversionTarget *target, MlirStringRef name,
    MlirPassBridgeLegalityCallback callback, void *userData,
    MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Makes the op named `name` (or, when `dialect`, every op of the dialect
/// `name`) dynamically legal when `converter` finds its operand and result
/// types legal (C++'s `addDynamicallyLegalOp/Dialect` with
/// `converter.isLegal(op)`), decided in C++. The caller keeps `converter`
/// alive as long as `target`. Returns false on an exception.
bool mlirPassBridgeConversionTargetSetTypeLegality(
    MlirPassBridgeConversionTarget *target, MlirStringRef name, bool dialect,
    MlirPassBridgeTypeConverter *converter) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Builds an op of a registered kind and inserts it at `rewriter`'s
/// insertion point (C++'s `OpTy::create(rewriter, ...)`, for the typed
/// handles of `mlir_pass::ops`): attributes by name, result types given or,
/// with `inferResults`, inferred by the op's `InferTypeOpInterface`. Null
/// when the name is not a registered op (its dialect is not loaded), when
/// the types cannot be inferred, or on an exception.
MlirOperation mlirPassBridgeRewriterCreateTyped(
    MlirRewriterBase rewriter, MlirStringRef name, MlirLocation location,
    intptr_t numOperands, const MlirValue *operands, intptr_t numResults,
    const MlirType *results, intptr_t numAttributes,
    const MlirStringRef *attributeNames, const MlirAttribute *attributes,
    bool inferResults) MLIR_PASS_BRIDGE_NOEXCEPT;

/// What `mlirPassBridgeRewriterReplaceOpChecked` (or `...EraseOpChecked`)
/// did.
enum MlirPassBridgeReplaceOutcome {
  /// Done: the op was replaced and erased (`...EraseOpChecked`: erased).
  MlirPassBridgeReplaced = -1,
  /// Not done: the number of values is not the op's number of results.
  MlirPassBridgeReplaceCountMismatch = -2,
  /// Not done: an exception.
  MlirPassBridgeReplaceFailed = -3,
  /// Not done: the op is in no block.
  MlirPassBridgeReplaceNotInBlock = -4,
  /// Not done: the op is `anchor` or holds it.
  MlirPassBridgeReplaceHoldsAnchor = -5,
  /// Not done: the op is `root` or holds it.
  MlirPassBridgeReplaceHoldsRoot = -6,
  /// Not done: the op is neither `within` nor nested in it.
  MlirPassBridgeReplaceOutsideWithin = -7,
};

/// C++'s `rewriter.replaceOp(op, values)` behind the checks it asserts in a
/// debug build, made here in one call rather than one call into MLIR per
/// value: `op` in a block, one value per result, none of them defined by
/// `op` or inside it. First, the erasure checks that need no state of the
/// caller's, each skipped when its op is null: `anchor` (the op the pass
/// runs on) and `root` (the op the pattern driver runs on) must not be `op`
/// nor nested in it, and `op` must be `within` or nested in it (the walk
/// driver's matched op, only compared: it may have been erased).
/// Returns an `MlirPassBridgeReplaceOutcome`, or, when a value is defined by
/// `op` or inside it, that value's index (nothing is done).
intptr_t mlirPassBridgeRewriterReplaceOpChecked(
    MlirRewriterBase rewriter, MlirOperation op, intptr_t numValues,
    const MlirValue *values, MlirOperation anchor, MlirOperation root,
    MlirOperation within) MLIR_PASS_BRIDGE_NOEXCEPT;

/// C++'s `rewriter.eraseOp(op)` behind the checks it asserts in a debug
/// build, in one call: the erasure checks of
/// `mlirPassBridgeRewriterReplaceOpChecked` (`anchor`, `root`, `within`, each
/// skipped when null; `op` in a block), then that no result of `op` is used.
/// Returns an `MlirPassBridgeReplaceOutcome` (`MlirPassBridgeReplaced`: the
/// op was erased), or, when a result is still used, that result's index
/// (nothing is done).
intptr_t mlirPassBridgeRewriterEraseOpChecked(
    MlirRewriterBase rewriter, MlirOperation op, MlirOperation anchor,
    MlirOperation root, MlirOperation within) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `arith::FastMathFlagsAttr::get(context, flags)`, or with `overflow`
/// `arith::IntegerOverflowFlagsAttr::get`: what the typed handles build
/// these attributes with (`mlir_pass::ops::arith`), without parsing. Null
/// when the arith dialect is not loaded, or on an exception.
MlirAttribute mlirPassBridgeArithFlagsGet(MlirContext context, bool overflow,
                                          uint32_t flags) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The flags of an `arith::FastMathFlagsAttr` (or, with `overflow`, an
/// `arith::IntegerOverflowFlagsAttr`) into `*flags`; false for another
/// attribute.
bool mlirPassBridgeArithFlagsValue(MlirAttribute attribute, bool overflow,
                                   uint32_t *flags) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The op whose legality or conversion this thread is deciding (in a
/// legality rule, a type-legality rule or a Rust conversion pattern), or
/// null: where a type conversion's panic is reported.
MlirOperation mlirPassBridgeConvertedOp(void) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `ConversionTarget::isLegal`: legal (also when recursively legal),
/// illegal, or undecided (no rule for the op).
MlirPassBridgeLegalityAnswer
mlirPassBridgeConversionTargetIsLegal(MlirPassBridgeConversionTarget *target,
                                      MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A new type converter with no conversions (null on an exception).
MlirPassBridgeTypeConverter *
mlirPassBridgeTypeConverterCreate(void) MLIR_PASS_BRIDGE_NOEXCEPT;

/// A new `LLVMTypeConverter` for `context` with MLIR's default options, or
/// with an index bitwidth of `indexBitwidth` when it is not 0 (null on an
/// exception).
MlirPassBridgeTypeConverter *
mlirPassBridgeTypeConverterCreateLLVM(MlirContext context,
                                      unsigned indexBitwidth)
    MLIR_PASS_BRIDGE_NOEXCEPT;

void mlirPassBridgeTypeConverterDestroy(MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `converter` is an `LLVMTypeConverter`.
bool mlirPassBridgeTypeConverterIsLLVM(MlirPassBridgeTypeConverter *converter)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds a conversion, tried before the ones added earlier.
bool mlirPassBridgeTypeConverterAddConversion(
    MlirPassBridgeTypeConverter *converter, MlirPassBridgeTypeConversion callback,
    void *userData, MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds a source or target materialization.
bool mlirPassBridgeTypeConverterAddMaterialization(
    MlirPassBridgeTypeConverter *converter,
    MlirPassBridgeMaterializationKind kind,
    MlirPassBridgeMaterialization callback, void *userData,
    MlirPassBridgeDestroy destroy) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Appends `type` to `list` (during a conversion callback).
void mlirPassBridgeTypeListAppend(MlirPassBridgeTypeList *list,
                                  MlirType type) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::convertType` (1:N): calls `callback` for each converted
/// type and returns true, or returns false when the type does not convert.
bool mlirPassBridgeTypeConverterConvertType(
    MlirPassBridgeTypeConverter *converter, MlirType type,
    MlirPassBridgeTypeCallback callback, void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::isLegal(Type)`.
bool mlirPassBridgeTypeConverterIsLegalType(
    MlirPassBridgeTypeConverter *converter, MlirType type)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::isLegal(Operation *)`: its operand and result types are.
bool mlirPassBridgeTypeConverterIsLegalOp(MlirPassBridgeTypeConverter *converter,
                                          MlirOperation op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::isSignatureLegal` on a `FunctionType`; false for another
/// type.
bool mlirPassBridgeTypeConverterIsSignatureLegal(
    MlirPassBridgeTypeConverter *converter, MlirType functionType)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether every block argument in `region` has a legal type
/// (`TypeConverter::isLegal(Region *)`).
bool mlirPassBridgeTypeConverterIsLegalRegion(
    MlirPassBridgeTypeConverter *converter, MlirRegion region)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A signature conversion of `numInputs` original inputs (null on an
/// exception).
MlirPassBridgeSignatureConversion *
mlirPassBridgeSignatureConversionCreate(intptr_t numInputs)
    MLIR_PASS_BRIDGE_NOEXCEPT;

void mlirPassBridgeSignatureConversionDestroy(
    MlirPassBridgeSignatureConversion *conversion) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SignatureConversion::addInputs(input, types)`: original input `input`
/// becomes `types`. Returns false when `input` is out of range or already
/// mapped.
bool mlirPassBridgeSignatureConversionAddInputs(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input,
    intptr_t numTypes, const MlirType *types) MLIR_PASS_BRIDGE_NOEXCEPT;

/// `SignatureConversion::remapInput(input, values)`: original input `input`
/// is replaced by `values`, with no new argument. Returns false when `input`
/// is out of range or already mapped.
bool mlirPassBridgeSignatureConversionRemapInput(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input,
    intptr_t numValues, const MlirValue *values) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The new argument types, one call each.
void mlirPassBridgeSignatureConversionGetConvertedTypes(
    MlirPassBridgeSignatureConversion *conversion,
    MlirPassBridgeTypeCallback callback, void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether input `input` is mapped (by `AddInputs` or `RemapInput`).
bool mlirPassBridgeSignatureConversionIsMapped(
    MlirPassBridgeSignatureConversion *conversion, intptr_t input)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// `TypeConverter::convertSignatureArgs`: converts each of `types` into
/// `conversion`. Returns false when one does not convert.
bool mlirPassBridgeTypeConverterConvertSignatureArgs(
    MlirPassBridgeTypeConverter *converter, intptr_t numTypes,
    const MlirType *types, MlirPassBridgeSignatureConversion *conversion)
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_CONVERSION_H */
