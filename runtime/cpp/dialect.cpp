// Dialects declared in Rust: each op is registered as an
// `OperationName::Impl` of our own (`RustOpModel`), not MLIR's
// `DynamicOpDefinition`, which answers `hasTrait` with false, never
// compares equal under `cse` and aborts on `getInherentAttr`. The model
// answers traits from the op's declaration, runs MLIR's own trait verifiers,
// attaches the side-effect interfaces of pure ops, and calls into Rust for
// constraints, custom verifiers, folders and canonicalization patterns.
//
// Ops have no properties: their attributes live in the attribute
// dictionary, as ODS ops' did before properties.

#include "dialect_support.h"

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

namespace {

//===----------------------------------------------------------------------===//
// Interfaces attached to pure ops. Models are stateless (MLIR creates them
// with malloc): the same answer for every op they are attached to.
//===----------------------------------------------------------------------===//

struct NoEffects
    : mlir::MemoryEffectOpInterface::FallbackModel<NoEffects> {
  void getEffects(
      mlir::Operation *,
      llvm::SmallVectorImpl<
          mlir::SideEffects::EffectInstance<mlir::MemoryEffects::Effect>> &)
      const {}
};

struct AlwaysSpeculatable
    : mlir::ConditionallySpeculatable::FallbackModel<AlwaysSpeculatable> {
  mlir::Speculation::Speculatability getSpeculatability(mlir::Operation *) const {
    return mlir::Speculation::Speculatable;
  }
};

/// The op being registered, for the stateful models below: MLIR builds a
/// model with its default constructor (`InterfaceMap::insertModels`), which
/// reads it from here.
thread_local const OpSpec *modelSpec = nullptr;
thread_local const MlirPassBridgeDialectSpec *modelDialect = nullptr;

/// `SymbolOpInterface` of an op with the `Symbol` trait, as ODS's default
/// methods implement it (the name in `sym_name`, the visibility in
/// `sym_visibility`).
struct SymbolModel : mlir::SymbolOpInterface::FallbackModel<SymbolModel> {
  using SymbolTable = mlir::SymbolTable;
  mlir::StringAttr getNameAttr(mlir::Operation *op) const {
    return SymbolTable::getSymbolName(op);
  }
  void setName(mlir::Operation *op, mlir::StringAttr name) const {
    op->setAttr(SymbolTable::getSymbolAttrName(), name);
  }
  SymbolTable::Visibility getVisibility(mlir::Operation *op) const {
    return SymbolTable::getSymbolVisibility(op);
  }
  bool isNested(mlir::Operation *op) const {
    return getVisibility(op) == SymbolTable::Visibility::Nested;
  }
  bool isPrivate(mlir::Operation *op) const {
    return getVisibility(op) == SymbolTable::Visibility::Private;
  }
  bool isPublic(mlir::Operation *op) const {
    return getVisibility(op) == SymbolTable::Visibility::Public;
  }
  void setVisibility(mlir::Operation *op, SymbolTable::Visibility v) const {
    SymbolTable::setSymbolVisibility(op, v);
  }
  void setNested(mlir::Operation *op) const {
    setVisibility(op, SymbolTable::Visibility::Nested);
  }
  void setPrivate(mlir::Operation *op) const {
    setVisibility(op, SymbolTable::Visibility::Private);
  }
  void setPublic(mlir::Operation *op) const {
    setVisibility(op, SymbolTable::Visibility::Public);
  }
  std::optional<SymbolTable::UseRange>
  getSymbolUses(mlir::Operation *op, mlir::Operation *from) const {
    return SymbolTable::getSymbolUses(op, from);
  }
  bool symbolKnownUseEmpty(mlir::Operation *op, mlir::Operation *from) const {
    return SymbolTable::symbolKnownUseEmpty(op, from);
  }
  llvm::LogicalResult replaceAllSymbolUses(mlir::Operation *op,
                                           mlir::StringAttr name,
                                           mlir::Operation *from) const {
    return SymbolTable::replaceAllSymbolUses(op, name, from);
  }
  bool isOptionalSymbol(mlir::Operation *) const { return false; }
  bool canDiscardOnUseEmpty(mlir::Operation *op) const {
    return getVisibility(op) != SymbolTable::Visibility::Public;
  }
  bool isDeclaration(mlir::Operation *op) const {
    // A symbol whose first region is empty declares; one with a body
    // defines (as func.func says).
    return op->getNumRegions() != 0 && op->getRegion(0).empty();
  }
};

/// `ArgAndResultAttrsOpInterface`, the base of the call interfaces:
/// `arg_attrs` and `res_attrs` in the attribute dictionary.
struct ArgAndResultAttrsModel
    : mlir::ArgAndResultAttrsOpInterface::FallbackModel<ArgAndResultAttrsModel> {
  mlir::ArrayAttr getArgAttrsAttr(mlir::Operation *op) const {
    return op->getAttrOfType<mlir::ArrayAttr>("arg_attrs");
  }
  mlir::ArrayAttr getResAttrsAttr(mlir::Operation *op) const {
    return op->getAttrOfType<mlir::ArrayAttr>("res_attrs");
  }
  void setArgAttrsAttr(mlir::Operation *op, mlir::ArrayAttr attrs) const {
    op->setAttr("arg_attrs", attrs);
  }
  void setResAttrsAttr(mlir::Operation *op, mlir::ArrayAttr attrs) const {
    op->setAttr("res_attrs", attrs);
  }
  mlir::Attribute removeArgAttrsAttr(mlir::Operation *op) const {
    return op->removeAttr("arg_attrs");
  }
  mlir::Attribute removeResAttrsAttr(mlir::Operation *op) const {
    return op->removeAttr("res_attrs");
  }
};

/// The operand group `index` of `op`, as `[start, size)`.
std::pair<unsigned, unsigned> operandGroup(const OpSpec &spec,
                                           mlir::Operation *op,
                                           unsigned index);

/// `CallOpInterface`: the callee is a symbol reference attribute, the
/// arguments an operand group.
struct CallModel : mlir::CallOpInterface::FallbackModel<CallModel> {
  const OpSpec *spec = modelSpec;
  llvm::StringRef callee() const {
    return spec->attributes[spec->interfaces.callCallee].name;
  }
  mlir::CallInterfaceCallable getCallableForCallee(mlir::Operation *op) const {
    return op->getAttrOfType<mlir::SymbolRefAttr>(callee());
  }
  void setCalleeFromCallable(mlir::Operation *op,
                             mlir::CallInterfaceCallable callable) const {
    op->setAttr(callee(), llvm::cast<mlir::SymbolRefAttr>(callable));
  }
  mlir::Operation::operand_range getArgOperands(mlir::Operation *op) const {
    auto [start, size] = operandGroup(*spec, op, spec->interfaces.callArguments);
    return op->getOperands().slice(start, size);
  }
  mlir::MutableOperandRange getArgOperandsMutable(mlir::Operation *op) const {
    auto [start, size] = operandGroup(*spec, op, spec->interfaces.callArguments);
    return mlir::MutableOperandRange(op, start, size);
  }
  mlir::Operation *resolveCallableInTable(mlir::Operation *op,
                                          mlir::SymbolTableCollection *table) const {
    return mlir::call_interface_impl::resolveCallable(
        llvm::cast<mlir::CallOpInterface>(op), table);
  }
  mlir::Operation *resolveCallable(mlir::Operation *op) const {
    return mlir::call_interface_impl::resolveCallable(
        llvm::cast<mlir::CallOpInterface>(op));
  }
};

/// `CallableOpInterface`: a body region and a `FunctionType` attribute.
struct CallableModel
    : mlir::CallableOpInterface::FallbackModel<CallableModel> {
  const OpSpec *spec = modelSpec;
  mlir::FunctionType type(mlir::Operation *op) const {
    auto attr = op->getAttrOfType<mlir::TypeAttr>(
        spec->attributes[spec->interfaces.callableType].name);
    return attr ? llvm::dyn_cast<mlir::FunctionType>(attr.getValue())
                : mlir::FunctionType();
  }
  mlir::Region *getCallableRegion(mlir::Operation *op) const {
    mlir::Region &region = op->getRegion(spec->interfaces.callableRegion);
    return region.empty() ? nullptr : &region;
  }
  llvm::ArrayRef<mlir::Type> getArgumentTypes(mlir::Operation *op) const {
    mlir::FunctionType t = type(op);
    return t ? t.getInputs() : llvm::ArrayRef<mlir::Type>();
  }
  llvm::ArrayRef<mlir::Type> getResultTypes(mlir::Operation *op) const {
    mlir::FunctionType t = type(op);
    return t ? t.getResults() : llvm::ArrayRef<mlir::Type>();
  }
};

/// `CastOpInterface`: Rust says which casts are compatible. Its one method
/// is static (no op, no model state), so each cast op gets a model type of
/// its own: one of `kCastSlots` instantiations, each reading its slot (the
/// type-inference interface below shares the slots).
constexpr size_t kCastSlots = 64;
struct CastSlot {
  const OpSpec *spec;
  const MlirPassBridgeDialectSpec *dialect;
};
std::mutex castSlotsMutex;
CastSlot castSlots[kCastSlots];
size_t castSlotsUsed = 0;

bool castCompatible(const CastSlot &slot, mlir::TypeRange inputs,
                    mlir::TypeRange outputs) {
  llvm::SmallVector<MlirType, 2> in, out;
  for (mlir::Type t : inputs)
    in.push_back(wrap(t));
  for (mlir::Type t : outputs)
    out.push_back(wrap(t));
  return slot.dialect->callbacks.castCompatible(
      slot.spec->definition, in.data(), in.size(), out.data(), out.size());
}

template <size_t N>
struct CastModel : mlir::CastOpInterface::FallbackModel<CastModel<N>> {
  static bool areCastCompatible(mlir::TypeRange inputs,
                                mlir::TypeRange outputs) {
    return castCompatible(castSlots[N], inputs, outputs);
  }
};

template <size_t... N>
void insertCastModel(mlir::detail::InterfaceMap &map, size_t slot,
                     std::index_sequence<N...>) {
  ((slot == N ? map.insertModels<CastModel<N>>() : void()), ...);
}

/// `InferTypeOpInterface`, whose methods are static too: the same slots.
llvm::LogicalResult inferTypes(const CastSlot &slot, mlir::MLIRContext *context,
                               std::optional<mlir::Location> location,
                               mlir::ValueRange operands,
                               mlir::DictionaryAttr attributes,
                               llvm::SmallVectorImpl<mlir::Type> &types) {
  llvm::SmallVector<MlirValue, 4> raw;
  for (mlir::Value v : operands)
    raw.push_back(wrap(v));
  struct Out {
    llvm::SmallVectorImpl<mlir::Type> &types;
    std::string error;
  } out{types, {}};
  bool ok = slot.dialect->callbacks.inferTypes(
      slot.spec->definition, wrap(context),
      location ? wrap(*location) : MlirLocation{nullptr}, raw.data(),
      raw.size(), wrap(mlir::Attribute(attributes)),
      [](MlirType t, void *data) {
        static_cast<Out *>(data)->types.push_back(unwrap(t));
      },
      [](MlirStringRef message, void *data) {
        static_cast<Out *>(data)->error.append(message.data, message.length);
      },
      &out);
  if (ok)
    return mlir::success();
  return mlir::emitOptionalError(location, "'", slot.spec->name, "' op ",
                                 out.error);
}

template <size_t N>
struct InferTypeModel
    : mlir::InferTypeOpInterface::FallbackModel<InferTypeModel<N>> {
  static llvm::LogicalResult
  inferReturnTypes(mlir::MLIRContext *context,
                   std::optional<mlir::Location> location,
                   mlir::ValueRange operands, mlir::DictionaryAttr attributes,
                   mlir::OpaqueProperties, mlir::RegionRange,
                   llvm::SmallVectorImpl<mlir::Type> &types) {
    return inferTypes(castSlots[N], context, location, operands, attributes,
                      types);
  }
  static llvm::LogicalResult
  refineReturnTypes(mlir::MLIRContext *context,
                    std::optional<mlir::Location> location,
                    mlir::ValueRange operands, mlir::DictionaryAttr attributes,
                    mlir::OpaqueProperties properties, mlir::RegionRange regions,
                    llvm::SmallVectorImpl<mlir::Type> &returnTypes) {
    llvm::SmallVector<mlir::Type, 4> inferred;
    if (mlir::failed(inferReturnTypes(context, location, operands, attributes,
                                      properties, regions, inferred)))
      return mlir::failure();
    if (!isCompatibleReturnTypes(inferred, returnTypes))
      return mlir::emitOptionalError(
          location, "'", castSlots[N].spec->name, "' op inferred type(s) ",
          inferred, " are incompatible with return type(s) of operation ",
          returnTypes);
    return mlir::success();
  }
  static bool isCompatibleReturnTypes(mlir::TypeRange lhs,
                                      mlir::TypeRange rhs) {
    return lhs == rhs;
  }
};

template <size_t... N>
void insertInferTypeModel(mlir::detail::InterfaceMap &map, size_t slot,
                          std::index_sequence<N...>) {
  ((slot == N ? map.insertModels<InferTypeModel<N>>() : void()), ...);
}

/// Gives the op `spec` the models of its static interfaces (cast, type
/// inference); false when every slot is taken.
bool attachStaticModels(mlir::detail::InterfaceMap &map, const OpSpec &spec,
                        const MlirPassBridgeDialectSpec &dialect) {
  size_t slot;
  {
    std::lock_guard<std::mutex> lock(castSlotsMutex);
    for (slot = 0; slot < castSlotsUsed; ++slot)
      if (castSlots[slot].spec == &spec)
        break;
    if (slot == castSlotsUsed) {
      if (castSlotsUsed == kCastSlots)
        return false;
      castSlots[castSlotsUsed++] = CastSlot{&spec, &dialect};
    }
  }
  if (spec.interfaces.cast)
    insertCastModel(map, slot, std::make_index_sequence<kCastSlots>());
  if (spec.interfaces.inferTypes)
    insertInferTypeModel(map, slot, std::make_index_sequence<kCastSlots>());
  return true;
}

/// `OpState::printOpName` (protected): the op's name, without the default
/// dialect's prefix where the printer elides it, as ODS ops print it.
struct OpNamePrinter : mlir::OpState {
  using mlir::OpState::printOpName;
};

class RustDialect;

//===----------------------------------------------------------------------===//
// The op model.
//===----------------------------------------------------------------------===//

class RustOpModel final : public mlir::OperationName::Impl {
public:
  RustOpModel(const OpSpec &spec, const MlirPassBridgeDialectSpec &dialectSpec,
              mlir::Dialect *dialect)
      : Impl(spec.name, dialect, spec.typeID, mlir::detail::InterfaceMap()),
        spec(spec), dialectSpec(dialectSpec) {
    auto add = [&](bool yes, mlir::TypeID id) {
      if (yes)
        traitIDs.push_back(id);
    };
    bool pure = spec.has(MlirPassBridgeOpTraitPure);
    add(spec.has(MlirPassBridgeOpTraitIsTerminator),
        mlir::TypeID::get<mlir::OpTrait::IsTerminator>());
    add(spec.has(MlirPassBridgeOpTraitNoTerminator),
        mlir::TypeID::get<mlir::OpTrait::NoTerminator>());
    add(spec.has(MlirPassBridgeOpTraitIsolatedFromAbove),
        mlir::TypeID::get<mlir::OpTrait::IsIsolatedFromAbove>());
    add(spec.has(MlirPassBridgeOpTraitSameOperandsAndResultType),
        mlir::TypeID::get<mlir::OpTrait::SameOperandsAndResultType>());
    add(spec.has(MlirPassBridgeOpTraitSameOperandsAndResultShape),
        mlir::TypeID::get<mlir::OpTrait::SameOperandsAndResultShape>());
    add(spec.has(MlirPassBridgeOpTraitSameTypeOperands),
        mlir::TypeID::get<mlir::OpTrait::SameTypeOperands>());
    add(spec.has(MlirPassBridgeOpTraitCommutative),
        mlir::TypeID::get<mlir::OpTrait::IsCommutative>());
    add(spec.has(MlirPassBridgeOpTraitConstantLike),
        mlir::TypeID::get<mlir::OpTrait::ConstantLike>());
    add(spec.has(MlirPassBridgeOpTraitSingleBlock),
        mlir::TypeID::get<mlir::OpTrait::SingleBlock>());
    add(spec.has(MlirPassBridgeOpTraitZeroRegions),
        mlir::TypeID::get<mlir::OpTrait::ZeroRegions>());
    add(spec.has(MlirPassBridgeOpTraitSymbolTable),
        mlir::TypeID::get<mlir::OpTrait::SymbolTable>());
    add(spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments),
        mlir::TypeID::get<mlir::OpTrait::AttrSizedOperandSegments>());
    add(spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments),
        mlir::TypeID::get<mlir::OpTrait::AttrSizedResultSegments>());
    add(spec.has(MlirPassBridgeOpTraitReturnLike),
        mlir::TypeID::get<mlir::OpTrait::ReturnLike>());
    add(pure || spec.has(MlirPassBridgeOpTraitAlwaysSpeculatable),
        mlir::TypeID::get<mlir::OpTrait::AlwaysSpeculatableImplTrait>());
    // Counts, as ODS adds them (ZeroOperands, OneResult...): some passes
    // ask for them.
    if (spec.results.empty())
      traitIDs.push_back(mlir::TypeID::get<mlir::OpTrait::ZeroResults>());
    else if (spec.results.size() == 1 &&
             spec.results[0] == MlirPassBridgeAritySingle)
      traitIDs.push_back(mlir::TypeID::get<mlir::OpTrait::OneResult>());
    if (spec.numSuccessors == 0 && !spec.variadicSuccessors)
      traitIDs.push_back(mlir::TypeID::get<mlir::OpTrait::ZeroSuccessors>());

