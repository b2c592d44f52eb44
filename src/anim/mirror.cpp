#include "anim/mirror.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"
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
    if (partner[static_cast<std::size_t>(a)] >= 0 || partner[static_cast<std::size_t>(b)] >= 0) {
      return;
    }
    partner[static_cast<std::size_t>(a)] = b;
    partner[static_cast<std::size_t>(b)] = a;
  }
};

std::vector<std::vector<int>> children_of(const Skeleton& skeleton) {
  std::vector<std::vector<int>> children(skeleton.parents.size());
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int parent = skeleton.parents[static_cast<std::size_t>(j)];
    if (parent != kNoParent) children[static_cast<std::size_t>(parent)].push_back(j);
  }
  return children;
}

// Pairs the subtrees below a and b child by child while their shapes agree.
void pair_subtrees(const std::vector<std::vector<int>>& children, Pairing& pairing, int a, int b) {
  const std::vector<int>& ca = children[static_cast<std::size_t>(a)];
  const std::vector<int>& cb = children[static_cast<std::size_t>(b)];
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

MirrorTable make_mirror_table(const Skeleton& skeleton, const Rig& rig,
                              std::span<const glm::mat4> rest_model) {
  MirrorTable table;
  const int n = skeleton.joint_count();
  table.partner.assign(static_cast<std::size_t>(n), -1);
  const glm::vec3 left = glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), rig.forward);
  if (glm::length(left) > 1e-6f) table.plane_normal = glm::normalize(left);
  if (rig.pelvis >= 0 && static_cast<std::size_t>(rig.pelvis) < rest_model.size()) {
    table.plane_distance =
        glm::dot(table.plane_normal, position(rest_model[static_cast<std::size_t>(rig.pelvis)]));
  }
  Pairing pairing{table.partner};
  const std::vector<std::vector<int>> children = children_of(skeleton);

  // 1. The rig's limbs, the joints between them and the body, and what hangs below them.
  std::vector<bool> used(rig.limbs.size(), false);
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const Limb& l = rig.limbs[i];
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
        a = skeleton.parents[static_cast<std::size_t>(a)];
        b = skeleton.parents[static_cast<std::size_t>(b)];
        if (a == b || a == kNoParent || b == kNoParent) break;
        pairing.pair(a, b);
      }
      if (l.end_attached && r.end_attached) {
        pair_subtrees(children, pairing, l.joints.back(), r.joints.back());
      }
      break;
    }
  }
  // 2. Names.
  for (int j = 0; j < n; ++j) {
    if (table.partner[static_cast<std::size_t>(j)] >= 0) continue;
    const std::string other = swap_side_in_name(skeleton.joint_names[static_cast<std::size_t>(j)]);
    if (!other.empty()) pairing.pair(j, skeleton.find_joint(other));
  }
  // 3. Geometry, for the rest (unnamed rigs' fingers and helpers).
  if (rest_model.size() == static_cast<std::size_t>(n) && n > 0) {
    float low = 1e30f;
    float high = -1e30f;
    for (const glm::mat4& m : rest_model) {
      low = std::min(low, m[3].y);
      high = std::max(high, m[3].y);
    }
    const float tolerance = 0.02f * std::max(high - low, 1e-6f);
    const glm::mat4 mirror = reflection(table.plane_normal, table.plane_distance);
    for (int j = 0; j < n; ++j) {
      if (table.partner[static_cast<std::size_t>(j)] >= 0) continue;
      const glm::vec3 p = position(rest_model[static_cast<std::size_t>(j)]);
      const glm::vec3 image = glm::vec3(mirror * glm::vec4(p, 1.0f));
      if (glm::length(image - p) < tolerance) continue;  // on the middle line
      int best = -1;
      float best_distance = tolerance;
      for (int k = 0; k < n; ++k) {
        if (k == j || table.partner[static_cast<std::size_t>(k)] >= 0) continue;
        const float d = glm::length(position(rest_model[static_cast<std::size_t>(k)]) - image);
        if (d < best_distance) {
          best_distance = d;
          best = k;
        }
      }
      pairing.pair(j, best);
    }
  }
  for (int j = 0; j < n; ++j) {
    if (table.partner[static_cast<std::size_t>(j)] < 0)
      table.partner[static_cast<std::size_t>(j)] = j;
  }
  return table;
}

