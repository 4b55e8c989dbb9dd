// Aliases of types and attributes for Rust dialects: an
// `OpAsmDialectInterface` whose `getAlias` asks the dialect's Rust hook
// (`mlir_pass::dialect::Alias`), as C++'s dialects answer it.

#include "dialect_support.h"

#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/OpImplementation.h"

#include "llvm/Support/raw_ostream.h"

using mlir_pass_bridge::guarded;

namespace {

/// The interface. It owns no memory: MLIR frees interface models without
/// running their destructors.
class RustAsmDialect final : public mlir::OpAsmDialectInterface {
public:
  RustAsmDialect(mlir::Dialect *dialect, const MlirPassBridgeDialectSpec &spec)
      : OpAsmDialectInterface(dialect), spec(&spec) {}

  AliasResult getAlias(mlir::Attribute attr,
                       llvm::raw_ostream &os) const final {
    const void *definition = nullptr;
    if (auto dynamic = llvm::dyn_cast<mlir::DynamicAttr>(attr)) {
      mlir::DynamicAttrDefinition *def = dynamic.getAttrDef();
      if (def->getDialect() == getDialect())
        definition = find(spec->attrs, def->getName());
    }
    return ask(wrap(attr), MlirType{nullptr}, definition, os);
  }

  AliasResult getAlias(mlir::Type type, llvm::raw_ostream &os) const final {
    const void *definition = nullptr;
    if (auto dynamic = llvm::dyn_cast<mlir::DynamicType>(type)) {
      mlir::DynamicTypeDefinition *def = dynamic.getTypeDef();
      if (def->getDialect() == getDialect())
        definition = find(spec->types, def->getName());
    }
    return ask(MlirAttribute{nullptr}, wrap(type), definition, os);
  }

private:
  static const void *
  find(const std::vector<MlirPassBridgeDialectSpec::Def> &defs,
       llvm::StringRef name) {
    for (const auto &def : defs)
      if (def.name == name)
        return def.definition;
    return nullptr;
  }

  AliasResult ask(MlirAttribute attr, MlirType type, const void *definition,
                  llvm::raw_ostream &os) const {
    std::string name;
    MlirPassBridgeAliasKind kind = spec->aliasHook(
        spec->userData, attr, type, definition,
        [](MlirStringRef text, void *data) {
          static_cast<std::string *>(data)->append(text.data, text.length);
        },
        &name);
    // MLIR asserts on an empty name: the hook checks names, and this is
    // the last guard.
    if (kind == MlirPassBridgeAliasNone || name.empty())
      return AliasResult::NoAlias;
    os << name;
    return kind == MlirPassBridgeAliasFinal ? AliasResult::FinalAlias
                                            : AliasResult::OverridableAlias;
  }

  /// The dialect's description, which lives as long as the process.
  const MlirPassBridgeDialectSpec *spec;
};

} // namespace

namespace mlir_pass_bridge {

void addAliasInterface(mlir::Dialect *dialect,
                       const MlirPassBridgeDialectSpec &spec) {
  if (!spec.aliasHook)
    return;
  dialect->addInterface(std::make_unique<RustAsmDialect>(dialect, spec));
}

} // namespace mlir_pass_bridge

extern "C" {

bool mlirPassBridgeDialectSpecSetAliasHook(MlirPassBridgeDialectSpec *spec,
                                           MlirPassBridgeAliasHook hook) noexcept {
  return guarded(false, [&] {
    spec->aliasHook = hook;
    return true;
  });
}

} // extern "C"
