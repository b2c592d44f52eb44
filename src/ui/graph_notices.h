#pragma once
// What the graph panel says about the graph itself, above and in its tabs: why an edit is not
// played, the graph's warnings, and what to do when there is nothing to edit yet.

#include <span>
#include <string>

#include "asset/graph_warnings.h"

namespace ui {

// One red line for error (nothing when it is empty): the edit is not played, the last good
// graph plays on.
void draw_graph_error(const std::string& error);

// The graph's warnings (asset/graph_warnings.h), collapsed to a count; nothing when there are
// none.
void draw_graph_warnings(std::span<const asset::GraphWarning> warnings);

// The Blend space tab's hint when the project has no blend space.
void draw_no_blend_space_hint();

}  // namespace ui
