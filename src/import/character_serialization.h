#pragma once
// A compact binary form of import results, for the pipe between the importing child process and
// the viewer (import/import_isolation.h). Both ends are the same build of the same program, so
// the format has no version and stores numbers in the machine's own byte order; the reader
// still checks every length against the bytes it has, so a truncated or corrupt message is an
// error, never a read out of bounds.

#include <stdexcept>
#include <string>

#include "import/importer.h"

namespace importer {

// Thrown by the readers when the bytes do not hold what they should.
struct MalformedResult : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string serialize(const ImportResult& result);
std::string serialize(const ClipImportResult& result);

// Each reads what the matching serialize wrote, or throws MalformedResult.
ImportResult deserialize_import_result(const std::string& bytes);
ClipImportResult deserialize_clip_import_result(const std::string& bytes);

}  // namespace importer
