#include "anim/blend_sample_label.h"

namespace anim {

std::string sample_label(std::size_t index, std::span<const std::string> clip_names) {
  if (index < clip_names.size() && !clip_names[index].empty()) return "'" + clip_names[index] + "'";
  return "sample " + std::to_string(index + 1);
}

}  // namespace anim
