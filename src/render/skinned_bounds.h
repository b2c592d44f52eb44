#pragma once
// Where a skinned character's vertices can be in a pose, from its palette alone: per joint, the
// bind-space box of the vertices it moves, carried by the joint's skinning matrix. Linear blend
// skinning puts a vertex at a weighted mean (weights summing to 1) of its joints' transforms of
// it, so inside the convex hull of those boxes' images: the box around them all holds the mesh
// in any pose, without reading the skinned vertices back (the shadow's reach on the ground).

#include <array>
#include <optional>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/skinned_mesh.h"

namespace render {

struct Box {
  glm::vec3 min{1e30f};
  glm::vec3 max{-1e30f};
  bool empty() const { return min.x > max.x; }
  void add(const glm::vec3& p) {
    min = glm::min(min, p);
    max = glm::max(max, p);
  }
};

// The 8 corners of box (bit 0 of the index picks max.x, bit 1 max.y, bit 2 max.z).
std::array<glm::vec3, 8> corners(const Box& box);

// The box around the 8 corners of box carried by the affine matrix m: it holds m's image of box.
Box transformed(const Box& box, const glm::mat4& m);

class SkinnedBounds {
 public:
  // Reads the bind meshes of a character of joint_count joints. Meshes that cannot be bounded
  // this way make every later skinned() answer nullopt: morph targets (they move vertices
  // before skinning), weights that are negative or do not sum to 1 (0 keeps the bind position),
  // or a joint index outside the skeleton.
  void build(std::span<const anim::SkinnedMesh> meshes, int joint_count);

  // The model-space box holding the meshes skinned by linear blend skinning with palette (model
  // * inverse bind per joint), or nullopt where it cannot be bounded (above, or a palette of
  // another size, or no meshes).
  std::optional<Box> skinned(std::span<const glm::mat4> palette) const;

 private:
  std::vector<Box> joint_boxes_;  // bind space, per joint; empty where it moves no vertex
  Box unweighted_;                // vertices with no weight, which keep their bind position
  bool bounded_ = false;
};

}  // namespace render
