#include "project/motion_matching_build.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "anim/ground_motion.h"
#include "anim/ground_motion_baking.h"
#include "anim/mirror.h"
#include "import/rig_finder.h"

namespace project {

namespace {

// The first joint whose lower-case name holds side and one of the foot words (mocap rigs such
// as CMU's name their legs LeftHip, LeftKnee, LeftAnkle, which the foot IK finder does not take).
int find_foot_by_name(const anim::Skeleton& skeleton, const char* side) {
  for (const char* word : {"foot", "ankle"}) {
    for (int j = 0; j < skeleton.joint_count(); ++j) {
      std::string name = skeleton.joint_names[static_cast<std::size_t>(j)];
      std::transform(name.begin(), name.end(), name.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (name.find(side) != std::string::npos && name.find(word) != std::string::npos &&
          name.find("step") == std::string::npos) {
        return j;
      }
    }
  }
  return -1;
}

// find_motion_matching_joints, with the legs found (none when the feet were found by name).
bool find_joints_and_legs(const anim::Skeleton& skeleton, anim::MotionMatchingJoints& out,
                          anim::FootIkRig& rig, std::string* error) {
  std::string cause;
  rig = importer::find_biped_legs(skeleton, &cause);
  if (rig.legs.size() != 2) {
    rig = {};
    out.left_foot = find_foot_by_name(skeleton, "left");
    out.right_foot = find_foot_by_name(skeleton, "right");
    out.root = importer::find_root_motion_joint(skeleton);
    out.hips = out.root;
    if (out.left_foot >= 0 && out.right_foot >= 0) return true;
    if (error) *error = "no biped legs found (" + cause + ")";
    return false;
  }
  out.left_foot = rig.legs[0].foot;
  out.right_foot = rig.legs[1].foot;
  out.hips = rig.pelvis;
  out.root = importer::find_root_motion_joint(skeleton, rig);
  return true;
}

}  // namespace

bool find_motion_matching_joints(const anim::Skeleton& skeleton, anim::MotionMatchingJoints& out,
                                 std::string* error) {
  anim::FootIkRig rig;
  return find_joints_and_legs(skeleton, out, rig, error);
}

StandingClips find_standing_clips(const anim::Skeleton& skeleton, const anim::Rig& rig,
                                  std::span<const anim::Clip> clips) {
  StandingClips standing;
  standing.stands.assign(clips.size(), 1);
  standing.stances.assign(clips.size(), {});
  for (std::size_t c = 0; c < clips.size(); ++c) {
    standing.stances[c] = anim::measure_stance(skeleton, rig, clips[c]);
    standing.stands[c] = anim::stands(standing.stances[c]) ? 1 : 0;
  }
  return standing;
}

std::string why_not_standing(const anim::Stance& stance) {
  const auto degrees = [](float cosine) {
    return static_cast<int>(std::lround(glm::degrees(std::acos(std::clamp(cosine, -1.0f, 1.0f)))));
  };
  if (stance.torso < anim::kStandingTorso) {
    return "its torso leans " + std::to_string(degrees(stance.torso)) + " degrees from upright";
  }
  return "its thighs rise " + std::to_string(degrees(stance.thigh)) + " degrees from straight down";
}

MotionMatchingBuild build_motion_matching(const importer::Character& character,
                                          const MotionMatchingBuildOptions& options) {
  MotionMatchingBuildOptions with_legs = options;
  if (with_legs.legs.legs.empty()) with_legs.legs = importer::find_legs(character);
  return build_motion_matching(character.skeleton, character.clips, character.source_path,
                               with_legs);
}

MotionMatchingBuild build_motion_matching(const anim::Skeleton& skeleton,
                                          std::span<const anim::Clip> clips,
                                          const std::string& source,
                                          const MotionMatchingBuildOptions& options) {
  MotionMatchingBuild build;
  std::string cause;
  anim::FootIkRig legs;
  if (!find_joints_and_legs(skeleton, build.joints, legs, &cause)) {
    build.error = source + ": " + cause;
    return build;
  }
  auto included = [&](std::size_t c) {
    return options.clip_included.empty() ||
           (c < options.clip_included.size() && options.clip_included[c] != 0);
  };
  std::vector<std::string> notices;
  const anim::FootIkRig& gait_legs = options.legs.legs.empty() ? legs : options.legs;
  anim::RootMotionSettings root_motion;
  root_motion.root_joint = build.joints.root;
  for (std::size_t c = 0; c < clips.size(); ++c) {
    const anim::GroundMotion ground =
        included(c) && !gait_legs.legs.empty()
            ? anim::synthesize_ground_motion(skeleton, clips[c], gait_legs.legs, root_motion)
            : anim::GroundMotion{};
    build.clips.push_back(anim::bake_ground_motion(skeleton, clips[c], ground, build.joints.root));
    if (!ground.empty()) {
      notices.push_back(source + ": clip '" + clips[c].name +
                        "' plays in place: its root motion is measured from its feet");
    }
    build.bindings.push_back(anim::bind_clip(build.clips.back(), skeleton));
  }
  if (options.mirrored) {
    // Without limbs the table still pairs joints by name and geometry.
    importer::Character rig_source;
    rig_source.skeleton = skeleton;
    const anim::MirrorTable table =
        importer::mirror_table(rig_source, importer::find_character_rig(rig_source));
    build.mirrored_clips.resize(clips.size());
    build.mirrored_bindings.resize(clips.size());
    for (std::size_t c = 0; c < clips.size(); ++c) {
      if (!included(c)) continue;
      std::string why;
      build.mirrored_clips[c] = anim::mirror_clip(build.clips[c], skeleton, table, &why);
      if (build.mirrored_clips[c].tracks.empty()) {
        notices.push_back(source + ": clip '" + clips[c].name + "' left unmirrored: " + why);
        continue;
      }
      build.mirrored_bindings[c] = anim::bind_clip(build.mirrored_clips[c], skeleton);
    }
  }
  std::vector<anim::DatabaseSource> sources;
  const int repeats = std::max(1, options.repeats);
  for (int repeat = 0; repeat < repeats; ++repeat) {
    for (std::size_t c = 0; c < clips.size(); ++c) {
      if (!included(c)) continue;
      const anim::Clip& clip = build.clips[c];
      // Sub-frame offsets of the database's 60 Hz grid.
      const float offset = options.start_offset_s +
                           static_cast<float>(repeat) / (60.0f * static_cast<float>(repeats));
      for (bool mirrored : {false, true}) {
        if (mirrored && (!options.mirrored || build.mirrored_clips[c].tracks.empty())) continue;
        sources.push_back({&clip, &build.bindings[c], static_cast<int>(c), mirrored, offset});
      }
    }
  }
  anim::DatabaseSettings settings;
  settings.joints = build.joints;
  settings.weights = options.weights;
  build.database = anim::build_motion_matching_database(skeleton, sources, settings, &cause);
  if (build.database.frame_count() == 0) build.error = source + ": " + cause;
  build.database.notices.insert(build.database.notices.end(), notices.begin(), notices.end());
  return build;
}

}  // namespace project
