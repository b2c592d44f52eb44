#include "import/importer.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <memory>

#include <assimp/BaseImporter.h>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>

#include "import/clip_builder.h"
#include "import/clip_rebinding.h"
#include "import/gltf_reader.h"
#include "import/gltf_version.h"
#include "import/import_path.h"
#include "import/material_builder.h"
#include "import/mesh_builder.h"
#include "import/scene_conversion.h"
#include "import/skeleton_builder.h"

namespace importer {
namespace {

// assimp's read covers the first 90% of the progress bar; our conversion the rest.
constexpr float kReadShare = 0.9f;

// Not aiProcess_RemoveRedundantMaterials: it fails animation-only glTF files ("No materials
// remaining"). Not aiProcess_LimitBoneWeights: the mesh builder limits influences itself so it
// can count the vertices affected. Nothing that flattens the node tree (PreTransformVertices,
// OptimizeGraph), which would lose the skeleton.
constexpr unsigned kPostProcess = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                  aiProcess_GenSmoothNormals | aiProcess_SortByPType |
                                  aiProcess_ValidateDataStructure;

class CallbackProgress final : public Assimp::ProgressHandler {
 public:
  CallbackProgress(const ProgressCallback& callback, bool& cancelled)
      : callback_(callback), cancelled_(cancelled) {}
  bool Update(float percentage) override {
    if (!callback_ || percentage < 0.0f) return true;
    // assimp restarts its count per stage; a progress bar must never go back.
    reported_ = std::max(reported_, std::min(percentage, 1.0f) * kReadShare);
    if (!callback_(reported_)) cancelled_ = true;
    return !cancelled_;
  }

 private:
  const ProgressCallback& callback_;
  bool& cancelled_;
  float reported_ = 0.0f;
};

// When the reader for the file's extension does not recognise the content, assimp tries every
// other reader and reports the last one's complaint ("OBJ: Invalid face index" for a truncated
// .glb); say what happened instead.
std::string refusal_by_extension(const Assimp::Importer& importer, const std::string& path,
                                 const std::string& extension) {
  Assimp::BaseImporter* reader = importer.GetImporter(extension.c_str());
  if (reader == nullptr || reader->CanRead(path, importer.GetIOHandler(), false)) return {};
  return "assimp cannot read it: no reader for '" + extension +
         "' recognises its content (is it truncated, or another format under this name?)";
}

struct Loaded {
  Assimp::Importer importer;
  const aiScene* scene = nullptr;
  bool cancelled = false;
  std::string error;
};

void read_scene(const std::string& path, const ImportSettings& settings,
                const ProgressCallback& progress, Loaded& loaded) {
  if (std::string cause = check_import_path(path); !cause.empty()) {
    loaded.error = std::move(cause);
    return;
  }
  const std::string extension = std::filesystem::path(path).extension().string();
  if (!loaded.importer.IsExtensionSupported(extension)) {
    loaded.error = "'" + extension + "' is not a format assimp can read";
    return;
  }
  loaded.importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);
  loaded.importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION,
                                  settings.up_axis != UpAxis::kAuto);
  loaded.importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE,
                                     aiPrimitiveType_POINT | aiPrimitiveType_LINE);
  // The importer owns and deletes the handler.
  loaded.importer.SetProgressHandler(new CallbackProgress(progress, loaded.cancelled));
  loaded.scene = loaded.importer.ReadFile(path, kPostProcess);
  if (loaded.cancelled) {
    loaded.error = "import cancelled";
  } else if (loaded.scene == nullptr) {
    loaded.error = refusal_by_extension(loaded.importer, path, extension);
    if (loaded.error.empty()) {
      loaded.error = std::string("assimp cannot read it: ") + loaded.importer.GetErrorString();
    }
  } else if (loaded.scene->mRootNode == nullptr) {
    loaded.error = "the scene has no node tree";
  } else if (loaded.scene->mNumMeshes == 0 && loaded.scene->mNumAnimations == 0) {
    loaded.error = "contains neither meshes nor animation";
  }
}

bool report_progress(const ProgressCallback& progress, float fraction) {
  return !progress || progress(fraction);
}

