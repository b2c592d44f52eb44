#pragma once
// Helpers shared by the import, demo and project tests: where the third-party files are, and the
// model-space pose of an imported character through the same runtime path the viewer uses.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "import/character.h"
#include "import/import_settings.h"

namespace test {

// ../shared/assets/<relative>.
std::filesystem::path shared_asset(const std::string& relative);
// Debian's assimp-testmodels: /usr/share/assimp/models/<relative>.
std::filesystem::path assimp_model(const std::string& relative);

// The character imported from path, failing the test (with the import's error) when it fails.
importer::Character import_ok(const std::filesystem::path& path,
                              const importer::ImportSettings& settings = {});

// Model-space joint matrices of character at time_s of clip (nullptr: the rest pose), via
// sample_clip and local_to_model.
std::vector<glm::mat4> model_pose(const importer::Character& character, const anim::Clip* clip,
                                  float time_s);

// The morph weights of character at time_s of the clip called clip_name, one per channel of
// anim::morph_channels_of(character.meshes): the clips bound as the viewer binds them, sampled
// by sample_morph_weights. Fails the test (returning {}) when there is no such clip.
std::vector<float> morph_weights_at(const importer::Character& character,
                                    const std::string& clip_name, float time_s);

// Whether one of the import's warnings holds part.
bool warned(const importer::Character& character, const std::string& part);

// The clip called name, or nullptr.
const anim::Clip* find_clip(const std::vector<anim::Clip>& clips, const std::string& name);

}  // namespace test

// Skips the test, saying why, when a data file is not installed on this machine.
#define SKIP_IF_ABSENT(path)                                                                  \
  do {                                                                                        \
    if (!std::filesystem::exists(path)) {                                                     \
      GTEST_SKIP() << (path) << " is absent (../shared/assets or assimp-testmodels missing)"; \
    }                                                                                         \
  } while (false)