    modelSpec = &spec;
    modelDialect = &dialectSpec;
    if (spec.has(MlirPassBridgeOpTraitSymbol))
      getInterfaceMap().insertModels<SymbolModel>();
    if (spec.interfaces.callCallee >= 0 || spec.interfaces.callableRegion >= 0)
      getInterfaceMap().insertModels<ArgAndResultAttrsModel>();
    if (spec.interfaces.callCallee >= 0)
      getInterfaceMap().insertModels<CallModel>();
    if (spec.interfaces.callableRegion >= 0)
      getInterfaceMap().insertModels<CallableModel>();
    if ((spec.interfaces.cast || spec.interfaces.inferTypes) &&
        !attachStaticModels(getInterfaceMap(), spec, dialectSpec))
      llvm::errs() << "mlir-pass: error: '" << spec.name
                   << "' is not given CastOpInterface or InferTypeOpInterface: "
                      "a process holds at most "
                   << kCastSlots << " Rust ops with those\n";
    modelSpec = nullptr;
    modelDialect = nullptr;
    if (pure || spec.has(MlirPassBridgeOpTraitNoMemoryEffect))
      getInterfaceMap().insertModels<NoEffects>();
    if (pure || spec.has(MlirPassBridgeOpTraitAlwaysSpeculatable))
      getInterfaceMap().insertModels<AlwaysSpeculatable>();
  }

  const OpSpec &getSpec() const { return spec; }

  /// Defaults of the op's attributes, parsed in this context.
  void parseDefaults(mlir::MLIRContext *context) {
    for (const AttributeSpec &attr : spec.attributes) {
      mlir::Attribute parsed;
      if (!attr.defaultValue.empty())
        parsed = mlir::parseAttribute(attr.defaultValue, context);
      defaults.push_back(parsed);
    }
  }

  //===--------------------------------------------------------------------===//
  // Folding and canonicalization.
  //===--------------------------------------------------------------------===//

  llvm::LogicalResult
  foldHook(mlir::Operation *op, llvm::ArrayRef<mlir::Attribute> operands,
           llvm::SmallVectorImpl<mlir::OpFoldResult> &results) final {
    // The op's folder first, then its traits' folds, as ODS's fold hook.
    if (mlir::succeeded(rustFold(op, operands, results)))
      return mlir::success();
    if (spec.has(MlirPassBridgeOpTraitCommutative))
      return mlir::OpTrait::impl::foldCommutative(op, operands, results);
    // `CastOpInterface`'s trait fold: a cast to the type it already has
    // folds to its input (ODS's `foldCastInterfaceOp`).
    if (spec.interfaces.cast)
      return mlir::impl::foldCastInterfaceOp(op, operands, results);
    return mlir::failure();
  }

  llvm::LogicalResult
  rustFold(mlir::Operation *op, llvm::ArrayRef<mlir::Attribute> operands,
           llvm::SmallVectorImpl<mlir::OpFoldResult> &results) {
    if (!spec.hasFolder)
      return mlir::failure();
    llvm::SmallVector<MlirAttribute, 4> raw;
    raw.reserve(operands.size());
    for (mlir::Attribute attr : operands)
      raw.push_back(wrap(attr));
    auto *out = reinterpret_cast<MlirPassBridgeFoldResults *>(&results);
    size_t before = results.size();
    bool folded = dialectSpec.callbacks.fold(spec.definition, wrap(op),
                                             raw.data(), raw.size(), out);
    if (!folded) {
      results.truncate(before);
      return mlir::failure();
    }
    return mlir::success();
  }

  void getCanonicalizationPatterns(mlir::RewritePatternSet &set,
                                   mlir::MLIRContext *context) final {
    if (spec.hasCanonicalizer)
      dialectSpec.callbacks.canonicalize(spec.definition, wrap(&set),
                                         wrap(context));
  }

  bool hasTrait(mlir::TypeID id) final {
    return llvm::is_contained(traitIDs, id);
  }

  //===--------------------------------------------------------------------===//
  // Syntax.
  //===--------------------------------------------------------------------===//

  mlir::OperationName::ParseAssemblyFn getParseAssemblyFn() final {
    return [this](mlir::OpAsmParser &parser,
                  mlir::OperationState &state) -> mlir::ParseResult {
      if (spec.hasCustomParser)
        return mlir_pass_bridge::parseWithRust(spec, dialectSpec, parser, state);
      if (spec.format.empty())
        return parser.emitError(parser.getNameLoc())
               << "'" << spec.name
               << "' has no custom assembly form: write it in the generic "
                  "form (\"" << spec.name << "\"(...) : (...) -> (...))";
      return mlir_pass_bridge::parseWithFormat(spec, parser, state);
    };
  }

  void populateDefaultAttrs(const mlir::OperationName &,
                            mlir::NamedAttrList &attrs) final {
    for (size_t i = 0; i < spec.attributes.size(); ++i)
      if (i < defaults.size() && defaults[i] &&
          !attrs.get(spec.attributes[i].name))
        attrs.set(spec.attributes[i].name, defaults[i]);
  }

  void printAssembly(mlir::Operation *op, mlir::OpAsmPrinter &printer,
                     llvm::StringRef defaultDialect) final {
    if (!spec.hasCustomPrinter && spec.format.empty()) {
      printer.printGenericOp(op);
      return;
    }
    OpNamePrinter::printOpName(op, printer, defaultDialect);
    if (spec.hasCustomPrinter)
      mlir_pass_bridge::printWithRust(spec, dialectSpec, op, printer);
    else if (spec.format.empty())
      printer.printGenericOp(op);
    else
      mlir_pass_bridge::printWithFormat(spec, op, printer);
  }

  //===--------------------------------------------------------------------===//
  // Verification: counts (MLIR's trait verifiers), then the constraints
  // (Rust), then the traits (MLIR's verifiers), then the op's verifier.
  //===--------------------------------------------------------------------===//

  llvm::LogicalResult verifyInvariants(mlir::Operation *op) final {
    namespace impl = mlir::OpTrait::impl;
    if (mlir::failed(verifyCounts(op)))
      return mlir::failure();
    if (!dialectSpec.callbacks.verify(spec.definition, wrap(op),
                                      MlirPassBridgeVerifyInvariants))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitIsTerminator) &&
        mlir::failed(impl::verifyIsTerminator(op)))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitSameTypeOperands) &&
        mlir::failed(impl::verifySameTypeOperands(op)))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitSameOperandsAndResultShape) &&
        mlir::failed(impl::verifySameOperandsAndResultShape(op)))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitSameOperandsAndResultType) &&
        mlir::failed(impl::verifySameOperandsAndResultType(op)))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitHasParent) && mlir::failed(verifyParent(op)))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitSingleBlock))
      for (mlir::Region &region : op->getRegions())
        if (!region.empty() && !region.hasOneBlock())
          return op->emitOpError("expects region #")
                 << region.getRegionNumber() << " to have 0 or 1 blocks";
    if (spec.has(MlirPassBridgeOpTraitSymbol) && mlir::failed(verifySymbol(op)))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitSymbolTable) &&
        mlir::failed(mlir::detail::verifySymbolTable(op)))
      return mlir::failure();
    // The interfaces' own verifiers, as ODS runs them.
    if (spec.interfaces.cast &&
        mlir::failed(mlir::impl::verifyCastInterfaceOp(op)))
      return mlir::failure();
    if (spec.interfaces.inferTypes &&
        mlir::failed(mlir::detail::verifyInferredResultTypes(op)))
      return mlir::failure();
    if (spec.hasVerifier &&
        !dialectSpec.callbacks.verify(spec.definition, wrap(op),
                                      MlirPassBridgeVerifyCustom))
      return mlir::failure();
    return mlir::success();
  }

  llvm::LogicalResult verifyRegionInvariants(mlir::Operation *op) final {
    if (spec.has(MlirPassBridgeOpTraitIsolatedFromAbove) &&
        mlir::failed(mlir::OpTrait::impl::verifyIsIsolatedFromAbove(op)))
      return mlir::failure();
    if (spec.hasRegionVerifier &&
        !dialectSpec.callbacks.verify(spec.definition, wrap(op),
                                      MlirPassBridgeVerifyRegions))
      return mlir::failure();
    return mlir::success();
  }

  //===--------------------------------------------------------------------===//
  // No properties: every attribute is in the dictionary.
  //===--------------------------------------------------------------------===//

  std::optional<mlir::Attribute> getInherentAttr(mlir::Operation *,
                                                 llvm::StringRef) final {
    return std::nullopt;
  }
  void setInherentAttr(mlir::Operation *, mlir::StringAttr,
                       mlir::Attribute) final {}
  void populateInherentAttrs(mlir::Operation *, mlir::NamedAttrList &) final {}
  llvm::LogicalResult
  verifyInherentAttrs(mlir::OperationName, mlir::NamedAttrList &,
                      llvm::function_ref<mlir::InFlightDiagnostic()>) final {
    return mlir::success();
  }
  int getOpPropertyByteSize() final { return 0; }
  void initProperties(mlir::OperationName, mlir::OpaqueProperties,
                      mlir::OpaqueProperties) final {}
  void deleteProperties(mlir::OpaqueProperties) final {}
  void populateDefaultProperties(mlir::OperationName,
                                 mlir::OpaqueProperties) final {}
  llvm::LogicalResult setPropertiesFromAttr(
      mlir::OperationName, mlir::OpaqueProperties, mlir::Attribute attr,
      llvm::function_ref<mlir::InFlightDiagnostic()> emitError) final {
    auto dict = llvm::dyn_cast_or_null<mlir::DictionaryAttr>(attr);
    if (attr && !(dict && dict.empty()))
      return emitError() << "'" << spec.name
                         << "' has no properties: give its attributes in the "
                            "attribute dictionary ({...}), not in <{...}>";
    return mlir::success();
  }
  mlir::Attribute getPropertiesAsAttr(mlir::Operation *) final { return {}; }
  void copyProperties(mlir::OpaqueProperties, mlir::OpaqueProperties) final {}
  bool compareProperties(mlir::OpaqueProperties,
                         mlir::OpaqueProperties) final {
    return true;
  }
  llvm::hash_code hashProperties(mlir::OpaqueProperties) final { return {}; }

