// Dialects declared in Rust: each op is registered as an
// `OperationName::Impl` of our own (`RustOpModel`), not MLIR's
// `DynamicOpDefinition`, which answers `hasTrait` with false, never
// compares equal under `cse` and aborts on `getInherentAttr`. The model
// answers traits from the op's declaration, runs MLIR's own trait verifiers,
// attaches the side-effect interfaces of pure ops, and calls into Rust for
// constraints, custom verifiers, folders and canonicalization patterns.
//
// Ops keep their inherent attributes as properties, as ODS ops do
// (dialect_properties.h).

#include "dialect_inliner.h"
#include "dialect_op_model.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/InliningUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/CAPI/Rewrite.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <mutex>

using mlir_pass_bridge::AttributeSpec;
using mlir_pass_bridge::FormatElement;
using mlir_pass_bridge::guarded;
using mlir_pass_bridge::OpSpec;
using mlir_pass_bridge::operandGroup;
using mlir_pass_bridge::RustOpModel;

/// The operand group `index` of `op`, as `[start, size)`.
std::pair<unsigned, unsigned>
mlir_pass_bridge::operandGroup(const OpSpec &spec, mlir::Operation *op,
                               unsigned index) {
  unsigned total = op->getNumOperands();
  if (spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments)) {
    auto sizes =
        op->getAttrOfType<mlir::DenseI32ArrayAttr>("operandSegmentSizes");
    if (sizes && sizes.size() == static_cast<int64_t>(spec.operands.size())) {
      unsigned start = 0;
      for (unsigned i = 0; i < index; ++i)
        start += sizes[i];
      return {std::min(start, total),
              std::min<unsigned>(sizes[index], total - std::min(start, total))};
    }
  }
  unsigned singles = 0;
  for (MlirPassBridgeArity a : spec.operands)
    singles += a == MlirPassBridgeAritySingle;
  unsigned variable = total > singles ? total - singles : 0;
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += spec.operands[i] == MlirPassBridgeAritySingle ? 1 : variable;
  unsigned size = spec.operands[index] == MlirPassBridgeAritySingle ? 1 : variable;
  start = std::min(start, total);
  return {start, std::min(size, total - start)};
}

namespace {

//===----------------------------------------------------------------------===//
// The dialect.
//===----------------------------------------------------------------------===//

class RustDialect final : public mlir::ExtensibleDialect {
public:
  RustDialect(mlir::MLIRContext *context,
              const MlirPassBridgeDialectSpec &spec)
      : ExtensibleDialect(spec.ns, context, spec.typeID), spec(spec) {
    // The passes that call this dialect's Rust hooks (`canonicalize` calls
    // its folders) must fail when a hook panics: track them.
    mlirPassBridgeTrackRunningPasses(wrap(context));
    mlir_pass_bridge::registerTypesAndAttrs(this, spec);
    for (MlirDialectHandle dependent : spec.dependents)
      mlirDialectHandleLoadDialect(dependent, wrap(context));
    for (const auto &op : spec.ops) {
      auto model = std::make_unique<RustOpModel>(*op, spec, this);
      models.push_back(model.get());
      llvm::SmallVector<llvm::StringRef, 4> names;
      for (size_t i = 0; i < mlir_pass_bridge::propertySlots(*op); ++i)
        names.push_back(mlir_pass_bridge::slotName(*op, i));
      mlir::RegisteredOperationName::insert(std::move(model), names);
    }
    if (spec.inliner)
      addInterface(
          std::make_unique<mlir_pass_bridge::RustInliner>(this, spec));
    mlir_pass_bridge::addAliasInterface(this, spec);
  }

  mlir::Operation *materializeConstant(mlir::OpBuilder &builder,
                                       mlir::Attribute value, mlir::Type type,
                                       mlir::Location loc) final {
    if (!spec.hasMaterializer)
      return nullptr;
    MlirOperation op = spec.callbacks.materializeConstant(
        spec.userData, wrap(getContext()), wrap(value), wrap(type), wrap(loc));
    if (mlirOperationIsNull(op))
      return nullptr;
    return builder.insert(unwrap(op));
  }

  mlir::Type parseType(mlir::DialectAsmParser &parser) const final {
    llvm::SMLoc loc = parser.getCurrentLocation();
    llvm::StringRef name;
    if (mlir::failed(parser.parseKeyword(&name)))
      return {};
    mlir::Type type;
    mlir::OptionalParseResult result =
        parseOptionalDynamicType(name, parser, type);
    if (result.has_value())
      return mlir::succeeded(*result) ? type : mlir::Type();
    // ODS's words (`useDefaultTypePrinterParser`), its two spaces too.
    parser.emitError(loc) << "unknown  type `" << name << "` in dialect `"
                          << spec.ns << "`";
    return {};
  }

