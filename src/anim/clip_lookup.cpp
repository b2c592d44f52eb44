#include "anim/clip_lookup.h"

namespace anim {

int find_clip_by_name_or_index(std::span<const Clip> clips, std::string_view text) {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name == text) return static_cast<int>(i);
  }
  if (text.empty() || text.size() > 8 || text.find_first_not_of("0123456789") != text.npos) {
    return -1;
  }
  int index = 0;
  for (char c : text) index = index * 10 + (c - '0');
  return index < static_cast<int>(clips.size()) ? index : -1;
}

std::string describe_clips(std::span<const Clip> clips) {
  std::string names;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    names += (i == 0 ? "" : ", ") + std::to_string(i) + ": '" + clips[i].name + "'";
  }
  return names.empty() ? "none" : names;
}

}  // namespace anim
