/* Part of the C++ bridge's C interface: dialects declared in Rust
 * (dialect.cpp, dialect_format*.cpp, dialect_asm.cpp). Included by
 * mlir_pass_bridge.h, inside its `extern "C"` block, after the parts before
 * it (whose types it may use); include that header instead.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_DIALECT_H
#define MLIR_PASS_BRIDGE_API_DIALECT_H

/*===------------------------------------------------------------------===*
 * Dialects declared in Rust (dialect.cpp, dialect_format*.cpp, dialect_asm.cpp)
 *===------------------------------------------------------------------===*/

/// The traits a Rust op can have: bit `1 << value` of
/// `MlirPassBridgeOpSpec::traits`.
typedef enum MlirPassBridgeOpTrait {
  MlirPassBridgeOpTraitPure = 0,
  MlirPassBridgeOpTraitNoMemoryEffect = 1,
  MlirPassBridgeOpTraitAlwaysSpeculatable = 2,
  MlirPassBridgeOpTraitIsTerminator = 3,
  MlirPassBridgeOpTraitNoTerminator = 4,
  MlirPassBridgeOpTraitHasParent = 5,
  MlirPassBridgeOpTraitIsolatedFromAbove = 6,
  MlirPassBridgeOpTraitSameOperandsAndResultType = 7,
  MlirPassBridgeOpTraitSameOperandsAndResultShape = 8,
  MlirPassBridgeOpTraitSameTypeOperands = 9,
  MlirPassBridgeOpTraitCommutative = 10,
  MlirPassBridgeOpTraitConstantLike = 11,
  MlirPassBridgeOpTraitSingleBlock = 12,
  MlirPassBridgeOpTraitZeroRegions = 13,
  MlirPassBridgeOpTraitSymbol = 14,
  MlirPassBridgeOpTraitSymbolTable = 15,
  MlirPassBridgeOpTraitAttrSizedOperandSegments = 16,
  MlirPassBridgeOpTraitAttrSizedResultSegments = 17,
  MlirPassBridgeOpTraitReturnLike = 18,
} MlirPassBridgeOpTrait;

/// How many values an operand or result group holds.
typedef enum MlirPassBridgeArity {
  MlirPassBridgeAritySingle = 0,
  MlirPassBridgeArityOptional = 1,
  MlirPassBridgeArityVariadic = 2,
} MlirPassBridgeArity;

/// The kinds of assembly-format elements (see `dialect/format.rs`).
typedef enum MlirPassBridgeFormatKind {
  MlirPassBridgeFormatLiteral = 0,
  MlirPassBridgeFormatOperand = 1,
  MlirPassBridgeFormatOperands = 2,
  MlirPassBridgeFormatAttribute = 3,
  MlirPassBridgeFormatType = 4,
  MlirPassBridgeFormatFunctionalType = 5,
  MlirPassBridgeFormatAttrDict = 6,
  MlirPassBridgeFormatAttrDictWithKeyword = 7,
  MlirPassBridgeFormatRegion = 8,
  MlirPassBridgeFormatRegions = 9,
  MlirPassBridgeFormatSuccessor = 10,
  MlirPassBridgeFormatSuccessors = 11,
  MlirPassBridgeFormatOptionalGroup = 12,
  MlirPassBridgeFormatPropDict = 13,
  /// `custom<Name>(...)`: `index` is the directive
  /// (`MlirPassBridgeOpSpec::customDirectives`).
  MlirPassBridgeFormatCustom = 14,
  /// `oilist(...)`: `length` elements follow, its clauses.
  MlirPassBridgeFormatOIList = 15,
  /// One clause of an `oilist`: `length` elements follow, the first its
  /// keyword.
  MlirPassBridgeFormatOIListClause = 16,
} MlirPassBridgeFormatKind;

/// What a `type(...)` directive names.
typedef enum MlirPassBridgeTypeTarget {
  MlirPassBridgeTypeTargetOperand = 0,
  MlirPassBridgeTypeTargetOperands = 1,
  MlirPassBridgeTypeTargetResult = 2,
  MlirPassBridgeTypeTargetResults = 3,
} MlirPassBridgeTypeTarget;

/// One element of a declarative assembly format. `text` is a literal's
/// text; `index` the operand, attribute, region or successor (or, for an
/// optional group, the anchor's index inside the group); `target`/`index`
/// and `target2`/`index2` the directives' arguments; `length` how many
/// elements an optional group holds (they follow it).
typedef struct MlirPassBridgeFormatElement {
  MlirPassBridgeFormatKind kind;
  MlirStringRef text;
  uint32_t index;
  MlirPassBridgeTypeTarget target;
  uint32_t index2;
  MlirPassBridgeTypeTarget target2;
  uint32_t length;
} MlirPassBridgeFormatElement;

