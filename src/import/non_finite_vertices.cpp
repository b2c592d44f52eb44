#include "import/non_finite_vertices.h"

#include <algorithm>
#include <cmath>

#include "anim/math.h"

namespace importer {

std::size_t drop_non_finite_triangles(anim::SkinnedMesh& mesh) {
  const auto finite = [](const glm::vec3& p) { return anim::finite(p); };
  if (std::all_of(mesh.positions.begin(), mesh.positions.end(), finite)) return 0;
  const auto first_finite = std::find_if(mesh.positions.begin(), mesh.positions.end(), finite);
  const glm::vec3 stand_in = first_finite == mesh.positions.end() ? glm::vec3(0.0f) : *first_finite;
  // An index past the vertices is the reader's to drop (it says so in its own warning).
  auto usable = [&](std::uint32_t v) {
    return v >= mesh.positions.size() || finite(mesh.positions[v]);
  };
  std::vector<std::uint32_t> kept;
  kept.reserve(mesh.indices.size());
  for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
    const std::uint32_t* t = &mesh.indices[i];
    if (usable(t[0]) && usable(t[1]) && usable(t[2])) kept.insert(kept.end(), t, t + 3);
  }
  const std::size_t dropped = (mesh.indices.size() - kept.size()) / 3;
  mesh.indices = std::move(kept);
  for (glm::vec3& p : mesh.positions) {
    if (!finite(p)) p = stand_in;
  }
  return dropped;
}

std::string non_finite_triangles_warning(std::size_t count) {
  return std::to_string(count) +
         " triangles use vertices whose positions are not numbers (NaN or infinite); dropped";
}

}  // namespace importer
