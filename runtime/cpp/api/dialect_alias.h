/* Part of the C++ bridge's C interface: aliases of types and attributes
 * (dialect_alias.cpp), C++'s `OpAsmDialectInterface::getAlias` for a Rust
 * dialect: `!fixed16 = !calc.fixed<16>` at the top of the output. */
#ifndef MLIR_PASS_BRIDGE_API_DIALECT_ALIAS_H
#define MLIR_PASS_BRIDGE_API_DIALECT_ALIAS_H

/// What an alias hook answers (C++'s `OpAsmDialectInterface::AliasResult`).
typedef enum MlirPassBridgeAliasKind {
  /// No alias.
  MlirPassBridgeAliasNone = 0,
  /// An alias another dialect's interface may replace.
  MlirPassBridgeAliasOverridable = 1,
  /// The alias; no other interface is asked.
  MlirPassBridgeAliasFinal = 2,
} MlirPassBridgeAliasKind;

/// A dialect's alias hook, asked for every attribute (`attr`, `type` null)
/// and every type (`type`, `attr` null) the printer meets: `userData` is
/// the dialect's, `definition` the Rust definition when the attribute or
/// type is one of this dialect's own (else null). An answer other than
/// `MlirPassBridgeAliasNone` writes the name (not empty) through `write`.
typedef MlirPassBridgeAliasKind (*MlirPassBridgeAliasHook)(
    const void *userData, MlirAttribute attr, MlirType type,
    const void *definition, MlirStringCallback write, void *writeData);

/// Gives a dialect description an `OpAsmDialectInterface` whose
/// `getAlias` calls `hook`. False on an exception.
bool mlirPassBridgeDialectSpecSetAliasHook(MlirPassBridgeDialectSpec *spec,
                                           MlirPassBridgeAliasHook hook)
    MLIR_PASS_BRIDGE_NOEXCEPT;

#endif /* MLIR_PASS_BRIDGE_API_DIALECT_ALIAS_H */
