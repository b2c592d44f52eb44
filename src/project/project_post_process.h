#pragma once
// The project's "post_process" section (issue 42): the procedural layers run after the clips and
// foot IK, in their saved order, joints by name. bind_post_process turns it into the anim
// runtime's entries (anim/post_process_stack.h) for one character.

#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "anim/post_process_stack.h"
#include "import/character.h"

namespace project {

// One entry as the file has it. Which fields are read depends on kind:
// - look_at: joints (lowest first, the aiming joint last; empty: the rig's chest, neck and head),
//   joint_weights (one per joint; empty: 0.2, 0.3, 0.5 or the rig's), target, limit_deg,
//   follow_camera (the viewer's eye, or render's camera, replaces the target each frame),
//   aim_yaw_parameter and aim_pitch_parameter (parameters the target's yaw and pitch seen from
//   the aiming joint, anim/aim_offset.h, set every frame: an aim offset is an additive layer
//   playing a 2D blend space of aim poses over them; empty: none);
// - twist: joints holds the followed joint (the hand) or nothing for every twist rig found;
//   joint_weights, when given, the shares of its twist joints (one each, in [0, 1]; empty: by
//   distance along the bone);
// - spring: joints (a chain, each the child of the one before), frequency_hz, damping_ratio,
//   gravity, sphere_center, sphere_radius_m;
// - multi_bone_ik: joints (a chain), target, cone_deg (every joint's cone; 0 free),
//   follow_camera;
// - foot_ik: nothing (the rig's legs, the view's foot-IK settings; the view's foot_ik toggle
//   says whether it runs). One at most; a stack without one runs foot IK first.
// ghost keeps the pose before the entry for the viewer to draw faintly.
// Positions are in the character's model space (metres, Y up).
struct ProjectPostProcess {
  anim::PostProcessKind kind = anim::PostProcessKind::LookAt;
  float weight = 1.0f;
  bool solo = false;
  bool mute = false;
  bool ghost = false;
  std::vector<std::string> joints;
  std::vector<float> joint_weights;
  glm::vec3 target{0.0f, 1.5f, 1.0f};
  float limit_deg = 70.0f;
  float frequency_hz = 3.0f;
  float damping_ratio = 0.4f;
  glm::vec3 gravity{0.0f, -9.81f, 0.0f};
  glm::vec3 sphere_center{0.0f};
  float sphere_radius_m = 0.0f;
  float cone_deg = 0.0f;
  bool follow_camera = false;
  std::string aim_yaw_parameter;
  std::string aim_pitch_parameter;
};

// The kind named by text ("look_at", "twist", "spring", "multi_bone_ik", "foot_ik"); false
// when unknown.
bool parse_post_process_kind(std::string_view text, anim::PostProcessKind& out);

// Puts a foot-IK entry first in entries when they have none: where foot IK ran before it was an
// entry, so a project saved then keeps its result (and its foot IK shows in the stack).
void put_foot_ik_first_if_missing(std::vector<ProjectPostProcess>& entries);

// The anim entries of entries on character: joints found by name, the look-at's defaults from
// the rig, a twist entry without a joint expanded into one entry per twist rig found. Returns ""
// or the cause naming the entry ("post_process[2].joints: no joint 'tail_9'"); out is only
// written on success. Not per frame.
std::string bind_post_process(const std::vector<ProjectPostProcess>& entries,
                              const importer::Character& character,
                              std::vector<anim::PostProcessEntry>& out);

}  // namespace project