std::string convert(const aiScene& scene, const std::string& path, const ImportSettings& settings,
                    const ProgressCallback& progress, Character& character, bool& cancelled) {
  character.source_path = path;
  ImportReport& report = character.report;
  const SceneConversion conversion =
      make_scene_conversion(scene, settings, root_is_animated(scene), report.warnings);
  report.unit_scale_applied = conversion.unit_scale;
  report.up_axis_converted = conversion.up_axis_converted;
  SkeletonBuild skeleton;
  if (std::string error = build_skeleton(scene, conversion, skeleton, report.warnings);
      !error.empty()) {
    return error;
  }
  if (!report_progress(progress, 0.93f)) return cancelled = true, "import cancelled";
  if (std::string error = build_clips(scene, conversion, skeleton, settings,
                                      std::filesystem::path(path).filename().string(),
                                      character.clips, report.warnings);
      !error.empty()) {
    return error;
  }
  if (!report_progress(progress, 0.96f)) return cancelled = true, "import cancelled";
  const aiMesh* stand_in = skeleton_stand_in(scene);
  build_meshes(scene, conversion, skeleton, settings, stand_in, character.meshes, report);
  if (character.meshes.empty() && character.clips.empty()) {
    report.warnings.push_back("it has no mesh and no animation: only its " +
                              std::to_string(skeleton.skeleton.joint_count()) +
                              " nodes are shown (cameras, lights or a bare skeleton)");
  }
  const std::string directory = std::filesystem::path(path).parent_path().string();
  character.materials = build_materials(scene, directory, report.warnings);
  // The material of assimp's stand-in mesh went with it (no other mesh is left to use one).
  if (stand_in) character.materials.erase(character.materials.begin() + stand_in->mMaterialIndex);
  character.skeleton = std::move(skeleton.skeleton);
  if (!report_progress(progress, 1.0f)) return cancelled = true, "import cancelled";
  return {};
}

std::string joined(const std::vector<std::string>& names, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < limit; ++i) {
    out += (i == 0 ? "" : ", ") + names[i];
  }
  if (names.size() > limit) out += " and " + std::to_string(names.size() - limit) + " more";
  return out;
}

}  // namespace

ImportResult import_file_in_process(const std::string& path, const ImportSettings& settings,
                                    ProgressCallback progress) {
  // glTF 2.0 through tinygltf, which keeps what assimp loses (interpolation, skins without
  // inverse binds, materials); glTF 1.0 and every other format through assimp.
  const GltfVersion gltf = is_gltf_path(path) ? gltf_version(path) : GltfVersion{};
  if (is_gltf_path(path) && gltf.major != 1) return read_gltf(path, settings, progress);
  ImportResult result;
  try {
    Loaded loaded;
    read_scene(path, settings, progress, loaded);
    std::string error = loaded.error;
    result.cancelled = loaded.cancelled;
    if (error.empty()) {
      error = convert(*loaded.scene, path, settings, progress, result.character, result.cancelled);
    }
    if (!error.empty()) {
      result.error = path + ": " + error;
      // assimp's glTF 1.0 reader often fails on the binary container, which tinygltf does not
      // read at all: say what the file is and what would open it.
      if (gltf.major == 1 && gltf.binary) {
        result.error +=
            " (a binary glTF 1.0, which tinygltf does not read: convert it to glTF 2.0)";
      }
      result.character = {};
    }
  } catch (const std::exception& e) {
    result.error = path + ": " + e.what();
    result.character = {};
  }
  return result;
}

ClipImportResult import_clips_in_process(const std::string& path, const anim::Skeleton& target,
                                         const ImportSettings& settings,
                                         ProgressCallback progress) {
  ClipImportResult result;
  ImportResult imported = import_file_in_process(path, settings, std::move(progress));
  result.cancelled = imported.cancelled;
  if (!imported.ok()) {
    result.error = std::move(imported.error);
    return result;
  }
  const Character& source = imported.character;
  result.warnings = source.report.warnings;
  if (source.clips.empty()) {
    result.error = path + ": contains no animation";
    return result;
  }
  for (const anim::Clip& clip : source.clips) {
    ReboundClip rebound = rebind_clip(clip, source.skeleton, target);
    if (is_foreign_clip(rebound, clip.tracks.size())) {
      result.clips.clear();
      result.error =
          path + ": clip '" + clip.name +
          "' was made for another skeleton: " + std::to_string(rebound.unmatched_joints.size()) +
          " of its " + std::to_string(clip.tracks.size()) +
          " animated joints are not in the character: " + joined(rebound.unmatched_joints, 20);
      return result;
    }
    if (!rebound.unmatched_joints.empty()) {
      result.warnings.push_back("clip '" + clip.name + "' animates joints the character lacks (" +
                                joined(rebound.unmatched_joints, 20) + "); they are ignored");
    }
    result.clips.push_back({std::move(rebound.clip), std::move(rebound.unmatched_joints)});
  }
  return result;
}

}  // namespace importer
