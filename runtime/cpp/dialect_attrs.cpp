// The attributes of Rust dialects (and the syntax of their types): MLIR
// dynamic attributes (types) of the dialect, with their verifier, parser
// and printer in Rust; typed attributes; an attribute written without its
// name in an op's format; an attribute by name, parameters and definition.

#include "dialect_support.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

#include <mutex>

using mlir_pass_bridge::guarded;

namespace {

/// The attribute definition of `attr` when it is an attribute of a Rust
/// dialect, with that dialect's description.
std::pair<mlir::DynamicAttrDefinition *, const MlirPassBridgeDialectSpec *>
rustAttr(mlir::Attribute attr) {
  auto dynamic = llvm::dyn_cast_or_null<mlir::DynamicAttr>(attr);
  if (!dynamic)
    return {nullptr, nullptr};
  mlir::DynamicAttrDefinition *def = dynamic.getAttrDef();
  const MlirPassBridgeDialectSpec *spec =
      mlir_pass_bridge::rustDialectSpec(def->getDialect());
  if (!spec)
    return {nullptr, nullptr};
  return {def, spec};
}

/// The Rust definition of the attribute `name` of `spec`, if any.
const MlirPassBridgeDialectSpec::Def *
attrDef(const MlirPassBridgeDialectSpec &spec, llvm::StringRef name) {
  for (const auto &def : spec.attrs)
    if (def.name == name)
      return &def;
  return nullptr;
}

/// The Rust definition of `attr` when it is an attribute of a Rust dialect,
/// with that dialect's description; null otherwise.
std::pair<const MlirPassBridgeDialectSpec::Def *,
          const MlirPassBridgeDialectSpec *>
rustAttrDef(mlir::Attribute attr) {
  auto [def, spec] = rustAttr(attr);
  const MlirPassBridgeDialectSpec::Def *rust =
      def ? attrDef(*spec, def->getName()) : nullptr;
  return {rust, rust ? spec : nullptr};
}

/// The same for `type`, a type of a Rust dialect.
std::pair<const MlirPassBridgeDialectSpec::Def *,
          const MlirPassBridgeDialectSpec *>
rustTypeDef(mlir::Type type) {
  auto dynamic = llvm::dyn_cast_or_null<mlir::DynamicType>(type);
  if (!dynamic)
    return {nullptr, nullptr};
  mlir::DynamicTypeDefinition *def = dynamic.getTypeDef();
  const MlirPassBridgeDialectSpec *spec =
      mlir_pass_bridge::rustDialectSpec(def->getDialect());
  if (spec)
    for (const auto &rust : spec->types)
      if (rust.name == def->getName())
        return {&rust, spec};
  return {nullptr, nullptr};
}

} // namespace

