// The C++ half of mlir-pass: what MLIR's C API cannot do from Rust.
//
// MLIR 22's C API can create an external pass but has no function to put a
// pass into MLIR's global registry, which is what the textual pipeline parser
// (`mlirParsePassPipeline`, `mlir-opt --pass-pipeline`) consults. This file
// registers each Rust pass as a *pass pipeline* entry whose builder calls back
// into Rust with the option text between the braces, then adds the resulting
// external pass to the pass manager being built. It also checks anchors before
// `OpPassManager::addPass`, whose mismatch handling is a fatal error.

#include "mlir-c/Pass.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <memory>
#include <string>

namespace {

/// Called with an error message; `userData` is a `std::string *`.
void appendToString(MlirStringRef message, void *userData) {
  static_cast<std::string *>(userData)->append(message.data, message.length);
}

/// Adds `pass` to `pm`, or explains why it does not fit there. Takes
/// ownership of `pass` in both cases.
bool addPassChecked(mlir::OpPassManager &pm, std::unique_ptr<mlir::Pass> pass,
                    std::string &error) {
  std::optional<llvm::StringRef> pmOp = pm.getOpName();
  std::optional<llvm::StringRef> passOp = pass->getOpName();
  if (pmOp && passOp && *pmOp != *passOp &&
      pm.getNesting() == mlir::OpPassManager::Nesting::Explicit) {
    // A Rust pass's argument carries its printed options after '{'.
    llvm::StringRef argument = pass->getArgument().split('{').first;
    error = ("pass '" + argument + "' runs on '" + *passOp +
             "' operations but was placed in a pass manager that runs on '" +
             *pmOp + "'; nest it, as in " + *pmOp + "(" + *passOp + "(" +
             argument + "))")
                .str();
    return false;
  }
  pm.addPass(std::move(pass));
  return true;
}

} // namespace

extern "C" {

/// Creates an `MlirPass` for the registered Rust pass `entry` from `options`.
/// Returns a null pass and reports a message through `onError` on failure.
typedef MlirPass (*MlirPassBridgeCreate)(const void *entry,
                                         MlirStringRef options,
                                         MlirStringCallback onError,
                                         void *errorUserData);

/// 0: `argument` is free; 1: a pass uses it; 2: a pass pipeline uses it.
int mlirPassBridgeLookup(MlirStringRef argument) {
  llvm::StringRef arg = unwrap(argument);
  if (mlir::PassInfo::lookup(arg))
    return 1;
  if (mlir::PassPipelineInfo::lookup(arg))
    return 2;
  return 0;
}

/// Registers a Rust pass in MLIR's global registry under `argument`. The
/// caller has checked with `mlirPassBridgeLookup` that the argument is free
/// (MLIR aborts on some duplicates). `entry` must live for the process.
void mlirPassBridgeRegister(MlirStringRef argument, MlirStringRef description,
                            MlirPassBridgeCreate create, const void *entry) {
  auto builder = [create, entry](
                     mlir::OpPassManager &pm, llvm::StringRef options,
                     llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)>
                         errorHandler) -> llvm::LogicalResult {
    std::string error;
    MlirPass pass = create(entry, wrap(options), appendToString, &error);
    if (!pass.ptr)
      return errorHandler(error);
    if (!addPassChecked(pm, std::unique_ptr<mlir::Pass>(unwrap(pass)), error))
      return errorHandler(error);
    return llvm::success();
  };
  // Options are parsed by the Rust side; there is no C++ option set to print.
  mlir::registerPassPipeline(unwrap(argument), unwrap(description), builder,
                             [](auto) {});
}

/// Builds the Rust pipeline `entry` into `pm` from `options`; returns false
/// and reports a message through `onError` on failure.
typedef bool (*MlirPassBridgeBuild)(const void *entry, MlirOpPassManager pm,
                                    MlirStringRef options,
                                    MlirStringCallback onError,
                                    void *errorUserData);

