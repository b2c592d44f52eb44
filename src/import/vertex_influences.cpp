#include "import/vertex_influences.h"

#include <algorithm>
#include <cmath>

namespace importer {
namespace {

constexpr float kWeightSumTolerance = 1e-3f;

}  // namespace

void write_influences(std::vector<std::vector<Influence>>& per_vertex, int max_influences,
                      unsigned fallback_joint, anim::SkinnedMesh& mesh, InfluenceStats& stats) {
  const std::size_t count = per_vertex.size();
  bool needs_second_set = false;
  for (std::vector<Influence>& influences : per_vertex) {
    if (influences.empty()) {
      influences.emplace_back(fallback_joint, 1.0f);
      ++stats.unweighted;
      continue;
    }
    float total = 0.0f;
    for (const Influence& i : influences) total += i.second;
    if (std::abs(total - 1.0f) > kWeightSumTolerance) ++stats.renormalized;
    std::stable_sort(influences.begin(), influences.end(),
                     [](const Influence& a, const Influence& b) { return a.second > b.second; });
    if (influences.size() > static_cast<std::size_t>(max_influences)) {
      influences.resize(max_influences);
      ++stats.cut;
    }
    float kept = 0.0f;
    for (const Influence& i : influences) kept += i.second;
    for (Influence& i : influences) i.second /= kept;
    needs_second_set = needs_second_set || influences.size() > 4;
  }
  mesh.joints0.assign(count, glm::uvec4(0u));
  mesh.weights0.assign(count, glm::vec4(0.0f));
  if (needs_second_set) {
    mesh.joints1.assign(count, glm::uvec4(0u));
    mesh.weights1.assign(count, glm::vec4(0.0f));
  }
  for (std::size_t v = 0; v < count; ++v) {
    const std::vector<Influence>& influences = per_vertex[v];
    for (std::size_t k = 0; k < influences.size(); ++k) {
      glm::uvec4& joints = k < 4 ? mesh.joints0[v] : mesh.joints1[v];
      glm::vec4& weights = k < 4 ? mesh.weights0[v] : mesh.weights1[v];
      joints[k % 4] = influences[k].first;
      weights[k % 4] = influences[k].second;
    }
  }
}

}  // namespace importer
