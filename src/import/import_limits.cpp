#include "import/import_limits.h"

#include <unistd.h>

#include <algorithm>

namespace importer {
namespace {

ImportLimits& process_limits() {
  static ImportLimits limits;
  return limits;
}

}  // namespace

std::uint64_t effective_memory_limit(const ImportLimits& limits) {
  if (limits.memory_bytes > 0) return limits.memory_bytes;
  constexpr std::uint64_t kFourGiB = std::uint64_t{4} << 30;
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return kFourGiB;
  return std::min(kFourGiB,
                  static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) / 2);
}

const ImportLimits& default_import_limits() {
  return process_limits();
}

void set_default_import_limits(const ImportLimits& limits) {
  process_limits() = limits;
}

}  // namespace importer
