// The declarative assembly format of Rust ops, printed with MLIR's
// OpAsmPrinter: the elements and spacing rules of ODS's generated printers
// (mlir-tblgen's OpFormatGen), so that a Rust op prints as the same op
// declared in ODS would. The parser is dialect_format.cpp.

#include "bit_enum.h"
#include "dialect_format_state.h"
#include "dialect_parse.h"
#include "dialect_properties.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/StringExtras.h"

using mlir_pass_bridge::FormatElement;
using mlir_pass_bridge::OpSpec;

namespace {

/// The values of operand or result group `index`: [start, start + size).
std::pair<unsigned, unsigned>
groupRange(const std::vector<MlirPassBridgeArity> &groups, unsigned total,
           mlir::Operation *op, llvm::StringRef segmentsAttr, bool segmented,
           unsigned index) {
  if (segmented) {
    auto sizes = op->getAttrOfType<mlir::DenseI32ArrayAttr>(segmentsAttr);
    if (sizes && sizes.size() == static_cast<int64_t>(groups.size())) {
      unsigned start = 0;
      for (unsigned i = 0; i < index; ++i)
        start += sizes[i];
      return {start, static_cast<unsigned>(sizes[index])};
    }
  }
  unsigned singles = 0;
  for (MlirPassBridgeArity a : groups)
    singles += a == MlirPassBridgeAritySingle;
  unsigned variable = total > singles ? total - singles : 0;
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += groups[i] == MlirPassBridgeAritySingle ? 1 : variable;
  unsigned size = groups[index] == MlirPassBridgeAritySingle ? 1 : variable;
  if (start + size > total)
    size = start < total ? total - start : 0;
  return {std::min(start, total), size};
}

class FormatPrinter {
public:
  FormatPrinter(const OpSpec &spec, mlir::Operation *op,
                mlir::OpAsmPrinter &p)
      : spec(spec), op(op), p(p) {}

  /// The attributes the format prints itself (`$value`), and the segment
  /// sizes it implies: `attr-dict` and `prop-dict` leave them out.
  llvm::SmallVector<llvm::StringRef, 4> printedElsewhere() const {
    llvm::SmallVector<llvm::StringRef, 4> elided;
    for (size_t i = 0; i < spec.attributes.size(); ++i)
      if (mlir_pass_bridge::formatNamesAttribute(spec, i))
        elided.push_back(spec.attributes[i].name);
    if (spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments))
      elided.push_back("operandSegmentSizes");
    if (spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments))
      elided.push_back("resultSegmentSizes");
    return elided;
  }

  /// Whether every property the op holds is one `attr-dict` leaves out:
  /// its full dictionary (`getAttrs`, built per call from the properties)
  /// then prints as its discardable one, which it keeps as is.
  bool onlyElidedProperties(llvm::ArrayRef<llvm::StringRef> elided) const {
    if (!op->getPropertiesStorageSize())
      return false;
    const mlir::Attribute *slots =
        mlir_pass_bridge::slotsOf(op->getPropertiesStorage());
    for (size_t i = 0, n = mlir_pass_bridge::propertySlots(spec); i < n; ++i)
      if (slots[i] &&
          !llvm::is_contained(elided, mlir_pass_bridge::slotName(spec, i)))
        return false;
    return true;
  }

  bool hasPropDict() const {
    for (const FormatElement &other : spec.format)
      if (other.kind == MlirPassBridgeFormatPropDict)
        return true;
    return false;
  }

  void print() { range(0, spec.format.size(), /*emit=*/true); }