/// What an argument of a custom directive names.
typedef enum MlirPassBridgeCustomArgKind {
  MlirPassBridgeCustomArgOperand = 0,
  MlirPassBridgeCustomArgAttribute = 1,
  /// `type($operand)`.
  MlirPassBridgeCustomArgOperandType = 2,
  /// `type($result)`.
  MlirPassBridgeCustomArgResultType = 3,
  MlirPassBridgeCustomArgRegion = 4,
  MlirPassBridgeCustomArgSuccessor = 5,
} MlirPassBridgeCustomArgKind;

/// One argument of a custom directive: what it names (the group or
/// attribute `index`), and whether it is `ref(...)` (a value parsed
/// before, handed to the directive's parser).
typedef struct MlirPassBridgeCustomArg {
  MlirPassBridgeCustomArgKind kind;
  uint32_t index;
  bool byRef;
} MlirPassBridgeCustomArg;

/// A custom directive of an op's format (`custom<Name>(...)`): its name and
/// arguments. Rust parses and prints it (`parseCustom`, `printCustom`).
typedef struct MlirPassBridgeCustomDirective {
  MlirStringRef name;
  intptr_t numArgs;
  const MlirPassBridgeCustomArg *args;
} MlirPassBridgeCustomDirective;

/// The kind of attribute an op's attribute must be (its storage, as ODS's
/// typed parsers check it: `invalid kind of attribute specified`).
typedef enum MlirPassBridgeAttrKind {
  MlirPassBridgeAttrKindAny = 0,
  MlirPassBridgeAttrKindInteger = 1,
  MlirPassBridgeAttrKindFloat = 2,
  MlirPassBridgeAttrKindString = 3,
  MlirPassBridgeAttrKindUnit = 4,
  MlirPassBridgeAttrKindType = 5,
  MlirPassBridgeAttrKindSymbolRef = 6,
  MlirPassBridgeAttrKindFlatSymbolRef = 7,
  MlirPassBridgeAttrKindDenseElements = 8,
  MlirPassBridgeAttrKindArray = 9,
  MlirPassBridgeAttrKindDictionary = 10,
  MlirPassBridgeAttrKindBool = 11,
  /// An attribute of a Rust dialect (`MlirPassBridgeAttributeSpec::rustAttr`),
  /// printed in a format without its name (ODS's `printStrippedAttrOrType`).
  MlirPassBridgeAttrKindRust = 12,
  /// An integer enum (ODS's `I32EnumAttr`/`I64EnumAttr`): an `IntegerAttr`
  /// of the elided type, printed in a format as its case's keyword.
  MlirPassBridgeAttrKindEnum = 13,
  /// An attribute of an upstream dialect with a syntax of its own
  /// (`#arith.fastmath<fast>`, named by `upstreamAttr`), printed in a format
  /// without its name (`fastmath<fast>` reads `<fast>`) and parsed by its
  /// C++ class, as ODS does.
  MlirPassBridgeAttrKindUpstream = 14,
  /// A bit enum (ODS's `I32BitEnumAttr`/`I64BitEnumAttr`): an
  /// `IntegerAttr` of the elided type holding the bits of its cases
  /// (`caseNames`/`caseValues`), printed in a format as ODS's `stringify`
  /// writes them (`bitSeparator`, `bitPrimaryGroups`): one flag bare, a set
  /// quoted.
  MlirPassBridgeAttrKindBitEnum = 15,
} MlirPassBridgeAttrKind;

/// One attribute a Rust op defines.
typedef struct MlirPassBridgeAttributeSpec {
  MlirStringRef name;
  bool optional;
  /// Null, or the default (parsed once per context when the op is
  /// registered).
  MlirStringRef defaultValue;
  /// Empty, or the type a declarative format leaves out when it prints and
  /// parses the attribute (`i64` for an `I64Attr`: `5`, not `5 : i64`).
  MlirStringRef elidedType;
  /// What kind of attribute a format accepts for it.
  MlirPassBridgeAttrKind kind;
  /// For `MlirPassBridgeAttrKindRust`: the attribute's definition (its
  /// `MlirPassBridgeAttrSpec::definition`) and its dialect's namespace.
  const void *rustAttr;
  MlirStringRef rustAttrNamespace;
  /// For `MlirPassBridgeAttrKindEnum`: the cases' keywords and values.
  intptr_t numCases;
  const MlirStringRef *caseNames;
  const int64_t *caseValues;
  /// For `MlirPassBridgeAttrKindUpstream`: the attribute's dialect and
  /// mnemonic (`arith.fastmath`), one of those
  /// `mlirPassBridgeUpstreamAttrKnown` knows.
  MlirStringRef upstreamAttr;
  /// For `MlirPassBridgeAttrKindBitEnum`: ODS's `separator` and
  /// `printBitEnumPrimaryGroups`.
  MlirStringRef bitSeparator;
  bool bitPrimaryGroups;
} MlirPassBridgeAttributeSpec;

