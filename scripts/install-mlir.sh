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
# stock mlir-opt depends on that).
PREFIX=/usr/lib/llvm-22
if [ ! -e "$PREFIX/lib/libMLIR-C.so" ]; then
  echo "install-mlir: building $PREFIX/lib/libMLIR-C.so"
  archives=()
  for a in "$PREFIX"/lib/libMLIRCAPI*.a; do
    case "$a" in *ExecutionEngine*) continue ;; esac
    archives+=("$a")
  done
  tmp=$(mktemp -d)
  g++ -shared -o "$tmp/libMLIR-C.so" -Wl,-soname,libMLIR-C.so \
    -Wl,--whole-archive "${archives[@]}" -Wl,--no-whole-archive \
    -L"$PREFIX/lib" -Wl,-rpath,"$PREFIX/lib" -lMLIR -lLLVM -Wl,-z,defs
  $SUDO install -m 0644 "$tmp/libMLIR-C.so" "$PREFIX/lib/libMLIR-C.so"
  rm -rf "$tmp"
fi
echo "install-mlir: ready ($PREFIX)"