private:
  /// The counts, with the count traits ODS gives an op (ZeroOperands,
  /// OneOperand, NOperands<n>, AtLeastNOperands<n>, and the same for
  /// results, regions and successors), so the messages are ODS's.
  llvm::LogicalResult verifyCounts(mlir::Operation *op) {
    namespace impl = mlir::OpTrait::impl;
    auto singles = [](const std::vector<MlirPassBridgeArity> &groups,
                      bool &exact) {
      unsigned n = 0;
      exact = true;
      for (MlirPassBridgeArity a : groups) {
        if (a == MlirPassBridgeAritySingle)
          ++n;
        else
          exact = false;
      }
      return n;
    };
    bool exact;
    unsigned n = singles(spec.operands, exact);
    if (mlir::failed(!exact    ? (n ? impl::verifyAtLeastNOperands(op, n)
                                    : mlir::success())
                     : n == 0 ? impl::verifyZeroOperands(op)
                     : n == 1 ? impl::verifyOneOperand(op)
                              : impl::verifyNOperands(op, n)))
      return mlir::failure();
    n = singles(spec.results, exact);
    if (mlir::failed(!exact    ? (n ? impl::verifyAtLeastNResults(op, n)
                                    : mlir::success())
                     : n == 0 ? impl::verifyZeroResults(op)
                     : n == 1 ? impl::verifyOneResult(op)
                              : impl::verifyNResults(op, n)))
      return mlir::failure();
    n = spec.numRegions;
    if (spec.variadicRegions)
      n -= 1;
    if (mlir::failed(spec.variadicRegions
                         ? (n ? impl::verifyAtLeastNRegions(op, n)
                              : mlir::success())
                     : n == 0 ? impl::verifyZeroRegions(op)
                     : n == 1 ? impl::verifyOneRegion(op)
                              : impl::verifyNRegions(op, n)))
      return mlir::failure();
    n = spec.numSuccessors;
    if (spec.variadicSuccessors)
      n -= 1;
    if (mlir::failed(spec.variadicSuccessors
                         ? (n ? impl::verifyAtLeastNSuccessors(op, n)
                              : mlir::success())
                     : n == 0 ? impl::verifyZeroSuccessors(op)
                     : n == 1 ? impl::verifyOneSuccessor(op)
                              : impl::verifyNSuccessors(op, n)))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments) &&
        mlir::failed(impl::verifyOperandSizeAttr(op, "operandSegmentSizes")))
      return mlir::failure();
    if (spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments) &&
        mlir::failed(impl::verifyResultSizeAttr(op, "resultSegmentSizes")))
      return mlir::failure();
    return mlir::success();
  }

  llvm::LogicalResult verifyParent(mlir::Operation *op) {
    mlir::Operation *parent = op->getParentOp();
    if (parent)
      for (const std::string &name : spec.parents)
        if (parent->getName().getStringRef() == name)
          return mlir::success();
    auto diag = op->emitOpError() << "expects parent op "
                                  << (spec.parents.size() > 1 ? "to be one of '"
                                                              : "'");
    llvm::interleave(spec.parents, diag, ", ");
    return diag << "'";
  }

  llvm::LogicalResult verifySymbol(mlir::Operation *op) {
    if (!op->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      return op->emitOpError() << "requires string attribute '"
                               << mlir::SymbolTable::getSymbolAttrName()
                               << "'";
    if (mlir::Attribute vis = op->getAttr(
            mlir::SymbolTable::getVisibilityAttrName())) {
      auto str = llvm::dyn_cast<mlir::StringAttr>(vis);
      if (!str || !llvm::is_contained(llvm::ArrayRef<llvm::StringRef>{
                                          "public", "private", "nested"},
                                      str.getValue()))
        return op->emitOpError()
               << "visibility expected to be one of [\"public\", "
                  "\"private\", \"nested\"], but got "
               << vis;
    }
    return mlir::success();
  }

  const OpSpec &spec;
  const MlirPassBridgeDialectSpec &dialectSpec;
  llvm::SmallVector<mlir::TypeID, 8> traitIDs;
  llvm::SmallVector<mlir::Attribute, 2> defaults;
};