namespace mlir_pass_bridge {

mlir::ParseResult parseDefaultBody(mlir::AsmParser &parser,
                                   llvm::SmallVectorImpl<mlir::Attribute> &params) {
  // MLIR's default for dynamic types and attributes: nothing, or
  // `<param, ...>` with each parameter an attribute.
  if (mlir::failed(parser.parseOptionalLess()))
    return mlir::success();
  if (mlir::succeeded(parser.parseOptionalGreater()))
    return mlir::success();
  if (mlir::failed(parser.parseCommaSeparatedList([&] {
        return parser.parseAttribute(params.emplace_back());
      })))
    return mlir::failure();
  return parser.parseGreater();
}

bool printRustAttrStripped(mlir::AsmPrinter &printer, mlir::Attribute attr) {
  auto [def, spec] = rustAttr(attr);
  if (!def)
    return false;
  // ODS's `printStrippedAttrOrType`: the attribute's alias when it has
  // one; its body otherwise, and the whole attribute when the body is
  // empty (`#ns.unit`, which nothing would be read back from).
  if (mlir::succeeded(printer.printAlias(attr)))
    return true;
  llvm::raw_ostream &os = printer.getStream();
  uint64_t before = os.tell();
  const MlirPassBridgeDialectSpec::Def *rust = attrDef(*spec, def->getName());
  auto params = llvm::cast<mlir::DynamicAttr>(attr).getParams();
  if (!rust || !rust->hasSyntax || !spec->syntax.print) {
    // MLIR's default body: `<param, ...>`.
    if (!params.empty()) {
      printer << '<';
      llvm::interleaveComma(params, printer, [&](mlir::Attribute p) {
        printer.printAttribute(p);
      });
      printer << '>';
    }
  } else {
    llvm::SmallVector<MlirAttribute, 4> raw;
    for (mlir::Attribute p : params)
      raw.push_back(wrap(p));
    MlirPassBridgeAsmPrinter p{printer};
    spec->syntax.print(rust->definition, false, attr.getAsOpaquePointer(),
                       raw.data(), raw.size(), &p);
  }
  if (os.tell() == before)
    printer.printAttribute(attr);
  return true;
}

mlir::ParseResult parseRustAttrStripped(mlir::AsmParser &parser,
                                        mlir::Dialect *dialect,
                                        const void *definition,
                                        mlir::Attribute &result) {
  const MlirPassBridgeDialectSpec *spec = rustDialectSpec(dialect);
  const MlirPassBridgeDialectSpec::Def *rust = nullptr;
  if (spec)
    for (const auto &def : spec->attrs)
      if (def.definition == definition)
        rust = &def;
  if (!rust)
    return parser.emitError(parser.getCurrentLocation(),
                            "the attribute's dialect is not loaded");
  // ODS's `parseCustomAttributeWithFallback<AttrT>`: `#...` is any
  // attribute, which must then be of this kind; otherwise the body,
  // without the name.
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (mlir::failed(parser.parseCustomAttributeWithFallback(
          result, mlir::Type(),
          [&](mlir::Attribute &out, mlir::Type type) -> mlir::ParseResult {
            out = parseRustAttrBody(parser, dialect, *spec, *rust, type);
            return mlir::success(static_cast<bool>(out));
          })))
    return mlir::failure();
  if (rustAttrDef(result).first != rust)
    return parser.emitError(loc, "invalid kind of attribute specified");
  return mlir::success();
}

mlir::Attribute parseRustAttrBody(mlir::AsmParser &parser,
                                  mlir::Dialect *dialect,
                                  const MlirPassBridgeDialectSpec &spec,
                                  const MlirPassBridgeDialectSpec::Def &rust,
                                  mlir::Type selfType) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::SmallVector<mlir::Attribute, 4> params;
  if (rust.hasSyntax && spec.syntax.parse) {
    MlirPassBridgeAsmParser p{parser, selfType};
    if (!spec.syntax.parse(
            rust.definition, false, &p,
            [](MlirAttribute param, void *list) {
              static_cast<llvm::SmallVector<mlir::Attribute, 4> *>(list)
                  ->push_back(unwrap(param));
            },
            &params))
      return {};
  } else if (mlir::failed(parseDefaultBody(parser, params))) {
    return {};
  }
  return getRustAttr([&] { return parser.emitError(loc); }, dialect,
                     rust.name, params);
}

mlir::Attribute
getRustAttr(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
            mlir::Dialect *dialect, llvm::StringRef name,
            llvm::ArrayRef<mlir::Attribute> params) {
  auto *extensible = llvm::dyn_cast_or_null<mlir::ExtensibleDialect>(dialect);
  mlir::DynamicAttrDefinition *def =
      extensible ? extensible->lookupAttrDefinition(name) : nullptr;
  if (!def) {
    (void)(emitError() << "dialect has no attribute '" << name << "'");
    return {};
  }
  return mlir::DynamicAttr::getChecked(emitError, def, params);
}

