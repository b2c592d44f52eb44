#include "anim/twist_correction.h"

#include <cmath>

#include <glm/gtc/constants.hpp>

#include "anim/index.h"
#include "anim/joint_names.h"
#include "anim/pose.h"
#include "anim/two_bone_ik.h"

namespace anim {

glm::quat twist_about(const glm::quat& q, const glm::vec3& axis) {
  const glm::vec3 projected = glm::dot(glm::vec3(q.x, q.y, q.z), axis) * axis;
  const glm::quat twist(q.w, projected);
  const float length = glm::length(twist);
  if (length < 1e-7f) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  // w >= 0: the twist of at most half a turn, so shares of it take the short way.
  return twist.w < 0.0f ? twist / -length : twist / length;
}

float twist_angle(const glm::quat& twist, const glm::vec3& axis) {
  const float angle =
      2.0f * std::atan2(glm::dot(glm::vec3(twist.x, twist.y, twist.z), axis), twist.w);
  return std::remainder(angle, 2.0f * glm::pi<float>());
}

namespace {

bool named_twist(const std::string& name) {
  return has_word(name_words(name), {"twist", "roll"});
}

glm::vec3 offset_of(std::span<const glm::mat4> rest_model, int parent, int joint) {
  return glm::vec3(nth(rest_model, joint)[3]) - glm::vec3(nth(rest_model, parent)[3]);
}

// The sibling of twist joint t that it lies along (the longest such), or -1.
int source_of(const Skeleton& skeleton, std::span<const glm::mat4> rest_model,
              const std::vector<std::vector<int>>& children, int t) {
  const int parent = nth(skeleton.parents, t);
  const glm::vec3 to_t = offset_of(rest_model, parent, t);
  const float lt = glm::length(to_t);
  int best = -1;
  float best_length = 0.0f;
  for (int s : nth(children, parent)) {
    if (s == t || named_twist(nth(skeleton.joint_names, s))) continue;
    const glm::vec3 to_s = offset_of(rest_model, parent, s);
    const float ls = glm::length(to_s);
    const bool along = lt > 1e-6f && ls > lt && glm::dot(to_t, to_s) > std::cos(0.035f) * lt * ls;
    if (along && ls > best_length) {
      best = s;
      best_length = ls;
    }
  }
  return best;
}

// The run of named twist joints starting at t (forearm -> twist_01 -> twist_02 -> hand), each
// with one child lying farther along the line from t's parent through t: its joints go into
// rig (count and joints) and the joint past it, the source, is returned; else -1. A joint inside
// a run (its parent a named twist joint) starts none.
int run_source(const Skeleton& skeleton, std::span<const glm::mat4> rest_model,
               const std::vector<std::vector<int>>& children, int t, TwistRig& rig) {
  const int parent = nth(skeleton.parents, t);
  if (nth(skeleton.parents, parent) == kNoParent ||
      named_twist(nth(skeleton.joint_names, parent))) {
    return -1;
  }
  const glm::vec3 to_t = offset_of(rest_model, parent, t);
  const float lt = glm::length(to_t);
  float reached = lt;
  int j = t;
  rig.count = 0;
  while (named_twist(nth(skeleton.joint_names, j)) && nth(children, j).size() == 1 &&
         rig.count < kMaxTwistJoints) {
    nth(rig.joints, rig.count++) = j;
    const int c = nth(children, j)[0];
    const glm::vec3 to_c = offset_of(rest_model, parent, c);
    const float lc = glm::length(to_c);
    if (!(lt > 1e-6f && lc > reached && glm::dot(to_t, to_c) > std::cos(0.035f) * lt * lc)) {
      return -1;
    }
    reached = lc;
    j = c;
  }
  const bool found = rig.count > 0 && !named_twist(nth(skeleton.joint_names, j));
  return found ? j : -1;
}

}  // namespace

std::vector<TwistRig> find_twist_rigs(const Skeleton& skeleton,
                                      std::span<const glm::mat4> rest_model) {
  const auto n = as_size(skeleton.joint_count());
  std::vector<TwistRig> rigs;
  if (rest_model.size() != n) return rigs;
  std::vector<std::vector<int>> children(n);
  for (std::size_t j = 0; j < n; ++j) {
    if (skeleton.parents[j] != kNoParent) {
      nth(children, skeleton.parents[j]).push_back(static_cast<int>(j));
    }
  }
  for (std::size_t j = 0; j < n; ++j) {
    const int parent = skeleton.parents[j];
    const bool candidate = named_twist(skeleton.joint_names[j]) || children[j].empty();
    if (parent == kNoParent || !candidate) continue;
    const int t = static_cast<int>(j);
    TwistRig run;
    if (const int source = run_source(skeleton, rest_model, children, t, run); source >= 0) {
      run.source = source;
      const float length = glm::length(offset_of(rest_model, parent, run.source));
      run.axis = glm::normalize(glm::inverse(model_rotation(nth(rest_model, parent))) *
                                offset_of(rest_model, parent, run.source));
      for (int k = 0; k < run.count; ++k) {
        const auto i = as_size(k);
        run.shares[i] = glm::length(offset_of(rest_model, parent, run.joints[i])) / length;
      }
      rigs.push_back(run);
      continue;
    }
    const int s = source_of(skeleton, rest_model, children, t);
    if (s < 0) continue;
    TwistRig* rig = nullptr;
    for (TwistRig& r : rigs) rig = r.source == s ? &r : rig;
    if (rig == nullptr) {
      rig = &rigs.emplace_back();
      rig->source = s;
      rig->axis = glm::normalize(nth(skeleton.rest_pose, s).translation);
    }
    if (rig->count >= kMaxTwistJoints) continue;
    const auto k = as_size(rig->count++);
    rig->joints[k] = t;
    rig->shares[k] = glm::length(offset_of(rest_model, parent, t)) /
                     glm::length(offset_of(rest_model, parent, s));
  }
  return rigs;
}

namespace {

// Whether rig's twist joints are a run down to the source's parent, each the parent of the next.
bool is_run(const Skeleton& skeleton, const TwistRig& rig) {
  const int n = skeleton.joint_count();
  const int parent = nth(skeleton.parents, rig.source);
  if (rig.count < 1 || parent == kNoParent || nth(rig.joints, rig.count - 1) != parent) {
    return false;
  }
  for (int k = 0; k < rig.count; ++k) {
    const int t = nth(rig.joints, k);
    if (t < 0 || t >= n) return false;
    const int above = nth(skeleton.parents, t);
    if (above == kNoParent || (k > 0 && above != nth(rig.joints, k - 1))) {
      return false;
    }
  }
  return true;
}

const char* validate_twist(const Skeleton& skeleton, const TwistRig& rig) {
  const int n = skeleton.joint_count();
  if (rig.source < 0 || rig.source >= n || rig.count < 0 || rig.count > kMaxTwistJoints) {
    return "twist: source out of range";
  }
  const int parent = nth(skeleton.parents, rig.source);
  const bool run = is_run(skeleton, rig);
  for (int k = 0; k < rig.count; ++k) {
    const int t = nth(rig.joints, k);
    const bool sibling = t >= 0 && t < n && t != rig.source && parent != kNoParent &&
                         nth(skeleton.parents, t) == parent;
    if (!sibling && !run) {
      return "twist: the twist joints are neither siblings of the source nor a run down to it";
    }
    const float share = nth(rig.shares, k);
    if (!(share >= 0.0f && share <= 1.0f)) return "twist: a share is not in [0, 1]";
  }
  return nullptr;
}

}  // namespace

JobResult run_twist_correction(const Skeleton& skeleton, const TwistRig& rig,
                               std::span<Transform> local, std::span<glm::mat4> model) {
  if (local.size() != as_size(skeleton.joint_count()) || model.size() != local.size()) {
    return JobResult::fail("twist: local or model is not the skeleton's size");
  }
  if (const char* e = validate_twist(skeleton, rig)) return JobResult::fail(e);
  const auto s = as_size(rig.source);
  // In a run (forearm -> twist_01 -> twist_02 -> hand) the twist is measured across all of it.
  const bool run = is_run(skeleton, rig);
  const int count = run ? rig.count : 0;
  glm::quat relative = local[s].rotation, rest = skeleton.rest_pose[s].rotation;
  for (int k = count - 1; k >= 0; --k) {
    const auto t = as_size(nth(rig.joints, k));
    relative = local[t].rotation * relative;
    rest = skeleton.rest_pose[t].rotation * rest;
  }
  // The source's turn from its rest, in the frame the twist joints hang from.
  const glm::quat twist = twist_about(relative * glm::inverse(rest), rig.axis);
  const glm::quat identity(1.0f, 0.0f, 0.0f, 0.0f);
  // In a run each joint's rotation from the top of the run is its share of the twist on its
  // rest; its local rotation is what the joints above it have not turned yet.
  glm::quat turned = identity, rest_from_top = identity;
  for (int k = 0; k < rig.count; ++k) {
    const auto t = as_size(nth(rig.joints, k));
    rest_from_top =
        run ? rest_from_top * skeleton.rest_pose[t].rotation : skeleton.rest_pose[t].rotation;
    const glm::quat wanted = glm::slerp(identity, twist, nth(rig.shares, k)) * rest_from_top;
    local[t].rotation = glm::normalize(glm::inverse(turned) * wanted);
    if (run) turned = wanted;
  }
  // The source keeps its own orientation: what the run took, it gives back.
  if (run) local[s].rotation = glm::normalize(glm::inverse(turned) * relative);
  const int top = run ? rig.joints[0] : rig.source;
  for (int k = 0; k < rig.count && !run; ++k) {
    if (const JobResult r = local_to_model_below(skeleton, local, nth(rig.joints, k), model); !r) {
      return r;
    }
  }
  return local_to_model_below(skeleton, local, top, model);
}

}  // namespace anim
