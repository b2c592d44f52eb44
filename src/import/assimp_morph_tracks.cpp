#include "import/assimp_morph_tracks.h"

#include <cmath>
#include <map>

#include "import/blend_shapes.h"
#include "import/track_keys.h"

namespace importer {
namespace {

// assimp 5.2.5 shifts the keys of a stack without LocalStart/LocalStop and without node
// animation by its unset start, 1e10 ticks (FBXConverter.cpp, ConvertAnimationStack: min_time
// starts at 1e10 and only node animations lower it; mDuration becomes -2e10). The shift that
// undoes it, else 0.
double assimp_unset_start_ticks(const aiAnimation& animation) {
  constexpr double kUnsetStart = 1e10;
  return animation.mNumChannels == 0 && animation.mDuration == -2.0 * kUnsetStart ? kUnsetStart
                                                                                  : 0.0;
}

// The node and its first mesh with blend shapes that a channel named "<node>*<geometry>" (or
// just "<node>") animates; "" or the cause.
std::string find_shaped_mesh(const aiScene& scene, const std::string& channel_name,
                             const aiNode*& node, const aiMesh*& mesh) {
  std::string node_name = channel_name;
  if (const std::size_t star = channel_name.rfind('*'); star != std::string::npos) {
    node_name = channel_name.substr(0, star);
    if (channel_name.substr(star + 1) != "0") {
      return "it animates a second geometry of its node; only the first one's shapes are played";
    }
  }
  node = scene.mRootNode->FindNode(node_name.c_str());
  if (node == nullptr) return "no node is called '" + node_name + "'";
  for (unsigned i = 0; i < node->mNumMeshes; ++i) {
    const aiMesh* candidate = scene.mMeshes[node->mMeshes[i]];
    if (candidate->mNumAnimMeshes > 0) {
      mesh = candidate;
      return {};
    }
  }
  return "node '" + node_name + "' holds no mesh with blend shapes";
}

// Cuts off the keys before time 0, the weight at 0 interpolated between the last of them and the
// first key after (or held from the last, when none is after).
void start_at_zero(anim::FloatTrack& track) {
  std::size_t first = 0;
  while (first < track.times_s.size() && track.times_s[first] < 0.0f) ++first;
  if (first == 0) return;
  float at_zero = track.values[first - 1];
  if (first < track.times_s.size() && track.times_s[first] > 0.0f) {
    const float t0 = track.times_s[first - 1], t1 = track.times_s[first];
    at_zero += (track.values[first] - at_zero) * (0.0f - t0) / (t1 - t0);
  }
  track.times_s.erase(track.times_s.begin(), track.times_s.begin() + (first - 1));
  track.values.erase(track.values.begin(), track.values.begin() + (first - 1));
  track.times_s[0] = 0.0f;
  track.values[0] = at_zero;
  if (track.times_s.size() > 1 && track.times_s[1] <= 0.0f) {  // a key at exactly 0 follows
    track.times_s.erase(track.times_s.begin());
    track.values.erase(track.values.begin());
  }
}

}  // namespace

void add_assimp_morph_tracks(const aiScene& scene, const aiAnimation& animation,
                             double ticks_per_second, const std::string& file_name,
                             anim::Clip& clip, std::vector<std::string>& warnings) {
  const double shift = assimp_unset_start_ticks(animation);
  for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
    const aiMeshMorphAnim& channel = *animation.mMorphMeshChannels[c];
    const std::string where = file_name + ": clip '" + clip.name + "', blend-shape channel '" +
                              channel.mName.C_Str() + "'";
    const aiNode* node = nullptr;
    const aiMesh* mesh = nullptr;
    if (std::string cause = find_shaped_mesh(scene, channel.mName.C_Str(), node, mesh);
        !cause.empty()) {
      warnings.push_back(where + ": " + cause + "; skipped");
      continue;
    }
    std::map<unsigned, anim::FloatTrack> by_shape;
    std::map<unsigned, std::string> bad_shapes;  // the first problem of each skipped shape
    for (unsigned k = 0; k < channel.mNumKeys; ++k) {
      const aiMeshMorphKey& key = channel.mKeys[k];
      const double time_s = (key.mTime + shift) / ticks_per_second;
      for (unsigned i = 0; i < key.mNumValuesAndWeights; ++i) {
        const unsigned shape = key.mValues[i];
        if (shape >= mesh->mNumAnimMeshes) {
          bad_shapes.emplace(shape, "the mesh has " + std::to_string(mesh->mNumAnimMeshes) +
                                        " blend shapes, it animates shape " +
                                        std::to_string(shape));
        } else if (!std::isfinite(time_s) || !std::isfinite(key.mWeights[i])) {
          bad_shapes.emplace(shape, "key " + std::to_string(k) + " of shape " +
                                        std::to_string(shape) +
                                        " is not a finite number (NaN or infinity)");
        } else {
          push_key(by_shape[shape], static_cast<float>(time_s),
                   static_cast<float>(key.mWeights[i]));
        }
      }
    }
    for (const auto& [shape, cause] : bad_shapes) {
      warnings.push_back(where + ": " + cause + "; that shape is skipped");
      by_shape.erase(shape);
    }
    for (auto& [shape, weight] : by_shape) {
      anim::MorphTrack track;
      track.node_name = node->mName.C_Str();
      track.target_name = blend_shape_name(*mesh->mAnimMeshes[shape], shape);
      track.weight = std::move(weight);
      start_at_zero(track.weight);
      clip.morph_tracks.push_back(std::move(track));
    }
  }
}

}  // namespace importer
