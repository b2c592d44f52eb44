#pragma once
// The graph panel's layer edits: layers added and removed, and a layer's mask edited on the
// skeleton tree (a click toggles a joint and everything below it). Each returns "" or why it
// refused (the project is then unchanged). Weight, mode and clip are plain fields the panel
// sets itself.

#include <string>

#include "anim/skeleton.h"
#include "project/project_file.h"

namespace project {

// Appends an override layer at full weight that plays project clip `clip`, named after base
// (made unique among the layers: "base", "base 2", ...). Its mask holds no joint yet: the user
// picks them on skeleton's tree (a new layer that took the whole body would hide the base).
// Refuses a clip out of range. index receives the new layer's index.
std::string add_layer(Project& project, const anim::Skeleton& skeleton, const std::string& base,
                      int clip, int& index);

// Sets layer index's mask to the whole body (all) or to no joint.
std::string set_layer_mask_all(Project& project, const anim::Skeleton& skeleton, int index,
                               bool all);

// Removes layer index.
std::string remove_layer(Project& project, int index);

// The per-joint mask of layer (1 in, 0 out), as anim::make_joint_mask builds it from the layer's
// joint names. Returns "" or the cause (a joint skeleton lacks); out is unchanged then.
std::string layer_mask(const ProjectLayer& layer, const anim::Skeleton& skeleton,
                       std::vector<float>& out);

// Toggles joint (an index into skeleton) and its descendants in layer index's mask, and stores
// the result as the shortest list of included and excluded joint names. Refuses a layer or
// joint out of range, or a mask naming joints skeleton lacks.
std::string toggle_layer_mask_joint(Project& project, const anim::Skeleton& skeleton, int index,
                                    int joint);

}  // namespace project
