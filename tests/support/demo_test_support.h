#pragma once
// Shared by the demo character tests: one demo character built once, and its clips played the
// way the viewer plays them (the anim runtime's sampling and local-to-model), with root motion
// accumulated across loops.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/pose.h"
#include "demo/demo_character.h"
#include "import/character.h"

namespace demo::demo_test {

// The demo character, generated once for the whole test program.
inline const importer::Character& demo() {
  static const importer::Character character = make_demo_character();
  return character;
}

inline const anim::Clip& clip_named(const std::string& name) {
  for (const anim::Clip& clip : demo().clips) {
    if (clip.name == name) return clip;
  }
  static const anim::Clip none;
  return none;
}

// Plays one clip of a character with root motion: the model-space matrices of all joints at any
// time, where times beyond the first cycle (or before it) move the character by whole cycles of
// the root's motion, as measured from the root joint's first and last keys.
class ClipPlayer {
 public:
  ClipPlayer(const importer::Character& character, const anim::Clip& clip)
      : character_(character),
        clip_(clip),
        binding_(anim::bind_clip(clip, character.skeleton)),
        cache_(clip) {
    const glm::mat4 first =
        anim::to_matrix(anim::sample_joint(clip, binding_, character.skeleton, 0, 0.0f));
    const glm::mat4 last =
        anim::to_matrix(anim::sample_joint(clip, binding_, character.skeleton, 0, clip.duration_s));
    cycle_step_ = last * glm::inverse(first);
  }

  std::vector<glm::mat4> model_at(float time_s) {
    const int joints = character_.skeleton.joint_count();
    std::vector<anim::Transform> local(joints);
    std::vector<glm::mat4> model(joints);
    const float cycles = std::floor(time_s / clip_.duration_s);
    const float t = time_s - cycles * clip_.duration_s;
    EXPECT_TRUE(anim::sample_clip(clip_, binding_, character_.skeleton, t, cache_, local));
    EXPECT_TRUE(anim::local_to_model(character_.skeleton, local, model));
    glm::mat4 moved(1.0f);
    for (int i = 0; i < static_cast<int>(std::abs(cycles)); ++i) {
      moved = (cycles > 0 ? cycle_step_ : glm::inverse(cycle_step_)) * moved;
    }
    for (glm::mat4& m : model) m = moved * m;
    return model;
  }

  glm::vec3 joint_position(const std::string& joint, float time_s) {
    return glm::vec3(model_at(time_s)[character_.skeleton.find_joint(joint)][3]);
  }

 private:
  const importer::Character& character_;
  const anim::Clip& clip_;
  anim::ClipBinding binding_;
  anim::SamplingCache cache_;
  glm::mat4 cycle_step_{1.0f};
};

inline float marker_time(const anim::Clip& clip, const std::string& name) {
  for (const anim::Marker& m : clip.markers) {
    if (m.name == name) return m.time_s;
  }
  ADD_FAILURE() << clip.name << " has no marker " << name;
  return 0.0f;
}

}  // namespace demo::demo_test