namespace {

/// `TypedAttr` for a typed attribute of a Rust dialect: its type is its
/// self-type parameter (a `TypeAttr`).
struct RustTypedAttrModel
    : public mlir::TypedAttr::FallbackModel<RustTypedAttrModel> {
  mlir::Type getType(mlir::Attribute attr) const {
    auto [rust, spec] = rustAttrDef(attr);
    if (rust && rust->selfType >= 0) {
      llvm::ArrayRef<mlir::Attribute> params =
          llvm::cast<mlir::DynamicAttr>(attr).getParams();
      if (static_cast<size_t>(rust->selfType) < params.size())
        if (auto type = llvm::dyn_cast<mlir::TypeAttr>(params[rust->selfType]))
          return type.getValue();
    }
    return mlir::NoneType::get(attr.getContext());
  }
};

/// A class for `attachInterface` whose TypeID is, for the duration of the
/// call, the dynamic attribute's: MLIR attaches an interface to a kind of
/// attribute by its class's TypeID, and a dynamic attribute has none.
struct TypedAttrSlot
    : public mlir::Attribute::AttrBase<TypedAttrSlot, mlir::Attribute,
                                       mlir::AttributeStorage> {
  using Base::Base;
  static constexpr llvm::StringLiteral name = "mlir_pass.typed_attr_slot";
  static mlir::TypeID resolveTypeID() {
    return mlir::TypeID::getFromOpaquePointer(current);
  }
  static inline std::mutex mutex;
  static inline const void *current = nullptr;
};

/// `VerifiableTensorEncoding` on an attribute of a Rust dialect: Rust's
/// `verify_encoding` says whether it may encode a tensor of this shape and
/// element type (MLIR asks when it builds or verifies the tensor type).
struct RustTensorEncodingModel
    : public mlir::VerifiableTensorEncoding::FallbackModel<
          RustTensorEncodingModel> {
  llvm::LogicalResult
  verifyEncoding(mlir::Attribute attr, llvm::ArrayRef<int64_t> shape,
                 mlir::Type elementType,
                 llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const {
    auto [rust, spec] = rustAttrDef(attr);
    if (!rust || !rust->verifiesEncoding || !spec->syntax.verifyEncoding)
      return mlir::success();
    std::string message;
    if (spec->syntax.verifyEncoding(
            rust->definition, wrap(attr), shape.data(),
            static_cast<intptr_t>(shape.size()), wrap(elementType),
            mlir_pass_bridge::appendToString, &message))
      return mlir::success();
    return emitError() << message;
  }
};

/// The same for a dynamic type: MLIR attaches a type interface by its
/// class's TypeID.
struct TypeSlot
    : public mlir::Type::TypeBase<TypeSlot, mlir::Type, mlir::TypeStorage> {
  using Base::Base;
  static constexpr llvm::StringLiteral name = "mlir_pass.type_slot";
  static mlir::TypeID resolveTypeID() {
    return mlir::TypeID::getFromOpaquePointer(current);
  }
  static inline std::mutex mutex;
  static inline const void *current = nullptr;
};

/// `MemRefElementTypeInterface` (a marker) on a type of a Rust dialect.
struct RustMemRefElementModel
    : public mlir::MemRefElementTypeInterface::FallbackModel<
          RustMemRefElementModel> {};

/// `VectorElementTypeInterface` (a marker) on a type of a Rust dialect.
struct RustVectorElementModel
    : public mlir::VectorElementTypeInterface::FallbackModel<
          RustVectorElementModel> {};

/// `OpAsmTypeInterface` on a type of a Rust dialect: its values are named
/// as the type declares (the printer then adds MLIR's `_N` suffixes).
struct RustOpAsmTypeModel
    : public mlir::OpAsmTypeInterface::FallbackModel<RustOpAsmTypeModel> {
  void getAsmName(mlir::Type type, mlir::OpAsmSetNameFn setName) const {
    auto [rust, spec] = rustTypeDef(type);
    if (!rust)
      return;
    if (!rust->asmName.empty()) {
      setName(rust->asmName);
      return;
    }
    // A name the type's Rust method gives; empty: none.
    if (!spec->syntax.typeAsmName)
      return;
    std::string name, message;
    if (!spec->syntax.typeAsmName(rust->definition, wrap(type),
                                  mlir_pass_bridge::appendToString, &name,
                                  mlir_pass_bridge::appendToString,
                                  &message)) {
      mlir::emitError(mlir::UnknownLoc::get(type.getContext()), message);
      return;
    }
    if (!name.empty())
      setName(name);
  }
  mlir::OpAsmAliasResult getAlias(mlir::Type, llvm::raw_ostream &) const {
    // Aliases come from the dialect's `OpAsmDialectInterface`.
    return mlir::OpAsmAliasResult::NoAlias;
  }
};

/// `DataLayoutTypeInterface` on a type of a Rust dialect: its size in bits
/// from Rust's `size_in_bits`, its alignments an integer's of that size
/// (the next power of two of its bytes), as MLIR's default layout aligns
/// integers. A panic in the hook is an error in the context's diagnostics
/// and the size 0: a data layout query cannot fail.
struct RustDataLayoutModel
    : public mlir::DataLayoutTypeInterface::FallbackModel<RustDataLayoutModel> {
  static uint64_t bits(mlir::Type type) {
    auto [rust, spec] = rustTypeDef(type);
    if (!rust || !spec->syntax.typeSizeInBits)
      return 0;
    uint64_t bits = 0;
    std::string message;
    if (spec->syntax.typeSizeInBits(rust->definition, wrap(type), &bits,
                                    mlir_pass_bridge::appendToString,
                                    &message))
      return bits;
    mlir::emitError(mlir::UnknownLoc::get(type.getContext()), message);
    return 0;
  }
  static uint64_t alignment(mlir::Type type) {
    return llvm::PowerOf2Ceil(
        std::max<uint64_t>(1, llvm::divideCeil(bits(type), 8)));
  }
  llvm::TypeSize getTypeSize(mlir::Type type, const mlir::DataLayout &,
                             mlir::DataLayoutEntryListRef) const {
    return llvm::TypeSize::getFixed(llvm::divideCeil(bits(type), 8));
  }
  llvm::TypeSize getTypeSizeInBits(mlir::Type type, const mlir::DataLayout &,
                                   mlir::DataLayoutEntryListRef) const {
    return llvm::TypeSize::getFixed(bits(type));
  }
  uint64_t getABIAlignment(mlir::Type type, const mlir::DataLayout &,
                           mlir::DataLayoutEntryListRef) const {
    return alignment(type);
  }
  uint64_t getPreferredAlignment(mlir::Type type, const mlir::DataLayout &,
                                 mlir::DataLayoutEntryListRef) const {
    return alignment(type);
  }
  std::optional<uint64_t> getIndexBitwidth(mlir::Type,
                                           const mlir::DataLayout &,
                                           mlir::DataLayoutEntryListRef) const {
    return std::nullopt;
  }
  bool areCompatible(mlir::Type, mlir::DataLayoutEntryListRef,
                     mlir::DataLayoutEntryListRef,
                     mlir::DataLayoutSpecInterface,
                     const mlir::DataLayoutIdentifiedEntryMap &) const {
    return true;
  }
  llvm::LogicalResult verifyEntries(mlir::Type, mlir::DataLayoutEntryListRef,
                                    mlir::Location) const {
    return mlir::success();
  }
};

/// Attaches the upstream interfaces `def` declares to its dynamic type,
/// whose TypeID is `typeID`.
void attachTypeInterfaces(mlir::MLIRContext &context, mlir::TypeID typeID,
                          const MlirPassBridgeDialectSpec::Def &def) {
  if (!def.interfaces)
    return;
  std::lock_guard<std::mutex> lock(TypeSlot::mutex);
  TypeSlot::current = typeID.getAsOpaquePointer();
  if (def.interfaces & MlirPassBridgeTypeInterfaceMemRefElement)
    TypeSlot::attachInterface<RustMemRefElementModel>(context);
  if (def.interfaces & MlirPassBridgeTypeInterfaceVectorElement)
    TypeSlot::attachInterface<RustVectorElementModel>(context);
  if (def.interfaces & MlirPassBridgeTypeInterfaceOpAsm)
    TypeSlot::attachInterface<RustOpAsmTypeModel>(context);
  if (def.interfaces & MlirPassBridgeTypeInterfaceDataLayout)
    TypeSlot::attachInterface<RustDataLayoutModel>(context);
}

/// A verifier calling `verify(definition, params...)` in Rust.
template <typename Verify>
auto verifierOf(const void *definition, Verify verify) {
  return [definition, verify](
             llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
             llvm::ArrayRef<mlir::Attribute> params) -> llvm::LogicalResult {
    std::string message;
    llvm::SmallVector<MlirAttribute, 4> raw;
    for (mlir::Attribute p : params)
      raw.push_back(wrap(p));
    if (verify(definition, raw.data(), raw.size(),
               mlir_pass_bridge::appendToString, &message))
      return mlir::success();
    return emitError() << message;
  };
}

/// The body's parser in Rust.
auto parserOf(const MlirPassBridgeDialectSpec &spec, const void *definition,
              bool isType) {
  return [&spec, definition, isType](
             mlir::AsmParser &parser,
             llvm::SmallVectorImpl<mlir::Attribute> &params) -> mlir::ParseResult {
    MlirPassBridgeAsmParser p{parser};
    return mlir::success(spec.syntax.parse(
        definition, isType, &p,
        [](MlirAttribute param, void *list) {
          static_cast<llvm::SmallVectorImpl<mlir::Attribute> *>(list)->push_back(
              unwrap(param));
        },
        &params));
  };
}

/// The body's printer in Rust, for the type or attribute `name` of
/// `dialect` (the printer gets its parameters; the type or attribute is
/// found again from them: it is uniqued).
auto printerOf(mlir::ExtensibleDialect *dialect,
               const MlirPassBridgeDialectSpec &spec, const std::string &name,
               const void *definition, bool isType) {
  return [dialect, &spec, name, definition,
          isType](mlir::AsmPrinter &printer,
                  llvm::ArrayRef<mlir::Attribute> params) {
    const void *self = nullptr;
    if (isType) {
      if (auto *def = dialect->lookupTypeDefinition(name))
        self = mlir::DynamicType::get(def, params).getAsOpaquePointer();
    } else if (auto *def = dialect->lookupAttrDefinition(name)) {
      self = mlir::DynamicAttr::get(def, params).getAsOpaquePointer();
    }
    llvm::SmallVector<MlirAttribute, 4> raw;
    for (mlir::Attribute p : params)
      raw.push_back(wrap(p));
    MlirPassBridgeAsmPrinter p{printer};
    spec.syntax.print(definition, isType, self, raw.data(), raw.size(), &p);
  };
}

} // namespace

void registerTypesAndAttrs(mlir::ExtensibleDialect *dialect,
                           const MlirPassBridgeDialectSpec &spec) {
  bool syntax = spec.syntax.parse && spec.syntax.print;
  for (const auto &def : spec.types) {
    auto verify = verifierOf(def.definition, spec.callbacks.verifyType);
    std::unique_ptr<mlir::DynamicTypeDefinition> type =
        def.hasSyntax && syntax
            ? mlir::DynamicTypeDefinition::get(
                  def.name, dialect, std::move(verify),
                  parserOf(spec, def.definition, true),
                  printerOf(dialect, spec, def.name, def.definition, true))
            : mlir::DynamicTypeDefinition::get(def.name, dialect,
                                               std::move(verify));
    mlir::TypeID typeID = type->getTypeID();
    dialect->registerDynamicType(std::move(type));
    attachTypeInterfaces(*dialect->getContext(), typeID, def);
  }
  if (!spec.syntax.verify)
    return;
  for (const auto &def : spec.attrs) {
    auto verify = verifierOf(def.definition, spec.syntax.verify);
    std::unique_ptr<mlir::DynamicAttrDefinition> attr =
        def.hasSyntax && syntax
            ? mlir::DynamicAttrDefinition::get(
                  def.name, dialect, std::move(verify),
                  parserOf(spec, def.definition, false),
                  printerOf(dialect, spec, def.name, def.definition, false))
            : mlir::DynamicAttrDefinition::get(def.name, dialect,
                                               std::move(verify));
    mlir::TypeID typeID = attr->getTypeID();
    dialect->registerDynamicAttr(std::move(attr));
    if (def.selfType >= 0 || def.verifiesEncoding) {
      // A typed attribute, a tensor encoding: `TypedAttr`,
      // `VerifiableTensorEncoding` added to its interface map, through a
      // class whose TypeID is this attribute's for the call.
      std::lock_guard<std::mutex> lock(TypedAttrSlot::mutex);
      TypedAttrSlot::current = typeID.getAsOpaquePointer();
      if (def.selfType >= 0)
        TypedAttrSlot::attachInterface<RustTypedAttrModel>(
            *dialect->getContext());
      if (def.verifiesEncoding)
        TypedAttrSlot::attachInterface<RustTensorEncodingModel>(
            *dialect->getContext());
    }
  }
}

} // namespace mlir_pass_bridge

