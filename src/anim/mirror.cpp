#include "anim/mirror.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
#include "anim/index.h"
#include "anim/joint_names.h"
#include "anim/math.h"
#include "anim/pose.h"

namespace anim {

namespace {

// The reflection across the plane dot(n, p) == d, n of unit length: p - 2 n (dot(n, p) - d).
glm::mat4 reflection(const glm::vec3& n, float d) {
  glm::mat4 m(1.0f);
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r) m[c][r] -= 2.0f * n[c] * n[r];
  }
  m[3] = glm::vec4(2.0f * d * n, 1.0f);
  return m;
}

struct Pairing {
  std::vector<int>& partner;
  void pair(int a, int b) {
    if (a == b || a < 0 || b < 0) return;
    if (nth(partner, a) >= 0 || nth(partner, b) >= 0) {
      return;
    }
    nth(partner, a) = b;
    nth(partner, b) = a;
  }
};

std::vector<std::vector<int>> children_of(const Skeleton& skeleton) {
  std::vector<std::vector<int>> children(skeleton.parents.size());
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int parent = nth(skeleton.parents, j);
    if (parent != kNoParent) nth(children, parent).push_back(j);
  }
  return children;
}

// Pairs the subtrees below a and b child by child while their shapes agree.
void pair_subtrees(const std::vector<std::vector<int>>& children, Pairing& pairing, int a, int b) {
  const std::vector<int>& ca = nth(children, a);
  const std::vector<int>& cb = nth(children, b);
  if (ca.size() != cb.size()) return;
  for (std::size_t i = 0; i < ca.size(); ++i) {
    pairing.pair(ca[i], cb[i]);
    pair_subtrees(children, pairing, ca[i], cb[i]);
  }
}

}  // namespace

std::string mirrored_name(const std::string& name) {
  if (std::string swapped = swap_side_in_name(name); !swapped.empty()) return swapped;
  // A quadruped's contact prefixes: foot_fl, foot_fr, foot_hl, foot_hr.
  if (name.size() >= 7 && name.starts_with("foot_") && (name[5] == 'f' || name[5] == 'h') &&
      (name[6] == 'l' || name[6] == 'r') && (name.size() == 7 || name[7] == '_')) {
    std::string out = name;
    out[6] = name[6] == 'l' ? 'r' : 'l';
    return out;
  }
  return name;
}

namespace {

// 1. The rig's limbs, the joints between them and the body, and what hangs below them.
void pair_limbs(const Skeleton& skeleton, const Rig& rig,
                const std::vector<std::vector<int>>& children, Pairing& pairing) {
  const int n = skeleton.joint_count();
  std::vector<bool> used(rig.limbs.size(), false);
  for (const Limb& l : rig.limbs) {
    if (l.side != LimbSide::Left) continue;
    for (std::size_t k = 0; k < rig.limbs.size(); ++k) {
      const Limb& r = rig.limbs[k];
      if (used[k] || r.side != LimbSide::Right || r.role != l.role || r.front != l.front ||
          r.joints.size() != l.joints.size()) {
        continue;
      }
      used[k] = true;
      for (std::size_t j = 0; j < l.joints.size(); ++j) pairing.pair(l.joints[j], r.joints[j]);
      int a = l.joints.front();
      int b = r.joints.front();
      while (a >= 0 && b >= 0 && a < n && b < n) {
        a = nth(skeleton.parents, a);
        b = nth(skeleton.parents, b);
        if (a == b || a == kNoParent || b == kNoParent) break;
        pairing.pair(a, b);
      }
      if (l.end_attached && r.end_attached) {
        pair_subtrees(children, pairing, l.joints.back(), r.joints.back());
      }
      break;
    }
  }
}

// 2. Names.
void pair_names(const Skeleton& skeleton, const std::vector<int>& partner, Pairing& pairing) {
  for (std::size_t j = 0; j < partner.size(); ++j) {
    if (partner[j] >= 0) continue;
    const std::string other = swap_side_in_name(skeleton.joint_names[j]);
    if (!other.empty()) pairing.pair(static_cast<int>(j), skeleton.find_joint(other));
  }
}

// 3. Geometry, for the rest (unnamed rigs' fingers and helpers): the unpaired joint nearest to
// each one's reflection, within 2% of the body's height.
void pair_by_reflection(const MirrorTable& table, std::span<const glm::mat4> rest_model,
                        Pairing& pairing) {
  float low = 1e30f;
  float high = -1e30f;
  for (const glm::mat4& m : rest_model) {
    low = std::min(low, m[3].y);
    high = std::max(high, m[3].y);
  }
  const float tolerance = 0.02f * std::max(high - low, 1e-6f);
  const glm::mat4 mirror = reflection(table.plane_normal, table.plane_distance);
  const std::vector<int>& partner = table.partner;
  for (std::size_t j = 0; j < rest_model.size(); ++j) {
    if (partner[j] >= 0) continue;
    const glm::vec3 p = position(rest_model[j]);
    const glm::vec3 image = glm::vec3(mirror * glm::vec4(p, 1.0f));
    if (glm::length(image - p) < tolerance) continue;  // on the middle line
    int best = -1;
    float best_distance = tolerance;
    for (std::size_t k = 0; k < rest_model.size(); ++k) {
      if (k == j || partner[k] >= 0) continue;
      const float d = glm::length(position(rest_model[k]) - image);
      if (d < best_distance) {
        best_distance = d;
        best = static_cast<int>(k);
      }
    }
    pairing.pair(static_cast<int>(j), best);
  }
}

}  // namespace

