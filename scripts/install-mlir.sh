#!/usr/bin/env bash
# Installs LLVM/MLIR 22 from Debian's packages, plus what the tests need.
# Idempotent: skips every package that is already installed.
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools libclang-22-dev clang-22
  llvm-22-tools libpolly-22-dev libzstd-dev libz3-dev libxml2-dev zlib1g-dev
  valgrind
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-mlir: all packages present"
else
  echo "install-mlir: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Debian ships libMLIR.so (C++ only) but no libMLIR-C.so, which the shared link
# mode needs. Build one from Debian's static C-API archives, linked against
# libMLIR.so so that a process holds a single copy of MLIR (the plugin for the
# stock mlir-opt depends on that). Every C-API archive goes in, the JIT's
# (libMLIRCAPIExecutionEngine.a: mlirExecutionEngine*, for mlir_pass::jit)
# included; it needs nothing beyond libMLIR.so and libLLVM.so (the native
# target's LLVMInitializeX86*), which `-z defs` confirms.
PREFIX=/usr/lib/llvm-22
LIB="$PREFIX/lib/libMLIR-C.so"
# An older version of this script left the ExecutionEngine archive out: a
# library without its symbols is rebuilt, so check the symbol, not the file.
# (nm's output is read whole first: `nm | grep -q` under pipefail fails when
# grep stops reading early and nm gets SIGPIPE.)
exports() { nm -D --defined-only "$1" 2>/dev/null || true; }
if ! grep -qw mlirExecutionEngineCreate <<<"$(exports "$LIB")"; then
  echo "install-mlir: building $LIB"
  archives=("$PREFIX"/lib/libMLIRCAPI*.a)
  tmp=$(mktemp -d)
  g++ -shared -o "$tmp/libMLIR-C.so" -Wl,-soname,libMLIR-C.so \
    -Wl,--whole-archive "${archives[@]}" -Wl,--no-whole-archive \
    -L"$PREFIX/lib" -Wl,-rpath,"$PREFIX/lib" -lMLIR -lLLVM -Wl,-z,defs
  built=$(exports "$tmp/libMLIR-C.so")
  for symbol in mlirExecutionEngineCreate mlirTranslateModuleToLLVMIR mlirRegisterAllLLVMTranslations; do
    if ! grep -qw "$symbol" <<<"$built"; then
      echo "install-mlir: the built libMLIR-C.so does not export $symbol" >&2
      exit 1
    fi
  done
  $SUDO install -m 0644 "$tmp/libMLIR-C.so" "$LIB"
  rm -rf "$tmp"
fi
echo "install-mlir: ready ($PREFIX)"
