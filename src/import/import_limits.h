#pragma once
// ImportLimits: what an import may spend. Model and clip files are read in a child process (see
// import/import_isolation.h) because assimp crashes, aborts, overflows its stack or grows without
// bound on some files; these limits bound that child.

#include <cstdint>

namespace importer {

struct ImportLimits {
  // Memory the import may add to the process, in bytes. 0 means the default: 4 GiB or half of
  // the machine's memory, whichever is smaller.
  std::uint64_t memory_bytes = 0;
  // CPU time the import may take, in seconds (at least 1). A child that waits without using the
  // CPU is stopped after twice this plus 10 s in wall time.
  int cpu_seconds = 60;
  // The stack the import runs on, in bytes: assimp's readers recurse once per level of nesting.
  std::uint64_t stack_bytes = std::uint64_t{256} << 20;
  // false imports in the calling process, unprotected: for fuzzers and debuggers only.
  bool isolated = true;
};

// memory_bytes with the default resolved: min(4 GiB, physical memory / 2) when it is 0.
std::uint64_t effective_memory_limit(const ImportLimits& limits);

// The limits an ImportSettings starts with. The command line sets them once at start-up, from
// its --import-* options, before any thread runs; nothing else should.
const ImportLimits& default_import_limits();
void set_default_import_limits(const ImportLimits& limits);

}  // namespace importer
