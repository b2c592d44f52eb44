#include "demo/demo_mesh.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "demo/demo_skeleton.h"

namespace demo {
namespace {

constexpr int kRingVertices = 20;
constexpr float kRingSpacing_m = 0.02f;
constexpr int kCapRings = 4;

// One point of a tube's centre line with its cross-section: an ellipse with radii.x along the
// tube's side axis and radii.y along its depth axis (see Tube).
struct PathPoint {
  glm::vec3 position;
  glm::vec2 radii;
};

// A tube along a polyline, closed by elliptic caps at both ends. The cross-section axes come
// from one reference direction per tube (so rings do not spin along it): side = ref x tangent,
// depth = tangent x side, with ref = +Z, or +Y for tubes that run along Z (the feet).
// owners[i] is the joint that moves segment i (from points[i] to points[i + 1]).
struct Tube {
  std::vector<PathPoint> points;
  std::vector<int> owners;
  float blend_half_width_m = 0.04f;
};

// A stretch of a tube's arc length moved by one joint.
struct OwnerRun {
  float begin_m;
  float end_m;
  int joint;
};

float smoothstep01(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

// Skin weights at arc length u: each run has weight one inside and ramps down across its ends
// over 2 * half_width (smoothstep), so two neighbouring runs share the weight half and half at
// the joint between them. The tube's first and last runs do not ramp at the tube's ends.
std::vector<std::pair<int, float>> weights_at(const std::vector<OwnerRun>& runs, float u,
                                              float half_width) {
  std::vector<std::pair<int, float>> weights;
  float total = 0.0f;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const float enter =
        r == 0 ? 1.0f : smoothstep01((u - runs[r].begin_m) / (2 * half_width) + 0.5f);
    const float leave =
        r + 1 == runs.size() ? 1.0f : smoothstep01((runs[r].end_m - u) / (2 * half_width) + 0.5f);
    const float w = enter * leave;
    if (w <= 0.0f) continue;
    total += w;
    weights.emplace_back(runs[r].joint, w);
  }
  std::sort(weights.begin(), weights.end(),
            [](const auto& a, const auto& b) { return a.second > b.second; });
  if (weights.size() > 4) {
    total = 0.0f;
    weights.resize(4);
    for (const auto& w : weights) total += w.second;
  }
  for (auto& w : weights) w.second /= total;
  return weights;
}

// A ring of the tube before it is turned into vertices.
struct Ring {
  glm::vec3 centre;
  glm::vec2 radii;
  glm::vec3 side;
  glm::vec3 depth;
  float arc_length_m;  // where the skin weights are read
};

std::vector<Ring> tube_rings(const Tube& tube) {
  const glm::vec3 overall = tube.points.back().position - tube.points.front().position;
  const bool along_z = std::abs(glm::normalize(overall).z) > 0.9f;
  const glm::vec3 ref = along_z ? glm::vec3(0, 1, 0) : glm::vec3(0, 0, 1);
  const auto make_ring = [&](const glm::vec3& centre, const glm::vec2& radii,
                             const glm::vec3& tangent, float u) {
    const glm::vec3 side = glm::normalize(glm::cross(ref, tangent));
    return Ring{centre, radii, side, glm::cross(tangent, side), u};
  };

  std::vector<Ring> body;
  float u = 0.0f;
  for (std::size_t i = 0; i + 1 < tube.points.size(); ++i) {
    const PathPoint& a = tube.points[i];
    const PathPoint& b = tube.points[i + 1];
    const float length = glm::length(b.position - a.position);
    const glm::vec3 tangent = (b.position - a.position) / length;
    const int steps = std::max(1, static_cast<int>(std::ceil(length / kRingSpacing_m)));
    // The last segment also emits its end ring.
    const int last = i + 2 == tube.points.size() ? steps : steps - 1;
    for (int k = 0; k <= last; ++k) {
      const float f = static_cast<float>(k) / static_cast<float>(steps);
      body.push_back(make_ring(glm::mix(a.position, b.position, f), glm::mix(a.radii, b.radii, f),
                               tangent, u + f * length));
    }
    u += length;
  }

  // Elliptic caps: rings shrink as cos(phi) while they move out along the end tangent by the
  // smaller radius times sin(phi); the poles are added by the caller.
  std::vector<Ring> rings;
  const auto cap = [&](const Ring& end, float direction, bool outward_order) {
    const float reach = std::min(end.radii.x, end.radii.y);
    const glm::vec3 tangent = glm::cross(end.side, end.depth);
    for (int k = 1; k < kCapRings; ++k) {
      const int step = outward_order ? k : kCapRings - k;
      const float phi = static_cast<float>(step) / kCapRings * std::numbers::pi_v<float> / 2;
      Ring ring = end;
      ring.centre += tangent * (direction * reach * std::sin(phi));
      ring.radii *= std::cos(phi);
      rings.push_back(ring);
    }
  };
  cap(body.front(), -1.0f, false);
  rings.insert(rings.end(), body.begin(), body.end());
  cap(body.back(), 1.0f, true);
  return rings;
}

std::vector<OwnerRun> owner_runs(const Tube& tube) {
  std::vector<OwnerRun> runs;
  float u = 0.0f;
  for (std::size_t i = 0; i + 1 < tube.points.size(); ++i) {
    const float length = glm::length(tube.points[i + 1].position - tube.points[i].position);
    if (!runs.empty() && runs.back().joint == tube.owners[i]) {
      runs.back().end_m = u + length;
    } else {
      runs.push_back({u, u + length, tube.owners[i]});
    }
    u += length;
  }
  return runs;
}

void add_vertex(anim::SkinnedMesh& mesh, const glm::vec3& position,
                const std::vector<std::pair<int, float>>& weights) {
  glm::uvec4 joints(0u);
  glm::vec4 w(0.0f);
  for (std::size_t k = 0; k < weights.size(); ++k) {
    joints[static_cast<int>(k)] = static_cast<unsigned>(weights[k].first);
    w[static_cast<int>(k)] = weights[k].second;
  }
  mesh.positions.push_back(position);
  mesh.normals.emplace_back(0.0f);
  mesh.joints0.push_back(joints);
  mesh.weights0.push_back(w);
}

void add_triangle(anim::SkinnedMesh& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  mesh.indices.insert(mesh.indices.end(), {a, b, c});
}

void append_tube(const Tube& tube, anim::SkinnedMesh& mesh) {
  const std::vector<Ring> rings = tube_rings(tube);
  const std::vector<OwnerRun> runs = owner_runs(tube);
  const float half_width = tube.blend_half_width_m;
  const auto base = static_cast<std::uint32_t>(mesh.positions.size());

  // Poles close the caps, one smaller radius beyond the first and last rings of the body.
  const auto pole = [](const Ring& end, float direction) {
    return end.centre +
           glm::cross(end.side, end.depth) * (direction * std::min(end.radii.x, end.radii.y));
  };
  add_vertex(mesh, pole(rings[kCapRings - 1], -1.0f),
             weights_at(runs, rings.front().arc_length_m, half_width));
  for (const Ring& ring : rings) {
    const auto weights = weights_at(runs, ring.arc_length_m, half_width);
    for (int k = 0; k < kRingVertices; ++k) {
      const float theta = 2.0f * std::numbers::pi_v<float> * static_cast<float>(k) / kRingVertices;
      add_vertex(mesh,
                 ring.centre + ring.side * (ring.radii.x * std::cos(theta)) +
                     ring.depth * (ring.radii.y * std::sin(theta)),
                 weights);
    }
  }
  add_vertex(mesh, pole(rings[rings.size() - kCapRings], 1.0f),
             weights_at(runs, rings.back().arc_length_m, half_width));

  // Counter-clockwise seen from outside: around a ring the side axis turns towards the depth
  // axis, and side x depth is the tangent.
  const auto ring_vertex = [&](std::size_t ring, int k) {
    return base + 1 + static_cast<std::uint32_t>(ring * kRingVertices + (k % kRingVertices));
  };
  const std::uint32_t start_pole = base;
  const auto end_pole = static_cast<std::uint32_t>(mesh.positions.size() - 1);
  const std::size_t last = rings.size() - 1;
  for (int k = 0; k < kRingVertices; ++k) {
    add_triangle(mesh, start_pole, ring_vertex(0, k + 1), ring_vertex(0, k));
    for (std::size_t r = 0; r < last; ++r) {
      add_triangle(mesh, ring_vertex(r, k), ring_vertex(r, k + 1), ring_vertex(r + 1, k + 1));
      add_triangle(mesh, ring_vertex(r, k), ring_vertex(r + 1, k + 1), ring_vertex(r + 1, k));
    }
    add_triangle(mesh, end_pole, ring_vertex(last, k), ring_vertex(last, k + 1));
  }
}

// Area-weighted vertex normals: a ring's seam and the poles share their vertices, so shading is
// smooth all over a tube.
void compute_normals(anim::SkinnedMesh& mesh) {
  std::fill(mesh.normals.begin(), mesh.normals.end(), glm::vec3(0.0f));
  for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
    const std::uint32_t a = mesh.indices[i], b = mesh.indices[i + 1], c = mesh.indices[i + 2];
    const glm::vec3 n =
        glm::cross(mesh.positions[b] - mesh.positions[a], mesh.positions[c] - mesh.positions[a]);
    mesh.normals[a] += n;
    mesh.normals[b] += n;
    mesh.normals[c] += n;
  }
  for (auto& n : mesh.normals) n = glm::normalize(n);
}

// Rest positions of the skeleton's joints by name, for laying the tubes along the bones.
class JointPositions {
 public:
  explicit JointPositions(const anim::Skeleton& skeleton) : skeleton_(skeleton) {
    model_.resize(skeleton.joint_count());
    for (int i = 0; i < skeleton.joint_count(); ++i) {
      const int parent = skeleton.parents[i];
      model_[i] = parent == anim::kNoParent ? skeleton.rest_pose[i]
                                            : anim::compose(model_[parent], skeleton.rest_pose[i]);
    }
  }
  int index(const std::string& name) const { return skeleton_.find_joint(name); }
  glm::vec3 at(const std::string& name, const glm::vec3& offset = glm::vec3(0.0f)) const {
    return model_[index(name)].translation + offset;
  }

