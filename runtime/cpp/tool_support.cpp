// What `lsp_main` and `reduce_main` share (tool_support.h): their dialect
// registry (upstream's dialects and extensions, some left out, then the
// Rust dialects) and their stack.
//
// `DialectRegistry` has no way to take a dialect or an extension out (its
// two maps are private), so they are reached as opt_main.cpp reaches them:
// an explicit template instantiation, where access checks do not apply to
// the template arguments ([temp.spec.general]/6). The tags are this file's
// own, so the bridge's one translation unit holds both.

#include "tool_support.h"

#include "bridge_support.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <sys/resource.h>
#include <vector>

namespace mlir_pass_bridge {
namespace tool_registry {

struct Dialects {
  friend auto reach(Dialects);
};
struct Extensions {
  friend auto reach(Extensions);
};
template <typename Tag, auto Member> struct Reach {
  friend auto reach(Tag) { return Member; }
};
template struct Reach<Dialects, &mlir::DialectRegistry::registry>;
template struct Reach<Extensions, &mlir::DialectRegistry::extensions>;

/// Takes the dialects `names` out of `registry`, with the extensions that
/// need any of them; returns the first name no dialect has, or "".
std::string remove(mlir::DialectRegistry &registry,
                   llvm::ArrayRef<std::string> names) {
  auto &dialects = registry.*reach(Dialects{});
  for (const std::string &name : names)
    if (!dialects.erase(name))
      return name;
  auto &extensions = registry.*reach(Extensions{});
  extensions.remove_if([&](const auto &entry) {
    return llvm::any_of(entry.second->getRequiredDialects(),
                        [&](llvm::StringRef d) {
                          return llvm::is_contained(names, d.str());
                        });
  });
  return "";
}

} // namespace tool_registry

bool buildToolRegistry(mlir::DialectRegistry &registry,
                       const MlirStringRef *withoutDialects,
                       intptr_t numWithoutDialects,
                       void (*insertDialects)(MlirDialectRegistry)) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  std::vector<std::string> without;
  for (intptr_t i = 0; withoutDialects && i < numWithoutDialects; ++i)
    without.push_back(unwrap(withoutDialects[i]).str());
  std::string unknown = tool_registry::remove(registry, without);
  if (!unknown.empty()) {
    llvm::errs() << "error: no upstream dialect is named '" << unknown
                 << "', so none can be left out (the tool's "
                    "`without_upstream_dialects`)\n";
    return false;
  }
  if (insertDialects)
    insertDialects(wrap(&registry));
  return true;
}

void raiseStackLimit() {
  // The main thread's stack grows on demand up to RLIMIT_STACK, and Linux
  // leaves at least 128 MiB free below it when a program starts.
  constexpr rlim_t limit = 120ull << 20;
  struct rlimit current;
  if (getrlimit(RLIMIT_STACK, &current) != 0 ||
      current.rlim_cur == RLIM_INFINITY || current.rlim_cur >= limit)
    return;
  current.rlim_cur =
      current.rlim_max == RLIM_INFINITY || current.rlim_max >= limit
          ? limit
          : current.rlim_max;
  setrlimit(RLIMIT_STACK, &current);
}

} // namespace mlir_pass_bridge
