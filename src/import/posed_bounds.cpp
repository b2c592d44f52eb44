#include "import/posed_bounds.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

#include "anim/clip_sampling.h"
#include "anim/morph_weights.h"
#include "anim/morphing.h"
#include "anim/pose.h"
#include "anim/skinning.h"

namespace importer {
namespace {

void grow(Bounds& b, const glm::vec3& p) {
  b.min = glm::min(b.min, p);
  b.max = glm::max(b.max, p);
}

void grow(Bounds& b, const Bounds& other) {
  if (other.empty()) return;
  grow(b, other.min);
  grow(b, other.max);
}

// The box around box moved by the affine matrix m: exact for the box's eight corners.
Bounds moved(const Bounds& box, const glm::mat4& m) {
  const glm::vec3 centre = glm::vec3(m * glm::vec4(0.5f * (box.min + box.max), 1.0f));
  const glm::vec3 half = 0.5f * (box.max - box.min);
  glm::vec3 reach(0.0f);
  for (int c = 0; c < 3; ++c) reach += glm::abs(glm::vec3(m[c])) * half[c];
  return Bounds{centre - reach, centre + reach};
}

// The directions along which each joint keeps its vertices' extremes: the 26 of a cube's faces,
// edges and corners (a joint's own axes, which a rest pose often lines up with the world's),
// and 48 spread evenly between them (a Fibonacci lattice) for the turns of a pose.
constexpr int kLattice = 48;
constexpr int kDirections = 26 + kLattice;

std::array<glm::vec3, kDirections> extreme_directions() {
  std::array<glm::vec3, kDirections> d;
  std::size_t n = 0;
  for (int x = -1; x <= 1; ++x) {
    for (int y = -1; y <= 1; ++y) {
      for (int z = -1; z <= 1; ++z) {
        if (x != 0 || y != 0 || z != 0) d[n++] = glm::normalize(glm::vec3(x, y, z));
      }
    }
  }
  const float golden = 3.14159265f * (3.0f - std::sqrt(5.0f));
  for (int i = 0; i < kLattice; ++i) {
    const float y = 1.0f - 2.0f * (static_cast<float>(i) + 0.5f) / kLattice;
    const float r = std::sqrt(1.0f - y * y);
    d[n++] = {r * std::cos(golden * static_cast<float>(i)), y,
              r * std::sin(golden * static_cast<float>(i))};
  }
  return d;
}

// What posed_bounds measures of a character, once: per joint, the vertices it moves, in that
// joint's bind space (inverse_bind * bind position), so that the joint's model matrix places
// them where the skinning shader draws them, whatever space the file binds its mesh in (a
// Blender armature's centimetres, Z-up; a rigid mesh's node). A skinned vertex is a convex
// combination of its joints' palette matrices applied to it (weights sum to one), so it lies
// within its joints' vertex sets, each moved by its joint. Of each set only the vertices
// farthest along kDirections directions are kept (its hull, sampled): a pose then moves a few
// dozen points per joint (about 10 us for the Knight's 50 joints) instead of skinning every
// vertex (50 us for his 7k vertices). The measure itself costs about 1 ms there, as much as
// skinning 24 poses, and clip_bounds measures again for each clip: sharing one measure across
// the clips of a load is what would make many clips cheap. Boxes around each set were tried first:
// they hold the mesh for sure, but a box's empty corners, turned, made the bounds up to 15% of the
// height too large (KayKit's Knight swinging his sword). Over the shared characters the sampled
// hull misses the skinned mesh by 1% of the height at most, and exceeds it where vertices blend
// joints that bend far apart (12% on Cesium Man, 3% at most elsewhere).
// The positions of mesh as drawn with the character's morph weights (one per channel of
// morph_channels_of(character.meshes); empty: each mesh's default weights): its base positions
// when it has no targets or the weights do not fit them.
std::vector<glm::vec3> morphed_positions(const anim::SkinnedMesh& mesh, int first_channel,
                                         std::span<const float> weights) {
  std::vector<glm::vec3> positions = mesh.positions;
  if (mesh.morph_targets.empty()) return positions;
  std::span<const float> own = mesh.morph_weights;
  const std::size_t count = mesh.morph_targets.size();
  if (!weights.empty() && first_channel >= 0 &&
      static_cast<std::size_t>(first_channel) + count <= weights.size()) {
    own = weights.subspan(static_cast<std::size_t>(first_channel), count);
  }
  if (!anim::morph_vertices(mesh, own, positions, {}, {})) positions = mesh.positions;
  return positions;
}

struct PoseMeasure {
  std::vector<bool> joints;             // character_tree: measured when there is no mesh
  std::vector<glm::vec3> points;        // each joint's extremes, joint by joint
  std::vector<std::uint32_t> first{0};  // joint j's are points[first[j], first[j + 1])
  Bounds unbound;                       // vertices of no joint stay where they are bound
  bool has_mesh = false;
};

PoseMeasure measure_character(const Character& character, std::span<const float> morph_weights) {
  PoseMeasure m;
  const std::vector<int> first_channel =
      anim::first_morph_channel_of(character.meshes, anim::morph_channels_of(character.meshes));
  const anim::Skeleton& skeleton = character.skeleton;
  m.joints = character_tree(skeleton);
  const std::array<glm::vec3, kDirections> directions = extreme_directions();
  const std::size_t joints = skeleton.inverse_bind.size();
  // Per joint and direction: the farthest point so far and how far it reaches.
  std::vector<glm::vec3> extreme(joints * kDirections);
  std::vector<float> reach(joints * kDirections, -1e30f);
  for (std::size_t i = 0; i < character.meshes.size(); ++i) {
    const anim::SkinnedMesh& mesh = character.meshes[i];
    const std::vector<glm::vec3> positions =
        morphed_positions(mesh, first_channel[i], morph_weights);
    for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
      const glm::vec4 bind(positions[v], 1.0f);
      bool bound = false;
      for (int set = 0; set < 2; ++set) {
        const std::vector<glm::uvec4>& ids = set == 0 ? mesh.joints0 : mesh.joints1;
        const std::vector<glm::vec4>& weights = set == 0 ? mesh.weights0 : mesh.weights1;
        if (v >= ids.size() || v >= weights.size()) continue;
        for (int k = 0; k < 4; ++k) {
          const std::uint32_t j = ids[v][k];
          if (!(weights[v][k] > 0.0f) || j >= joints) continue;
          bound = true;
          const glm::vec3 p = glm::vec3(skeleton.inverse_bind[j] * bind);
          for (std::size_t d = 0, i = j * kDirections; d < kDirections; ++d, ++i) {
            const float along = glm::dot(p, directions[d]);
            if (along > reach[i]) {
              reach[i] = along;
              extreme[i] = p;
            }
          }
        }
      }
      if (!bound) grow(m.unbound, positions[v]);
      m.has_mesh = true;
    }
  }
  for (std::size_t j = 0; j < joints; ++j) {
    const std::size_t begin = m.points.size();
    for (std::size_t i = j * kDirections; i < (j + 1) * kDirections; ++i) {
      if (reach[i] > -1e30f) m.points.push_back(extreme[i]);
    }
    std::sort(m.points.begin() + begin, m.points.end(), [](const glm::vec3& a, const glm::vec3& b) {
      return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
    });
    m.points.erase(std::unique(m.points.begin() + begin, m.points.end()), m.points.end());
    m.first.push_back(static_cast<std::uint32_t>(m.points.size()));
  }
  return m;
}

// The joints of the character_tree, with a tenth of the pose's size around them: a skeleton
// drawn as bones has some thickness.
Bounds joint_bounds(const PoseMeasure& m, std::span<const glm::mat4> model_pose,
                    const glm::mat4& world) {
  Bounds posed;
  for (std::size_t j = 0; j < model_pose.size(); ++j) {
    if (m.joints[j]) grow(posed, glm::vec3(world * model_pose[j][3]));
  }
  if (posed.empty()) return posed;
  const glm::vec3 margin(0.1f * glm::length(posed.max - posed.min));
  posed.min -= margin;
  posed.max += margin;
  return posed;
}

// posed_bounds with the character measured.
Bounds measured_pose_bounds(const PoseMeasure& m, std::span<const glm::mat4> model_pose,
                            const glm::mat4& world) {
  if (model_pose.size() != m.joints.size()) return {};
  if (!m.has_mesh) return joint_bounds(m, model_pose, world);
  Bounds posed;
  if (!m.unbound.empty()) posed = moved(m.unbound, world);
  for (std::size_t j = 0; j < model_pose.size() && j + 1 < m.first.size(); ++j) {
    const glm::mat4 placed = world * model_pose[j];
    for (std::uint32_t i = m.first[j]; i < m.first[j + 1]; ++i) {
      grow(posed, glm::vec3(placed * glm::vec4(m.points[i], 1.0f)));
    }
  }
  return posed;
}

}  // namespace