  void printType(mlir::Type type,
                 mlir::DialectAsmPrinter &printer) const final {
    (void)printIfDynamicType(type, printer);
  }

  mlir::Attribute parseAttribute(mlir::DialectAsmParser &parser,
                                 mlir::Type type) const final {
    llvm::SMLoc loc = parser.getCurrentLocation();
    llvm::StringRef name;
    if (mlir::failed(parser.parseKeyword(&name)))
      return {};
    // A typed attribute is handed the type written after it.
    for (const auto &def : spec.attrs)
      if (def.name == name && def.selfType >= 0)
        return mlir_pass_bridge::parseRustAttrBody(
            parser, const_cast<RustDialect *>(this), spec, def, type);
    mlir::Attribute attr;
    mlir::OptionalParseResult result =
        parseOptionalDynamicAttr(name, parser, attr);
    if (result.has_value())
      return mlir::succeeded(*result) ? attr : mlir::Attribute();
    // ODS's words (`useDefaultAttributePrinterParser`).
    parser.emitError(loc) << "unknown attribute `" << name << "` in dialect `"
                          << spec.ns << "`";
    return {};
  }


  void printAttribute(mlir::Attribute attr,
                      mlir::DialectAsmPrinter &printer) const final {
    (void)printIfDynamicAttr(attr, printer);
  }

  /// Parses the defaults of every op, once the dialect is loaded (see
  /// `RustOpModel::parseDefaults`); what failed, empty when none did.
  const std::string &parseDefaults() {
    for (RustOpModel *model : models) {
      const std::string &error = model->parseDefaults(getContext());
      if (!error.empty())
        loadError += (loadError.empty()
                          ? "dialect '" + spec.ns + "' cannot be loaded: "
                          : std::string("; ")) +
                     error;
    }
    return loadError;
  }

  const MlirPassBridgeDialectSpec &spec;
  /// The op models, owned by the context.
  std::vector<RustOpModel *> models;
  /// Why the dialect refuses to load (a default that does not parse).
  std::string loadError;
};

/// The Rust dialect each namespace was inserted for, in any registry: a
/// registry says who has a namespace, not which dialect, and MLIR aborts
/// when another dialect is inserted under a namespace already taken.
std::mutex insertedMutex;
llvm::StringMap<const MlirPassBridgeDialectSpec *> &insertedSpecs() {
  static llvm::StringMap<const MlirPassBridgeDialectSpec *> specs;
  return specs;
}

/// Who has `spec`'s namespace in a registry where it is taken.
MlirPassBridgeDialectOwner takenBy(const MlirPassBridgeDialectSpec *spec) {
  std::lock_guard<std::mutex> lock(insertedMutex);
  auto it = insertedSpecs().find(spec->ns);
  return it != insertedSpecs().end() && it->second == spec
             ? MlirPassBridgeDialectSame
             : MlirPassBridgeDialectOther;
}

std::unique_ptr<mlir::Dialect> construct(mlir::MLIRContext *context,
                                         const MlirPassBridgeDialectSpec *spec) {
  return std::make_unique<RustDialect>(context, *spec);
}

/// Loads the dialect, or returns null when another dialect has the
/// namespace, or when an op's default does not parse: the dialect stays in
/// the context (MLIR cannot unload one), but each load reports the error
/// and the op refuses to verify.
mlir::Dialect *load(mlir::MLIRContext *context,
                    const MlirPassBridgeDialectSpec *spec) {
  auto *dialect = context->getLoadedDialect(spec->ns);
  if (dialect && dialect->getTypeID() != spec->typeID)
    return nullptr;
  if (!dialect) {
    dialect = context->getOrLoadDialect(
        spec->ns, spec->typeID, [&] { return construct(context, spec); });
    static_cast<RustDialect *>(dialect)->parseDefaults();
  }
  const std::string &error = static_cast<RustDialect *>(dialect)->loadError;
  if (error.empty())
    return dialect;
  mlir::emitError(mlir::UnknownLoc::get(context)) << error;
  return nullptr;
}

/// The TypeIDs of every Rust dialect, to recognise their ops.
std::mutex rustDialectsMutex;
llvm::DenseSet<mlir::TypeID> &rustDialects() {
  static llvm::DenseSet<mlir::TypeID> ids;
  return ids;
}
} // namespace

