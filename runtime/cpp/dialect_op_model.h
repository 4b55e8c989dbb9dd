// The op model of a Rust op (C++ only, included by dialect.cpp): an
// `OperationName::Impl` of our own, which answers traits from the op's
// declaration, attaches the interface models of dialect_models.h, keeps the
// inherent attributes as properties (dialect_properties.h), runs MLIR's
// trait verifiers and calls into Rust for constraints, custom verifiers,
// folders, canonicalization patterns and custom syntax.

#ifndef MLIR_PASS_DIALECT_OP_MODEL_H
#define MLIR_PASS_DIALECT_OP_MODEL_H

#include "dialect_asm_model.h"
#include "dialect_cf_models.h"
#include "dialect_iface_models.h"
#include "dialect_models.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

namespace mlir_pass_bridge {

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
    if (spec.interfaces.function)
      attachFunctionModel(getInterfaceMap());
    if ((spec.interfaces.cast || spec.interfaces.inferTypes) &&
        !attachStaticModels(getInterfaceMap(), spec, dialectSpec))
      llvm::errs() << "mlir-pass: error: '" << spec.name
                   << "' is not given CastOpInterface or InferTypeOpInterface: "
                      "a process holds at most "
                   << kCastSlots << " Rust ops with those\n";
    if (!attachOpAsmModel(getInterfaceMap(), spec, dialectSpec))
      llvm::errs() << "mlir-pass: error: '" << spec.name
                   << "' is not given its default dialect: a process holds "
                      "at most "
                   << kCastSlots
                   << " Rust ops with CastOpInterface, InferTypeOpInterface "
                      "or a default dialect\n";
    if (!attachInterfaceModels(getInterfaceMap(), spec))
      llvm::errs() << "mlir-pass: error: '" << spec.name
                   << "' is not given ArithFastMathInterface: a process "
                      "holds at most "
                   << kFastMathNames
                   << " names of fast-math flags attributes\n";
    attachControlFlowModels(getInterfaceMap(), spec);
    modelSpec = nullptr;
    modelDialect = nullptr;
    if (pure || spec.has(MlirPassBridgeOpTraitNoMemoryEffect))
      getInterfaceMap().insertModels<NoEffects>();
    if (pure || spec.has(MlirPassBridgeOpTraitAlwaysSpeculatable))
      getInterfaceMap().insertModels<AlwaysSpeculatable>();
    if (propertySlots(spec) != 0)
      getInterfaceMap().insertModels<PropertiesBytecode>();
    for (size_t i = spec.attributes.size(); i < propertySlots(spec); ++i)
      segmentZeros[i - spec.attributes.size()] = mlir::DenseI32ArrayAttr::get(
          dialect->getContext(),
          llvm::SmallVector<int32_t>(segmentGroups(spec, i), 0));
  }

  const OpSpec &getSpec() const { return spec; }

  /// The default of attribute `index`, as parsed in this context; null
  /// when it has none.
  mlir::Attribute getDefault(size_t index) const {
    return index < defaults.size() ? defaults[index] : mlir::Attribute();
  }

  /// Parses the defaults of the op's attributes in `context`, once the
  /// dialect is loaded (MLIR's diagnostics print attributes, which reads
  /// the context's dialects: a half-built one is a null pointer there).
  /// Returns what failed, naming the op, the attribute, the text and what
  /// MLIR's parser said; empty when every default parsed. The op then
  /// refuses to verify, with that message.
  const std::string &parseDefaults(mlir::MLIRContext *context) {
    if (declaredSlots(spec) > kMaxPropertySlots)
      defaultsError = "op '" + spec.name + "' has " +
                      std::to_string(spec.attributes.size()) +
                      " attributes: MLIR keeps at most " +
                      std::to_string(kMaxPropertySlots) +
                      " properties per op (segment sizes included)";
    for (const AttributeSpec &attr : spec.attributes) {
      mlir::Attribute parsed;
      if (!attr.defaultValue.empty()) {
        std::string said;
        mlir::ScopedDiagnosticHandler capture(
            context, [&](mlir::Diagnostic &d) {
              said += (said.empty() ? "" : "; ") + d.str();
              for (const mlir::Diagnostic &note : d.getNotes())
                said += " (" + note.str() + ")";
              return mlir::success();
            });
        // MLIR's lexer reads a NUL past the end of the text: a std::string
        // has one.
        const std::string &text = attr.defaultValue;
        parsed = mlir::parseAttribute(
            llvm::StringRef(text.c_str(), text.size()), context, mlir::Type(),
            /*numRead=*/nullptr, /*isKnownNullTerminated=*/true);
        if (!parsed)
          defaultsError += (defaultsError.empty() ? "" : "; ") +
                           ("op '" + spec.name + "', attribute '" + attr.name +
                            "': default `" + text +
                            "` does not parse: " + said);
      }
      defaults.push_back(parsed);
      names.push_back(mlir::StringAttr::get(context, attr.name));
    }
    return defaultsError;
  }

  //===--------------------------------------------------------------------===//
  // Folding and canonicalization.
  //===--------------------------------------------------------------------===//

  llvm::LogicalResult
  foldHook(mlir::Operation *op, llvm::ArrayRef<mlir::Attribute> operands,
           llvm::SmallVectorImpl<mlir::OpFoldResult> &results) final {
    if (spec.has(MlirPassBridgeOpTraitConstantLike))
      return foldConstant(op, operands, results);
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

  /// A `ConstantLike` op must fold to one attribute: MLIR's constant
  /// matchers (`m_Constant`, which the greedy driver runs on every op) take
  /// the first fold result as an attribute without checking, and C++ only
  /// asserts it in a debug build. A Rust folder that does otherwise (no
  /// result, a value, a panic) is an error at the op that fails the running
  /// pass, and the fold answers a distinct attribute that no constant equals
  /// (no two such ops are merged), so that MLIR reads something defined.
  llvm::LogicalResult
  foldConstant(mlir::Operation *op, llvm::ArrayRef<mlir::Attribute> operands,
               llvm::SmallVectorImpl<mlir::OpFoldResult> &results) {
    size_t before = results.size();
    if (mlir::succeeded(rustFold(op, operands, results)) &&
        results.size() == before + 1 &&
        llvm::isa<mlir::Attribute>(results.back()))
      return mlir::success();
    results.truncate(before);
    // Once per op in a row: the matchers fold the same op again and again.
    thread_local mlir::Operation *lastReported = nullptr;
    if (lastReported != op) {
      lastReported = op;
      op->emitOpError()
          << "is ConstantLike, but its folder did not fold it to one "
             "attribute: a constant's folder returns its value, always";
    }
    mlirPassBridgeFailRunningPass();
    results.push_back(mlir::DistinctAttr::create(
        mlir::UnitAttr::get(op->getContext())));
    return mlir::success();
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
    // By the names made once in this context (a name as text is made into
    // a `StringAttr` again on every `set`).
    for (size_t i = 0; i < spec.attributes.size(); ++i)
      if (i < defaults.size() && defaults[i] && !attrs.get(names[i]))
        attrs.set(names[i], defaults[i]);
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
    if (!defaultsError.empty())
      return op->emitOpError() << "cannot be used: " << defaultsError;
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
    if (spec.interfaces.function && mlir::failed(verifyFunction(op, spec)))
      return mlir::failure();
    if (spec.interfaces.cast &&
        mlir::failed(mlir::impl::verifyCastInterfaceOp(op)))
      return mlir::failure();
    if (spec.interfaces.inferTypes &&
        mlir::failed(mlir::detail::verifyInferredResultTypes(op)))
      return mlir::failure();
    if (spec.interfaces.branch) {
      auto branch = llvm::cast<mlir::BranchOpInterface>(op);
      for (unsigned i = 0, e = op->getNumSuccessors(); i != e; ++i)
        if (mlir::failed(mlir::detail::verifyBranchSuccessorOperands(
                op, i, branch.getSuccessorOperands(i))))
          return mlir::failure();
    }
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
    if (spec.interfaces.regionBranch &&
        mlir::failed(mlir::detail::verifyRegionBranchOpInterface(op)))
      return mlir::failure();
    if (spec.hasRegionVerifier &&
        !dialectSpec.callbacks.verify(spec.definition, wrap(op),
                                      MlirPassBridgeVerifyRegions))
      return mlir::failure();
    return mlir::success();
  }

  //===--------------------------------------------------------------------===//
  // Properties (dialect_properties.h): the inherent attributes, one slot
  // each, as ODS keeps them. An op's storage exists exactly when the op has
  // slots (MLIR allocates `getOpPropertyByteSize` bytes with every op of
  // this name, and runs `initProperties` on them before anything reads).
  //===--------------------------------------------------------------------===//

  std::optional<mlir::Attribute> getInherentAttr(mlir::Operation *op,
                                                 llvm::StringRef name) final {
    int slot = findSlot(spec, name);
    if (slot < 0)
      return std::nullopt;
    return slotsOf(op->getPropertiesStorage())[slot];
  }
  void setInherentAttr(mlir::Operation *op, mlir::StringAttr name,
                       mlir::Attribute value) final {
    setSlot(spec, op->getPropertiesStorage(), name.getValue(), value);
  }
  void populateInherentAttrs(mlir::Operation *op,
                             mlir::NamedAttrList &attrs) final {
    appendSlots(spec, op->getPropertiesStorage(), attrs);
  }
  /// The inherent attributes given in an attribute dictionary (the generic
  /// form without `<{...}>`, an `attr-dict`), checked against their
  /// constraints before the op exists, as ODS checks them: a value of the
  /// wrong kind would otherwise be dropped by `setInherentAttr`.
  llvm::LogicalResult verifyInherentAttrs(
      mlir::OperationName, mlir::NamedAttrList &attrs,
      llvm::function_ref<mlir::InFlightDiagnostic()> emitError) final {
    for (size_t i = 0; i < spec.attributes.size(); ++i) {
      mlir::Attribute value = attrs.get(spec.attributes[i].name);
      std::string message;
      if (value && !dialectSpec.callbacks.verifyAttribute(
                       spec.definition, static_cast<intptr_t>(i),
                       wrap(value), appendToString, &message))
        return emitError() << message;
    }
    return mlir::success();
  }
  int getOpPropertyByteSize() final {
    return static_cast<int>(propertySlots(spec) * sizeof(mlir::Attribute));
  }
  void initProperties(mlir::OperationName, mlir::OpaqueProperties storage,
                      mlir::OpaqueProperties init) final {
    initSlots(spec, storage, init, segmentZeros);
  }
  void deleteProperties(mlir::OpaqueProperties storage) final {
    destroySlots(spec, storage);
  }
  void populateDefaultProperties(mlir::OperationName,
                                 mlir::OpaqueProperties storage) final {
    for (size_t i = 0; i < propertySlots(spec) && i < defaults.size(); ++i)
      if (i < spec.attributes.size() && !slotsOf(storage)[i] && defaults[i])
        slotsOf(storage)[i] = defaults[i];
  }
  llvm::LogicalResult setPropertiesFromAttr(
      mlir::OperationName, mlir::OpaqueProperties storage, mlir::Attribute attr,
      llvm::function_ref<mlir::InFlightDiagnostic()> emitError) final {
    return setPropertiesFromDictionary(
        spec, propertySlots(spec) ? slotsOf(storage) : nullptr, attr,
        emitError);
  }
  mlir::Attribute getPropertiesAsAttr(mlir::Operation *op) final {
    if (propertySlots(spec) == 0)
      return {};
    return propertiesAsAttr(spec, op->getContext(),
                            slotsOf(op->getPropertiesStorage()));
  }
  void copyProperties(mlir::OpaqueProperties to,
                      mlir::OpaqueProperties from) final {
    for (size_t i = 0, n = propertySlots(spec); i < n; ++i)
      slotsOf(to)[i] = slotsOf(from)[i];
  }
  bool compareProperties(mlir::OpaqueProperties lhs,
                         mlir::OpaqueProperties rhs) final {
    for (size_t i = 0, n = propertySlots(spec); i < n; ++i)
      if (slotsOf(lhs)[i] != slotsOf(rhs)[i])
        return false;
    return true;
  }
  llvm::hash_code hashProperties(mlir::OpaqueProperties storage) final {
    size_t n = propertySlots(spec);
    if (n == 0)
      return {};
    return llvm::hash_combine_range(slotsOf(storage), slotsOf(storage) + n);
  }

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
  /// The attributes' names in this context, beside `defaults`.
  llvm::SmallVector<mlir::StringAttr, 2> names;
  /// The segment sizes a new op starts with (operands', results'), all zero.
  mlir::Attribute segmentZeros[2];
  /// Why a default did not parse; empty when they all did.
  std::string defaultsError;

public:
  /// The upstream attributes of this op printed stripped, in its context.
  mutable StrippedTextCache strippedTexts;
};

/// The models that ask (`PropertiesBytecode`) are attached to Rust ops
/// only, whose registered name is a `RustOpModel`.
inline const OpSpec *rustOpSpec(mlir::OperationName name) {
  std::optional<mlir::RegisteredOperationName> info = name.getRegisteredInfo();
  if (!info)
    return nullptr;
  return &static_cast<const RustOpModel *>(info->getAsOpaquePointer())
              ->getSpec();
}

//===----------------------------------------------------------------------===//

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_OP_MODEL_H
