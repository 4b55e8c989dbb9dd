// `odsb`: the ops of the Rust test dialect `rtest` (tests/src/test_dialect.rs)
// that the dialect benchmark uses, written in ODS as a C++ author would.
// `build.rs` runs `mlir-tblgen` on this file; `ods_dialect.cpp` holds the
// hand-written parts (folders, verifier, patterns, constant materializer).

#ifndef ODSB_DIALECT
#define ODSB_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Odsb_Dialect : Dialect {
  let name = "odsb";
  let summary = "The `rtest` dialect's benchmark ops, in ODS.";
  let cppNamespace = "::odsb";
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let hasConstantMaterializer = 1;
  // Like with like: Rust ops keep their inherent attributes as properties,
  // as ODS ops do by default.
}

class Odsb_Op<string mnemonic, list<Trait> traits = []>
    : Op<Odsb_Dialect, mnemonic, traits>;

def Odsb_ConstantOp : Odsb_Op<"constant", [Pure, ConstantLike]> {
  let summary = "An integer constant.";
  let arguments = (ins I64Attr:$value);
  let results = (outs I64:$output);
  let hasFolder = 1;
  let assemblyFormat = "$value attr-dict";
}

def Odsb_AddOp : Odsb_Op<"add",
    [Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "Integer addition.";
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs);
  let results = (outs AnyInteger:$output);
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($output)";
}

def Odsb_TransposeOp : Odsb_Op<"transpose", [Pure]> {
  let summary = "Transposes a 2-D tensor.";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$output);
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let assemblyFormat =
      "`(` $input `:` type($input) `)` attr-dict `to` type(results)";
}

def Odsb_PrintOp : Odsb_Op<"print"> {
  let summary = "Prints a value (has side effects: never erased).";
  let arguments = (ins AnyType:$input);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

#endif // ODSB_DIALECT
