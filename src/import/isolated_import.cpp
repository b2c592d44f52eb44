// importer::import_file and importer::import_clips: the in-process importer run in a child process
// (import/import_isolation.h), its result brought back in the form of
// import/character_serialization.h.

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "import/character_serialization.h"
#include "import/import_isolation.h"
#include "import/importer.h"

namespace Assimp {

// assimp's ai_assert calls this and then aborts; Debian builds assimp with its asserts on and
// offers no hook. Defining the function in the program takes the place of libassimp's own
// (ELF symbol interposition): it throws instead, and assimp's ReadFile turns the exception into
// an ordinary import error. It lives in this file because this file is always linked in.
[[noreturn]] void aiAssertViolation(const char* failed, const char* file, int line) {
  const std::string name = std::filesystem::path(file != nullptr ? file : "?").filename();
  throw std::runtime_error(std::string("assimp's internal check failed (") +
                           (failed != nullptr ? failed : "?") + " at " + name + ":" +
                           std::to_string(line) + ")");
}

}  // namespace Assimp

namespace importer {
namespace {

// "FBX", "glTF", ... for "the FBX importer crashed".
std::string format_name(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  if (!extension.empty()) extension.erase(0, 1);
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == "gltf" || extension == "glb") return "glTF";
  if (extension == "dae") return "Collada";
  if (extension.empty()) return "file";
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return extension;
}

// Runs read in a child and decodes its bytes with decode; failures of the child fill error and
// cancelled of the Result.
template <typename Result, typename Read, typename Decode>
Result run_isolated(const std::string& path, const ImportSettings& settings,
                    const ProgressCallback& progress, Read read, Decode decode) {
  const ChildJob job = [&](const ChildProgress& child_progress) {
    return serialize(read(ProgressCallback(child_progress)));
  };
  ChildOutcome outcome = run_in_child(settings.limits, job, progress);
  Result result;
  if (outcome.end == ChildEnd::kFinished) {
    try {
      return decode(outcome.payload);
    } catch (const MalformedResult& e) {
      result.error = "the " + format_name(path) + " importer sent back a broken result (" +
                     e.what() + ") reading " + path;
      return result;
    }
  }
  if (outcome.end == ChildEnd::kCancelled) {
    result.cancelled = true;
    result.error = path + ": import cancelled";
    return result;
  }
  result.error = "the " + format_name(path) + " importer " + outcome.cause + " reading " + path;
  return result;
}

}  // namespace

ImportResult import_file(const std::string& path, const ImportSettings& settings,
                         ProgressCallback progress) {
  if (!settings.limits.isolated) return import_file_in_process(path, settings, progress);
  return run_isolated<ImportResult>(
      path, settings, progress,
      [&](const ProgressCallback& child) { return import_file_in_process(path, settings, child); },
      deserialize_import_result);
}

ClipImportResult import_clips(const std::string& path, const anim::Skeleton& target,
                              const ImportSettings& settings, ProgressCallback progress) {
  if (!settings.limits.isolated) {
    return import_clips_in_process(path, target, settings, progress);
  }
  return run_isolated<ClipImportResult>(
      path, settings, progress,
      [&](const ProgressCallback& child) {
        return import_clips_in_process(path, target, settings, child);
      },
      deserialize_clip_import_result);
}

}  // namespace importer
