// Analyses and interfaces for Rust ports of MLIR's transforms (CSE, LICM,
// dead-code removal): dominance (`DominanceInfo`, `PostDominanceInfo`), side
// effects (`isMemoryEffectFree`, `isOpTriviallyDead`, `wouldOpBeTriviallyDead`,
// `isSpeculatable`, `isPure`, `getEffectsRecursively`), `OperationEquivalence`
// as CSE uses it, traits, `LoopLikeOpInterface`, `RegionBranchOpInterface`,
// `ArithFastMathInterface`.
//
// Every answer that libMLIR exports a function for comes from that function.
// Trait checks (`hasTrait<...>()`) and interface casts are compiled here,
// with Clang as libMLIR is, so their implicit TypeIDs are libMLIR's: the
// probe tests check each answer in `mlir-pass-opt` and inside the stock
// `mlir-opt` with a plugin.
//
// Dominance queries refuse (`Outside`) anything not nested in the op the
// analysis was built on: a pass on one function must not make MLIR build
// trees for (and so read) a sibling function another thread is changing.

#include "bridge_support.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Compiler.h"

using mlir_pass_bridge::guarded;

namespace {
/// Whether `op` is `root` or nested in it.
bool within(mlir::Operation *root, mlir::Operation *op) {
  return root && op && root->isAncestor(op);
}

/// The pointer to `Block`'s private field that `Block::getParent()` returns
/// (`parentValidOpOrderPair`), named through an explicit instantiation: the
/// standard exempts the names in an explicit instantiation from access
/// checks ([temp.spec.general]/6), and the member's type and name are
/// checked by the compiler, so a change in MLIR's `Block` fails the build
/// instead of reading the wrong bytes.
struct BlockParentField {
  using type = llvm::PointerIntPair<mlir::Region *, 1, bool> mlir::Block::*;
  friend type member(BlockParentField);
};
template <typename Tag, typename Tag::type Member> struct ExposeMember {
  friend typename Tag::type member(Tag) { return Member; }
};
template struct ExposeMember<BlockParentField,
                             &mlir::Block::parentValidOpOrderPair>;

/// `block->getParentOp()`, inline. `Block::getParent()` is out of line in
/// libMLIR: calling it made every dominance query set up a stack frame
/// around its one call into MLIR (about 30 instructions of 270).
mlir::Operation *parentOp(mlir::Block *block) {
  mlir::Region *region = (block->*member(BlockParentField{})).getPointer();
  return region ? region->getParentOp() : nullptr;
}

/// The slow half of `strictlyWithin`: `parent` (not `root`) is `root` or
/// nested in it. Kept out of line so that the common case needs no frame.
[[gnu::noinline]] bool deeperWithin(mlir::Operation *root,
                                    mlir::Operation *parent) {
  return parent && root->isProperAncestor(parent);
}

/// Whether `op` is nested in `root`, strictly. An op directly in one of
/// `root`'s blocks (the common case for a pass on a function) is answered
/// from its block's parent, without the walk up the tree.
bool strictlyWithin(mlir::Operation *root, mlir::Operation *op) {
  if (!root || !op || !op->getBlock())
    return false;
  mlir::Operation *parent = parentOp(op->getBlock());
  return parent == root || deeperWithin(root, parent);
}

/// Whether `a` and `b` are both nested in `root`, strictly. Two ops of one
/// block (the common question: CSE and LICM compare neighbours) are checked
/// once: their block is nested in `root` (so neither is `root`) or it is
/// not, and the walk up to `root` is most of a query's cost beyond MLIR's
/// own answer.
bool bothStrictlyWithin(mlir::Operation *root, mlir::Operation *a,
                        mlir::Operation *b) {
  if (a && b && a->getBlock() && a->getBlock() == b->getBlock())
    return strictlyWithin(root, a);
  return strictlyWithin(root, a) && strictlyWithin(root, b);
}

bool blockWithin(mlir::Operation *root, mlir::Block *block) {
  return block && within(root, parentOp(block));
}

/// `a` (properly) dominates (post-dominates) `b`, for two ops inside the
/// analysis's root. No exception guard (no try/catch, so no frame of its
/// own): MLIR is built without exceptions, and the only one that can come
/// out of a query is `std::bad_alloc` from building a region's tree, on
/// which the `noexcept` of `mlirPassBridgeDominanceOps` terminates, as Rust
/// does when it runs out of memory. (That `noexcept` keeps the call into
/// MLIR a call, not a tail call: the terminate handler needs its frame.)
bool opDominates(void *info, bool post, mlir::Operation *a, mlir::Operation *b,
                 bool proper) {
  if (post) {
    auto &dom = *static_cast<mlir::PostDominanceInfo *>(info);
    return proper ? dom.properlyPostDominates(a, b) : dom.postDominates(a, b);
  }
  auto &dom = *static_cast<mlir::DominanceInfo *>(info);
  return proper ? dom.properlyDominates(a, b) : dom.dominates(a, b);
}

/// `mlirPassBridgeDominanceOps` past its fast path: any two ops, refused
/// (`*outside`) unless both are nested in `root`.
[[gnu::noinline]] bool opDominatesChecked(void *info, bool post,
                                          mlir::Operation *root,
                                          mlir::Operation *a,
                                          mlir::Operation *b, bool proper,
                                          bool *outside) {
  if (!info || !bothStrictlyWithin(root, a, b)) {
    *outside = true;
    return false;
  }
  return opDominates(info, post, a, b, proper);
}

MlirPassBridgeAnswer answer(bool yes) {
  return yes ? MlirPassBridgeAnswerYes : MlirPassBridgeAnswerNo;
}

template <typename Visit> auto withDominance(void *info, bool post, Visit &&visit) {
  if (post)
    return visit(*static_cast<mlir::PostDominanceInfo *>(info));
  return visit(*static_cast<mlir::DominanceInfo *>(info));
}

bool blockDominates(const mlir::DominanceInfo &info, mlir::Block *a,
                    mlir::Block *b, bool proper) {
  return proper ? info.properlyDominates(a, b) : info.dominates(a, b);
}
bool blockDominates(const mlir::PostDominanceInfo &info, mlir::Block *a,
                    mlir::Block *b, bool proper) {
  return proper ? info.properlyPostDominates(a, b) : info.postDominates(a, b);
}

MlirPassBridgeEffectKind effectKind(const mlir::MemoryEffects::EffectInstance &e) {
  mlir::MemoryEffects::Effect *effect = e.getEffect();
  if (llvm::isa<mlir::MemoryEffects::Allocate>(effect))
    return MlirPassBridgeEffectAllocate;
  if (llvm::isa<mlir::MemoryEffects::Free>(effect))
    return MlirPassBridgeEffectFree;
  if (llvm::isa<mlir::MemoryEffects::Read>(effect))
    return MlirPassBridgeEffectRead;
  return MlirPassBridgeEffectWrite;
}
} // namespace