Bounds posed_bounds(const Character& character, std::span<const glm::mat4> model_pose,
                    const glm::mat4& world, std::span<const float> morph_weights) {
  if (model_pose.size() != static_cast<std::size_t>(character.skeleton.joint_count())) return {};
  return measured_pose_bounds(measure_character(character, morph_weights), model_pose, world);
}

Bounds rest_pose_bounds(const Character& character, const glm::mat4& world) {
  const anim::Skeleton& skeleton = character.skeleton;
  std::vector<glm::mat4> model(skeleton.rest_pose.size()), palette(model.size());
  if (!anim::local_to_model(skeleton, skeleton.rest_pose, model) ||
      !anim::skinning_matrices(model, skeleton.inverse_bind, palette)) {
    return {};
  }
  Bounds skinned;
  std::vector<glm::vec3> positions;
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    // The rest pose shows the targets at their default weights.
    anim::SkinnedMesh morphed;
    const anim::SkinnedMesh* shown = &mesh;
    if (!mesh.morph_targets.empty()) {
      morphed = mesh;
      morphed.positions = morphed_positions(mesh, -1, {});
      shown = &morphed;
    }
    positions.resize(mesh.vertex_count());
    if (!anim::skin_vertices_lbs(*shown, palette, positions, {})) continue;
    for (const glm::vec3& p : positions) grow(skinned, glm::vec3(world * glm::vec4(p, 1.0f)));
  }
  return skinned.empty() ? posed_bounds(character, model, world) : skinned;
}