/// Registers a Rust pass pipeline in MLIR's global registry under
/// `argument` (checked free by the caller). `entry` must live for the process.
void mlirPassBridgeRegisterPipeline(MlirStringRef argument,
                                    MlirStringRef description,
                                    MlirPassBridgeBuild build,
                                    const void *entry) {
  auto builder = [build, entry](
                     mlir::OpPassManager &pm, llvm::StringRef options,
                     llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)>
                         errorHandler) -> llvm::LogicalResult {
    std::string error;
    if (!build(entry, wrap(&pm), wrap(options), appendToString, &error))
      return errorHandler(error);
    return llvm::success();
  };
  mlir::registerPassPipeline(unwrap(argument), unwrap(description), builder,
                             [](auto) {});
}

/// Adds `pass` to `pm` (taking ownership) if its anchor fits; otherwise
/// destroys it and reports why through `onError`. Returns whether it was added.
bool mlirPassBridgeAddPass(MlirOpPassManager pm, MlirPass pass,
                           MlirStringCallback onError, void *errorUserData) {
  std::string error;
  if (addPassChecked(*unwrap(pm), std::unique_ptr<mlir::Pass>(unwrap(pass)),
                     error))
    return true;
  onError(wrap(llvm::StringRef(error)), errorUserData);
  return false;
}

/// Destroys a pass that no pass manager took.
void mlirPassBridgeDestroyPass(MlirPass pass) { delete unwrap(pass); }

} // extern "C"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

extern "C" {

/// Parses `source` into a module (wrapping top-level operations in an implicit
/// `builtin.module`, as `mlir-opt` does), naming it `sourceName` in locations.
/// Returns a null module and emits diagnostics on failure.
MlirModule mlirPassBridgeParseModule(MlirContext context, MlirStringRef source,
                                     MlirStringRef sourceName) {
  mlir::ParserConfig config(unwrap(context));
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(unwrap(source), config,
                                              unwrap(sourceName));
  return MlirModule{module.release().getOperation()};
}

} // extern "C"

// ---------------------------------------------------------------------------
// Symbols: what MLIR's C API lacks for passes that work on symbol tables.
// `SymbolOpInterface`, the `SymbolTable` trait and `SymbolTable::getSymbolUses`
// have no C functions; these thin wrappers give the Rust side the exact C++
// answers, so Rust ports of upstream passes see symbols as MLIR does.
// ---------------------------------------------------------------------------

#include "mlir/IR/SymbolTable.h"

