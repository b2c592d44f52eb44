#pragma once
// How a blend space's checks name a sample in their messages: by its clip when the clip names
// are known ("'walk_left'"), so the user finds it in the editor, else by its 1-based position.

#include <cstddef>
#include <span>
#include <string>

namespace anim {

std::string sample_label(std::size_t index, std::span<const std::string> clip_names);

}  // namespace anim