Bounds clip_bounds(const Character& character, const anim::Clip& clip,
                   const anim::RootMotionSettings& root_motion, const glm::mat4& world,
                   int samples) {
  Bounds all;
  const anim::Skeleton& skeleton = character.skeleton;
  if (samples < 2 || skeleton.joint_count() == 0) return all;
  const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
  anim::SamplingCache cache(clip, binding);
  // A clip that plays shapes changes the mesh itself: it is measured again at each sample.
  const std::vector<anim::MorphChannel> channels = anim::morph_channels_of(character.meshes);
  const anim::MorphBinding morph_binding = anim::bind_morph_tracks(clip, channels);
  const bool plays_shapes =
      std::any_of(morph_binding.track_to_channel.begin(), morph_binding.track_to_channel.end(),
                  [](int c) { return c >= 0; });
  std::vector<float> weights(channels.size());
  PoseMeasure measure = measure_character(character, {});
  std::vector<anim::Transform> local(skeleton.rest_pose.size());
  std::vector<glm::mat4> model(local.size());
  for (int i = 0; i < samples; ++i) {
    // The last sample at the duration itself: a looping clip's last frame, not its first again.
    const float t = clip.duration_s * static_cast<float>(i) / static_cast<float>(samples - 1);
    const float time_s = clip.loop && i == samples - 1 ? std::nextafter(t, 0.0f) : t;
    if (!anim::sample_clip(clip, binding, skeleton, time_s, cache, local)) return {};
    if (!anim::remove_root_motion(skeleton, root_motion, local)) return {};
    if (!anim::local_to_model(skeleton, local, model)) return {};
    if (plays_shapes) {
      if (!anim::sample_morph_weights(clip, morph_binding, channels, time_s, cache.morph_cursors,
                                      weights)) {
        return {};
      }
      measure = measure_character(character, weights);
    }
    grow(all, measured_pose_bounds(measure, model, world));
  }
  return all;
}

}  // namespace importer