 private:
  const anim::Skeleton& skeleton_;
  std::vector<anim::Transform> model_;
};

glm::vec2 circle(float radius) {
  return {radius, radius};
}

// Pelvis, spine, neck and head in one tube, wider than deep; the head's cap reaches the
// mannequin's full height.
Tube torso(const JointPositions& j) {
  const float head_depth = 0.10f, head_width = 0.09f;
  const glm::vec3 crown(0.0f, kDemoHeight_m - std::min(head_depth, head_width), 0.0f);
  return {{{j.at("hips", {0, -0.10f, 0}), {0.13f, 0.10f}},
           {j.at("hips"), {0.16f, 0.11f}},
           {j.at("spine_01"), {0.14f, 0.10f}},
           {j.at("spine_02"), {0.145f, 0.10f}},
           {j.at("chest"), {0.16f, 0.11f}},
           {j.at("chest", {0, 0.10f, 0}), {0.17f, 0.11f}},
           {j.at("neck", {0, -0.03f, 0}), {0.075f, 0.07f}},
           {j.at("neck"), circle(0.055f)},
           {j.at("head", {0, -0.02f, 0}), {0.06f, 0.065f}},
           {crown, {head_width, head_depth}}},
          {j.index("hips"), j.index("hips"), j.index("spine_01"), j.index("spine_02"),
           j.index("chest"), j.index("chest"), j.index("chest"), j.index("neck"), j.index("head")},
          0.05f};
}

// Thigh and calf, starting inside the pelvis and ending just below the ankle.
Tube leg(const JointPositions& j, const std::string& s) {
  return {{{j.at("thigh" + s, {0, 0.07f, 0}), circle(0.085f)},
           {j.at("thigh" + s), circle(0.085f)},
           {j.at("thigh" + s, {0, -0.20f, 0}), circle(0.07f)},
           {j.at("calf" + s), circle(0.05f)},
           {j.at("calf" + s, {0, -0.14f, 0}), circle(0.055f)},
           {j.at("foot" + s, {0, 0.04f, 0}), circle(0.035f)},
           {j.at("foot" + s), circle(0.035f)},
           {j.at("foot" + s, {0, -0.02f, 0}), circle(0.035f)}},
          {j.index("hips"), j.index("thigh" + s), j.index("thigh" + s), j.index("calf" + s),
           j.index("calf" + s), j.index("calf" + s), j.index("foot" + s)},
          0.05f};
}

// Heel to toe tip along +Z, wider than high, its sole on the floor.
Tube foot(const JointPositions& j, const std::string& s) {
  return {{{j.at("foot" + s, {0, -0.035f, -0.05f}), circle(0.035f)},
           {j.at("foot" + s, {0, -0.035f, 0.03f}), {0.045f, 0.04f}},
           {j.at("toes" + s, {0, 0.005f, 0}), {0.045f, 0.025f}},
           {j.at("toes" + s, {0, 0.0f, 0.06f}), {0.035f, 0.02f}}},
          {j.index("foot" + s), j.index("foot" + s), j.index("toes" + s)},
          0.03f};
}

// Clavicle to finger tips along the T-pose arm (mirror = 1 for the left arm, -1 for the right);
// the hand is flat (thin vertically, wide front to back).
Tube arm(const JointPositions& j, const std::string& s, float mirror) {
  const glm::vec3 out(mirror, 0, 0);
  return {{{j.at("clavicle" + s), circle(0.05f)},
           {j.at("upperarm" + s), circle(0.055f)},
           {j.at("upperarm" + s, out * 0.12f), circle(0.05f)},
           {j.at("forearm" + s), circle(0.04f)},
           {j.at("forearm_twist" + s), {0.035f, 0.037f}},
           {j.at("hand" + s), {0.027f, 0.03f}},
           {j.at("hand" + s, out * 0.045f), {0.02f, 0.045f}},
           {j.at("fingers" + s), {0.015f, 0.04f}},
           {j.at("fingers" + s, out * 0.06f), {0.012f, 0.035f}}},
          {j.index("clavicle" + s), j.index("upperarm" + s), j.index("upperarm" + s),
           j.index("forearm" + s), j.index("forearm_twist" + s), j.index("hand" + s),
           j.index("hand" + s), j.index("fingers" + s)},
          0.04f};
}

Tube thumb(const JointPositions& j, const std::string& s, float mirror) {
  return {{{j.at("hand" + s, {mirror * 0.015f, -0.005f, 0.02f}), circle(0.014f)},
           {j.at("thumb" + s), circle(0.013f)},
           {j.at("thumb" + s, {mirror * 0.02f, 0, 0.04f}), circle(0.011f)}},
          {j.index("hand" + s), j.index("thumb" + s)},
          0.015f};
}

}  // namespace

anim::SkinnedMesh make_demo_mesh(const anim::Skeleton& skeleton) {
  const JointPositions joints(skeleton);
  anim::SkinnedMesh mesh;
  mesh.name = "mannequin";
  mesh.material = 0;
  append_tube(torso(joints), mesh);
  for (const auto& [side, mirror] : {std::pair{"_l", 1.0f}, std::pair{"_r", -1.0f}}) {
    append_tube(leg(joints, side), mesh);
    append_tube(foot(joints, side), mesh);
    append_tube(arm(joints, side, mirror), mesh);
    append_tube(thumb(joints, side, mirror), mesh);
  }
  compute_normals(mesh);
  return mesh;
}

}  // namespace demo
