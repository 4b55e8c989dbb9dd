// IR questions MLIR's C API cannot answer: diagnostics as `Operation` emits
// them, the integer of an `arith.constant`, and symbols
// (`SymbolOpInterface`, the `SymbolTable` trait, `SymbolTable::getSymbolUses`,
// `SymbolTableCollection`), so that Rust ports of upstream passes see the IR
// exactly as MLIR's passes do.
//
// Every trait or interface check runs inside libMLIR, or through a type with
// an explicit TypeID: a check compiled here against a TypeID that is only
// defined inline would compare with this library's own copy, which differs
// from libMLIR's in a plugin (a Rust cdylib keeps its C++ symbols local).

#include "bridge_support.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

using mlir_pass_bridge::guarded;

namespace {
/// The scalar attribute of `attr`, or of its splat; null for anything else.
template <typename ScalarAttr, typename ElementsAttr>
ScalarAttr scalarOrSplat(mlir::Attribute attr, bool &isSplat) {
  if (auto scalar = llvm::dyn_cast<ScalarAttr>(attr)) {
    isSplat = false;
    return scalar;
  }
  auto elements = llvm::dyn_cast<ElementsAttr>(attr);
  if (!elements || !elements.isSplat())
    return nullptr;
  isSplat = true;
  return elements.template getSplatValue<ScalarAttr>();
}

/// `SymbolOpInterface` with its lookup and its implementation reachable, so
/// that a symbol handle can keep the implementation and skip the lookup.
struct SymbolAccess : mlir::SymbolOpInterface {
  using mlir::SymbolOpInterface::getImpl;
  using mlir::SymbolOpInterface::getInterfaceFor;
};

using SymbolConcept = mlir::SymbolOpInterface::Concept;

/// The symbol a handle from `mlirPassBridgeSymbolCast` stands for.
mlir::SymbolOpInterface symbolOf(MlirPassBridgeSymbol symbol) {
  return mlir::SymbolOpInterface(
      unwrap(symbol.op), static_cast<const SymbolConcept *>(symbol.concept));
}

MlirPassBridgeVisibility visibilityToC(mlir::SymbolTable::Visibility value) {
  switch (value) {
  case mlir::SymbolTable::Visibility::Public:
    return MlirPassBridgeVisibilityPublic;
  case mlir::SymbolTable::Visibility::Private:
    return MlirPassBridgeVisibilityPrivate;
  case mlir::SymbolTable::Visibility::Nested:
    return MlirPassBridgeVisibilityNested;
  }
  return MlirPassBridgeVisibilityNotASymbol;
}

/// The visibility `visibility` names; false for "not a symbol" or a value
/// out of the enum.
bool visibilityFromC(MlirPassBridgeVisibility visibility,
                     mlir::SymbolTable::Visibility &value) {
  switch (visibility) {
  case MlirPassBridgeVisibilityPublic:
    value = mlir::SymbolTable::Visibility::Public;
    return true;
  case MlirPassBridgeVisibilityPrivate:
    value = mlir::SymbolTable::Visibility::Private;
    return true;
  case MlirPassBridgeVisibilityNested:
    value = mlir::SymbolTable::Visibility::Nested;
    return true;
  default:
    return false;
  }
}
} // namespace

