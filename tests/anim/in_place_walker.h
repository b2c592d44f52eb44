#pragma once
// A synthetic character for ground-motion tests: a biped walking in place.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "anim/bound_character.h"
#include "anim/clip.h"
#include "anim/foot_ik.h"
#include "anim/ground_motion.h"
#include "anim/skeleton.h"

namespace anim::testing {

// A biped that walks in place: each thigh hangs from the hips 1 unit up, the foot 0.9 below it,
// its heel and toe on the ground. The thighs' translation carries the feet: in stance (half the
// one-second cycle, the legs half a cycle apart) a foot slides backwards along -Z by the stride
// (0.6: at a steady 1.2 units/s); in swing it lifts (0.15 at its height, off the ground within a
// frame) and comes forward. Made to have root motion of its own (hips_travel), the hips move
// forward along +Z by that much per cycle. A stance_share under a half makes it run: each foot
// slides back by the stride over that share of the cycle, and both are up in between.
struct InPlaceWalker {
  Skeleton skeleton;
  Clip clip;
  FootIkRig rig;

  explicit InPlaceWalker(float stride = 0.6f, float hips_travel = 0.0f, float stance_share = 0.5f) {
    skeleton.joint_names = {"root",   "hips",    "thigh_l", "calf_l", "foot_l",
                            "toes_l", "thigh_r", "calf_r",  "foot_r", "toes_r"};
    skeleton.parents = {kNoParent, 0, 1, 2, 3, 4, 1, 6, 7, 8};
    skeleton.rest_pose.resize(10);
    skeleton.rest_pose[1].translation = {0, 1, 0};
    for (int side = 0; side < 2; ++side) {
      const int t = 2 + 4 * side;
      skeleton.rest_pose[t].translation = {side == 0 ? 0.1f : -0.1f, 0, 0};
      skeleton.rest_pose[t + 1].translation = {0, -0.45f, 0};
      skeleton.rest_pose[t + 2].translation = {0, -0.45f, 0};
      skeleton.rest_pose[t + 3].translation = {0, 0, 0.15f};
    }
    skeleton.inverse_bind.assign(10, glm::mat4(1.0f));

    clip.name = "walk_in_place";
    clip.duration_s = 1.0f;
    clip.source_fps = 30.0f;
    clip.loop = true;
    const float h = 0.5f * stride;
    auto leg_track = [&](const char* name, float phase) {
      JointTrack track;
      track.joint_name = name;
      // Stance from phase to phase + stance_share (sliding back), swing after it (lifted,
      // forward), keyed densely.
      for (int i = 0; i <= 120; ++i) {
        const float t = static_cast<float>(i) / 120.0f;
        const float u = std::fmod(t - phase + 1.0f, 1.0f);
        glm::vec3 p;
        if (u <= stance_share) {
          p = {0, 0, h - 2.0f * h * (u / stance_share)};
        } else {
          const float s = (u - stance_share) / (1.0f - stance_share);  // 0..1 over the swing
          p = {0, 0.15f * std::sqrt(std::max(0.0f, std::sin(s * 3.14159265f))), -h + 2.0f * h * s};
        }
        track.translation.times_s.push_back(t);
        track.translation.values.push_back(
            skeleton.rest_pose[skeleton.find_joint(name)].translation + p);
      }
      clip.tracks.push_back(track);
    };
    leg_track("thigh_l", 0.0f);
    leg_track("thigh_r", 0.5f);
    if (hips_travel != 0.0f) {
      JointTrack hips;
      hips.joint_name = "hips";
      hips.translation.times_s = {0.0f, 1.0f};
      hips.translation.values = {{0, 1, 0}, {0, 1, hips_travel}};
      clip.tracks.push_back(hips);
    }

    rig.pelvis = 1;
    for (int side = 0; side < 2; ++side) {
      Leg leg;
      leg.thigh = 2 + 4 * side;
      leg.calf = leg.thigh + 1;
      leg.foot = leg.thigh + 2;
      leg.toes = leg.thigh + 3;
      leg.heel_in_foot = {0, -0.1f, 0};
      leg.toe_in_toes = {0, -0.1f, 0};
      rig.legs.push_back(leg);
    }
  }
};

// The walker's skeleton bound with clips, as project::bind_project binds a character: its legs
// as the foot IK rig, the hips as the root-motion joint, the ground motion synthesised.
inline std::string bind_walker(const InPlaceWalker& w, std::vector<Clip> clips,
                               BoundCharacter& out) {
  if (std::string e = bind_character(w.skeleton, std::move(clips), {}, out); !e.empty()) return e;
  out.foot_ik_rig = w.rig;
  out.root_motion_joint = 1;
  out.ground_motion = synthesize_ground_motions(out.skeleton, out.clips, out.foot_ik_rig, 1);
  return {};
}

}  // namespace anim::testing
