// The properties of a Rust op (C++ only, included by dialect_models.h).
// MLIR 22's ODS keeps an op's inherent attributes in a storage of the op's
// own (its "properties") rather than in its attribute dictionary: the
// generic form prints them as `<{...}>`, `cse` compares them, bytecode
// writes them apart. A Rust op does the same. Its storage is one
// `mlir::Attribute` per declared attribute, in declaration order, then one
// per segment-sizes attribute its traits ask for (`operandSegmentSizes`,
// then `resultSegmentSizes`, as ODS keeps them). An op without either has
// no properties, as an ODS op without attributes.
//
// What reads and writes that storage is here, with ODS's messages; the op
// model (dialect_op_model.h) forwards MLIR's property hooks to it.

#ifndef MLIR_PASS_DIALECT_PROPERTIES_H
#define MLIR_PASS_DIALECT_PROPERTIES_H

#include "dialect_support.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir_pass_bridge {

/// The slots `spec`'s ops ask for.
inline size_t declaredSlots(const OpSpec &spec) {
  return spec.attributes.size() +
         spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments) +
         spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments);
}

/// The most slots an op can have: MLIR counts an op's property storage in
/// eight-byte words in one byte (`Operation::propertiesCapacity`).
inline constexpr size_t kMaxPropertySlots = 255;

/// How many attributes the property storage of `spec`'s ops holds: none
/// for an op that asks for more than MLIR can hold (its dialect then
/// refuses to load, see `RustOpModel::parseDefaults`).
inline size_t propertySlots(const OpSpec &spec) {
  size_t n = declaredSlots(spec);
  return n <= kMaxPropertySlots ? n : 0;
}

/// The groups a segment-sizes slot counts (0 for an attribute's slot).
inline size_t segmentGroups(const OpSpec &spec, size_t slot) {
  if (slot < spec.attributes.size())
    return 0;
  bool operands = spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments) &&
                  slot == spec.attributes.size();
  return operands ? spec.operands.size() : spec.results.size();
}

/// The name of slot `slot`.
inline llvm::StringRef slotName(const OpSpec &spec, size_t slot) {
  if (slot < spec.attributes.size())
    return spec.attributes[slot].name;
  bool operands = spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments) &&
                  slot == spec.attributes.size();
  return operands ? "operandSegmentSizes" : "resultSegmentSizes";
}

/// The slot holding the inherent attribute `name`, or -1.
inline int findSlot(const OpSpec &spec, llvm::StringRef name) {
  for (size_t i = 0, n = propertySlots(spec); i < n; ++i)
    if (slotName(spec, i) == name)
      return static_cast<int>(i);
  return -1;
}

/// The slots of an op's property storage.
inline mlir::Attribute *slotsOf(mlir::OpaqueProperties storage) {
  return storage.as<mlir::Attribute *>();
}

/// The inherent attribute `name` of an op not yet created (being parsed,
/// built or inferred): its slot when it has property storage, else its
/// entry in `attributes` (either may be null).
inline mlir::Attribute inherentOf(const OpSpec &spec,
                                  mlir::OpaqueProperties storage,
                                  mlir::DictionaryAttr attributes,
                                  llvm::StringRef name) {
  int slot = storage ? findSlot(spec, name) : -1;
  if (slot >= 0)
    return slotsOf(storage)[slot];
  return attributes ? attributes.get(name) : mlir::Attribute();
}

/// Starts an op's slots: `init`'s values, or none set (segment sizes:
/// `zeros`, as ODS's zero-filled arrays).
inline void initSlots(const OpSpec &spec, mlir::OpaqueProperties storage,
                      mlir::OpaqueProperties init,
                      const mlir::Attribute (&zeros)[2]) {
  size_t n = propertySlots(spec), attrs = spec.attributes.size();
  const mlir::Attribute *from = init ? slotsOf(init) : nullptr;
  for (size_t i = 0; i < n; ++i)
    new (&slotsOf(storage)[i]) mlir::Attribute(
        from ? from[i] : i < attrs ? mlir::Attribute() : zeros[i - attrs]);
}

/// Ends an op's slots.
inline void destroySlots(const OpSpec &spec, mlir::OpaqueProperties storage) {
  for (size_t i = 0, n = propertySlots(spec); i < n; ++i)
    slotsOf(storage)[i].~Attribute();
}