MirrorTable make_mirror_table(const Skeleton& skeleton, const Rig& rig,
                              std::span<const glm::mat4> rest_model) {
  MirrorTable table;
  const int n = skeleton.joint_count();
  table.partner.assign(as_size(n), -1);
  const glm::vec3 left = glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), rig.forward);
  if (glm::length(left) > 1e-6f) table.plane_normal = glm::normalize(left);
  if (rig.pelvis >= 0 && as_size(rig.pelvis) < rest_model.size()) {
    table.plane_distance = glm::dot(table.plane_normal, position(nth(rest_model, rig.pelvis)));
  }
  Pairing pairing{table.partner};
  pair_limbs(skeleton, rig, children_of(skeleton), pairing);
  pair_names(skeleton, table.partner, pairing);
  if (rest_model.size() == table.partner.size() && n > 0) {
    pair_by_reflection(table, rest_model, pairing);
  }
  for (std::size_t j = 0; j < table.partner.size(); ++j) {
    if (table.partner[j] < 0) table.partner[j] = static_cast<int>(j);
  }
  return table;
}

std::string validate(const Skeleton& skeleton, const MirrorTable& table) {
  const int n = skeleton.joint_count();
  if (table.partner.size() != as_size(n)) {
    return "the mirror table has " + std::to_string(table.partner.size()) + " entries for " +
           std::to_string(n) + " joints";
  }
  if (!(std::fabs(glm::length(table.plane_normal) - 1.0f) < 1e-3f)) {
    return "the mirror plane's normal is not a unit vector";
  }
  if (!std::isfinite(table.plane_distance)) return "the mirror plane's distance is not finite";
  for (int j = 0; j < n; ++j) {
    const int p = nth(table.partner, j);
    if (p < 0 || p >= n) {
      return "the mirror partner of '" + nth(skeleton.joint_names, j) + "' is out of range";
    }
    if (nth(table.partner, p) != j) {
      return "'" + nth(skeleton.joint_names, j) + "' mirrors to '" + nth(skeleton.joint_names, p) +
             "', which does not mirror back";
    }
  }
  return {};
}

namespace {

// Every key time of the clip's joint tracks, so the mirrored keys sit where the original ones
// do; animated[j] says whether joint j has a track.
std::vector<float> key_times(const Clip& clip, const Skeleton& skeleton,
                             std::vector<bool>& animated) {
  std::vector<float> times;
  for (const JointTrack& t : clip.tracks) {
    const int j = skeleton.find_joint(t.joint_name);
    if (j < 0) continue;
    nth(animated, j) = true;
    times.insert(times.end(), t.translation.times_s.begin(), t.translation.times_s.end());
    times.insert(times.end(), t.rotation.times_s.begin(), t.rotation.times_s.end());
    times.insert(times.end(), t.scale.times_s.begin(), t.scale.times_s.end());
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end(),
                          [](float a, float b) { return std::fabs(a - b) < 1e-6f; }),
              times.end());
  if (times.empty()) times.push_back(0.0f);
  return times;
}

