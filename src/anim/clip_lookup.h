#pragma once
// Finding a clip as the command line names it: by its name, or by its index in the list (what
// `animview info` prints), so `--clip Walk` and `--clip 3` both work in every command.

#include <span>
#include <string>
#include <string_view>

#include "anim/clip.h"

namespace anim {

// The index of the clip named text, else the clip at index text (decimal digits only); -1 when
// neither. A name wins over an index: a clip called "2" is found by its name.
int find_clip_by_name_or_index(std::span<const Clip> clips, std::string_view text);

// "0: 'Walk', 1: 'Run'", or "none": what a message naming no such clip lists.
std::string describe_clips(std::span<const Clip> clips);

}  // namespace anim