/// Appends the slots that are set to `attrs`.
inline void appendSlots(const OpSpec &spec, mlir::OpaqueProperties storage,
                        mlir::NamedAttrList &attrs) {
  for (size_t i = 0, n = propertySlots(spec); i < n; ++i)
    if (mlir::Attribute value = slotsOf(storage)[i])
      attrs.append(slotName(spec, i), value);
}

/// Whether slot `slot` may hold `attr`: ODS's `dyn_cast` to the
/// attribute's storage type (a segment-sizes slot: a `DenseI32ArrayAttr`
/// with one element per group).
inline bool slotAccepts(const OpSpec &spec, size_t slot, mlir::Attribute attr) {
  if (slot < spec.attributes.size())
    return attrFitsSpec(attr, spec.attributes[slot]);
  auto sizes = llvm::dyn_cast<mlir::DenseI32ArrayAttr>(attr);
  return sizes && static_cast<size_t>(sizes.size()) == segmentGroups(spec, slot);
}

/// ODS's `setInherentAttr`: a value of the wrong kind leaves the attribute
/// unset (a segment-sizes attribute unchanged), as `dyn_cast_or_null` does
/// there; a name that is not inherent is ignored.
inline void setSlot(const OpSpec &spec, mlir::OpaqueProperties storage,
                    llvm::StringRef name, mlir::Attribute value) {
  int slot = findSlot(spec, name);
  if (slot < 0)
    return;
  bool accepted = value && slotAccepts(spec, slot, value);
  if (static_cast<size_t>(slot) >= spec.attributes.size() && !accepted)
    return;
  slotsOf(storage)[slot] = accepted ? value : mlir::Attribute();
}

/// The properties as ODS's `getPropertiesAsAttr` gives them: a dictionary
/// of the slots that are set (sorted by name, as every dictionary), null
/// when none is.
inline mlir::Attribute propertiesAsAttr(const OpSpec &spec,
                                        mlir::MLIRContext *context,
                                        const mlir::Attribute *slots) {
  llvm::SmallVector<mlir::NamedAttribute, 4> set;
  for (size_t i = 0, n = propertySlots(spec); i < n; ++i)
    if (slots[i])
      set.emplace_back(mlir::StringAttr::get(context, slotName(spec, i)),
                       slots[i]);
  if (set.empty())
    return {};
  return mlir::DictionaryAttr::get(context, set);
}

/// ODS's `setPropertiesFromAttr`: each slot named in the dictionary `attr`
/// takes its value (other names are ignored; absent slots keep theirs),
/// with ODS's messages for a non-dictionary and a value of the wrong kind.
/// `emitError` may be null (`Operation::create` passes none): the failure
/// is then silent. `slots` is changed only when every value fits.
inline llvm::LogicalResult setPropertiesFromDictionary(
    const OpSpec &spec, mlir::Attribute *slots, mlir::Attribute attr,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError) {
  auto fail = [&]() -> std::optional<mlir::InFlightDiagnostic> {
    if (emitError)
      return emitError();
    return std::nullopt;
  };
  size_t n = propertySlots(spec);
  if (n == 0) {
    if (auto diag = fail())
      *diag << "this operation does not support properties";
    return mlir::failure();
  }
  auto dict = llvm::dyn_cast_or_null<mlir::DictionaryAttr>(attr);
  if (!dict) {
    if (auto diag = fail())
      *diag << "expected DictionaryAttr to set properties";
    return mlir::failure();
  }
  for (size_t i = 0; i < n; ++i) {
    mlir::Attribute value = dict.get(slotName(spec, i));
    if (!value || slotAccepts(spec, i, value))
      continue;
    if (auto diag = fail()) {
      if (i < spec.attributes.size())
        *diag << "Invalid attribute `" << slotName(spec, i)
              << "` in property conversion: " << value;
      else if (auto sizes = llvm::dyn_cast<mlir::DenseI32ArrayAttr>(value))
        *diag << "size mismatch in attribute conversion: " << sizes.size()
              << " vs " << segmentGroups(spec, i);
      else
        *diag << "expected DenseI32ArrayAttr for key `value`";
    }
    return mlir::failure();
  }
  for (size_t i = 0; i < n; ++i)
    if (mlir::Attribute value = dict.get(slotName(spec, i)))
      slots[i] = value;
  return mlir::success();
}

/// The Rust op whose registered name is `name` (defined with the op model).
const OpSpec *rustOpSpec(mlir::OperationName name);