mlir::Attribute mlir_pass_bridge::defaultAttribute(mlir::Operation *op,
                                                   size_t index) {
  std::optional<mlir::RegisteredOperationName> name = op->getRegisteredInfo();
  if (!name || !rustDialectSpec(&name->getDialect()))
    return {};
  const auto *model =
      static_cast<const RustOpModel *>(name->getAsOpaquePointer());
  return model->getDefault(index);
}

mlir_pass_bridge::StrippedTextCache *
mlir_pass_bridge::strippedTextCache(mlir::Operation *op) {
  std::optional<mlir::RegisteredOperationName> name = op->getRegisteredInfo();
  if (!name || !rustDialectSpec(&name->getDialect()))
    return nullptr;
  return &static_cast<const RustOpModel *>(name->getAsOpaquePointer())
              ->strippedTexts;
}

const MlirPassBridgeDialectSpec *
mlir_pass_bridge::rustDialectSpec(mlir::Dialect *dialect) {
  if (!dialect)
    return nullptr;
  {
    std::lock_guard<std::mutex> lock(rustDialectsMutex);
    if (!rustDialects().contains(dialect->getTypeID()))
      return nullptr;
  }
  return &static_cast<RustDialect *>(dialect)->spec;
}

extern "C" {

void mlirPassBridgeFoldResultsPushAttribute(MlirPassBridgeFoldResults *results,
                                            MlirAttribute value) noexcept {
  guarded(0, [&] {
    reinterpret_cast<llvm::SmallVectorImpl<mlir::OpFoldResult> *>(results)
        ->push_back(unwrap(value));
    return 0;
  });
}

void mlirPassBridgeFoldResultsPushValue(MlirPassBridgeFoldResults *results,
                                        MlirValue value) noexcept {
  guarded(0, [&] {
    reinterpret_cast<llvm::SmallVectorImpl<mlir::OpFoldResult> *>(results)
        ->push_back(unwrap(value));
    return 0;
  });
}

MlirPassBridgeDialectSpec *mlirPassBridgeDialectSpecCreate(
    MlirStringRef ns, const void *typeIdAddress, const void *userData,
    MlirPassBridgeOpCallbacks callbacks, bool hasMaterializer,
    const MlirDialectHandle *dependents, intptr_t numDependents, bool inliner,
    bool hasCallConversion) noexcept {
  return guarded<MlirPassBridgeDialectSpec *>(nullptr, [&] {
    auto *spec = new MlirPassBridgeDialectSpec();
    spec->ns = std::string(ns.data, ns.length);
    spec->typeID = mlir::TypeID::getFromOpaquePointer(typeIdAddress);
    spec->userData = userData;
    spec->callbacks = callbacks;
    spec->hasMaterializer = hasMaterializer;
    spec->dependents.assign(dependents, dependents + numDependents);
    spec->inliner = inliner;
    spec->hasCallConversion = hasCallConversion;
    std::lock_guard<std::mutex> lock(rustDialectsMutex);
    rustDialects().insert(spec->typeID);
    return spec;
  });
}

bool mlirPassBridgeDialectSpecAddOp(MlirPassBridgeDialectSpec *spec,
                                    const MlirPassBridgeOpSpec *op) noexcept {
  return guarded(false, [&] {
    auto str = [](MlirStringRef s) { return std::string(s.data, s.length); };
    auto copy = std::make_unique<OpSpec>();
    copy->name = str(op->name);
    copy->definition = op->definition;
    copy->typeID = mlir::TypeID::getFromOpaquePointer(op->typeIdAddress);
    copy->operands.assign(op->operandArity, op->operandArity + op->numOperands);
    for (intptr_t i = 0; i < op->numOperands; ++i) {
      copy->operandNames.push_back(str(op->operandNames[i]));
      copy->operandBuildable.push_back(str(op->operandBuildable[i]));
      copy->operandClasses.push_back(str(op->operandClasses[i]));
    }
    copy->results.assign(op->resultArity, op->resultArity + op->numResults);
    for (intptr_t i = 0; i < op->numResults; ++i) {
      copy->resultNames.push_back(str(op->resultNames[i]));
      copy->resultBuildable.push_back(str(op->resultBuildable[i]));
      copy->resultClasses.push_back(str(op->resultClasses[i]));
    }
    for (intptr_t i = 0; i < op->numAttributes; ++i) {
      const MlirPassBridgeAttributeSpec &a = op->attributes[i];
      AttributeSpec &attr = copy->attributes.emplace_back(AttributeSpec{
          str(a.name), a.optional,
          a.defaultValue.data ? str(a.defaultValue) : std::string(),
          str(a.elidedType), a.kind});
      attr.rustAttr = a.rustAttr;
      attr.rustAttrNamespace = str(a.rustAttrNamespace);
      attr.upstreamAttr = str(a.upstreamAttr);
      attr.bitSeparator = str(a.bitSeparator);
      attr.bitPrimaryGroups = a.bitPrimaryGroups;
      for (intptr_t c = 0; c < a.numCases; ++c) {
        attr.caseNames.push_back(str(a.caseNames[c]));
        attr.caseValues.push_back(a.caseValues[c]);
      }
    }
    copy->numRegions = op->numRegions;
    copy->variadicRegions = op->variadicRegions;
    copy->numSuccessors = op->numSuccessors;
    copy->variadicSuccessors = op->variadicSuccessors;
    copy->traits = op->traits;
    for (intptr_t i = 0; i < op->numParents; ++i)
      copy->parents.push_back(str(op->parents[i]));
    for (intptr_t i = 0; i < op->numFormat; ++i) {
      const MlirPassBridgeFormatElement &e = op->format[i];
      copy->format.push_back(FormatElement{e.kind, str(e.text), e.index,
                                           e.target, e.index2,
                                           e.target2, e.length});
    }
    for (intptr_t i = 0; i < op->numCustomDirectives; ++i) {
      const MlirPassBridgeCustomDirective &d = op->customDirectives[i];
      copy->customDirectives.push_back(
          {str(d.name), std::vector<MlirPassBridgeCustomArg>(
                            d.args, d.args + d.numArgs)});
    }
    copy->hasVerifier = op->hasVerifier;
    copy->hasRegionVerifier = op->hasRegionVerifier;
    copy->hasFolder = op->hasFolder;
    copy->hasCanonicalizer = op->hasCanonicalizer;
    copy->interfaces = op->interfaces;
    if (op->defaultDialect.data)
      copy->defaultDialect = str(op->defaultDialect);
    copy->hasCustomParser = op->hasCustomParser;
    copy->hasCustomPrinter = op->hasCustomPrinter;
    copy->operandTypeSources.assign(op->operandTypeSources,
                                    op->operandTypeSources + op->numOperands);
    copy->resultTypeSources.assign(op->resultTypeSources,
                                   op->resultTypeSources + op->numResults);
    if (op->interfaces.inferTypesFromConstraints)
      copy->resultInferSources.assign(op->resultInferSources,
                                      op->resultInferSources + op->numResults);
    copy->parseChecks.assign(op->parseChecks,
                             op->parseChecks + op->numParseChecks);
    for (intptr_t i = 0; i < op->numEffects; ++i) {
      const MlirPassBridgeEffectSpec &e = op->effects[i];
      copy->effects.push_back(mlir_pass_bridge::EffectSpec{
          e.effect, e.target, e.index, str(e.resource),
          mlir_pass_bridge::namedResource(str(e.resource))});
    }
    copy->branchOperands.assign(op->branchOperands,
                                op->branchOperands + op->numBranchOperands);
    copy->regionSuccessors.assign(op->regionSuccessors,
                                  op->regionSuccessors +
                                      op->numRegionSuccessors);
    spec->ops.push_back(std::move(copy));
    return true;
  });
}

bool mlirPassBridgeDialectSpecAddType(MlirPassBridgeDialectSpec *spec,
                                      const MlirPassBridgeTypeSpec *type) noexcept {
  return guarded(false, [&] {
    spec->types.push_back({std::string(type->name.data, type->name.length),
                           type->definition, type->hasSyntax, -1,
                           type->interfaces,
                           type->asmName.length
                               ? std::string(type->asmName.data,
                                             type->asmName.length)
                               : std::string()});
    return true;
  });
}

MlirType mlirPassBridgeRustTypeGet(MlirContext context, MlirStringRef ns,
                                   MlirStringRef name,
                                   const MlirAttribute *params,
                                   intptr_t numParams,
                                   MlirStringCallback onError,
                                   void *userData) noexcept {
  return guarded(MlirType{nullptr}, [&]() -> MlirType {
    mlir::MLIRContext *ctx = unwrap(context);
    auto fail = [&](const std::string &message) {
      onError(mlirStringRefCreate(message.data(), message.size()), userData);
      return MlirType{nullptr};
    };
    auto *dialect = llvm::dyn_cast_or_null<mlir::ExtensibleDialect>(
        ctx->getLoadedDialect(unwrap(ns)));
    if (!dialect)
      return fail("dialect '" + unwrap(ns).str() + "' is not loaded");
    mlir::DynamicTypeDefinition *def =
        dialect->lookupTypeDefinition(unwrap(name));
    if (!def)
      return fail("dialect '" + unwrap(ns).str() + "' has no type '" +
                  unwrap(name).str() + "'");
    llvm::SmallVector<mlir::Attribute, 4> attrs;
    for (intptr_t i = 0; i < numParams; ++i)
      attrs.push_back(unwrap(params[i]));
    mlir::DynamicType type = mlir::DynamicType::getChecked(
        [&] {
          // The verifier's message, caught instead of emitted.
          return mlir::emitError(mlir::UnknownLoc::get(ctx));
        },
        def, attrs);
    if (!type)
      return fail("the parameters of '" + unwrap(ns).str() + "." +
                  unwrap(name).str() + "' were refused (see the diagnostic)");
    return wrap(mlir::Type(type));
  });
}

bool mlirPassBridgeRustTypeIs(MlirType type, MlirStringRef ns,
                              MlirStringRef name) noexcept {
  auto dynamic = llvm::dyn_cast<mlir::DynamicType>(unwrap(type));
  if (!dynamic)
    return false;
  mlir::DynamicTypeDefinition *def = dynamic.getTypeDef();
  return def->getName() == unwrap(name) &&
         def->getDialect()->getNamespace() == unwrap(ns);
}

intptr_t mlirPassBridgeRustTypeParams(MlirType type,
                                      const MlirAttribute **params) noexcept {
  auto dynamic = llvm::dyn_cast<mlir::DynamicType>(unwrap(type));
  if (!dynamic)
    return 0;
  llvm::ArrayRef<mlir::Attribute> all = dynamic.getParams();
  static_assert(sizeof(MlirAttribute) == sizeof(mlir::Attribute),
                "an attribute is one pointer on both sides");
  *params = reinterpret_cast<const MlirAttribute *>(all.data());
  return all.size();
}

MlirPassBridgeDialectOwner
mlirPassBridgeDialectRegistryOwner(MlirDialectRegistry registry,
                                   const MlirPassBridgeDialectSpec *spec) noexcept {
  return guarded(MlirPassBridgeDialectOther, [&] {
    if (!unwrap(registry)->getDialectAllocator(spec->ns))
      return MlirPassBridgeDialectFree;
    return takenBy(spec);
  });
}

MlirPassBridgeDialectOwner
mlirPassBridgeDialectContextOwner(MlirContext context,
                                  const MlirPassBridgeDialectSpec *spec) noexcept {
  return guarded(MlirPassBridgeDialectOther, [&] {
    mlir::MLIRContext *ctx = unwrap(context);
    if (mlir::Dialect *loaded = ctx->getLoadedDialect(spec->ns))
      return loaded->getTypeID() == spec->typeID ? MlirPassBridgeDialectSame
                                                 : MlirPassBridgeDialectOther;
    if (!ctx->getDialectRegistry().getDialectAllocator(spec->ns))
      return MlirPassBridgeDialectFree;
    return takenBy(spec);
  });
}

void mlirPassBridgeDialectInsert(MlirDialectRegistry registry,
                                 const MlirPassBridgeDialectSpec *spec) noexcept {
  guarded(0, [&] {
    {
      std::lock_guard<std::mutex> lock(insertedMutex);
      insertedSpecs()[spec->ns] = spec;
    }
    unwrap(registry)->insert(spec->typeID, spec->ns,
                             [spec](mlir::MLIRContext *context) {
                               return load(context, spec);
                             });
    return 0;
  });
}

MlirDialect mlirPassBridgeDialectLoad(MlirContext context,
                                      const MlirPassBridgeDialectSpec *spec) noexcept {
  return guarded(MlirDialect{nullptr},
                 [&] { return wrap(load(unwrap(context), spec)); });
}

bool mlirPassBridgeRustOpDefinition(MlirOperation op,
                                    const void **definition) noexcept {
  mlir::Operation *operation = unwrap(op);
  std::optional<mlir::RegisteredOperationName> name =
      operation->getRegisteredInfo();
  if (!name)
    return false;
  {
    std::lock_guard<std::mutex> lock(rustDialectsMutex);
    if (!rustDialects().contains(name->getDialect().getTypeID()))
      return false;
  }
  *definition = static_cast<const RustOpModel *>(name->getAsOpaquePointer())
                    ->getSpec()
                    .definition;
  return true;
}

} // extern "C"
