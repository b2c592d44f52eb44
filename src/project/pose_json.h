#pragma once
// The pose JSON format of `animview pose --json` and of the viewer's pose export:
// {"file", "clip", "time", "duration", "joints": [{"name", "parent", "translation": [x,y,z],
//  "rotation": [x,y,z,w], "scale": [x,y,z], "matrix": [16 floats, column-major]}],
//  "morph_weights": [{"node", "targets": [names], "weights": [values]}]}.

#include <span>
#include <string>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "anim/morph_weights.h"
#include "anim/skeleton.h"

namespace project {

// clip empty means the bind pose ("clip": null). model holds one model-space matrix per joint.
nlohmann::json pose_to_json(const std::string& file, const std::string& clip, float time_s,
                            float duration_s, const anim::Skeleton& skeleton,
                            std::span<const glm::mat4> model);

// The "morph_weights" array: one entry per node holding a mesh with targets (the file's node
// name), its targets in the file's order with their weights (one per channel, in channels'
// order, as CharacterInstance::morph_weights gives them).
nlohmann::json morph_weights_to_json(std::span<const anim::MorphChannel> channels,
                                     std::span<const float> weights);

}  // namespace project
