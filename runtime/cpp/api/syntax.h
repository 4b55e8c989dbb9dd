/* Part of the C++ bridge's C interface: the syntax of Rust types and
 * attributes (dialect_syntax.cpp, dialect_attrs.cpp): MLIR's `AsmParser` and `AsmPrinter` one
 * call per element, for the body of a type or attribute after its name
 * (`!ns.name<...>`, `#ns.name<...>`) and for an attribute printed without
 * its name in an op's format (`index.cmp slt(...)`). Included by
 * mlir_pass_bridge.h after api/dialect.h.
 */

#ifndef MLIR_PASS_BRIDGE_H
#error "include mlir_pass_bridge.h, not its parts"
#endif

#ifndef MLIR_PASS_BRIDGE_API_SYNTAX_H
#define MLIR_PASS_BRIDGE_API_SYNTAX_H

/// MLIR's `AsmParser`, positioned after a type's or attribute's name.
typedef struct MlirPassBridgeAsmParser MlirPassBridgeAsmParser;
/// MLIR's `AsmPrinter`, after a type's or attribute's name.
typedef struct MlirPassBridgeAsmPrinter MlirPassBridgeAsmPrinter;

/*--- Parsing. Each returns false after MLIR's parser emitted an error. With
 * `optional`, an element that is not there sets `*present` to false and
 * returns true; otherwise `*present` (when not null) is set to true. ---*/