extern "C" {

void mlirPassBridgeEmitError(MlirOperation op, MlirStringRef message) noexcept {
  guarded(0, [&] {
    unwrap(op)->emitError(unwrap(message));
    return 0;
  });
}

void mlirPassBridgeEmitOpError(MlirOperation op,
                               MlirStringRef message) noexcept {
  guarded(0, [&] {
    unwrap(op)->emitOpError(unwrap(message));
    return 0;
  });
}

namespace {
/// `op` (null or not) with its number of regions in `*numRegions`.
MlirOperation withRegions(mlir::Operation *op, intptr_t *numRegions) {
  *numRegions = op ? static_cast<intptr_t>(op->getNumRegions()) : 0;
  return wrap(op);
}
} // namespace

MlirOperation mlirPassBridgeOperationNextWithRegions(
    MlirOperation op, intptr_t *numRegions) noexcept {
  return withRegions(unwrap(op)->getNextNode(), numRegions);
}

MlirOperation mlirPassBridgeBlockEnter(MlirBlock block, MlirBlock *nextBlock,
                                       intptr_t *numRegions) noexcept {
  mlir::Block *body = unwrap(block);
  *nextBlock = wrap(body->getNextNode());
  return withRegions(body->empty() ? nullptr : &body->front(), numRegions);
}

MlirOperation mlirPassBridgeRegionEnter(MlirOperation op, intptr_t index,
                                        MlirBlock *block, MlirBlock *nextBlock,
                                        intptr_t *numRegions) noexcept {
  mlir::Region &region = unwrap(op)->getRegion(static_cast<unsigned>(index));
  if (region.empty()) {
    *block = MlirBlock{nullptr};
    *nextBlock = MlirBlock{nullptr};
    *numRegions = 0;
    return MlirOperation{nullptr};
  }
  *block = wrap(&region.front());
  return mlirPassBridgeBlockEnter(*block, nextBlock, numRegions);
}

MlirValue mlirPassBridgeOperationOperandOrNull(MlirOperation op,
                                                intptr_t index) noexcept {
  mlir::Operation *operation = unwrap(op);
  if (index < 0 ||
      static_cast<uintptr_t>(index) >= operation->getNumOperands())
    return MlirValue{nullptr};
  return wrap(operation->getOperand(static_cast<unsigned>(index)));
}

MlirValue mlirPassBridgeOperationResultOrNull(MlirOperation op,
                                               intptr_t index) noexcept {
  mlir::Operation *operation = unwrap(op);
  if (index < 0 || static_cast<uintptr_t>(index) >= operation->getNumResults())
    return MlirValue{nullptr};
  return wrap(operation->getResult(static_cast<unsigned>(index)));
}

// `arith::ConstantOp` has an explicit TypeID, so the cast works in a plugin.
bool mlirPassBridgeArithConstantInt(MlirValue value, int64_t *out) noexcept {
  auto constant = unwrap(value).getDefiningOp<mlir::arith::ConstantOp>();
  if (!constant)
    return false;
  auto attr = llvm::dyn_cast<mlir::IntegerAttr>(constant.getValue());
  if (!attr)
    return false;
  mlir::Type type = attr.getType();
  unsigned width;
  if (type.isIndex()) {
    width = 64;
  } else if (auto integer = llvm::dyn_cast<mlir::IntegerType>(type);
             integer && integer.isSignless() && integer.getWidth() <= 64) {
    width = integer.getWidth();
  } else {
    return false;
  }
  int64_t raw = attr.getValue().getSExtValue();
  *out = width == 1 ? (raw & 1) : raw;
  return true;
}

// `m_Constant` checks `hasTrait<OpTrait::ConstantLike>()` in this file. The
// trait's TypeID is implicit: resolved by the type's name, which is why the
// bridge is compiled with Clang, as libMLIR is (GCC spells the name
// differently, and the check would fail inside a plugin).
bool mlirPassBridgeMatchConstant(MlirValue value, MlirAttribute *out) noexcept {
  return guarded(false, [&] {
    mlir::Attribute attr;
    if (!mlir::matchPattern(unwrap(value), mlir::m_Constant(&attr)) || !attr)
      return false;
    *out = wrap(attr);
    return true;
  });
}


bool mlirPassBridgeMatchConstantInt(MlirValue value,
                                    MlirPassBridgeIntConstant *out) noexcept {
  return guarded(false, [&] {
    mlir::Attribute attr;
    if (!mlir::matchPattern(unwrap(value), mlir::m_Constant(&attr)) || !attr)
      return false;
    bool isSplat = false;
    auto integer = scalarOrSplat<mlir::IntegerAttr, mlir::DenseIntElementsAttr>(
        attr, isSplat);
    if (!integer)
      return false;
    mlir::Type type = integer.getType();
    const llvm::APInt &bits = integer.getValue();
    out->elementType = wrap(type);
    out->width = bits.getBitWidth();
    out->isSplat = isSplat;
    out->fitsSigned = bits.getSignificantBits() <= 64;
    out->fitsUnsigned = bits.getActiveBits() <= 64;
    out->sext = out->fitsSigned ? bits.getSExtValue() : 0;
    out->zext = out->fitsUnsigned ? bits.getZExtValue() : 0;
    return true;
  });
}

bool mlirPassBridgeMatchConstantFloat(MlirValue value,
                                      MlirPassBridgeFloatConstant *out) noexcept {
  return guarded(false, [&] {
    mlir::Attribute attr;
    if (!mlir::matchPattern(unwrap(value), mlir::m_Constant(&attr)) || !attr)
      return false;
    bool isSplat = false;
    auto floating = scalarOrSplat<mlir::FloatAttr, mlir::DenseFPElementsAttr>(
        attr, isSplat);
    if (!floating)
      return false;
    llvm::APFloat number = floating.getValue();
    bool losesInfo = false;
    number.convert(llvm::APFloat::IEEEdouble(),
                   llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    out->elementType = wrap(floating.getType());
    out->width = llvm::APFloat::getSizeInBits(floating.getValue().getSemantics());
    out->isSplat = isSplat;
    out->isExact = !losesInfo;
    out->value = number.convertToDouble();
    return true;
  });
}

MlirPassBridgeOpNameStatus
mlirPassBridgeLookupOpName(MlirContext context, MlirStringRef name,
                           MlirStringCallback dialectOps,
                           void *userData) noexcept {
  mlir::MLIRContext *ctx = unwrap(context);
  llvm::StringRef opName = unwrap(name);
  if (mlir::RegisteredOperationName::lookup(opName, ctx))
    return MlirPassBridgeOpNameRegistered;
  llvm::StringRef dialect = opName.split('.').first;
  if (!ctx->getLoadedDialect(dialect))
    return MlirPassBridgeOpNameDialectNotLoaded;
  if (dialectOps)
    guarded(0, [&] {
      for (mlir::RegisteredOperationName op : ctx->getRegisteredOperations())
        if (op.getDialectNamespace() == dialect)
          dialectOps(wrap(op.getStringRef()), userData);
      return 0;
    });
  return MlirPassBridgeOpNameUnknown;
}

// Wider than 64 bits, `APInt` allocates: guarded.
bool mlirPassBridgeIntegerAttrValue(MlirAttribute attr, int64_t *out) noexcept {
  auto integer = llvm::dyn_cast<mlir::IntegerAttr>(unwrap(attr));
  if (!integer)
    return false;
  return guarded(false, [&] {
    mlir::Type type = integer.getType();
    const llvm::APInt value = integer.getValue();
    if (type.isUnsignedInteger() || type.isInteger(1)) {
      if (value.getActiveBits() > 63)
        return false;
      *out = static_cast<int64_t>(value.getZExtValue());
      return true;
    }
    if (value.getSignificantBits() > 64)
      return false;
    *out = value.getSExtValue();
    return true;
  });
}

bool mlirPassBridgeIsSymbol(MlirOperation op) noexcept {
  return llvm::isa<mlir::SymbolOpInterface>(unwrap(op));
}

// Asked through `getNearestSymbolTable`, which checks the trait inside
// libMLIR (`hasTrait<OpTrait::SymbolTable>()` compiled here would not work
// in a plugin, see above).
bool mlirPassBridgeIsSymbolTable(MlirOperation op) noexcept {
  mlir::Operation *operation = unwrap(op);
  return mlir::SymbolTable::getNearestSymbolTable(operation) == operation;
}

bool mlirPassBridgeSymbolCanDiscardOnUseEmpty(MlirOperation op) noexcept {
  auto symbol = llvm::dyn_cast<mlir::SymbolOpInterface>(unwrap(op));
  return symbol && symbol.canDiscardOnUseEmpty();
}

// What `SymbolOpInterface::classof` does, keeping the implementation it
// finds: the lookup, then the check that an optional symbol has a name.
MlirPassBridgeSymbol mlirPassBridgeSymbolCast(MlirOperation op) noexcept {
  mlir::Operation *operation = unwrap(op);
  const SymbolConcept *concept = SymbolAccess::getInterfaceFor(operation);
  if (concept &&
      !operation->hasAttr(mlir::SymbolTable::getSymbolAttrName()))
    concept = nullptr;
  return MlirPassBridgeSymbol{op, concept};
}

bool mlirPassBridgeSymbolGetName(MlirPassBridgeSymbol symbol,
                                 MlirStringRef *name) noexcept {
  mlir::StringAttr attr = symbolOf(symbol).getNameAttr();
  if (!attr)
    return false;
  *name = wrap(attr.getValue());
  return true;
}

MlirAttribute mlirPassBridgeSymbolGetNameAttr(MlirPassBridgeSymbol symbol) noexcept {
  return wrap(static_cast<mlir::Attribute>(symbolOf(symbol).getNameAttr()));
}

MlirPassBridgeVisibility
mlirPassBridgeSymbolGetVisibility(MlirPassBridgeSymbol symbol) noexcept {
  return visibilityToC(symbolOf(symbol).getVisibility());
}

bool mlirPassBridgeSymbolSetVisibility(
    MlirPassBridgeSymbol symbol, MlirPassBridgeVisibility visibility) noexcept {
  mlir::SymbolTable::Visibility value;
  if (!visibilityFromC(visibility, value))
    return false;
  return guarded(false, [&] {
    symbolOf(symbol).setVisibility(value);
    return true;
  });
}

MlirPassBridgeQueryStatus
mlirPassBridgeSymbolUses(MlirOperation op,
                         MlirPassBridgeSymbolUseCallback callback,
                         void *userData) noexcept {
  if (!callback)
    return MlirPassBridgeQueryError;
  return guarded(MlirPassBridgeQueryError, [&] {
    std::optional<mlir::SymbolTable::UseRange> uses =
        mlir::SymbolTable::getSymbolUses(unwrap(op));
    if (!uses)
      return MlirPassBridgeQueryUnknown;
    for (const mlir::SymbolTable::SymbolUse &use : *uses)
      callback(wrap(use.getUser()),
               wrap(static_cast<mlir::Attribute>(use.getSymbolRef())),
               userData);
    return MlirPassBridgeQueryOk;
  });
}

void *mlirPassBridgeSymbolTableCollectionCreate(void) noexcept {
  return guarded<void *>(nullptr,
                         [] { return new mlir::SymbolTableCollection(); });
}

void mlirPassBridgeSymbolTableCollectionDestroy(void *collection) noexcept {
  delete static_cast<mlir::SymbolTableCollection *>(collection);
}

MlirPassBridgeQueryStatus mlirPassBridgeLookupSymbolIn(
    void *collection, MlirOperation symbolTableOp, MlirAttribute symbolRef,
    MlirPassBridgeOperationCallback callback, void *userData) noexcept {
  if (!callback || !collection)
    return MlirPassBridgeQueryError;
  auto ref = llvm::dyn_cast<mlir::SymbolRefAttr>(unwrap(symbolRef));
  if (!ref)
    return MlirPassBridgeQueryUnknown;
  return guarded(MlirPassBridgeQueryError, [&] {
    llvm::SmallVector<mlir::Operation *, 4> resolved;
    if (mlir::failed(
            static_cast<mlir::SymbolTableCollection *>(collection)
                ->lookupSymbolIn(unwrap(symbolTableOp), ref, resolved)))
      return MlirPassBridgeQueryUnknown;
    for (mlir::Operation *op : resolved)
      callback(wrap(op), userData);
    return MlirPassBridgeQueryOk;
  });
}

} // extern "C"

//===-- arith's flag attributes --------------------------------------------===//

MlirAttribute mlirPassBridgeArithFlagsGet(MlirContext context, bool overflow,
                                          uint32_t flags) noexcept {
  return guarded(MlirAttribute{nullptr}, [&]() -> MlirAttribute {
    mlir::MLIRContext *ctx = unwrap(context);
    // A dialect attribute of a dialect that is not loaded cannot be made.
    if (!ctx->getLoadedDialect<mlir::arith::ArithDialect>())
      return MlirAttribute{nullptr};
    if (overflow)
      return wrap(mlir::arith::IntegerOverflowFlagsAttr::get(
          ctx, static_cast<mlir::arith::IntegerOverflowFlags>(flags)));
    return wrap(mlir::arith::FastMathFlagsAttr::get(
        ctx, static_cast<mlir::arith::FastMathFlags>(flags)));
  });
}

bool mlirPassBridgeArithFlagsValue(MlirAttribute attribute, bool overflow,
                                   uint32_t *flags) noexcept {
  return guarded(false, [&] {
    mlir::Attribute attr = unwrap(attribute);
    if (overflow) {
      auto typed = llvm::dyn_cast<mlir::arith::IntegerOverflowFlagsAttr>(attr);
      if (!typed)
        return false;
      *flags = static_cast<uint32_t>(typed.getValue());
      return true;
    }
    auto typed = llvm::dyn_cast<mlir::arith::FastMathFlagsAttr>(attr);
    if (!typed)
      return false;
    *flags = static_cast<uint32_t>(typed.getValue());
    return true;
  });
}