/// Whether `attr` is of the attribute kind `name` (`arith.fastmath`: its
/// C++ class's name, `AbstractAttribute::getName`).
bool mlirPassBridgeAttributeIsKind(MlirAttribute attr, MlirStringRef name)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether the bridge parses the upstream attribute `name`
/// (`arith.fastmath`) without its name in a format.
bool mlirPassBridgeUpstreamAttrKnown(MlirStringRef name)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// How a type is derived from another (`TypesMatchWith`'s transformer).
typedef enum MlirPassBridgeTypeTransform {
  MlirPassBridgeTypeTransformIdentity = 0,
  /// The element type of a shaped or complex type; null for another type.
  MlirPassBridgeTypeTransformElementType = 1,
  /// `getElementTypeOrSelf`.
  MlirPassBridgeTypeTransformElementTypeOrSelf = 2,
  /// `i1` of the same shape (arith's `getI1SameShape`).
  MlirPassBridgeTypeTransformI1SameShape = 3,
} MlirPassBridgeTypeTransform;

/// What a declarative format takes a value's type from when it does not
/// give it (ODS's type resolution through `AllTypesMatch` and
/// `TypesMatchWith`): `kind` is an operand, a result or an attribute
/// (whose type is taken), or none; `index` its group; the type is then
/// transformed.
typedef enum MlirPassBridgeTypeSourceKind {
  MlirPassBridgeTypeSourceNone = 0,
  MlirPassBridgeTypeSourceOperand = 1,
  MlirPassBridgeTypeSourceResult = 2,
  MlirPassBridgeTypeSourceAttribute = 3,
} MlirPassBridgeTypeSourceKind;

typedef struct MlirPassBridgeTypeSource {
  MlirPassBridgeTypeSourceKind kind;
  uint32_t index;
  MlirPassBridgeTypeTransform transform;
} MlirPassBridgeTypeSource;

