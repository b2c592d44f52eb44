#include "support/import_test_util.h"

#include <algorithm>

#include "anim/bound_character.h"
#include "anim/clip_sampling.h"
#include "anim/morph_weights.h"
#include "anim/pose.h"
#include "import/importer.h"

namespace test {

std::filesystem::path shared_asset(const std::string& relative) {
  return std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / relative;
}

std::filesystem::path assimp_model(const std::string& relative) {
  return std::filesystem::path("/usr/share/assimp/models") / relative;
}

importer::Character import_ok(const std::filesystem::path& path,
                              const importer::ImportSettings& settings) {
  importer::ImportResult result = importer::import_file(path.string(), settings);
  EXPECT_TRUE(result.ok()) << result.error;
  return std::move(result.character);
}

std::vector<glm::mat4> model_pose(const importer::Character& character, const anim::Clip* clip,
                                  float time_s) {
  const anim::Skeleton& skeleton = character.skeleton;
  std::vector<anim::Transform> local = skeleton.rest_pose;
  if (clip != nullptr) {
    const anim::ClipBinding binding = anim::bind_clip(*clip, skeleton);
    anim::SamplingCache cache(*clip);
    EXPECT_TRUE(anim::sample_clip(*clip, binding, skeleton, time_s, cache, local));
  }
  std::vector<glm::mat4> model(local.size());
  EXPECT_TRUE(anim::local_to_model(skeleton, local, model));
  return model;
}

const anim::Clip* find_clip(const std::vector<anim::Clip>& clips, const std::string& name) {
  for (const anim::Clip& clip : clips) {
    if (clip.name == name) return &clip;
  }
  return nullptr;
}

std::vector<float> morph_weights_at(const importer::Character& character,
                                    const std::string& clip_name, float time_s) {
  anim::BoundCharacter bound;
  const std::string error = anim::bind_character(character.skeleton, character.clips, {}, bound,
                                                 anim::morph_channels_of(character.meshes));
  EXPECT_EQ(error, "");
  const int clip = bound.find_clip(clip_name);
  EXPECT_GE(clip, 0) << clip_name;
  if (clip < 0) return {};
  std::vector<std::uint32_t> cursors(bound.clips[clip].morph_tracks.size(), 0u);
  std::vector<float> out(bound.morph_channels.size());
  EXPECT_TRUE(anim::sample_morph_weights(bound.clips[clip], bound.morph_bindings[clip],
                                         bound.morph_channels, time_s, cursors, out));
  return out;
}

bool warned(const importer::Character& character, const std::string& part) {
  return std::any_of(character.report.warnings.begin(), character.report.warnings.end(),
                     [&](const std::string& w) { return w.find(part) != std::string::npos; });
}

}  // namespace test
