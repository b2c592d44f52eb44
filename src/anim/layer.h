#pragma once
// Animation layers: the base layer's pose (usually the state machine's) is refined by further
// layers, each with a weight and a per-joint mask. An override layer replaces the masked joints
// (e.g. a wave on the upper body over locomotion); an additive layer adds a delta pose on top
// (e.g. a lean), as anim/pose.h's apply_additive defines it.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

enum class LayerMode { Override, Additive };

// One layer above the base. joint_mask has one value in [0, 1] per skeleton joint, or is empty
// for the whole body; a joint's effective weight is weight times its mask value. shape_mask is
// the same for the character's morph channels (make_shape_mask), empty for every shape.
struct Layer {
  std::string name;
  LayerMode mode = LayerMode::Override;
  float weight = 1.0f;
  std::vector<float> joint_mask;
  std::vector<float> shape_mask;
};

// Builds a mask that is 1 on each named joint and all its descendants and 0 elsewhere (e.g.
// {"spine_02"} for the upper body). Returns an empty string on success, otherwise the cause
// naming the unknown joint; out is left unchanged then.
std::string make_joint_mask(const Skeleton& skeleton, std::span<const std::string> root_joints,
                            std::vector<float>& out);

// Applies layer onto pose in place. Override: per joint, translation and scale lerp and rotation
// nlerp (shortest arc) from pose towards layer_pose by the effective weight. Additive: layer_pose
// is a delta (inverse(reference) * source, see make_additive_delta) applied with apply_additive.
// Fails, leaving pose unchanged, when a span or the mask is not pose's size, or the weight is
// not finite. Never allocates.
JobResult apply_layer(const Layer& layer, std::span<const Transform> layer_pose,
                      std::span<Transform> pose);

// The same with weight in place of layer.weight: an instance plays a weight the user is still
// dragging without a new graph binding (CharacterInstance::set_layer_weight).
JobResult apply_layer(const Layer& layer, float weight, std::span<const Transform> layer_pose,
                      std::span<Transform> pose);

const char* to_string(LayerMode mode);  // "override", "additive"
bool parse_layer_mode(std::string_view text, LayerMode& out);

}  // namespace anim
