#pragma once
// Reading joint names as hints: the words a name is made of, and the side it names. Rigs name
// joints in many styles (thigh_l, mixamorig:LeftUpLeg, thigh.L, "Bip01 L Thigh", UpperLegL), so
// the rig finder and the mirror table compare words, never whole names.

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace anim {

// Lower-case words of a joint name: split at anything not a letter or digit and before each
// capital that follows a lower-case letter ("mixamorig:LeftUpLeg" -> mixamorig, left, up, leg;
// "UpperLegL" -> upper, leg, l).
std::vector<std::string> name_words(std::string_view name);

enum class NameSide { Left, Right, None };

// The side a name's words give: a word "l" or "left" (or starting with "left") is left, "r" or
// "right" right; None when the name gives no side.
NameSide name_side(const std::vector<std::string>& words);

// Whether any word starts with one of the given prefixes.
bool has_word(const std::vector<std::string>& words, std::initializer_list<std::string_view> any);

// The name with its side swapped (left <-> right in the spelling it uses: thigh_l <-> thigh_r,
// LeftArm <-> RightArm, UpperLegL <-> UpperLegR, "Bip01 L Thigh" <-> "Bip01 R Thigh"), or an
// empty string when the name gives no side.
std::string swap_side_in_name(std::string_view name);

}  // namespace anim
