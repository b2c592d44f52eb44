#pragma once
// Which morph targets a mesh applies: those of non-zero weight, at most kMaxActiveMorphTargets
// (the vertex shaders' MAX_ACTIVE_MORPH_TARGETS in shaders/skin_common.glsl). The GPU and the
// CPU reference pick the same ones, so they stay equal past the limit.

#include <cstddef>
#include <span>

namespace anim {

inline constexpr int kMaxActiveMorphTargets = 64;

// Writes the indices of the targets of non-zero finite weight into targets and their weights
// into out_weights, ascending by index, and returns how many. When there are more than fit
// (min of the two spans' sizes), those of largest |weight| are kept (of equal ones, the lower
// index); *dropped, when given, is set to how many were left out. No allocation.
int select_active_morph_targets(std::span<const float> weights, std::span<int> targets,
                                std::span<float> out_weights, std::size_t* dropped = nullptr);

}  // namespace anim
