#include "anim/bound_character.h"

#include "anim/index.h"

namespace anim {

std::size_t BoundCharacter::clip_memory_bytes() const {
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < clips.size() && i < bindings.size(); ++i) {
    bytes += sampled_bytes(clips[i], bindings[i]);
  }
  for (std::size_t i = 0; i < clips.size() && i < morph_bindings.size(); ++i) {
    bytes += morph_sampled_bytes(clips[i], morph_bindings[i]);
  }
  return bytes;
}

int BoundCharacter::find_clip(std::string_view name) const {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

const GroundMotion* BoundCharacter::ground_motion_of(int clip) const {
  if (clip < 0 || clip >= static_cast<int>(ground_motion.size())) return nullptr;
  const GroundMotion& g = nth(ground_motion, clip);
  return g.empty() ? nullptr : &g;
}

std::string bind_character(Skeleton skeleton, std::vector<Clip> clips, const BindOptions& storage,
                           BoundCharacter& out, std::vector<MorphChannel> morph_channels) {
  if (std::string e = validate(skeleton); !e.empty()) return "skeleton: " + e;
  for (const Clip& clip : clips) {
    if (std::string e = validate(clip); !e.empty()) return "clip '" + clip.name + "': " + e;
  }
  BoundCharacter bound;
  bound.bindings.reserve(clips.size());
  for (const Clip& clip : clips) {
    bound.bindings.push_back(bind_clip(clip, skeleton, storage));
    bound.morph_bindings.push_back(bind_morph_tracks(
        clip, morph_channels, storage.compress ? storage.compression.morph_weight : 0.0f));
  }
  bound.morph_channels = std::move(morph_channels);
  bound.skeleton = std::move(skeleton);
  bound.clips = std::move(clips);
  bound.storage = storage;
  if (storage.root_motion_joint >= 0) bound.root_motion_joint = storage.root_motion_joint;
  out = std::move(bound);
  return {};
}

}  // namespace anim