/// `BytecodeOpInterface` of an op with properties (the bytecode writer
/// requires it of every registered op that has some), written and read as
/// ODS's `writeProperties`/`readProperties` do, so that the bytes are an
/// ODS op's: each attribute in declaration order (`writeAttribute` when it
/// is required, `writeOptionalAttribute` when it is optional or has a
/// default), the segment sizes as a `DenseI32ArrayAttr` first before
/// bytecode version 6 and as sparse arrays last from it. What is read is
/// checked and set through the operation state, as the generic form's
/// `<{...}>` is.
struct PropertiesBytecode
    : mlir::BytecodeOpInterface::FallbackModel<PropertiesBytecode> {
  /// The first bytecode version with native segment sizes
  /// (`kNativePropertiesODSSegmentSize`).
  static constexpr uint64_t kNativeSegmentSizes = 6;

  static bool required(const AttributeSpec &attr) {
    return !attr.optional && attr.defaultValue.empty();
  }

  static llvm::LogicalResult readProperties(mlir::DialectBytecodeReader &reader,
                                            mlir::OperationState &state) {
    const OpSpec *spec = rustOpSpec(state.name);
    if (!spec)
      return mlir::success();
    mlir::MLIRContext *context = state.getContext();
    size_t n = propertySlots(*spec), attrs = spec->attributes.size();
    llvm::SmallVector<mlir::Attribute, 4> slots(n);
    bool native = reader.getBytecodeVersion() >= kNativeSegmentSizes;
    for (size_t i = attrs; i < n && !native; ++i) {
      mlir::DenseI32ArrayAttr sizes;
      if (mlir::failed(reader.readAttribute(sizes)))
        return mlir::failure();
      slots[i] = sizes;
    }
    for (size_t i = 0; i < attrs; ++i) {
      const AttributeSpec &attr = spec->attributes[i];
      if (mlir::failed(required(attr) ? reader.readAttribute(slots[i])
                                      : reader.readOptionalAttribute(slots[i])))
        return mlir::failure();
      if (slots[i] && !attrFitsSpec(slots[i], attr))
        return reader.emitError("invalid properties for op ")
               << spec->name << ": Invalid attribute `" << attr.name
               << "` in property conversion: " << slots[i];
    }
    for (size_t i = attrs; i < n && native; ++i) {
      llvm::SmallVector<int32_t, 4> sizes(segmentGroups(*spec, i));
      if (mlir::failed(reader.readSparseArray(llvm::MutableArrayRef(sizes))))
        return mlir::failure();
      slots[i] = mlir::DenseI32ArrayAttr::get(context, sizes);
    }
    mlir::Attribute dict = propertiesAsAttr(*spec, context, slots.data());
    if (!dict)
      return mlir::success();
    llvm::SmallVector<mlir::Attribute, 4> check(n);
    if (mlir::failed(setPropertiesFromDictionary(
            *spec, check.data(), dict, [&] {
              return reader.emitError("invalid properties ")
                     << dict << " for op " << spec->name << ": ";
            })))
      return mlir::failure();
    state.propertiesAttr = dict;
    return mlir::success();
  }

  void writeProperties(mlir::Operation *op,
                       mlir::DialectBytecodeWriter &writer) const {
    const OpSpec *spec = rustOpSpec(op->getName());
    if (!spec)
      return;
    const mlir::Attribute *slots = slotsOf(op->getPropertiesStorage());
    size_t n = propertySlots(*spec), attrs = spec->attributes.size();
    bool native = writer.getBytecodeVersion() >= kNativeSegmentSizes;
    for (size_t i = attrs; i < n && !native; ++i)
      writer.writeAttribute(slots[i]);
    for (size_t i = 0; i < attrs; ++i) {
      // A required attribute missing (an op not verified) is written as
      // optional: reading it back fails rather than writing a null.
      if (required(spec->attributes[i]) && slots[i])
        writer.writeAttribute(slots[i]);
      else
        writer.writeOptionalAttribute(slots[i]);
    }
    for (size_t i = attrs; i < n && native; ++i) {
      auto sizes = llvm::dyn_cast_or_null<mlir::DenseI32ArrayAttr>(slots[i]);
      llvm::SmallVector<int32_t, 4> zeros(segmentGroups(*spec, i));
      writer.writeSparseArray(sizes ? sizes.asArrayRef()
                                    : llvm::ArrayRef<int32_t>(zeros));
    }
  }
};

/// ODS's `prop-dict` parser and printer, which `OpState` keeps for its
/// subclasses: they are reached through one.
struct PropertiesAccess : mlir::OpState {
  using OpState::genericParseProperties;
  using OpState::genericPrintProperties;
};

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_PROPERTIES_H