// The mirrored clip without keys: its joint tracks (one per joint that it or its partner
// animates; track_of maps joints to them) and its shape tracks with their sides swapped.
Clip mirrored_outline(const Clip& clip, const Skeleton& skeleton, const MirrorTable& table,
                      const std::vector<bool>& animated, std::span<const MorphChannel> shapes,
                      std::vector<int>& track_of) {
  Clip out;
  out.name = clip.name + " (mirrored)";
  out.duration_s = clip.duration_s;
  out.source_fps = clip.source_fps;
  out.loop = clip.loop;
  out.morph_tracks = clip.morph_tracks;
  for (MorphTrack& track : out.morph_tracks) {
    const std::string other = swap_side_in_name(track.target_name);
    const bool known = shapes.empty() || std::any_of(shapes.begin(), shapes.end(), [&](auto& c) {
                         return c.node_name == track.node_name && c.target_name == other;
                       });
    if (!other.empty() && known) track.target_name = other;
  }
  for (std::size_t j = 0; j < track_of.size(); ++j) {
    if (!animated[j] && !nth(animated, table.partner[j])) continue;
    track_of[j] = static_cast<int>(out.tracks.size());
    JointTrack track;
    track.joint_name = skeleton.joint_names[j];
    out.tracks.push_back(std::move(track));
  }
  for (const Marker& marker : clip.markers)
    out.markers.push_back({mirrored_name(marker.name), marker.time_s});
  return out;
}

// Appends the mirrored pose's local transforms as keys at time t.
void append_keys(const Skeleton& skeleton, std::span<const glm::mat4> mirrored,
                 const std::vector<int>& track_of, float t, Clip& out) {
  for (std::size_t j = 0; j < track_of.size(); ++j) {
    if (track_of[j] < 0) continue;
    const int parent = skeleton.parents[j];
    const glm::mat4 l =
        parent == kNoParent ? mirrored[j] : glm::inverse(nth(mirrored, parent)) * mirrored[j];
    Transform value = from_matrix(l);
    JointTrack& track = nth(out.tracks, track_of[j]);
    // Keep consecutive rotations in one hemisphere, so interpolation takes the short way.
    if (!track.rotation.values.empty() &&
        glm::dot(track.rotation.values.back(), value.rotation) < 0.0f) {
      value.rotation = -value.rotation;
    }
    track.translation.times_s.push_back(t);
    track.translation.values.push_back(value.translation);
    track.rotation.times_s.push_back(t);
    track.rotation.values.push_back(value.rotation);
    track.scale.times_s.push_back(t);
    track.scale.values.push_back(value.scale);
  }
}

}  // namespace

Clip mirror_clip(const Clip& clip, const Skeleton& skeleton, const MirrorTable& table,
                 std::string* error, std::span<const MorphChannel> shapes) {
  auto fail = [&](std::string cause) {
    if (error) *error = std::move(cause);
    return Clip{};
  };
  if (std::string e = validate(skeleton, table); !e.empty()) return fail(e);
  if (!(clip.duration_s > 0.0f) || !std::isfinite(clip.duration_s)) {
    return fail("clip '" + clip.name + "' has no duration");
  }
  const auto count = as_size(skeleton.joint_count());
  std::vector<bool> animated(count, false);
  const std::vector<float> times = key_times(clip, skeleton, animated);

  // The reflection, and per joint the fix-up that turns its reflected partner's frame into a
  // frame of its own convention: C_j = (M * G_partner,rest)^-1 * G_j,rest, so the mirrored rest
  // pose is the rest pose and M * G_p(t) * C_j is a proper (unreflected) frame.
  const glm::mat4 m = reflection(table.plane_normal, table.plane_distance);
  std::vector<glm::mat4> rest(count);
  if (!local_to_model(skeleton, skeleton.rest_pose, rest)) return fail("the rest pose is invalid");
  std::vector<glm::mat4> fix(count);
  for (std::size_t j = 0; j < count; ++j) {
    fix[j] = glm::inverse(m * nth(rest, table.partner[j])) * rest[j];
  }
  std::vector<int> track_of(count, -1);
  Clip out = mirrored_outline(clip, skeleton, table, animated, shapes, track_of);

  Clip once = clip;  // sampled without wrapping, so a key at the very end is read as it is
  once.loop = false;
  const ClipBinding binding = bind_clip(once, skeleton);
  SamplingCache cache(once, binding);
  std::vector<Transform> local(count);
  std::vector<glm::mat4> model(count);
  std::vector<glm::mat4> mirrored(count);
  for (const float t : times) {
    if (!sample_clip(once, binding, skeleton, t, cache, local) ||
        !local_to_model(skeleton, local, model)) {
      return fail("clip '" + clip.name + "' could not be sampled");
    }
    for (std::size_t j = 0; j < count; ++j) {
      mirrored[j] = m * nth(model, table.partner[j]) * fix[j];
    }
    append_keys(skeleton, mirrored, track_of, t, out);
  }
  return out;
}

}  // namespace anim