/// The context of the parse.
MlirContext mlirPassBridgeAsmParserContext(MlirPassBridgeAsmParser *parser)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// The type written after the attribute being parsed (`: complex<f64>`),
/// or null.
MlirType mlirPassBridgeAsmParserSelfType(MlirPassBridgeAsmParser *parser)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Where the parser is (a pointer into the source, for
/// `mlirPassBridgeAsmParserErrorAt`).
const char *mlirPassBridgeAsmParserLocation(MlirPassBridgeAsmParser *parser)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Emits an error at `location` (from `mlirPassBridgeAsmParserLocation`
/// during the same parse); always false.
bool mlirPassBridgeAsmParserErrorAt(MlirPassBridgeAsmParser *parser,
                                    const char *location,
                                    MlirStringRef message)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses the punctuation or keyword `literal` (`<`, `,`, `:`, `to`).
bool mlirPassBridgeAsmParseLiteral(MlirPassBridgeAsmParser *parser,
                                   MlirStringRef literal, bool optional,
                                   bool *present) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses an integer of `width` bits (8, 16, 32 or 64), signed or not, as
/// MLIR's `parseInteger<intN_t>` does (`integer value too large`); its bits
/// in `*value` (sign-extended for a signed one).
bool mlirPassBridgeAsmParseInteger(MlirPassBridgeAsmParser *parser,
                                   bool isSigned, unsigned width,
                                   bool optional, bool *present,
                                   uint64_t *value) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a float (a decimal or hexadecimal literal, or an integer) into
/// `*value`, as `AsmParser::parseFloat(double &)` does.
bool mlirPassBridgeAsmParseFloat(MlirPassBridgeAsmParser *parser,
                                 double *value) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a quoted string; its contents (escapes resolved) are passed to
/// `onText(text, userData)`.
bool mlirPassBridgeAsmParseString(MlirPassBridgeAsmParser *parser,
                                  bool optional, bool *present,
                                  MlirStringCallback onText,
                                  void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a bare keyword (`orString`: or a quoted string, as ODS's enum
/// parsers accept), passed to `onText(text, userData)`.
bool mlirPassBridgeAsmParseKeyword(MlirPassBridgeAsmParser *parser,
                                   bool orString, bool optional,
                                   bool *present, MlirStringCallback onText,
                                   void *userData) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses a type.
bool mlirPassBridgeAsmParseType(MlirPassBridgeAsmParser *parser,
                                bool optional, bool *present,
                                MlirType *type) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Parses an attribute (of `type` when it is not null: `5` for `5 : i64`).
bool mlirPassBridgeAsmParseAttribute(MlirPassBridgeAsmParser *parser,
                                     MlirType type, bool optional,
                                     bool *present, MlirAttribute *attr)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Parses an attribute of a Rust dialect without its name (its body), or
/// any attribute after `#` (ODS's `parseCustomAttributeWithFallback`);
/// `definition` is its `MlirPassBridgeAttrSpec::definition`, `ns` its
/// dialect's namespace.
bool mlirPassBridgeAsmParseRustAttr(MlirPassBridgeAsmParser *parser,
                                    MlirStringRef ns, const void *definition,
                                    MlirAttribute *attr)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/*--- Printing. ---*/

/// Prints an attribute of a Rust dialect without its name (ODS's
/// `printStrippedAttrOrType`); any other attribute in full.
void mlirPassBridgeAsmPrintRustAttr(MlirPassBridgeAsmPrinter *printer,
                                    MlirAttribute attr) MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `printer` is MLIR's dry run (it prints into nothing to collect
/// aliases, then prints for real): a failure there is reported by the real
/// print.
bool mlirPassBridgeAsmPrinterIsDryRun(MlirPassBridgeAsmPrinter *printer)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Prints `text` as it is.
void mlirPassBridgeAsmPrintText(MlirPassBridgeAsmPrinter *printer,
                                MlirStringRef text) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints `text` as a quoted string, escaped as MLIR escapes it.
void mlirPassBridgeAsmPrintString(MlirPassBridgeAsmPrinter *printer,
                                  MlirStringRef text) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints `text` bare when it is a valid keyword, quoted otherwise
/// (`AsmPrinter::printKeywordOrString`).
void mlirPassBridgeAsmPrintKeywordOrString(MlirPassBridgeAsmPrinter *printer,
                                           MlirStringRef text)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a type.
void mlirPassBridgeAsmPrintType(MlirPassBridgeAsmPrinter *printer,
                                MlirType type) MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints an attribute (`withoutType`: a typed attribute without
/// ` : type`, as `printAttributeWithoutType`).
void mlirPassBridgeAsmPrintAttribute(MlirPassBridgeAsmPrinter *printer,
                                     MlirAttribute attr, bool withoutType)
    MLIR_PASS_BRIDGE_NOEXCEPT;
/// Prints a float as MLIR prints an `f64` float attribute's value.
void mlirPassBridgeAsmPrintFloat(MlirPassBridgeAsmPrinter *printer,
                                 double value) MLIR_PASS_BRIDGE_NOEXCEPT;

/*--- Attributes of a Rust dialect. ---*/

/// An attribute of a Rust dialect: `#ns.name<...>`, its parameters
/// attributes, registered as an MLIR dynamic attribute of the dialect.
typedef struct MlirPassBridgeAttrSpec {
  /// The name without the namespace (`cmp_predicate`).
  MlirStringRef name;
  /// The Rust definition, handed to the callbacks; lives for the process.
  const void *definition;
  /// Whether the syntax callbacks parse and print its body; otherwise
  /// MLIR's default, `<param, ...>` with each parameter an attribute.
  bool hasSyntax;
  /// The parameter that is the attribute's type (a `TypeAttr`, ODS's
  /// `AttributeSelfTypeParameter`): the attribute is a `TypedAttr`, printed
  /// with ` : type` after it. -1: none.
  int32_t selfTypeParam;
  /// Whether it implements `VerifiableTensorEncoding`, answered by the
  /// syntax callbacks' `verifyEncoding`.
  bool verifiesEncoding;
} MlirPassBridgeAttrSpec;

/// The syntax of a type or attribute of a Rust dialect, in Rust.
/// `definition` is the type's or attribute's definition.
typedef struct MlirPassBridgeSyntaxCallbacks {
  /// Parses the body after the name (for a type: `isType`); each parameter
  /// is passed to `onParam(param, userData)`. False after an error.
  bool (*parse)(const void *definition, bool isType,
                MlirPassBridgeAsmParser *parser,
                void (*onParam)(MlirAttribute, void *), void *userData);
  /// Prints the body after the name of `self` (an `MlirType`'s or an
  /// `MlirAttribute`'s pointer, by `isType`), whose parameters these are.
  void (*print)(const void *definition, bool isType, const void *self,
                const MlirAttribute *params, intptr_t numParams,
                MlirPassBridgeAsmPrinter *printer);
  /// Verifies an attribute's parameters (as `verifyType` does for types).
  bool (*verify)(const void *definition, const MlirAttribute *params,
                 intptr_t numParams, MlirStringCallback onError,
                 void *userData);
  /// `VerifiableTensorEncoding::verifyEncoding`: whether `attr`, of
  /// `definition`, may encode a tensor of this shape (`rank` sizes, dynamic
  /// ones `INT64_MIN`) and element type; false after calling
  /// `onError(message, userData)`.
  bool (*verifyEncoding)(const void *definition, MlirAttribute attr,
                         const int64_t *shape, intptr_t rank,
                         MlirType elementType, MlirStringCallback onError,
                         void *userData);
  /// `DataLayoutTypeInterface::getTypeSizeInBits` of `type`, of
  /// `definition`: the size in `*bits`, or false after calling
  /// `onError(message, userData)` (the hook panicked).
  bool (*typeSizeInBits)(const void *definition, MlirType type,
                         uint64_t *bits, MlirStringCallback onError,
                         void *userData);
  /// `OpAsmTypeInterface::getAsmName` of `type`, of `definition`, when the
  /// type names its values with a method: calls `onName(name, nameData)`
  /// (nothing when the type has no such method), or returns false after
  /// calling `onError(message, errorData)` (the method panicked).
  bool (*typeAsmName)(const void *definition, MlirType type,
                      MlirStringCallback onName, void *nameData,
                      MlirStringCallback onError, void *errorData);
} MlirPassBridgeSyntaxCallbacks;

/// Sets the callbacks of a dialect's types and attributes syntax. Without
/// them, a type prints as `!ns.name<param, ...>`, each parameter an
/// attribute.
void mlirPassBridgeDialectSpecSetSyntax(MlirPassBridgeDialectSpec *spec,
                                        MlirPassBridgeSyntaxCallbacks callbacks)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Adds an attribute to a dialect description (copied). False on an
/// exception.
bool mlirPassBridgeDialectSpecAddAttr(MlirPassBridgeDialectSpec *spec,
                                      const MlirPassBridgeAttrSpec *attr)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The attribute `#ns.name<params>` in `context`, after its verifier; null
/// with `onError(message, userData)` called when the dialect is not loaded,
/// has no such attribute, or the parameters are refused.
MlirAttribute mlirPassBridgeRustAttrGet(MlirContext context, MlirStringRef ns,
                                        MlirStringRef name,
                                        const MlirAttribute *params,
                                        intptr_t numParams,
                                        MlirStringCallback onError,
                                        void *userData)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// Whether `attr` is the Rust attribute `ns.name`.
bool mlirPassBridgeRustAttrIs(MlirAttribute attr, MlirStringRef ns,
                              MlirStringRef name) MLIR_PASS_BRIDGE_NOEXCEPT;

/// The parameters of a dynamic attribute (stored in the context): their
/// number, and the array in `*params`. 0 for any other attribute.
intptr_t mlirPassBridgeRustAttrParams(MlirAttribute attr,
                                      const MlirAttribute **params)
    MLIR_PASS_BRIDGE_NOEXCEPT;

/// The Rust definition of a Rust dialect's attribute (its
/// `MlirPassBridgeAttrSpec::definition`), or null for any other attribute.
const void *mlirPassBridgeRustAttrDefinition(MlirAttribute attr)
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_SYNTAX_H */