extern "C" {

/// `Operation::emitError(message)`: an error at the op's location, with the
/// op attached as a note when the context says so (as MLIR's passes emit).
void mlirPassBridgeEmitError(MlirOperation op, MlirStringRef message) {
  unwrap(op)->emitError(unwrap(message));
}

/// `Operation::emitOpError(message)`: as above, prefixed with "'name' op ".
void mlirPassBridgeEmitOpError(MlirOperation op, MlirStringRef message) {
  unwrap(op)->emitOpError(unwrap(message));
}

/// Whether `op` implements `SymbolOpInterface`.
bool mlirPassBridgeIsSymbol(MlirOperation op) {
  return llvm::isa<mlir::SymbolOpInterface>(unwrap(op));
}

/// Whether `op` has the `SymbolTable` trait.
///
/// Asked through `SymbolTable::getNearestSymbolTable`, which runs the trait
/// check inside libMLIR: `hasTrait<OpTrait::SymbolTable>()` compiled here
/// would compare against this library's own copy of the trait's TypeID, which
/// differs from libMLIR's in a plugin (a Rust cdylib keeps its C++ symbols
/// local), so every op would look like no symbol table inside `mlir-opt`.
bool mlirPassBridgeIsSymbolTable(MlirOperation op) {
  mlir::Operation *operation = unwrap(op);
  return mlir::SymbolTable::getNearestSymbolTable(operation) == operation;
}

/// The visibility of a symbol op: 0 public, 1 private, 2 nested; -1 when `op`
/// is not a symbol.
int mlirPassBridgeSymbolVisibility(MlirOperation op) {
  auto symbol = llvm::dyn_cast<mlir::SymbolOpInterface>(unwrap(op));
  if (!symbol)
    return -1;
  return static_cast<int>(symbol.getVisibility());
}

/// Sets the visibility of a symbol op (0 public, 1 private, 2 nested).
/// Returns false when `op` is not a symbol.
bool mlirPassBridgeSetSymbolVisibility(MlirOperation op, int visibility) {
  auto symbol = llvm::dyn_cast<mlir::SymbolOpInterface>(unwrap(op));
  if (!symbol)
    return false;
  symbol.setVisibility(static_cast<mlir::SymbolTable::Visibility>(visibility));
  return true;
}

/// `SymbolOpInterface::canDiscardOnUseEmpty`; false when not a symbol.
bool mlirPassBridgeSymbolCanDiscardOnUseEmpty(MlirOperation op) {
  auto symbol = llvm::dyn_cast<mlir::SymbolOpInterface>(unwrap(op));
  return symbol && symbol.canDiscardOnUseEmpty();
}

/// The symbol's name attribute (a StringAttr); null when not a symbol.
MlirAttribute mlirPassBridgeSymbolName(MlirOperation op) {
  auto symbol = llvm::dyn_cast<mlir::SymbolOpInterface>(unwrap(op));
  if (!symbol)
    return MlirAttribute{nullptr};
  return wrap(static_cast<mlir::Attribute>(symbol.getNameAttr()));
}

typedef void (*MlirPassBridgeSymbolUseCallback)(MlirOperation user,
                                               MlirAttribute symbolRef,
                                               void *userData);

/// Calls `callback` for each symbol use held by `op` and the ops nested in
/// it, up to nested symbol tables (`SymbolTable::getSymbolUses(op)`).
/// Returns false, calling nothing, when `op` holds an unknown symbol table.
bool mlirPassBridgeSymbolUses(MlirOperation op,
                              MlirPassBridgeSymbolUseCallback callback,
                              void *userData) {
  std::optional<mlir::SymbolTable::UseRange> uses =
      mlir::SymbolTable::getSymbolUses(unwrap(op));
  if (!uses)
    return false;
  for (const mlir::SymbolTable::SymbolUse &use : *uses)
    callback(wrap(use.getUser()),
             wrap(static_cast<mlir::Attribute>(use.getSymbolRef())), userData);
  return true;
}

/// A `SymbolTableCollection`: a cache of symbol tables for repeated lookups.
void *mlirPassBridgeSymbolTableCollectionCreate() {
  return new mlir::SymbolTableCollection();
}

void mlirPassBridgeSymbolTableCollectionDestroy(void *collection) {
  delete static_cast<mlir::SymbolTableCollection *>(collection);
}

typedef void (*MlirPassBridgeOperationCallback)(MlirOperation op,
                                               void *userData);

/// Resolves `symbolRef` (a SymbolRefAttr, possibly nested) from the symbol
/// table `symbolTableOp`, calling `callback` with each op on its path.
/// Returns false when it does not resolve.
bool mlirPassBridgeLookupSymbolIn(void *collection, MlirOperation symbolTableOp,
                                  MlirAttribute symbolRef,
                                  MlirPassBridgeOperationCallback callback,
                                  void *userData) {
  auto ref = llvm::dyn_cast<mlir::SymbolRefAttr>(unwrap(symbolRef));
  if (!ref)
    return false;
  llvm::SmallVector<mlir::Operation *, 4> resolved;
  if (mlir::failed(static_cast<mlir::SymbolTableCollection *>(collection)
                       ->lookupSymbolIn(unwrap(symbolTableOp), ref, resolved)))
    return false;
  for (mlir::Operation *op : resolved)
    callback(wrap(op), userData);
  return true;
}

} // extern "C"

// ---------------------------------------------------------------------------
// Constants: one call where the C API needs a dozen.
// ---------------------------------------------------------------------------

#include "mlir/Dialect/Arith/IR/Arith.h"

extern "C" {

/// If `value` is the result of an `arith.constant` of a signless integer type
/// of at most 64 bits or `index`, stores its value in `*out` (sign-extended;
/// i1 true reads as 1) and returns true. (`arith::ConstantOp` has an explicit
/// TypeID, so the cast works inside a plugin too.)
bool mlirPassBridgeArithConstantInt(MlirValue value, int64_t *out) {
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

} // extern "C"
