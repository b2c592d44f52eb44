#pragma once
// Importer: reads FBX, glTF 2.0 (.gltf/.glb), Collada, BVH, X and the other formats assimp knows
// into a Character (skeleton, skinned meshes, materials, clips) in metres, Y-up.
//
// import_file and import_clips read the file in a child process within settings.limits
// (import/import_isolation.h): a reader that crashes, aborts, runs out of memory or time becomes
// an error ("the FBX importer crashed (SIGSEGV) reading walk.fbx"), and the caller goes on. The
// *_in_process variants do the same work unprotected, in the calling process; the child runs
// them, and so do fuzzers.
//
// Safe to call from a worker thread: every call owns its assimp importer and touches no
// globals. Nothing throws: failures come back as a message naming the file and the cause.

#include <functional>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "import/character.h"
#include "import/import_settings.h"

namespace importer {

// Called now and then during an import with the fraction done, in [0, 1]. Returning false
// cancels the import (it then fails with cancelled set). Called on the importing thread.
using ProgressCallback = std::function<bool(float fraction)>;

struct ImportResult {
  Character character;  // valid when ok()
  std::string error;    // "<path>: <cause>" when the import failed
  bool cancelled = false;

  bool ok() const { return error.empty(); }
};

// Imports path with settings. A file with only a node tree and animation (BVH, animation-only
// glTF/FBX) gets a skeleton from its animated nodes and no meshes; a mesh-only file gets its
// meshes, a single-joint skeleton and no clips. Warnings go to character.report.
ImportResult import_file(const std::string& path, const ImportSettings& settings,
                         ProgressCallback progress = {});

// import_file without the child process.
ImportResult import_file_in_process(const std::string& path, const ImportSettings& settings,
                                    ProgressCallback progress = {});

struct ImportedClip {
  anim::Clip clip;                            // only tracks for joints of the target skeleton
  std::vector<std::string> unmatched_joints;  // joints the clip animates that the target lacks
};

struct ClipImportResult {
  std::vector<ImportedClip> clips;  // every animation of the file, bound to the target
  std::vector<std::string> warnings;
  std::string error;  // "<path>: <cause>" when the import failed
  bool cancelled = false;

  bool ok() const { return error.empty(); }
};

// Imports the animations of path (e.g. an animation-only file) for target, binding tracks to
// joints by name. Fails with a message listing the unmatched joints when a clip was made for
// another skeleton (fewer than half of its joints exist in target), or when the file has no
// animation. Joints the target lacks but most others match are reported per clip and warned.
ClipImportResult import_clips(const std::string& path, const anim::Skeleton& target,
                              const ImportSettings& settings, ProgressCallback progress = {});

// import_clips without the child process.
ClipImportResult import_clips_in_process(const std::string& path, const anim::Skeleton& target,
                                         const ImportSettings& settings,
                                         ProgressCallback progress = {});

}  // namespace importer
