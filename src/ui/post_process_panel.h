#pragma once
// The Character panel's Post-process section: the project's stack of procedural layers (foot IK,
// look-at, twist, springs, multi-bone IK) in its order, each with its weight, solo, mute and
// ghost, its settings
// and its target, and buttons to add, remove and reorder entries. Immediate mode: it edits the
// project's entries it is given and says whether anything changed; the caller binds them again
// (project::bind_post_process) and hands them to the instance.

#include <vector>

#include <glm/glm.hpp>

#include "project/project_post_process.h"

namespace ui {

// Draws the section and applies the user's edits to entries. True when something changed.
// mute_centers, when given, takes where each open entry's mute box is drawn (window pixels; the
// origin for a closed section or entry), for the state log and scripted clicks.
bool draw_post_process_panel(std::vector<project::ProjectPostProcess>& entries,
                             std::vector<glm::vec2>* mute_centers = nullptr);

// The joint names of text, separated by commas or spaces ("hips, spine tail_0" -> 3 names).
std::vector<std::string> split_joint_names(const char* text);

}  // namespace ui