private:
  /// How many elements the element at `i` takes (a group, list or clause
  /// with its elements).
  size_t span(size_t i) const {
    const FormatElement &e = spec.format[i];
    switch (e.kind) {
    case MlirPassBridgeFormatOptionalGroup:
    case MlirPassBridgeFormatOIList:
    case MlirPassBridgeFormatOIListClause:
      return 1 + e.length;
    default:
      return 1;
    }
  }

  /// The elements [begin, end). Without `emit`, only the spacing state
  /// moves on: ODS decides spacing when it generates the printer, so an
  /// absent group or clause still counts.
  void range(size_t begin, size_t end, bool emit) {
    const std::vector<FormatElement> &format = spec.format;
    for (size_t i = begin; i < end; i += span(i)) {
      const FormatElement &e = format[i];
      if (e.kind == MlirPassBridgeFormatOptionalGroup) {
        bool shown = emit && present(format[i + 1 + e.index]);
        range(i + 1, i + 1 + e.length, shown);
      } else if (e.kind == MlirPassBridgeFormatOIList) {
        oilist(i, emit);
      } else {
        element(e, emit);
      }
    }
  }

  /// Whether an oilist clause with the elements [begin, end) is printed:
  /// any operand, attribute or region it names is there (ODS's `collect`).
  bool clausePresent(size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const FormatElement &e = spec.format[i];
      switch (e.kind) {
      case MlirPassBridgeFormatOperand:
      case MlirPassBridgeFormatAttribute:
      case MlirPassBridgeFormatRegion:
        if (present(e))
          return true;
        break;
      case MlirPassBridgeFormatCustom:
        for (const MlirPassBridgeCustomArg &arg :
             spec.customDirectives[e.index].args)
          if (!arg.byRef && (arg.kind == MlirPassBridgeCustomArgOperand ||
                             arg.kind == MlirPassBridgeCustomArgAttribute ||
                             arg.kind == MlirPassBridgeCustomArgRegion) &&
              customArgPresent(arg))
            return true;
        break;
      default:
        break;
      }
    }
    return false;
  }

  /// `oilist(...)` at `i`: each clause whose values are there, in the
  /// format's order; a unit attribute's clause is its keyword alone.
  void oilist(size_t i, bool emit) {
    size_t end = i + 1 + spec.format[i].length;
    for (size_t at = i + 1; at < end; at += span(at)) {
      size_t clauseEnd = at + 1 + spec.format[at].length;
      bool shown = emit && clausePresent(at + 2, clauseEnd);
      element(spec.format[at + 1], shown);
      const FormatElement &only = spec.format[at + 2];
      bool unit = spec.format[at].length == 2 &&
                  only.kind == MlirPassBridgeFormatAttribute &&
                  spec.attributes[only.index].kind == MlirPassBridgeAttrKindUnit;
      if (!unit)
        range(at + 2, clauseEnd, shown);
    }
  }

  /// Whether a custom directive's argument has a value on the op.
  bool customArgPresent(const MlirPassBridgeCustomArg &arg) {
    FormatElement e{};
    e.index = arg.index;
    switch (arg.kind) {
    case MlirPassBridgeCustomArgOperand:
      e.kind = MlirPassBridgeFormatOperand;
      break;
    case MlirPassBridgeCustomArgAttribute:
      e.kind = MlirPassBridgeFormatAttribute;
      break;
    case MlirPassBridgeCustomArgOperandType:
      return !operandGroup(arg.index).empty();
    case MlirPassBridgeCustomArgResultType:
      return !resultGroup(arg.index).empty();
    case MlirPassBridgeCustomArgRegion:
      e.kind = MlirPassBridgeFormatRegion;
      break;
    case MlirPassBridgeCustomArgSuccessor:
      e.kind = MlirPassBridgeFormatSuccessor;
      break;
    }
    return present(e);
  }

  mlir::OperandRange operandGroup(unsigned index) {
    auto [start, size] = groupRange(
        spec.operands, op->getNumOperands(), op, "operandSegmentSizes",
        spec.has(MlirPassBridgeOpTraitAttrSizedOperandSegments), index);
    return op->getOperands().slice(start, size);
  }
  mlir::ResultRange resultGroup(unsigned index) {
    auto [start, size] = groupRange(
        spec.results, op->getNumResults(), op, "resultSegmentSizes",
        spec.has(MlirPassBridgeOpTraitAttrSizedResultSegments), index);
    return op->getResults().slice(start, size);
  }
  llvm::MutableArrayRef<mlir::Region> regionGroup(unsigned index) {
    llvm::MutableArrayRef<mlir::Region> all = op->getRegions();
    if (index >= all.size())
      return {};
    if (spec.variadicRegions && index + 1 == spec.numRegions)
      return all.drop_front(index);
    return all.slice(index, 1);
  }
  llvm::SmallVector<mlir::Block *, 1> successorGroup(unsigned index) {
    llvm::SmallVector<mlir::Block *, 1> out;
    unsigned n = op->getNumSuccessors();
    unsigned end = spec.variadicSuccessors && index + 1 == spec.numSuccessors
                       ? n
                       : std::min(index + 1, n);
    for (unsigned i = index; i < end; ++i)
      out.push_back(op->getSuccessor(i));
    return out;
  }

  bool present(const FormatElement &anchor) {
    switch (anchor.kind) {
    case MlirPassBridgeFormatOperand:
      return !operandGroup(anchor.index).empty();
    case MlirPassBridgeFormatOperands:
      return op->getNumOperands() != 0;
    case MlirPassBridgeFormatAttribute: {
      // ODS leaves out a group whose anchor is a default-valued attribute
      // holding its default.
      const auto &def = spec.attributes[anchor.index];
      mlir::Attribute attr = op->getAttr(def.name);
      if (!attr)
        return false;
      if (def.defaultValue.empty())
        return true;
      // The default as parsed when the dialect loaded, by identity (the
      // text compared when there is none).
      if (mlir::Attribute parsed =
              mlir_pass_bridge::defaultAttribute(op, anchor.index))
        return attr != parsed;
      std::string text;
      llvm::raw_string_ostream os(text);
      attr.print(os);
      return text != def.defaultValue;
    }
    case MlirPassBridgeFormatRegion: {
      auto regions = regionGroup(anchor.index);
      return !regions.empty() && !regions.front().empty();
    }
    case MlirPassBridgeFormatSuccessor:
      return !successorGroup(anchor.index).empty();
    case MlirPassBridgeFormatType:
      return !types(anchor.target, anchor.index).empty();
    case MlirPassBridgeFormatCustom:
      // ODS: any of its arguments.
      for (const MlirPassBridgeCustomArg &arg :
           spec.customDirectives[anchor.index].args)
        if (!arg.byRef && customArgPresent(arg))
          return true;
      return false;
    default:
      return true;
    }
  }

  llvm::SmallVector<mlir::Type, 4> types(MlirPassBridgeTypeTarget target,
                                         uint32_t index) {
    switch (target) {
    case MlirPassBridgeTypeTargetOperand:
      return llvm::to_vector<4>(operandGroup(index).getTypes());
    case MlirPassBridgeTypeTargetOperands:
      return llvm::to_vector<4>(op->getOperandTypes());
    case MlirPassBridgeTypeTargetResult:
      return llvm::to_vector<4>(resultGroup(index).getTypes());
    default:
      return llvm::to_vector<4>(op->getResultTypes());
    }
  }

  /// ODS's rule: whether a literal gets a space before it.
  static bool spaceBefore(llvm::StringRef value, bool lastWasPunctuation) {
    if (value.size() != 1 && value != "->")
      return true;
    if (lastWasPunctuation)
      return !llvm::StringRef(">)}],").contains(value.front());
    return !llvm::StringRef("<>(){}[],").contains(value.front());
  }

  void element(const FormatElement &e, bool emit) {
    // ODS's spacing literals: `\n` a new line, ` ` a space, `` none
    // (and no space before what follows).
    // (StringRef: compared by length first, inline.)
    llvm::StringRef text = e.text;
    if (e.kind == MlirPassBridgeFormatLiteral && text == "\\n") {
      if (emit)
        p.printNewline();
      return;
    }
    if (e.kind == MlirPassBridgeFormatLiteral &&
        (text.empty() || text == " ")) {
      if (emit && !e.text.empty())
        p << ' ';
      lastWasPunctuation = e.text.empty();
      shouldEmitSpace = false;
      return;
    }
    if (e.kind == MlirPassBridgeFormatLiteral) {
      if (emit && shouldEmitSpace && spaceBefore(e.text, lastWasPunctuation))
        p << ' ';
      if (emit)
        p << e.text;
      shouldEmitSpace = e.text.size() != 1 ||
                        !llvm::StringRef("<({[").contains(e.text.front());
      lastWasPunctuation = e.text.front() != '_' && !llvm::isAlpha(static_cast<char>(e.text.front()));
      return;
    }
    if (!emit) {
      // Only the spacing state, as if printed.
      if (e.kind != MlirPassBridgeFormatAttrDict &&
          e.kind != MlirPassBridgeFormatAttrDictWithKeyword)
        shouldEmitSpace = true;
      lastWasPunctuation = false;
      return;
    }
    if (e.kind == MlirPassBridgeFormatAttrDict ||
        e.kind == MlirPassBridgeFormatAttrDictWithKeyword) {
      llvm::SmallVector<llvm::StringRef, 4> elided = printedElsewhere();
      // Without `prop-dict`, the dictionary holds the inherent attributes
      // the format does not print; with it, only the discardable ones (ODS).
      llvm::ArrayRef<mlir::NamedAttribute> attrs =
          hasPropDict() || onlyElidedProperties(elided)
              ? op->getDiscardableAttrDictionary().getValue()
              : op->getAttrs();
      if (e.kind == MlirPassBridgeFormatAttrDict)
        p.printOptionalAttrDict(attrs, elided);
      else
        p.printOptionalAttrDictWithKeyword(attrs, elided);
      lastWasPunctuation = false;
      return;
    }
    if (shouldEmitSpace || !lastWasPunctuation)
      p << ' ';
    lastWasPunctuation = false;
    shouldEmitSpace = true;
    switch (e.kind) {
    case MlirPassBridgeFormatOperand:
      p << operandGroup(e.index);
      break;
    case MlirPassBridgeFormatOperands:
      p << op->getOperands();
      break;
    case MlirPassBridgeFormatAttribute: {
      mlir::Attribute attr = op->getAttr(spec.attributes[e.index].name);
      if (!attr)
        break;
      const auto &def = spec.attributes[e.index];
      if (def.kind == MlirPassBridgeAttrKindRust &&
          mlir_pass_bridge::printRustAttrStripped(p, attr))
        break;
      if (def.kind == MlirPassBridgeAttrKindUpstream &&
          mlir_pass_bridge::printUpstreamAttrStripped(
              p, attr, mlir_pass_bridge::strippedTextCache(op)))
        break;
      if (def.kind == MlirPassBridgeAttrKindBitEnum &&
          mlir_pass_bridge::printBitEnumAttribute(p, attr, def))
        break;
      if (def.kind == MlirPassBridgeAttrKindEnum) {
        auto value = llvm::dyn_cast<mlir::IntegerAttr>(attr);
        auto it = value ? llvm::find(def.caseValues, value.getInt())
                        : def.caseValues.end();
        if (it != def.caseValues.end()) {
          p << def.caseNames[it - def.caseValues.begin()];
          break;
        }
      }
      auto typed = llvm::dyn_cast<mlir::TypedAttr>(attr);
      if (typed && !spec.attributes[e.index].elidedType.empty() &&
          typed.getType() ==
              mlir_pass_bridge::elidedType(
                  spec.attributes[e.index].elidedType, op->getContext()))
        p.printAttributeWithoutType(attr);
      else
        p.printAttribute(attr);
      break;
    }
    case MlirPassBridgeFormatType:
      llvm::interleaveComma(types(e.target, e.index), p);
      break;
    case MlirPassBridgeFormatFunctionalType:
      p.printFunctionalType(types(e.target, e.index),
                            types(e.target2, e.index2));
      break;
    case MlirPassBridgeFormatRegion:
      llvm::interleaveComma(regionGroup(e.index), p,
                            [&](mlir::Region &r) { p.printRegion(r); });
      break;
    case MlirPassBridgeFormatRegions:
      llvm::interleaveComma(op->getRegions(), p,
                            [&](mlir::Region &r) { p.printRegion(r); });
      break;
    case MlirPassBridgeFormatSuccessor:
      llvm::interleaveComma(successorGroup(e.index), p,
                            [&](mlir::Block *b) { p.printSuccessor(b); });
      break;
    case MlirPassBridgeFormatSuccessors:
      llvm::interleaveComma(op->getSuccessors(), p,
                            [&](mlir::Block *b) { p.printSuccessor(b); });
      break;
    case MlirPassBridgeFormatCustom: {
      const MlirPassBridgeDialectSpec *dialect =
          mlir_pass_bridge::rustDialectSpec(op->getDialect());
      MlirPassBridgePrinter printer{p};
      if (dialect)
        dialect->callbacks.printCustom(spec.definition, e.index, wrap(op),
                                       &printer);
      break;
    }
    case MlirPassBridgeFormatPropDict:
      // `<{...}>` of the properties the format does not print elsewhere,
      // nothing when there are none (ODS's `printProperties`).
      mlir_pass_bridge::PropertiesAccess::genericPrintProperties(
          p, op->getPropertiesAsAttribute(),
                                            printedElsewhere());
      break;
    default:
      break;
    }
  }

  const OpSpec &spec;
  mlir::Operation *op;
  mlir::OpAsmPrinter &p;
  bool shouldEmitSpace = true;
  bool lastWasPunctuation = false;
};


} // namespace

void mlir_pass_bridge::printWithFormat(const OpSpec &spec, mlir::Operation *op,
                                       mlir::OpAsmPrinter &printer) {
  FormatPrinter(spec, op, printer).print();
}