//===----------------------------------------------------------------------===//
// The dialect.
//===----------------------------------------------------------------------===//

std::pair<unsigned, unsigned> operandGroup(const OpSpec &spec,
                                           mlir::Operation *op,
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

/// The inliner interface of a Rust dialect that asks for one: every op may
/// be inlined; a terminator's operands replace the call's results; callees
/// of more than one block are not inlined (the interface would have to
/// branch, with a dialect the context may not have loaded).
class RustInliner final : public mlir::DialectInlinerInterface {
public:
  RustInliner(mlir::Dialect *dialect, const MlirPassBridgeDialectSpec &spec)
      : DialectInlinerInterface(dialect), spec(spec) {}

  bool isLegalToInline(mlir::Operation *, mlir::Operation *callable,
                       bool) const final {
    auto callableOp = llvm::dyn_cast<mlir::CallableOpInterface>(callable);
    mlir::Region *body = callableOp ? callableOp.getCallableRegion() : nullptr;
    return !body || body->hasOneBlock();
  }
  bool isLegalToInline(mlir::Region *, mlir::Region *src, bool,
                       mlir::IRMapping &) const final {
    return src->hasOneBlock();
  }
  bool isLegalToInline(mlir::Operation *, mlir::Region *, bool,
                       mlir::IRMapping &) const final {
    return true;
  }
  void handleTerminator(mlir::Operation *op,
                        mlir::ValueRange valuesToRepl) const final {
    for (auto [value, replacement] :
         llvm::zip(valuesToRepl, op->getOperands()))
      value.replaceAllUsesWith(replacement);
  }
  mlir::Operation *materializeCallConversion(mlir::OpBuilder &builder,
                                             mlir::Value input,
                                             mlir::Type resultType,
                                             mlir::Location loc) const final {
    if (!spec.hasCallConversion)
      return nullptr;
    MlirOperation op = spec.callbacks.materializeCallConversion(
        spec.userData, wrap(builder.getContext()), wrap(input),
        wrap(resultType), wrap(loc));
    return mlirOperationIsNull(op) ? nullptr : builder.insert(unwrap(op));
  }

private:
  const MlirPassBridgeDialectSpec &spec;
};

class RustDialect final : public mlir::ExtensibleDialect {
public:
  RustDialect(mlir::MLIRContext *context,
              const MlirPassBridgeDialectSpec &spec)
      : ExtensibleDialect(spec.ns, context, spec.typeID), spec(spec) {
    for (const auto &[name, definition] : spec.types) {
      const void *def = definition;
      const MlirPassBridgeDialectSpec *dialectSpec = &spec;
      registerDynamicType(mlir::DynamicTypeDefinition::get(
          name, this,
          [def, dialectSpec](
              llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
              llvm::ArrayRef<mlir::Attribute> params) -> llvm::LogicalResult {
            std::string message;
            llvm::SmallVector<MlirAttribute, 4> raw;
            for (mlir::Attribute p : params)
              raw.push_back(wrap(p));
            if (dialectSpec->callbacks.verifyType(
                    def, raw.data(), raw.size(),
                    mlir_pass_bridge::appendToString, &message))
              return mlir::success();
            return emitError() << message;
          }));
    }
    for (MlirDialectHandle dependent : spec.dependents)
      mlirDialectHandleLoadDialect(dependent, wrap(context));
    for (const auto &op : spec.ops) {
      auto model = std::make_unique<RustOpModel>(*op, spec, this);
      model->parseDefaults(context);
      llvm::SmallVector<llvm::StringRef, 4> names;
      for (const AttributeSpec &attr : op->attributes)
        names.push_back(attr.name);
      mlir::RegisteredOperationName::insert(std::move(model), names);
    }
    if (spec.inliner)
      addInterface(std::make_unique<RustInliner>(this, spec));
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
    parser.emitError(loc) << "dialect '" << spec.ns << "' has no type '"
                          << name << "'";
    return {};
  }

  void printType(mlir::Type type,
                 mlir::DialectAsmPrinter &printer) const final {
    (void)printIfDynamicType(type, printer);
  }

  const MlirPassBridgeDialectSpec &spec;
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

mlir::Dialect *load(mlir::MLIRContext *context,
                    const MlirPassBridgeDialectSpec *spec) {
  if (mlir::Dialect *loaded = context->getLoadedDialect(spec->ns))
    return loaded->getTypeID() == spec->typeID ? loaded : nullptr;
  return context->getOrLoadDialect(spec->ns, spec->typeID,
                                   [&] { return construct(context, spec); });
}

/// The TypeIDs of every Rust dialect, to recognise their ops.
std::mutex rustDialectsMutex;
llvm::DenseSet<mlir::TypeID> &rustDialects() {
  static llvm::DenseSet<mlir::TypeID> ids;
  return ids;
}
} // namespace

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
    }
    copy->results.assign(op->resultArity, op->resultArity + op->numResults);
    for (intptr_t i = 0; i < op->numResults; ++i) {
      copy->resultNames.push_back(str(op->resultNames[i]));
      copy->resultBuildable.push_back(str(op->resultBuildable[i]));
    }
    for (intptr_t i = 0; i < op->numAttributes; ++i)
      copy->attributes.push_back(AttributeSpec{
          str(op->attributes[i].name), op->attributes[i].optional,
          op->attributes[i].defaultValue.data
              ? str(op->attributes[i].defaultValue)
              : std::string(),
          str(op->attributes[i].elidedType), op->attributes[i].kind});
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
    copy->hasVerifier = op->hasVerifier;
    copy->hasRegionVerifier = op->hasRegionVerifier;
    copy->hasFolder = op->hasFolder;
    copy->hasCanonicalizer = op->hasCanonicalizer;
    copy->interfaces = op->interfaces;
    copy->hasCustomParser = op->hasCustomParser;
    copy->hasCustomPrinter = op->hasCustomPrinter;
    spec->ops.push_back(std::move(copy));
    return true;
  });
}

bool mlirPassBridgeDialectSpecAddType(MlirPassBridgeDialectSpec *spec,
                                      const MlirPassBridgeTypeSpec *type) noexcept {
  return guarded(false, [&] {
    spec->types.emplace_back(std::string(type->name.data, type->name.length),
                             type->definition);
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
