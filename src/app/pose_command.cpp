#include "app/pose_command.h"

#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/clip_sampling.h"
#include "anim/pose.h"
#include "app/cli_checks.h"
#include "asset/importer.h"
#include "asset/pose_json.h"

namespace app {
namespace {

struct PoseOptions {
  std::string file;
  std::string anim_file;
  std::string clip;  // a name, or an index when no clip has that name
  float time_s = 0.0f;
  bool json = false;
};

// The clip called name, else the clip at index name; nullopt when neither exists.
std::optional<std::size_t> find_clip(const std::vector<anim::Clip>& clips,
                                     const std::string& name) {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name == name) return i;
  }
  std::size_t index = 0;
  const char* end = name.data() + name.size();
  const auto [ptr, ec] = std::from_chars(name.data(), end, index);
  if (ec == std::errc() && ptr == end && index < clips.size()) return index;
  return std::nullopt;
}

std::string clip_names(const std::vector<anim::Clip>& clips) {
  std::string out;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    out += (i == 0 ? "" : ", ") + std::to_string(i) + ": '" + clips[i].name + "'";
  }
  return out.empty() ? "none" : out;
}

int run_pose(const PoseOptions& options) {
  const asset::ImportSettings settings;
  asset::ImportResult imported = asset::import_file(options.file, settings);
  if (!imported.ok()) {
    std::fprintf(stderr, "animview pose: %s\n", imported.error.c_str());
    return 1;
  }
  const anim::Skeleton& skeleton = imported.character.skeleton;
  std::vector<anim::Clip> clips = std::move(imported.character.clips);
  std::string clips_file = options.file;
  if (!options.anim_file.empty()) {
    asset::ClipImportResult loaded = asset::import_clips(options.anim_file, skeleton, settings);
    if (!loaded.ok()) {
      std::fprintf(stderr, "animview pose: %s\n", loaded.error.c_str());
      return 1;
    }
    clips.clear();
    for (asset::ImportedClip& c : loaded.clips) clips.push_back(std::move(c.clip));
    clips_file = options.anim_file;
  }

  std::vector<anim::Transform> local = skeleton.rest_pose;
  const anim::Clip* clip = nullptr;
  float time_s = 0.0f;
  if (!options.clip.empty()) {
    const std::optional<std::size_t> index = find_clip(clips, options.clip);
    if (!index) {
      std::fprintf(stderr, "animview pose: %s: no clip named or numbered '%s' (clips: %s)\n",
                   clips_file.c_str(), options.clip.c_str(), clip_names(clips).c_str());
      return 1;
    }
    clip = &clips[*index];
    time_s = anim::wrap_clip_time(*clip, options.time_s);
    const anim::ClipBinding binding = anim::bind_clip(*clip, skeleton);
    anim::SamplingCache cache(*clip);
    if (const anim::JobResult r = anim::sample_clip(*clip, binding, skeleton, time_s, cache, local);
        !r) {
      std::fprintf(stderr, "animview pose: %s: sampling clip '%s' failed: %s\n", clips_file.c_str(),
                   clip->name.c_str(), r.error);
      return 1;
    }
  }
  std::vector<glm::mat4> model(local.size());
  if (const anim::JobResult r = anim::local_to_model(skeleton, local, model); !r) {
    std::fprintf(stderr, "animview pose: %s: %s\n", options.file.c_str(), r.error);
    return 1;
  }

  if (options.json) {
    const nlohmann::json out =
        asset::pose_to_json(options.file, clip == nullptr ? std::string() : clip->name, time_s,
                            clip == nullptr ? 0.0f : clip->duration_s, skeleton, model);
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  std::printf("%s, clip %s, time %.4f s\n", options.file.c_str(),
              clip == nullptr ? "(bind pose)" : clip->name.c_str(), time_s);
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const glm::vec3 p(model[j][3]);
    std::printf("  %-32s at (%.4f, %.4f, %.4f)\n", skeleton.joint_names[j].c_str(), p.x, p.y, p.z);
  }
  return 0;
}

}  // namespace

void add_pose_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PoseOptions>();
  CLI::App* pose =
      app.add_subcommand("pose", "Print every joint's model-space transform at a time of a clip");
  pose->add_option("file", options->file, "Character file (its skeleton)")->required();
  pose->add_option("--anim-file", options->anim_file,
                   "Take the clips from this file, bound to the character by joint name");
  pose->add_option("--clip", options->clip, "Clip name or index (default: the bind pose)");
  pose->add_option("--time", options->time_s, "Time in seconds, wrapped to the clip's duration")
      ->check(finite_number());
  pose->add_flag("--json", options->json, "Print JSON (the format scripts should use)");
  pose->callback([options, &exit_code] { exit_code = run_pose(*options); });
}

}  // namespace app