extern "C" {

bool mlirPassBridgeAsmParseRustAttr(MlirPassBridgeAsmParser *parser,
                                    MlirStringRef ns, const void *definition,
                                    MlirAttribute *attr) noexcept {
  return guarded(false, [&] {
    mlir::Dialect *dialect =
        parser->parser.getContext()->getOrLoadDialect(unwrap(ns));
    mlir::Attribute result;
    if (mlir::failed(mlir_pass_bridge::parseRustAttrStripped(
            parser->parser, dialect, definition, result)))
      return false;
    *attr = wrap(result);
    return true;
  });
}

void mlirPassBridgeAsmPrintRustAttr(MlirPassBridgeAsmPrinter *printer,
                                    MlirAttribute attr) noexcept {
  guarded(0, [&] {
    if (!mlir_pass_bridge::printRustAttrStripped(printer->printer, unwrap(attr)))
      printer->printer.printAttribute(unwrap(attr));
    return 0;
  });
}

void mlirPassBridgeDialectSpecSetSyntax(
    MlirPassBridgeDialectSpec *spec,
    MlirPassBridgeSyntaxCallbacks callbacks) noexcept {
  spec->syntax = callbacks;
}

bool mlirPassBridgeDialectSpecAddAttr(MlirPassBridgeDialectSpec *spec,
                                      const MlirPassBridgeAttrSpec *attr) noexcept {
  return guarded(false, [&] {
    spec->attrs.push_back({std::string(attr->name.data, attr->name.length),
                           attr->definition, attr->hasSyntax,
                           attr->selfTypeParam, 0, std::string(),
                           attr->verifiesEncoding});
    return true;
  });
}

MlirAttribute mlirPassBridgeRustAttrGet(MlirContext context, MlirStringRef ns,
                                        MlirStringRef name,
                                        const MlirAttribute *params,
                                        intptr_t numParams,
                                        MlirStringCallback onError,
                                        void *userData) noexcept {
  return guarded(MlirAttribute{nullptr}, [&]() -> MlirAttribute {
    auto fail = [&](const std::string &message) {
      onError(wrap(llvm::StringRef(message)), userData);
      return MlirAttribute{nullptr};
    };
    mlir::MLIRContext *ctx = unwrap(context);
    mlir::Dialect *dialect = ctx->getLoadedDialect(unwrap(ns));
    if (!mlir_pass_bridge::rustDialectSpec(dialect))
      return fail("dialect '" + unwrap(ns).str() +
                  "' is not loaded in the context");
    llvm::SmallVector<mlir::Attribute, 4> list;
    for (intptr_t i = 0; i < numParams; ++i)
      list.push_back(unwrap(params[i]));
    // The verifier's diagnostic goes to `onError`, not to the context.
    std::string message;
    mlir::ScopedDiagnosticHandler handler(ctx, [&](mlir::Diagnostic &d) {
      message += d.str();
      return mlir::success();
    });
    mlir::Attribute attr = mlir_pass_bridge::getRustAttr(
        [&] { return mlir::emitError(mlir::UnknownLoc::get(ctx)); }, dialect,
        unwrap(name), list);
    if (!attr)
      return fail(message.empty() ? "the attribute was refused" : message);
    return wrap(attr);
  });
}

bool mlirPassBridgeRustAttrIs(MlirAttribute attr, MlirStringRef ns,
                              MlirStringRef name) noexcept {
  auto [def, spec] = rustAttr(unwrap(attr));
  return def && spec->ns == unwrap(ns) && def->getName() == unwrap(name);
}

intptr_t mlirPassBridgeRustAttrParams(MlirAttribute attr,
                                      const MlirAttribute **params) noexcept {
  auto dynamic = llvm::dyn_cast_or_null<mlir::DynamicAttr>(unwrap(attr));
  if (!dynamic)
    return 0;
  llvm::ArrayRef<mlir::Attribute> list = dynamic.getParams();
  // `MlirAttribute` wraps one pointer, as `mlir::Attribute` does.
  static_assert(sizeof(MlirAttribute) == sizeof(mlir::Attribute), "");
  *params = reinterpret_cast<const MlirAttribute *>(list.data());
  return list.size();
}

const void *mlirPassBridgeRustAttrDefinition(MlirAttribute attr) noexcept {
  auto [def, spec] = rustAttr(unwrap(attr));
  if (!def)
    return nullptr;
  const MlirPassBridgeDialectSpec::Def *rust = attrDef(*spec, def->getName());
  return rust ? rust->definition : nullptr;
}

} // extern "C"
