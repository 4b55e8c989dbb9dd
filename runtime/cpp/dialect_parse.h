// A parse by Rust (C++ only): the header's opaque `MlirPassBridgeParse`,
// shared by the hand-written parsers (dialect_asm.cpp) and the custom
// directives of formats (dialect_format.cpp, dialect_format_custom.cpp).
//
// A custom directive's parser (ODS's `parseName(OpAsmParser &, ...)`) sees
// the parser only, not the op being built: what it reads goes to its
// arguments (`args`), which the format then gives the op. The calls that
// would change the op directly refuse in that mode (`refuseInDirective`).

#ifndef MLIR_PASS_DIALECT_PARSE_H
#define MLIR_PASS_DIALECT_PARSE_H

#include "dialect_support.h"

#include <memory>
#include <vector>

namespace mlir_pass_bridge {

/// One argument of a custom directive: what a `ref(...)` hands over, or
/// what the directive's parser gave it (`set`).
struct CustomValue {
  llvm::SmallVector<intptr_t, 2> operands;
  llvm::SmallVector<mlir::Type, 2> types;
  mlir::Attribute attribute;
  llvm::SmallVector<intptr_t, 1> regions;
  llvm::SmallVector<mlir::Block *, 1> successors;
  bool set = false;
};

} // namespace mlir_pass_bridge

/// A parse in progress (the header's opaque type).
struct MlirPassBridgeParse {
  MlirPassBridgeParse(mlir::OpAsmParser &parser, mlir::OperationState &state,
                      bool directive = false)
      : parser(parser), state(state), directive(directive) {}

  mlir::OpAsmParser &parser;
  mlir::OperationState &state;
  /// The operands read so far, by number, until they are resolved.
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand, 4> operands;
  /// The regions read so far, by number, until they are given to the op
  /// (moved out: null after).
  std::vector<std::unique_ptr<mlir::Region>> regions;
  /// A custom directive's parse: its arguments, by position.
  bool directive;
  std::vector<mlir_pass_bridge::CustomValue> args;
  /// A call was refused (an error is out): the parse fails.
  bool refused = false;
};

/// A printer (the header's opaque type) is MLIR's printer itself.
struct MlirPassBridgePrinter {
  mlir::OpAsmPrinter &printer;
};

namespace mlir_pass_bridge {

/// In a custom directive's parse, refuses `what` (a call that would change
/// the op), with an error saying what to do instead; true then.
inline bool refuseInDirective(MlirPassBridgeParse *parse, llvm::StringRef what,
                              llvm::StringRef instead) {
  if (!parse->directive)
    return false;
  parse->refused = true;
  mlir::InFlightDiagnostic error =
      parse->parser.emitError(parse->parser.getCurrentLocation());
  error << "`OpParser::" << what
        << "` changes the op, which a custom directive's parser cannot do: "
        << instead;
  return true;
}

/// The attributes of a Rust function op (`FunctionOpInterface`) holding
/// the arguments' and results' attribute dictionaries, as
/// dialect_function.cpp answers: `arg_attrs` and `res_attrs` unless the op
/// names others. False for another op.
bool functionAttrNames(mlir::OperationName name, llvm::StringRef &args,
                       llvm::StringRef &results);

} // namespace mlir_pass_bridge

#endif // MLIR_PASS_DIALECT_PARSE_H