extern "C" {

void *mlirPassBridgeDominanceCreate(MlirOperation op,
                                    bool postDominance) noexcept {
  return guarded<void *>(nullptr, [&]() -> void * {
    if (postDominance)
      return new mlir::PostDominanceInfo(unwrap(op));
    return new mlir::DominanceInfo(unwrap(op));
  });
}

void mlirPassBridgeDominanceDestroy(void *info, bool postDominance) noexcept {
  if (!info)
    return;
  if (postDominance)
    delete static_cast<mlir::PostDominanceInfo *>(info);
  else
    delete static_cast<mlir::DominanceInfo *>(info);
}

void mlirPassBridgeDominanceInvalidate(void *info, bool postDominance) noexcept {
  if (!info)
    return;
  withDominance(info, postDominance, [](auto &dom) {
    dom.invalidate();
    return 0;
  });
}

bool mlirPassBridgeDominanceOps(void *info, bool postDominance,
                                MlirOperation root, MlirOperation a,
                                MlirOperation b, bool proper,
                                bool *outside) noexcept {
  // The common question (CSE and LICM ask it of neighbours): two ops of one
  // block directly in `root`, answered with no call before MLIR's, so that
  // this function saves no registers around it.
  // (A null `root` cannot match: `parentOp` of a block in a region is not
  // null, and a block outside any region has no dominance to ask about.)
  mlir::Operation *r = unwrap(root), *x = unwrap(a), *y = unwrap(b);
  if (LLVM_LIKELY(x && y)) {
    mlir::Block *block = x->getBlock();
    if (LLVM_LIKELY(block && block == y->getBlock())) {
      mlir::Operation *parent = parentOp(block);
      if (LLVM_LIKELY(parent && parent == r && info))
        return opDominates(info, postDominance, x, y, proper);
    }
  }
  return opDominatesChecked(info, postDominance, r, x, y, proper, outside);
}

MlirPassBridgeAnswer mlirPassBridgeDominanceBlocks(void *info,
                                                   bool postDominance,
                                                   MlirOperation root,
                                                   MlirBlock a, MlirBlock b,
                                                   bool proper) noexcept {
  mlir::Operation *r = unwrap(root);
  if (!info || !blockWithin(r, unwrap(a)) || !blockWithin(r, unwrap(b)))
    return MlirPassBridgeAnswerOutside;
  return guarded(MlirPassBridgeAnswerOutside, [&] {
    return withDominance(info, postDominance, [&](auto &dom) {
      return answer(blockDominates(dom, unwrap(a), unwrap(b), proper));
    });
  });
}

MlirPassBridgeAnswer mlirPassBridgeDominanceValue(void *info,
                                                  MlirOperation root,
                                                  MlirValue value,
                                                  MlirOperation op,
                                                  bool proper) noexcept {
  mlir::Operation *r = unwrap(root);
  mlir::Value v = unwrap(value);
  if (!info || !v || !blockWithin(r, v.getParentBlock()) ||
      !strictlyWithin(r, unwrap(op)))
    return MlirPassBridgeAnswerOutside;
  return guarded(MlirPassBridgeAnswerOutside, [&] {
    auto &dom = *static_cast<mlir::DominanceInfo *>(info);
    return answer(proper ? dom.properlyDominates(v, unwrap(op))
                         : dom.dominates(v, unwrap(op)));
  });
}

MlirPassBridgeQueryStatus mlirPassBridgeDominanceChildren(
    void *info, bool postDominance, MlirOperation root, MlirBlock block,
    void (*callback)(MlirBlock child, void *userData), void *userData) noexcept {
  if (!info || !callback)
    return MlirPassBridgeQueryError;
  mlir::Block *b = unwrap(block);
  if (!blockWithin(unwrap(root), b))
    return MlirPassBridgeQueryUnknown;
  return guarded(MlirPassBridgeQueryError, [&] {
    // A single-block region has no tree (`getDomTree` asserts on it).
    if (b->getParent()->hasOneBlock())
      return MlirPassBridgeQueryOk;
    // A tree built before a block was erased still holds it: hand out only
    // blocks that are in the region now (compared by address, never read),
    // so a stale analysis cannot give Rust a dangling block.
    llvm::SmallPtrSet<mlir::Block *, 16> live;
    for (mlir::Block &inRegion : *b->getParent())
      live.insert(&inRegion);
    return withDominance(info, postDominance, [&](auto &dom) {
      if (auto *node = dom.getNode(b))
        for (auto *child : node->children())
          if (live.contains(child->getBlock()))
            callback(wrap(child->getBlock()), userData);
      return MlirPassBridgeQueryOk;
    });
  });
}

MlirPassBridgeAnswer mlirPassBridgeDominanceHasSSA(void *info,
                                                   MlirOperation root,
                                                   MlirRegion region) noexcept {
  mlir::Region *r = unwrap(region);
  if (!info || !r || !within(unwrap(root), r->getParentOp()))
    return MlirPassBridgeAnswerOutside;
  return guarded(MlirPassBridgeAnswerOutside, [&] {
    // An empty region (a declaration's) has no tree: MLIR's analysis would
    // try to build one and crash. What it caches is this (Dominance.cpp):
    // an unregistered op's regions are taken as graph regions.
    if (r->empty())
      return answer(r->getParentOp()->isRegistered() &&
                    mlir::mayHaveSSADominance(*r));
    return answer(static_cast<mlir::DominanceInfo *>(info)->hasSSADominance(r));
  });
}

bool mlirPassBridgeEffectQuery(MlirOperation op,
                               MlirPassBridgeEffectQuery query) noexcept {
  mlir::Operation *operation = unwrap(op);
  return guarded(false, [&] {
    switch (query) {
    case MlirPassBridgeEffectMemoryEffectFree:
      return mlir::isMemoryEffectFree(operation);
    case MlirPassBridgeEffectTriviallyDead:
      return mlir::isOpTriviallyDead(operation);
    case MlirPassBridgeEffectWouldBeTriviallyDead:
      return mlir::wouldOpBeTriviallyDead(operation);
    case MlirPassBridgeEffectSpeculatable:
      return mlir::isSpeculatable(operation);
    case MlirPassBridgeEffectPure:
      return mlir::isPure(operation);
    case MlirPassBridgeEffectOnlyReads: {
      auto iface = llvm::dyn_cast<mlir::MemoryEffectOpInterface>(operation);
      return iface && iface.onlyHasEffect<mlir::MemoryEffects::Read>();
    }
    case MlirPassBridgeEffectMayWrite: {
      auto effects = mlir::getEffectsRecursively(operation);
      return !effects ||
             llvm::any_of(*effects, [](const mlir::MemoryEffects::EffectInstance &e) {
               return llvm::isa<mlir::MemoryEffects::Write>(e.getEffect());
             });
    }
    }
    return false;
  });
}

MlirPassBridgeQueryStatus mlirPassBridgeEffects(
    MlirOperation op, bool recursive,
    void (*callback)(const MlirPassBridgeEffect *effect, void *userData),
    void *userData) noexcept {
  if (!callback)
    return MlirPassBridgeQueryError;
  return guarded(MlirPassBridgeQueryError, [&] {
    mlir::Operation *operation = unwrap(op);
    llvm::SmallVector<mlir::MemoryEffects::EffectInstance> effects;
    if (recursive) {
      auto all = mlir::getEffectsRecursively(operation);
      if (!all)
        return MlirPassBridgeQueryUnknown;
      effects = std::move(*all);
    } else {
      auto iface = llvm::dyn_cast<mlir::MemoryEffectOpInterface>(operation);
      if (!iface)
        return MlirPassBridgeQueryUnknown;
      iface.getEffects(effects);
    }
    for (const mlir::MemoryEffects::EffectInstance &e : effects) {
      MlirPassBridgeEffect out;
      out.kind = effectKind(e);
      out.value = wrap(e.getValue());
      mlir::SymbolRefAttr symbol = e.getSymbolRef();
      out.symbol = wrap(static_cast<mlir::Attribute>(symbol));
      out.resource = wrap(e.getResource()->getName());
      out.stage = e.getStage();
      out.onFullRegion = e.getEffectOnFullRegion();
      callback(&out, userData);
    }
    return MlirPassBridgeQueryOk;
  });
}

bool mlirPassBridgeHasTrait(MlirOperation op, MlirPassBridgeTrait trait) noexcept {
  mlir::Operation *operation = unwrap(op);
  switch (trait) {
  case MlirPassBridgeTraitIsTerminator:
    return operation->hasTrait<mlir::OpTrait::IsTerminator>();
  case MlirPassBridgeTraitIsIsolatedFromAbove:
    return operation->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>();
  case MlirPassBridgeTraitConstantLike:
    return operation->hasTrait<mlir::OpTrait::ConstantLike>();
  case MlirPassBridgeTraitIsCommutative:
    return operation->hasTrait<mlir::OpTrait::IsCommutative>();
  case MlirPassBridgeTraitHasRecursiveMemoryEffects:
    return operation->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>();
  }
  return false;
}

uint64_t mlirPassBridgeOperationHash(MlirOperation op) noexcept {
  return guarded<uint64_t>(0, [&] {
    return static_cast<uint64_t>(mlir::OperationEquivalence::computeHash(
        unwrap(op), mlir::OperationEquivalence::directHashValue,
        mlir::OperationEquivalence::ignoreHashValue,
        mlir::OperationEquivalence::IgnoreLocations));
  });
}

bool mlirPassBridgeOperationEquivalent(MlirOperation a, MlirOperation b) noexcept {
  return guarded(false, [&] {
    return mlir::OperationEquivalence::isEquivalentTo(
        unwrap(a), unwrap(b), mlir::OperationEquivalence::IgnoreLocations);
  });
}

bool mlirPassBridgeIsLoopLike(MlirOperation op) noexcept {
  return llvm::isa<mlir::LoopLikeOpInterface>(unwrap(op));
}

MlirPassBridgeQueryStatus mlirPassBridgeLoopRegions(
    MlirOperation op, void (*callback)(MlirRegion region, void *userData),
    void *userData) noexcept {
  if (!callback)
    return MlirPassBridgeQueryError;
  auto loop = llvm::dyn_cast<mlir::LoopLikeOpInterface>(unwrap(op));
  if (!loop)
    return MlirPassBridgeQueryUnknown;
  return guarded(MlirPassBridgeQueryError, [&] {
    for (mlir::Region *region : loop.getLoopRegions())
      callback(wrap(region), userData);
    return MlirPassBridgeQueryOk;
  });
}

MlirPassBridgeAnswer mlirPassBridgeLoopDefinedOutside(MlirOperation op,
                                                      MlirValue value) noexcept {
  auto loop = llvm::dyn_cast<mlir::LoopLikeOpInterface>(unwrap(op));
  if (!loop)
    return MlirPassBridgeAnswerOutside;
  return answer(loop.isDefinedOutsideOfLoop(unwrap(value)));
}

MlirPassBridgeAnswer
mlirPassBridgeLoopOperandsDefinedOutside(MlirOperation loop,
                                         MlirOperation op) noexcept {
  auto loopOp = llvm::dyn_cast<mlir::LoopLikeOpInterface>(unwrap(loop));
  if (!loopOp)
    return MlirPassBridgeAnswerOutside;
  return guarded(MlirPassBridgeAnswerOutside, [&] {
    return answer(llvm::all_of(unwrap(op)->getOperands(), [&](mlir::Value v) {
      return loopOp.isDefinedOutsideOfLoop(v);
    }));
  });
}

MlirPassBridgeQueryStatus mlirPassBridgeLoopMoveOut(MlirOperation loop,
                                                    MlirOperation inner) noexcept {
  auto loopOp = llvm::dyn_cast<mlir::LoopLikeOpInterface>(unwrap(loop));
  if (!loopOp)
    return MlirPassBridgeQueryUnknown;
  return guarded(MlirPassBridgeQueryError, [&] {
    loopOp.moveOutOfLoop(unwrap(inner));
    return MlirPassBridgeQueryOk;
  });
}

bool mlirPassBridgeIsRegionBranch(MlirOperation op) noexcept {
  return llvm::isa<mlir::RegionBranchOpInterface>(unwrap(op));
}

MlirPassBridgeQueryStatus mlirPassBridgeRegionSuccessors(
    MlirOperation op, intptr_t fromRegion,
    void (*callback)(intptr_t region, intptr_t numInputs, void *userData),
    void *userData) noexcept {
  if (!callback)
    return MlirPassBridgeQueryError;
  mlir::Operation *operation = unwrap(op);
  auto branch = llvm::dyn_cast<mlir::RegionBranchOpInterface>(operation);
  if (!branch)
    return MlirPassBridgeQueryUnknown;
  if (fromRegion >= static_cast<intptr_t>(operation->getNumRegions()))
    return MlirPassBridgeQueryUnknown;
  return guarded(MlirPassBridgeQueryError, [&] {
    llvm::SmallVector<mlir::RegionSuccessor> successors;
    if (fromRegion < 0)
      branch.getSuccessorRegions(mlir::RegionBranchPoint::parent(), successors);
    else
      branch.getSuccessorRegions(operation->getRegion(fromRegion), successors);
    for (const mlir::RegionSuccessor &successor : successors) {
      intptr_t region =
          successor.isParent()
              ? -1
              : static_cast<intptr_t>(successor.getSuccessor()->getRegionNumber());
      callback(region, successor.getSuccessorInputs().size(), userData);
    }
    return MlirPassBridgeQueryOk;
  });
}

bool mlirPassBridgeFastMath(MlirOperation op, MlirStringRef *name,
                            MlirAttribute *flags) noexcept {
  auto fastMath =
      llvm::dyn_cast<mlir::arith::ArithFastMathInterface>(unwrap(op));
  if (!fastMath)
    return false;
  return guarded(false, [&] {
    llvm::StringRef attrName = fastMath.getFastMathAttrName();
    *name = mlirStringRefCreate(attrName.data(), attrName.size());
    *flags = wrap(mlir::Attribute(fastMath.getFastMathFlagsAttr()));
    return true;
  });
}

bool mlirPassBridgeSymbolIsDeclaration(MlirOperation op) noexcept {
  auto symbol = llvm::dyn_cast<mlir::SymbolOpInterface>(unwrap(op));
  return symbol && symbol.isDeclaration();
}

bool mlirPassBridgeSymbolIsOptional(MlirOperation op) noexcept {
  auto symbol = llvm::dyn_cast<mlir::SymbolOpInterface>(unwrap(op));
  return symbol && symbol.isOptionalSymbol();
}

} // extern "C"