std::string validate(const Skeleton& skeleton, const MirrorTable& table) {
  const int n = skeleton.joint_count();
  if (table.partner.size() != static_cast<std::size_t>(n)) {
    return "the mirror table has " + std::to_string(table.partner.size()) + " entries for " +
           std::to_string(n) + " joints";
  }
  if (!(std::fabs(glm::length(table.plane_normal) - 1.0f) < 1e-3f)) {
    return "the mirror plane's normal is not a unit vector";
  }
  if (!std::isfinite(table.plane_distance)) return "the mirror plane's distance is not finite";
  for (int j = 0; j < n; ++j) {
    const int p = table.partner[static_cast<std::size_t>(j)];
    if (p < 0 || p >= n) {
      return "the mirror partner of '" + skeleton.joint_names[static_cast<std::size_t>(j)] +
             "' is out of range";
    }
    if (table.partner[static_cast<std::size_t>(p)] != j) {
      return "'" + skeleton.joint_names[static_cast<std::size_t>(j)] + "' mirrors to '" +
             skeleton.joint_names[static_cast<std::size_t>(p)] + "', which does not mirror back";
    }
  }
  return {};
}

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
  const int n = skeleton.joint_count();
  const auto count = static_cast<std::size_t>(n);

  // Every key time of the clip, so the mirrored keys sit where the original ones do.
  std::vector<float> times;
  std::vector<bool> animated(count, false);
  for (const JointTrack& t : clip.tracks) {
    const int j = skeleton.find_joint(t.joint_name);
    if (j < 0) continue;
    animated[static_cast<std::size_t>(j)] = true;
    times.insert(times.end(), t.translation.times_s.begin(), t.translation.times_s.end());
    times.insert(times.end(), t.rotation.times_s.begin(), t.rotation.times_s.end());
    times.insert(times.end(), t.scale.times_s.begin(), t.scale.times_s.end());
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end(),
                          [](float a, float b) { return std::fabs(a - b) < 1e-6f; }),
              times.end());
  if (times.empty()) times.push_back(0.0f);

  // The reflection, and per joint the fix-up that turns its reflected partner's frame into a
  // frame of its own convention: C_j = (M * G_partner,rest)^-1 * G_j,rest, so the mirrored rest
  // pose is the rest pose and M * G_p(t) * C_j is a proper (unreflected) frame.
  const glm::mat4 m = reflection(table.plane_normal, table.plane_distance);
  std::vector<glm::mat4> rest(count);
  if (!local_to_model(skeleton, skeleton.rest_pose, rest)) return fail("the rest pose is invalid");
  std::vector<glm::mat4> fix(count);
  for (std::size_t j = 0; j < count; ++j) {
    fix[j] = glm::inverse(m * rest[static_cast<std::size_t>(table.partner[j])]) * rest[j];
  }

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
  std::vector<int> track_of(count, -1);
  for (int j = 0; j < n; ++j) {
    const auto u = static_cast<std::size_t>(j);
    if (!animated[u] && !animated[static_cast<std::size_t>(table.partner[u])]) continue;
    track_of[u] = static_cast<int>(out.tracks.size());
    JointTrack track;
    track.joint_name = skeleton.joint_names[u];
    out.tracks.push_back(std::move(track));
  }

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
      mirrored[j] = m * model[static_cast<std::size_t>(table.partner[j])] * fix[j];
    }
    for (std::size_t j = 0; j < count; ++j) {
      if (track_of[j] < 0) continue;
      const int parent = skeleton.parents[j];
      const glm::mat4 l =
          parent == kNoParent
              ? mirrored[j]
              : glm::inverse(mirrored[static_cast<std::size_t>(parent)]) * mirrored[j];
      Transform value = from_matrix(l);
      JointTrack& track = out.tracks[static_cast<std::size_t>(track_of[j])];
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
  for (const Marker& marker : clip.markers)
    out.markers.push_back({mirrored_name(marker.name), marker.time_s});
  return out;
}

}  // namespace anim
