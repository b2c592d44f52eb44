#include "app/pose_command.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "app/frame_options.h"
#include "app/subcommand.h"
#include "project/pose_json.h"

namespace app {
namespace {

struct PoseOptions {
  FrameOptions frame;
  bool json = false;
};

int run_pose(const PoseOptions& options) {
  ViewerScene scene;
  project::Project project;  // the file's, bound in scene
  FrameReport report;
  const int code = compose_frame(options.frame, project, scene, report);
  print_frame_report("pose", report);
  if (code != 0) return code;
  const anim::CharacterInstance& instance = scene.instance;
  const bool clip_shown = scene.mode != PlayMode::RestPose && instance.dominant_clip() >= 0;
  const anim::Clip* clip = clip_shown ? &scene.clips()[instance.dominant_clip()] : nullptr;
  const float time_s = clip ? instance.dominant_clip_time() : 0.0f;
  const anim::Skeleton& skeleton = scene.character.skeleton;
  const auto model = instance.model_pose();
  if (options.json) {
    nlohmann::json out =
        project::pose_to_json(options.frame.file, clip == nullptr ? std::string() : clip->name,
                              time_s, clip == nullptr ? 0.0f : clip->duration_s, skeleton, model);
    out["morph_weights"] = project::morph_weights_to_json(scene.bound.character->morph_channels,
                                                          instance.morph_weights());
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  std::printf("%s, clip %s, time %.4f s\n", options.frame.file.c_str(),
              clip == nullptr ? "(node pose)" : clip->name.c_str(), time_s);
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const glm::vec3 p(model[j][3]);
    std::printf("  %-32s at (%.4f, %.4f, %.4f)\n", skeleton.joint_names[j].c_str(), p.x, p.y, p.z);
  }
  return 0;
}

}  // namespace

void add_pose_command(CLI::App& app, int& exit_code) {
  const auto [pose, options] = add_subcommand(
      app, "pose",
      "Print every joint's model-space transform in a frame, as the viewer composes it", exit_code,
      run_pose);
  add_frame_file(*pose, options->frame);
  add_json_flag(*pose, options->json);
}

}  // namespace app
