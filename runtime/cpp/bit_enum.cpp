// Bit enums in an op's format: see bit_enum.h.

#include "bit_enum.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

namespace mlir_pass_bridge {

std::string stringifyBitEnum(const AttributeSpec &spec, uint64_t bits) {
  size_t n = spec.caseValues.size();
  if (bits == 0)
    for (size_t i = 0; i < n; ++i)
      if (spec.caseValues[i] == 0)
        return spec.caseNames[i];
  llvm::SmallVector<llvm::StringRef, 4> strs;
  uint64_t val = bits;
  auto value = [&](size_t i) { return static_cast<uint64_t>(spec.caseValues[i]); };
  if (spec.bitPrimaryGroups) {
    // Groups first, the last declared first, each taking its bits away.
    for (size_t i = n; i-- > 0;) {
      uint64_t g = value(i);
      if (g != 0 && !llvm::has_single_bit(g) && (val & g) == g) {
        strs.push_back(spec.caseNames[i]);
        val &= ~g;
      }
    }
    for (size_t i = 0; i < n; ++i)
      if (llvm::has_single_bit(value(i)) && (val & value(i)) == value(i))
        strs.push_back(spec.caseNames[i]);
  } else {
    for (size_t i = 0; i < n; ++i)
      if (value(i) != 0 && (val & value(i)) == value(i))
        strs.push_back(spec.caseNames[i]);
  }
  return llvm::join(strs, spec.bitSeparator);
}

std::optional<uint64_t> symbolizeBitEnum(const AttributeSpec &spec,
                                         llvm::StringRef text) {
  size_t n = spec.caseValues.size();
  for (size_t i = 0; i < n; ++i)
    if (spec.caseValues[i] == 0 && text == spec.caseNames[i])
      return 0;
  llvm::StringRef separator =
      llvm::StringRef(spec.bitSeparator).contains('|') ? "|" : ",";
  llvm::SmallVector<llvm::StringRef, 4> symbols;
  text.split(symbols, separator);
  uint64_t val = 0;
  for (llvm::StringRef symbol : symbols) {
    symbol = symbol.trim();
    bool found = false;
    for (size_t i = 0; i < n && !found; ++i)
      if (spec.caseValues[i] != 0 && spec.caseNames[i] == symbol) {
        val |= static_cast<uint64_t>(spec.caseValues[i]);
        found = true;
      }
    if (!found)
      return std::nullopt;
  }
  return val;
}

mlir::ParseResult parseBitEnumAttribute(mlir::OpAsmParser &p,
                                        mlir::OperationState &state,
                                        const AttributeSpec &attr,
                                        bool optional, bool &present) {
  llvm::SMLoc loc = p.getCurrentLocation();
  std::string keyword;
  llvm::SmallVector<llvm::StringRef, 8> cases(attr.caseNames.begin(),
                                              attr.caseNames.end());
  llvm::StringRef bare;
  if (mlir::succeeded(p.parseOptionalKeyword(&bare, cases))) {
    keyword = bare.str();
  } else if (mlir::failed(p.parseOptionalString(&keyword))) {
    if (optional) {
      present = false;
      return mlir::success();
    }
    std::string list;
    llvm::raw_string_ostream os(list);
    llvm::interleaveComma(attr.caseNames, os);
    return p.emitError(loc, "expected string or keyword containing one of "
                            "the following enum values for attribute '")
           << attr.name << "' [" << list << "]";
  }
  std::optional<uint64_t> bits = symbolizeBitEnum(attr, keyword);
  if (!bits)
    return p.emitError(loc, "invalid ")
           << attr.name << " attribute specification: \"" << keyword << '"';
  mlir::Type type = elidedType(attr.elidedType, state.getContext());
  unsigned width = type.getIntOrFloatBitWidth();
  present = true;
  state.addAttribute(attr.name, mlir::IntegerAttr::get(
                                    type, llvm::APInt(width, *bits)));
  return mlir::success();
}

bool printBitEnumAttribute(mlir::OpAsmPrinter &p, mlir::Attribute attr,
                           const AttributeSpec &spec) {
  auto value = llvm::dyn_cast<mlir::IntegerAttr>(attr);
  if (!value || !value.getType().isSignlessInteger())
    return false;
  uint64_t bits = value.getValue().getZExtValue();
  uint64_t valid = 0;
  for (int64_t v : spec.caseValues)
    valid |= static_cast<uint64_t>(v);
  if (bits & ~valid)
    return false;
  std::string text = stringifyBitEnum(spec, bits);
  // ODS prints the single-bit cases bare and everything else (a set, a
  // group, the none case) quoted.
  bool single = llvm::has_single_bit(bits) &&
                llvm::is_contained(spec.caseValues, static_cast<int64_t>(bits));
  if (single)
    p << text;
  else
    p << '"' << text << '"';
  return true;
}

} // namespace mlir_pass_bridge