/// `type` transformed by `transform`; a null type where it does not apply.
MlirType mlirPassBridgeTransformType(MlirPassBridgeTypeTransform transform,
                                     MlirType type) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The upstream op interfaces a Rust op implements, declared as data (the
/// bridge implements their methods from it) or answered by Rust (`cast`).
/// An index of -1 means "none".
typedef struct MlirPassBridgeOpInterfaces {
  /// `CallOpInterface`: the callee attribute (a symbol reference) and the
  /// operand group of the call's arguments.
  int32_t callCallee;
  int32_t callArguments;
  /// `CallableOpInterface`: the body region and the attribute holding the
  /// `FunctionType` (a `TypeAttr`), plus optional `arg_attrs`/`res_attrs`.
  int32_t callableRegion;
  int32_t callableType;
  /// `FunctionOpInterface` (with `CallableOpInterface` above, which a
  /// function has too): the optional `ArrayAttr`s of the arguments' and
  /// results' attribute dictionaries; -1: the discardable `arg_attrs` and
  /// `res_attrs`.
  bool function;
  int32_t functionArgAttrs;
  int32_t functionResAttrs;
  /// `CastOpInterface`: `areCastCompatible` calls `castCompatible`.
  bool cast;
  /// `InferTypeOpInterface`: `inferReturnTypes` calls `inferTypes`, or,
  /// with `inferTypesFromConstraints`, answers from the op's constraints
  /// as ODS's generated `inferReturnTypes` does
  /// (`MlirPassBridgeOpSpec::resultInferSources`), without calling Rust.
  bool inferTypes;
  bool inferTypesFromConstraints;
  /// `OpAsmOpInterface`: `getAsmResultNames` and `getAsmBlockArgumentNames`
  /// call `asmNames` (`getDefaultDialect` answers
  /// `MlirPassBridgeOpSpec::defaultDialect`).
  bool asmResultNames;
  bool asmBlockArgNames;
  /// `OpAsmOpInterface`: `getAsmBlockNames` calls `asmBlockNames`.
  bool asmBlockNames;
  /// `InferIntRangeInterface`: the method `inferIntRanges` answers.
  MlirPassBridgeIntRangeMethod intRanges;
  /// `MemoryEffectOpInterface`: from `MlirPassBridgeOpSpec::effects` or by
  /// the `memoryEffects` callback.
  MlirPassBridgeEffectsKind effects;
  /// `ConditionallySpeculatable`: `getSpeculatability` calls
  /// `speculatability`.
  bool speculatability;
  /// `ArithFastMathInterface`: the attribute holding the fast-math flags
  /// (a `FastMathFlagsAttr`; its name is `getFastMathAttrName`'s answer).
  int32_t fastMathAttr;
  /// `BranchOpInterface`: `MlirPassBridgeOpSpec::branchOperands` says
  /// which operand group each successor is given; `getSuccessorForOperands`
  /// calls `successorForOperands` when `branchSuccessorForOperands`.
  bool branch;
  bool branchSuccessorForOperands;
  /// `RegionBranchOpInterface`: where control goes on entering the op
  /// (`regionEntry`, a mask of `MLIR_PASS_BRIDGE_REGION_PARENT` and region
  /// bits) and from each region (`MlirPassBridgeOpSpec::regionSuccessors`);
  /// the operand group forwarded on entry (-1: none); whether
  /// `getEntrySuccessorRegions` calls `entrySuccessors`.
  bool regionBranch;
  uint64_t regionEntry;
  int32_t regionEntryOperands;
  bool regionEntryMethod;
} MlirPassBridgeOpInterfaces;

/// A Rust op, as the bridge registers it. Every pointer is read during
/// `mlirPassBridgeDialectSpecAddOp` only (the bridge copies what it keeps),
/// except `definition`, which must live as long as the process (a Rust
/// `&'static OpDefinition`) and is handed back to every callback.
typedef struct MlirPassBridgeOpSpec {
  /// The op's full name (`toy.transpose`).
  MlirStringRef name;
  const void *definition;
  /// A unique, 8-byte aligned address for the op's TypeID.
  const void *typeIdAddress;
  intptr_t numOperands;
  const MlirPassBridgeArity *operandArity;
  const MlirStringRef *operandNames;
  /// Per operand group: empty, or the one type its constraint allows
  /// (`i64`, `f64`, `index`), which a format may leave out.
  const MlirStringRef *operandBuildable;
  intptr_t numResults;
  const MlirPassBridgeArity *resultArity;
  const MlirStringRef *resultNames;
  /// The same per result group.
  const MlirStringRef *resultBuildable;
  /// Per operand group: empty, or ODS's storage class of its constraint
  /// (`builtin.complex`, `FloatType`), which a format's `type($x)` checks.
  const MlirStringRef *operandClasses;
  /// The same per result group.
  const MlirStringRef *resultClasses;
  intptr_t numAttributes;
  const MlirPassBridgeAttributeSpec *attributes;
  intptr_t numRegions;
  /// Whether the last region group is variadic.
  bool variadicRegions;
  intptr_t numSuccessors;
  bool variadicSuccessors;
  /// Bits `1 << MlirPassBridgeOpTrait`.
  uint64_t traits;
  /// For `HasParent`: the parent op names.
  intptr_t numParents;
  const MlirStringRef *parents;
  /// The declarative format; 0 elements: the generic form.
  intptr_t numFormat;
  const MlirPassBridgeFormatElement *format;
  bool hasVerifier;
  bool hasRegionVerifier;
  bool hasFolder;
  bool hasCanonicalizer;
  /// A hand-written parser and printer (the `parse`/`print` callbacks).
  bool hasCustomParser;
  bool hasCustomPrinter;
  /// The upstream interfaces the op implements.
  MlirPassBridgeOpInterfaces interfaces;
  /// `OpAsmOpInterface::getDefaultDialect`: empty, or the namespace the ops
  /// in this op's regions are printed and parsed without (`func`).
  MlirStringRef defaultDialect;
  /// Per operand and per result group: where a declarative format takes
  /// its type from when it does not give it.
  const MlirPassBridgeTypeSource *operandTypeSources;
  const MlirPassBridgeTypeSource *resultTypeSources;
  /// Per result group, under `inferTypesFromConstraints`: the operand
  /// (every operand and attribute known), attribute or other result its
  /// type is inferred from; none for a buildable type or one given by
  /// `SameOperandsAndResultType`.
  const MlirPassBridgeTypeSource *resultInferSources;
  /// The operand and result groups (kind and index) whose parsed types
  /// the declarative parser checks against their constraints
  /// (`verifyValueType`), in order: the sources of the types a
  /// `TypesMatchWith` derives, as ODS's generated parsers check them.
  intptr_t numParseChecks;
  const MlirPassBridgeTypeSource *parseChecks;
  /// `MemoryEffectOpInterface` declared as data: the effects, in order.
  intptr_t numEffects;
  const MlirPassBridgeEffectSpec *effects;
  /// `BranchOpInterface`: per successor, the operand group it is given
  /// (-1: none).
  intptr_t numBranchOperands;
  const int32_t *branchOperands;
  /// `RegionBranchOpInterface`: per region, where control goes from its
  /// terminators (a mask, as `regionEntry`).
  intptr_t numRegionSuccessors;
  const uint64_t *regionSuccessors;
  /// The custom directives of the format.
  intptr_t numCustomDirectives;
  const MlirPassBridgeCustomDirective *customDirectives;
} MlirPassBridgeOpSpec;

/// A parse in progress: MLIR's `OpAsmParser` and `OperationState`, plus
/// the operands read so far (by index, until they are resolved).
typedef struct MlirPassBridgeParse MlirPassBridgeParse;
/// MLIR's `OpAsmPrinter`.
typedef struct MlirPassBridgePrinter MlirPassBridgePrinter;

/// Which verifier a `verify` callback runs.
typedef enum MlirPassBridgeVerifyStage {
  /// Operand, result, attribute, region and successor counts and
  /// constraints (ODS's `verifyInvariantsImpl`).
  MlirPassBridgeVerifyInvariants = 0,
  /// The op's own verifier (`verify()`), after the traits.
  MlirPassBridgeVerifyCustom = 1,
  /// The region verifier (`verifyRegions()`).
  MlirPassBridgeVerifyRegions = 2,
} MlirPassBridgeVerifyStage;

/// An opaque list of fold results (`SmallVectorImpl<OpFoldResult>`).
typedef struct MlirPassBridgeFoldResults MlirPassBridgeFoldResults;

/// The Rust side of every op of a dialect. `definition` is the op's
/// `MlirPassBridgeOpSpec::definition`. None may be null.
typedef struct MlirPassBridgeOpCallbacks {
  /// Runs one verifier stage; false after emitting its error on `op`.
  bool (*verify)(const void *definition, MlirOperation op,
                 MlirPassBridgeVerifyStage stage);
  /// Checks `attr` against the constraint of the op's attribute number
  /// `index` (ODS's `verifyInherentAttrs`, before the op exists); false
  /// after calling `onError(message, userData)`.
  bool (*verifyAttribute)(const void *definition, intptr_t index,
                          MlirAttribute attr, MlirStringCallback onError,
                          void *userData);
  /// Checks `type` against the constraint of the op's operand group (a
  /// result group with `result`) number `index`, as ODS's parser checks
  /// the source of a derived type; false after calling `onError(message,
  /// userData)` (`'x' must be ..., but got '...'`).
  bool (*verifyValueType)(const void *definition, bool result,
                          intptr_t index, MlirType type,
                          MlirStringCallback onError, void *userData);
  /// Folds `op` given its operands' constant values (null attributes where
  /// unknown); pushes results with `mlirPassBridgeFoldResultsPush*`;
  /// returns whether it folded.
  bool (*fold)(const void *definition, MlirOperation op,
               const MlirAttribute *operands, intptr_t numOperands,
               MlirPassBridgeFoldResults *results);
  /// Adds the op's canonicalization patterns to `set` (borrowed).
  void (*canonicalize)(const void *definition, MlirRewritePatternSet set,
                       MlirContext context);
  /// Builds the op holding a folded constant (a detached op, or null);
  /// `dialect` is the dialect's `MlirPassBridgeDialectSpec` user data.
  MlirOperation (*materializeConstant)(const void *dialect,
                                       MlirContext context,
                                       MlirAttribute value, MlirType type,
                                       MlirLocation location);
  /// `CastOpInterface::areCastCompatible(inputs, outputs)`.
  bool (*castCompatible)(const void *definition, const MlirType *inputs,
                         intptr_t numInputs, const MlirType *outputs,
                         intptr_t numOutputs);
  /// The inliner's `materializeCallConversion`: a detached op of the
  /// dialect turning `input` into a value of `type`, or null.
  MlirOperation (*materializeCallConversion)(const void *dialect,
                                             MlirContext context,
                                             MlirValue input, MlirType type,
                                             MlirLocation location);
  /// Verifies the parameters of a Rust type (`definition` is its
  /// `MlirPassBridgeTypeSpec::definition`); false after calling
  /// `onError(message, userData)`.
  bool (*verifyType)(const void *definition, const MlirAttribute *params,
                     intptr_t numParams, MlirStringCallback onError,
                     void *userData);
  /// `InferTypeOpInterface::inferReturnTypes`: the result types of an op of
  /// `definition` with these operands and attributes (`attributes` may be
  /// null), each passed to `onType(type, userData)`; false after calling
  /// `onError(message, userData)`. `location` may be null. The op's
  /// properties are asked for by name, when the hook reads an attribute,
  /// with `property(name, userData)` (null when it has none of that name;
  /// a property hides an attribute of its name): no dictionary of both is
  /// built per call.
  bool (*inferTypes)(const void *definition, MlirContext context,
                     MlirLocation location, const MlirValue *operands,
                     intptr_t numOperands, MlirAttribute attributes,
                     MlirAttribute (*property)(MlirStringRef, void *),
                     void (*onType)(MlirType, void *),
                     MlirStringCallback onError, void *userData);
  /// Parses a Rust op with its hand-written parser; false after an error.
  bool (*parse)(const void *definition, MlirPassBridgeParse *parse);
  /// Prints a Rust op with its hand-written printer.
  void (*print)(const void *definition, MlirOperation op,
                MlirPassBridgePrinter *printer);
  /// `OpAsmOpInterface`: names the results of `op` (`region` null) or the
  /// arguments of the blocks of its `region`, each with
  /// `setName(value, name, userData)` (MLIR copies the name, and makes it
  /// a valid SSA name as for C++ ops). Names nothing when the Rust hook
  /// panicked or named a value it may not (reported at the op).
  void (*asmNames)(const void *definition, MlirOperation op, MlirRegion region,
                   void (*setName)(MlirValue, MlirStringRef, void *),
                   void *userData);
  /// `OpAsmOpInterface`: names the blocks of `op`'s regions, each with
  /// `setName(block, name, userData)` (MLIR copies the name and makes it a
  /// valid block name). Names nothing when the Rust hook panicked or named
  /// a block it may not (reported at the op).
  void (*asmBlockNames)(const void *definition, MlirOperation op,
                        void (*setName)(MlirBlock, MlirStringRef, void *),
                        void *userData);
  /// `InferIntRangeInterface`: the ranges of `op`'s results (and of the
  /// arguments of its regions' blocks) from its operands' `args` (all
  /// `known` unless the op answers `inferResultRangesFromOptional`), each
  /// set with `setRange(value, range, userData)`. False, with nothing set,
  /// when the Rust hook panicked or set a range it may not (reported at the
  /// op).
  bool (*inferIntRanges)(const void *definition, MlirOperation op,
                         const MlirPassBridgeIntRange *args, intptr_t numArgs,
                         MlirPassBridgeSetIntRange setRange, void *userData);
  /// `MemoryEffectOpInterface::getEffects` of an op answering it by a
  /// method: each effect with `add(..., userData)`. False, with nothing
  /// added, when the Rust hook panicked or named a value that is not its
  /// op's (reported at the op).
  bool (*memoryEffects)(const void *definition, MlirOperation op,
                        MlirPassBridgeAddEffect add, void *userData);
  /// `ConditionallySpeculatable::getSpeculatability`; not speculatable when
  /// the Rust hook panicked (reported at the op).
  MlirPassBridgeSpeculatability (*speculatability)(const void *definition,
                                                   MlirOperation op);
  /// `BranchOpInterface::getSuccessorForOperands` given the constant
  /// operands (null where unknown): the successor's index, or -1 (none
  /// chosen, also when the Rust hook panicked or answered an index past
  /// the successors, reported at the op).
  int32_t (*successorForOperands)(const void *definition, MlirOperation op,
                                  const MlirAttribute *operands,
                                  intptr_t numOperands);
  /// `RegionBranchOpInterface::getEntrySuccessorRegions` given the constant
  /// operands: each successor with `add(region, userData)`. False, with
  /// nothing added, when the Rust hook panicked or named a region the op
  /// does not have (reported at the op).
  bool (*entrySuccessors)(const void *definition, MlirOperation op,
                          const MlirAttribute *operands, intptr_t numOperands,
                          MlirPassBridgeAddRegionSuccessor add,
                          void *userData);
  /// Parses the op's custom directive number `directive` (its arguments
  /// are exchanged through `parse`, `mlirPassBridgeCustom*`); `optional`:
  /// it opens an optional group, and `*present` says whether it was there.
  /// False after an error.
  bool (*parseCustom)(const void *definition, uint32_t directive,
                      MlirPassBridgeParse *parse, bool optional,
                      bool *present);
  /// Prints the op's custom directive number `directive`.
  void (*printCustom)(const void *definition, uint32_t directive,
                      MlirOperation op, MlirPassBridgePrinter *printer);
} MlirPassBridgeOpCallbacks;

/*--- Hand-written parsers (dialect_asm.cpp). Each returns false after
 * MLIR's parser emitted an error, unless it says otherwise. ---*/

/// The context of the parse.
MlirContext mlirPassBridgeParseContext(MlirPassBridgeParse *parse)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses the punctuation or keyword `literal` (`(`, `->`, `to`);
/// `optional`: sets `*present` instead of failing when it is not there.
bool mlirPassBridgeParseLiteral(MlirPassBridgeParse *parse,
                                MlirStringRef literal, bool optional,
                                bool *present) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses an SSA operand (`%x`); stores its index (for
/// `mlirPassBridgeParseResolve`) in `*index`. `optional`: as above.
bool mlirPassBridgeParseOperand(MlirPassBridgeParse *parse, bool optional,
                                bool *present,
                                intptr_t *index) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a type; `optional`: as above.
bool mlirPassBridgeParseType(MlirPassBridgeParse *parse, bool optional,
                             bool *present,
                             MlirType *type) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses an attribute (of `type` when it is not null: `5` for `5 : i64`).
bool mlirPassBridgeParseAttribute(MlirPassBridgeParse *parse, MlirType type,
                                  MlirAttribute *attr) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a symbol name (`@name`) into the string attribute `attrName`.
bool mlirPassBridgeParseSymbolName(MlirPassBridgeParse *parse,
                                   MlirStringRef attrName)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses an optional attribute dictionary (`withKeyword`: after
/// `attributes`) into the op's attributes.
bool mlirPassBridgeParseAttrDict(MlirPassBridgeParse *parse,
                                 bool withKeyword) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a region into a new region of the op (`optional`: as above).
bool mlirPassBridgeParseRegion(MlirPassBridgeParse *parse, bool optional,
                               bool *present) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a function-like op's name, signature, attributes and body, as
/// `func.func` does (`function_interface_impl::parseFunctionOp`): the name
/// in `sym_name`, the type in `typeAttrName`, the body as a region.
bool mlirPassBridgeParseFunction(MlirPassBridgeParse *parse,
                                 MlirStringRef typeAttrName,
                                 bool allowVariadic) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Resolves operands `indices` (of `mlirPassBridgeParseOperand`) to `types`
/// and appends them to the op's operands.
bool mlirPassBridgeParseResolve(MlirPassBridgeParse *parse,
                                const intptr_t *indices, intptr_t numIndices,
                                const MlirType *types,
                                intptr_t numTypes) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Adds result types to the op.
void mlirPassBridgeParseAddTypes(MlirPassBridgeParse *parse,
                                 const MlirType *types,
                                 intptr_t numTypes) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Adds an attribute to the op.
void mlirPassBridgeParseAddAttribute(MlirPassBridgeParse *parse,
                                     MlirStringRef name, MlirAttribute attr)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Emits an error at the parser's current location; always false.
bool mlirPassBridgeParseError(MlirPassBridgeParse *parse,
                              MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Where the parser is (a pointer into the source, for
/// `mlirPassBridgeParseErrorAt`).
const char *
mlirPassBridgeParseLocation(MlirPassBridgeParse *parse) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Emits an error at `location` (from `mlirPassBridgeParseLocation` during
/// the same parse); always false.
bool mlirPassBridgeParseErrorAt(MlirPassBridgeParse *parse,
                                const char *location,
                                MlirStringRef message) MLIR_PASS_BRIDGE_NOEXCEPT;

/*--- Hand-written printers (dialect_asm.cpp). ---*/

/// Whether `printer` is MLIR's dry run (it prints an op once into nothing
/// to collect the aliases of its attributes and types, then prints it for
/// real): a failure there is reported by the real print.
bool mlirPassBridgePrinterIsDryRun(MlirPassBridgePrinter *printer)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints `text` as it is.
void mlirPassBridgePrintText(MlirPassBridgePrinter *printer,
                             MlirStringRef text) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints an SSA value's name (`%0`).
void mlirPassBridgePrintOperand(MlirPassBridgePrinter *printer,
                                MlirValue value) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a type.
void mlirPassBridgePrintType(MlirPassBridgePrinter *printer,
                             MlirType type) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints an attribute (`withoutType`: a typed attribute without ` : type`).
void mlirPassBridgePrintAttribute(MlirPassBridgePrinter *printer,
                                  MlirAttribute attr,
                                  bool withoutType) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints the op's attributes but `elided` (`withKeyword`: after
/// `attributes`), with a leading space when there are any.
void mlirPassBridgePrintAttrDict(MlirPassBridgePrinter *printer,
                                 MlirOperation op, const MlirStringRef *elided,
                                 intptr_t numElided,
                                 bool withKeyword) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a region (`entryArgs`: with the entry block's arguments;
/// `terminators`: with block terminators).
void mlirPassBridgePrintRegion(MlirPassBridgePrinter *printer,
                               MlirRegion region, bool entryArgs,
                               bool terminators) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a function-like op as `func.func` prints (after the op name):
/// visibility, `@name`, signature with the entry block's arguments, results,
/// `attributes {...}`, body.
void mlirPassBridgePrintFunction(MlirPassBridgePrinter *printer,
                                 MlirOperation op, MlirStringRef typeAttrName)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The upstream type interfaces a type of a Rust dialect implements, as
/// bits of `MlirPassBridgeTypeSpec::interfaces`.
typedef enum MlirPassBridgeTypeInterface {
  /// `MemRefElementTypeInterface`: a memref may hold it.
  MlirPassBridgeTypeInterfaceMemRefElement = 1,
  /// `VectorElementTypeInterface`: a vector may hold it.
  MlirPassBridgeTypeInterfaceVectorElement = 2,
  /// `OpAsmTypeInterface`: values of the type are named
  /// `MlirPassBridgeTypeSpec::asmName` when printed.
  MlirPassBridgeTypeInterfaceOpAsm = 4,
  /// `DataLayoutTypeInterface`: its size in bits is the syntax callbacks'
  /// `typeSizeInBits`; its alignments those of an integer of that size.
  MlirPassBridgeTypeInterfaceDataLayout = 8,
} MlirPassBridgeTypeInterface;

/// A type of a Rust dialect: `!ns.name<param, ...>`, its parameters
/// attributes (types are `TypeAttr`s, printed as the type), registered as
/// an MLIR dynamic type of the dialect.
typedef struct MlirPassBridgeTypeSpec {
  /// The name without the namespace (`struct`).
  MlirStringRef name;
  /// The Rust definition, handed to `verifyType`; lives for the process.
  const void *definition;
  /// Whether the dialect's syntax callbacks parse and print its body
  /// (`mlirPassBridgeDialectSpecSetSyntax`); otherwise MLIR's default,
  /// `<param, ...>` with each parameter an attribute.
  bool hasSyntax;
  /// The upstream interfaces it implements: `MlirPassBridgeTypeInterface`
  /// bits.
  uint32_t interfaces;
  /// With `MlirPassBridgeTypeInterfaceOpAsm`: the name of its values
  /// (`OpAsmTypeInterface::getAsmName`); copied.
  MlirStringRef asmName;
} MlirPassBridgeTypeSpec;

/// The type `!ns.name<params>` in `context`, after its verifier; null with
/// `onError(message, userData)` called when the dialect is not loaded, has
/// no such type, or the parameters are refused.
MlirType mlirPassBridgeRustTypeGet(MlirContext context, MlirStringRef ns,
                                   MlirStringRef name,
                                   const MlirAttribute *params,
                                   intptr_t numParams,
                                   MlirStringCallback onError,
                                   void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `type` is the Rust type `ns.name`.
bool mlirPassBridgeRustTypeIs(MlirType type, MlirStringRef ns,
                              MlirStringRef name) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The parameters of a dynamic type (stored in the context): their number,
/// and the array in `*params`. 0 for any other type.
intptr_t mlirPassBridgeRustTypeParams(MlirType type,
                                      const MlirAttribute **params)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Appends a constant to fold results.
void mlirPassBridgeFoldResultsPushAttribute(MlirPassBridgeFoldResults *results,
                                            MlirAttribute value)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Appends an existing value to fold results.
void mlirPassBridgeFoldResultsPushValue(MlirPassBridgeFoldResults *results,
                                        MlirValue value)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// A Rust dialect's description, built once per process and never
/// destroyed (the dialect lives as long as the process).
typedef struct MlirPassBridgeDialectSpec MlirPassBridgeDialectSpec;

/// A new dialect description: `ns` is the namespace, `typeIdAddress` a
/// unique 8-byte aligned address for the dialect's TypeID, `userData` the
/// Rust definition (handed to `materializeConstant`); `dependents` the
/// upstream dialects loaded with it; `inliner`: the dialect has a
/// `DialectInlinerInterface` (every op may be inlined; a ReturnLike
/// terminator's operands replace the call's results; callees of one block
/// only), whose `materializeCallConversion` calls back when
/// `hasCallConversion`. Returns null on an exception.
MlirPassBridgeDialectSpec *mlirPassBridgeDialectSpecCreate(
    MlirStringRef ns, const void *typeIdAddress, const void *userData,
    MlirPassBridgeOpCallbacks callbacks, bool hasMaterializer,
    const MlirDialectHandle *dependents, intptr_t numDependents,
    bool inliner, bool hasCallConversion) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds an op to a dialect description (copied). False on an exception.
bool mlirPassBridgeDialectSpecAddOp(MlirPassBridgeDialectSpec *spec,
                                    const MlirPassBridgeOpSpec *op)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds a type to a dialect description (copied). False on an exception.
bool mlirPassBridgeDialectSpecAddType(MlirPassBridgeDialectSpec *spec,
                                      const MlirPassBridgeTypeSpec *type)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Who already provides a dialect namespace in a registry.
typedef enum MlirPassBridgeDialectOwner {
  /// Nobody.
  MlirPassBridgeDialectFree = 0,
  /// This very dialect description.
  MlirPassBridgeDialectSame = 1,
  /// Another dialect (upstream, or another Rust dialect).
  MlirPassBridgeDialectOther = 2,
} MlirPassBridgeDialectOwner;

/// Who provides `spec`'s namespace in `registry`.
MlirPassBridgeDialectOwner
mlirPassBridgeDialectRegistryOwner(MlirDialectRegistry registry,
                                   const MlirPassBridgeDialectSpec *spec)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Who provides `spec`'s namespace in `context` (loaded or registered).
MlirPassBridgeDialectOwner
mlirPassBridgeDialectContextOwner(MlirContext context,
                                  const MlirPassBridgeDialectSpec *spec)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Inserts the dialect in `registry` (loaded on demand by name).
void mlirPassBridgeDialectInsert(MlirDialectRegistry registry,
                                 const MlirPassBridgeDialectSpec *spec)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Loads the dialect in `context` (and returns it), or returns null when
/// the context already has another dialect of that namespace.
MlirDialect mlirPassBridgeDialectLoad(MlirContext context,
                                      const MlirPassBridgeDialectSpec *spec)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The C API's dialect handle for `spec`: `hooks` points to three
/// functions of the dialect (insert, load, namespace) that call the two
/// functions above. Returned as `MlirDialectHandle` of the hooks.
typedef struct MlirPassBridgeDialectHooks {
  void (*insertHook)(MlirDialectRegistry registry);
  MlirDialect (*loadHook)(MlirContext context);
  MlirStringRef (*getNamespaceHook)(void);
} MlirPassBridgeDialectHooks;

/// Whether `op` belongs to a Rust dialect; if so, its definition (the
/// `MlirPassBridgeOpSpec::definition`) in `*definition`.
bool mlirPassBridgeRustOpDefinition(MlirOperation op,
                                    const void **definition)
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_DIALECT_H */
