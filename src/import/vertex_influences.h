#pragma once
// Vertex influences: limiting each vertex's joint weights to what the renderer takes (4, or 8
// in two sets) and normalizing them, shared by the assimp and glTF mesh builders.

#include <utility>
#include <vector>

#include "anim/skinned_mesh.h"

namespace importer {

using Influence = std::pair<unsigned, float>;  // joint, weight

// What write_influences changed, for the import report.
struct InfluenceStats {
  int cut = 0;           // vertices that had more influences than kept
  int renormalized = 0;  // vertices whose weights did not sum to one
  int unweighted = 0;    // vertices without influences (given fallback_joint)
};

// Keeps each vertex's max_influences strongest influences (a stable sort: ties keep their
// order), normalized to sum to one, in mesh.joints0/weights0 and, only when some vertex keeps
// more than four, joints1/weights1. Vertices without influences follow fallback_joint.
void write_influences(std::vector<std::vector<Influence>>& per_vertex, int max_influences,
                      unsigned fallback_joint, anim::SkinnedMesh& mesh, InfluenceStats& stats);

}  // namespace importer
